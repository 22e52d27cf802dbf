package poolk6

import (
	"errors"
	"math"
	"testing"

	"kostka/dice"
	"kostka/systems"
)

// TestInitiativeByHand checks the initiative roll against fractions
// counted by hand. Seed 002, Aktywacja: "każdy gracz rzuca
// K6+najwyższe dowodzenie wśród swoich modeli. Model z wyższym wynikiem
// wybiera, kto aktywuje pierwszy model."
func TestInitiativeByHand(t *testing.T) {
	for _, c := range []struct {
		name              string
		req               InitiativeRequest
		chooses, tie      float64
		marginMin, margin int // the lowest margin, and one margin's count of 36
		marginP           float64
	}{
		// Command 2 against 1: the player's d6 a wins on a+2 > b+1, a >= b:
		// 21 of 36 pairs; a tie on b = a+1: 5 pairs; after ties are rolled
		// again, 21 of the 31 decisive pairs.
		{"command 2 against 1", InitiativeRequest{Command: 2, OpponentCommand: 1}, 21. / 31, 5. / 36, -4, 1, 6. / 36},
		// Equal Command: 15 pairs each way, 6 ties, an even chance.
		{"equal command", InitiativeRequest{Command: 3, OpponentCommand: 3}, 1. / 2, 6. / 36, -5, 0, 6. / 36},
		// Command 0 against 5: a > b+5 never, a tie only on 6 against 1.
		{"command 0 against 5", InitiativeRequest{Command: 0, OpponentCommand: 5}, 0, 1. / 36, -10, -10, 1. / 36},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, err := InitiativeOddsOf(t.Context(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(o.Chooses-c.chooses) > 1e-12 || math.Abs(o.Tie-c.tie) > 1e-12 {
				t.Errorf("chooses %v, tie %v; want %v, %v", o.Chooses, o.Tie, c.chooses, c.tie)
			}
			if lo := o.Margin.Values[0].Value; lo != c.marginMin {
				t.Errorf("lowest margin %d, want %d", lo, c.marginMin)
			}
			for _, v := range o.Margin.Values {
				if v.Value == c.margin && math.Abs(v.P-c.marginP) > 1e-12 {
					t.Errorf("P(margin %d) = %v, want %v", c.margin, v.P, c.marginP)
				}
			}
		})
	}
}

// TestInitiativeRoll checks that rolls end on the first roll that is not
// a tie, that it decides who chooses, and that the choices come out at
// the exact odds.
func TestInitiativeRoll(t *testing.T) {
	req := InitiativeRequest{Command: 2, OpponentCommand: 1}
	src := dice.NewSeededSource(7)
	const n = 20000
	won := 0
	for range n {
		res, err := Initiative(t.Context(), req, src)
		if err != nil {
			t.Fatal(err)
		}
		last := res.Rolls[len(res.Rolls)-1]
		for _, r := range res.Rolls[:len(res.Rolls)-1] {
			if r.Total != r.OpponentTotal {
				t.Fatalf("a decisive roll %+v before the last", r)
			}
		}
		if last.Total == last.OpponentTotal || res.Chooses != (last.Total > last.OpponentTotal) {
			t.Fatalf("the last roll %+v, chooses %v", last, res.Chooses)
		}
		if len(res.Steps) != len(res.Rolls) {
			t.Fatalf("%d steps for %d rolls", len(res.Steps), len(res.Rolls))
		}
		if res.Chooses {
			won++
		}
	}
	p := 21. / 31
	if sigma := math.Sqrt(p * (1 - p) / n); math.Abs(float64(won)/n-p) > 4*sigma {
		t.Errorf("chose in %d of %d, want about %v", won, n, p)
	}
}

func TestInitiativeRefused(t *testing.T) {
	_, err := InitiativeOddsOf(t.Context(), InitiativeRequest{Command: 21})
	var fe *systems.FieldError
	if !errors.As(err, &fe) || fe.Field != "command" {
		t.Fatalf("got %v, want a FieldError on command", err)
	}
}
