package search

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"

	"kostka/lookup"
)

// TestCollect checks that Search's own collection of hits (collect) finds
// what bleve's SearchInContext finds for the same query: the same hits in
// the same order, with the same scores, totals and term locations, for
// every query of the query sets, with and without filters, strict and
// relaxed. Both read one index of several segments, built by bleve's
// top-level package from the embedded rulebooks with Kostka's mapping.
// The lexicons are reused from query to query, with the postings lists and
// term readers they keep.
func TestCollect(t *testing.T) {
	ix := embeddedIndex()
	if _, err := ix.index(); err != nil { // the vocabulary
		t.Fatal(err)
	}
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	bi, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer bi.Close()
	// In three batches, so that the index has several segments, as one
	// that grew does: a search reads each (see termReader).
	for part := range 3 {
		batch := bi.NewBatch()
		for i, s := range ix.sections {
			if i%3 == part {
				if err := batch.Index(s.ID, document(s)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := bi.Batch(batch); err != nil {
			t.Fatal(err)
		}
	}
	adv, err := bi.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.(*scorch.IndexSnapshot).Segments()); n < 2 {
		t.Fatalf("the index has %d segment, want several", n)
	}
	r.Close()
	idx := &fullText{index: adv, mapping: m}
	var qs []lookup.Query
	for _, f := range []string{queriesFile, heldOutFile, heldOut5File} {
		for _, q := range readQueryFile(t, f) {
			qs = append(qs, lookup.Query{Text: q.text, System: q.system, Limit: lookup.DefaultLimit})
		}
	}
	qs = append(qs,
		lookup.Query{Text: "oslona", Lang: "pl", Limit: 20},
		lookup.Query{Text: "zbran", System: "wzr-d20", Lang: "cs", Limit: 50},
		lookup.Query{Text: "xyzzy qwerty", Limit: 5},
	)
	ctx := context.Background()
	for _, q := range qs {
		for _, relaxed := range []bool{false, true} {
			lex, err := newLexicon(idx, ix.memory)
			if err != nil {
				t.Fatal(err)
			}
			bq := buildQuery(q, ix.vocab, lex, ix.langs, relaxed)
			size := candidates(q.Limit)
			found, err := collect(ctx, lex.search, idx.mapping, bq, size)
			if cerr := lex.close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatalf("%q: %v", q.Text, err)
			}
			req := bleve.NewSearchRequestOptions(bq, size, 0, false)
			req.IncludeLocations = true
			want, err := bi.SearchInContext(ctx, req)
			if err != nil {
				t.Fatalf("%q: %v", q.Text, err)
			}
			// Beyond bleve's hits, collect keeps those that tie with the
			// last of them (see maxTies).
			n := len(want.Hits)
			ties := len(found.best) > n && n == size && len(found.best) <= size+maxTies
			for _, h := range found.best[min(n, len(found.best)):] {
				ties = ties && h.Score == want.Hits[n-1].Score
			}
			if found.total != want.Total || len(found.best) < n || (len(found.best) > n && !ties) {
				t.Errorf("%q (relaxed %v): %d hits of %d, bleve %d of %d", q.Text, relaxed, len(found.best), found.total, len(want.Hits), want.Total)
			} else {
				for i, h := range found.best[:n] {
					w := want.Hits[i]
					h.Complete(nil) // the locations in bleve's map, as Search makes them for snippets
					if h.ID != w.ID || h.Score != w.Score || !reflect.DeepEqual(h.Locations, w.Locations) {
						t.Errorf("%q (relaxed %v): hit %d is %s (%v), bleve's %s (%v), or their term locations differ", q.Text, relaxed, i, h.ID, h.Score, w.ID, w.Score)
					}
				}
			}
			found.release() // its document matches serve the next queries

		}
	}
	if len(qs) < 300 {
		t.Errorf("only %d queries compared", len(qs))
	}
}

// TestMatchPoolTrim checks that trimming a pool of document matches lets
// go of long lists of term locations only, keeps every match, and leaves
// the pool making new matches when it runs out.
func TestMatchPoolTrim(t *testing.T) {
	p := matchPools.New().(*matchPool)
	long, short := p.Get(), p.Get()
	long.FieldTermLocations = make([]search.FieldTermLocation, 0, 10*trimLocations)
	short.FieldTermLocations = make([]search.FieldTermLocation, 0, trimLocations)
	p.Put(long)
	p.Put(short)
	p.trim()
	var caps []int
	for range 2 {
		caps = append(caps, cap(p.Get().FieldTermLocations))
	}
	slices.Sort(caps)
	if !slices.Equal(caps, []int{0, trimLocations}) {
		t.Errorf("after trimming, the pool's matches hold lists of %v locations, want [0 %d]", caps, trimLocations)
	}
	if d := p.Get(); d == nil {
		t.Error("the trimmed pool made no new match")
	}
}
