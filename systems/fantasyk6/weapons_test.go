package fantasyk6

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

// TestWeaponsByHand checks a model's attacks with several weapons, and a
// mount's, against fractions counted by hand. Seed 004, Broń i dokładna
// ilość ataków: "Wszystkie ataki z profilu modelu, traktowane są jak
// wyprowadzane jego główną bronią. Dodatkowa broń oznacza jeden dodatkowy
// atak właśnie tą bronią"; Trafianie w walce wręcz: "Po wykonaniu całej
// procedury dla jednego ataku, atakujący model może wyprowadzić następny";
// Kawaleria: "Każdy wierzchowiec ma swoje charakterystyki (Szybkość, Walkę
// i Atak) […] wyprowadza swoje ataki".
func TestWeaponsByHand(t *testing.T) {
	// Walka 3 against 3 hits on 4 (4/6); Odporność 3 saves on 3/6, and on
	// 2/6 against the dagger's +1; Próg bólu 4 fails on 2/6. One sword
	// attack removes with 4/6·3/6·2/6 = 1/9, the dagger's with
	// 4/6·4/6·2/6 = 4/27: two sword attacks and the dagger's remove with
	// 1 - (8/9)²·23/27 = 715/2187.
	req := AttackRequest{Mode: "melee", AttackerFighting: 3, DefenderFighting: 3, Save: 3, Pain: 4,
		Weapons: []Weapon{{Name: "sword", Attacks: 2}, {Name: "dagger", Attacks: 1, SaveModifier: 1}}}
	o, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if want := 715. / 2187; math.Abs(o.Removed-want) > 1e-12 {
		t.Errorf("removed %v, want 715/2187", o.Removed)
	}
	// The mount's Walka 2 against 3 hits on 3 (3/6): its attack removes
	// with 3/6·3/6·2/6 = 1/12.
	req.Weapons = append(req.Weapons, Weapon{Name: "horse", Attacks: 1, AttackerFighting: 2})
	if o, err = AttackOddsOf(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	if want := 1 - 1472./2187*11/12; math.Abs(o.Removed-want) > 1e-12 {
		t.Errorf("with the mount removed %v, want %v", o.Removed, want)
	}
	e := o.Entries()
	if v := e.Value("weapons[1].per_attack.removed"); math.Abs(v-4./27) > 1e-12 {
		t.Errorf("the dagger's per-attack removal %v, want 4/27", v)
	}
	if v := e.Value("weapons[2].per_attack.miss"); math.Abs(v-1./2) > 1e-12 {
		t.Errorf("the mount's miss %v, want 1/2", v)
	}
	// P(no wound shrugged off and standing, or removed at once): the
	// distribution's values add up to 1.
	sum := 0.0
	for _, p := range o.Wounds.Values {
		sum += p.P
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("the wounds distribution adds up to %v", sum)
	}
}

// TestOneWeaponIsTheSingleRequest checks that a list of one weapon gives
// the single request's pooled odds.
func TestOneWeaponIsTheSingleRequest(t *testing.T) {
	single := AttackRequest{Attacks: 3, Accuracy: 4, Save: 2, SaveModifier: 1, Pain: 3, RerollHit: true}
	list := AttackRequest{Accuracy: 4, Save: 2, Pain: 3, Weapons: []Weapon{{Attacks: 3, SaveModifier: 1, RerollHit: true}}}
	a, err := AttackOddsOf(t.Context(), single)
	if err != nil {
		t.Fatal(err)
	}
	b, err := AttackOddsOf(t.Context(), list)
	if err != nil {
		t.Fatal(err)
	}
	if a.Removed != b.Removed || mustJSON(t, a.Wounds) != mustJSON(t, b.Wounds) {
		t.Errorf("single %v %v, list %v %v", a.Removed, a.Wounds, b.Removed, b.Wounds)
	}
}

// TestWeaponsRolled rolls attacks with weapons: the steps name each weapon
// before its attacks, the attacks are numbered on across weapons, they
// stop when the target is removed, and the rolls agree with the odds.
func TestWeaponsRolled(t *testing.T) {
	req := AttackRequest{Mode: "melee", AttackerFighting: 3, DefenderFighting: 3, Save: 3, Pain: 4,
		Weapons: []Weapon{{Name: "sword", Attacks: 2}, {Name: "dagger", Attacks: 1, SaveModifier: 1}, {Name: "horse", Attacks: 1, AttackerFighting: 2}}}
	o, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewSeededSource(9)
	const trials = 40_000
	removed := 0
	for range trials {
		res, err := Attack(t.Context(), req, src)
		if err != nil {
			t.Fatal(err)
		}
		if res.Removed {
			removed++
		} else if len(res.Attacks) != 4 {
			t.Fatalf("%d attacks of 4 with the target standing", len(res.Attacks))
		}
		if got := res.Steps[0].In(l10n.English); got != "sword: 2 attacks" {
			t.Fatalf("first step %q", got)
		}
		if len(res.Weapons) == 0 || res.Weapons[0].HitChance != 4 {
			t.Fatalf("weapons %+v", res.Weapons)
		}
	}
	systemstest.WithinFourSigma(t, "removed", removed, trials, o.Removed)
}

func TestWeaponsRefused(t *testing.T) {
	a := System().Actions["attack"]
	for _, c := range []struct{ req, field string }{
		{`{"pain":3,"attacks":2,"weapons":[{"attacks":1}]}`, "attacks"},
		{`{"pain":3}`, "attacks"},
		{`{"pain":3,"weapons":[{"name":"x"}]}`, "weapons[0].attacks"},
		{`{"pain":3,"weapons":[{"attacks":1,"attacker_fighting":2}]}`, "weapons[0].attacker_fighting"},
		{`{"pain":3,"hit_modifier":5,"weapons":[{"attacks":1,"hit_modifier":1}]}`, "weapons[0].hit_modifier"},
	} {
		_, err := a.Odds(t.Context(), []byte(c.req))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: %v, want an error on %s", c.req, err, c.field)
		}
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

// BenchmarkAttack rolls the heaviest attacks: one weapon of 20 attacks,
// and 8 weapons of 20 attacks each, with every reroll.
func BenchmarkAttack(b *testing.B) {
	a := System().Actions["attack"]
	weapons := make([]map[string]any, maxWeapons)
	for i := range weapons {
		weapons[i] = map[string]any{"name": "w", "attacks": 20, "attacker_fighting": 1 + i%5, "save_modifier": i % 3, "reroll_hit": i%2 == 0}
	}
	many, _ := json.Marshal(map[string]any{"mode": "melee", "attacker_fighting": 3, "defender_fighting": 1, "save": 6, "pain": 6,
		"reroll_save": true, "reroll_pain": true, "weapons": weapons})
	for _, c := range []struct{ name, body string }{
		{"single", `{"mode":"melee","attacks":20,"attacker_fighting":3,"defender_fighting":1,"save":6,"pain":6,"reroll_hit":true,"reroll_save":true,"reroll_pain":true}`},
		{"weapons", string(many)},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := dice.NewSeededSource(1)
			for b.Loop() {
				if _, err := a.Roll(b.Context(), []byte(c.body), src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
