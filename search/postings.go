package search

import (
	"context"
	"fmt"
	"sort"

	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// snapshotReader is a lexicon's snapshot of the index as bleve's searchers
// read it: scorch's own reader, except that each term's reader comes from
// the lexicon (see lexicon.termReader). Scorch makes every term reader
// anew, with the term dictionaries of its field, and reads the term's
// postings list from the dictionary; a search makes one for every clause
// of its query, and that was a fifth of a search's processor time. A
// lexicon reads them with the dictionaries it has already opened, keeps
// the postings lists of the terms searched lately, and reuses the readers
// searchers have closed ("oslona": 102–119 → 62–80 µs, 39 → 20 kB).
type snapshotReader struct {
	index.IndexReader
	lex *lexicon
}

// The searchers of a BM25 mapping read each field's cardinality.
var _ index.BM25Reader = (*snapshotReader)(nil)

// FieldCardinality returns how many terms field holds in all, from which
// BM25 scoring (the mapping's) reckons a field's average length.
func (r *snapshotReader) FieldCardinality(field string) (int, error) {
	return r.lex.bm25.FieldCardinality(field)
}

// TermFieldReader returns a reader of the documents holding term in
// field, as scorch's IndexSnapshot.TermFieldReader does.
func (r *snapshotReader) TermFieldReader(_ context.Context, term []byte, field string, freq, norm, vectors bool) (index.TermFieldReader, error) {
	return r.lex.termReader(term, field, freq, norm, vectors)
}

// Postings kept by a lexicon: at most maxPostings terms' postings lists,
// and maxTermReaders closed term readers. A query of a few words reads a
// few dozen terms. Keeping 1,024 terms and 256 readers raised a server's
// resident memory after 20,000 requests by 2–3 MiB (an index keeps several
// lexicons), for no clear gain on the searches of the query sets.
const (
	maxPostings    = 128
	maxTermReaders = 32
)

// postings returns term's postings list in field, in each segment, read
// once and then kept (up to maxPostings terms; then the lexicon lets go of
// them all).
func (l *lexicon) postings(term []byte, field string) ([]segment.PostingsList, error) {
	if lists, ok := l.lists[field][string(term)]; ok {
		return lists, nil
	}
	dicts := l.dictionaries(field)
	if l.err != nil {
		return nil, l.err
	}
	lists := make([]segment.PostingsList, len(dicts))
	for i, d := range dicts {
		pl, err := d.PostingsList(term, l.deleted[i], nil)
		if err != nil {
			return nil, fmt.Errorf("search: the postings of %q in %s: %w", term, field, err)
		}
		lists[i] = pl
	}
	if l.nlists >= maxPostings {
		clear(l.lists)
		l.nlists = 0
	}
	byTerm := l.lists[field]
	if byTerm == nil {
		byTerm = make(map[string][]segment.PostingsList)
		l.lists[field] = byTerm
	}
	byTerm[string(term)] = lists
	l.nlists++
	return lists, nil
}

// termReader returns a reader of the documents holding term in field,
// reusing one that an earlier searcher closed.
func (l *lexicon) termReader(term []byte, field string, freq, norm, vectors bool) (*termReader, error) {
	lists, err := l.postings(term, field)
	if err != nil {
		return nil, err
	}
	var r *termReader
	if n := len(l.readers); n > 0 {
		r = l.readers[n-1]
		l.readers[n-1] = nil
		l.readers = l.readers[:n-1]
	} else {
		r = &termReader{lex: l}
	}
	r.lists, r.freq, r.norm, r.vectors, r.closed = lists, freq, norm, vectors, false
	r.reset()
	return r, nil
}

// termReader reads the documents holding one term in one field, in the
// order of the index, as scorch's IndexSnapshotTermFieldReader does (with
// the same answers: TestCollect compares whole searches with bleve's).
type termReader struct {
	lex                 *lexicon
	lists               []segment.PostingsList // by segment
	its                 []segment.PostingsIterator
	seg                 int // the segment being read
	freq, norm, vectors bool
	cur                 segment.Posting // the last posting read, nil before the first
	curID               index.IndexInternalID
	closed              bool
	// vecs are the term vectors found hands out, kept from one
	// searcher to the next: each of a search's searchers filled a new
	// TermFieldDoc, and growing its vectors was a tenth of a search's
	// allocations.
	vecs []*index.TermFieldVector
}

// reset starts reading from the first document again.
func (r *termReader) reset() {
	r.its = r.its[:min(len(r.its), len(r.lists))]
	for i, pl := range r.lists {
		if i < len(r.its) {
			r.its[i] = pl.Iterator(r.freq, r.norm, r.vectors, r.its[i])
		} else {
			r.its = append(r.its, pl.Iterator(r.freq, r.norm, r.vectors, nil))
		}
	}
	r.seg, r.cur, r.curID = 0, nil, r.curID[:0]
}

// Next returns the next document holding the term, or nil after the last.
func (r *termReader) Next(pre *index.TermFieldDoc) (*index.TermFieldDoc, error) {
	for ; r.seg < len(r.its); r.seg++ {
		p, err := r.its[r.seg].Next()
		if err != nil {
			return nil, err
		}
		if p != nil {
			return r.found(p, pre), nil
		}
	}
	return nil, nil
}

// Advance returns the first document holding the term at or after id.
func (r *termReader) Advance(id index.IndexInternalID, pre *index.TermFieldDoc) (*index.TermFieldDoc, error) {
	if r.cur != nil && r.curID.Compare(id) >= 0 {
		r.reset()
	}
	num := id.Value()
	offsets := r.lex.offsets
	seg := sort.Search(len(offsets), func(i int) bool { return offsets[i] > num }) - 1
	if seg < 0 || seg >= len(r.its) {
		return nil, fmt.Errorf("search: document %d is in no segment", num)
	}
	r.seg = seg
	p, err := r.its[seg].Advance(num - offsets[seg])
	if err != nil {
		return nil, err
	}
	if p == nil {
		return r.Next(pre)
	}
	return r.found(p, pre), nil
}

// found fills pre (or a new TermFieldDoc) with posting p of the current
// segment, as scorch does.
func (r *termReader) found(p segment.Posting, pre *index.TermFieldDoc) *index.TermFieldDoc {
	if pre == nil {
		pre = &index.TermFieldDoc{}
	}
	pre.ID = index.NewIndexInternalID(pre.ID, p.Number()+r.lex.offsets[r.seg])
	if r.freq {
		pre.Freq = p.Frequency()
	}
	if r.norm {
		pre.Norm = p.Norm()
	}
	if r.vectors {
		locs := p.Locations()
		if cap(pre.Vectors) < len(locs) {
			// The searcher reads the vectors before it asks for the
			// next document, and a reader serves one searcher at a
			// time: the reader's own vectors serve.
			if cap(r.vecs) < len(locs) {
				r.vecs = make([]*index.TermFieldVector, max(len(locs), 2*cap(r.vecs)))
				backing := make([]index.TermFieldVector, len(r.vecs))
				for i := range backing {
					r.vecs[i] = &backing[i]
				}
			}
			pre.Vectors = r.vecs[:len(locs)]
		}
		pre.Vectors = pre.Vectors[:len(locs)]
		for i, loc := range locs {
			*pre.Vectors[i] = index.TermFieldVector{
				Start: loc.Start(), End: loc.End(), Pos: loc.Pos(),
				ArrayPositions: loc.ArrayPositions(), Field: loc.Field(),
			}
		}
	}
	r.cur, r.curID = p, pre.ID
	return pre
}

// Count returns how many documents hold the term.
func (r *termReader) Count() uint64 {
	var n uint64
	for _, pl := range r.lists {
		n += pl.Count()
	}
	return n
}

// Close gives the reader back to its lexicon, for a later searcher.
// Closing it again does nothing.
func (r *termReader) Close() error {
	if r.closed {
		return nil
	}
	r.closed, r.lists, r.cur = true, nil, nil
	if len(r.lex.readers) < maxTermReaders {
		r.lex.readers = append(r.lex.readers, r)
	}
	return nil
}

// Size estimates the reader's memory in bytes (bleve's accounting).
func (r *termReader) Size() int {
	n := 64 + len(r.curID)
	for _, pl := range r.lists {
		n += pl.Size()
	}
	for _, it := range r.its {
		n += it.Size()
	}
	return n
}
