// Package wzrd20 resolves the tests, attacks, team actions and morale
// tests of the wzr-d20 rulebook (seed 003, the Czech Warzone Resurrection
// rules): a test succeeds on a d20 at or under the skill; an unmodified 1
// is a Power Shot (Do černého: an automatic success, and the target may not
// take an Armour test against it), an unmodified 20 a Fumble (Do prázdna:
// an automatic failure, and the model loses its remaining action points).
//
// Where the extracted rulebook lost a digit and a number is not certain,
// it is a request field with a documented default (see rulesdata/NOTES.md).
package wzrd20

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// ID is the system's id.
const ID = "wzr-d20"

// Bounds of characteristics: none is set below 1 or above 20 (Profily –
// maximální a minimální hodnoty).
const (
	minValue = 1
	maxValue = 20
)

// clamp keeps a modified value within 1..20.
func clamp(v int) int { return min(max(v, minValue), maxValue) }

// Roll is one d20 of a test.
type Roll struct {
	Face      int  `json:"face"`
	Target    int  `json:"target"` // the modified value it was rolled against
	Success   bool `json:"success"`
	PowerShot bool `json:"power_shot,omitempty"` // an unmodified 1
	Fumble    bool `json:"fumble,omitempty"`     // an unmodified 20
}

// roll rolls a d20 against target (already within 1..20).
func roll(src dice.Source, target int) Roll {
	face := src.IntN(20) + 1
	return judge(face, target)
}

// judge decides a d20 face against target: 1 always succeeds, 20 always
// fails, otherwise the face must not exceed the target.
func judge(face, target int) Roll {
	r := Roll{Face: face, Target: target}
	switch face {
	case 1:
		r.Success, r.PowerShot = true, true
	case 20:
		r.Fumble = true
	default:
		r.Success = face <= target
	}
	return r
}

// chances are the exact odds of one d20 test against target: a Power
// Shot (1), an ordinary success (2..target), a failure, and a Fumble (20).
type chances struct {
	power, success, fail, fumble float64
}

func testChances(target int) chances {
	target = clamp(target)
	ordinary := max(0, min(target, 19)-1) // faces 2..target, never 20
	c := chances{power: 1. / 20, success: float64(ordinary) / 20, fumble: 1. / 20}
	c.fail = 1 - c.power - c.success - c.fumble
	return c
}

// pass is the probability a test against target succeeds.
func (c chances) pass() float64 { return c.power + c.success }

// TestRequest is a skill test.
type TestRequest struct {
	Skill    int `json:"skill"`
	Modifier int `json:"modifier"`
	// Reroll rolls a failed test again (Opakování hodu); the second roll
	// stands.
	Reroll bool `json:"reroll"`
}

// TestResult is a rolled test with its odds.
type TestResult struct {
	Roll Roll `json:"roll"` // the roll that stands
	// Rerolled is the failed first roll that a reroll replaced.
	Rerolled *Roll `json:"rerolled,omitempty"`
	systems.Report
}

// TestOdds are a test's exact odds.
type TestOdds struct {
	Target    int     `json:"target"` // the modified skill, within 1..20
	Success   float64 `json:"success"`
	PowerShot float64 `json:"power_shot"`
	Fumble    float64 `json:"fumble"`
}

// Entries lists the odds for an answer.
func (o TestOdds) Entries() systems.Odds {
	return systems.Odds{
		systems.Probability("success", labelSuccess.New(), o.Success),
		systems.Probability("power_shot", labelPowerShot.New(), o.PowerShot),
		systems.Probability("fumble", labelFumble.New(), o.Fumble),
	}
}

func (r TestRequest) check() error {
	return systems.First(systems.Check("skill", r.Skill, minValue, maxValue), systems.Check("modifier", r.Modifier, -20, 20))
}

// TestOddsOf computes a test's exact odds.
func TestOddsOf(ctx context.Context, r TestRequest) (TestOdds, error) {
	if err := ctx.Err(); err != nil {
		return TestOdds{}, err
	}
	if err := r.check(); err != nil {
		return TestOdds{}, err
	}
	t := clamp(r.Skill + r.Modifier)
	c := testChances(t)
	if r.Reroll {
		// A failed first roll is rolled again, and the second roll stands.
		fail := 1 - c.pass()
		return TestOdds{Target: t, Success: c.pass() + fail*c.pass(), PowerShot: c.power + fail*c.power, Fumble: fail * c.fumble}, nil
	}
	return TestOdds{Target: t, Success: c.pass(), PowerShot: c.power, Fumble: c.fumble}, nil
}

// Test rolls a skill test.
func Test(ctx context.Context, r TestRequest, src dice.Source) (TestResult, error) {
	odds, err := TestOddsOf(ctx, r)
	if err != nil {
		return TestResult{}, err
	}
	res := TestResult{Roll: roll(src, odds.Target), Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: r.rules()}}
	against := againstSkill.New(l10n.Int("skill", r.Skill), systems.Signed("modifier", r.Modifier))
	if r.Reroll {
		res.Notes = append(res.Notes, noteTestReroll.New(l10n.Term("fumble", termFumble.New())))
		if !res.Roll.Success {
			first := res.Roll
			res.Rerolled = &first
			res.Roll = roll(src, odds.Target)
			res.Steps = []l10n.Message{stepRerolled.New(l10n.Term("roll", describe(whatTest.New(), first, against))), describe(whatReroll.New(), res.Roll, against)}
			return res, nil
		}
	}
	res.Steps = []l10n.Message{describe(whatTest.New(), res.Roll, against)}
	return res, nil
}

// describe explains one d20 roll.
func describe(what l10n.Message, r Roll, against l10n.Message) l10n.Message {
	var outcome l10n.Message
	switch {
	case r.PowerShot:
		outcome = outcomePowerShot.New(l10n.Term("term", termPowerShot.New()))
	case r.Fumble:
		outcome = outcomeFumble.New(l10n.Term("term", termFumble.New()))
	default:
		outcome = systems.Verdict(r.Success)
	}
	return stepRoll.New(l10n.Term("what", what), l10n.Int("face", r.Face), l10n.Int("target", r.Target),
		l10n.Term("against", against), l10n.Term("outcome", outcome))
}
