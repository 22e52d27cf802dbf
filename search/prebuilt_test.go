package search

import (
	"flag"
	"math"
	"os"
	"strings"
	"testing"

	"kostka/lookup"
	"kostka/rulesdata"
)

var update = flag.Bool("update", false, "rebuild the prebuilt index (go generate ./search)")

// TestPrebuiltIndex checks that the embedded index was built from the
// embedded rulebooks with the current mapping; with -update it rebuilds it.
func TestPrebuiltIndex(t *testing.T) {
	sections := New(rulesdata.Embedded()).sections
	if *update {
		if err := os.RemoveAll(prebuiltIndexDir); err != nil {
			t.Fatal(err)
		}
		if err := writePrebuilt(sections, prebuiltIndexDir, prebuiltHashFile, prebuiltSectionsFile, prebuiltVocabFile); err != nil {
			t.Fatal(err)
		}
		t.Log("rebuilt", prebuiltIndexDir, "; run go test again to use it")
		return
	}
	want, err := inputsHash(sections)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(prebuiltHashFile)
	if err != nil || strings.TrimSpace(string(got)) != want {
		t.Fatalf("the prebuilt index is out of date with the rulebooks or the mapping: run go generate ./search")
	}
	if !isPrebuilt(sections) {
		t.Fatalf("%s does not match the rulebooks: run go generate ./search", prebuiltSectionsFile)
	}
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	vocab, err := prebuiltVocabulary(analyzerOf(m))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := vocab.String(), newVocabulary(sections, analyzerOf(m)).String(); got != want {
		t.Fatalf("%s is not the rulebooks' vocabulary: run go generate ./search", prebuiltVocabFile)
	}
	idx, err := openPrebuilt()
	if err != nil {
		t.Fatalf("openPrebuilt: %v", err)
	}
	defer idx.Close()
	r, err := idx.index.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n, err := r.DocCount()
	if err != nil || int(n) != len(sections) {
		t.Errorf("the prebuilt index has %d documents, want %d (err %v)", n, len(sections), err)
	}
	if idx.dir == "" {
		t.Error("the prebuilt index does not say where it was opened from")
	} else if _, err := os.Stat(idx.dir); !os.IsNotExist(err) {
		t.Errorf("the index's temporary directory %s is still there", idx.dir)
	}
}

// TestPrebuiltMatchesBuilt checks that the prebuilt index answers exactly
// as one built at start-up from the same rulebooks.
func TestPrebuiltMatchesBuilt(t *testing.T) {
	pre := New(rulesdata.Embedded())
	built := New(rulesdata.Embedded())
	built.noPrebuilt = true
	defer pre.Close()
	defer built.Close()
	for _, q := range readQueries(t) {
		a, err := pre.Search(t.Context(), lookup.Query{Text: q.text, System: q.system, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		b, err := built.Search(t.Context(), lookup.Query{Text: q.text, System: q.system, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		if a.Total != b.Total || len(a.Hits) != len(b.Hits) {
			t.Fatalf("%q: prebuilt %d hits of %d, built %d of %d", q.text, len(a.Hits), a.Total, len(b.Hits), b.Total)
		}
		for i := range a.Hits {
			x, y := a.Hits[i], b.Hits[i]
			if x.ID != y.ID || x.Snippet != y.Snippet || math.Abs(x.Score-y.Score) > 1e-9*math.Abs(y.Score) {
				t.Errorf("%q hit %d: prebuilt %+v, built %+v", q.text, i, a.Hits[i], b.Hits[i])
			}
		}
	}
	if pre.text == nil || built.text == nil {
		t.Fatal("not built")
	}
}
