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
		"pool":                          {Dice: 3, Modifier: -1},
		"opposed":                       {Dice: 4, Modifier: 1, Opponent: &Side{Dice: 2, Modifier: -2}},
		"threshold":                     {Dice: 2, Threshold: &threshold},
		"threshold, command reroll":     {Dice: 2, Threshold: &threshold, Reroll: true},
		"opposed, both command rerolls": {Dice: 3, Opponent: &Side{Dice: 2, Modifier: 1, Reroll: true}, Reroll: true},
	}
	const trials = 60_000
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			src := dice.NewSeededSource(7)
			odds, err := TestOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			results, levels, successes := map[int]int{}, map[int]int{}, 0
			eachRoll(t, trials, func() (TestResult, systems.Odds, error) {
				res, err := Test(t.Context(), req, src)
				return res, res.Odds, err
			}, odds.Entries(), func() TestResult { return rollTest(req, odds, src) }, func(res TestResult) {
				results[res.Roll.Result]++
				if res.Success != nil && *res.Success {
					successes++
				}
				if res.SuccessLevel != nil {
					levels[*res.SuccessLevel]++
				}
				if res.RollBeforeReroll != nil && (!req.Reroll || res.RollBeforeReroll.Result > against(res.OpponentBeforeReroll, res.Opponent, req.Threshold)) {
					t.Fatalf("a reroll of a test that did not fail: %+v", res)
				}
			})
			if odds.SuccessLevel != nil {
				for _, pt := range odds.SuccessLevel.Values {
					systemstest.WithinFourSigma(t, "success level", levels[pt.Value], trials, pt.P)
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
		{TestRequest{Dice: 2, Reroll: true}, "reroll"},
	}
	for _, tt := range tests {
		_, err := Test(t.Context(), tt.req, dice.NewSeededSource(1))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || !errors.Is(err, systems.ErrInvalid) {
			t.Errorf("%+v: err = %v, want a field error on %s", tt.req, err, tt.field)
		}
	}
}

// TestCommandRerollOfATestByHand: Dowodzenie rerolls a failed test once.
func TestCommandRerollOfATestByHand(t *testing.T) {
	four := 4
	tests := []struct {
		name          string
		req           TestRequest
		success, used float64
		opponentUsed  float64
	}{
		// One die over 4: 1/3; rerolled on a failure: 1/3 + 2/3 · 1/3 = 5/9.
		{"threshold", TestRequest{Dice: 1, Threshold: &four, Reroll: true}, 5. / 9, 2. / 3, -1},
		// One die against one die: 15/36. The tester rerolls a loss:
		// Σ_b (6-b)/6 · (1 + b/6) / 6 = 125/216, spending the point 21/36 of
		// the time. The opponent rerolls a loss: Σ_a ((a-1)/6)² / 6 = 55/216.
		// Both, the tester first: 235/648 (see TestCommandRerollByHand).
		{"opposed, tester", TestRequest{Dice: 1, Opponent: &Side{Dice: 1}, Reroll: true}, 125. / 216, 21. / 36, -1},
		{"opposed, opponent", TestRequest{Dice: 1, Opponent: &Side{Dice: 1, Reroll: true}}, 55. / 216, -1, 15. / 36},
		{"opposed, both", TestRequest{Dice: 1, Opponent: &Side{Dice: 1, Reroll: true}, Reroll: true}, 235. / 648, 21. / 36, 125. / 216},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			odds, err := TestOddsOf(t.Context(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if !near(*odds.Success, tt.success) {
				t.Errorf("success %v, want %v", *odds.Success, tt.success)
			}
			if (odds.RerollUsed == nil) != (tt.used < 0) || (odds.RerollUsed != nil && !near(*odds.RerollUsed, tt.used)) {
				t.Errorf("reroll used %v, want %v", odds.RerollUsed, tt.used)
			}
			if (odds.OpponentRerollUsed == nil) != (tt.opponentUsed < 0) || (odds.OpponentRerollUsed != nil && !near(*odds.OpponentRerollUsed, tt.opponentUsed)) {
				t.Errorf("opponent's reroll used %v, want %v", odds.OpponentRerollUsed, tt.opponentUsed)
			}
			if got := probAtLeastPoints(*odds.SuccessLevel, 1); !near(got, tt.success) {
				t.Errorf("success levels of 1+ sum to %v, want %v", got, tt.success)
			}
		})
	}
	// The final result over 4 with a reroll: 5 or 6 first (1/6 each), or
	// a failure then anything: P(5) = 1/6 + 2/3 · 1/6 = 5/18, P(1) = 1/9.
	odds, _ := TestOddsOf(t.Context(), tests[0].req)
	for _, pt := range odds.Result.Values {
		want := 1. / 9
		if pt.Value >= 5 {
			want = 5. / 18
		}
		if !near(pt.P, want) {
			t.Errorf("P(result %d) = %v, want %v", pt.Value, pt.P, want)
		}
	}
	if _, err := TestOddsOf(t.Context(), TestRequest{Dice: 2, Reroll: true}); err == nil {
		t.Error("a reroll of a roll that cannot fail was accepted")
	}
}

// against is what the tester's first roll was set against: the
// opponent's first roll, or the threshold.
func against(first, final *PoolRoll, threshold *int) int {
	switch {
	case first != nil:
		return first.Result
	case final != nil:
		return final.Result
	}
	return *threshold
}

func probAtLeastPoints(d systems.Distribution, v int) float64 {
	p := 0.0
	for _, pt := range d.Values {
		if pt.Value >= v {
			p += pt.P
		}
	}
	return p
}
