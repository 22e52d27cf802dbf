package search

import (
	"fmt"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// lexicon answers which terms each field of the index holds, while a
// query is built: a clause for a term that no section holds in that field
// can never match, so it is left out of the query instead of costing a
// searcher in bleve, and prefixes are expanded to the terms they match.
// A lexicon serves one search at a time (its term dictionaries keep
// per-use state) and must be closed; the index keeps closed ones for
// later searches (see fullText.idle).
type lexicon struct {
	index    *fullText
	reader   index.IndexReader
	segments []segment.Segment
	dicts    map[string][]segment.TermDictionary // by field, one per segment
	err      error                               // the first error reading a dictionary
	memory   *lexiconMemory                      // answers of earlier searches, kept by the Index

	// What bleve's searchers read through search (see postings.go).
	search    *snapshotReader
	bm25      index.BM25Reader                             // the snapshot
	offsets   []uint64                                     // the number of each segment's first document
	deleted   []*roaring.Bitmap                            // each segment's deleted documents
	deletions bool                                         // whether any segment has deleted documents
	lists     map[string]map[string][]segment.PostingsList // by field and term, one per segment
	nlists    int                                          // how many terms lists holds
	readers   []*termReader                                // closed, for reuse
}

// fieldTerm is a term or prefix in a field.
type fieldTerm struct{ field, term string }

// prefixCacheSize is how many prefixes' terms an Index keeps at least
// (see recent).
const prefixCacheSize = 1024

// holdsCacheSize is how many answers of lexicon.has an Index keeps at
// least (see recent): a query of a few words asks about a hundred.
const holdsCacheSize = 4096

// lexiconMemory is what lexicons remember from one search to the next, for
// an Index: the terms of the prefixes searched lately and whether fields
// hold the terms looked up lately. The index never changes once built, so
// neither goes stale. Either may be nil (remember nothing).
type lexiconMemory struct {
	prefixes *recent[fieldTerm, []string]
	holds    *recent[fieldTerm, bool]
}

// newLexiconMemory returns an empty memory for an Index's lexicons.
func newLexiconMemory() *lexiconMemory {
	return &lexiconMemory{prefixes: newRecent[fieldTerm, []string](prefixCacheSize),
		holds: newRecent[fieldTerm, bool](holdsCacheSize)}
}

// newLexicon returns a lexicon of a scorch index, one that an earlier
// search closed if the index keeps one; memory (or nil) keeps what
// lexicons looked up, across searches.
func newLexicon(idx *fullText, memory *lexiconMemory) (*lexicon, error) {
	if memory == nil {
		memory = &lexiconMemory{}
	}
	if l, err := idx.takeIdle(); l != nil || err != nil {
		if l != nil {
			l.memory = memory
		}
		return l, err
	}
	r, err := idx.index.Reader()
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		r.Close()
		return nil, fmt.Errorf("search: the index is not a scorch index (%T)", r)
	}
	l := &lexicon{index: idx, reader: r, dicts: make(map[string][]segment.TermDictionary, 8), memory: memory,
		lists: make(map[string]map[string][]segment.PostingsList, 8)}
	l.search = &snapshotReader{IndexReader: r, lex: l}
	l.bm25 = snap
	var first uint64
	for _, s := range snap.Segments() {
		l.segments = append(l.segments, s.Segment())
		l.offsets = append(l.offsets, first)
		l.deleted = append(l.deleted, s.Deleted())
		l.deletions = l.deletions || (s.Deleted() != nil && !s.Deleted().IsEmpty())
		first += s.Segment().Count()
	}
	return l, nil
}

// close gives the lexicon back to its index for the next search, or
// releases the index snapshot it reads. The lexicon must not be used
// afterwards.
func (l *lexicon) close() error {
	if l.err == nil && l.index.keepIdle(l) {
		return nil
	}
	return l.reader.Close()
}

// dictionaries returns a field's term dictionary in each segment.
func (l *lexicon) dictionaries(field string) []segment.TermDictionary {
	if ds, ok := l.dicts[field]; ok {
		return ds
	}
	ds := make([]segment.TermDictionary, 0, len(l.segments))
	for _, s := range l.segments {
		d, err := s.Dictionary(field)
		if err != nil {
			l.fail(fmt.Errorf("search: the terms of %s: %w", field, err))
			continue
		}
		ds = append(ds, d)
	}
	l.dicts[field] = ds
	return ds
}

// fail records the first error met reading the dictionaries.
func (l *lexicon) fail(err error) {
	if l.err == nil {
		l.err = err
	}
}

// has reports whether some section holds term in field: whether its
// postings list, if the lexicon keeps it and no segment has deleted
// documents, lists one, or else whether the dictionary holds the term,
// as an earlier search found it or read now. Remembering the answers
// (a query of a few words asks about 17 that no earlier one did, among
// testdata/queries.tsv) took a tenth of a warm search's allocations
// (BenchmarkSearch: 876 → 797, 63 → 61 kB; BenchmarkSearchLatency's p99
// in processor time 0.66 → 0.63 ms).
func (l *lexicon) has(field, term string) bool {
	if lists, ok := l.lists[field][term]; ok && !l.deletions {
		return slices.ContainsFunc(lists, func(pl segment.PostingsList) bool { return pl.Count() > 0 })
	}
	k := fieldTerm{field, term}
	if ok, known := l.memory.holds.get(k); known {
		return ok
	}
	found := false
	for _, d := range l.dictionaries(field) {
		ok, err := d.Contains([]byte(term))
		if err != nil {
			l.fail(fmt.Errorf("search: looking %q up in %s: %w", term, field, err))
			return false
		}
		if ok {
			found = true
			break
		}
	}
	l.memory.holds.put(k, found)
	return found
}

// withPrefix returns the terms of field that start with prefix, sorted,
// as bleve's prefix query expands it. The answer is shared: it must not
// be changed.
func (l *lexicon) withPrefix(field, prefix string) []string {
	k := fieldTerm{field, prefix}
	if terms, ok := l.memory.prefixes.get(k); ok {
		return terms
	}
	terms := l.listPrefix(field, prefix)
	if l.err == nil {
		l.memory.prefixes.put(k, terms)
	}
	return terms
}

// listPrefix is withPrefix, read from the dictionaries.
func (l *lexicon) listPrefix(field, prefix string) []string {
	start := []byte(prefix)
	end := prefixEnd(start)
	var terms []string
	for _, d := range l.dictionaries(field) {
		var it segment.DictionaryIterator
		if oc, ok := d.(omitCounter); ok {
			it = oc.AutomatonIteratorOmitCount(nil, start, end)
		} else {
			it = d.AutomatonIterator(nil, start, end)
		}
		e, err := it.Next()
		for ; e != nil && err == nil; e, err = it.Next() {
			terms = append(terms, e.Term)
		}
		if err != nil {
			l.fail(fmt.Errorf("search: the terms of %s starting %q: %w", field, prefix, err))
		}
	}
	if len(l.segments) > 1 {
		slices.Sort(terms)
		terms = slices.Compact(terms)
	}
	return terms
}

// omitCounter is a term dictionary that can list terms without reading
// how many documents hold each (zap's).
type omitCounter interface {
	AutomatonIteratorOmitCount(a segment.Automaton, startKeyInclusive, endKeyExclusive []byte) segment.DictionaryIterator
}

// prefixEnd returns the first key after every key starting with prefix,
// or nil if there is none.
func prefixEnd(prefix []byte) []byte {
	end := slices.Clone(prefix)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}
