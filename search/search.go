// Package search is Kostka's full-text search over the rulebooks
// (package rulesdata): a bleve index held in memory, built the first time
// it is needed, with Polish and Czech stemming, diacritic folding (and
// words typed without diacritics read as the rulebooks write them), typo
// tolerance, prefix matching for search-as-you-type, boosts for titles and
// aliases, the rulebooks' glossaries (each rule's description and the
// words players use for it, in Polish, Czech and English, below its own
// names, a query's phrases that a rule's glossary entry says too ranking
// it higher), question words and filler weighed low, the question's
// language preferred among rulebooks that answer alike, and highlighted
// snippets; a search that finds nothing looks again with more typos and
// the words' roots, then offers the closest glossary terms. Plus
// suggestions for as-you-type completion, and lookup of sections by id.
package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"kostka/internal/jsonobj"
	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/search/polish"
)

// Index answers searches over a set of rulebooks. Its bleve index is built
// on the first Search (or Warm), so a process that only looks sections up
// or rolls dice never pays for it. An Index is safe for concurrent use.
type Index struct {
	books    []*rulesdata.Book
	sections []*rulesdata.Section // in rulebook order
	byID     map[string]*rulesdata.Section
	systems  []string
	langs    []string // the rulebooks' languages, in rulesdata.Languages order
	plain    sync.Map // section id: its texts for snippets (Index.texts)
	stems    sync.Map // section id: its title's stems (Index.titleStems)
	// nameWords are the folded words of each of a section's names (see
	// sectionNames).
	nameWords  map[string][][]string
	termWords  sync.Map // section id: the folded words of its glossary terms (Index.glossaryWords)
	termsWhole sync.Map // section id: its glossary terms, folded and whole (Index.wholeTerms)
	pairs      sync.Map // section id: the pairs of words of its glossary entry (Index.glossaryPairs)
	// suggestions is what Suggest looks names up in, built the first
	// time it is needed (or in Warm, beside the full-text index), so that
	// a cold start that only searches does not wait for it.
	suggestions func() *suggestions
	// terms are the names and glossary terms a search that finds
	// nothing offers (see closestTerms), gathered the first time.
	terms func() *termTable

	noPrebuilt bool // always index at start-up (tests)

	once  sync.Once
	text  *fullText
	vocab vocabulary
	err   error

	memory *lexiconMemory // what searches looked up in the index lately (see lexicon)
}

// New returns an index over books. It does not build the full-text index
// yet; see Warm.
func New(books []*rulesdata.Book) *Index {
	n := 0
	for _, b := range books {
		n += len(b.Sections)
	}
	ix := &Index{books: books, byID: make(map[string]*rulesdata.Section, n), nameWords: make(map[string][][]string, n),
		memory: newLexiconMemory()}
	for _, lang := range rulesdata.Languages {
		if slices.ContainsFunc(books, func(b *rulesdata.Book) bool { return b.Lang == lang }) {
			ix.langs = append(ix.langs, lang)
		}
	}
	for _, b := range books {
		ix.systems = append(ix.systems, b.System)
		for _, s := range b.Sections {
			ix.sections = append(ix.sections, s)
			ix.byID[s.ID] = s
			for _, n := range sectionNames(s) {
				ix.nameWords[s.ID] = append(ix.nameWords[s.ID], words(n))
			}
		}
	}
	ix.suggestions = sync.OnceValue(func() *suggestions { return newSuggestions(ix.sections, n) })
	ix.terms = sync.OnceValue(func() *termTable { return glossaryTerms(ix.sections) })
	return ix
}

// Systems returns the ids of the systems that have a rulebook, sorted.
func (ix *Index) Systems() []string {
	return slices.Sorted(slices.Values(ix.systems))
}

// Section returns the section with the given id.
func (ix *Index) Section(id string) (*rulesdata.Section, bool) {
	s, ok := ix.byID[id]
	return s, ok
}

// Sections returns every section of a system's rulebook in the book's
// order, or of every rulebook when system is "".
func (ix *Index) Sections(system string) ([]*rulesdata.Section, error) {
	if err := ix.checkSystem(system); err != nil {
		return nil, err
	}
	var out []*rulesdata.Section
	for _, s := range ix.sections {
		if system == "" || s.System == system {
			out = append(out, s)
		}
	}
	return out, nil
}

func (ix *Index) checkSystem(system string) error {
	if system != "" && !slices.Contains(ix.systems, system) {
		return &lookup.UnknownSystemError{System: system}
	}
	return nil
}

// Warm gets the index ready for its first search now instead of during it:
// it loads the Polish stemmer's table, opens (or builds) the full-text
// index and prepares the names Suggest looks up. A Lambda function calls it during initialization.
func (ix *Index) Warm() error {
	if _, err := polish.Load(); err != nil {
		return err
	}
	// Suggest's names are independent of the full-text index: on more
	// than one processor they are ready by the time it is.
	done := make(chan struct{})
	go func() {
		ix.suggestions()
		close(done)
	}()
	_, err := ix.index()
	<-done
	return err
}

// Close releases the full-text index, if it was built. The index must not
// be used afterwards.
func (ix *Index) Close() error {
	ix.once.Do(func() { ix.err = errClosed })
	if ix.text == nil {
		return nil
	}
	return ix.text.Close()
}

var errClosed = errors.New("search: the index is closed")

// index returns the full-text index, building it the first time.
func (ix *Index) index() (*fullText, error) {
	ix.once.Do(func() {
		// The shipped rulebooks are those the prebuilt index was built
		// from (TestPrebuiltIndex checks it), so only other rulebooks
		// are hashed to see whether it serves them.
		if !ix.noPrebuilt && (rulesdata.IsEmbedded(ix.books) || isPrebuilt(ix.sections)) {
			// The vocabulary is read while the index is copied and
			// opened: the two are independent, and on more than one
			// processor this takes a few milliseconds off a cold start.
			// It gets the index's analysis once the index is open.
			type read struct {
				v   vocabulary
				err error
			}
			vocab := make(chan read, 1)
			go func() {
				v, err := prebuiltVocabulary(nil)
				vocab <- read{v, err}
			}()
			ix.text, ix.err = openPrebuilt()
			r := <-vocab
			if ix.err == nil && r.err != nil {
				ix.text.Close()
				ix.text, ix.err = nil, r.err
			}
			if ix.err == nil {
				ix.vocab = r.v
				ix.vocab.analyze = rememberAnalysis(analyzerOf(ix.text.mapping))
				ix.vocab.aliasWords = aliasWords(ix.sections)
			}
			return
		}
		ix.text, ix.err = newFullText("", ix.sections)
		if ix.err == nil {
			ix.vocab = newVocabulary(ix.sections, analyzerOf(ix.text.mapping))
			ix.vocab.aliasWords = aliasWords(ix.sections)
		}
	})
	return ix.text, ix.err
}

// sectionNames are the names a section answers to: its title, its aliases
// and search terms, and a title's part before an English name in brackets
// ("Velitel oddílu (Squad Commander)" is also "Velitel oddílu").
func sectionNames(s *rulesdata.Section) []string {
	names := s.Names()
	if short, ok := shortTitle(s); ok {
		names = append(names, short)
	}
	return names
}

// shortTitle returns a title's part before an English name in brackets
// ("Velitel oddílu" of "Velitel oddílu (Squad Commander)"), if it has one.
func shortTitle(s *rulesdata.Section) (string, bool) {
	short, _, ok := strings.Cut(s.Title, " (")
	return short, ok && strings.HasSuffix(s.Title, ")")
}

// document is what the index holds for a section (see newMapping).
func document(s *rulesdata.Section) jsonobj.Object {
	text := s.Plain()
	var names []string
	for _, n := range sectionNames(s) {
		names = append(names, normalizeName(n))
	}
	doc := jsonobj.Object{
		"system":          s.System,
		"lang":            s.Lang,
		"names":           names,
		"title_" + s.Lang: s.Title,
		"text_" + s.Lang:  text,
		"title_fold":      s.Title,
		"text_fold":       text,
		"aliases_fold":    append(slices.Clip(s.Aliases), s.SearchTerms...),
		"aliases_en":      s.Aliases,
	}
	// The glossary: each language's description and terms together
	// (one field to look a word up in, not two: a tenth of a search's
	// time), the terms also folded and whole.
	var all, whole []string
	for _, lang := range rulesdata.Languages {
		var texts []string
		if a := s.About[lang]; a != "" {
			texts = append(texts, a)
		}
		texts = append(texts, s.Terms[lang]...)
		if len(texts) > 0 {
			doc["about_"+lang] = texts
		}
		all = append(all, s.Terms[lang]...)
		for _, t := range s.Terms[lang] {
			whole = append(whole, normalizeName(t))
		}
	}
	if len(all) > 0 {
		doc["terms_fold"] = all
		doc["terms"] = whole
	}
	return doc
}

// check validates q and fills in its defaults.
func (ix *Index) check(q *lookup.Query) error {
	switch {
	case !utf8.ValidString(q.Text):
		return lookup.ErrNotUTF8
	case len(words(q.Text)) == 0:
		return lookup.ErrEmptyQuery
	case utf8.RuneCountInString(q.Text) > lookup.MaxQueryLen:
		return lookup.ErrLongQuery
	case q.Limit < 0 || q.Limit > lookup.MaxLimit:
		return lookup.ErrBadLimit
	case q.Lang != "" && !slices.Contains(rulesdata.Languages, q.Lang):
		return fmt.Errorf("%w %q (known: pl, cs, en)", lookup.ErrUnknownLang, q.Lang)
	}
	if q.Limit == 0 {
		q.Limit = lookup.DefaultLimit
	}
	return ix.checkSystem(q.System)
}

// Search finds the sections that best answer q.
func (ix *Index) Search(ctx context.Context, q lookup.Query) (*lookup.Result, error) {
	if err := ix.check(&q); err != nil {
		return nil, err
	}
	idx, err := ix.index()
	if err != nil {
		return nil, err
	}
	found, err := ix.run(ctx, idx, q, false)
	if err == nil && found.total == 0 {
		found.release()
		found, err = ix.run(ctx, idx, q, true) // nothing found: allow more typos
	}
	if err != nil {
		return nil, err
	}
	defer found.release()
	// Scores summed in another order differ in their last bits, and
	// bleve's disjunctions sum in an order that may differ from document
	// to document: the scores are rounded, and hits with equal rounded
	// scores ordered by id, over a few more hits than are returned.
	ix.rerank(found.best, q.Text)
	hits := found.best[:min(len(found.best), q.Limit)]
	out := &lookup.Result{Total: int(found.total), Hits: make([]lookup.Hit, 0, len(hits))}
	sc := scratches.Get().(*snippetScratch)
	defer scratches.Put(sc)
	for _, h := range hits {
		s, ok := ix.byID[h.ID]
		if !ok {
			return nil, fmt.Errorf("search: the index returned an unknown section %q", h.ID)
		}
		out.Hits = append(out.Hits, lookup.Hit{
			ID: s.ID, System: s.System, Title: s.Title, Aliases: s.Aliases, Score: h.Score,
			Snippet: ix.snippet(h, s, sc), HouseRule: s.HouseRule,
		})
	}
	if len(out.Hits) == 0 {
		// Nothing, even with more typos: the names and glossary terms
		// closest to what was typed.
		out.DidYouMean = ix.closestTerms(q.Text, q.System, maxDidYouMean)
		out.Weak = len(out.DidYouMean) > 0
	}
	if len(out.Hits) > 0 && ix.vocab.weak(q.Text) {
		out.Weak = true
		for _, h := range out.Hits[:min(len(out.Hits), maxDidYouMean)] {
			out.DidYouMean = append(out.DidYouMean, lookup.Suggestion{ID: h.ID, System: h.System, Title: h.Title})
		}
	}
	return out, nil
}

// scratches keeps the scratch space of snippets from one search to the
// next (a twentieth of a search's allocated bytes).
var scratches = sync.Pool{New: func() any { return new(snippetScratch) }}

// maxDidYouMean is the most sections offered instead of a weak match.
const maxDidYouMean = 3

// extraHits is how many more hits than asked for are fetched, so that
// rounding the scores cannot change which hits are returned.
const extraHits = 3

// roundScore rounds a score to 9 significant digits.
func roundScore(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	scale := math.Pow(10, 9-math.Ceil(math.Log10(math.Abs(x))))
	return math.Round(x*scale) / scale
}

// run runs one bleve search for q: it builds the query (see buildQuery)
// and collects its best hits from one snapshot of the index, the
// lexicon's, as bleve's SearchInContext does, without the parts Kostka
// does not use (stored fields, bleve's highlighting, facets, cost
// accounting). TestCollect checks that the hits are bleve's own. The hits
// must be released when no longer used.
func (ix *Index) run(ctx context.Context, idx *fullText, q lookup.Query, relaxed bool) (h *hits, err error) {
	lex, err := newLexicon(idx, ix.memory)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := lex.close(); err == nil && cerr != nil {
			h.release()
			h, err = nil, fmt.Errorf("search: %w", cerr)
		}
	}()
	bq := buildQuery(q, ix.vocab, lex, ix.langs, relaxed)
	if lex.err != nil {
		return nil, lex.err
	}
	return collect(ctx, lex.search, idx.mapping, bq, candidates(q.Limit))
}

// candidates is how many hits a search asking for limit hits collects and
// reranks: at least as many as a search asking for lookup.DefaultLimit, so
// that a smaller limit returns the first hits of the default one (the
// Discord bot's /rule asks for one), plus extraHits.
func candidates(limit int) int {
	return max(limit, lookup.DefaultLimit) + extraHits
}

// hits are the best matches of a search, in bleve's document matches,
// which are reused by later searches once released.
type hits struct {
	best  search.DocumentMatchCollection
	total uint64 // how many sections matched
	pool  *matchPool
}

// matchPool is a pool of bleve's document matches that serves one search
// at a time.
type matchPool struct {
	search.DocumentMatchPool
	uses int                              // how many searches it has served
	all  []*search.DocumentMatch          // scratch for trim
	grow search.DocumentMatchPoolTooSmall // bleve's, which makes a new match
}

// matchPools keeps bleve's document matches, and the lists of term
// locations they have grown, from one search to the next: bleve's own
// collector makes a search's anew, a tenth of an average search's
// allocations.
var matchPools = sync.Pool{New: func() any {
	p := &matchPool{DocumentMatchPool: *search.NewDocumentMatchPool(0, 0)}
	p.grow = p.TooSmall
	return p
}}

// Trimming: every trimEvery searches, a pool lets go of the lists of term
// locations over trimLocations long, which the heaviest searches grew
// (they were most of the heap the pools kept, and the collector keeps
// room for twice the heap).
const (
	trimEvery     = 8
	trimLocations = 64
)

// trim lets go of the long lists of term locations of the matches in the
// pool.
func (p *matchPool) trim() {
	p.TooSmall = func(*search.DocumentMatchPool) *search.DocumentMatch { return nil }
	for d := p.Get(); d != nil; d = p.Get() {
		if cap(d.FieldTermLocations) > trimLocations {
			d.FieldTermLocations = nil
		}
		p.all = append(p.all, d)
	}
	p.TooSmall = p.grow
	for i, d := range p.all {
		p.Put(d)
		p.all[i] = nil
	}
	p.all = p.all[:0]
}

// release gives the document matches back for reuse: h.best must not be
// used afterwards.
func (h *hits) release() {
	if h == nil {
		return
	}
	for _, d := range h.best {
		h.pool.Put(d)
	}
	h.best = nil
	if h.pool.uses++; h.pool.uses%trimEvery == 0 {
		h.pool.trim()
	}
	matchPools.Put(h.pool)
}

// maxTies is how many hits collect keeps beyond those asked for that
// score as much as the last of them: which of tied hits bleve's collector
// keeps depends on the order of the index (a prebuilt one's differs from
// one built at start), and Search orders ties by id. Many glossary terms
// are shared by sections of the same kind ("osłona": the kinds of cover),
// which then tie.
const maxTies = 64

// checkDoneEvery is how many matches collect reads between looks at its
// context (as bleve's collector does).
const checkDoneEvery = 1024

// collect returns the size best hits of bq in r, by score only, with the
// locations of the terms they matched, and how many sections matched: the
// hits of bleve's TopNCollector sorted by score (ties in the order of the
// index), from document matches reused across searches (matchPools).
// Search orders ties by id itself, over extraHits more hits, which costs
// less than bleve's reading every candidate's id. The term locations are
// left as the searchers found them (FieldTermLocations, not gathered into
// bleve's map by DocumentMatch.Complete, as bleve's collector does for
// every hit): reranking reads them so, and so do the snippets that Search
// cuts itself for the hits it returns (see Index.snippet).
func collect(ctx context.Context, r bleveindex.IndexReader, m mapping.IndexMapping, bq query.Query, size int) (*hits, error) {
	// Bleve's term searchers score as SearchInContext tells them, by the
	// mapping's model (see newMapping).
	model := bleveindex.DefaultScoringModel
	if im, ok := m.(*mapping.IndexMappingImpl); ok && im.ScoringModel != "" {
		model = im.ScoringModel
	}
	ctx = context.WithValue(ctx, search.GetScoringModelCallbackKey, search.GetScoringModelCallbackFn(func() string { return model }))
	s, err := bq.Searcher(ctx, r, m, search.SearcherOptions{IncludeTermVectors: true})
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer s.Close()
	h := &hits{pool: matchPools.Get().(*matchPool), best: make(search.DocumentMatchCollection, 0, size+1)}
	sctx := &search.SearchContext{DocumentMatchPool: &h.pool.DocumentMatchPool, IndexReader: r}
	fail := func(err error) (*hits, error) {
		h.release()
		return nil, fmt.Errorf("search: %w", err)
	}
	for {
		if h.total%checkDoneEvery == 0 {
			if err := ctx.Err(); err != nil {
				return fail(err)
			}
		}
		d, err := s.Next(sctx)
		if err != nil {
			return fail(err)
		}
		if d == nil {
			break
		}
		h.total++
		d.HitNumber = h.total
		i, _ := slices.BinarySearchFunc(h.best, d, search.CompareScoreDescending)
		if i >= size {
			if i == len(h.best) && d.Score == h.best[i-1].Score && i < size+maxTies {
				h.best = append(h.best, d) // a tie with the size-th best (see maxTies)
			} else {
				h.pool.Put(d)
			}
			continue
		}
		h.best = slices.Insert(h.best, i, d)
		for len(h.best) > size && h.best[len(h.best)-1].Score < h.best[size-1].Score {
			h.pool.Put(h.best[len(h.best)-1])
			h.best = h.best[:len(h.best)-1]
		}
	}
	for _, d := range h.best {
		if d.ID, err = r.ExternalID(d.IndexInternalID); err != nil {
			return fail(err)
		}
	}
	return h, nil
}

// Index is a lookup.Finder.
var _ lookup.Finder = (*Index)(nil)

// aliasWords returns the aliases of one word of sections, folded (see
// normalizeName): a query word that is none of them matches an alias only
// as a part of a longer name (see partialAlias).
func aliasWords(sections []*rulesdata.Section) map[string]bool {
	out := map[string]bool{}
	for _, s := range sections {
		for _, a := range s.Aliases {
			if n := normalizeName(a); n != "" && !strings.Contains(n, " ") {
				out[n] = true
			}
		}
	}
	return out
}
