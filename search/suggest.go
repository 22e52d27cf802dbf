package search

import (
	"cmp"
	"slices"
	"strings"

	"kostka/lookup"
	"kostka/rulesdata"
)

// name is a title or alias of a section, normalized for matching.
type name struct {
	norm    string // normalizeName of the title or alias
	starts  []int  // byte offsets in norm where a word starts
	section *rulesdata.Section
}

func namesOf(s *rulesdata.Section) []name {
	var out []name
	for _, n := range append([]string{s.Title}, s.Aliases...) {
		norm := normalizeName(n)
		starts := []int{0}
		for i := range len(norm) {
			if norm[i] == ' ' {
				starts = append(starts, i+1)
			}
		}
		out = append(out, name{norm: norm, starts: starts, section: s})
	}
	return out
}

// How well a name matches what was typed, best first.
const (
	matchExact      = iota // the whole name
	matchPrefix            // the start of the name
	matchWordPrefix        // the start of a later word of the name
	matchTypo              // the start of a word, with one typo
	noMatch
)

// Suggest returns up to limit sections (at most MaxSuggestions; 0 means
// MaxSuggestions) whose title or an alias starts, or has a word that
// starts, with what was typed, ignoring case and diacritics and allowing
// one typo in what is typed from the fourth letter on. Exact names come
// first, then prefixes of names, then prefixes of later words, then typos;
// shorter titles first within each. An empty q suggests nothing.
func (ix *Index) Suggest(q, system string, limit int) ([]lookup.Suggestion, error) {
	if err := ix.checkSystem(system); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > lookup.MaxSuggestions {
		limit = lookup.MaxSuggestions
	}
	typed := normalizeName(q)
	if typed == "" || len(q) > lookup.MaxQueryLen {
		return []lookup.Suggestion{}, nil
	}
	// Sections are visited shortest title first (suggestions.bySize), each put in
	// the bucket of its best match, so that the buckets in order are the
	// answer and nothing needs sorting.
	var buckets [noMatch][]*rulesdata.Section
	sg := ix.suggestions()
	for _, k := range sg.candidates(typed) {
		names := sg.bySize[k]
		s := names[0].section
		if system != "" && s.System != system {
			continue
		}
		best := noMatch
		for i := range names {
			best = min(best, names[i].match(typed))
			if best == matchExact {
				break
			}
		}
		if best == noMatch || len(buckets[best]) >= limit {
			continue
		}
		buckets[best] = append(buckets[best], s)
		if best == matchExact && len(buckets[best]) >= limit {
			break // nothing can rank higher
		}
	}
	out := make([]lookup.Suggestion, 0, limit)
	for _, b := range buckets {
		for _, s := range b {
			if len(out) < limit {
				out = append(out, lookup.Suggestion{ID: s.ID, System: s.System, Title: s.Title})
			}
		}
	}
	return out, nil
}

// suggestions are the names of sections as Suggest looks them up.
type suggestions struct {
	bySize  [][]name         // titles and aliases by section, in suggestions' order
	byStart map[string][]int // positions in bySize by the first bytes of a word
	all     []int            // every position in bySize
}

// newSuggestions returns the names of sections (n of them) for Suggest.
func newSuggestions(sections []*rulesdata.Section, n int) *suggestions {
	names := make([]name, 0, 2*n)
	for _, s := range sections {
		names = append(names, namesOf(s)...)
	}
	sg := &suggestions{bySize: suggestOrder(names)}
	sg.byStart, sg.all = startIndex(sg.bySize)
	return sg
}

// keyLen is the length of the keys of suggestions.byStart.
const keyLen = 3

// candidates returns the positions in sg.bySize of the sections that may
// match typed, in order: those with a word starting with its first keyLen
// bytes (every match needs them, see name.match), or all when it is
// shorter.
func (sg *suggestions) candidates(typed string) []int {
	if len(typed) < keyLen {
		return sg.all
	}
	return sg.byStart[typed[:keyLen]]
}

// startIndex returns, for every keyLen bytes that start a word of a
// name, the positions in bySize of the sections that have such a word,
// ascending; and all positions.
func startIndex(bySize [][]name) (byStart map[string][]int, all []int) {
	byStart = map[string][]int{}
	for k, names := range bySize {
		all = append(all, k)
		for _, n := range names {
			for _, i := range n.starts {
				if i+keyLen > len(n.norm) {
					continue
				}
				key := n.norm[i : i+keyLen]
				if l := byStart[key]; len(l) == 0 || l[len(l)-1] != k {
					byStart[key] = append(l, k)
				}
			}
		}
	}
	return byStart, all
}

// suggestOrder returns each section's names, shortest title first (ties
// by id): the order of suggestions that match equally well.
func suggestOrder(names []name) [][]name {
	var out [][]name
	for i := 0; i < len(names); {
		j := i
		for j < len(names) && names[j].section == names[i].section {
			j++
		}
		out = append(out, names[i:j:j])
		i = j
	}
	slices.SortStableFunc(out, func(a, b []name) int {
		return cmp.Or(cmp.Compare(len(a[0].section.Title), len(b[0].section.Title)), strings.Compare(a[0].section.ID, b[0].section.ID))
	})
	return out
}

func (n *name) match(typed string) int {
	switch {
	case n.norm == typed:
		return matchExact
	case strings.HasPrefix(n.norm, typed):
		return matchPrefix
	}
	for _, i := range n.starts[1:] {
		if strings.HasPrefix(n.norm[i:], typed) {
			return matchWordPrefix
		}
	}
	if len(typed) >= 4 {
		for _, i := range n.starts {
			if prefixWithinOne(n.norm[i:], typed) {
				return matchTypo
			}
		}
	}
	return noMatch
}

// prefixWithinOne reports whether some prefix of s is within one edit
// (substitution, insertion, deletion or swap of neighbours) of typed. The
// first three letters must match exactly. Both are folded ASCII mostly;
// other runes compare byte by byte, which can only make a match stricter.
func prefixWithinOne(s, typed string) bool {
	if len(s) < 3 || s[:3] != typed[:3] {
		return false
	}
	for _, p := range []int{len(typed) - 1, len(typed), len(typed) + 1} {
		if p <= len(s) && p >= 0 && withinOne(s[:p], typed) {
			return true
		}
	}
	return false
}

// withinOne reports whether a and b differ by at most one edit.
func withinOne(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a)-len(b) > 1 {
		return false
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(b) {
		return true
	}
	if len(a) == len(b) {
		if a[i+1:] == b[i+1:] {
			return true // substitution
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] // swap
	}
	return a[i+1:] == b[i:] // deletion from a
}
