package poolk6

import (
	"errors"
	"math"
	"testing"

	"kostka/dice"
	"kostka/systems"
	"kostka/systems/systemstest"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestPoolDistByHand checks pools against counts of all outcomes.
func TestPoolDistByHand(t *testing.T) {
	tests := []struct {
		n    int
		want map[int]float64
	}{
		{1, map[int]float64{1: 1. / 6, 2: 1. / 6, 3: 1. / 6, 4: 1. / 6, 5: 1. / 6, 6: 1. / 6}},
		// 36 outcomes: highest r < 6 in 2r-1 ways; one six in 10; two in 1.
		{2, map[int]float64{1: 1. / 36, 2: 3. / 36, 3: 5. / 36, 4: 7. / 36, 5: 9. / 36, 6: 10. / 36, 7: 1. / 36}},
		// 216 outcomes: three sixes 1, two sixes 3*5 = 15, one six 3*25 = 75.
		{3, map[int]float64{1: 1. / 216, 5: (125. - 64) / 216, 6: 75. / 216, 7: 15. / 216, 8: 1. / 216}},
	}
	for _, tt := range tests {
		d := poolDist(tt.n)
		for v, want := range tt.want {
			if got := d.at(v); !near(got, want) {
				t.Errorf("%d dice: P(%d) = %v, want %v", tt.n, v, got, want)
			}
		}
	}
}

// TestPoolDistByEnumeration checks poolDist against every outcome of up
// to five dice.
func TestPoolDistByEnumeration(t *testing.T) {
	for n := 1; n <= 5; n++ {
		counts := map[int]float64{}
		faces := make([]int, n)
		total := int(math.Pow(6, float64(n)))
		for k := range total {
			x := k
			for i := range faces {
				faces[i] = x%6 + 1
				x /= 6
			}
			counts[poolResult(faces)]++
		}
		d := poolDist(n)
		sum := 0.0
		for i, p := range d.p {
			sum += p
			if want := counts[d.min+i] / float64(total); !near(p, want) {
				t.Errorf("%d dice: P(%d) = %v, enumeration %v", n, d.min+i, p, want)
			}
		}
		if !near(sum, 1) {
			t.Errorf("%d dice: probabilities add up to %v", n, sum)
		}
	}
}

func TestTestOddsMatchRoller(t *testing.T) {
	threshold := 5
	reqs := map[string]TestRequest{
		"pool":      {Dice: 3, Modifier: -1},
		"opposed":   {Dice: 4, Modifier: 1, Opponent: &Side{Dice: 2, Modifier: -2}},
		"threshold": {Dice: 2, Threshold: &threshold},
	}
	const trials = 60_000
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			src := dice.NewSeededSource(7)
			odds, err := TestOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			results, successes := map[int]int{}, 0
			for range trials {
				res, err := Test(t.Context(), req, src)
				if err != nil {
					t.Fatal(err)
				}
				results[res.Roll.Result]++
				if res.Success != nil && *res.Success {
					successes++
				}
			}
			for _, pt := range odds.Result.Values {
				systemstest.WithinFourSigma(t, "result", results[pt.Value], trials, pt.P)
			}
			if odds.Success != nil {
				systemstest.WithinFourSigma(t, "success", successes, trials, *odds.Success)
			}
		})
	}
}

func TestOpposedByHand(t *testing.T) {
	odds, err := TestOddsOf(t.Context(), TestRequest{Dice: 1, Opponent: &Side{Dice: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !near(*odds.Success, 15./36) {
		t.Errorf("1 die against 1 die wins %v, want 15/36", *odds.Success)
	}
	th := 6
	odds, _ = TestOddsOf(t.Context(), TestRequest{Dice: 2, Threshold: &th})
	if !near(*odds.Success, 1./36) { // only a second 6 beats 6
		t.Errorf("2 dice over threshold 6: %v, want 1/36", *odds.Success)
	}
}

func TestTestValidation(t *testing.T) {
	th := 3
	tests := []struct {
		req   TestRequest
		field string
	}{
		{TestRequest{Dice: 0}, "dice"},
		{TestRequest{Dice: 13}, "dice"},
		{TestRequest{Dice: 2, Modifier: 99}, "modifier"},
		{TestRequest{Dice: 2, Opponent: &Side{Dice: 0}}, "opponent.dice"},
		{TestRequest{Dice: 2, Opponent: &Side{Dice: 2}, Threshold: &th}, "threshold"},
	}
	for _, tt := range tests {
		_, err := Test(t.Context(), tt.req, dice.NewSeededSource(1))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || !errors.Is(err, systems.ErrInvalid) {
			t.Errorf("%+v: err = %v, want a field error on %s", tt.req, err, tt.field)
		}
	}
}
