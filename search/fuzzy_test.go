package search

import (
	"context"
	"testing"

	"github.com/blevesearch/bleve/v2/search/query"

	"kostka/rulesdata"
)

// TestFuzzyQueryWorks checks that a bleve fuzzy query still finds its
// term: the Levenshtein automata it needs are built on first use by the
// patched vellum (third_party/vellum), not when the program starts.
func TestFuzzyQueryWorks(t *testing.T) {
	ix := New(rulesdata.Embedded())
	defer ix.Close()
	idx, err := ix.index()
	if err != nil {
		t.Fatal(err)
	}
	for _, fuzziness := range []int{1, 2} {
		q := query.NewFuzzyQuery("regenracja") // one letter missing from "regeneracja"
		q.SetFuzziness(fuzziness)
		q.SetField("title_fold")
		r, err := idx.index.Reader()
		if err != nil {
			t.Fatal(err)
		}
		found, err := collect(context.Background(), r, idx.mapping, q, 10)
		if cerr := r.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatalf("fuzziness %d: %v", fuzziness, err)
		}
		if found.total == 0 {
			t.Errorf("fuzziness %d: no hit for a typo of a title word", fuzziness)
		}
		found.release()
	}
}
