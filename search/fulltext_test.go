package search

import (
	"errors"
	"sync"
	"testing"

	"kostka/lookup"
	"kostka/rulesdata"
)

// TestIdleLexicons checks that searches reuse the lexicons earlier
// searches closed, that no more than maxIdleLexicons are kept however
// many searches ran at once, and that closing the index releases them.
func TestIdleLexicons(t *testing.T) {
	ix := New(rulesdata.Embedded())
	search := func() {
		if _, err := ix.Search(t.Context(), lookup.Query{Text: "oslona"}); err != nil {
			t.Error(err)
		}
	}
	search()
	ft, err := ix.index()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(ft.idle); n != 1 {
		t.Fatalf("after one search the index keeps %d lexicons, want 1", n)
	}
	kept := ft.idle[0]
	search()
	if len(ft.idle) != 1 || ft.idle[0] != kept {
		t.Fatal("the second search did not reuse the first one's lexicon")
	}

	// More searches at once than lexicons kept.
	var wg sync.WaitGroup
	for range 3 * maxIdleLexicons {
		wg.Go(search)
	}
	wg.Wait()
	if n := len(ft.idle); n < 1 || n > maxIdleLexicons {
		t.Errorf("the index keeps %d lexicons, want 1 to %d", n, maxIdleLexicons)
	}

	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	if len(ft.idle) != 0 {
		t.Errorf("the closed index still keeps %d lexicons", len(ft.idle))
	}
	if _, err := ix.Search(t.Context(), lookup.Query{Text: "oslona"}); !errors.Is(err, errClosed) {
		t.Errorf("a search of the closed index: %v, want errClosed", err)
	}
}

// TestMappingValid checks Kostka's mapping as bleve's top-level package
// checked it before creating an index: every analyzer, tokenizer and
// filter it names is registered.
func TestMappingValid(t *testing.T) {
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
}
