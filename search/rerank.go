package search

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"

	"kostka/fold"
	"kostka/rulesdata"
)

// Reranking: each hit's score grows, relative to the best hit's, by how
// much of the query's weight (see vocabulary.weight) its names and its
// text hold, so that the query's distinctive words decide and not the
// fields a common word happens to match in.
const (
	// rerankTitle is the growth when the title names every word of the
	// query (by weight).
	rerankTitle = 2.0
	// aliasShare is how much a word named by an alias or search term only,
	// not by the title, counts: a section's own title names it better than
	// another name ("amunicja": Amunicja before LA, also called Limitowana
	// amunicja).
	aliasShare = 0.75
	// rerankName is the growth when the query names every word of one of
	// the section's names, times the share of the query its names cover to
	// the power namePower: of two sections whose names the query matches,
	// the one it names whole comes first ("amunicja": Amunicja before
	// Limitowana amunicja), unless the name covers only the query's common
	// words (a section called "Teren" for "neprostupny teren").
	rerankName = 0.5
	namePower  = 3.0
	// rerankText is the growth when the section holds every word of the
	// query (by weight) anywhere: of two sections with a query word in
	// their titles, the one whose text also holds the query's other
	// distinctive words gains on the one that has only the title.
	rerankText = 0.75
	// rerankExact is the growth when the query is the section's title
	// (or its part before an English name in brackets), aliasShare of it
	// when it is an alias: bleve ranks every
	// exact name first, and of those the title's section comes before the
	// sections that have it as an alias ("odpornosc": Odporność (O) before
	// Rzut Odporności, also called Odporność).
	rerankExact = 1.0
	// rerankGlossary is the growth when the section's glossary entry (its
	// description and terms, in any language) holds every word of the
	// query (by weight): "unit that can never move" is Nieruchomy's
	// description, whose book says it in Polish only.
	rerankGlossary = 1.5
	// rerankSequence is the growth of a section whose glossary entry
	// holds both actions of a question naming one after the other
	// ("charge after shooting"; see sequences): its description says
	// what the rule does, so the rule is about the two together.
	rerankSequence = 1.0
	// rerankLang is the growth of a section in the language the query is
	// asked in (see queryLang): of sections of different rulebooks that
	// answer alike ("muzu strilet po behu": running, in a Polish and in
	// the Czech book), the one in the player's language.
	rerankLang = 0.5
	// rerankPhrase is the growth when every word of the query (by
	// weight) stands beside a neighbour of it in the query in the
	// section's glossary entry as well (see glossaryPairs): a player who
	// names a rule's effect says it in the words of its description
	// ("-1 do wszystkich testów": Ogłuszenie), while the sections that
	// hold the same words apart only share the subject.
	rerankPhrase = 1.0
	// minPhraseWords is the fewest words of a query that rerankPhrase
	// applies to: a name of two words said whole is an exact name or
	// glossary term (see rerankExact).
	minPhraseWords = 3
	// termShare is how much a word named by a glossary term of a section
	// only (rulesdata.Section.Terms), not by its title or aliases, counts:
	// less than an alias, the book's own name.
	termShare = 0.5
)

// rootLen is the shortest common start of two words that makes them
// forms of one word ("oslona", "oslonie"; "miekka", "miekkiej").
const rootLen = 5

// sameRoot reports whether two folded words may be forms of one word:
// equal, or sharing their first rootLen letters ("oslona", "oslonie"), or
// three or more and all but the last letter of the shorter when it has
// four or more ("meri", "mereni"), or a word of three letters and one up
// to two letters longer starting with it ("ran", "rany"), or one typo
// apart when both have five letters or more ("kryticke", "kriticke").
func sameRoot(a, b string) bool {
	if a == b {
		return true
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	short := min(len(a), len(b))
	if n >= rootLen || (short >= 4 && n >= 3 && n >= short-1) || (short == 3 && n == 3 && abs(len(a)-len(b)) <= 2) {
		return true
	}
	return short >= rootLen && abs(len(a)-len(b)) <= 1 && oneEdit(a, b)
}

// oneEdit reports whether a and b are at most one edit apart (see
// editDistance), without allocating for ASCII words (folded words mostly
// are).
func oneEdit(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		return editDistance([]rune(a), []rune(b), 1) <= 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch {
	case i == len(a):
		return len(b)-len(a) <= 1
	case len(a) < len(b):
		return a[i:] == b[i+1:] // an insertion
	case a[i+1:] == b[i+1:]:
		return true // a substitution
	default: // a swap of neighbours
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// verbPrefixes are the folded prefixes that make a Czech or Polish verb
// or noun from another ("zamířit", "mířit"; "přehodit", "hodit").
var verbPrefixes = []string{"do", "na", "nad", "o", "ob", "od", "po", "pod", "pre", "pri", "pro", "prze", "przy", "roz", "s", "u", "v", "vy", "vz", "w", "wy", "z", "za"}

// formOf reports whether a word typed, w, may be a form of the word n of a
// rulebook (see sameRoot), also with a prefix that n has not, when what
// remains has rootLen letters or more ("zamireni", "mireni").
func formOf(w, n string) bool {
	return formOfRests(w, unprefixed(w), n)
}

// unprefixed returns what remains of w without each of verbPrefixes it
// starts with, where rootLen letters or more remain.
func unprefixed(w string) []string {
	var rests []string
	for _, p := range verbPrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= rootLen {
			rests = append(rests, rest)
		}
	}
	return rests
}

// formOfRests is formOf(w, n), given unprefixed(w).
func formOfRests(w string, rests []string, n string) bool {
	if sameRoot(w, n) {
		return true
	}
	if len(n) < rootLen {
		return false
	}
	for _, rest := range rests {
		if sameRoot(rest, n) {
			return true
		}
	}
	return false
}

// queryWord is a word of the query, with its weight and its stems in each
// rulebook language.
type queryWord struct {
	word   string
	rests  []string // unprefixed(word)
	weight float64
	// stems are its stems in each language of rulesdata.Languages, in
	// its order (none: a stop word there), if analyzed: an array, not a
	// map by language, which was a tenth of a search's allocated bytes.
	stems    [maxLangs][]string
	analyzed bool
}

// stemsIn returns the query word's stems in lang, and whether it was
// analyzed in lang.
func (q *queryWord) stemsIn(lang string) ([]string, bool) {
	i := slices.Index(rulesdata.Languages, lang)
	if !q.analyzed || i < 0 || i >= maxLangs {
		return nil, false
	}
	return q.stems[i], true
}

// formOf is formOf(q.word, n).
func (q *queryWord) formOf(n string) bool {
	return formOfRests(q.word, q.rests, n)
}

// queryWords returns the words ws of text, weighed and stemmed. A word
// weighs by the rarity of its form in the rulebooks; a form in one section
// or none by that of its stem in a rulebook's language, where that is
// commoner: an inflected form can be rare where its word is not
// ("trafieniu", after being hit, in a question about the -1 of being
// stunned: "trafienie" is in most sections about attacks).
func (ix *Index) queryWords(ws []string, text string) []queryWord {
	raw := lowerWords(text)
	qws := make([]queryWord, len(ws))
	for i, w := range ws {
		typed := w
		if len(raw) == len(ws) {
			typed = raw[i]
		}
		wt := ix.vocab.weight(w)
		rare := ix.vocab.df.get(w) <= 1
		qws[i] = queryWord{word: w, rests: unprefixed(w)}
		if ix.vocab.analyze != nil {
			// Every language: the glossary is in all of them.
			qws[i].analyzed = true
			for j, lang := range rulesdata.Languages[:min(len(rulesdata.Languages), maxLangs)] {
				qws[i].stems[j] = ix.vocab.analyze(lang, ix.vocab.restore(lang, typed))
				if n := ix.vocab.langs[lang]; n > 0 && rare {
					for _, t := range qws[i].stems[j] {
						if df := ix.vocab.df.get(lang + ":" + t); df > 0 {
							wt = min(wt, idfWeight(df, n))
						}
					}
				}
			}
		}
		qws[i].weight = wt * fillerShare(w)
	}
	return qws
}

// weightIn returns the weight of a query word for a section in lang: 0 for
// a stop word of lang ("se", "jak"), which tells nothing there however
// rare it is in the other rulebooks.
func (q *queryWord) weightIn(lang string) float64 {
	if stems, ok := q.stemsIn(lang); ok && len(stems) == 0 {
		return 0
	}
	return q.weight
}

// textRootLen is the shortest common start of two words of rootLen
// letters or more that makes them forms of one word in a section's text
// (see textRoot).
const textRootLen = 4

// textRoot reports whether two folded words of rootLen letters or more
// share their first textRootLen letters: Czech and Polish forms of a verb
// may differ after them ("spadla", "spadne"; "strzelanie", "strzal"). It
// only says whether a section holds a word of the query, where a wrong
// match costs little; names are matched by sameRoot.
func textRoot(a, b string) bool {
	return len(a) >= rootLen && len(b) >= rootLen && a[:textRootLen] == b[:textRootLen]
}

// hitTerm is a term a hit matched, once however many locations and
// fields it matched in.
type hitTerm struct {
	term      string
	aboutLang string // the language of the glossary description it matched in, if any
	termsFold bool   // whether it matched in the glossary's terms, folded
}

// hitTerms returns the different terms a hit matched, in scratch.
func hitTerms(h *search.DocumentMatch, scratch []hitTerm) []hitTerm {
	out := scratch[:0]
	for _, l := range h.FieldTermLocations {
		lang, _ := strings.CutPrefix(l.Field, "about_")
		if lang == l.Field {
			lang = ""
		}
		ht := hitTerm{term: l.Term, aboutLang: lang, termsFold: l.Field == "terms_fold"}
		if n := len(out); n > 0 && out[n-1] == ht {
			continue // another location of the term just looked at
		}
		if !slices.Contains(out, ht) {
			out = append(out, ht)
		}
	}
	return out
}

// matched reports whether the hit matched a form of the query word (see
// formOf and textRoot), or one of its stems in lang, in any field; terms
// are the hit's (hitTerms).
func (q *queryWord) matched(terms []hitTerm, lang string) bool {
	stems, _ := q.stemsIn(lang)
	for i, ht := range terms {
		t := ht.term
		if i > 0 && terms[i-1].term == t {
			continue // the same term, in another field
		}
		if slices.Contains(stems, t) {
			return true
		}
		for part := range strings.FieldsSeq(t) {
			if q.formOf(part) || textRoot(q.word, part) {
				return true
			}
		}
	}
	return false
}

// hasStem reports whether t is one of the query word's stems in lang.
func (q *queryWord) hasStem(lang, t string) bool {
	stems, _ := q.stemsIn(lang)
	return slices.Contains(stems, t)
}

// inGlossary reports whether the hit matched the query word in its
// glossary entry: about_<lang>, by a stem in that language, or
// terms_fold, as a form of it; terms are the hit's (hitTerms).
func (q *queryWord) inGlossary(terms []hitTerm) bool {
	for _, ht := range terms {
		switch {
		case ht.aboutLang != "" && q.hasStem(ht.aboutLang, ht.term):
			return true
		case ht.termsFold && q.formOf(ht.term):
			return true
		}
	}
	return false
}

// glossaryWords returns the folded words of a section's glossary terms
// (rulesdata.Section.Terms), in every language, sorted and each once
// (see queryWord.formOfAny), computed once: the first time a search ranks
// the section, not when the index is opened (where they cost a cold start
// 0.4 MB and a tenth of a millisecond).
func (ix *Index) glossaryWords(s *rulesdata.Section) []string {
	if t, ok := ix.termWords.Load(s.ID); ok {
		return t.([]string)
	}
	var out []string
	for _, lang := range rulesdata.Languages {
		for _, t := range s.Terms[lang] {
			out = append(out, words(t)...)
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	ix.termWords.Store(s.ID, out)
	return out
}

// pairKeyLen is how many first bytes of each of two words make the key of
// the pair (see pairKey): enough to tell words apart, few enough that
// forms of a word ("trafienie", "trafieniu") share it.
const pairKeyLen = rootLen

// pairKey returns the key of two folded words standing next to each other:
// a 64-bit FNV-1a hash of their first pairKeyLen bytes, never 0. A hash
// rather than the words: a section's pairs take 8 bytes each, not 40.
func pairKey(a, b string) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, w := range [2]string{a, b} {
		for i := range min(len(w), pairKeyLen) {
			h = (h ^ uint64(w[i])) * prime
		}
		h = (h ^ ' ') * prime
	}
	return max(h, 1)
}

// queryPairs returns the keys (pairKey) of the pairs of neighbouring words
// of a query, the i-th of words i and i+1, 0 for a pair of question words
// or filler ("co se", "jak się"), which tells nothing; none for a query of
// fewer than minPhraseWords words.
func queryPairs(qws []queryWord) []uint64 {
	if len(qws) < minPhraseWords {
		return nil
	}
	out := make([]uint64, len(qws)-1)
	for i := range out {
		if fillerShare(qws[i].word) == 1 || fillerShare(qws[i+1].word) == 1 {
			out[i] = pairKey(qws[i].word, qws[i+1].word)
		}
	}
	return out
}

// glossaryPairs returns the keys (pairKey) of the pairs of words standing
// next to each other in a section's glossary entry, its descriptions and
// terms in every language, sorted and each once, computed once: the first
// time a search ranks the section.
func (ix *Index) glossaryPairs(s *rulesdata.Section) []uint64 {
	if t, ok := ix.pairs.Load(s.ID); ok {
		return t.([]uint64)
	}
	var out []uint64
	add := func(text string) {
		ws := words(text)
		for i := 1; i < len(ws); i++ {
			out = append(out, pairKey(ws[i-1], ws[i]))
		}
	}
	for _, lang := range rulesdata.Languages {
		add(s.About[lang])
		for _, t := range s.Terms[lang] {
			add(t)
		}
	}
	slices.Sort(out)
	out = slices.Clip(slices.Compact(out))
	ix.pairs.Store(s.ID, out)
	return out
}

// wholeTerms returns a section's glossary terms (rulesdata.Section.Terms),
// in every language, each as its folded words joined by spaces
// (normalizeName), sorted and each once, computed once, like
// glossaryWords: the first time a search ranks the section.
func (ix *Index) wholeTerms(s *rulesdata.Section) []string {
	if t, ok := ix.termsWhole.Load(s.ID); ok {
		return t.([]string)
	}
	var out []string
	for _, lang := range rulesdata.Languages {
		for _, t := range s.Terms[lang] {
			out = append(out, normalizeName(t))
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	ix.termsWhole.Store(s.ID, out)
	return out
}

// formOfAny reports whether a word of sorted (sorted and each once) is a
// form of the query word (see formOf), among those starting with the
// query word's first letter or that of one of its rests: a typo in the
// first letter is not looked for (as the typos of a search are not).
// Looking only there, rather than at every word, took a third off
// ranking the hits (BenchmarkSearch: shares from 16% to 11% of a
// search's time).
func (q *queryWord) formOfAny(sorted []string) bool {
	from := func(b byte) bool {
		i, _ := slices.BinarySearch(sorted, string(b))
		for ; i < len(sorted) && sorted[i][0] == b; i++ {
			if q.formOf(sorted[i]) {
				return true
			}
		}
		return false
	}
	if q.word != "" && from(q.word[0]) {
		return true
	}
	for _, r := range q.rests {
		if r[0] != q.word[0] && from(r[0]) {
			return true
		}
	}
	return false
}

// titleWord is a folded word of a section's title with its stems in the
// section's language (none for a stop word).
type titleWord struct {
	word  string
	stems []string
}

// titleWords returns the words of a section's title, each once, with
// their stems, computed once: a list, which a title's few words are
// looked through faster than a map.
func (ix *Index) titleWords(s *rulesdata.Section) []titleWord {
	if t, ok := ix.stems.Load(s.ID); ok {
		return t.([]titleWord)
	}
	var out []titleWord
	for _, w := range lowerWords(s.Title) {
		tw := titleWord{word: fold.String(w), stems: []string{fold.String(w)}}
		if ix.vocab.analyze != nil {
			tw.stems = ix.vocab.analyze(s.Lang, w)
		}
		if i := slices.IndexFunc(out, func(o titleWord) bool { return o.word == tw.word }); i >= 0 {
			out[i] = tw
			continue
		}
		out = append(out, tw)
	}
	ix.stems.Store(s.ID, out)
	return out
}

// stemsOf returns the stems of a word of the title, and whether it is
// one.
func stemsOf(title []titleWord, w string) ([]string, bool) {
	for _, tw := range title {
		if tw.word == w {
			return tw.stems, true
		}
	}
	return nil, false
}

// names reports whether a query word names a word of a rulebook: as a
// form of it (see formOf), or by a common stem.
func (q *queryWord) names(lang, n string, stems []string) bool {
	own, _ := q.stemsIn(lang)
	return q.formOf(n) || slices.ContainsFunc(own, func(t string) bool { return slices.Contains(stems, t) })
}

// anyWord reports whether f holds for a word of qws, without copying
// them.
func anyWord(qws []queryWord, f func(*queryWord) bool) bool {
	for i := range qws {
		if f(&qws[i]) {
			return true
		}
	}
	return false
}

// hitShares are the shares of the query's weight that a hit's names and
// text hold.
type hitShares struct {
	title    float64 // named by its title, or (at aliasShare) its other names, (at termShare) its glossary terms
	whole    float64 // the most of one of its names the query names
	text     float64 // found anywhere in it, its glossary entry included
	glossary float64 // found in its glossary entry
	sequence float64 // 1 if its glossary entry holds both actions of a sequence
	phrase   float64 // standing beside a neighbour of it in the query, in its glossary entry
}

// shares measures how much of the query a section holds.
// qpairs are the query's pairs of words (see queryPairs).
func (ix *Index) shares(h *search.DocumentMatch, s *rulesdata.Section, qws []queryWord, seqs [][2]int, qpairs []uint64, scratch *[]hitTerm) hitShares {
	terms := hitTerms(h, *scratch)
	*scratch = terms
	var sh hitShares
	for _, p := range seqs {
		if qws[p[0]].inGlossary(terms) && qws[p[1]].inGlossary(terms) {
			sh.sequence = 1
		}
	}
	names := ix.nameWords[h.ID]
	title := ix.titleWords(s)
	_, short := shortTitle(s)
	isTitle := func(j int) bool { return j == 0 || (short && j == len(names)-1) }
	total := 0.0
	for i := range qws {
		q := &qws[i]
		wt := q.weightIn(s.Lang)
		total += wt
		if wt == 0 {
			continue
		}
		named := 0.0
		for _, tw := range title {
			if q.names(s.Lang, tw.word, tw.stems) {
				named = 1
				break
			}
		}
		if named == 0 && slices.ContainsFunc(names, func(name []string) bool {
			return slices.ContainsFunc(name, q.formOf)
		}) {
			named = aliasShare
		}
		if named == 0 && fillerShare(q.word) == 1 && q.formOfAny(ix.glossaryWords(s)) {
			named = termShare
		}
		sh.title += named * wt
		if named > 0 || q.matched(terms, s.Lang) {
			sh.text += wt
		}
		if q.inGlossary(terms) {
			sh.glossary += wt
		}
	}
	if total == 0 {
		return hitShares{sequence: sh.sequence}
	}
	if len(qpairs) > 0 {
		pairs := ix.glossaryPairs(s)
		paired := func(i int) bool {
			if i < 0 || i >= len(qpairs) || qpairs[i] == 0 {
				return false
			}
			_, ok := slices.BinarySearch(pairs, qpairs[i])
			return ok
		}
		phrased := 0.0
		for i := range qws {
			if paired(i-1) || paired(i) {
				phrased += qws[i].weightIn(s.Lang)
			}
		}
		sh.phrase = phrased / total
	}
	sh.title /= total
	sh.text /= total
	sh.glossary /= total
	for j, name := range names {
		n, words := 0, 0
		for _, w := range name {
			if isTitle(j) {
				stems, ok := stemsOf(title, w)
				if ok && len(stems) == 0 {
					continue // a stop word
				}
				words++
				if anyWord(qws, func(q *queryWord) bool { return q.names(s.Lang, w, stems) }) {
					n++
				}
				continue
			}
			words++
			if anyWord(qws, func(q *queryWord) bool { return q.formOf(w) }) {
				n++
			}
		}
		if words > 0 {
			share := float64(n) / float64(words)
			if !isTitle(j) {
				share *= aliasShare
			}
			sh.whole = max(sh.whole, share)
		}
	}
	return sh
}

// rerank adds to each hit's score, relative to the best score, the shares
// of the query's weight that its title and other names name and that it
// holds at all (see hitShares): bleve's scores add up every field a word
// matches in, so a short section repeating a word, or one with a common
// word of the query in its title, can outrank the section that holds what
// was asked. Scores are rounded (see roundScore) and ties ordered by id.
func (ix *Index) rerank(hits []*search.DocumentMatch, text string) {
	for _, h := range hits {
		h.Score = roundScore(h.Score)
	}
	if len(hits) > 0 {
		ws := words(text)
		qws := ix.queryWords(ws, text)
		var scratch []hitTerm
		seqs := sequences(ws)
		qpairs := queryPairs(qws)
		lang := ix.queryLang(qws)
		whole := strings.Join(ws, " ")
		top := slices.MaxFunc(hits, func(a, b *search.DocumentMatch) int { return cmp.Compare(a.Score, b.Score) }).Score
		for _, h := range hits {
			s, ok := ix.byID[h.ID]
			if !ok {
				continue // Search reports it
			}
			sh := ix.shares(h, s, qws, seqs, qpairs, &scratch)
			exact := 0.0
			if names := ix.nameWords[h.ID]; len(names) > 0 {
				_, short := shortTitle(s)
				if slices.Equal(ws, names[0]) || (short && slices.Equal(ws, names[len(names)-1])) {
					exact = 1
				} else if slices.ContainsFunc(names, func(n []string) bool { return slices.Equal(ws, n) }) {
					// An alias: before a section that has it as a
					// glossary term only.
					exact = aliasShare
				}
			}
			if _, isTerm := slices.BinarySearch(ix.wholeTerms(s), whole); exact == 0 && isTerm {
				// A glossary term, said whole: as an alias, before the
				// sections whose names hold only some of its words
				// ("model on fire": SB, whose term it is, before Focus
				// Fire and Suppression Fire).
				exact = aliasShare
			}
			inLang := 0.0
			if s.Lang == lang {
				inLang = 1
			}
			h.Score = roundScore(h.Score + top*(rerankExact*exact+rerankTitle*sh.title+rerankName*sh.whole*math.Pow(sh.title, namePower)+rerankText*sh.text+rerankGlossary*sh.glossary+rerankSequence*sh.sequence+rerankPhrase*sh.phrase+rerankLang*inLang))
		}
	}
	slices.SortStableFunc(hits, func(a, b *search.DocumentMatch) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.ID, b.ID))
	})
}
