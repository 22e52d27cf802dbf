package catalog

import (
	"testing"

	"kostka/dice"
)

// BenchmarkActions measures a typical attack of each system through its
// action, from the request's JSON (its schema, defaults and decoding)
// to the answer before it is written: rolled, and its odds alone.
func BenchmarkActions(b *testing.B) {
	reg := Registry()
	for _, at := range []struct{ system, body string }{
		{"quality-d6", `{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`},
		{"pool-k6", `{"attack": 4, "defense": 3, "damage": 6, "armour": 2, "rof": 3, "rof_damage": 2, "stealth": 3}`},
		{"wzr-d20", `{"skill": 14, "rate": 4, "strength": 9, "aim": true, "cover": "heavy", "armour": 12, "wounds": 3}`},
		{"fantasy-k6", `{"mode": "melee", "attacks": 4, "attacker_fighting": 3, "defender_fighting": 2, "attacker_side": 1, "defender_side": 3, "pain": 2}`},
	} {
		s, _ := reg.Get(at.system)
		a := s.Actions["attack"]
		b.Run(at.system+"/roll", func(b *testing.B) {
			b.ReportAllocs()
			src := dice.NewSeededSource(1)
			for b.Loop() {
				if _, err := a.Roll(b.Context(), []byte(at.body), src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(at.system+"/odds", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := a.Odds(b.Context(), []byte(at.body)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
