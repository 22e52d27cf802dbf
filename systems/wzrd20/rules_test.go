package wzrd20

import (
	"testing"

	"kostka/dice"
	"kostka/systems/systemstest"
)

// TestRulesCited rolls every action, with its mechanics switched on in
// turn, and checks that each answer cites the sections it applied and that
// each cited section is the rulebook's.
func TestRulesCited(t *testing.T) {
	sys := System()
	for _, c := range []struct {
		action, req string
		want        []string
	}{
		{"test", `{"skill":12}`, []string{"wzr-d20.testy-dovednosti", "wzr-d20.do-cerneho", "wzr-d20.do-prazdna"}},
		{"test", `{"skill":12,"modifier":-2,"reroll":true}`, []string{"wzr-d20.opakovani-hodu", "wzr-d20.modifikatory"}},
		{"attack", `{"skill":12,"rate":2,"strength":5}`, []string{"wzr-d20.strelba", "wzr-d20.strelba-rs", "wzr-d20.kadence-pocet-utoku", "wzr-d20.zbroj", "wzr-d20.sila-zbrane-a-modifikatory", "wzr-d20.zraneni", "wzr-d20.zivoty"}},
		{"attack", `{"skill":12,"rate":2,"strength":9,"aim":true,"rapid_fire":true,"cover":"light","rerolls":1,"type_modifier":-2,"healing":3}`,
			[]string{"wzr-d20.mireni", "wzr-d20.rychlopalba", "wzr-d20.kryt", "wzr-d20.opakovani-hodu", "wzr-d20.zbroj-a-typ-zbrane", "wzr-d20.kriticke-zraneni-poskozeni", "wzr-d20.karty-zdroju-res"}},
		{"attack", `{"mode":"close_combat","skill":12,"rate":2,"strength":5,"charge":"small","auto_hit":true,"vehicle":true,"avv":2,"armour":12}`,
			[]string{"wzr-d20.boj-na-blizko", "wzr-d20.boj-na-blizko-cc", "wzr-d20.napadeni", "wzr-d20.automaticky-zasah", "wzr-d20.protipancerova-hodnota"}},
		{"team", `{"models":6,"skill":2,"strength":2,"rate":6,"no_clear_view":3}`, []string{"wzr-d20.zvlastni-tymove-akce", "wzr-d20.soustredena-palba", "wzr-d20.kriticke-zraneni-poskozeni"}},
		{"team", `{"kind":"swarm","weapons":[{"models":3,"skill":5,"strength":6,"rate":2}]}`, []string{"wzr-d20.kryci-palba-a-precisleni"}},
		{"team", `{"kind":"suppression_fire","models":3,"strength":4,"constitution":8,"healing":3}`, []string{"wzr-d20.kryci-palba", "wzr-d20.odolnost", "wzr-d20.karty-zdroju-res"}},
		{"morale", `{"leadership":9,"squad":4,"lost":3,"at_75":"both","rerolls":1}`, []string{"wzr-d20.test-moralky", "wzr-d20.zalehnuti-a-rozpraseni", "wzr-d20.opakovani-hodu"}},
		{"morale", `{"leadership":9,"test":"heads_up"}`, []string{"wzr-d20.test-moralky-pro-hlavy-vzhuru"}},
		{"morale", `{"leadership":9,"test":"regroup"}`, []string{"wzr-d20.test-moralky-pro-seskupeni"}},
		{"morale", `{"leadership":9,"squad":10,"lost":1}`, []string{"wzr-d20.test-moralky"}},
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
func TestRuleIDs(t *testing.T) { systemstest.CheckRuleIDs(t, "rules.go", "wzr-d20") }
