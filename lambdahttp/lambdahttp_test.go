package lambdahttp

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

func event(method, rawPath, query string) events.APIGatewayV2HTTPRequest {
	return events.APIGatewayV2HTTPRequest{
		RawPath:        rawPath,
		RawQueryString: query,
		Headers:        map[string]string{"host": "api.example.org", "x-thing": "a,b"},
		Cookies:        []string{"a=1", "b=2"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			DomainName: "fallback.example.org",
			HTTP:       events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: method, SourceIP: "192.0.2.7"},
		},
	}
}

func TestNewRequest(t *testing.T) {
	ev := event("POST", "/v1/rules/quality-d6.os%C5%82ona", "q=a%2Bb&x=1")
	ev.Body = base64.StdEncoding.EncodeToString([]byte(`{"a":1}`))
	ev.IsBase64Encoded = true
	req, err := NewRequest(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(req.Body)
	checks := []struct{ name, got, want string }{
		{"method", req.Method, "POST"},
		{"path", req.URL.Path, "/v1/rules/quality-d6.osłona"},
		{"escaped path", req.URL.EscapedPath(), "/v1/rules/quality-d6.os%C5%82ona"},
		{"query", req.URL.Query().Get("q"), "a+b"},
		{"host", req.Host, "api.example.org"},
		{"header", req.Header.Get("X-Thing"), "a,b"},
		{"cookie", req.Header.Get("Cookie"), "a=1; b=2"},
		{"remote", req.RemoteAddr, "192.0.2.7"},
		{"body", string(body), `{"a":1}`},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestNewRequestBadBase64(t *testing.T) {
	ev := event("POST", "/", "")
	ev.Body, ev.IsBase64Encoded = "!!!", true
	if _, err := NewRequest(context.Background(), ev); err == nil {
		t.Fatal("invalid base64 accepted")
	}
	res, err := Handler(http.NotFoundHandler())(context.Background(), ev)
	if err != nil || res.StatusCode != 400 || res.Headers["Content-Type"] != "application/problem+json" {
		t.Errorf("got %+v, %v; want a 400 problem", res, err)
	}
}

func TestResponseEncoding(t *testing.T) {
	tests := []struct {
		name        string
		contentType string
		encoding    string
		wantBase64  bool
	}{
		{"json", "application/json", "", false},
		{"problem", "application/problem+json", "", false},
		{"html", "text/html; charset=utf-8", "", false},
		{"svg", "image/svg+xml", "", false},
		{"png", "image/png", "", true},
		{"gzipped js", "text/javascript", "gzip", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.contentType)
				if tt.encoding != "" {
					w.Header().Set("Content-Encoding", tt.encoding)
				}
				http.SetCookie(w, &http.Cookie{Name: "s", Value: "1"})
				w.WriteHeader(http.StatusTeapot)
				_, _ = w.Write([]byte("\x00body"))
			})
			res, err := Handler(h)(context.Background(), event("GET", "/", ""))
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusTeapot || res.IsBase64Encoded != tt.wantBase64 {
				t.Errorf("status %d base64 %v; want 418 and %v", res.StatusCode, res.IsBase64Encoded, tt.wantBase64)
			}
			body := res.Body
			if res.IsBase64Encoded {
				b, err := base64.StdEncoding.DecodeString(body)
				if err != nil {
					t.Fatal(err)
				}
				body = string(b)
			}
			if body != "\x00body" {
				t.Errorf("body = %q", body)
			}
			if len(res.Cookies) != 1 || res.Cookies[0] != "s=1" || res.Headers["Set-Cookie"] != "" {
				t.Errorf("cookies = %v, headers %v", res.Cookies, res.Headers)
			}
			if res.Headers["Content-Length"] != "5" {
				t.Errorf("Content-Length = %q", res.Headers["Content-Length"])
			}
		})
	}
}

func TestMemoryLimit(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want int64
	}{
		{map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "128"}, 128 << 20 * 8 / 10},
		{map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "512"}, 512 << 20 * 8 / 10},
		{map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "512", "GOMEMLIMIT": "100MiB"}, 0},
		{map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "lots"}, 0},
		{map[string]string{}, 0},
	}
	for _, tt := range tests {
		if got := MemoryLimit(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: %d, want %d", tt.env, got, tt.want)
		}
	}
}

// TestColdGC: the collector, paused for a cold start, stays off while the
// first event is answered and is on again, at the percentage it had, as
// the second begins.
func TestColdGC(t *testing.T) {
	const percent = 150
	before := debug.SetGCPercent(percent)
	t.Cleanup(func() { debug.SetGCPercent(before) })
	pauseGC()
	gcPercent := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	var during []int
	h := Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		during = append(during, gcPercent())
	}))
	for range 3 {
		if _, err := h(context.Background(), event("GET", "/", "")); err != nil {
			t.Fatal(err)
		}
	}
	if want := []int{-1, percent, percent}; !slices.Equal(during, want) {
		t.Errorf("GC percentage while answering three events = %v, want %v", during, want)
	}
	if got := gcPercent(); got != percent {
		t.Errorf("GC percentage afterwards = %d, want %d", got, percent)
	}
}
