package search

import (
	"slices"
	"strings"
	"testing"

	"kostka/lookup"

	blevedoc "github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/search/highlight"
	htmlformat "github.com/blevesearch/bleve/v2/search/highlight/format/html"
	simplehighlighter "github.com/blevesearch/bleve/v2/search/highlight/highlighter/simple"
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
	m := idx.mapping
	same := func(name string, text []byte, ot highlight.TermLocations) {
		t.Helper()
		want := bleveFragmenter.Fragment(text, ot)
		chars, _ := newCharIndex(text)
		eq := func(a, b *highlight.Fragment) bool { return a.Start == b.Start && a.End == b.End }
		for _, rf := range []runeFragmenter{{}, {chars}} {
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

// TestBestFragment checks that bestFragment picks and formats the
// fragment that bleve's simple highlighter picks (with runeFragmenter and
// markFormatter) from a hit's term locations, for every hit of every query
// of the query sets, in both of its texts' fields.
func TestBestFragment(t *testing.T) {
	t.Parallel()
	ix := embeddedIndex()
	idx, err := ix.index()
	if err != nil {
		t.Fatal(err)
	}
	var qs []testQuery
	for _, f := range []string{queriesFile, heldOutFile, heldOut5File} {
		qs = append(qs, readQueryFile(t, f)...)
	}
	checked := 0
	for _, q := range qs {
		lex, err := newLexicon(idx, ix.memory)
		if err != nil {
			t.Fatal(err)
		}
		bq := buildQuery(lookup.Query{Text: q.text, System: q.system}, ix.vocab, lex, ix.langs, false)
		found, err := collect(t.Context(), lex.search, idx.mapping, bq, 20)
		if cerr := lex.close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range found.best {
			s := ix.byID[h.ID]
			texts := ix.texts(s)
			fields := []string{"text_" + s.Lang, "text_fold"}
			var got [2]string
			for i, f := range fields {
				var sc snippetScratch
				if terms := sc.order(h.FieldTermLocations, f); terms > 0 {
					got[i] = bestFragment(&sc, terms, texts)
				}
			}
			h.Complete(nil) // the map of locations bleve's highlighter reads
			for i, f := range fields {
				if len(h.Locations[f]) == 0 {
					if got[i] != "" {
						t.Errorf("%q, %s, %s: a fragment without locations", q.text, h.ID, f)
					}
					continue
				}
				doc := blevedoc.NewDocument(h.ID)
				doc.AddField(blevedoc.NewTextField(f, nil, texts.plain))
				hl := simplehighlighter.NewHighlighter(runeFragmenter{texts.chars}, markFormatter{}, simplehighlighter.DefaultSeparator)
				want := ""
				if frags := hl.BestFragmentsInField(h, doc, f, 1); len(frags) > 0 {
					want = frags[0]
				}
				if got[i] != want {
					t.Errorf("%q, %s, %s:\n got %q\nwant %q", q.text, h.ID, f, got[i], want)
				}
				checked++
			}
		}
		found.release()
	}
	if checked < 3000 {
		t.Errorf("only %d fragments compared", checked)
	}
}

// TestCharIndex checks a charIndex against a table of where every
// character starts, for every section's text and a few odd ones: where
// each character starts, which character starts at each byte, and which
// texts it refuses.
func TestCharIndex(t *testing.T) {
	t.Parallel()
	ix := embeddedIndex()
	texts := [][]byte{nil, []byte("a"), []byte("żółw"), []byte("a😀b„c…"), []byte(strings.Repeat("ąb", 100)), []byte(strings.Repeat("x", charStep*3))}
	for _, s := range ix.sections {
		texts = append(texts, ix.texts(s).plain)
	}
	for _, text := range texts {
		x, ok := newCharIndex(text)
		if !ok {
			t.Fatalf("%.20q: refused", text)
		}
		var starts []int
		for i := range string(text) {
			starts = append(starts, i)
		}
		starts = append(starts, len(text))
		if x.n != len(starts)-1 {
			t.Fatalf("%.20q: %d characters, want %d", text, x.n, len(starts)-1)
		}
		for i, b := range starts {
			if got := x.start(i); got != b {
				t.Fatalf("%.20q: character %d starts at %d, want %d", text, i, got, b)
			}
		}
		for b := -1; b <= len(text)+1; b++ {
			want, wantOK := slices.BinarySearch(starts, b)
			if got, ok := x.index(b); ok != wantOK || (ok && got != want) {
				t.Fatalf("%.20q: byte %d is character %d (%v), want %d (%v)", text, b, got, ok, want, wantOK)
			}
		}
		if !x.of(text) || (len(text) > 0 && x.of(slices.Clone(text))) {
			t.Fatalf("%.20q: of tells the text from a copy wrongly", text)
		}
	}
	for _, bad := range []string{"ab\uFFFDcd", "a\xffb"} {
		if _, ok := newCharIndex([]byte(bad)); ok {
			t.Errorf("%q: indexed", bad)
		}
	}
}
