package catalog

import (
	"errors"
	"maps"
	"testing"

	"kostka/dice"
	"kostka/systems"
)

// FuzzActions sends arbitrary request bodies to every action of every
// system: none may panic, and every refusal must be a *systems.FieldError
// (a 422 naming the field), never anything else.
func FuzzActions(f *testing.F) {
	reg := Registry()
	for _, seed := range []string{
		`{}`, `{"attacks": 40, "quality": 4, "defense": 4, "blast": 3, "deadly": 3, "models": 10, "toughness": 3}`,
		`{"dice": 3, "opponent": {"dice": 2, "modifier": -1}}`, `{"mode": "melee", "attacks": 3, "attacker_fighting": 3, "pain": 3}`,
		`{"attack": 4, "defense": 3, "damage": 6, "armour": 4, "rof": 2, "rof_damage": 2}`, `[]`, `null`, `{"dice": 3.0, "threshold": 1e2}`, `{"abilities": ["Rój", 7]}`,
		`{"attacks": 200, "quality": 2, "defense": 6, "blast": 12, "models": 100, "abilities": ["Swarm", "Podwójny", "Furia"], "charging": true}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, id := range reg.IDs() {
			s, _ := reg.Get(id)
			for name, a := range s.Actions {
				for _, call := range []func() (any, error){
					func() (any, error) { return a.Roll(t.Context(), []byte(body), dice.NewSeededSource(1)) },
					func() (any, error) { return a.Odds(t.Context(), []byte(body)) },
				} {
					if _, err := call(); err != nil {
						var fe *systems.FieldError
						if !errors.As(err, &fe) {
							t.Fatalf("%s %s %q: %T %v", id, name, body, err, err)
						}
					}
				}
			}
		}
	})
}

// TestTargetFields: every system with an attack says which fields of a
// target unit's profile fill which attack fields (the table the bot and
// the page read), and a system without an attack says none.
func TestTargetFields(t *testing.T) {
	want := map[string]map[string]string{
		"quality-d6": {"defense": "defense", "models": "models", "toughness": "toughness", "quality": "target_quality"},
		"pool-k6":    {"defense": "defense", "armour": "armour", "stealth": "stealth", "base_radius": "base_radius"},
		"fantasy-k6": {"attacker_fighting": "defender_fighting", "save": "save", "pain": "pain"},
		"wzr-d20":    {"armour": "armour", "impenetrable": "impenetrable", "wounds": "wounds", "vehicle": "vehicle"},
	}
	reg := Registry()
	for _, id := range reg.IDs() {
		t.Run(id, func(t *testing.T) {
			s, _ := reg.Get(id)
			_, attacks := s.Actions["attack"]
			if !attacks {
				if len(s.TargetFields) != 0 {
					t.Errorf("no attack, but target fields %v", s.TargetFields)
				}
				return
			}
			if !maps.Equal(s.TargetFields, want[id]) {
				t.Errorf("target fields %v, want %v", s.TargetFields, want[id])
			}
		})
	}
	if got := len(reg.IDs()); got != len(want) {
		t.Errorf("%d systems, the table has %d", got, len(want))
	}
}
