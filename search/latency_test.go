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
	"kostka/rules"
)

// latencies records the time of each call of a benchmark, on the wall
// clock and in CPU time of the calling thread (which a busy machine's
// other processes do not inflate), and reports their p50 and p99.
type latencies struct {
	wall, cpu []int64
}

// time runs f and records how long it took.
func (l *latencies) time(f func()) {
	c0, cpuOK := threadCPU()
	start := time.Now()
	f()
	l.wall = append(l.wall, time.Since(start).Nanoseconds())
	if c1, ok := threadCPU(); ok && cpuOK {
		l.cpu = append(l.cpu, c1-c0)
	}
}

func (l *latencies) report(b *testing.B) {
	at := func(xs []int64, p float64) float64 {
		slices.Sort(xs)
		return float64(xs[int(p*float64(len(xs)-1))])
	}
	b.ReportMetric(at(l.wall, 0.50), "p50-ns")
	b.ReportMetric(at(l.wall, 0.99), "p99-ns")
	if len(l.cpu) > 0 {
		b.ReportMetric(at(l.cpu, 0.50), "cpu-p50-ns")
		b.ReportMetric(at(l.cpu, 0.99), "cpu-p99-ns")
	}
}

// BenchmarkSearchLatency times every query of testdata/queries.tsv on a
// warm index, snippets included, and reports the p50 and p99 of one
// query's time. The collector runs at the servers' pace (gcpace), unless
// GOGC is set.
func BenchmarkSearchLatency(b *testing.B) {
	before := gcpace.Set(os.Getenv)
	b.Cleanup(func() { debug.SetGCPercent(before) })
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ix := embeddedIndex()
	if err := ix.Warm(); err != nil {
		b.Fatal(err)
	}
	qs := readQueries(b)
	ctx := context.Background()
	var l latencies
	for b.Loop() {
		for _, q := range qs {
			l.time(func() {
				if _, err := ix.Search(ctx, rules.Query{Text: q.text, System: q.system}); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
	l.report(b)
}

// BenchmarkSuggestLatency times suggestions for every prefix of every
// query of testdata/queries.tsv and reports the p50 and p99.
func BenchmarkSuggestLatency(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ix := embeddedIndex()
	var typed []string
	for _, q := range readQueries(b) {
		r := []rune(q.text)
		for i := 1; i <= len(r); i++ {
			typed = append(typed, string(r[:i]))
		}
	}
	var l latencies
	for b.Loop() {
		for _, t := range typed {
			l.time(func() {
				if _, err := ix.Suggest(t, "", 0); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
	l.report(b)
}
