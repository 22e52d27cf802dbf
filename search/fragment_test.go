package search

import (
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2/search/highlight"
	htmlformat "github.com/blevesearch/bleve/v2/search/highlight/format/html"
)

var bleveFormatter = htmlformat.NewFragmentFormatter(markBefore, markAfter)

// TestRuneFragmenter checks that runeFragmenter cuts the fragments that
// bleve's simple fragmenter cuts, and markFormatter formats them as
// bleve's HTML formatter does, on every section's text with matches at
// every word, every few words and at a few words, as both analyses of the
// text (stemmed and folded) place them, and on texts it hands to bleve's.
func TestRuneFragmenter(t *testing.T) {
	t.Parallel()
	ix := embeddedIndex()
	idx, err := ix.index()
	if err != nil {
		t.Fatal(err)
	}
	m := idx.Mapping()
	same := func(name string, text []byte, ot highlight.TermLocations) {
		t.Helper()
		want := bleveFragmenter.Fragment(text, ot)
		starts, _ := runeStarts(text)
		eq := func(a, b *highlight.Fragment) bool { return a.Start == b.Start && a.End == b.End }
		for _, rf := range []runeFragmenter{{}, {starts}} {
			if got := rf.Fragment(text, ot); !slices.EqualFunc(got, want, eq) {
				t.Fatalf("%s: %d matches: got %d fragments, want %d, or they differ", name, len(ot), len(got), len(want))
			}
		}
		for _, f := range want {
			if got, want := (markFormatter{}).Format(f, ot), bleveFormatter.Format(f, ot); got != want {
				t.Fatalf("%s: formatted\n%q\nwant\n%q", name, got, want)
			}
		}
	}
	checked := 0
	for _, s := range ix.sections {
		text := ix.texts(s).plain
		for _, analyzer := range []string{analyzerFold, langAnalyzer[s.Lang]} {
			var all highlight.TermLocations
			for _, tok := range m.AnalyzerNamed(analyzer).Analyze(slices.Clone(text)) { // analysis lowercases in place
				all = append(all, &highlight.TermLocation{Term: string(tok.Term), Pos: tok.Position, Start: tok.Start, End: tok.End})
			}
			for _, every := range []int{1, 2, 3, 7, 25, 1000} {
				var ot highlight.TermLocations
				for i, tl := range all {
					if i%every == every-1 || (every == 1000 && i == len(all)/2) {
						ot = append(ot, tl)
					}
				}
				same(s.ID, text, ot)
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d cases checked", checked)
	}
	same("HTML", []byte(`a <b> & "c" 'd' <mark>e</mark> f&amp;`), highlight.TermLocations{{Start: 0, End: 1}, {Start: 3, End: 4}, {Start: 24, End: 25}, {Start: 35, End: 40}})
	odd := []byte("ab\uFFFDcd efgh ij")
	same("replacement character", odd, highlight.TermLocations{{Start: 7, End: 11}})
	same("inside a character", []byte("żółw żółw"), highlight.TermLocations{{Start: 1, End: 4}})
	same("no matches", []byte("żółw"), nil)
	same("beyond the text", []byte("żółw"), highlight.TermLocations{{Start: 20, End: 24}})
}
