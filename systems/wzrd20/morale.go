package wzrd20

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Morale tests (Test morálky): a d20 at or under the squad commander's LD.
// A squad that loses 50% of its models in one round tests for Pinning
// (Zalehnutí), 75% for Broken (Rozprášení); a pinned squad recovers with
// Heads up! (Hlavy vzhůru!) at -2, a broken one regroups (Seskupení) at -6.
const (
	pinningLoss = 50 // percent of the models at the start of the round
	brokenLoss  = 75
)

// maxMoraleRerolls is the most rerolls a morale request can use: Heads
// up!'s two tests.
const maxMoraleRerolls = 2

// moraleTests are the tests and their penalties.
var moraleTests = map[string]int{"pinning": 0, "broken": 0, "heads_up": -2, "regroup": -6}

// MoraleRequest is a morale test.
type MoraleRequest struct {
	Leadership int `json:"leadership"` // LD of the squad commander
	// Test is pinning, broken, heads_up, regroup, or auto (the default):
	// the test the round's losses call for.
	Test     string `json:"test"`
	Squad    int    `json:"squad"` // models at the start of the round (auto)
	Lost     int    `json:"lost"`  // models lost this round (auto)
	Modifier int    `json:"modifier"`
	// FumbleRetakes takes a Fumble on the first Heads up! test again like
	// any other failure. By default it is read as the rulebook words it: a
	// Fumble ("Model, kterému při testu dovednosti padne neupravená 20,
	// nemůže už v daném herním kole použít žádný další akční bod"; every
	// characteristic is a skill, Morale too) leaves the squad's models no
	// action point for the retake, which costs one of every model, so the
	// squad stays pinned.
	FumbleRetakes bool `json:"fumble_retakes"`
	// Rerolls is how many failed morale rolls the squad may roll again
	// (Opakování hodu): the first failure first, each roll at most once,
	// and the second roll stands. Only Heads up! can use two: its first
	// test and the retake, a new test and a new roll.
	Rerolls int `json:"rerolls"`
	// At75 says which tests losses of 75% or more call for (test auto):
	// broken (the default), or both, the Pinning test and then the Broken
	// test (see morale_both.go).
	At75 string `json:"at_75"`
}

// MoraleResult is a rolled morale test.
type MoraleResult struct {
	Test   string `json:"test"` // the test taken; "none" if the losses call for none
	Roll   *Roll  `json:"roll,omitempty"`
	Retake *Roll  `json:"retake,omitempty"` // the second Heads up! test, after a failed first one
	// Rerolled and RetakeRerolled are the failed rolls of the first test
	// and of the retake that a reroll replaced.
	Rerolled       *Roll `json:"rerolled,omitempty"`
	RetakeRerolled *Roll `json:"retake_rerolled,omitempty"`
	Passed         *bool `json:"passed,omitempty"`
	// Broken is the Broken test taken after the Pinning test, and
	// BrokenRerolled its failed roll a reroll replaced (at_75: both).
	Broken         *Roll        `json:"broken,omitempty"`
	BrokenRerolled *Roll        `json:"broken_rerolled,omitempty"`
	Effect         l10n.Message `json:"effect"`
	systems.Report
}

// MoraleOdds are a morale test's exact odds.
type MoraleOdds struct {
	Test   string  `json:"test"`
	Target int     `json:"target"`
	Passed float64 `json:"passed"` // the squad passes, at the first test or the retake
	// PassedFirst is the chance of passing the first test, and
	// PassedRetake that of failing it and passing the second Heads up!
	// test; both are given for Heads up! only.
	PassedFirst  float64 `json:"passed_first,omitempty"`
	PassedRetake float64 `json:"passed_retake,omitempty"`
	// PassedPinning and PassedBroken are the chances of passing each test
	// when both are taken; Passed is then that of passing both.
	PassedPinning float64 `json:"passed_pinning,omitempty"`
	PassedBroken  float64 `json:"passed_broken,omitempty"`
}

// Entries lists the odds for an answer.
func (o MoraleOdds) Entries() systems.Odds {
	odds := systems.Odds{systems.Probability("passed", labelPassed.New(), o.Passed)}
	if o.Test == "heads_up" {
		odds = append(odds, systems.Probability("passed_first", labelPassedFirst.New(), o.PassedFirst),
			systems.Probability("passed_retake", labelPassedRetake.New(), o.PassedRetake))
	}
	if o.Test == pinningAndBroken {
		odds = systems.Odds{systems.Probability("passed", labelPassedBoth.New(), o.Passed),
			systems.Probability("passed_pinning", labelPassedPinning.New(), o.PassedPinning),
			systems.Probability("passed_broken", labelPassedBroken.New(), o.PassedBroken)}
	}
	return odds
}

func (r *MoraleRequest) normalize() error {
	if r.Test == "" {
		r.Test = "auto"
	}
	err := systems.First(
		systems.Check("leadership", r.Leadership, minValue, maxValue),
		systems.OneOf("test", r.Test, "auto", "pinning", "broken", "heads_up", "regroup"),
		systems.Check("modifier", r.Modifier, -20, 20),
		systems.Check("rerolls", r.Rerolls, 0, maxMoraleRerolls),
	)
	if err != nil {
		return err
	}
	if r.Test == "auto" {
		if r.At75 == "" {
			r.At75 = "broken"
		}
		return systems.First(systems.Check("squad", r.Squad, 1, 100), systems.Check("lost", r.Lost, 0, r.Squad),
			systems.OneOf("at_75", r.At75, "broken", "both"))
	}
	return nil
}

// test is the test taken: the one asked for, or the one the losses call
// for (Broken at 75% or more, Pinning at 50% or more, else none).
func (r *MoraleRequest) test() string {
	if r.Test != "auto" {
		return r.Test
	}
	switch pct := 100 * r.Lost; {
	case pct >= brokenLoss*r.Squad && r.At75 == "both":
		return pinningAndBroken
	case pct >= brokenLoss*r.Squad:
		return "broken"
	case pct >= pinningLoss*r.Squad:
		return "pinning"
	}
	return "none"
}

// MoraleOddsOf computes a morale test's exact odds.
func MoraleOddsOf(ctx context.Context, r MoraleRequest) (MoraleOdds, error) {
	if err := ctx.Err(); err != nil {
		return MoraleOdds{}, err
	}
	if err := r.normalize(); err != nil {
		return MoraleOdds{}, err
	}
	test := r.test()
	if test == "none" {
		return MoraleOdds{Test: test, Passed: 1}, nil
	}
	if test == pinningAndBroken {
		return r.bothOdds(), nil
	}
	target := clamp(r.Leadership + moraleTests[test] + r.Modifier)
	c := testChances(target)
	// One test: a failed roll is rolled again while a reroll is left, and
	// the second roll stands (Opakování hodu).
	first := c.pass()
	failFumble, failOther := c.fumble, 1-c.pass()-c.fumble
	left := r.Rerolls
	if left > 0 {
		first += (1 - c.pass()) * c.pass()
		failFumble, failOther = (1-c.pass())*c.fumble, (1-c.pass())*(1-c.pass()-c.fumble)
		left--
	}
	if test != "heads_up" {
		return MoraleOdds{Test: test, Target: target, Passed: first}, nil
	}
	// Heads up!: a failed test is taken again (a new test, which a reroll
	// left over may roll again); only a second failure leaves the squad
	// pinned.
	retaken := failOther
	if r.FumbleRetakes {
		retaken += failFumble
	}
	second := c.pass()
	if left > 0 {
		second += (1 - c.pass()) * c.pass()
	}
	o := MoraleOdds{Test: test, Target: target, PassedFirst: first, PassedRetake: retaken * second}
	o.Passed = o.PassedFirst + o.PassedRetake
	return o, nil
}

// effects say what failing or passing each test means.

// Morale rolls a morale test.
func Morale(ctx context.Context, r MoraleRequest, src dice.Source) (MoraleResult, error) {
	if err := r.normalize(); err != nil {
		return MoraleResult{}, err
	}
	odds, err := MoraleOddsOf(ctx, r)
	if err != nil {
		return MoraleResult{}, err
	}
	res := MoraleResult{Test: odds.Test, Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: r.rules(odds.Test)}}
	if odds.Test == "none" {
		res.Effect = effectNone.New()
		res.Steps = []l10n.Message{stepNoTest.New(l10n.Int("lost", r.Lost), l10n.Int("squad", r.Squad), l10n.Int("pct", pinningLoss))}
		return res, nil
	}
	if odds.Test == pinningAndBroken {
		return r.rollBoth(res, odds, src), nil
	}
	test := l10n.Term("test", termTests[odds.Test].New())
	against := againstMorale.New(l10n.Int("ld", r.Leadership), systems.Signed("test_mod", moraleTests[odds.Test]), systems.Signed("modifier", r.Modifier))
	if r.Test == "auto" {
		res.Steps = append(res.Steps, stepWhichTest.New(l10n.Int("lost", r.Lost), l10n.Int("squad", r.Squad), test))
		if odds.Test == "broken" {
			res.Notes = append(res.Notes, noteBrokenAt75.New())
		}
	}
	if r.Rerolls > 0 {
		res.Notes = append(res.Notes, noteMoraleRerolls.New(l10n.Int("n", r.Rerolls), l10n.Term("fumble", termFumble.New())))
	}
	rerolls := r.Rerolls
	// take rolls one test, rolling a failed roll again while a reroll is
	// left; it returns the roll that stands and the one replaced.
	take := func(what l10n.Message) (Roll, *Roll) {
		rl := roll(src, odds.Target)
		if rl.Success || rerolls == 0 {
			res.Steps = append(res.Steps, describe(what, rl, against))
			return rl, nil
		}
		rerolls--
		first := rl
		rl = roll(src, odds.Target)
		res.Steps = append(res.Steps, stepRerolled.New(l10n.Term("roll", describe(what, first, against))), describe(whatReroll.New(), rl, against))
		return rl, &first
	}
	rl, replaced := take(whatMorale.New(test))
	res.Roll, res.Rerolled = &rl, replaced
	passed := rl.Success
	if odds.Test == "heads_up" {
		fumble := l10n.Term("fumble", termFumble.New())
		res.Notes = append(res.Notes, noteHeadsUp.New())
		if r.FumbleRetakes {
			res.Notes = append(res.Notes, noteHeadsUpFumbleRetakes.New(fumble))
		} else {
			res.Notes = append(res.Notes, noteHeadsUpFumbleStops.New(fumble))
		}
		switch {
		case rl.Success:
		case rl.Fumble && !r.FumbleRetakes:
			res.Steps = append(res.Steps, stepNoRetake.New(l10n.Term("term", termFumble.New())))
		default:
			res.Steps = append(res.Steps, stepRetake.New())
			second, replaced := take(whatSecondTest.New(test))
			res.Retake, res.RetakeRerolled = &second, replaced
			passed = second.Success
		}
	}
	res.Passed = &passed
	res.Effect = effects[odds.Test][0].New()
	if passed {
		res.Effect = effects[odds.Test][1].New()
	}
	return res, nil
}
