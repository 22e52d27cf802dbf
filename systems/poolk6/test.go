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
	Dice     int  `json:"dice"`
	Modifier int  `json:"modifier"`
	Reroll   bool `json:"reroll"` // Dowodzenie: reroll the test when it lets the tester succeed
}

// TestRequest is a test: a plain pool, an opposed test (Opponent set), or a
// test against a threshold (Threshold set). Success level = result minus
// the opponent's result or the threshold; 0 or less fails.
type TestRequest struct {
	Dice      int   `json:"dice"`
	Modifier  int   `json:"modifier"`
	Opponent  *Side `json:"opponent,omitempty"`
	Threshold *int  `json:"threshold,omitempty"`
	// Dowodzenie ("przerzut dowolnego testu"): a command point rerolls a
	// failed test once and the new roll stands. The tester decides first.
	Reroll bool `json:"reroll"`
}

// TestResult is a rolled test with the exact odds of the same request.
type TestResult struct {
	Roll     PoolRoll  `json:"roll"`
	Opponent *PoolRoll `json:"opponent,omitempty"`
	// The rolls a command point replaced.
	RollBeforeReroll     *PoolRoll `json:"roll_before_reroll,omitempty"`
	OpponentBeforeReroll *PoolRoll `json:"opponent_before_reroll,omitempty"`
	SuccessLevel         *int      `json:"success_level,omitempty"`
	Success              *bool     `json:"success,omitempty"`
	systems.Report
}

// TestOdds are the exact odds of a test: the distribution of the result,
// and for opposed and threshold tests of the success level and of success.
type TestOdds struct {
	Result       systems.Distribution  `json:"result"` // the final result, after any reroll
	SuccessLevel *systems.Distribution `json:"success_level,omitempty"`
	Success      *float64              `json:"success,omitempty"`
	// P(a command point is spent), when one is offered.
	RerollUsed         *float64 `json:"reroll_used,omitempty"`
	OpponentRerollUsed *float64 `json:"opponent_reroll_used,omitempty"`
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
	if o.RerollUsed != nil {
		out = append(out, systems.Probability("reroll_used", labelRerollUsed.New(), *o.RerollUsed))
	}
	if o.OpponentRerollUsed != nil {
		out = append(out, systems.Probability("opponent_reroll_used", labelOpponentRerollUsed.New(), *o.OpponentRerollUsed))
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
	if r.Reroll && r.Opponent == nil && r.Threshold == nil {
		errs = append(errs, systems.Invalid("reroll", errRerollNoTest.New()))
	}
	return systems.First(errs...)
}

// Test rolls the test with src and computes its odds.
func Test(ctx context.Context, req TestRequest, src dice.Source) (TestResult, error) {
	odds, err := TestOddsOf(ctx, req)
	if err != nil {
		return TestResult{}, err
	}
	return rollTest(req, odds, src), nil
}

// rollTest rolls the test req, whose odds are odds. (The tests that roll
// one request thousands of times compute its odds once.)
func rollTest(req TestRequest, odds TestOdds, src dice.Source) TestResult {
	res := TestResult{Roll: rollPool(src, req.Dice, req.Modifier), Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: req.rules()}}
	res.Steps = []l10n.Message{res.Roll.step(stepPool)}
	var against int
	switch {
	case req.Opponent != nil:
		opp := rollPool(src, req.Opponent.Dice, req.Opponent.Modifier)
		res.Opponent = &opp
		res.Steps = append(res.Steps, opp.step(stepOpponent))
	case req.Threshold != nil:
		against = *req.Threshold
	default:
		return res
	}
	level := func() int {
		if res.Opponent != nil {
			against = res.Opponent.Result
		}
		return res.Roll.Result - against
	}
	if level() <= 0 && req.Reroll {
		first := res.Roll
		res.RollBeforeReroll = &first
		res.Roll = rollPool(src, req.Dice, req.Modifier)
		res.Steps = append(res.Steps, res.Roll.step(stepReroll))
	}
	if level() > 0 && req.Opponent != nil && req.Opponent.Reroll {
		res.OpponentBeforeReroll = res.Opponent
		opp := rollPool(src, req.Opponent.Dice, req.Opponent.Modifier)
		res.Opponent = &opp
		res.Steps = append(res.Steps, opp.step(stepOpponentReroll))
	}
	if req.Reroll || (req.Opponent != nil && req.Opponent.Reroll) {
		res.Notes = append(res.Notes, noteRerollTest.New())
	}
	sl := level()
	ok := sl > 0
	res.SuccessLevel, res.Success = &sl, &ok
	res.Steps = append(res.Steps, stepLevel.New(l10n.Int("result", res.Roll.Result), l10n.Int("against", against),
		l10n.Int("level", sl), l10n.Term("verdict", systems.Verdict(ok))))
	return res
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
	var against dist // the opponent's result, or the threshold as a certain value
	opponentReroll := false
	switch {
	case req.Opponent != nil:
		against = poolDist(req.Opponent.Dice).shift(req.Opponent.Modifier)
		opponentReroll = req.Opponent.Reroll
	case req.Threshold != nil:
		against = dist{min: *req.Threshold, p: []float64{1}}
	default:
		return odds, nil
	}
	// Enumerate the opponent's first result b: the tester's final result
	// is the first if it beats b, else (with a point) a reroll; the
	// opponent then rerolls a b that was beaten.
	levels, finals := map[int]float64{}, map[int]float64{}
	var used, opponentUsed float64
	for j, pb := range against.p {
		b := against.min + j
		failed := 0.0
		for i, pa := range result.p {
			if result.min+i <= b {
				failed += pa
			}
		}
		if req.Reroll {
			used += pb * failed
		}
		for i, pa := range result.p {
			a := result.min + i
			pFinal := pa // P(the tester's final result is a | b)
			if req.Reroll {
				pFinal = pa * failed
				if a > b {
					pFinal += pa
				}
			}
			p := pb * pFinal
			finals[a] += p
			if a > b && opponentReroll {
				opponentUsed += p
				for k, pb2 := range against.p {
					levels[a-(against.min+k)] += p * pb2
				}
				continue
			}
			levels[a-b] += p
		}
	}
	sl := fromMap(levels)
	d := sl.distribution()
	success := probAtLeast(sl, 1)
	odds.Result = fromMap(finals).distribution()
	odds.SuccessLevel, odds.Success = &d, &success
	if req.Reroll {
		odds.RerollUsed = &used
	}
	if opponentReroll {
		odds.OpponentRerollUsed = &opponentUsed
	}
	return odds, nil
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
