package search

import (
	"cmp"
	"html"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/highlight"
	simplehighlighter "github.com/blevesearch/bleve/v2/search/highlight/highlighter/simple"
	"github.com/blevesearch/bleve/v2/search/query"

	"kostka/lookup"
	"kostka/rulesdata"
)

// Boosts of the parts of a query. An exact title or alias outweighs
// everything else together, so that it ranks first.
const (
	boostExactName = 50
	boostTitle     = 4
	boostAlias     = 4
	boostText      = 1
	boostFoldTitle = 2
	boostFoldText  = 0.5
	boostFuzzy     = 0.6 // of the same field's boost
	boostPrefix    = 0.8
	boostTruncated = 0.5
	boostRoot      = 0.25 // the root of a word, in a relaxed query
	boostPair      = 1.5
	// partialAlias is the share of boostAlias of a word that is no
	// alias of one word (vocabulary.aliasWords) and so matches aliases
	// only as a part of longer names: English "fire" names none of Focus
	// Fire, Suppression Fire and Rapid Fire, and should not outrank the
	// section whose glossary describes what was asked.
	partialAlias = 0.5
	// The glossary (rulesdata.Section.Terms and About): a query equal to
	// a term of a section, a word of its terms folded, a word of its
	// description or terms stemmed; all below the section's own names, so
	// that an exact title or alias still ranks first.
	boostExactTerm = 10
	boostFoldTerm  = 1
	boostAbout     = 1
	// weightPower softens (below 1) or sharpens (above 1) how much a
	// word's rarity weighs.
	weightPower = 1.0
	// Words weighing less than minWeight, in a third of the sections or
	// more, are looked up only as parts of pairs and names, unless every
	// word of the query is that common.
	minWeight = 0.25
)

// maxLangs is how many languages a query's words are read in without
// allocating (rulesdata.Languages: three).
const maxLangs = 4

// Typo tolerance: words of at least fuzzyMinLen letters may have one typo,
// of at least fuzzyTwoLen letters two.
const (
	fuzzyMinLen  = 5
	fuzzyTwoLen  = 9
	prefixMinLen = 3
	// Words of at least truncateMinLen letters also match as a prefix
	// without their last truncateBy letters.
	truncateMinLen  = 6
	truncateBy      = 2
	truncateLongLen = 8 // and longer words without their last 3
	truncateLongBy  = 3
)

// nameFoldFields is how many of foldFields, the first, typos and prefixes
// are looked up in: not the glossary's terms, which would cost a search a
// tenth more for a few typos of words players type in full.
const nameFoldFields = 3

// fieldBoost is a field of the index and the boost of a clause in it.
type fieldBoost struct {
	name  string
	boost float64
}

// foldFields are the folded fields that typos, pairs and prefixes are
// looked up in, with their boosts, in a fixed order so that scores are
// summed in the same order every time.
var foldFields = []fieldBoost{{"title_fold", boostFoldTitle}, {"aliases_fold", boostAlias}, {"text_fold", boostFoldText}, {"terms_fold", boostFoldTerm}}

// buildQuery turns what a player typed into a bleve query:
//   - the whole text equal to a title or alias (exact name);
//   - its words stemmed in each language of langs (the rulebooks'), in
//     titles and texts;
//   - its words folded but not stemmed, in titles, aliases and texts, and
//     on long words the rulebooks' words within one or two typos of them;
//   - pairs of its words that stand together in a title or the text;
//   - long words without their last letters, as prefixes (inflections);
//   - its last word as a prefix, for search-as-you-type;
//
// all as alternatives (any may match, more matches score higher), each
// word's clauses weighed by how rare the word is in the rulebooks (see
// vocabulary.weight), then filtered by system and language without
// changing the scores. A relaxed
// query (for a search that found nothing) also allows two typos in shorter
// words and a wrong first letter.
//
// Clauses that can match no section (a term that no section holds in that
// field, a prefix that starts none of its terms) are left out (see
// lexicon): that changes every hit's score by the same factor, and so
// neither the order of the hits nor which of them match.
func buildQuery(q lookup.Query, vocab vocabulary, lex *lexicon, langs []string, relaxed bool) query.Query {
	// All clauses are alternatives in one disjunction, which bleve scores
	// as the sum of the matching clauses times the share of the clauses
	// that match. (Grouping each word's clauses under one clause, so that
	// the share counts words, measured worse on testdata/queries.tsv: MRR
	// 0.911 against 0.908 overall but two queries out of the top three.)
	var should []query.Query
	add := func(qq query.Query) {
		if qq != nil {
			should = append(should, qq)
		}
	}
	group := func(qs []query.Query) {
		for _, qq := range qs {
			if d, ok := qq.(*query.DisjunctionQuery); ok {
				should = append(should, d.Disjuncts...)
			} else {
				add(qq)
			}
		}
	}
	c := &clauses{lex: lex, analyze: vocab.analyze}

	add(c.term(normalizeName(q.Text), "names", boostExactName))
	add(c.term(normalizeName(q.Text), "terms", boostExactTerm))

	// Each word counts by how distinctive it is in the rulebooks, wherever
	// it matches: a word found in most sections ("test", "model") matching
	// a title weighs less than a rare one matching only the text.
	ws := words(q.Text)
	raw := lowerWords(q.Text) // with diacritics, for the stemmers
	weights := make([]float64, len(ws))
	for i, w := range ws {
		// A form that one section or none holds weighs as its stem,
		// where that is commoner (see Index.queryWords).
		wt := vocab.weight(w)
		if vocab.df.get(w) <= 1 {
			for _, lang := range langs {
				if lw := vocab.weightIn(lang, typedAt(raw, ws, i)); lw > 0 {
					wt = min(wt, lw)
				}
			}
		}
		weights[i] = math.Pow(wt, weightPower) * fillerShare(w)
	}
	// Common words and filler are left out unless no word that the
	// rulebooks hold, in some form, weighs more: a question of filler
	// and one word the rulebooks never use ("kto zaczyna") would
	// otherwise look for nothing. A relaxed query keeps every word.
	floor := 0.0
	if !relaxed {
		for i, w := range ws {
			if weights[i] >= minWeight && (vocab.df.get(w) > 0 || vocab.known(w, typedAt(raw, ws, i))) {
				floor = minWeight
				break
			}
		}
	}
	last := len(ws) - 1
	typing := utf8.RuneCountInString(ws[last]) >= prefixMinLen && !endsInSpace(q.Text)
	for i, w := range ws {
		wt := weights[i]
		typed := typedAt(raw, ws, i)
		// The word read in each language (see vocabulary.restore), and
		// its weight there, each found once.
		var ins [maxLangs]string
		var lwts [maxLangs]float64
		var done [maxLangs]bool
		in := func(lang string) (string, float64) {
			j := slices.Index(rulesdata.Languages, lang)
			if j < 0 || j >= maxLangs {
				in := vocab.restore(lang, typed)
				return in, math.Pow(vocab.weightIn(lang, in), weightPower) * fillerShare(w)
			}
			if !done[j] {
				ins[j] = vocab.restore(lang, typed)
				lwts[j] = math.Pow(vocab.weightIn(lang, ins[j]), weightPower) * fillerShare(w)
				done[j] = true
			}
			return ins[j], lwts[j]
		}
		var word []query.Query
		for _, lang := range langs {
			if q.Lang != "" && lang != q.Lang {
				continue
			}
			typedIn, lwt := in(lang)
			if lwt < floor {
				continue // in most sections: it would cost more than it tells
			}
			word = append(word, c.match(typedIn, lang, "title_"+lang, boostTitle*lwt), c.match(typedIn, lang, "text_"+lang, boostText*lwt))
		}
		// The glossary, in each of its languages whatever the
		// rulebooks' (players ask in English about Polish rules).
		if wt >= floor {
			for _, lang := range rulesdata.Languages {
				typedIn, lwt := in(lang)
				if lwt < floor {
					continue
				}
				word = append(word, c.match(typedIn, lang, "about_"+lang, boostAbout*lwt))
			}
		}
		alias := 1.0
		if vocab.aliasWords != nil && !vocab.aliasWords[w] {
			alias = partialAlias
		}
		word = append(word, c.match(typed, "en", "aliases_en", boostAlias*alias*wt))
		if wt >= floor {
			for _, f := range foldFields {
				b := f.boost
				if f.name == "aliases_fold" {
					b *= alias
				}
				word = append(word, c.term(w, f.name, b*wt))
			}
		}
		// Typos: the rulebooks' words within one or two edits.
		if n := utf8.RuneCountInString(w); n >= fuzzyMinLen && wt >= floor {
			edits := 1
			if n >= fuzzyTwoLen || relaxed {
				edits = 2
			}
			var typos []query.Query
			for _, near := range vocab.near(w, edits, relaxed) {
				nwt := math.Pow(vocab.weight(near), weightPower)
				for _, f := range foldFields[:nameFoldFields] {
					if t := c.term(near, f.name, f.boost*boostFuzzy*nwt); t != nil {
						typos = append(typos, t)
					}
				}
			}
			if len(typos) > 0 {
				word = append(word, query.NewDisjunctionQuery(typos))
			}
		}
		// Inflected forms typed without diacritics, which the stemmers may
		// not recognise: the word without its last letters, as a prefix.
		if r := []rune(w); len(r) >= truncateMinLen && wt >= floor {
			cut := truncateBy
			if len(r) >= truncateLongLen {
				cut = truncateLongBy
			}
			word = append(word, c.prefixes(string(r[:len(r)-cut]), boostTruncated*wt))
		}
		// A relaxed query also looks for the word's root, and that of
		// the word without a prefix, in the glossary too: other
		// derivations of it ("uciekajacymi": ucieka, ucieczka;
		// "zamaskowanymi": maskowanie).
		if r := []rune(w); relaxed && len(r) > rootLen+truncateBy && wt >= floor {
			word = append(word, c.prefixesIn(foldFields, string(r[:rootLen]), boostRoot*wt))
			for _, rest := range unprefixed(w) {
				if rr := []rune(rest); len(rr) > rootLen {
					word = append(word, c.prefixesIn(foldFields, string(rr[:rootLen]), boostRoot*wt))
				}
			}
		}
		// The word being typed: the last one, unless the text ends with a
		// space.
		if i == last && typing && wt >= floor {
			word = append(word, c.prefixes(w, boostPrefix*wt))
		}
		group(word)
	}
	// Words typed next to each other that stand next to each other in a
	// title, an alias or the text ("prog bolu", "kriticke zraneni").
	var pairs []query.Query
	for i := 1; i < len(ws); i++ {
		wt := max(weights[i-1], weights[i]) // a pair is rarer than its words
		for _, f := range foldFields {
			if pq := c.pair(ws[i-1], ws[i], f.name, f.boost*boostPair*wt); pq != nil {
				pairs = append(pairs, pq)
			}
		}
	}
	group(pairs)

	var any query.Query = query.NewDisjunctionQuery(should)
	if len(should) == 0 {
		any = query.NewMatchNoneQuery()
	}
	var filters []query.Query
	if q.System != "" {
		t := query.NewTermQuery(q.System)
		t.SetField("system")
		filters = append(filters, t)
	}
	if q.Lang != "" {
		t := query.NewTermQuery(q.Lang)
		t.SetField("lang")
		filters = append(filters, t)
	}
	if len(filters) == 0 {
		return any
	}
	bq := query.NewBooleanQuery(nil, nil, nil)
	bq.AddMust(any)
	bq.AddFilter(query.NewConjunctionQuery(filters))
	return bq
}

// clauses makes the clauses of a query, leaving out those that can match
// no section (nil).
type clauses struct {
	lex      *lexicon
	analyze  analyzeFunc
	analyzed map[string][]string // "lang\x00text": analyze(lang, text)
}

// term returns a clause for a term in a field.
func (c *clauses) term(t, field string, boost float64) query.Query {
	if !c.lex.has(field, t) {
		return nil
	}
	q := query.NewTermQuery(t)
	q.SetField(field)
	q.SetBoost(boost)
	return q
}

// match returns a clause for text analyzed as the index analyzes a
// field in lang, as bleve's match query searches it (any of the terms),
// the text analyzed once for all the fields of a language.
func (c *clauses) match(text, lang, field string, boost float64) query.Query {
	terms := c.analyzeIn(lang, text)
	if !slices.ContainsFunc(terms, func(t string) bool { return c.lex.has(field, t) }) {
		return nil
	}
	if len(terms) == 1 {
		return c.term(terms[0], field, boost) // scored as the disjunction of one term
	}
	m := query.NewMatchQuery(text)
	m.SetField(field)
	m.SetBoost(boost)
	return m
}

// analyzeIn returns text analyzed as the index analyzes a field in lang,
// analyzing it once for all the fields of a language.
func (c *clauses) analyzeIn(lang, text string) []string {
	key := lang + "\x00" + text
	terms, ok := c.analyzed[key]
	if !ok {
		terms = c.analyze(lang, text)
		if c.analyzed == nil {
			c.analyzed = map[string][]string{}
		}
		c.analyzed[key] = terms
	}
	return terms
}

// prefixes returns a clause for the words starting with prefix in each
// folded field: the alternatives of the terms it starts, as bleve's prefix
// query searches them.
func (c *clauses) prefixes(prefix string, boost float64) query.Query {
	return c.prefixesIn(foldFields[:nameFoldFields], prefix, boost)
}

// prefixesIn is prefixes, in the given fields.
func (c *clauses) prefixesIn(fields []fieldBoost, prefix string, boost float64) query.Query {
	var qs []query.Query
	for _, f := range fields {
		terms := c.lex.withPrefix(f.name, prefix)
		if len(terms) == 0 {
			continue
		}
		alts := make([]query.Query, len(terms))
		for i, t := range terms {
			tq := query.NewTermQuery(t)
			tq.SetField(f.name)
			tq.SetBoost(f.boost * boost)
			alts[i] = tq
		}
		if len(alts) == 1 {
			// Bleve scores a disjunction of one clause as the clause
			// (its score times 1/1), which costs a searcher less.
			qs = append(qs, alts[0])
			continue
		}
		qs = append(qs, query.NewDisjunctionQuery(alts))
	}
	if len(qs) == 0 {
		return nil
	}
	return query.NewDisjunctionQuery(qs)
}

// pair returns a clause for two words standing next to each other in a
// field.
func (c *clauses) pair(a, b, field string, boost float64) query.Query {
	if !c.lex.has(field, a) || !c.lex.has(field, b) {
		return nil
	}
	pq := query.NewPhraseQuery([]string{a, b}, field)
	pq.SetBoost(boost)
	return pq
}

// typedAt returns the i-th word of a query as typed, with its diacritics
// (raw, lowerWords of the query), or folded (ws, its words) if the two
// split the query differently.
func typedAt(raw, ws []string, i int) string {
	if len(raw) == len(ws) {
		return raw[i]
	}
	return ws[i]
}

// lowerWords returns the lowercase words (runs of letters and digits) of
// s, with their diacritics.
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

func endsInSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsSpace(r)
}

// snippetLen is the length, in characters, of a snippet made without a
// highlighted match.
const snippetLen = 200

// snippet returns the highlighted fragment with the most marked words, of
// the section's text stemmed in its language or folded (where words typed
// without diacritics match), or the start of the section's text when only
// its title or aliases matched. The fragments are cut from the hit's term
// locations and the section's text held in memory (see bestFragment),
// without reading and decompressing the stored fields. sc is reused from
// one snippet to the next.
func (ix *Index) snippet(h *search.DocumentMatch, s *rulesdata.Section, sc *snippetScratch) string {
	texts := ix.texts(s)
	best, marks := "", 0
	for _, f := range [...]string{"text_" + s.Lang, "text_fold"} {
		terms := sc.order(h.FieldTermLocations, f)
		if terms == 0 {
			continue
		}
		if frag := bestFragment(sc, terms, texts); frag != "" {
			if n := strings.Count(frag, markBefore); n > marks {
				best, marks = frag, n
			}
		}
	}
	if best != "" {
		return strings.TrimSpace(best)
	}
	return texts.start
}

// snippetScratch holds one field's term locations while a snippet is cut,
// and is reused from one snippet to the next.
type snippetScratch struct {
	locs    []highlight.TermLocation
	ordered highlight.TermLocations // pointers into locs
	terms   []string                // the terms found in a fragment (see termsWithin)
}

// order puts the locations of a hit's terms in field into sc.ordered, as
// bleve's highlighter orders a hit's locations of a field
// (highlight.OrderTermLocations of the map DocumentMatch.Complete makes):
// by array positions, then by start, each location once however many
// clauses matched it. It returns how many different terms they are of.
func (sc *snippetScratch) order(ftls []search.FieldTermLocation, field string) int {
	sc.locs, sc.ordered, sc.terms = sc.locs[:0], sc.ordered[:0], sc.terms[:0]
	for _, l := range ftls {
		if l.Field != field {
			continue
		}
		sc.locs = append(sc.locs, highlight.TermLocation{Term: l.Term, ArrayPositions: l.Location.ArrayPositions,
			Pos: int(l.Location.Pos), Start: int(l.Location.Start), End: int(l.Location.End)})
		if !slices.Contains(sc.terms, l.Term) {
			sc.terms = append(sc.terms, l.Term)
		}
	}
	for i := range sc.locs {
		sc.ordered = append(sc.ordered, &sc.locs[i])
	}
	// Bleve's order (TermLocations.Less), then by term and position, so
	// that a location matched by several clauses is found next to itself
	// and kept once, as Locations.Dedupe keeps it.
	slices.SortFunc(sc.ordered, func(a, b *highlight.TermLocation) int {
		return cmp.Or(slices.Compare(a.ArrayPositions, b.ArrayPositions), cmp.Compare(a.Start, b.Start),
			strings.Compare(a.Term, b.Term), cmp.Compare(a.Pos, b.Pos), cmp.Compare(a.End, b.End))
	})
	sc.ordered = slices.CompactFunc(sc.ordered, func(a, b *highlight.TermLocation) bool {
		return a.Term == b.Term && a.Pos == b.Pos && a.Start == b.Start && a.End == b.End &&
			a.ArrayPositions.Equals(b.ArrayPositions)
	})
	return len(sc.terms)
}

// fragmentSeparator marks where a fragment cuts its text.
const fragmentSeparator = simplehighlighter.DefaultSeparator

// bestFragment returns the fragment of a text that bleve's simple
// highlighter finds best for a field's term locations, sc.ordered (of
// terms different terms), cut by runeFragmenter and formatted by
// markFormatter: of the fragments around each match, the first that holds
// the most different terms (bleve's highlighter keeps them in a heap that
// only a higher score climbs), marked "…" where it cuts the text.
// TestBestFragment checks it against bleve's highlighter.
func bestFragment(sc *snippetScratch, terms int, t *sectionTexts) string {
	var best *highlight.Fragment
	most := -1
	for f := range (runeFragmenter{t.chars}).fragments(t.plain, sc.ordered) {
		if n := sc.termsWithin(f); n > most {
			best, most = f, n
			if most == terms {
				break // it holds every term: no later fragment holds more
			}
		}
	}
	if best == nil {
		return ""
	}
	sc.ordered.MergeOverlapping()
	var b strings.Builder
	b.Grow(best.End - best.Start + 64)
	if best.Start != 0 {
		b.WriteString(fragmentSeparator)
	}
	writeMarked(&b, best, sc.ordered)
	if best.End != len(best.Orig) {
		b.WriteString(fragmentSeparator)
	}
	return b.String()
}

// termsWithin returns how many different terms of sc.ordered have a
// location within the fragment f, as bleve's simple fragment scorer
// scores it.
func (sc *snippetScratch) termsWithin(f *highlight.Fragment) int {
	sc.terms = sc.terms[:0]
	for _, l := range sc.ordered {
		if !l.ArrayPositions.Equals(f.ArrayPositions) {
			continue
		}
		if l.Start > f.End {
			break // the rest start later still
		}
		if l.Start >= f.Start && l.End <= f.End && !slices.Contains(sc.terms, l.Term) {
			sc.terms = append(sc.terms, l.Term)
		}
	}
	return len(sc.terms)
}

// sectionTexts are a section's texts that snippets are made of.
type sectionTexts struct {
	plain []byte     // the text as indexed (Section.Plain)
	start string     // its start, on one line, HTML-escaped: the snippet of a title match
	chars *charIndex // plain's characters (newCharIndex), or nil
}

// texts returns a section's texts for snippets, computed once.
func (ix *Index) texts(s *rulesdata.Section) *sectionTexts {
	if t, ok := ix.plain.Load(s.ID); ok {
		return t.(*sectionTexts)
	}
	plain := s.Plain()
	t := &sectionTexts{plain: []byte(plain), start: textStart(plain)}
	t.chars, _ = newCharIndex(t.plain)
	ix.plain.Store(s.ID, t)
	return t
}

// textStart returns the start of a text, on one line and HTML-escaped,
// cut at a space before snippetLen characters and marked "…" when longer.
func textStart(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) > snippetLen {
		r := []rune(text)[:snippetLen]
		if i := strings.LastIndexByte(string(r), ' '); i > snippetLen/2 {
			return html.EscapeString(string(r)[:i]) + "…"
		}
		return html.EscapeString(string(r)) + "…"
	}
	return html.EscapeString(text)
}
