package units_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"kostka/systems"
	"kostka/systems/catalog"
	"kostka/units"
)

func TestSchemaValidator(t *testing.T) {
	validate := units.SchemaValidator(catalog.Registry())
	tests := []struct {
		name, system, profile string
		field                 string // the *systems.FieldError's field; "" for a valid profile or no field
		wantErr               bool
	}{
		{name: "quality-d6 shooters", system: "quality-d6", profile: `{"attacks": 10, "quality": 4, "ap": 1}`},
		{name: "quality-d6 largest", system: "quality-d6", profile: `{"attacks": 200, "models": 100, "toughness": 30}`},
		{name: "empty profile", system: "quality-d6", profile: `{}`},
		{name: "pool-k6", system: "pool-k6", profile: `{}`},
		{name: "fantasy-k6", system: "fantasy-k6", profile: `{}`},
		{name: "wzr-d20", system: "wzr-d20", profile: `{}`},
		{name: "unknown field", system: "quality-d6", profile: `{"attacks": 3, "lasers": 2}`, field: "profile.lasers", wantErr: true},
		{name: "wrong type", system: "quality-d6", profile: `{"attacks": "many"}`, field: "profile.attacks", wantErr: true},
		{name: "out of range", system: "quality-d6", profile: `{"quality": 9}`, field: "profile.quality", wantErr: true},
		{name: "not an object", system: "quality-d6", profile: `[1, 2]`, field: "profile", wantErr: true},
		{name: "two values", system: "quality-d6", profile: `{} {}`, field: "profile", wantErr: true},
		{name: "null", system: "quality-d6", profile: `null`, field: "profile", wantErr: true},
		{name: "unknown system", system: "chess", profile: `{}`, wantErr: true},
		// A unit may hold fields of several modes (x-when): each is
		// checked in a request where it applies.
		{name: "fantasy-k6 shooting and melee", system: "fantasy-k6", profile: `{"attacks": 2, "accuracy": 4, "attacker_fighting": 4, "save": 4}`},
		{name: "fantasy-k6 melee field, shooting mode", system: "fantasy-k6", profile: `{"mode": "shooting", "attacker_fighting": 5}`},
		{name: "pool-k6 target for direct and indirect fire", system: "pool-k6", profile: `{"defense": 3, "armour": 5, "stealth": 2, "base_radius": 1}`},
		{name: "pool-k6 stealth of an indirect unit", system: "pool-k6", profile: `{"mode": "indirect", "stealth": 1}`},
		{name: "wzr-d20 heavy cover in close combat", system: "wzr-d20", profile: `{"mode": "close_combat", "heavy_cover": -6}`},
		{name: "a field of another mode out of range", system: "pool-k6", profile: `{"mode": "indirect", "stealth": 9}`, field: "profile.stealth", wantErr: true},
		{name: "a melee field out of range", system: "fantasy-k6", profile: `{"accuracy": 4, "attacker_fighting": 9}`, field: "profile.attacker_fighting", wantErr: true},
		{name: "a condition's condition out of range", system: "wzr-d20", profile: `{"mode": "close_combat", "heavy_cover": 3}`, field: "profile.heavy_cover", wantErr: true},
		// quality-d6 profiles may hold the points cost's fields too: the
		// page's cost view exports its unit with weapons.
		{name: "cost view unit", system: "quality-d6", profile: `{"models": 10, "quality": 4, "defense": 5, "toughness": 1, "abilities": ["Nieustraszony", "Mag(2)"],
			"weapons": [{"name": "Karabin", "attacks": 1, "ap": 1, "abilities": ["Rozprysk(3)"], "range": 24}, {"name": "Nóż", "attacks": 1, "ap": 0, "abilities": [], "range": "melee"}]}`},
		{name: "weapons alone", system: "quality-d6", profile: `{"weapons": [{"attacks": 2, "range": "wręcz"}]}`},
		{name: "attack and cost fields", system: "quality-d6", profile: `{"attacks": 10, "ap": 1, "deadly": 3, "models": 5, "weapons": [{"attacks": 2, "range": 24}]}`},
		{name: "toughness 0 in an attack profile", system: "quality-d6", profile: `{"toughness": 0}`},
		{name: "unknown field beside weapons", system: "quality-d6", profile: `{"weapons": [], "points": 120}`, field: "profile.points", wantErr: true},
		{name: "weapons in another system", system: "pool-k6", profile: `{"weapons": []}`, field: "profile.weapons", wantErr: true},
		{name: "weapon range past the table", system: "quality-d6", profile: `{"weapons": [{"attacks": 1, "range": 48}]}`, field: "profile.weapons[0].range", wantErr: true},
		{name: "weapon of no attacks", system: "quality-d6", profile: `{"weapons": [{"attacks": 1, "range": 12}, {"attacks": 0, "range": 12}]}`, field: "profile.weapons[1].attacks", wantErr: true},
		{name: "weapon ability on the unit", system: "quality-d6", profile: `{"abilities": ["Przebijająca"], "weapons": [{"attacks": 1, "range": 12}]}`, field: "profile.abilities[0]", wantErr: true},
		{name: "toughness 0 with weapons", system: "quality-d6", profile: `{"toughness": 0, "weapons": []}`, field: "profile.toughness", wantErr: true},
		{name: "weapon attacks of the wrong type", system: "quality-d6", profile: `{"weapons": [{"attacks": "two", "range": 12}]}`, field: "profile.weapons.attacks", wantErr: true},
		{name: "weapons not a list", system: "quality-d6", profile: `{"weapons": {"attacks": 1}}`, field: "profile.weapons", wantErr: true},
		{name: "weapon field no weapon has", system: "quality-d6", profile: `{"weapons": [{"attacks": 1, "range": 12, "points": 5}]}`, field: "profile.weapons", wantErr: true},
		{name: "attack field checked beside weapons", system: "quality-d6", profile: `{"ap": 9, "weapons": []}`, field: "profile.ap", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := validate(t.Context(), tc.system, json.RawMessage(tc.profile))
			if !tc.wantErr {
				if err != nil {
					t.Fatalf("validate: %v", err)
				}
				return
			}
			if !errors.Is(err, units.ErrInvalid) {
				t.Fatalf("validate = %v, want ErrInvalid", err)
			}
			var fe *systems.FieldError
			if tc.field == "" {
				if errors.As(err, &fe) && fe.Field != "" {
					t.Errorf("validate = %v, want no field at fault", err)
				}
				return
			}
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Errorf("validate = %v, want a field error on %s", err, tc.field)
			}
		})
	}
}

func TestCheckName(t *testing.T) {
	tests := []struct {
		name string
		want error
	}{
		{"Strzelcy", nil},
		{"  Łucznicy elfów ", nil},
		{"", units.ErrInvalid},
		{"   ", units.ErrInvalid},
		{"a\tb", units.ErrInvalid},
		{"\xff", units.ErrInvalid},
		{strings.Repeat("ż", 64), nil},
		{strings.Repeat("ż", 65), units.ErrLimit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := units.CheckName(tc.name, 64)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Errorf("CheckName(%q) = %v, want %v", tc.name, err, tc.want)
			}
		})
	}
}

// BenchmarkSchemaValidator measures checking a profile: one resolution of
// the attack, one more per mode its fields need, and the cost of a unit
// with weapons.
func BenchmarkSchemaValidator(b *testing.B) {
	validate := units.SchemaValidator(catalog.Registry())
	for _, bc := range []struct{ name, system, profile string }{
		{"quality-d6 largest", "quality-d6", `{"attacks": 200, "quality": 2, "ap": 6, "blast": 12, "deadly": 11, "models": 100, "toughness": 30}`},
		{"quality-d6 cost view", "quality-d6", `{"models": 10, "quality": 4, "defense": 5, "toughness": 1, "abilities": ["Nieustraszony"],
			"weapons": [{"name": "rifle", "attacks": 1, "ap": 1, "abilities": ["Rozprysk(3)"], "range": 24}, {"name": "knife", "attacks": 1, "ap": 0, "abilities": [], "range": "melee"}]}`},
		{"fantasy-k6 both modes", "fantasy-k6", `{"attacks": 10, "accuracy": 4, "cover": true, "moved": true, "half_range": true, "attacker_fighting": 4, "attacker_side": 2, "save": 4, "pain": 4}`},
		{"pool-k6 both modes", "pool-k6", `{"attack": 6, "damage": 6, "rof": 3, "rof_damage": 3, "stealth": 2, "ae": 3, "base_radius": 1, "target_distance": 2}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if err := validate(b.Context(), bc.system, json.RawMessage(bc.profile)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestProfileOfDefaults: a profile holding every field of the attack at
// its default (as the page's attack view exports one) is valid in every
// system, whatever modes its fields belong to.
func TestProfileOfDefaults(t *testing.T) {
	reg := catalog.Registry()
	validate := units.SchemaValidator(reg)
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		var schema struct {
			Properties map[string]struct {
				Default  json.RawMessage `json:"default"`
				Examples []any           `json:"examples"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(sys.Actions[units.ProfileAction].Schema, &schema); err != nil {
			t.Fatal(err)
		}
		profile := map[string]any{}
		for name, p := range schema.Properties {
			switch {
			case p.Default != nil:
				profile[name] = p.Default
			case len(p.Examples) > 0:
				profile[name] = p.Examples[0]
			}
		}
		b, err := json.Marshal(profile)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(t.Context(), id, b); err != nil {
			t.Errorf("%s: the profile of defaults %s: %v", id, b, err)
		}
	}
}
