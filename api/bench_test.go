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
		b.Run(rt.name, func(b *testing.B) { benchRequest(b, h, rt.method, rt.target, rt.body) })
	}
}

// benchRequest sends the same request to h for every iteration of b, fails
// on any answer but 200, and reports the process's CPU time per request
// (cpu-ns/op, see BenchmarkTypicalRoutes).
func benchRequest(b *testing.B, h http.Handler, method, target, body string) {
	b.Helper()
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s %s: %d %s", method, target, rec.Code, rec.Body)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkSystemAttacks measures a typical attack of each game system,
// rolled (with every die, step and the odds) and with ?mode=odds, at the
// handler, as BenchmarkTypicalRoutes does (at the servers' pace too).
func BenchmarkSystemAttacks(b *testing.B) {
	before := gcpace.Set(os.Getenv)
	b.Cleanup(func() { debug.SetGCPercent(before) })
	h := NewHandler(Config{})
	for _, at := range []struct{ system, body string }{
		{"quality-d6", `{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`},
		{"pool-k6", `{"attack": 4, "defense": 3, "damage": 6, "armour": 2, "rof": 3, "rof_damage": 2, "stealth": 3}`},
		{"wzr-d20", `{"skill": 14, "rate": 4, "strength": 9, "aim": true, "cover": "heavy", "armour": 12, "wounds": 3}`},
		{"fantasy-k6", `{"mode": "melee", "attacks": 4, "attacker_fighting": 3, "defender_fighting": 2, "attacker_side": 1, "defender_side": 3, "pain": 2}`},
	} {
		for _, mode := range []string{"", "?mode=odds"} {
			name := at.system
			if mode != "" {
				name += "-odds"
			}
			b.Run(name, func(b *testing.B) {
				benchRequest(b, h, "POST", "/v1/systems/"+at.system+"/attack"+mode, at.body)
			})
		}
	}
}
