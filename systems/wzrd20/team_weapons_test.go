package wzrd20

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// TestFocusFireExampleWithWeapons is the rulebook's own worked example of
// a combined attack. Seed 003, Soustředěná palba: "Oddíl 6 modelů se
// Střelbou 2 soustředěně vystřelí na Razida; tzn. Střelba bude 2+6, Síla 2
// (nejnižší Síla zbraně zúčastněného modelu) + (6x Kadence 1) = 8. Tři
// pálící modely mají blokovaný Výhled k Razidovi […] Proto hodnotu
// Střelby 8 upravte o -3 […] na 5."
func TestFocusFireExampleWithWeapons(t *testing.T) {
	team := System().Actions["team"]
	weapons := `{"weapons":[{"name":"carbine","models":6,"skill":2,"strength":2,"rate":1}],"no_clear_view":3,"armour":8,"wounds":4}`
	pooled := `{"models":6,"skill":2,"strength":2,"rate":6,"no_clear_view":3,"armour":8,"wounds":4}`
	ow, err := team.Odds(t.Context(), []byte(weapons))
	if err != nil {
		t.Fatal(err)
	}
	op, err := team.Odds(t.Context(), []byte(pooled))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ow, op) {
		t.Errorf("the weapon list's odds differ from the pooled request's")
	}
	// RS 5: a hit on 1..5 (5/20). Strength 8 is Critical (2), +2 for the
	// two groups of 3 models: (4). The Armour test against 8 + (10 - 8) = 10
	// fails on 10/20; a Power Shot (1/20) allows none. P(4 Wounds) = 1/20 +
	// 4/20·10/20 = 3/20: Razid with W 4 is removed.
	var o Odds
	if o, err = TeamOddsOf(t.Context(), TeamRequest{Weapons: []TeamWeapon{{Name: "carbine", Models: 6, Skill: 2, Strength: 2, Rate: 1}},
		NoClearView: 3, Target: Target{Armour: 8, Wounds: 4}}); err != nil {
		t.Fatal(err)
	}
	if !near(pAt(o.Hits, 1), 5./20) || !near(pAt(o.Wounds, 4), 3./20) || !near(o.Removed, 3./20) {
		t.Errorf("hits %v, P(4 Wounds) %v, removed %v; want 1/4, 3/20, 3/20", pAt(o.Hits, 1), pAt(o.Wounds, 4), o.Removed)
	}
}

// TestTeamWithHeavyWeapon pools a squad's rifles and its heavy machine gun
// (the rulebook's profile example: Těžký kulomet, ST 5, RoF 4).
func TestTeamWithHeavyWeapon(t *testing.T) {
	req := TeamRequest{Weapons: []TeamWeapon{
		{Name: "rifle", Models: 5, Skill: 10, Strength: 4, Rate: 2},
		{Name: "Těžký kulomet", Models: 1, Skill: 11, Strength: 5, Rate: 4},
	}, Target: Target{Armour: 12, Wounds: 3}}
	o, err := TeamOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	// Six models: RS 11 + 6 = 17, Strength 4 + 5·2 + 4 = 18, Critical (4)
	// (capped). A hit on 1..17 (17/20); the Armour test against 12 + (10 -
	// 18) = 4 fails on 16/20. P(4 Wounds) = 1/20 + 16/20·16/20 = 69/100.
	if !near(pAt(o.Wounds, 4), 69./100) || !near(pAt(o.Hits, 1), 17./20) {
		t.Errorf("P(4 Wounds) %v, P(hit) %v; want 69/100, 17/20", pAt(o.Wounds, 4), pAt(o.Hits, 1))
	}
	out, err := Team(t.Context(), req, dice.NewSeededSource(2))
	if err != nil {
		t.Fatal(err)
	}
	// A step per weapon, then the team's test.
	if got := out.Steps[0].In(l10n.English); got != "rifle: 5 × RoF/RoA 2 = 10, skill 10, Strength 4" {
		t.Errorf("first step %q", got)
	}
	if got := out.Steps[1].In(l10n.English); got != "Těžký kulomet: 1 × RoF/RoA 4 = 4, skill 11, Strength 5" {
		t.Errorf("second step %q", got)
	}
	if len(out.Shots) != 1 {
		t.Errorf("%d tests, want the team's one", len(out.Shots))
	}
}

// TestTeamWeaponsRefused checks the errors of a weapon list and of its
// absence, each naming the part at fault.
func TestTeamWeaponsRefused(t *testing.T) {
	team := System().Actions["team"]
	for _, c := range []struct{ req, field string }{
		{`{"weapons":[{"models":3,"skill":5,"strength":4,"rate":1}],"skill":5}`, "skill"},
		{`{"weapons":[{"models":2,"skill":5,"strength":4,"rate":1}]}`, "weapons"},
		{`{"weapons":[{"models":3,"strength":4,"rate":1}]}`, "weapons[0].skill"},
		{`{"weapons":[{"models":3,"skill":5,"strength":4}]}`, "weapons[0].rate"},
		{`{"kind":"suppression_fire","constitution":8,"weapons":[{"models":3,"skill":5,"strength":4}]}`, "weapons[0].skill"},
		{`{"models":3,"strength":4,"rate":1}`, "skill"},
		{`{"skill":3,"strength":4,"rate":1}`, "models"},
		{`{"kind":"suppression_fire","constitution":8,"models":3}`, "strength"},
	} {
		_, err := team.Odds(t.Context(), []byte(c.req))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: %v, want an error on %s", c.req, err, c.field)
		}
	}
	// Suppression Fire takes the lowest Strength and rolls no test.
	o, err := team.Odds(t.Context(), []byte(`{"kind":"suppression_fire","constitution":8,"weapons":[{"models":2,"strength":6},{"models":2,"strength":5}],"armour":0}`))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := team.Odds(t.Context(), []byte(`{"kind":"suppression_fire","constitution":8,"models":4,"strength":5,"armour":0}`))
	if a, b := mustJSON(t, o), mustJSON(t, p); a != b {
		t.Errorf("suppression fire with weapons %s, pooled %s", a, b)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkTeam rolls a team action given as pooled figures and as a list
// of 20 weapons.
func BenchmarkTeam(b *testing.B) {
	team := System().Actions["team"]
	weapons := make([]map[string]any, maxTeamWeapons)
	for i := range weapons {
		weapons[i] = map[string]any{"name": "w", "models": 5, "skill": 1 + i, "strength": 20 - i%5, "rate": 20}
	}
	many, _ := json.Marshal(map[string]any{"weapons": weapons, "rerolls": 1, "armour": 12, "wounds": 10, "armour_rerolls": 1})
	for _, c := range []struct{ name, body string }{
		{"pooled", `{"models":100,"skill":20,"strength":15,"rate":400,"rerolls":1,"armour":12,"wounds":10,"armour_rerolls":1}`},
		{"weapons", string(many)},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := dice.NewSeededSource(1)
			for b.Loop() {
				if _, err := team.Roll(b.Context(), []byte(c.body), src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
