package catalog

import (
	"fmt"
	"testing"

	"kostka/dice"
	"kostka/systems"
)

// TestRulesCited: every sample answer of every system, and every quality-d6
// cost answer, cites the rulebook sections it applied, each an id of a
// section of the embedded rulebooks (the rules lookup opens it) with that
// section's title; an attack cites each ability with an effect on its
// dice, and the cost each ability it priced.
func TestRulesCited(t *testing.T) {
	t.Parallel()
	check := func(what string, rules []systems.RuleRef) {
		t.Helper()
		if len(rules) == 0 {
			t.Errorf("%s: no rules cited", what)
		}
		seen := map[string]bool{}
		for _, r := range rules {
			s, ok := systems.Section(r.ID)
			switch {
			case !ok:
				t.Errorf("%s: cites %q, which no rulebook section has", what, r.ID)
			case s.Title != r.Title:
				t.Errorf("%s: cites %q as %q, its title is %q", what, r.ID, r.Title, s.Title)
			case seen[r.ID]:
				t.Errorf("%s: cites %q twice", what, r.ID)
			}
			seen[r.ID] = true
		}
	}
	eachSample(t, Registry(), func(id, name, body string, a *systems.Action) {
		res, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(1))
		if err != nil {
			t.Fatal(err)
		}
		check(id+" "+name+" "+body, res.Shared().Rules)
	})
	for i, c := range sampleCosts(t) {
		check(fmt.Sprintf("cost sample %d", i), c.Rules)
	}
	// Named cases: what each must cite.
	s, _ := Registry().Get("quality-d6")
	for body, want := range map[string][]string{
		`{"attacks": 4, "quality": 4, "defense": 4, "ap": 2, "blast": 3, "cover": true, "abilities": ["Podwójny", "Nieustraszony"]}`: {
			"quality-d6.atak", "quality-d6.podwojny", "quality-d6.oslona", "quality-d6.ap-x", "quality-d6.rozprysk-x", "quality-d6.rany",
			"quality-d6.przegrupowanie", "quality-d6.nieustraszony"},
		`{"quality": 4, "defense": 4, "weapons": [{"attacks": 2}, {"attacks": 1, "deadly": 2, "abilities": ["Porażenie"]}], "melee": true, "conditions": ["target_fresh"]}`: {
			"quality-d6.atak", "quality-d6.swiezy", "quality-d6.rany", "quality-d6.przegrupowanie", "quality-d6.porazenie", "quality-d6.zabojczy-x", "quality-d6.ostrzal"},
	} {
		res, err := s.Actions["attack"].Roll(t.Context(), []byte(body), dice.NewSeededSource(1))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range res.Shared().Rules {
			got = append(got, r.ID)
		}
		for _, id := range want {
			found := false
			for _, g := range got {
				found = found || g == id
			}
			if !found {
				t.Errorf("%s: cites %v, not %s", body, got, id)
			}
		}
	}
	res, err := s.Actions["test"].Roll(t.Context(), []byte(`{"target": 4}`), dice.NewSeededSource(1))
	if err != nil || len(res.Shared().Rules) != 1 || res.Shared().Rules[0].ID != "quality-d6.test" {
		t.Errorf("test: %v, cites %+v", err, res)
	}
}
