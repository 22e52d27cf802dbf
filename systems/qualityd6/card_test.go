package qualityd6

import (
	"errors"
	"reflect"
	"testing"

	"kostka/l10n"
	"kostka/systems"
)

// TestFiredWeapons checks the rule that fires a unit card: each weapon's
// attacks times the models, every other field kept, and a card that an
// attack cannot fire refused on the card's own field.
func TestFiredWeapons(t *testing.T) {
	rifle := Weapon{Name: "Rifle", Attacks: 2, Range: 24, AP: 1, Abilities: []string{"Niezawodny"}}
	flamer := Weapon{Name: "Flamer", Attacks: 1, Range: 12, Blast: 3}
	for _, tc := range []struct {
		name   string
		models int
		card   []Weapon
		want   []int // each weapon's attacks fired
		field  string
		detail string
	}{
		{"one model", 1, []Weapon{rifle}, []int{2}, "", ""},
		{"five models", 5, []Weapon{rifle, flamer}, []int{10, 5}, "", ""},
		{"the most an attack makes", 100, []Weapon{{Attacks: 2}}, []int{200}, "", ""},
		{"more than an attack makes", 10, []Weapon{rifle, {Attacks: 21}}, nil, "weapons[1].attacks",
			"21 attacks a model × 10 models = 210 attacks, more than one attack makes (200): at most 20 a model"},
		{"no attacks", 5, []Weapon{{Attacks: 0}}, nil, "weapons[0].attacks", "must be from 1 to 40, not 0"},
		{"no models", 0, []Weapon{rifle}, nil, "models", "must be from 1 to 100, not 0"},
		{"too many models", 101, []Weapon{rifle}, nil, "models", "must be from 1 to 100, not 101"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FiredWeapons(tc.models, tc.card)
			if tc.field != "" {
				var fe *systems.FieldError
				if !errors.As(err, &fe) || fe.Field != tc.field || fe.Detail.In(l10n.English) != tc.detail {
					t.Fatalf("error %v, want %q on %s", err, tc.detail, tc.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range got {
				want := tc.card[i]
				want.Attacks = tc.want[i]
				if !reflect.DeepEqual(w, want) {
					t.Errorf("weapon %d fired as %+v, want %+v", i, w, want)
				}
			}
			if len(got) != len(tc.card) || tc.card[0].Attacks == got[0].Attacks && tc.models > 1 {
				t.Errorf("fired %+v from %+v", got, tc.card)
			}
		})
	}
}
