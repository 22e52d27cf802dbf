package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"kostka/lookup"
	"kostka/rulesdata"
)

// glossaryTerm is a term of a section's glossary entry (see
// rulesdata.Section.Terms), or one of its names, with its folded words.
type glossaryTerm struct {
	text    string
	words   [][]rune
	section *rulesdata.Section
}

// glossaryTerms returns the names and glossary terms of sections, for
// closestTerms.
func glossaryTerms(sections []*rulesdata.Section) []glossaryTerm {
	var out []glossaryTerm
	for _, s := range sections {
		texts := s.Names()
		for _, lang := range rulesdata.Languages {
			texts = append(texts, s.Terms[lang]...)
		}
		for _, t := range texts {
			gt := glossaryTerm{text: t, section: s}
			for _, w := range words(t) {
				gt.words = append(gt.words, []rune(w))
			}
			if len(gt.words) > 0 {
				out = append(out, gt)
			}
		}
	}
	return out
}

// closeWordEdits is the most edits a word of a query may be from a word
// of a term for closestTerms to offer it: a third of its letters, and at
// least one.
func closeWordEdits(n int) int { return max(1, n/3) }

// closestTerms returns up to limit sections of system (any if "") whose
// names or glossary terms are closest to what was typed, each with the
// term: those with the most words of the query within closeWordEdits
// of one of their words, then the fewest edits, then the shortest term.
// It answers a query that found nothing, even with more typos allowed,
// and costs a pass over every term (a few hundred microseconds).
func (ix *Index) closestTerms(text, system string, limit int) []lookup.Suggestion {
	var qws [][]rune
	for _, w := range words(text) {
		if utf8.RuneCountInString(w) >= prefixMinLen && fillerShare(w) == 1 {
			qws = append(qws, []rune(w))
		}
	}
	if len(qws) == 0 {
		return nil
	}
	type match struct {
		term         *glossaryTerm
		words, edits int
	}
	var best []match
	terms := ix.terms()
	for i := range terms {
		t := &terms[i]
		if system != "" && t.section.System != system {
			continue
		}
		m := match{term: t}
		for _, q := range qws {
			most := closeWordEdits(len(q))
			d := most + 1
			for _, w := range t.words {
				d = min(d, editDistance(q, w, most))
			}
			if d <= most {
				m.words++
				m.edits += d
			}
		}
		if m.words > 0 {
			best = append(best, m)
		}
	}
	slices.SortStableFunc(best, func(a, b match) int {
		return cmp.Or(cmp.Compare(b.words, a.words), cmp.Compare(a.edits, b.edits),
			cmp.Compare(len(a.term.text), len(b.term.text)), strings.Compare(a.term.section.ID, b.term.section.ID))
	})
	var out []lookup.Suggestion
	for _, m := range best {
		if len(out) == limit {
			break
		}
		s := m.term.section
		if slices.ContainsFunc(out, func(o lookup.Suggestion) bool { return o.ID == s.ID }) {
			continue
		}
		out = append(out, lookup.Suggestion{ID: s.ID, System: s.System, Title: s.Title, Term: m.term.text})
	}
	return out
}
