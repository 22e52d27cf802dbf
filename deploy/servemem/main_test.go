package main

import (
	"math/rand/v2"
	"net/url"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestMemoryReadsThisProcess reads this test process's own status.
func TestMemoryReadsThisProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc on this system")
	}
	m, err := memory(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if m.rss <= 0 || m.hwm < m.rss {
		t.Errorf("VmRSS %d KiB, VmHWM %d KiB: the peak cannot be below the current", m.rss, m.hwm)
	}
	if m.anon <= 0 || m.file <= 0 || m.anon+m.file > m.rss {
		t.Errorf("RssAnon %d KiB and RssFile %d KiB: both are parts of VmRSS %d KiB", m.anon, m.file, m.rss)
	}
	if _, err := memory(-1); err == nil {
		t.Error("memory(-1) gave no error")
	}
}

// TestRequestMix checks that the mix reaches every kind of route, and that
// every query it sends is UTF-8 text (a suggestion's prefix never cuts a
// letter in two).
func TestRequestMix(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for range 2000 {
		p := request(rnd, []string{"oslona", "power shot", "żółć", "útočná akce"})
		if !strings.HasPrefix(p, "/") {
			t.Fatalf("%q is not a path", p)
		}
		u, err := url.Parse(p)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		if q := u.Query().Get("q"); !utf8.ValidString(q) {
			t.Fatalf("%q asks for %q, which is not UTF-8", p, q)
		}
		kind, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "?")
		kind, _, _ = strings.Cut(kind, "/")
		if kind == "v1" {
			kind = strings.SplitN(p, "/", 4)[2]
			kind, _, _ = strings.Cut(kind, "?")
		}
		seen[kind] = true
	}
	for _, want := range []string{"search", "suggest", "roll", "odds", "rules", "systems", "static", "healthz", "openapi.json", ""} {
		if !seen[want] {
			t.Errorf("the mix never asks for %q (saw %v)", want, seen)
		}
	}
}
