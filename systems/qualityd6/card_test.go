package qualityd6

import (
	"errors"
	"reflect"
	"testing"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/qualityd6/cost"
)

// TestFiredWeapons checks the rule that fires a unit card: a shooting
// attack fires the ranged weapons, a melee one the melee weapons and the
// Assault (Szturmowa) ranged ones, each weapon's attacks times the
// models, every other field kept, and a card that an attack cannot fire
// refused on the card's own field.
func TestFiredWeapons(t *testing.T) {
	rifle := Weapon{Name: "Rifle", Attacks: 2, Range: 24, AP: 1, Abilities: []string{"Niezawodny"}}
	flamer := Weapon{Name: "Flamer", Attacks: 1, Range: 12, Blast: 3}
	sword := Weapon{Name: "Sword", Attacks: 3, Range: cost.Melee, AP: 1}
	pistol := Weapon{Name: "Pistol", Attacks: 1, Range: 12, Abilities: []string{"Assault"}}
	for _, tc := range []struct {
		name   string
		models int
		card   []Weapon
		melee  bool
		want   []Weapon // the weapons fired, attacks as fired
		field  string
		detail string
	}{
		{"one model", 1, []Weapon{rifle}, false, []Weapon{rifle}, "", ""},
		{"five models", 5, []Weapon{rifle, flamer}, false, []Weapon{times(rifle, 5), times(flamer, 5)}, "", ""},
		{"shooting fires only the ranged weapons", 5, []Weapon{sword, rifle, flamer}, false, []Weapon{times(rifle, 5), times(flamer, 5)}, "", ""},
		{"melee fires only the melee weapons", 5, []Weapon{rifle, sword, flamer}, true, []Weapon{times(sword, 5)}, "", ""},
		{"melee fires Assault ranged weapons too", 2, []Weapon{rifle, pistol, sword}, true, []Weapon{times(pistol, 2), times(sword, 2)}, "", ""},
		{"an Assault weapon shoots too", 2, []Weapon{pistol, sword}, false, []Weapon{times(pistol, 2)}, "", ""},
		{"the most an attack makes", 100, []Weapon{{Attacks: 2, Range: 24}}, false, []Weapon{{Attacks: 200, Range: 24}}, "", ""},
		{"a weapon of the other kind is not checked", 100, []Weapon{{Attacks: 2, Range: 24}, {Attacks: 9}}, false, []Weapon{{Attacks: 200, Range: 24}}, "", ""},
		{"more than an attack makes", 10, []Weapon{rifle, {Attacks: 21, Range: 6}}, false, nil, "weapons[1].attacks",
			"21 attacks a model × 10 models = 210 attacks, more than one attack makes (200): at most 20 a model"},
		{"more than an attack makes in melee", 10, []Weapon{rifle, {Attacks: 21}}, true, nil, "weapons[1].attacks",
			"21 attacks a model × 10 models = 210 attacks, more than one attack makes (200): at most 20 a model"},
		{"no attacks", 5, []Weapon{{Attacks: 0, Range: 24}}, false, nil, "weapons[0].attacks", "must be from 1 to 40, not 0"},
		{"no ranged weapon to shoot", 5, []Weapon{sword}, false, nil, "weapons",
			"the unit has no ranged weapon to shoot with, only melee weapons: it can attack in melee"},
		{"no melee weapon to fight", 5, []Weapon{rifle, flamer}, true, nil, "weapons",
			"the unit has no melee weapon to fight in melee with, only ranged weapons, none of them Assault: it can shoot"},
		{"no weapons at all", 5, nil, false, nil, "weapons",
			"the unit has no ranged weapon to shoot with, only melee weapons: it can attack in melee"},
		{"no models", 0, []Weapon{rifle}, false, nil, "models", "must be from 1 to 100, not 0"},
		{"too many models", 101, []Weapon{rifle}, false, nil, "models", "must be from 1 to 100, not 101"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FiredWeapons(tc.models, tc.card, tc.melee)
			if tc.field != "" {
				var fe *systems.FieldError
				if !errors.As(err, &fe) || fe.Field != tc.field || fe.Detail.In(l10n.English) != tc.detail {
					t.Fatalf("error %v, want %q on %s", err, tc.detail, tc.field)
				}
				for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
					if d := fe.Detail.In(lang); d == "" || d == tc.detail && tc.field == "weapons" {
						t.Errorf("%s: %q is not translated", lang, d)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("fired %+v, want %+v", got, tc.want)
			}
		})
	}
}

// times is w with its attacks times n.
func times(w Weapon, n int) Weapon {
	w.Attacks *= n
	return w
}
