package search

import (
	"context"
	"slices"
	"testing"
	"time"

	"kostka/rules"
)

// percentiles reports the 50th and 99th percentiles of times as metrics.
func percentiles(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	at := func(p float64) float64 {
		return float64(times[int(p*float64(len(times)-1))].Nanoseconds())
	}
	b.ReportMetric(at(0.50), "p50-ns")
	b.ReportMetric(at(0.99), "p99-ns")
}

// BenchmarkSearchLatency times every query of testdata/queries.tsv on a
// warm index, snippets included, and reports the p50 and p99 of one
// query's time.
func BenchmarkSearchLatency(b *testing.B) {
	ix := embeddedIndex()
	if err := ix.Warm(); err != nil {
		b.Fatal(err)
	}
	qs := readQueries(b)
	ctx := context.Background()
	var times []time.Duration
	for b.Loop() {
		for _, q := range qs {
			start := time.Now()
			if _, err := ix.Search(ctx, rules.Query{Text: q.text, System: q.system}); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
	}
	percentiles(b, times)
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
	var times []time.Duration
	for b.Loop() {
		for _, t := range typed {
			start := time.Now()
			if _, err := ix.Suggest(t, "", 0); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
	}
	percentiles(b, times)
}
