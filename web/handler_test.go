package web

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

// TestHandler checks the page served alone, as the web function serves
// it: the page's paths, its files and the health check, what every Kostka
// handler adds (CORS, nosniff, a log line), the page with 404 for a
// mistyped page address from a browser, and a problem for anything else.
func TestHandler(t *testing.T) {
	var logs bytes.Buffer
	srv := httptest.NewServer(Handler(slog.New(slog.NewJSONHandler(&logs, nil))))
	defer srv.Close()
	tests := []struct {
		path, status, contentType, body string
		accept                          string
	}{
		{"/", "200", "text/html", "<!doctype html>", ""},
		{"/dice", "200", "text/html", "<!doctype html>", ""},
		{"/attack", "200", "text/html", "<!doctype html>", ""},
		{"/cost", "200", "text/html", "<!doctype html>", ""},
		{"/compare", "200", "text/html", "<!doctype html>", ""},
		{"/compare?system=quality-d6&q=e30", "200", "text/html", "<!doctype html>", ""},
		{"/api", "200", "text/html", "<!doctype html>", ""},
		{"/static/app.js", "200", "text/javascript", "import", ""},
		{"/healthz", "200", "application/json", `{"status":"ok"}`, ""},
		{"/static/nothing.js", "404", "application/problem+json", `"status":404`, ""},
		{"/v1/roll?expr=2d6", "404", "application/problem+json", "no such page: /v1/roll", ""},
		// A mistyped page address, from a browser: the page, which says
		// there is no such page; from anything else, a problem.
		{"/kosci", "404", "text/html", "<!doctype html>", "text/html,application/xhtml+xml,*/*;q=0.8"},
		{"/dice/", "404", "text/html", "<!doctype html>", "text/html"},
		{"/kosci", "404", "application/problem+json", "no such page: /kosci", ""},
		{"/v1/nope", "404", "application/problem+json", "no such page: /v1/nope", "text/html"},
		{"/static/nope.js", "404", "application/problem+json", `"status":404`, "text/html"},
		{"/r/quality-d6.oslona", "404", "application/problem+json", `"status":404`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.accept, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.accept != "" {
				req.Header.Set("Accept", tt.accept)
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
			if got := res.Status[:3]; got != tt.status {
				t.Errorf("status %s, want %s", res.Status, tt.status)
			}
			if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, tt.contentType) {
				t.Errorf("Content-Type %q, want %s", got, tt.contentType)
			}
			if !strings.Contains(string(b), tt.body) {
				t.Errorf("body %.200q does not contain %q", b, tt.body)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("headers %v lack nosniff or CORS", res.Header)
			}
		})
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != len(tests) {
		t.Fatalf("%d log lines for %d requests:\n%s", len(lines), len(tests), logs.String())
	}
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last["path"] != "/r/quality-d6.oslona" || last["status"] != float64(404) {
		t.Errorf("last log line %v", last)
	}
}
