package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"
)

// requestTimeout is the longest one request may take.
const requestTimeout = 30 * time.Second

// conn is one keep-alive HTTP/1.1 connection to the server, used by one
// goroutine at a time. It writes requests prepared in advance (see
// prepare) and reads the answers with net/http's parser. The load costs a
// fraction of what net/http's client costs (two goroutines a connection,
// and a request's hand-offs between them), so the machine's cores go to
// the server being measured (with the client, the load took 125 µs of CPU
// time per request, more than the server's whole answer to /healthz).
type conn struct {
	addr string
	nc   net.Conn // nil until the first request, and after an error
	r    *bufio.Reader
}

// newConn returns a conn to addr; it connects on its first request.
func newConn(addr string) *conn { return &conn{addr: addr} }

// close closes the connection, if it is open.
func (c *conn) close() {
	if c.nc != nil {
		c.nc.Close()
		c.nc = nil
	}
}

// prepare returns the bytes of rt's request to the server at addr.
func prepare(addr string, rt route) []byte {
	head := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: kostka-load\r\n", rt.method, rt.path, addr)
	if rt.body != "" {
		head += fmt.Sprintf("Content-Type: application/json\r\nContent-Length: %d\r\n", len(rt.body))
	}
	return []byte(head + "\r\n" + rt.body)
}

// do sends req and reads the whole answer, returning its status. The
// request fails when it takes longer than requestTimeout, or with
// context.DeadlineExceeded at ctx's deadline (which the connection may
// reach before ctx.Err says so). A request on a reused connection that
// the server had closed (it may close an idle one) is sent again once on
// a new connection, as net/http's client does.
func (c *conn) do(ctx context.Context, req []byte) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	deadline := time.Now().Add(requestTimeout)
	d, atCtxDeadline := ctx.Deadline()
	if atCtxDeadline = atCtxDeadline && d.Before(deadline); atCtxDeadline {
		deadline = d
		if !time.Now().Before(deadline) {
			return 0, context.DeadlineExceeded
		}
	}
	reused := c.nc != nil
	code, err := c.try(req, deadline)
	if err != nil && reused && closedByServer(err) {
		c.close()
		code, err = c.try(req, deadline)
	}
	if err != nil {
		c.close()
		if atCtxDeadline && errors.Is(err, os.ErrDeadlineExceeded) {
			err = context.DeadlineExceeded
		}
	}
	return code, err
}

// try sends req once on the open connection, or on a new one.
func (c *conn) try(req []byte, deadline time.Time) (int, error) {
	if c.nc == nil {
		nc, err := net.DialTimeout("tcp", c.addr, time.Until(deadline))
		if err != nil {
			return 0, err
		}
		c.nc = nc
		if c.r == nil {
			c.r = bufio.NewReaderSize(nc, 16<<10)
		} else {
			c.r.Reset(nc)
		}
	}
	if err := c.nc.SetDeadline(deadline); err != nil {
		return 0, err
	}
	if _, err := c.nc.Write(req); err != nil {
		return 0, err
	}
	res, err := http.ReadResponse(c.r, nil)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err != nil {
		return 0, err
	}
	if res.Close {
		c.close()
	}
	return res.StatusCode, nil
}

// closedByServer reports whether err is a connection the server closed
// before answering.
func closedByServer(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}
