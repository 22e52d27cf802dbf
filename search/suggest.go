package search

import (
	"cmp"
	"slices"
	"strings"

	"kostka/rules"
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
func (ix *Index) Suggest(q, system string, limit int) ([]rules.Suggestion, error) {
	if err := ix.checkSystem(system); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > rules.MaxSuggestions {
		limit = rules.MaxSuggestions
	}
	typed := normalizeName(q)
	if typed == "" || len(q) > rules.MaxQueryLen {
		return []rules.Suggestion{}, nil
	}
	best := map[*rulesdata.Section]int{}
	for i := range ix.names {
		n := &ix.names[i]
		if system != "" && n.section.System != system {
			continue
		}
		m := n.match(typed)
		if m == noMatch {
			continue
		}
		if prev, ok := best[n.section]; !ok || m < prev {
			best[n.section] = m
		}
	}
	type ranked struct {
		s *rulesdata.Section
		m int
	}
	all := make([]ranked, 0, len(best))
	for s, m := range best {
		all = append(all, ranked{s, m})
	}
	slices.SortFunc(all, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.m, b.m), cmp.Compare(len(a.s.Title), len(b.s.Title)), strings.Compare(a.s.ID, b.s.ID))
	})
	out := make([]rules.Suggestion, 0, min(limit, len(all)))
	for _, r := range all[:min(limit, len(all))] {
		out = append(out, rules.Suggestion{ID: r.s.ID, System: r.s.System, Title: r.s.Title})
	}
	return out, nil
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
