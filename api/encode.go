package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
	"sync"

	"kostka"
	"kostka/l10n"
)

// maxBodyBytes caps every request body.
const maxBodyBytes = 64 << 10

// writeJSON writes v as a JSON response with the given content type and
// status, as a json.Encoder with SetEscapeHTML(false) writes it (see
// writeLocalized).
func writeJSON(w http.ResponseWriter, contentType string, status int, v any) {
	writeLocalized(w, contentType, status, v, "")
}

// buffers hold the encoded answers, reused from one response to the next
// (the writer has copied the bytes when Write returns): an answer grown
// anew each time was a tenth of a typical attack's allocation. A new one
// holds a typical rolled attack's answer (about 4.5 kB) without growing.
var buffers = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 8<<10)) }}

// maxPooledBuffer is the largest buffer kept for reuse; a large answer's
// (up to megabytes of odds) is left to the garbage collector.
const maxPooledBuffer = 64 << 10

func putBuffer(buf *bytes.Buffer) {
	if buf.Cap() > maxPooledBuffer {
		return
	}
	buf.Reset()
	buffers.Put(buf)
}

// encode writes v as a 200 (or other status) application/json response.
func encode(w http.ResponseWriter, status int, v any) {
	writeJSON(w, "application/json", status, v)
}

// writeLocalized writes v as a JSON response with the given content type
// and status, every message in it rendered in lang (as it is, with lang
// ""), straight from v into a reused buffer (l10n.AppendJSON): the bytes
// a json.Encoder with SetEscapeHTML(false) writes for l10n.Localize(v,
// lang).
func writeLocalized(w http.ResponseWriter, contentType string, status int, v any, lang l10n.Lang) {
	buf := buffers.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	b, err := l10n.AppendJSON(buf.AvailableBuffer(), v, lang)
	if err != nil {
		// Only unsupported values fail to encode: a programming error.
		panic(fmt.Sprintf("api: encoding response: %v", err))
	}
	b = append(b, '\n')
	if cap(b) > buf.Cap() {
		// The answer outgrew buf: its grown array is kept for the next
		// answer, without a copy.
		*buf = *bytes.NewBuffer(b)
	} else {
		buf.Write(b) // b is in buf's own space: nothing is copied
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// decode reads a JSON request body into v. It refuses other content types,
// unknown fields, trailing data and bodies over maxBodyBytes, each with a
// problem that says so. A body that is one valid JSON object is taken as
// it is into a *json.RawMessage, without decoding it.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && mt != "text/plain") {
			return (&kostka.Problem{Type: kostka.TypeInvalidRequest, Title: "Unsupported media type",
				Status: http.StatusUnsupportedMediaType}).Localized(msgMediaType.New())
		}
	}
	body, err := readAll(r)
	if err != nil {
		return readProblem(err)
	}
	if err := kostka.BodyProblem(body); err != nil {
		return err
	}
	start := bytes.TrimLeft(body, " \t\r\n")
	if raw, ok := v.(*json.RawMessage); ok && json.Valid(start) {
		*raw = bytes.TrimRight(start, " \t\r\n")
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return kostka.JSONProblem(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return kostka.JSONProblem(err)
		}
		return kostka.BadRequest("").Localized(msgBodySingle.New())
	}
	return nil
}

// readAll reads the request body, up to maxBodyBytes: the bytes limited
// has read ahead when it has, else from the connection.
func readAll(r *http.Request) ([]byte, error) {
	if rb, ok := r.Body.(*readBody); ok && rb.Len() == len(rb.b) && len(rb.b) <= maxBodyBytes {
		_, _ = rb.Seek(0, io.SeekEnd)
		return rb.b, nil
	}
	return io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBodyBytes))
}

// readBody is a request body read whole ahead of its handler.
type readBody struct {
	*bytes.Reader
	b []byte
}

// newReadBody returns b as a request body.
func newReadBody(b []byte) *readBody { return &readBody{Reader: bytes.NewReader(b), b: b} }

// Close does nothing: the body is in memory.
func (*readBody) Close() error { return nil }

// readProblem explains an error reading the request body without the
// details of the connection: too large (413), too slow (408), or cut off
// (400).
func readProblem(err error) error {
	var (
		tooBig  *http.MaxBytesError
		timeout interface{ Timeout() bool }
	)
	switch {
	case errors.As(err, &tooBig):
		return err
	case errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &timeout) && timeout.Timeout()):
		return (&kostka.Problem{Type: kostka.TypeTimeout, Title: "Request timeout", Status: http.StatusRequestTimeout}).Localized(msgBodySlow.New())
	case isCancellation(err):
		return err
	}
	return kostka.BadRequest("").Localized(msgBodyUnread.New())
}
