package poolk6

import (
	"os"
	"testing"
)

// BenchmarkAreaHeaviest rolls the costliest area attack the budget sweep
// found (testdata/area_heaviest.json): indirect fire with an area at ten
// defenders of 12 Def dice, each with a command point, damage 55 against
// armour 1, so that every success level is many wounds.
func BenchmarkAreaHeaviest(b *testing.B) {
	body, err := os.ReadFile("testdata/area_heaviest.json")
	if err != nil {
		b.Fatal(err)
	}
	a := System().Actions["area"]
	for _, mode := range []string{"roll", "odds"} {
		b.Run(mode, func(b *testing.B) {
			for b.Loop() {
				var err error
				if mode == "roll" {
					_, err = a.Roll(b.Context(), body, fixedSource{})
				} else {
					_, err = a.Odds(b.Context(), body)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// fixedSource rolls 1 on every die.
type fixedSource struct{}

func (fixedSource) IntN(int) int { return 0 }
