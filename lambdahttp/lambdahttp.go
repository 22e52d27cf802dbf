// Package lambdahttp serves an http.Handler as an AWS Lambda function behind
// an API Gateway HTTP API (payload format 2.0).
package lambdahttp

import (
	"bytes"
	"context"
	"encoding/base64"
	"mime"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"kostka/internal/gcpace"
)

// In a Lambda function (see MemoryLimit), from the package's
// initialization on, the Go heap is held under the function's memory so
// that the garbage collector works harder before the function runs out of
// memory; the collector runs at Kostka's servers' pace (see gcpace); and,
// unless GOGC is set, it is paused until the first event has been answered
// (see pauseGC).
func init() {
	limit := MemoryLimit(os.Getenv)
	if limit <= 0 {
		return
	}
	debug.SetMemoryLimit(limit)
	gcpace.Set(os.Getenv)
	if os.Getenv("GOGC") == "" {
		pauseGC()
	}
}

// Start hands h to the Lambda runtime and never returns.
func Start(h http.Handler) {
	lambda.Start(Handler(h))
}

// coldGC is the collector's pause during a cold start. A cold function
// allocates what it keeps (handlers, rulebooks, an index's dictionaries)
// and the garbage of reading them while its heap is still a few MiB, where
// the collector's first cycle, due at 4 MiB, cost a cold Discord function
// 6–10 ms of processor time before its first answer, for almost nothing
// to free. The heap stays under the memory limit all the same: the
// collector runs when the limit is near, paused or not.
var coldGC struct {
	mu      sync.Mutex
	paused  bool
	percent int // the GOGC percentage to go back to
	seen    int // events begun since the pause
}

// pauseGC turns the garbage collector off until the second event begins
// (see resumeGC).
func pauseGC() {
	coldGC.mu.Lock()
	defer coldGC.mu.Unlock()
	if !coldGC.paused {
		coldGC.percent = debug.SetGCPercent(-1)
		coldGC.paused, coldGC.seen = true, 0
	}
}

// resumeGC is called as each event begins. The collector is turned back on
// as the second begins, not as the first is answered, so that its first
// cycle is not spent while the first answer is still on its way.
func resumeGC() {
	coldGC.mu.Lock()
	defer coldGC.mu.Unlock()
	if !coldGC.paused {
		return
	}
	coldGC.seen++
	if coldGC.seen > 1 {
		debug.SetGCPercent(coldGC.percent)
		coldGC.paused = false
	}
}

// MemoryLimit is the soft memory limit for a function's Go runtime: 80%
// of its configured memory (AWS_LAMBDA_FUNCTION_MEMORY_SIZE, in MB), or 0
// (no change) when that is not set or GOMEMLIMIT is.
func MemoryLimit(getenv func(string) string) int64 {
	if getenv("GOMEMLIMIT") != "" {
		return 0
	}
	mb, err := strconv.ParseInt(getenv("AWS_LAMBDA_FUNCTION_MEMORY_SIZE"), 10, 64)
	if err != nil || mb <= 0 {
		return 0
	}
	return mb << 20 * 8 / 10
}

// Handler adapts h to a Lambda handler function for API Gateway v2 events.
// Requests the adapter cannot turn into an *http.Request (a body that is
// not valid base64) are answered 400 without reaching h.
func Handler(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		resumeGC()
		req, err := NewRequest(ctx, ev)
		if err != nil {
			return events.APIGatewayV2HTTPResponse{
				StatusCode: http.StatusBadRequest,
				Headers:    map[string]string{"Content-Type": "application/problem+json"},
				Body:       `{"type":"about:blank","title":"Bad Request","status":400,"detail":"the request body is not valid base64"}`,
			}, nil
		}
		w := newResponseWriter()
		h.ServeHTTP(w, req)
		return w.response(), nil
	}
}

// NewRequest turns an API Gateway v2 event into an *http.Request carrying
// ctx.
func NewRequest(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (*http.Request, error) {
	body := []byte(ev.Body)
	if ev.IsBase64Encoded {
		var err error
		if body, err = base64.StdEncoding.DecodeString(ev.Body); err != nil {
			return nil, err
		}
	}
	path := ev.RawPath
	if path == "" {
		path = "/"
	}
	u := &url.URL{Path: path, RawQuery: ev.RawQueryString}
	if raw, err := url.PathUnescape(path); err == nil && raw != path {
		u.Path, u.RawPath = raw, path
	}
	method := ev.RequestContext.HTTP.Method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range ev.Headers {
		req.Header.Set(k, v)
	}
	if len(ev.Cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(ev.Cookies, "; "))
	}
	req.Host = ev.RequestContext.DomainName
	if host := req.Header.Get("Host"); host != "" {
		req.Host = host
	}
	req.RemoteAddr = ev.RequestContext.HTTP.SourceIP
	req.RequestURI = u.RequestURI()
	return req, nil
}

// responseWriter buffers a handler's response for the Lambda reply.
type responseWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newResponseWriter() *responseWriter {
	return &responseWriter{header: http.Header{}}
}

func (w *responseWriter) Header() http.Header { return w.header }

func (w *responseWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *responseWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

// response renders the buffered response as an API Gateway v2 reply. Text
// bodies are sent as they are, anything else in base64.
func (w *responseWriter) response() events.APIGatewayV2HTTPResponse {
	w.WriteHeader(http.StatusOK)
	res := events.APIGatewayV2HTTPResponse{StatusCode: w.status, Headers: map[string]string{}}
	for k, vs := range w.header {
		if k == "Set-Cookie" {
			res.Cookies = append(res.Cookies, vs...)
			continue
		}
		res.Headers[k] = strings.Join(vs, ", ")
	}
	if isText(w.header) {
		res.Body = w.body.String()
	} else {
		res.Body = base64.StdEncoding.EncodeToString(w.body.Bytes())
		res.IsBase64Encoded = true
	}
	if w.header.Get("Content-Length") == "" {
		res.Headers["Content-Length"] = strconv.Itoa(w.body.Len())
	}
	return res
}

// isText reports whether a response with these headers can travel as a
// plain string: an uncompressed textual media type.
func isText(h http.Header) bool {
	if h.Get("Content-Encoding") != "" {
		return false
	}
	ct := h.Get("Content-Type")
	if ct == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	switch {
	case strings.HasPrefix(mt, "text/"),
		mt == "application/json", strings.HasSuffix(mt, "+json"),
		mt == "application/javascript", mt == "application/xml", strings.HasSuffix(mt, "+xml"):
		return true
	}
	return false
}
