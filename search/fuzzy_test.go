package search

import (
	"testing"

	"github.com/blevesearch/bleve/v2"
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
		res, err := idx.Search(bleve.NewSearchRequest(q))
		if err != nil {
			t.Fatalf("fuzziness %d: %v", fuzziness, err)
		}
		if res.Total == 0 {
			t.Errorf("fuzziness %d: no hit for a typo of a title word", fuzziness)
		}
	}
}
