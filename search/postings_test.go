package search

import (
	"errors"
	"slices"
	"testing"

	index "github.com/blevesearch/bleve_index_api"
)

// TestTermReader checks a lexicon's term readers against scorch's own for
// many terms: the same documents, frequencies, norms and locations, read
// in order and by Advance (forwards, and back to an earlier document),
// with more terms than the lexicon keeps postings for, so that it lets go
// of them and reads them again.
func TestTermReader(t *testing.T) {
	lex := embeddedLexicon(t)
	terms := lex.listPrefix("text_fold", "")
	if len(terms) < 2*maxPostings {
		t.Fatalf("text_fold holds %d terms, want over %d", len(terms), 2*maxPostings)
	}
	ctx := t.Context()
	for pass := range 2 {
		for i, term := range terms[:2*maxPostings] {
			if pass == 1 && i%7 != 0 { // some again, after the lexicon let go of them
				continue
			}
			want, err := lex.reader.TermFieldReader(ctx, []byte(term), "text_fold", true, true, true)
			if err != nil {
				t.Fatal(err)
			}
			got, err := lex.search.TermFieldReader(ctx, []byte(term), "text_fold", true, true, true)
			if err != nil {
				t.Fatal(err)
			}
			if got.Count() != want.Count() {
				t.Fatalf("%q: count %d, scorch's %d", term, got.Count(), want.Count())
			}
			var ids []index.IndexInternalID
			for {
				w, err := want.Next(nil)
				if err != nil {
					t.Fatal(err)
				}
				g, err := got.Next(nil)
				if err != nil {
					t.Fatal(err)
				}
				if !sameDoc(g, w) {
					t.Fatalf("%q: read %+v, scorch %+v", term, g, w)
				}
				if w == nil {
					break
				}
				ids = append(ids, w.ID)
			}
			// Advance to the last document, then back to the first.
			for _, id := range [][]byte{ids[len(ids)-1], ids[0]} {
				w, err := want.Advance(id, nil)
				if err != nil {
					t.Fatal(err)
				}
				g, err := got.Advance(id, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !sameDoc(g, w) {
					t.Fatalf("%q: advanced to %+v, scorch to %+v", term, g, w)
				}
			}
			want.Close()
			got.Close()
			if lex.nlists > maxPostings {
				t.Fatalf("the lexicon keeps the postings of %d terms, at most %d", lex.nlists, maxPostings)
			}
		}
	}
}

// embeddedLexicon returns a lexicon of the embedded rulebooks' index,
// closed when t ends.
func embeddedLexicon(t *testing.T) *lexicon {
	t.Helper()
	idx, err := embeddedIndex().index()
	if err != nil {
		t.Fatal(err)
	}
	lex, err := newLexicon(idx, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lex.close() })
	return lex
}

// sameDoc reports whether two term readers' answers are equal. Array
// positions none and empty are equal (an iterator reused from another
// term may hold an empty list where a new one holds none).
func sameDoc(a, b *index.TermFieldDoc) bool {
	if a == nil || b == nil {
		return a == b
	}
	if !a.ID.Equals(b.ID) || a.Freq != b.Freq || a.Norm != b.Norm || len(a.Vectors) != len(b.Vectors) {
		return false
	}
	for i, v := range a.Vectors {
		w := b.Vectors[i]
		if v.Field != w.Field || v.Pos != w.Pos || v.Start != w.Start || v.End != w.End || !slices.Equal(v.ArrayPositions, w.ArrayPositions) {
			return false
		}
	}
	return true
}

// TestTermReaderClose checks that a term reader closed twice is kept for
// reuse once, so that two searchers never share it.
func TestTermReaderClose(t *testing.T) {
	lex := embeddedLexicon(t)
	r, err := lex.termReader([]byte("oslona"), "text_fold", true, true, true)
	if err != nil {
		t.Fatal(err)
	}
	kept := len(lex.readers)
	r.Close()
	r.Close()
	if len(lex.readers) != kept+1 {
		t.Fatalf("closing a reader twice kept %d readers, want 1", len(lex.readers)-kept)
	}
	a, errA := lex.termReader([]byte("oslona"), "text_fold", true, true, true)
	b, errB := lex.termReader([]byte("oslona"), "text_fold", true, true, true)
	if err := errors.Join(errA, errB); err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Fatal("two open term readers are one")
	}
}
