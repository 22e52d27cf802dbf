package httpbase

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	var logs bytes.Buffer
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", Healthz())
	mux.HandleFunc("GET /panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	mux.HandleFunc("GET /teapot", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })
	fail := func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "failed", http.StatusInternalServerError) }
	srv := httptest.NewServer(Wrap(slog.New(slog.NewJSONHandler(&logs, nil)), mux, fail))
	defer srv.Close()

	tests := []struct {
		name, method, path string
		header             http.Header
		status             int
		body               string
		log                string // in the request's log line
	}{
		{"health", "GET", "/healthz", nil, 200, `{"status":"ok"}` + "\n", `"status":200`},
		{"panic", "GET", "/panic", nil, 500, "failed\n", `"panic":"boom"`},
		{"status", "GET", "/teapot", nil, 418, "", `"status":418`},
		{"preflight", "OPTIONS", "/healthz", http.Header{"Access-Control-Request-Method": {"POST"}}, 204, "", `"status":204`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs.Reset()
			req, err := http.NewRequestWithContext(t.Context(), tt.method, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.header {
				req.Header[k] = v
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != tt.status || string(b) != tt.body {
				t.Errorf("got %d %q, want %d %q", res.StatusCode, b, tt.status, tt.body)
			}
			if res.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("no CORS header: %v", res.Header)
			}
			if tt.status != 204 && res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("no nosniff header: %v", res.Header)
			}
			if !strings.Contains(logs.String(), tt.log) {
				t.Errorf("logs %q lack %s", logs.String(), tt.log)
			}
		})
	}
}

func TestHealthzIsJSON(t *testing.T) {
	rec := httptest.NewRecorder()
	Healthz().ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	var v map[string]string
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || v["status"] != "ok" {
		t.Errorf("body %q: %v", rec.Body, err)
	}
	if got, want := rec.Header().Get("Content-Length"), "16"; got != want {
		t.Errorf("Content-Length %s, want %s", got, want)
	}
}
