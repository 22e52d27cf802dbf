package search

import (
	"context"
	"testing"

	"kostka/rulesdata"
)

// BenchmarkBuild measures what a cold Lambda pays before its first search:
// loading the embedded rulebooks and building the index.
func BenchmarkBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := New(rulesdata.Embedded()).Warm(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearch measures a warm search, over the realistic queries in
// turn.
func BenchmarkSearch(b *testing.B) {
	ix := embeddedIndex()
	if err := ix.Warm(); err != nil {
		b.Fatal(err)
	}
	qs := readQueries(b)
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		if _, err := ix.Search(ctx, Query{Text: q.text, System: q.system}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSuggest measures one as-you-type suggestion.
func BenchmarkSuggest(b *testing.B) {
	ix := embeddedIndex()
	typed := []string{"o", "os", "osl", "oslo", "power s", "regenr", "prog b", "amuni"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ix.Suggest(typed[i%len(typed)], "", 0); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
