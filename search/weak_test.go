package search

import (
	"testing"

	"kostka/lookup"
)

// TestWeakMatches checks that a query answered only by far typos or by
// common words is flagged weak, with sections to offer instead, and that
// no realistic query answered right is.
func TestWeakMatches(t *testing.T) {
	ix := embeddedIndex()
	for _, q := range []string{"xyzzy", "jak xyzzy", "qwrtplk", "model xyzzy"} {
		t.Run(q, func(t *testing.T) {
			res, err := ix.Search(t.Context(), lookup.Query{Text: q})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 {
				if res.Weak || len(res.DidYouMean) > 0 {
					t.Errorf("no hits, yet weak %v, did you mean %v", res.Weak, res.DidYouMean)
				}
				return
			}
			if !res.Weak {
				t.Errorf("hits %+v not flagged weak", res.Hits)
			}
			if len(res.DidYouMean) == 0 || len(res.DidYouMean) > maxDidYouMean || res.DidYouMean[0].ID != res.Hits[0].ID {
				t.Errorf("did you mean %+v, hits %+v", res.DidYouMean, res.Hits)
			}
		})
	}
	t.Run("xyzzy has hits", func(t *testing.T) {
		res, err := ix.Search(t.Context(), lookup.Query{Text: "xyzzy"})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%+v, %v: the far typos are still offered", res, err)
		}
	})
	weak := 0 // "przeladowanie broni": its words are not in the rulebook
	for _, q := range readQueries(t) {
		res, err := ix.Search(t.Context(), lookup.Query{Text: q.text, System: q.system})
		if err != nil {
			t.Fatal(err)
		}
		if res.Weak != (len(res.DidYouMean) > 0) {
			t.Errorf("queries.tsv:%d %q: weak %v, did you mean %v", q.line, q.text, res.Weak, res.DidYouMean)
		}
		if res.Weak {
			weak++
			if res.Hits[0].ID == q.want {
				t.Errorf("queries.tsv:%d %q: answered right, yet flagged weak", q.line, q.text)
			}
		}
	}
	if weak > 1 {
		t.Errorf("%d realistic queries flagged weak", weak)
	}
	for _, q := range []string{"blast", "regenracja", "oslna", "zzzz oslna", "ile rund trwa gra", "oslo", "ap"} {
		res, err := ix.Search(t.Context(), lookup.Query{Text: q})
		if err != nil {
			t.Fatal(err)
		}
		if res.Weak {
			t.Errorf("%q: flagged weak", q)
		}
	}
}

// TestNoWordDropped checks that a question of filler and a word the
// rulebooks do not hold still looks for its filler, rather than for
// nothing, and is flagged weak.
func TestNoWordDropped(t *testing.T) {
	ix := embeddedIndex()
	for _, q := range []string{"co to jest qqqzzz", "what is qqqzzz", "co je qqqzzz"} {
		t.Run(q, func(t *testing.T) {
			res, err := ix.Search(t.Context(), lookup.Query{Text: q})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) < 2 || !res.Weak {
				t.Errorf("%d hits, weak %v: want several, weak", len(res.Hits), res.Weak)
			}
		})
	}
}

// TestRelaxedRoots checks that a word found in no form, typos allowed,
// is looked for by its root and that of the word without a prefix, in the
// glossary too: derivations the rulebooks do not use.
func TestRelaxedRoots(t *testing.T) {
	ix := embeddedIndex()
	text, err := ix.index() // built on first use: this test may run alone
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ q, want string }{
		{"zamaskowanymi", "quality-d6.maskowanie"}, // za + maskowanie
		{"rozstawiajacego", "quality-d6.rozstawienie"},
		{"przeszarzowywanie", ""}, // any hit
		{"wycofujacymi", ""},      // the glossary's wycofanie, wycofać
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			strict, err := ix.run(t.Context(), text, lookup.Query{Text: tt.q, Limit: 3}, false)
			if err != nil {
				t.Fatal(err)
			}
			n := strict.total
			strict.release()
			if n != 0 && tt.want == "" {
				t.Fatalf("%d hits without relaxing: not a case of this test", n)
			}
			res, err := ix.Search(t.Context(), lookup.Query{Text: tt.q})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 || (tt.want != "" && res.Hits[0].ID != tt.want) {
				t.Errorf("hits %v, want %q first", res.Hits, tt.want)
			}
		})
	}
}
