package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestConn: a conn sends requests on one kept-alive connection, reads
// answers of every framing, reconnects when the server closes the
// connection, and stops at its context's deadline.
func TestConn(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/chunked":
			w.WriteHeader(http.StatusTeapot)
			for range 3 {
				io.WriteString(w, strings.Repeat("x", 10<<10))
				w.(http.Flusher).Flush()
			}
		case "/close":
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusAccepted)
		case "/slow":
			time.Sleep(500 * time.Millisecond)
		case "/echo":
			body, _ := io.ReadAll(r.Body)
			code, _ := strconv.Atoi(string(body))
			w.WriteHeader(code)
		}
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	ctx := context.Background()

	c := newConn(addr)
	defer c.close()
	do := func(rt route, want int) {
		t.Helper()
		if code, err := c.do(ctx, prepare(addr, rt)); err != nil || code != want {
			t.Fatalf("%s %s: %d, %v; want %d", rt.method, rt.path, code, err, want)
		}
	}
	for _, code := range []int{200, 404, 503} {
		do(route{"", "POST", "/echo", strconv.Itoa(code)}, code)
	}
	do(route{"", "GET", "/chunked", ""}, http.StatusTeapot)
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections for 4 requests; want 1, kept alive", n)
	}

	do(route{"", "GET", "/close", ""}, http.StatusAccepted)
	do(route{"", "POST", "/echo", "201"}, http.StatusCreated)
	if n := conns.Load(); n != 2 {
		t.Errorf("%d connections; want a second one after Connection: close", n)
	}

	srv.CloseClientConnections() // as a server closing an idle connection
	do(route{"", "POST", "/echo", "200"}, http.StatusOK)
	if n := conns.Load(); n != 3 {
		t.Errorf("%d connections; want a third one after the server closed the second", n)
	}

	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := c.do(short, prepare(addr, route{"", "GET", "/slow", ""})); !errors.Is(err, context.DeadlineExceeded) && !isTimeout(err) {
		t.Errorf("a request past its context's deadline: %v; want a timeout", err)
	}
	if _, err := c.do(short, prepare(addr, route{"", "GET", "/echo", ""})); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a request after its context ended: %v; want %v", err, context.DeadlineExceeded)
	}
	do(route{"", "POST", "/echo", "200"}, http.StatusOK) // a new connection after the timeout
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
