package systems

import (
	"slices"
	"sync"

	"kostka/rulesdata"
)

// sections are the embedded rulebooks' sections by id, built on first
// use.
var sections = sync.OnceValue(func() map[string]*rulesdata.Section {
	m := map[string]*rulesdata.Section{}
	for _, b := range rulesdata.Embedded() {
		for _, s := range b.Sections {
			m[s.ID] = s
		}
	}
	return m
})

// Section returns the embedded rulebook section with id.
func Section(id string) (*rulesdata.Section, bool) {
	s, ok := sections()[id]
	return s, ok
}

// Cite returns the citations of the rulebook sections with ids, in their
// order, each once. An id no section has is left out (every system's
// tests check that each id it cites is a section).
func Cite(ids ...string) []RuleRef {
	refs := make([]RuleRef, 0, len(ids))
	for _, id := range ids {
		s, ok := Section(id)
		if !ok || slices.ContainsFunc(refs, func(r RuleRef) bool { return r.ID == id }) {
			continue
		}
		refs = append(refs, RuleRef{ID: s.ID, Title: s.Title})
	}
	return refs
}
