package catalog

import (
	"errors"
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
