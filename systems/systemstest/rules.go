package systemstest

import (
	"sync"
	"testing"

	"kostka/rulesdata"
	"kostka/systems"
)

// sections maps every embedded rulebook section's id to its title.
var sections = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, b := range rulesdata.Embedded() {
		for _, s := range b.Sections {
			m[s.ID] = s.Title
		}
	}
	return m
})

// CheckRules fails unless an answer cites at least one rule section, each
// once, and every cited id is a section of the embedded rulebooks with
// that title (so the rules lookup opens it).
func CheckRules(t *testing.T, where string, rules []systems.RuleRef) {
	t.Helper()
	if len(rules) == 0 {
		t.Errorf("%s: cites no rule", where)
	}
	seen := map[string]bool{}
	for _, r := range rules {
		title, ok := sections()[r.ID]
		switch {
		case !ok:
			t.Errorf("%s: cites %q, which no rulebook has", where, r.ID)
		case title != r.Title:
			t.Errorf("%s: cites %q as %q; the rulebook titles it %q", where, r.ID, r.Title, title)
		case seen[r.ID]:
			t.Errorf("%s: cites %q twice", where, r.ID)
		}
		seen[r.ID] = true
	}
}

// HasRule reports whether rules cite the section id.
func HasRule(rules []systems.RuleRef, id string) bool {
	for _, r := range rules {
		if r.ID == id {
			return true
		}
	}
	return false
}
