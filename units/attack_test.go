package units_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/catalog"
	"kostka/systems/qualityd6/cost"
	"kostka/units"
)

// TestTargetFieldsInSchema: every field a target unit gives, and the
// attack field it fills, is a property of the system's attack schema.
func TestTargetFieldsInSchema(t *testing.T) {
	reg := catalog.Registry()
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		action, ok := sys.Actions[units.ProfileAction]
		if !ok {
			continue
		}
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(action.Schema, &schema); err != nil {
			t.Fatal(err)
		}
		fields := sys.TargetFields
		if len(fields) == 0 {
			t.Errorf("%s: no target fields", id)
		}
		for from, to := range fields {
			if schema.Properties[from] == nil || schema.Properties[to] == nil {
				t.Errorf("%s: target field %s → %s is not in the attack schema", id, from, to)
			}
		}
	}
}

// system is the catalog's system id.
func system(t *testing.T, id string) *systems.System {
	t.Helper()
	sys, ok := catalog.Registry().Get(id)
	if !ok {
		t.Fatalf("no system %s", id)
	}
	return sys
}

func TestAttackRequest(t *testing.T) {
	unit := func(system, profile string) *units.Unit {
		return &units.Unit{Name: "u", System: system, Profile: json.RawMessage(profile)}
	}
	shooters := unit("quality-d6", `{"attacks": 10, "quality": 4, "ap": 1, "defense": 5, "models": 10, "toughness": 1}`)
	orks := unit("quality-d6", `{"attacks": 20, "quality": 5, "defense": 6, "models": 20, "toughness": 1, "abilities": ["Furious"]}`)
	tests := []struct {
		name             string
		system           string
		attacker, target *units.Unit
		explicit         map[string]any
		want             map[string]any
	}{
		{"attacker alone keeps only its attacking fields", "quality-d6", shooters, nil, nil,
			map[string]any{"attacks": 10.0, "quality": 4.0, "ap": 1.0}},
		{"target alone gives the defender's fields", "quality-d6", nil, orks, nil,
			map[string]any{"defense": 6.0, "models": 20.0, "toughness": 1.0, "target_quality": 5.0}},
		{"both", "quality-d6", shooters, orks, nil,
			map[string]any{"attacks": 10.0, "quality": 4.0, "ap": 1.0, "defense": 6.0, "models": 20.0, "toughness": 1.0, "target_quality": 5.0}},
		{"explicit fields override both", "quality-d6", shooters, orks, map[string]any{"ap": 2, "defense": 4},
			map[string]any{"attacks": 10.0, "quality": 4.0, "ap": 2, "defense": 4, "models": 20.0, "toughness": 1.0, "target_quality": 5.0}},
		{"fantasy-k6 Walka becomes the defender's", "fantasy-k6", unit("fantasy-k6", `{"attacks": 3, "attacker_fighting": 4, "pain": 4}`),
			unit("fantasy-k6", `{"attacks": 2, "attacker_fighting": 2, "save": 3, "pain": 5}`), nil,
			map[string]any{"attacks": 3.0, "attacker_fighting": 4.0, "defender_fighting": 2.0, "save": 3.0, "pain": 5.0}},
		{"a unit with weapons fires them, each times its models, instead of its single weapon", "quality-d6",
			unit("quality-d6", `{"attacks": 10, "ap": 1, "quality": 4, "abilities": ["Mag(2)"], "models": 10, "weapons": [{"attacks": 1, "range": 24}]}`),
			unit("quality-d6", `{"models": 5, "quality": 4, "defense": 5, "toughness": 3, "abilities": [], "weapons": [{"attacks": 2, "range": "melee"}]}`), nil,
			map[string]any{"quality": 4.0, "abilities": []any{"Mag(2)"}, "weapons": []cost.Weapon{{Attacks: 10, Range: 24}},
				"defense": 5.0, "models": 5.0, "toughness": 3.0, "target_quality": 4.0}},
		{"a typed single weapon fires instead of the saved weapons", "quality-d6",
			unit("quality-d6", `{"quality": 4, "models": 10, "weapons": [{"attacks": 1, "range": 24}]}`), nil, map[string]any{"attacks": 3},
			map[string]any{"quality": 4.0, "attacks": 3}},
		{"nothing saved", "wzr-d20", nil, nil, map[string]any{"skill": 12}, map[string]any{"skill": 12}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := units.AttackRequest(system(t, tc.system), tc.attacker, tc.target, tc.explicit, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("request %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("units of another system", func(t *testing.T) {
		for _, pair := range [][2]*units.Unit{{shooters, unit("pool-k6", `{}`)}, {unit("pool-k6", `{}`), orks}} {
			if _, err := units.AttackRequest(system(t, "quality-d6"), pair[0], pair[1], nil, nil); !errors.Is(err, units.ErrInvalid) {
				t.Errorf("%s against %s: %v, want ErrInvalid", pair[0].System, pair[1].System, err)
			}
		}
	})
}

// TestAttackWithSavedWeapons: a saved quality-d6 unit's weapons are each
// model's (as the points cost reads them), and an attack with the unit
// fires them all, each weapon's attacks times the unit's models, unless
// some are picked (by number from 1 or by name). Two models with a 3-attack
// AP 0 weapon and a 1-attack AP 2 weapon, Quality 4+, fire 6 attacks AP 0
// and 2 attacks AP 2; against Defense 4+, ten models of Toughness 1: a hit
// is 1/2, an AP 0 wound 1/2·1/2 = 1/4, an AP 2 wound (the defense needs
// 6+) 1/2·5/6 = 5/12, so the mean wounds are 6/4 + 2·5/12 = 7/3 and
// P(no wounds) is (3/4)^6·(7/12)^2.
func TestAttackWithSavedWeapons(t *testing.T) {
	sys := system(t, "quality-d6")
	squad := &units.Unit{Name: "Strzelcy", System: "quality-d6", Profile: json.RawMessage(
		`{"quality": 4, "models": 2, "defense": 5, "toughness": 1, "weapons": [{"name": "rifle", "attacks": 3, "range": 24}, {"name": "Plasma", "attacks": 1, "range": 24, "ap": 2}]}`)}
	target := &units.Unit{Name: "Orki", System: "quality-d6", Profile: json.RawMessage(`{"quality": 5, "defense": 4, "models": 10, "toughness": 1}`)}
	odds := func(t *testing.T, pick []string) systems.Odds {
		t.Helper()
		req, err := units.AttackRequest(sys, squad, target, nil, pick)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		o, err := sys.Actions["attack"].Odds(t.Context(), b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return o
	}
	wounds := func(t *testing.T, o systems.Odds) (mean, none float64) {
		t.Helper()
		e, ok := o.Get("wounds")
		if !ok || e.Distribution == nil || len(e.Distribution.Values) == 0 || e.Distribution.Values[0].Value != 0 {
			t.Fatalf("no wounds distribution from 0 in %+v", o)
		}
		return e.Distribution.Mean, e.Distribution.Values[0].P
	}
	near := func(t *testing.T, what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s = %.15g, want %.15g", what, got, want)
		}
	}
	tests := []struct {
		name       string
		pick       []string
		mean, none float64
	}{
		{"all weapons", nil, 7.0 / 3, math.Pow(3.0/4, 6) * math.Pow(7.0/12, 2)},
		{"all picked, by number and name", []string{"1", "plasma"}, 7.0 / 3, math.Pow(3.0/4, 6) * math.Pow(7.0/12, 2)},
		{"the first by number", []string{"1"}, 6.0 / 4, math.Pow(3.0/4, 6)},
		{"the second by name", []string{" PLASMA "}, 2 * 5.0 / 12, math.Pow(7.0/12, 2)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mean, none := wounds(t, odds(t, tc.pick))
			near(t, "mean wounds", mean, tc.mean)
			near(t, "P(no wounds)", none, tc.none)
		})
	}
	t.Run("refusals", func(t *testing.T) {
		for _, c := range []struct {
			name     string
			attacker *units.Unit
			explicit map[string]any
			pick     []string
		}{
			{"no such number", squad, nil, []string{"3"}},
			{"no such name", squad, nil, []string{"flamer"}},
			{"no attacker", nil, nil, []string{"1"}},
			{"an attacker without weapons", target, nil, []string{"1"}},
			{"a typed single weapon", squad, map[string]any{"attacks": 2}, []string{"1"}},
		} {
			_, err := units.AttackRequest(sys, c.attacker, target, c.explicit, c.pick)
			var fe *systems.FieldError
			if !errors.Is(err, units.ErrInvalid) || !errors.As(err, &fe) || fe.Field != "weapons" {
				t.Errorf("%s: %v, want ErrInvalid naming weapons", c.name, err)
			}
		}
		// A saved card whose weapon fires more than an attack makes
		// (qualityd6.FiredWeapons), picked alone, is named by its place
		// in the profile.
		horde := &units.Unit{Name: "Horda", System: "quality-d6", Profile: json.RawMessage(
			`{"quality": 5, "models": 100, "defense": 6, "toughness": 1, "weapons": [{"name": "club", "attacks": 1, "range": "melee"}, {"name": "spear", "attacks": 3, "range": "melee"}]}`)}
		_, err := units.AttackRequest(sys, horde, target, map[string]any{"melee": true}, []string{"spear"})
		var fe *systems.FieldError
		if !errors.Is(err, units.ErrInvalid) || !errors.As(err, &fe) || fe.Field != "weapons[1].attacks" {
			t.Errorf("a card firing 300 attacks: %v, want ErrInvalid naming weapons[1].attacks", err)
		}
		if _, err := units.AttackRequest(sys, horde, target, map[string]any{"melee": true}, []string{"club"}); err != nil {
			t.Errorf("the card's club, 100 attacks: %v", err)
		}
		// A shooting attack fires no melee weapon: picked, it is refused
		// by name; unpicked, a card of melee weapons alone has nothing to
		// shoot with. And a melee attack fires no rifle.
		for _, c := range []struct {
			name     string
			attacker *units.Unit
			explicit map[string]any
			pick     []string
			detail   string
		}{
			{"a club picked to shoot", horde, nil, []string{"club"}, "weapon “club” of unit “Horda” is a melee weapon: it does not shoot (attack in melee to use it)"},
			{"clubs shooting", horde, nil, nil, "the unit has no ranged weapon to shoot with, only melee weapons: it can attack in melee"},
			{"a rifle picked in melee", squad, map[string]any{"melee": true}, []string{"rifle"}, "weapon “rifle” of unit “Strzelcy” is a ranged weapon and not Assault: it does not fight in melee (shoot to use it)"},
			{"rifles in melee", squad, map[string]any{"melee": true}, nil, "the unit has no melee weapon to fight in melee with, only ranged weapons, none of them Assault: it can shoot"},
		} {
			_, err := units.AttackRequest(sys, c.attacker, target, c.explicit, c.pick)
			var fe *systems.FieldError
			if !errors.Is(err, units.ErrInvalid) || !errors.As(err, &fe) || fe.Field != "weapons" || fe.Detail.In(l10n.English) != c.detail {
				t.Errorf("%s: %v, want ErrInvalid on weapons: %s", c.name, err, c.detail)
			}
		}
	})
}

// TestApplicable: the saved fields of an attack request that do not apply
// in its mode (x-when) are left out; the typed fields decide the mode and
// stay.
func TestApplicable(t *testing.T) {
	reg := catalog.Registry()
	schema := func(system string) *systems.Action {
		sys, _ := reg.Get(system)
		return sys.Actions[units.ProfileAction]
	}
	tests := []struct {
		name, system string
		req, typed   map[string]any
		want         map[string]any
	}{
		{"direct fire by default: no base radius", "pool-k6",
			map[string]any{"attack": 4.0, "stealth": 2.0, "base_radius": 1.0}, nil,
			map[string]any{"attack": 4.0, "stealth": 2.0}},
		{"indirect fire saved: no stealth", "pool-k6",
			map[string]any{"mode": "indirect", "ae": 2.0, "stealth": 2.0, "base_radius": 1.0}, nil,
			map[string]any{"mode": "indirect", "ae": 2.0, "base_radius": 1.0}},
		{"the typed mode wins over the saved one", "pool-k6",
			map[string]any{"mode": "indirect", "ae": 2.0, "stealth": 2.0, "base_radius": 1.0}, map[string]any{"mode": "direct"},
			map[string]any{"mode": "indirect", "stealth": 2.0}},
		{"a typed field outside its mode stays for the action to refuse", "fantasy-k6",
			map[string]any{"accuracy": 4.0}, map[string]any{"defender_fighting": 3},
			map[string]any{"accuracy": 4.0}},
		{"melee typed: the shooting fields go", "fantasy-k6",
			map[string]any{"accuracy": 4.0, "cover": true, "attacker_fighting": 4.0, "defender_fighting": 2.0}, map[string]any{"mode": "melee"},
			map[string]any{"attacker_fighting": 4.0, "defender_fighting": 2.0}},
		{"a condition on a condition", "wzr-d20",
			map[string]any{"mode": "close_combat", "cover": "heavy", "heavy_cover": -6.0, "charge": "small"}, nil,
			map[string]any{"mode": "close_combat", "charge": "small"}},
		{"nothing conditional", "quality-d6",
			map[string]any{"attacks": 10.0, "melee": true}, nil,
			map[string]any{"attacks": 10.0, "melee": true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			units.Applicable(schema(tc.system), tc.req, tc.typed)
			if !reflect.DeepEqual(tc.req, tc.want) {
				t.Errorf("request %v, want %v", tc.req, tc.want)
			}
		})
	}
}
