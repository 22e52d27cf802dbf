package systemstest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"kostka/systems"
)

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
		s, ok := systems.Section(r.ID)
		switch {
		case !ok:
			t.Errorf("%s: cites %q, which no rulebook has", where, r.ID)
		case s.Title != r.Title:
			t.Errorf("%s: cites %q as %q; the rulebook titles it %q", where, r.ID, r.Title, s.Title)
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

// CheckRuleIDs fails unless every string literal in the Go file that
// starts with the system's id and a dot (a rule section's id, such as
// "pool-k6.aktywacja") is a section of the embedded rulebooks:
// systems.Cite leaves an unknown id out, so a misspelt one would go
// uncited without it.
func CheckRuleIDs(t *testing.T, file, system string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		lit, ok := node.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		id, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.HasPrefix(id, system+".") {
			return true
		}
		n++
		if _, ok := systems.Section(id); !ok {
			t.Errorf("%s: %q is no section of the rulebooks", file, id)
		}
		return true
	})
	if n == 0 {
		t.Errorf("%s: no rule id of %s", file, system)
	}
}
