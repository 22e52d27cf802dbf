package poolk6

import (
	"testing"

	"kostka/dice"
	"kostka/systems/systemstest"
)

// TestRulesCited rolls every action, with every mechanic switched on in
// turn, and checks that each answer cites the sections it applied and that
// each cited section is the rulebook's.
func TestRulesCited(t *testing.T) {
	sys := System()
	for _, c := range []struct {
		action, req string
		want        []string // ids the answer must cite
	}{
		{"test", `{"dice":3}`, []string{"pool-k6.testy"}},
		{"test", `{"dice":3,"modifier":-1,"opponent":{"dice":2,"reroll":true}}`, []string{"pool-k6.testy-przeciwstawne", "pool-k6.dowodzenie", "pool-k6.modyfikatory-uwaga"}},
		{"test", `{"dice":3,"threshold":4,"reroll":true}`, []string{"pool-k6.testy-z-progiem", "pool-k6.dowodzenie"}},
		{"attack", `{"attack":3,"defense":2,"armour":4,"damage":4}`, []string{"pool-k6.atak-ogien-bezposredni-walka-wrecz", "pool-k6.model-w-otwartym-terenie", "pool-k6.obrazenia", "pool-k6.amunicja", "pool-k6.ogluszenie"}},
		{"attack", `{"attack":3,"defense":2,"armour":4,"damage":4,"cover":"hard","range":"maximum","attacker_movement":-1,"stealth":5,"rof":2,"rof_damage":1,"limited_ammo":true,"incendiary":true,"ranged_in_melee":true,"attacker_reroll":true}`,
			[]string{"pool-k6.model-w-twardej-oslonie-do-1-od-oslony", "pool-k6.zasieg-broni", "pool-k6.ruch", "pool-k6.stealth", "pool-k6.rof", "pool-k6.la", "pool-k6.sb", "pool-k6.m", "pool-k6.dowodzenie"}},
		{"attack", `{"mode":"indirect","attack":3,"defense":2,"armour":4,"damage":4,"ae":2,"target_distance":1,"cover":"invisible"}`,
			[]string{"pool-k6.atak-ogien-posredni", "pool-k6.if", "pool-k6.ae", "pool-k6.ataki-obszarowe-posrednie-i-bezposrednie", "pool-k6.model-niewidoczny"}},
		{"area", `{"attack":3,"damage":4,"rof":2,"rof_area":2,"defenders":[{"defense":2,"armour":4,"cover":"soft","stealth":4},{"defense":3,"armour":5,"reroll":true}]}`,
			[]string{"pool-k6.ataki-obszarowe-posrednie-i-bezposrednie", "pool-k6.model-w-miekkiej-oslonie-do-1-od-oslony", "pool-k6.stealth", "pool-k6.dowodzenie", "pool-k6.rof"}},
		{"special", `{"kind":"medic","rating":4}`, []string{"pool-k6.medic"}},
		{"special", `{"kind":"stealth","rating":5}`, []string{"pool-k6.stealth"}},
		{"special", `{"kind":"burning"}`, []string{"pool-k6.sb"}},
		{"initiative", `{"command":2,"opponent_command":1}`, []string{"pool-k6.aktywacja"}},
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
func TestRuleIDs(t *testing.T) { systemstest.CheckRuleIDs(t, "rules.go", "pool-k6") }
