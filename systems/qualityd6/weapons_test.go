package qualityd6

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// actionOdds computes an attack's odds through the action: the request's
// schema, its defaults, the decoder.
func actionOdds(t *testing.T, body string) systems.Odds {
	t.Helper()
	o, err := System().Actions["attack"].Odds(t.Context(), []byte(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return o
}

// p is P(value) of the distribution under key, 0 when it is left out.
func p(t *testing.T, o systems.Odds, key string, value int) float64 {
	t.Helper()
	e, ok := o.Get(key)
	if !ok || e.Distribution == nil {
		t.Fatalf("no distribution %s", key)
	}
	for _, pt := range e.Distribution.Values {
		if pt.Value == value {
			return pt.P
		}
	}
	return 0
}

// TestTwoWeapons: the case. 6 attacks AP 0 and 2 attacks AP 2,
// Quality 4+, against Defense 4+, ten models of Toughness 1. An AP 0 hit
// wounds with 1/2 · 1/2 = 1/4, an AP 2 hit with 1/2 · 5/6 = 5/12 (4+ at
// -2 saves on a 6 only): mean wounds 6/4 + 2·5/12 = 7/3, and P(no wounds)
// (3/4)^6 · (7/12)^2. The wounds are allocated together ("Przydziel je
// wszystkie razem na koniec ataku"): with Toughness 1 the models killed
// are the wounds.
func TestTwoWeapons(t *testing.T) {
	o := actionOdds(t, `{"quality": 4, "defense": 4, "models": 10, "toughness": 1,
		"weapons": [{"name": "rifle", "attacks": 6}, {"name": "plasma", "attacks": 2, "ap": 2}]}`)
	wounds, _ := o.Get("wounds")
	if !exactly(wounds.Distribution.Mean, big.NewRat(7, 3)) {
		t.Errorf("mean wounds %v, want 7/3", wounds.Distribution.Mean)
	}
	none := new(big.Rat).Mul(ratPow(3, 4, 6), ratPow(7, 12, 2))
	if got := p(t, o, "wounds", 0); !exactly(got, none) {
		t.Errorf("P(no wounds) = %v, want (3/4)^6·(7/12)^2", got)
	}
	if got := p(t, o, "models_killed", 0); !exactly(got, none) {
		t.Errorf("P(no model killed) = %v, want (3/4)^6·(7/12)^2", got)
	}
	// Each weapon's wounds, apart: the plasma's are 0, 1 or 2 with 5/12.
	if got := p(t, o, "weapons[1].wounds", 2); !exactly(got, ratPow(5, 12, 2)) {
		t.Errorf("P(plasma: 2 wounds) = %v, want 25/144", got)
	}
	// The hits of both: P(no hits) (1/2)^8.
	if got := p(t, o, "hits", 0); !exactly(got, ratPow(1, 2, 8)) {
		t.Errorf("P(no hits) = %v, want 1/256", got)
	}
}

// TestOneWeaponIsTheShorthand: an attack with one weapon in weapons is
// the single-weapon request, the same answer to the byte.
func TestOneWeaponIsTheShorthand(t *testing.T) {
	a := System().Actions["attack"]
	for _, tt := range []struct{ flat, listed string }{
		{`{"attacks": 6, "quality": 4, "defense": 4, "ap": 1, "models": 5, "toughness": 2, "abilities": ["Furia"], "charging": true}`,
			`{"quality": 4, "defense": 4, "models": 5, "toughness": 2, "abilities": ["Furia"], "charging": true, "weapons": [{"attacks": 6, "ap": 1}]}`},
		{`{"attacks": 4, "quality": 3, "defense": 5, "blast": 3, "deadly": 2, "models": 4, "toughness": 2, "abilities": ["Nieustraszony", "Brutalny"], "target_quality": 4}`,
			`{"quality": 3, "defense": 5, "models": 4, "toughness": 2, "abilities": ["Nieustraszony"], "target_quality": 4, "weapons": [{"attacks": 4, "blast": 3, "deadly": 2, "abilities": ["Brutalny"]}]}`},
		// A weapon as the points cost takes it: a range (which the attack
		// does not read), Rozprysk(X) and Zabójczy(X) among its abilities.
		{`{"attacks": 4, "quality": 3, "defense": 5, "blast": 3, "deadly": 2, "models": 4, "toughness": 2, "abilities": ["Brutalny"]}`,
			`{"quality": 3, "defense": 5, "models": 4, "toughness": 2, "weapons": [{"name": "Miotacz", "attacks": 4, "range": "melee", "abilities": ["Rozprysk(3)", "Zabójczy(2)", "Brutalny"]}]}`},
	} {
		for seed := range uint64(3) {
			var out [2][]byte
			for i, body := range []string{tt.flat, tt.listed} {
				res, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(seed))
				if err != nil {
					t.Fatalf("%s: %v", body, err)
				}
				if out[i], err = l10n.AppendJSON(nil, res, l10n.Polish); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(out[0], out[1]) {
				t.Errorf("seed %d:\n%s\n%s", seed, out[0], out[1])
			}
		}
	}
}

// TestWeaponsRolled: a rolled attack with several weapons gives each
// weapon's dice, their totals, and wounds that are the sum of the
// weapons'; many rolls agree with the odds.
func TestWeaponsRolled(t *testing.T) {
	body := `{"quality": 4, "defense": 4, "models": 3, "toughness": 2, "melee": true, "target_quality": 4,
		"weapons": [{"attacks": 3, "abilities": ["Porażenie"]}, {"attacks": 2, "ap": 1, "deadly": 2}, {"name": "flamer", "attacks": 1, "blast": 3}]}`
	out, err := System().Actions["attack"].Roll(t.Context(), []byte(body), dice.NewSeededSource(1))
	if err != nil {
		t.Fatal(err)
	}
	if res := out.(*AttackResult); len(res.Weapons) != 3 || len(res.Steps) < 3*3+3 {
		t.Fatalf("answer %+v", res)
	}
	// Many rolls, the request decoded once.
	req := mustDecode(t, body)
	if err := req.Normalize(); err != nil {
		t.Fatal(err)
	}
	const n = 20000
	wounds := map[int]int{}
	tests := map[int]int{}
	src := dice.NewSeededSource(7)
	for range n {
		r := req.roll(src)
		res := &r
		sum, dice := 0, 0
		for _, w := range res.Weapons {
			sum += w.Wounds
			dice += len(w.HitDice)
		}
		if len(res.Weapons) != 3 || res.Weapons[2].Name != "flamer" || sum != res.Wounds || dice != len(res.HitDice) || dice != 6 {
			t.Fatalf("answer %+v", res)
		}
		wounds[res.Wounds]++
		tests[res.RegroupTests]++
	}
	o := actionOdds(t, body)
	for w, c := range wounds {
		if got, want := float64(c)/n, p(t, o, "wounds", w); got < want-0.015 || got > want+0.015 {
			t.Errorf("P(%d wounds): rolled %v, odds %v", w, got, want)
		}
	}
	for k, c := range tests {
		if got, want := float64(c)/n, p(t, o, "regroup_tests", k); got < want-0.015 || got > want+0.015 {
			t.Errorf("P(%d regroup tests): rolled %v, odds %v", k, got, want)
		}
	}
}

// TestWeaponsRefused: the fields of a weapon are refused at the top with
// weapons, a unit ability in a weapon's abilities, an unknown ability in
// a weapon, several weapons against groups; the field named is the
// request's.
func TestWeaponsRefused(t *testing.T) {
	a := System().Actions["attack"]
	for body, field := range map[string]string{
		`{"quality": 4, "defense": 4, "attacks": 3, "weapons": [{"attacks": 1}]}`:                               "attacks",
		`{"quality": 4, "defense": 4, "weapons": [{"attacks": 1}, {"attacks": 2, "abilities": ["Furia"]}]}`:     "weapons[1].abilities[0]",
		`{"quality": 4, "defense": 4, "weapons": [{"attacks": 1}, {"attacks": 2, "abilities": ["Laser"]}]}`:     "weapons[1].abilities[0]",
		`{"quality": 4, "defense": 4, "weapons": [{"attacks": 1}, {"attacks": 0}]}`:                             "weapons[1].attacks",
		`{"quality": 4, "defense": 4, "weapons": [{"attacks": 1, "deadly": 2, "abilities": ["Przebijająca"]}]}`: "weapons[0].abilities",
		`{"quality": 4, "defense": 4, "weapons": [{"attacks": 1}, {"attacks": 1}], "groups": [{"count": 2}]}`:   "weapons",
		`{"quality": 4, "defense": 4, "weapons": []}`:                                                           "weapons",
		`{"quality": 4, "defense": 4}`: "attacks",
	} {
		_, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(1))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != field {
			t.Errorf("%s: %v, want an error on %s", body, err, field)
		}
	}
}

// TestShock: Porażenie, "Podczas sprawdzania kto wygrał walkę wręcz, rany
// zadane tą bronią liczą się podwójnie" (seed 001). One attack, Quality
// 2+ (5/6), against Defense 6+ (fails 5/6): one wound with 25/36. The
// target dealt one wound back: counted double, its one wound is more than
// one, so it tests (two tests: one more after melee) with 25/36; read
// plain, one wound is not more than one, and it never tests. Outside
// melee Porażenie does nothing.
func TestShock(t *testing.T) {
	const base = `"attacks": 1, "quality": 2, "defense": 6, "models": 10, "wounds_dealt_back": 1, "abilities": ["Porażenie"]`
	for _, tt := range []struct {
		body string
		want *big.Rat // P(2 regroup tests)
	}{
		{`{` + base + `, "melee": true}`, big.NewRat(25, 36)},
		{`{` + base + `, "melee": true, "shock": "double"}`, big.NewRat(25, 36)},
		{`{` + base + `, "melee": true, "shock": "plain"}`, new(big.Rat)},
		{`{` + base + `}`, new(big.Rat)},
	} {
		o := actionOdds(t, tt.body)
		if got := p(t, o, "regroup_tests", 2); !exactly(got, tt.want) {
			t.Errorf("%s: P(2 regroup tests) = %v, want %v", tt.body, got, tt.want)
		}
	}
	// With several weapons only Porażenie's wounds count double: a plain
	// weapon's one wound against one dealt back is no test, a shock
	// weapon's is.
	o := actionOdds(t, `{"quality": 2, "defense": 6, "models": 10, "wounds_dealt_back": 1, "melee": true,
		"weapons": [{"attacks": 1}, {"attacks": 1, "abilities": ["Porażenie"]}]}`)
	// P(tests) = P(shock wound) = 25/36 (the plain wound alone is not
	// enough; with the shock wound, 3 counted > 1).
	if got := 1 - p(t, o, "regroup_tests", 0); !exactly(got, big.NewRat(25, 36)) {
		t.Errorf("two weapons: P(regroup tests) = %v, want 25/36", got)
	}
}

// TestFresh: Świeży (seed 001, Małe starcia): "Modele w tym oddziale nie
// mogą zostać pokonane i wykonują podwójną liczbę ataków. Gdy oddział ma
// więcej ran niż suma jego wytrzymałości, odrzuć wszystkie rany i ten
// stan."
func TestFresh(t *testing.T) {
	// The attacker makes double the attacks: one attack, 2+ against 6+,
	// is two: P(no wounds) (11/36)^2.
	o := actionOdds(t, `{"attacks": 1, "quality": 2, "defense": 6, "conditions": ["attacker_fresh"]}`)
	if got := p(t, o, "wounds", 0); !exactly(got, ratPow(11, 36, 2)) {
		t.Errorf("attacker: P(no wounds) = %v, want (11/36)^2", got)
	}
	// The target loses no model; with 3 wounds on one model of Toughness
	// 2 it discards them and the state: P (25/36)^3.
	o = actionOdds(t, `{"attacks": 3, "quality": 2, "defense": 6, "models": 1, "toughness": 2, "conditions": ["target_fresh"]}`)
	if got := p(t, o, "models_killed", 0); !exactly(got, big.NewRat(1, 1)) {
		t.Errorf("target: P(no model defeated) = %v, want 1", got)
	}
	if got := o.Value("fresh_lost"); !exactly(got, ratPow(25, 36, 3)) {
		t.Errorf("target: P(Świeży lost) = %v, want (25/36)^3", got)
	}
	res, err := System().Actions["attack"].Roll(t.Context(), []byte(`{"attacks": 3, "quality": 2, "defense": 6, "models": 1, "toughness": 2, "conditions": ["target_fresh"]}`), dice.NewSeededSource(3))
	if err != nil {
		t.Fatal(err)
	}
	if r := res.(*AttackResult); r.ModelsKilled != 0 || r.FreshLost != (r.Wounds > 2) || !r.FreshLost && r.WoundsLeft != r.Wounds {
		t.Errorf("rolled: %+v", r)
	}
	b, _ := json.Marshal(res)
	if !bytes.Contains(b, []byte(`"models_killed":0`)) {
		t.Errorf("rolled: %s", b)
	}
}

// BenchmarkWeapons: the odds and a roll of attacks with several weapons:
// the two weapons, a squad of nine rifles and a flamer, and the
// largest attack of ten weapons (Blast 12, Deadly 3, Podwójny, in melee
// with Porażenie on half of them, against 100 models of Toughness 30)
// that the work estimate accepts.
func BenchmarkWeapons(b *testing.B) {
	largest := func(attacks int) AttackRequest {
		r := AttackRequest{Quality: 2, Defense: 6, Models: 100, Toughness: 30, Melee: true, TargetQuality: 4}
		for i := range 10 {
			w := Weapon{Attacks: attacks, AP: i % 4, Blast: 12, Deadly: 3, Abilities: []string{"Podwójny"}}
			if i%2 == 1 {
				w.Abilities = append(w.Abilities, "Porażenie")
			}
			r.Weapons = append(r.Weapons, w)
		}
		return r
	}
	n := 200
	for r := largest(n); r.Normalize() != nil; r = largest(n) {
		n--
	}
	for _, tt := range []struct {
		name string
		req  AttackRequest
	}{
		{"two", AttackRequest{Quality: 4, Defense: 4, Models: 10, Toughness: 1, Weapons: []Weapon{{Attacks: 6}, {Attacks: 2, AP: 2}}}},
		{"squad", AttackRequest{Quality: 4, Defense: 4, Models: 10, Toughness: 1, TargetQuality: 4,
			Weapons: []Weapon{{Name: "rifles", Attacks: 9, AP: 1}, {Name: "flamer", Attacks: 1, Blast: 3, Abilities: []string{"Niezawodny"}}}}},
		{fmt.Sprintf("ten-of-%d", n), largest(n)},
	} {
		req := tt.req
		if err := req.Normalize(); err != nil {
			b.Fatal(err)
		}
		b.Run(tt.name+"/odds", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := req.odds(b.Context()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tt.name+"/roll", func(b *testing.B) {
			b.ReportAllocs()
			src := dice.NewSeededSource(1)
			for b.Loop() {
				req.roll(src)
			}
		})
	}
}
