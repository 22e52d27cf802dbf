package api

import (
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"kostka/internal/gcpace"
	"kostka/rulesdata"
	"kostka/search"
)

// BenchmarkTypicalRoutes measures the server's work for one request of
// each typical route at the handler (no network): the figure behind the
// load test's requests per second (issue 22: search ≤ 150 µs, a typical
// attack's odds ≤ 100 µs). cpu-ns/op is the process's CPU time (every
// thread, the garbage collector's included), which a machine shared with
// other work does not inflate as it does the wall time of ns/op. The
// collector runs at the servers' pace (gcpace), unless GOGC is set.
func BenchmarkTypicalRoutes(b *testing.B) {
	before := gcpace.Set(os.Getenv)
	b.Cleanup(func() { debug.SetGCPercent(before) })
	ix := search.New(rulesdata.Embedded())
	if err := ix.Warm(); err != nil {
		b.Fatal(err)
	}
	h := NewHandler(Config{Rules: ix})
	attack := `{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`
	for _, rt := range []struct{ name, method, target, body string }{
		{"healthz", "GET", "/healthz", ""},
		{"roll", "GET", "/v1/roll?expr=3k6%2B2", ""},
		{"odds", "GET", "/v1/odds?expr=3k6", ""},
		{"search", "GET", "/v1/search?q=oslona", ""},
		{"suggest", "GET", "/v1/suggest?q=power%20sh", ""},
		{"attack", "POST", "/v1/systems/quality-d6/attack", attack},
		{"attack-odds", "POST", "/v1/systems/quality-d6/attack?mode=odds", attack},
	} {
		b.Run(rt.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				req := httptest.NewRequest(rt.method, rt.target, strings.NewReader(rt.body))
				if rt.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("%s: %d %s", rt.target, rec.Code, rec.Body)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
