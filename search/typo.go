package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"kostka/rulesdata"
)

// maxTypoCandidates is the most words of the rulebooks a typed word is
// expanded to when it may be a typo.
const maxTypoCandidates = 16

// vocabulary is every folded word of the rulebooks, grouped by first
// letter, for typo tolerance.
type vocabulary map[rune][]string

func newVocabulary(sections []*rulesdata.Section) vocabulary {
	seen := map[string]bool{}
	v := vocabulary{}
	add := func(s string) {
		for _, w := range words(s) {
			if seen[w] || utf8.RuneCountInString(w) < fuzzyMinLen-1 {
				continue
			}
			seen[w] = true
			r, _ := utf8.DecodeRuneInString(w)
			v[r] = append(v[r], w)
		}
	}
	for _, s := range sections {
		add(s.Title)
		for _, a := range s.Aliases {
			add(a)
		}
		add(s.Text)
	}
	return v
}

// near returns the words of the rulebooks within maxEdits edits of w
// (other than w itself), closest first. Like most typo-tolerant search,
// it trusts the first letter, unless anyFirst.
func (v vocabulary) near(w string, maxEdits int, anyFirst bool) []string {
	first, _ := utf8.DecodeRuneInString(w)
	wr := []rune(w)
	type cand struct {
		word string
		d    int
	}
	var cands []cand
	pool := v[first]
	if anyFirst {
		pool = nil
		for _, words := range v {
			pool = append(pool, words...)
		}
	}
	for _, c := range pool {
		if c == w {
			continue
		}
		cr := []rune(c)
		if abs(len(cr)-len(wr)) > maxEdits {
			continue
		}
		if d := editDistance(wr, cr, maxEdits); d <= maxEdits {
			cands = append(cands, cand{c, d})
		}
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.word, b.word)) })
	out := make([]string, 0, min(len(cands), maxTypoCandidates))
	for _, c := range cands[:min(len(cands), maxTypoCandidates)] {
		out = append(out, c.word)
	}
	return out
}

// editDistance returns the Damerau-Levenshtein distance (optimal string
// alignment: insertions, deletions, substitutions and swaps of neighbours)
// between a and b, or max+1 once it is sure to exceed max.
func editDistance(a, b []rune, max int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin > max {
			return max + 1
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

// String returns the vocabulary as parseVocabulary reads it: its words
// sorted, one a line.
func (v vocabulary) String() string {
	var all []string
	for _, words := range v {
		all = append(all, words...)
	}
	slices.Sort(all)
	return strings.Join(all, "\n") + "\n"
}

// parseVocabulary reads a vocabulary written by String. The words are
// substrings of s.
func parseVocabulary(s string) vocabulary {
	v := vocabulary{}
	for w := range strings.SplitSeq(s, "\n") {
		if w == "" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		v[r] = append(v[r], w)
	}
	return v
}
