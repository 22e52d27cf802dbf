// Package fantasyk6 resolves the tests and attacks of the fantasy-k6
// rulebook (seed 004), a Polish fantasy skirmish game: a test succeeds on a
// d6 at or under the value tested, a 1 always succeeds and a 6 always
// fails. An attack is a hit (Celność when shooting, the Walka table in
// melee), an Odporność save, then a Próg bólu test that removes the model
// when failed.
package fantasyk6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// ID is the system's id.
const ID = "fantasy-k6"

// passes decides a test: 1 always succeeds, 6 always fails, otherwise the
// face must not exceed the chance.
func passes(face, chance int) bool {
	switch face {
	case 1:
		return true
	case 6:
		return false
	}
	return face <= chance
}

// pass is the probability that a test against chance succeeds.
func pass(chance int) float64 {
	n := 0
	for f := 1; f <= 6; f++ {
		if passes(f, chance) {
			n++
		}
	}
	return float64(n) / 6
}

// TestRequest is a test of a characteristic, or a k3 roll.
type TestRequest struct {
	Value    int    `json:"value"`
	Modifier int    `json:"modifier"`
	Reroll   bool   `json:"reroll"` // one reroll of a failed test, which must be accepted
	Die      string `json:"die"`    // k6 (default): a test; k3: a d6 halved, rounded up, plus the modifier
}

// TestResult is a rolled test or k3 roll with its odds.
type TestResult struct {
	Dice    []int `json:"dice"` // the roll, and the reroll if there was one
	Success *bool `json:"success,omitempty"`
	Result  *int  `json:"result,omitempty"` // k3 rolls
	systems.Report
}

// TestOdds are a test's chance of success, or a k3 roll's distribution.
type TestOdds struct {
	Success *float64              `json:"success,omitempty"`
	Result  *systems.Distribution `json:"result,omitempty"`
}

// Entries lists the odds for an answer.
func (o TestOdds) Entries() systems.Odds {
	var out systems.Odds
	if o.Success != nil {
		out = append(out, systems.Probability("success", labelSuccess.New(), *o.Success))
	}
	if o.Result != nil {
		out = append(out, systems.DistributionOf("result", labelResult.New(), *o.Result))
	}
	return out
}

func (r *TestRequest) normalize() error {
	if r.Die == "" {
		r.Die = "k6"
	}
	if err := systems.OneOf("die", r.Die, "k6", "k3"); err != nil {
		return err
	}
	if r.Die == "k3" {
		if r.Value != 0 || r.Reroll {
			return systems.Invalid("value", errK3.New())
		}
		return systems.Check("modifier", r.Modifier, -10, 10)
	}
	return systems.First(systems.Check("value", r.Value, 0, 10), systems.Check("modifier", r.Modifier, -10, 10))
}

// TestOddsOf computes a test's exact odds.
func TestOddsOf(ctx context.Context, r TestRequest) (TestOdds, error) {
	if err := ctx.Err(); err != nil {
		return TestOdds{}, err
	}
	if err := r.normalize(); err != nil {
		return TestOdds{}, err
	}
	return r.odds(), nil
}

func (r TestRequest) odds() TestOdds {
	if r.Die == "k3" {
		d := systems.NewDistribution(1+r.Modifier, []float64{1. / 3, 1. / 3, 1. / 3})
		return TestOdds{Result: &d}
	}
	p := pass(r.Value + r.Modifier)
	if r.Reroll {
		p += (1 - p) * p
	}
	return TestOdds{Success: &p}
}

// Test rolls a test or a k3 roll.
func Test(ctx context.Context, r TestRequest, src dice.Source) (TestResult, error) {
	if err := ctx.Err(); err != nil {
		return TestResult{}, err
	}
	if err := r.normalize(); err != nil {
		return TestResult{}, err
	}
	res := TestResult{Report: systems.Report{Odds: r.odds().Entries(), Notes: []l10n.Message{}, Rules: r.rules()}}
	face := src.IntN(6) + 1
	res.Dice = []int{face}
	if r.Die == "k3" {
		v := (face+1)/2 + r.Modifier
		res.Result = &v
		res.Steps = []l10n.Message{stepK3.New(l10n.Int("face", face), systems.Signed("modifier", r.Modifier), l10n.Int("result", v))}
		return res, nil
	}
	chance := r.Value + r.Modifier
	ok := passes(face, chance)
	res.Steps = []l10n.Message{stepTest.New(l10n.Int("face", face), l10n.Int("chance", chance), l10n.Int("value", r.Value),
		systems.Signed("modifier", r.Modifier), l10n.Term("verdict", systems.Verdict(ok)))}
	if !ok && r.Reroll {
		face = src.IntN(6) + 1
		res.Dice = append(res.Dice, face)
		ok = passes(face, chance)
		res.Steps = append(res.Steps, stepReroll.New(l10n.Int("face", face), l10n.Term("verdict", systems.Verdict(ok))))
	}
	res.Success = &ok
	return res, nil
}
