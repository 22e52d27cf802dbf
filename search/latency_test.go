package search

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"kostka/internal/gcpace"
	"kostka/lookup"
	"kostka/rulesdata"
)

// latencies records the time of each call of a benchmark and reports
// their p50 and p99.
type latencies struct {
	ns   []int64
	unit string // "ns" on the wall clock, "cpu-ns" in processor time
}

// measure runs f and records how long it took: on the wall clock, what a
// caller waits, the goroutine free to move between threads as a server's
// handlers are; or, if the benchmark runs locked to its thread
// (lockedThread), in processor time of that thread, what f costs, which
// other processes of a busy machine do not inflate. (A locked goroutine
// that the collector stops waits for its own thread to be woken, which
// adds a wait no server's handler has: the wall clock is read unlocked.)
func (l *latencies) measure(f func()) {
	if l.unit == "cpu-ns" {
		c0, ok0 := threadCPU()
		f()
		if c1, ok1 := threadCPU(); ok0 && ok1 {
			l.ns = append(l.ns, c1-c0)
		}
		return
	}
	start := time.Now()
	f()
	l.ns = append(l.ns, time.Since(start).Nanoseconds())
}

func (l *latencies) report(b *testing.B) {
	if len(l.ns) == 0 {
		b.Skip("no time measured: the processor time of a thread is not told on this platform")
	}
	slices.Sort(l.ns)
	at := func(p float64) float64 { return float64(l.ns[int(p*float64(len(l.ns)-1))]) }
	b.ReportMetric(at(0.50), "p50-"+l.unit)
	b.ReportMetric(at(0.99), "p99-"+l.unit)
}

// latencyRuns runs each call of do under a "wall" and a "cpu"
// sub-benchmark (see latencies.measure) and reports the p50 and p99 of a
// call's time.
func latencyRuns(b *testing.B, calls int, do func(b *testing.B, i int)) {
	for _, unit := range []string{"ns", "cpu-ns"} {
		name := map[string]string{"ns": "wall", "cpu-ns": "cpu"}[unit]
		b.Run(name, func(b *testing.B) {
			if unit == "cpu-ns" {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
			}
			l := latencies{unit: unit}
			for b.Loop() {
				for i := range calls {
					l.measure(func() { do(b, i) })
				}
			}
			l.report(b)
		})
	}
}

// BenchmarkSearchLatency times every query of testdata/queries.tsv on a
// warm index, snippets included, and reports the p50 and p99 of one
// query's time. Warm means that every query has been asked once before
// the timing starts: the index is open, and what searches remember (the
// terms of prefixes, the analyses of words, the sections' texts for
// snippets) holds what these queries need. The collector runs at the
// servers' pace (gcpace), unless GOGC is set.
func BenchmarkSearchLatency(b *testing.B) {
	before := gcpace.Set(os.Getenv)
	b.Cleanup(func() { debug.SetGCPercent(before) })
	ix := embeddedIndex()
	qs := readQueries(b)
	ctx := context.Background()
	search := func(b *testing.B, i int) {
		if _, err := ix.Search(ctx, lookup.Query{Text: qs[i].text, System: qs[i].system}); err != nil {
			b.Fatal(err)
		}
	}
	for i := range qs {
		search(b, i)
	}
	latencyRuns(b, len(qs), search)
}

// BenchmarkSearchFirstLatency times each query of testdata/queries.tsv
// the first time an index, freshly opened, is asked it: nothing that
// searches remember is there yet, as for a query nobody asked before (and
// a section no search has shown) in a warm server. It reports the p50 and
// p99 of one query's time on the wall clock.
func BenchmarkSearchFirstLatency(b *testing.B) {
	before := gcpace.Set(os.Getenv)
	b.Cleanup(func() { debug.SetGCPercent(before) })
	qs := readQueries(b)
	ctx := context.Background()
	l := latencies{unit: "ns"}
	for b.Loop() {
		b.StopTimer()
		ix := New(rulesdata.Embedded())
		if err := ix.Warm(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, q := range qs {
			l.measure(func() {
				if _, err := ix.Search(ctx, lookup.Query{Text: q.text, System: q.system}); err != nil {
					b.Fatal(err)
				}
			})
		}
		b.StopTimer()
		if err := ix.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	l.report(b)
}

// BenchmarkSuggestLatency times suggestions for every prefix of every
// query of testdata/queries.tsv and reports the p50 and p99.
func BenchmarkSuggestLatency(b *testing.B) {
	ix := embeddedIndex()
	var typed []string
	for _, q := range readQueries(b) {
		r := []rune(q.text)
		for i := 1; i <= len(r); i++ {
			typed = append(typed, string(r[:i]))
		}
	}
	latencyRuns(b, len(typed), func(b *testing.B, i int) {
		if _, err := ix.Suggest(typed[i], "", 0); err != nil {
			b.Fatal(err)
		}
	})
}
