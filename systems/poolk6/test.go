package poolk6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Side is one player's pool in a test: the skill (dice rolled) and the
// modifier to the result.
type Side struct {
	Dice     int `json:"dice"`
	Modifier int `json:"modifier"`
}

// TestRequest is a test: a plain pool, an opposed test (Opponent set), or a
// test against a threshold (Threshold set). Success level = result minus
// the opponent's result or the threshold; 0 or less fails.
type TestRequest struct {
	Dice      int   `json:"dice"`
	Modifier  int   `json:"modifier"`
	Opponent  *Side `json:"opponent,omitempty"`
	Threshold *int  `json:"threshold,omitempty"`
}

// TestResult is a rolled test with the exact odds of the same request.
type TestResult struct {
	Roll         PoolRoll       `json:"roll"`
	Opponent     *PoolRoll      `json:"opponent,omitempty"`
	SuccessLevel *int           `json:"success_level,omitempty"`
	Success      *bool          `json:"success,omitempty"`
	Steps        []l10n.Message `json:"steps"`
	Notes        []l10n.Message `json:"notes"`
	Odds         systems.Odds   `json:"odds"`
}

// TestOdds are the exact odds of a test: the distribution of the result,
// and for opposed and threshold tests of the success level and of success.
type TestOdds struct {
	Result       systems.Distribution  `json:"result"`
	SuccessLevel *systems.Distribution `json:"success_level,omitempty"`
	Success      *float64              `json:"success,omitempty"`
}

// Entries lists the odds for an answer.
func (o TestOdds) Entries() systems.Odds {
	out := systems.Odds{systems.DistributionOf("result", labelResult.New(), o.Result)}
	if o.SuccessLevel != nil {
		out = append(out, systems.DistributionOf("success_level", labelSuccessLevel.New(), *o.SuccessLevel))
	}
	if o.Success != nil {
		out = append(out, systems.Probability("success", labelSuccess.New(), *o.Success))
	}
	return out
}

// Validate checks the request's values, naming the field at fault.
func (r TestRequest) Validate() error {
	errs := []error{
		systems.Check("dice", r.Dice, 1, MaxDice),
		systems.Check("modifier", r.Modifier, -20, 20),
	}
	if r.Opponent != nil {
		errs = append(errs,
			systems.Check("opponent.dice", r.Opponent.Dice, 1, MaxDice),
			systems.Check("opponent.modifier", r.Opponent.Modifier, -20, 20))
	}
	if r.Threshold != nil {
		errs = append(errs, systems.Check("threshold", *r.Threshold, -10, 30))
		if r.Opponent != nil {
			errs = append(errs, systems.Invalid("threshold", errBoth.New()))
		}
	}
	return systems.First(errs...)
}

// Test rolls the test with src and computes its odds.
func Test(ctx context.Context, req TestRequest, src dice.Source) (TestResult, error) {
	odds, err := TestOddsOf(ctx, req)
	if err != nil {
		return TestResult{}, err
	}
	res := TestResult{Roll: rollPool(src, req.Dice, req.Modifier), Odds: odds.Entries(), Notes: []l10n.Message{}}
	res.Steps = []l10n.Message{res.Roll.step(stepPool)}
	var against int
	switch {
	case req.Opponent != nil:
		opp := rollPool(src, req.Opponent.Dice, req.Opponent.Modifier)
		res.Opponent = &opp
		res.Steps = append(res.Steps, opp.step(stepOpponent))
		against = opp.Result
	case req.Threshold != nil:
		against = *req.Threshold
	default:
		return res, nil
	}
	sl := res.Roll.Result - against
	ok := sl > 0
	res.SuccessLevel, res.Success = &sl, &ok
	res.Steps = append(res.Steps, stepLevel.New(l10n.Int("result", res.Roll.Result), l10n.Int("against", against),
		l10n.Int("level", sl), l10n.Term("verdict", systems.Verdict(ok))))
	return res, nil
}

// step describes a rolled pool with def.
func (r PoolRoll) step(def *l10n.Def) l10n.Message {
	return def.New(l10n.Ints("dice", r.Dice), l10n.Int("unmodified", r.Unmodified), systems.Signed("modifier", r.Modifier), l10n.Int("result", r.Result))
}

// TestOddsOf computes the exact odds of a test without rolling it.
func TestOddsOf(ctx context.Context, req TestRequest) (TestOdds, error) {
	if err := ctx.Err(); err != nil {
		return TestOdds{}, err
	}
	if err := req.Validate(); err != nil {
		return TestOdds{}, err
	}
	result := poolDist(req.Dice).shift(req.Modifier)
	odds := TestOdds{Result: result.distribution()}
	var sl dist
	switch {
	case req.Opponent != nil:
		sl = difference(result, poolDist(req.Opponent.Dice).shift(req.Opponent.Modifier))
	case req.Threshold != nil:
		sl = result.shift(-*req.Threshold)
	default:
		return odds, nil
	}
	d := sl.distribution()
	p := probAtLeast(sl, 1)
	odds.SuccessLevel, odds.Success = &d, &p
	return odds, nil
}

// difference is the distribution of A - B for independent A and B.
func difference(a, b dist) dist {
	m := map[int]float64{}
	for i, pa := range a.p {
		for j, pb := range b.p {
			accumulate(m, a.min+i-(b.min+j), pa*pb)
		}
	}
	return fromMap(m)
}

// probAtLeast is P(X >= v).
func probAtLeast(d dist, v int) float64 {
	p := 0.0
	for i, q := range d.p {
		if d.min+i >= v {
			p += q
		}
	}
	return p
}
