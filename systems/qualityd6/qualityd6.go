// Package qualityd6 resolves the tests and attacks of the quality-d6
// rulebook (seed 001), a Polish unit game: a test is a d6 that must reach a
// target, a natural 6 always succeeds and a natural 1 always fails. An
// attack is a Quality test per attack, a Defense test per hit, then wounds
// allocated to the target unit's models.
package qualityd6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// ID is the system's id.
const ID = "quality-d6"

// TestRequest is one test: d6 + modifier against a target number.
type TestRequest struct {
	Target   int `json:"target"`
	Modifier int `json:"modifier"`
}

// TestResult is a rolled test and its odds.
type TestResult struct {
	Roll    int  `json:"roll"`
	Success bool `json:"success"`
	systems.Report
}

// TestOdds is the exact chance of a test.
type TestOdds struct {
	Success float64 `json:"success"`
}

// Entries lists the odds for an answer.
func (o TestOdds) Entries() systems.Odds {
	return systems.Odds{systems.Probability("success", labelSuccess.New(), o.Success)}
}

func (r TestRequest) validate() error {
	return systems.First(
		systems.Check("target", r.Target, 2, 6),
		systems.Check("modifier", r.Modifier, -6, 6),
	)
}

// success decides a d6 test: a natural 6 always succeeds, a natural 1
// always fails, otherwise face + modifier must reach target.
func success(face, target, modifier int) bool {
	switch face {
	case 6:
		return true
	case 1:
		return false
	}
	return face+modifier >= target
}

// chance is the probability of success of a d6 test.
func chance(target, modifier int) float64 {
	n := 0
	for face := 1; face <= 6; face++ {
		if success(face, target, modifier) {
			n++
		}
	}
	return float64(n) / 6
}

// TestOddsOf computes the exact odds of a test.
func TestOddsOf(ctx context.Context, r TestRequest) (TestOdds, error) {
	if err := ctx.Err(); err != nil {
		return TestOdds{}, err
	}
	if err := r.validate(); err != nil {
		return TestOdds{}, err
	}
	return TestOdds{Success: chance(r.Target, r.Modifier)}, nil
}

// Test rolls a test.
func Test(ctx context.Context, r TestRequest, src dice.Source) (TestResult, error) {
	odds, err := TestOddsOf(ctx, r)
	if err != nil {
		return TestResult{}, err
	}
	face := src.IntN(6) + 1
	ok := success(face, r.Target, r.Modifier)
	return TestResult{
		Roll: face, Success: ok, Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: systems.Cite("quality-d6.test"),
			Steps: []l10n.Message{stepTest.New(l10n.Int("face", face), systems.Signed("modifier", r.Modifier),
				l10n.Int("target", r.Target), l10n.Term("verdict", systems.Verdict(ok)))}},
	}, nil
}

// distribution renders probabilities indexed by value, from 0.
func distribution(p []float64) systems.Distribution { return systems.NewDistribution(0, p) }
