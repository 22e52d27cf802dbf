package search

import (
	"context"
	"testing"

	"kostka/rules"
	"kostka/rulesdata"
)

// BenchmarkOpen measures what a cold Lambda pays before its first search:
// loading the embedded rulebooks and opening the prebuilt index. The
// Polish stemmer's table, loaded once per process in the background, is
// loaded before the loop so that it is not spread over the iterations.
func BenchmarkOpen(b *testing.B) {
	polishTrie()
	b.ReportAllocs()
	for b.Loop() {
		ix := New(rulesdata.Embedded())
		if err := ix.Warm(); err != nil {
			b.Fatal(err)
		}
		ix.Close()
	}
}

// BenchmarkBuild measures indexing the embedded rulebooks at start-up, as
// is done for a group's own rulebooks (kostka serve -rules DIR), with the
// Polish stemmer's table already loaded.
func BenchmarkBuild(b *testing.B) {
	polishTrie()
	b.ReportAllocs()
	for b.Loop() {
		ix := New(rulesdata.Embedded())
		ix.noPrebuilt = true
		if err := ix.Warm(); err != nil {
			b.Fatal(err)
		}
		ix.Close()
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
		if _, err := ix.Search(ctx, rules.Query{Text: q.text, System: q.system}); err != nil {
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
