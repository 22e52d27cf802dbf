package fantasyk6

import (
	"testing"

	"kostka/dice"
	"kostka/systems/systemstest"
)

// TestRulesCited rolls every action and checks that each answer cites the
// sections it applied and that each cited section is the rulebook's.
func TestRulesCited(t *testing.T) {
	sys := System()
	for _, c := range []struct {
		action, req string
		want        []string
	}{
		{"test", `{"value":3}`, []string{"fantasy-k6.rzuty-koscmi"}},
		{"test", `{"value":3,"reroll":true}`, []string{"fantasy-k6.przerzuty"}},
		{"attack", `{"attacks":2,"accuracy":4,"pain":3}`, []string{"fantasy-k6.trafianie-w-walce-strzeleckiej", "fantasy-k6.celnosc-c", "fantasy-k6.prog-bolu-pb"}},
		{"attack", `{"attacks":2,"accuracy":4,"pain":3,"save":3,"large_target":true,"reroll_save":true}`, []string{"fantasy-k6.rzut-odpornosci", "fantasy-k6.kawaleria", "fantasy-k6.przerzuty"}},
		{"attack", `{"mode":"melee","attacker_side":1,"defender_side":2,"weapons":[{"attacks":2},{"name":"horse","attacks":1,"attacker_fighting":2}],"pain":3}`,
			[]string{"fantasy-k6.trafianie-w-walce-wrecz", "fantasy-k6.walka-w", "fantasy-k6.panika", "fantasy-k6.bron-i-dokladna-ilosc-atakow"}},
		{"terror", `{}`, []string{"fantasy-k6.groza"}},
		{"jump", `{"height":4,"pain":3}`, []string{"fantasy-k6.skoki-w-dol-i-spadanie", "fantasy-k6.prog-bolu-pb"}},
	} {
		t.Run(c.action+" "+c.req, func(t *testing.T) {
			res, err := sys.Actions[c.action].Roll(t.Context(), []byte(c.req), dice.NewSeededSource(3))
			if err != nil {
				t.Fatal(err)
			}
			rules := res.Shared().Rules
			systemstest.CheckRules(t, c.action, rules)
			for _, id := range c.want {
				if !systemstest.HasRule(rules, id) {
					t.Errorf("cites %v, not %s", rules, id)
				}
			}
		})
	}
}

// TestRuleIDs checks every rule id rules.go names against the rulebook.
func TestRuleIDs(t *testing.T) { systemstest.CheckRuleIDs(t, "rules.go", "fantasy-k6") }
