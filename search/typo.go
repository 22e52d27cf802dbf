package search

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/mapping"

	"kostka/fold"
	"kostka/rulesdata"
)

// maxTypoCandidates is the most words of the rulebooks a typed word is
// expanded to when it may be a typo.
const maxTypoCandidates = 16

// vocabulary is every folded word of the rulebooks with the number of
// sections it is in (for weighing a query's words by how rare they are),
// in word order, so that the longer words with a first letter, which a
// typo may stand for, are a range of them (see withFirst and typoWord).
//
// The stemmed terms of each language count too, keyed "lang:term" ("pl:model"),
// over the sections in that language, so that an inflected word is as
// common as its stem.
type vocabulary struct {
	sections int                        // how many sections there are
	langs    map[string]int             // how many sections there are in each language
	df       counts                     // word or "lang:term": how many sections it is in
	analyze  analyzeFunc                // the index's analysis of a language, for queries
	forms    forms                      // the rulebooks' words with diacritics, by their folded forms
	typos    *recent[typoKey, []string] // near's latest answers
	// aliasWords are the sections' aliases of one word, folded (see
	// aliasWords).
	aliasWords map[string]bool
}

// analyzeFunc returns the terms the index holds for text in a rulebook
// language (stemmed, folded, without stop words).
type analyzeFunc func(lang, text string) []string

// analyzerOf returns the analysis of each rulebook language in m.
func analyzerOf(m mapping.IndexMapping) analyzeFunc {
	return func(lang, text string) []string {
		name, ok := langAnalyzer[lang]
		if !ok {
			return nil
		}
		a := m.AnalyzerNamed(name)
		if a == nil {
			return nil
		}
		var out []string
		for _, t := range a.Analyze([]byte(text)) {
			out = append(out, string(t.Term))
		}
		return out
	}
}

// analysisCacheSize is how many words' analyses in a language
// rememberAnalysis keeps at least (see recent).
const analysisCacheSize = 2048

// rememberAnalysis returns analyze, remembering its answers for the words
// analyzed lately (the words of queries; stemming a word costs more than
// looking it up), or nil if analyze is nil. Its answers are shared: they
// must not be changed.
func rememberAnalysis(analyze analyzeFunc) analyzeFunc {
	if analyze == nil {
		return nil
	}
	type key struct{ lang, text string }
	cache := newRecent[key, []string](analysisCacheSize)
	return func(lang, text string) []string {
		k := key{lang, text}
		if terms, ok := cache.get(k); ok {
			return terms
		}
		terms := analyze(lang, text)
		cache.put(k, terms)
		return terms
	}
}

// newVocabulary returns the vocabulary of sections, with the stemmed terms
// of each language unless analyze is nil.
func newVocabulary(sections []*rulesdata.Section, analyze analyzeFunc) vocabulary {
	langs, df := map[string]int{}, map[string]int{}
	for _, s := range sections {
		in := map[string]bool{}
		texts := append(s.Names(), s.Text)
		for _, text := range texts {
			for _, w := range words(text) {
				in[w] = true
			}
		}
		// The glossary's descriptions and terms, in every language.
		glossary := map[string][]string{}
		for _, lang := range rulesdata.Languages {
			glossary[lang] = append(slices.Clip(s.Terms[lang]), s.About[lang])
			for _, text := range glossary[lang] {
				for _, w := range words(text) {
					in[w] = true
				}
			}
		}
		if analyze != nil {
			langs[s.Lang]++
			for _, text := range texts {
				for _, t := range analyze(s.Lang, text) {
					in[s.Lang+":"+t] = true
				}
			}
			// Stemmed terms count the sections of their language
			// (langs): those of the glossary in the section's own.
			for _, text := range glossary[s.Lang] {
				for _, t := range analyze(s.Lang, text) {
					in[s.Lang+":"+t] = true
				}
			}
		}
		for w := range in {
			df[w]++
		}
	}
	v, err := parseVocabulary(formatVocabulary(len(sections), langs, df, newForms(sections)), nil)
	if err != nil {
		panic("search: a vocabulary does not read back: " + err.Error()) // formatVocabulary writes what parseVocabulary reads
	}
	v.analyze = rememberAnalysis(analyze) // from now on, the words of queries
	return v
}

// typoWord reports whether a word of the rulebooks is one that a typo may
// stand for: a word of at least fuzzyMinLen-1 letters, not a stemmed term.
func typoWord(w string) bool {
	return utf8.RuneCountInString(w) >= fuzzyMinLen-1 && !strings.Contains(w, ":")
}

// withFirst returns the range of the vocabulary's words that start with
// the letter r (UTF-8 orders words as their letters' code points do).
func (v vocabulary) withFirst(r rune) (lo, hi int) {
	lo = v.df.search(string(r))
	hi = v.df.len()
	if next := r + 1; utf8.ValidRune(next) {
		hi = v.df.search(string(next))
	}
	return lo, hi
}

// weight returns how distinctive a word is, from 0 (in every section) to 1
// (in one section, or none): its inverse document frequency as BM25
// computes it, over the most it can be.
func (v vocabulary) weight(w string) float64 {
	return idfWeight(v.df.get(w), v.sections)
}

// weightIn returns how distinctive a word typed in a query is among the
// sections in lang, by its stemmed term; 0 if it is a stop word there.
func (v vocabulary) weightIn(lang, typed string) float64 {
	if v.analyze == nil || v.langs[lang] == 0 {
		return v.weight(fold.String(typed))
	}
	terms := v.analyze(lang, typed)
	if len(terms) == 0 {
		return 0
	}
	w := 1.0
	for _, t := range terms {
		w = min(w, idfWeight(v.df.get(lang+":"+t), v.langs[lang]))
	}
	return w
}

// idfWeight is BM25's inverse document frequency of a term in df of n
// sections, over the most it can be (in one section): 1 for a term in no
// or one section, near 0 for one in every section.
func idfWeight(df, n int) float64 {
	if df <= 1 || n <= 1 {
		return 1
	}
	idf := math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
	return idf / math.Log(1+(float64(n)-0.5)/1.5)
}

// near returns the words of the rulebooks closest to w (other than w
// itself) if they are within maxEdits edits. Like most typo-tolerant search,
// it trusts the first letter, unless anyFirst. The answer is shared: it
// must not be changed.
func (v vocabulary) near(w string, maxEdits int, anyFirst bool) []string {
	k := typoKey{w, maxEdits, anyFirst}
	if near, ok := v.typos.get(k); ok {
		return near
	}
	near := v.nearAll(w, maxEdits, anyFirst)
	v.typos.put(k, near)
	return near
}

// typoCacheSize is how many words' typo candidates vocabulary keeps at
// least (see recent).
const typoCacheSize = 1024

type typoKey struct {
	word     string
	edits    int
	anyFirst bool
}

// recent remembers the answers of some work for its latest keys (a word
// is typed again and again in a game, and the rulebooks do not change):
// kept in two generations of at most size keys, the older forgotten when
// the newer is full. A nil *recent remembers nothing.
type recent[K comparable, V any] struct {
	size      int
	mu        sync.Mutex
	cur, prev map[K]V
}

func newRecent[K comparable, V any](size int) *recent[K, V] {
	return &recent[K, V]{size: size}
}

func (c *recent[K, V]) get(k K) (V, bool) {
	if c == nil {
		var zero V
		return zero, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		return v, true
	}
	v, ok := c.prev[k]
	if ok {
		c.putLocked(k, v)
	}
	return v, ok
}

func (c *recent[K, V]) put(k K, v V) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, v)
}

func (c *recent[K, V]) putLocked(k K, v V) {
	if c.cur == nil || len(c.cur) >= c.size {
		// A new generation once one has filled is made at its full size
		// (growing it step by step cost BenchmarkSearch 2 of its 53 kB
		// a search); the first starts small, for a cold start.
		c.prev, c.cur = c.cur, make(map[K]V, len(c.cur))
	}
	c.cur[k] = v
}

// nearAll is near, computed: the distance to every word of the
// rulebooks that starts with the same letter (any letter if anyFirst).
func (v vocabulary) nearAll(w string, maxEdits int, anyFirst bool) []string {
	type cand struct {
		word string
		d    int
	}
	var cands []cand
	wr := []rune(w)
	var buf [32]rune
	visit := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			c := v.df.word(i)
			if c == w || abs(utf8.RuneCountInString(c)-len(wr)) > maxEdits || !typoWord(c) {
				continue
			}
			cr := buf[:0]
			for _, r := range c {
				cr = append(cr, r)
			}
			if d := editDistance(wr, cr, maxEdits); d <= maxEdits {
				cands = append(cands, cand{c, d})
			}
		}
	}
	if anyFirst {
		visit(0, v.df.len())
	} else {
		first, _ := utf8.DecodeRuneInString(w)
		visit(v.withFirst(first))
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.word, b.word)) })
	// Only the closest: a word one edit away is a likelier meaning than
	// any two edits away.
	if i := slices.IndexFunc(cands, func(c cand) bool { return c.d > cands[0].d }); i >= 0 {
		cands = cands[:i]
	}
	out := make([]string, 0, min(len(cands), maxTypoCandidates))
	for _, c := range cands[:min(len(cands), maxTypoCandidates)] {
		out = append(out, c.word)
	}
	return out
}

// editDistance returns the Damerau-Levenshtein distance (optimal string
// alignment: insertions, deletions, substitutions and swaps of neighbours)
// between a and b, or max+1 once it is sure to exceed max. Only the cells
// within max of the table's diagonal are computed (those farther are
// sure to exceed max), on the stack for words of up to 32 letters.
func editDistance(a, b []rune, max int) int {
	if abs(len(a)-len(b)) > max {
		return max + 1
	}
	over := max + 1 // any distance known to exceed max
	n := len(b) + 1
	var buf [3 * 33]int
	rows := buf[:]
	if 3*n > len(buf) {
		rows = make([]int, 3*n)
	}
	prev2, prev, cur := rows[:n], rows[n:2*n], rows[2*n:3*n]
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := i-max, min(len(b), i+max)
		if lo <= 1 {
			lo = 1
			cur[0] = min(i, over)
		} else {
			cur[lo-1] = over
		}
		if hi < len(b) {
			cur[hi+1] = over // read as prev[hi+1] by the next row
		}
		rowMin := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = min(d, over)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return over
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String returns the vocabulary as parseVocabulary reads it: the number
// of sections, then the number of sections in each language ("=lang n"),
// then each word and the number of sections it is in, sorted by word, one
// a line, then a line "~" and the forms with diacritics (see forms).
func (v vocabulary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", v.sections)
	for _, lang := range slices.Sorted(maps.Keys(v.langs)) {
		fmt.Fprintf(&b, "=%s %d\n", lang, v.langs[lang])
	}
	b.WriteString(v.df.text)
	b.WriteString(formsMark)
	b.WriteString(v.forms.text)
	return b.String()
}

// formsMark is the line of a vocabulary's text before its forms.
const formsMark = "~\n"

// formatVocabulary writes a vocabulary of sections sections, langs (the
// sections in each language), df (the sections each word is in) and f as
// String does.
func formatVocabulary(sections int, langs, df map[string]int, f forms) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", sections)
	for _, lang := range slices.Sorted(maps.Keys(langs)) {
		fmt.Fprintf(&b, "=%s %d\n", lang, langs[lang])
	}
	for _, w := range slices.Sorted(maps.Keys(df)) {
		fmt.Fprintf(&b, "%s %d\n", w, df[w])
	}
	b.WriteString(formsMark)
	b.WriteString(f.text)
	return b.String()
}

// parseVocabulary reads a vocabulary written by String, with the analysis
// of the index it was built from. The words are read in place from s
// (see counts), which a start-up pays for with a scan of its lines
// instead of a map of every word.
func parseVocabulary(s string, analyze analyzeFunc) (vocabulary, error) {
	head, rest, _ := strings.Cut(s, "\n")
	n, err := strconv.Atoi(head)
	if err != nil {
		return vocabulary{}, fmt.Errorf("search: the vocabulary's first line: %w", err)
	}
	v := vocabulary{sections: n, langs: map[string]int{}, analyze: rememberAnalysis(analyze), typos: newRecent[typoKey, []string](typoCacheSize)}
	for strings.HasPrefix(rest, "=") {
		line, after, _ := strings.Cut(rest, "\n")
		lang, num, ok := strings.Cut(line[1:], " ")
		df, err := strconv.Atoi(num)
		if !ok || err != nil {
			return vocabulary{}, fmt.Errorf("search: bad vocabulary line %q", line)
		}
		v.langs[lang] = df
		rest = after
	}
	// The forms stay in place, read only when looked up.
	if strings.HasPrefix(rest, formsMark) {
		v.forms.text, rest = rest[len(formsMark):], ""
	} else if i := strings.Index(rest, "\n"+formsMark); i >= 0 {
		v.forms.text, rest = rest[i+1+len(formsMark):], rest[:i+1]
	}
	if f := v.forms.text; f != "" && !strings.HasSuffix(f, "\n") {
		return vocabulary{}, fmt.Errorf("search: the vocabulary's forms do not end a line")
	}
	v.forms = newFormsText(v.forms.text)
	if v.df, err = parseCounts(rest); err != nil {
		return vocabulary{}, err
	}
	return v, nil
}

// counts are words, each with a number, read from the lines "word number"
// of a text sorted by word: the words stay in the text, found by binary
// search, with no map of them and no copy.
type counts struct {
	text   string
	starts []int32 // where each word starts
	ends   []int32 // and ends
	nums   []int32 // each word's number
}

// parseCounts reads the lines of text as counts. Each must be a word, a
// space and a number, after the line before in word order.
func parseCounts(text string) (counts, error) {
	if len(text) > math.MaxInt32 {
		return counts{}, fmt.Errorf("search: the vocabulary is too long")
	}
	n := strings.Count(text, "\n")
	c := counts{text: text, starts: make([]int32, 0, n), ends: make([]int32, 0, n), nums: make([]int32, 0, n)}
	prev := ""
	for i := 0; i < len(text); {
		line, _, _ := strings.Cut(text[i:], "\n")
		w, num, ok := strings.Cut(line, " ")
		x, err := strconv.ParseInt(num, 10, 32)
		if !ok || w == "" || err != nil || x < 0 || (len(c.starts) > 0 && w <= prev) {
			return counts{}, fmt.Errorf("search: bad vocabulary line %q", line)
		}
		c.starts = append(c.starts, int32(i))
		c.ends = append(c.ends, int32(i+len(w)))
		c.nums = append(c.nums, int32(x))
		prev = w
		i += len(line) + 1
	}
	return c, nil
}

// len returns how many words there are.
func (c counts) len() int { return len(c.starts) }

// word returns the i-th word.
func (c counts) word(i int) string { return c.text[c.starts[i]:c.ends[i]] }

// search returns the index of the first word not before w.
func (c counts) search(w string) int {
	lo, hi := 0, c.len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if c.word(m) < w {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// get returns w's number, or 0 if w is not one of the words.
func (c counts) get(w string) int {
	if i := c.search(w); i < c.len() && c.word(i) == w {
		return int(c.nums[i])
	}
	return 0
}

// weakWeight is the weight (see vocabulary.weight) below which a word is
// too common to answer a query on its own.
const weakWeight = 0.5

// maxTypoRate is the most edits per letter of a typo that is still a close
// match: "zaslona" for "oslona" (2 in 7) is, "xyzzy" for "wyzszy" (2 in
// 5) is not.
const maxTypoRate = 0.3

// weak reports whether what was typed can only be answered weakly: some
// word is found in the rulebooks in no form (as typed, stemmed, as the
// start of a word, or as a close typo), and the words that are found are
// common ones or question words ("xyzzy", "jak xyzzy", "what is xyzzy").
func (v vocabulary) weak(text string) bool {
	ws, raw := words(text), lowerWords(text)
	var unknown []string
	for i, w := range ws {
		typed := w
		if len(raw) == len(ws) {
			typed = raw[i]
		}
		switch {
		case !v.known(w, typed):
			unknown = append(unknown, w)
		case v.weight(w)*fillerShare(w) >= weakWeight:
			return false // a distinctive word (not a question word) is found as typed
		}
	}
	for _, w := range unknown {
		if v.closeTypo(w) {
			return false // a typo of a word of the rulebooks
		}
	}
	return len(unknown) > 0
}

// known reports whether a word typed is in the rulebooks as typed,
// stemmed in a rulebook language, or as the start of a longer word.
func (v vocabulary) known(w, typed string) bool {
	if v.df.get(w) > 0 {
		return true
	}
	for lang := range v.langs {
		if v.analyze == nil {
			break
		}
		for _, t := range v.analyze(lang, v.restore(lang, typed)) {
			if v.df.get(lang+":"+t) > 0 {
				return true
			}
		}
	}
	// The start of a longer word that a typo may stand for.
	for i := v.df.search(w); i < v.df.len() && strings.HasPrefix(v.df.word(i), w); i++ {
		if typoWord(v.df.word(i)) {
			return true
		}
	}
	return false
}

// closeTypo reports whether a rulebook word is within the typos a search
// allows of w, and at most maxTypoRate edits per letter away.
func (v vocabulary) closeTypo(w string) bool {
	n := utf8.RuneCountInString(w)
	if n < fuzzyMinLen {
		return false
	}
	if len(v.near(w, 1, false)) > 0 {
		return true // one edit, first letter right
	}
	near := v.near(w, 2, true)
	if len(near) == 0 {
		return false
	}
	d := editDistance([]rune(w), []rune(near[0]), 2)
	return float64(d) <= maxTypoRate*float64(n)
}
