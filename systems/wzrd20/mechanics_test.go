package wzrd20

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

// pAt returns the probability of value v in d (0 if d leaves it out).
func pAt(d systems.Distribution, v int) float64 {
	for _, pt := range d.Values {
		if pt.Value == v {
			return pt.P
		}
	}
	return 0
}

// TestHeadsUpByHand: Heads up! is taken at LD - 2, and a failed test is
// taken again; only the second failure leaves the squad pinned.
func TestHeadsUpByHand(t *testing.T) {
	ctx := t.Context()
	tests := []struct {
		name                        string
		req                         MoraleRequest
		target                      int
		passed, first, retakePassed float64
	}{
		// LD 10 - 2 = 8: 2/5 at the first test, 3/5 × 2/5 at the second.
		{"LD 10, a Fumble retaken", MoraleRequest{Leadership: 10, Test: "heads_up", FumbleRetakes: true}, 8, 16. / 25, 2. / 5, 6. / 25},
		// A Fumble (1/20) leaves no action point for the retake (the
		// default): 2/5 + 11/20 × 2/5.
		{"fumble stops the retake", MoraleRequest{Leadership: 10, Test: "heads_up"}, 8, 31. / 50, 2. / 5, 11. / 50},
		// LD 3 - 2 = 1: only a Power Shot passes, twice over 1 - (19/20)².
		{"LD 3", MoraleRequest{Leadership: 3, Test: "heads_up", FumbleRetakes: true}, 1, 39. / 400, 1. / 20, 19. / 400},
		// The acting commander's -2: LD 14 - 2 - 2 = 10, 1 - (1/2)².
		{"acting commander", MoraleRequest{Leadership: 14, Test: "heads_up", Modifier: -2, FumbleRetakes: true}, 10, 3. / 4, 1. / 2, 1. / 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := MoraleOddsOf(ctx, tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if o.Target != tt.target || !near(o.Passed, tt.passed) || !near(o.PassedFirst, tt.first) || !near(o.PassedRetake, tt.retakePassed) {
				t.Errorf("%+v, want target %d, passed %v = %v + %v", o, tt.target, tt.passed, tt.first, tt.retakePassed)
			}
		})
	}
	// Other tests are taken once: Regroup at LD 10 - 6 passes 4/20.
	if o, _ := MoraleOddsOf(ctx, MoraleRequest{Leadership: 10, Test: "regroup"}); !near(o.Passed, 4./20) || o.PassedRetake != 0 {
		t.Errorf("regroup: %+v", o)
	}
}

// TestMoraleRerollsByHand: a failed morale roll is rolled again once
// (Opakování hodu), the second roll standing; Heads up!'s retake is a new
// test that a second reroll may roll again.
func TestMoraleRerollsByHand(t *testing.T) {
	ctx := t.Context()
	tests := []struct {
		name                        string
		req                         MoraleRequest
		passed, first, retakePassed float64
	}{
		// LD 10 - 2 = 8 (p 2/5): the first test passes 2/5 + 3/5 × 2/5 =
		// 16/25; it fails for good 9/25 (a Fumble 3/100, another 33/100),
		// and the retake, with no reroll left, passes 2/5.
		{"heads up, one reroll", MoraleRequest{Leadership: 10, Test: "heads_up", Rerolls: 1, FumbleRetakes: true}, 98. / 125, 16. / 25, 18. / 125},
		// The second reroll serves the retake: 9/25 × 16/25.
		{"heads up, two rerolls", MoraleRequest{Leadership: 10, Test: "heads_up", Rerolls: 2, FumbleRetakes: true}, 544. / 625, 16. / 25, 144. / 625},
		// A Fumble that stands stops the retake: 33/100 × 2/5.
		{"heads up, fumble stops the retake", MoraleRequest{Leadership: 10, Test: "heads_up", Rerolls: 1}, 193. / 250, 16. / 25, 33. / 250},
		// Regroup at LD 10 - 6 = 4: 1/5 + 4/5 × 1/5; a second reroll has
		// nothing to roll.
		{"regroup", MoraleRequest{Leadership: 10, Test: "regroup", Rerolls: 1}, 9. / 25, 0, 0},
		{"regroup, two rerolls", MoraleRequest{Leadership: 10, Test: "regroup", Rerolls: 2}, 9. / 25, 0, 0},
		// Broken at 75% losses, LD 10: 1/2 + 1/2 × 1/2.
		{"broken", MoraleRequest{Leadership: 10, Squad: 4, Lost: 3, Rerolls: 1}, 3. / 4, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := MoraleOddsOf(ctx, tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if !near(o.Passed, tt.passed) || !near(o.PassedFirst, tt.first) || !near(o.PassedRetake, tt.retakePassed) {
				t.Errorf("%+v, want passed %v = %v + %v", o, tt.passed, tt.first, tt.retakePassed)
			}
		})
	}
	t.Run("roller", func(t *testing.T) {
		t.Parallel()
		const trials = 20000
		src := dice.NewSeededSource(31)
		for _, req := range []MoraleRequest{
			{Leadership: 11, Test: "heads_up", Rerolls: 2, FumbleRetakes: true},
			{Leadership: 11, Test: "heads_up", Rerolls: 1},
			{Leadership: 12, Test: "pinning", Rerolls: 1},
		} {
			o, err := MoraleOddsOf(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			passed, rerolled := 0, 0
			for range trials {
				m, err := Morale(ctx, req, src)
				if err != nil {
					t.Fatal(err)
				}
				if *m.Passed {
					passed++
				}
				if m.Rerolled != nil {
					rerolled++
					if m.Rerolled.Success {
						t.Fatalf("a successful roll was rolled again: %+v", m)
					}
				}
				if m.RetakeRerolled != nil && req.Rerolls < 2 && m.Rerolled != nil {
					t.Fatalf("more rerolls than given: %+v", m)
				}
			}
			systemstest.WithinFourSigma(t, fmt.Sprintf("%+v passed", req), passed, trials, o.Passed)
			// The first roll fails, and is rolled again, 1 - p of the time.
			c := testChances(o.Target)
			systemstest.WithinFourSigma(t, fmt.Sprintf("%+v rerolled", req), rerolled, trials, 1-c.pass())
		}
	})
}

// TestHeadsUpReportsBothTests: every seed either passes at the first test,
// or shows the second one, or stops at a Fumble; the effect follows the
// last test.
func TestHeadsUpReportsBothTests(t *testing.T) {
	ctx := t.Context()
	retakes := 0
	for seed := range uint64(40) {
		res, err := Morale(ctx, MoraleRequest{Leadership: 10, Test: "heads_up"}, dice.NewSeededSource(seed))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case res.Roll == nil || res.Passed == nil:
			t.Fatalf("seed %d: no test: %+v", seed, res)
		case res.Roll.Success && res.Retake != nil:
			t.Errorf("seed %d: retook a passed test: %+v", seed, res)
		case !res.Roll.Success && res.Roll.Fumble && res.Retake != nil:
			t.Errorf("seed %d: a Fumble was taken again: %+v", seed, res)
		case !res.Roll.Success && !res.Roll.Fumble && res.Retake == nil:
			t.Errorf("seed %d: a failed test was not taken again: %+v", seed, res)
		case res.Retake != nil:
			retakes++
			if *res.Passed != res.Retake.Success || len(res.Steps) != 3 || res.Retake.Target != 8 {
				t.Errorf("seed %d: %+v", seed, res)
			}
		}
		if want := effects["heads_up"][0]; !*res.Passed && res.Effect.ID() != want.ID() {
			t.Errorf("seed %d: effect %s, want %s", seed, res.Effect.ID(), want.ID())
		}
		if len(res.Notes) == 0 {
			t.Errorf("seed %d: no note on the retake", seed)
		}
	}
	if retakes == 0 {
		t.Error("no seed of 40 failed the first test at 8 or under")
	}
}

func TestMoraleNotesAt75Percent(t *testing.T) {
	ctx := t.Context()
	res, err := Morale(ctx, MoraleRequest{Leadership: 10, Squad: 4, Lost: 3}, dice.NewSeededSource(1))
	if err != nil || res.Test != "broken" || len(res.Notes) != 1 {
		t.Fatalf("%+v, %v", res, err)
	}
	if res, _ := Morale(ctx, MoraleRequest{Leadership: 10, Squad: 4, Lost: 2}, dice.NewSeededSource(1)); len(res.Notes) != 0 {
		t.Errorf("50%%: notes %q", res.Notes)
	}
}

func TestRerolledTestByHand(t *testing.T) {
	ctx := t.Context()
	// Skill 12: 3/5 at once, else 2/5 × 3/5 at the reroll. A Power Shot at
	// either roll: 1/20 + 2/5 × 1/20; a Fumble only at the reroll.
	o, err := TestOddsOf(ctx, TestRequest{Skill: 12, Reroll: true})
	if err != nil {
		t.Fatal(err)
	}
	if !near(o.Success, 21./25) || !near(o.PowerShot, 7./100) || !near(o.Fumble, 1./50) {
		t.Errorf("%+v", o)
	}
	for seed := range uint64(20) {
		res, _ := Test(ctx, TestRequest{Skill: 12, Reroll: true}, dice.NewSeededSource(seed))
		if (res.Rerolled == nil && !res.Roll.Success) || (res.Rerolled != nil && res.Rerolled.Success) || len(res.Notes) != 1 {
			t.Errorf("seed %d: %+v", seed, res)
		}
		if res.Rerolled != nil && len(res.Steps) != 2 {
			t.Errorf("seed %d: steps %q", seed, res.Steps)
		}
	}
}

func TestMechanicsOddsByHand(t *testing.T) {
	ctx := t.Context()
	tests := []struct {
		name    string
		odds    func() (Odds, error)
		removed float64
		hits    map[int]float64 // value → probability, where checked
		wounds  map[int]float64
	}{
		{
			// Close combat against a stunned model: both attacks hit. Strength 6
			// against A 10 tests 14: each wounds 6/20.
			name: "automatic hits",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Mode: closeCombat, Skill: 3, Rate: 2, Strength: 6, AutoHit: true, Target: Target{Armour: 10, Wounds: 1}})
			},
			removed: 1 - 7./10*7./10, hits: map[int]float64{2: 1},
		},
		{
			// A vehicle: Pancíř 14 - AVV 2 = 12; Strength 9 does not modify it but
			// is Critical (3). A Power Shot or a hit (9/20) and a failed test (8/20).
			name: "vehicle",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Skill: 10, Rate: 1, Strength: 9, AVV: 2, Target: Target{Armour: 14, Wounds: 3, Vehicle: true}})
			},
			removed: 23. / 100, wounds: map[int]float64{3: 23. / 100, 0: 77. / 100},
		},
		{
			// A small-base charge on a vehicle: the first attack at AVV 1 + 1
			// (Pancíř 10), the second at AVV 1 (Pancíř 11). 11/40 and 101/400.
			name: "charge AVV on the first attack",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Mode: closeCombat, Skill: 10, Rate: 2, Strength: 5, AVV: 1, Charge: "small", Target: Target{Armour: 12, Wounds: 2, Vehicle: true}})
			},
			removed: 11. / 40 * 101. / 400,
		},
		{
			// The same AVV against a model changes nothing: A 12 + 10 - 5 = 17.
			name: "AVV against a model",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Skill: 10, Rate: 1, Strength: 5, AVV: 6, Target: Target{Armour: 12, Wounds: 1}})
			},
			removed: 1./20 + 9./20*3./20,
		},
		{
			// One reroll over two tests at 1/2, no Armour: both hit 1/4 + 1/8 +
			// 1/8; none only if the first, its reroll and the second all fail.
			name: "one reroll for two tests",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Skill: 10, Rate: 2, Strength: 5, Rerolls: 1, Target: Target{Wounds: 2}})
			},
			removed: 1. / 2, hits: map[int]float64{0: 1. / 8, 1: 3. / 8, 2: 1. / 2},
		},
		{
			// Two automatic hits at Strength 10 (Critical (4)) against A 10 (1/2),
			// one Armour reroll: no wound 3/8 + 1/8, both 1/4 × 1/2.
			name: "armour reroll",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Mode: closeCombat, Skill: 10, Rate: 2, Strength: 10, AutoHit: true, Target: Target{Armour: 10, Wounds: 8, ArmourRerolls: 1}})
			},
			removed: 1. / 8, wounds: map[int]float64{0: 1. / 2, 4: 3. / 8, 8: 1. / 8},
		},
		{
			// Aim on the first of two shots (RS 11, Strength 10: Critical (4),
			// A 11), the second at RS 9, Strength 8 (Critical (2), A 13); one
			// reroll on each side. Fractions from enumerating every d20 of the
			// roller's policy (first failures first).
			name: "aim with rerolls on both sides",
			odds: func() (Odds, error) {
				return AttackOddsOf(ctx, AttackRequest{Skill: 9, Rate: 2, Strength: 8, Aim: true, Rerolls: 1, Target: Target{Armour: 11, Wounds: 4, ArmourRerolls: 1}})
			},
			removed: 3509. / 16000,
			hits:    map[int]float64{0: 891. / 8000, 1: 3149. / 8000, 2: 99. / 200},
			wounds:  map[int]float64{0: 131833. / 200000, 2: 48609. / 400000, 4: 547. / 3200, 6: 387. / 8000},
		},
		{
			// Suppression Fire: Con 8 fails 12/20, an automatic hit at Strength 5
			// against A 6 (tests 11) wounds 9/20.
			name: "suppression fire",
			odds: func() (Odds, error) {
				return TeamOddsOf(ctx, TeamRequest{Kind: suppressionFire, Models: 3, Strength: 5, Constitution: 8, Target: Target{Armour: 6, Wounds: 1}})
			},
			removed: 27. / 100, hits: map[int]float64{1: 3. / 5, 0: 2. / 5},
		},
		{
			// Swarm on a broken squad hits automatically: Strength 4 + RoA 3 = 7
			// against A 10 tests 13 and fails 7/20; Critical (1) + 1 for 3 models.
			name: "swarm automatic hit",
			odds: func() (Odds, error) {
				return TeamOddsOf(ctx, TeamRequest{Kind: swarm, Models: 3, Skill: 5, Strength: 4, Rate: 3, AutoHit: true, Target: Target{Armour: 10, Wounds: 2}})
			},
			removed: 7. / 20, hits: map[int]float64{1: 1}, wounds: map[int]float64{2: 7. / 20},
		},
		{
			// The Focus Fire example (RS 5, A 12) with its failed test rolled
			// again: a Power Shot 1/20 + 3/4 × 1/20, a hit 4/20 + 3/4 × 4/20.
			name: "focus fire reroll",
			odds: func() (Odds, error) {
				return TeamOddsOf(ctx, TeamRequest{Models: 6, Skill: 2, NoClearView: 3, Strength: 2, Rate: 6, Rerolls: 1, Target: Target{Armour: 10, Wounds: 4}})
			},
			removed: 91. / 400,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := tt.odds()
			if err != nil {
				t.Fatal(err)
			}
			if !near(o.Removed, tt.removed) {
				t.Errorf("removed %v, want %v", o.Removed, tt.removed)
			}
			for v, p := range tt.hits {
				if !near(pAt(o.Hits, v), p) {
					t.Errorf("P(%d hits) = %v, want %v", v, pAt(o.Hits, v), p)
				}
			}
			for v, p := range tt.wounds {
				if !near(pAt(o.Wounds, v), p) {
					t.Errorf("P(%d wounds) = %v, want %v", v, pAt(o.Wounds, v), p)
				}
			}
			sum := 0.0
			for _, pt := range o.Wounds.Values {
				sum += pt.P
			}
			if !near(sum, 1) {
				t.Errorf("wounds sum to %v", sum)
			}
		})
	}
}

// TestMechanicsMatchRoller holds the new mechanics' exact odds to the
// roller's frequencies.
func TestMechanicsMatchRoller(t *testing.T) {
	ctx := t.Context()
	const trials = 40_000
	type action struct {
		odds func() (Odds, error)
		roll func(dice.Source) (Outcome, error)
	}
	attack := func(r AttackRequest) action {
		return action{func() (Odds, error) { return AttackOddsOf(ctx, r) }, func(src dice.Source) (Outcome, error) { return Attack(ctx, r, src) }}
	}
	team := func(r TeamRequest) action {
		return action{func() (Odds, error) { return TeamOddsOf(ctx, r) }, func(src dice.Source) (Outcome, error) { return Team(ctx, r, src) }}
	}
	cases := map[string]action{
		"rerolls with aim":     attack(AttackRequest{Skill: 9, Rate: 4, Strength: 8, Aim: true, Rerolls: 2, Target: Target{Armour: 11, Wounds: 4, ArmourRerolls: 1}}),
		"vehicle after charge": attack(AttackRequest{Mode: closeCombat, Skill: 12, Rate: 3, Strength: 7, AVV: 2, Charge: "large", Target: Target{Armour: 15, Impenetrable: 4, Wounds: 5, Vehicle: true, ArmourRerolls: 2}}),
		"automatic hits":       attack(AttackRequest{Mode: closeCombat, Skill: 4, Rate: 3, Strength: 9, AutoHit: true, Target: Target{Armour: 9, Wounds: 6}}),
		"suppression fire":     team(TeamRequest{Kind: suppressionFire, Models: 4, Strength: 8, Constitution: 9, Target: Target{Armour: 5, Wounds: 2, ArmourRerolls: 1}}),
		"healing":              attack(AttackRequest{Skill: 12, Rate: 5, Strength: 9, Rerolls: 1, Target: Target{Armour: 10, Wounds: 7, ArmourRerolls: 1, Healing: 6}}),
		"healing, no armour":   attack(AttackRequest{Skill: 8, Rate: 4, Strength: 8, Target: Target{Armour: 0, Wounds: 5, Healing: 3}}),
		"swarm reroll vehicle": team(TeamRequest{Kind: swarm, Models: 6, Skill: 7, Strength: 4, Rate: 5, AVV: 1, Rerolls: 1, Target: Target{Armour: 13, Wounds: 6, Vehicle: true}}),
	}
	for name, a := range cases {
		t.Run(name, func(t *testing.T) {
			o, err := a.odds()
			if err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(17)
			removed, wounds, hits := 0, map[int]int{}, map[int]int{}
			for range trials {
				res, err := a.roll(src)
				if err != nil {
					t.Fatal(err)
				}
				if res.Removed {
					removed++
				}
				wounds[res.Wounds]++
				hits[res.Hits]++
			}
			systemstest.WithinFourSigma(t, "removed", removed, trials, o.Removed)
			for _, pt := range o.Wounds.Values {
				systemstest.WithinFourSigma(t, fmt.Sprintf("%d wounds", pt.Value), wounds[pt.Value], trials, pt.P)
			}
			for _, pt := range o.Hits.Values {
				systemstest.WithinFourSigma(t, fmt.Sprintf("%d hits", pt.Value), hits[pt.Value], trials, pt.P)
			}
		})
	}
	t.Run("heads up and rerolled test", func(t *testing.T) {
		src := dice.NewSeededSource(23)
		literal := MoraleRequest{Leadership: 11, Test: "heads_up"}
		plain := MoraleRequest{Leadership: 11, Test: "heads_up", FumbleRetakes: true}
		test := TestRequest{Skill: 9, Reroll: true}
		lo, _ := MoraleOddsOf(ctx, literal)
		po, _ := MoraleOddsOf(ctx, plain)
		to, _ := TestOddsOf(ctx, test)
		litPassed, plainPassed, ok, power, fumble := 0, 0, 0, 0, 0
		for range trials {
			if m, _ := Morale(ctx, literal, src); *m.Passed {
				litPassed++
			}
			if m, _ := Morale(ctx, plain, src); *m.Passed {
				plainPassed++
			}
			r, _ := Test(ctx, test, src)
			if r.Roll.Success {
				ok++
			}
			if r.Roll.PowerShot {
				power++
			}
			if r.Roll.Fumble {
				fumble++
			}
		}
		systemstest.WithinFourSigma(t, "heads up, fumble stops the retake", litPassed, trials, lo.Passed)
		systemstest.WithinFourSigma(t, "heads up", plainPassed, trials, po.Passed)
		systemstest.WithinFourSigma(t, "rerolled test", ok, trials, to.Success)
		systemstest.WithinFourSigma(t, "rerolled power shot", power, trials, to.PowerShot)
		systemstest.WithinFourSigma(t, "rerolled fumble", fumble, trials, to.Fumble)
	})
}

func TestRolledMechanics(t *testing.T) {
	ctx := t.Context()
	// Automatic hits roll no test: no Power Shot, every hit tests Armour.
	res, err := Attack(ctx, AttackRequest{Mode: closeCombat, Skill: 5, Rate: 3, Strength: 6, AutoHit: true, Target: Target{Armour: 10, Wounds: 9}}, dice.NewSeededSource(4))
	if err != nil {
		t.Fatal(err)
	}
	if res.Hits != 3 || res.ArmourTests != 3 || res.Fumble || len(res.Notes) == 0 {
		t.Errorf("automatic hits: %+v", res)
	}
	for _, s := range res.Shots {
		if s.Roll != nil || !s.AutoHit || !s.Hit || s.Armour == nil || s.Armour.Target != 14 {
			t.Errorf("automatic hit %+v", s)
		}
	}
	// A vehicle's Pancíř test is AV - AVV, whatever the Strength.
	res, _ = Attack(ctx, AttackRequest{Skill: 19, Rate: 6, Strength: 3, AVV: 3, Target: Target{Armour: 15, Wounds: 20, Vehicle: true}}, dice.NewSeededSource(8))
	for _, s := range res.Shots {
		if s.Armour != nil && s.Armour.Target != 12 {
			t.Errorf("Pancíř test %+v, want 15 - 3 = 12", s.Armour)
		}
	}
	// Every reroll replaces a failed roll, and no more are spent than allowed.
	for seed := range uint64(30) {
		res, _ := Attack(ctx, AttackRequest{Skill: 6, Rate: 5, Strength: 5, Rerolls: 2, Target: Target{Armour: 12, Wounds: 9, ArmourRerolls: 1}}, dice.NewSeededSource(seed))
		rerolled, armourRerolled := 0, 0
		for _, s := range res.Shots {
			if s.Rerolled != nil {
				rerolled++
				if s.Rerolled.Success {
					t.Errorf("seed %d: rerolled a success: %+v", seed, s)
				}
			}
			if s.ArmourRerolled != nil {
				armourRerolled++
				if s.ArmourRerolled.Success {
					t.Errorf("seed %d: rerolled a passed Armour test: %+v", seed, s)
				}
			}
		}
		if rerolled > 2 || armourRerolled > 1 {
			t.Errorf("seed %d: %d rerolls, %d Armour rerolls", seed, rerolled, armourRerolled)
		}
	}
	// Suppression Fire: the target's Constitution test, then an automatic hit.
	for seed := range uint64(20) {
		res, err := Team(ctx, TeamRequest{Kind: suppressionFire, Models: 3, Strength: 5, Constitution: 10, Target: Target{Armour: 6, Wounds: 1}}, dice.NewSeededSource(seed))
		if err != nil {
			t.Fatal(err)
		}
		s := res.Shots[0]
		if s.Constitution == nil || s.Roll != nil || s.Hit == s.Constitution.Success || s.AutoHit != s.Hit {
			t.Errorf("seed %d: %+v", seed, s)
		}
	}
}

func TestMechanicsValidation(t *testing.T) {
	ctx := t.Context()
	src := dice.NewSeededSource(1)
	tests := []struct {
		err   error
		field string
	}{
		{second(Attack(ctx, AttackRequest{Skill: 10, Rate: 1, Strength: 5, Rerolls: 21, Target: Target{Wounds: 1}}, src)), "rerolls"},
		{second(Attack(ctx, AttackRequest{Skill: 10, Rate: 1, Strength: 5, Target: Target{Wounds: 1, ArmourRerolls: -1}}, src)), "armour_rerolls"},
		{second(Team(ctx, TeamRequest{Kind: suppressionFire, Models: 3, Strength: 5, Target: Target{Wounds: 1}}, src)), "constitution"},
		{second(Team(ctx, TeamRequest{Kind: suppressionFire, Models: 3, Strength: 5, Constitution: 8, Rerolls: 1, Target: Target{Wounds: 1}}, src)), "rerolls"},
		{second(Team(ctx, TeamRequest{Kind: suppressionFire, Models: 2, Strength: 5, Constitution: 8, Target: Target{Wounds: 1}}, src)), "models"},
		{second(Team(ctx, TeamRequest{Models: 3, Skill: 10, Strength: 5, Rate: 3, Constitution: 8, Target: Target{Wounds: 1}}, src)), "constitution"},
		{second(Team(ctx, TeamRequest{Models: 3, Skill: 10, Strength: 5, Rate: 3, Rerolls: 2, Target: Target{Wounds: 1}}, src)), "rerolls"},
		{second(Team(ctx, TeamRequest{Kind: suppressionFire, Models: 3, Strength: 5, Constitution: 8, AutoHit: true, Target: Target{Wounds: 1}}, src)), "auto_hit"},
	}
	for i, tt := range tests {
		var fe *systems.FieldError
		if !errors.As(tt.err, &fe) || fe.Field != tt.field {
			t.Errorf("case %d: err = %v, want a field error on %s", i, tt.err, tt.field)
		}
	}
}

// BenchmarkRerollOdds is the largest attack: 21 tests at Critical (4), 20
// rerolls on each side.
func BenchmarkRerollOdds(b *testing.B) {
	ctx := b.Context()
	req := AttackRequest{Skill: 11, Rate: 20, RapidFire: true, Strength: 12, Rerolls: 20, Target: Target{Armour: 14, Wounds: 50, ArmourRerolls: 20}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := AttackOddsOf(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMechanicsThroughTheSchema sends the new fields as JSON, through the
// schema's defaults and conditions, and reads the answers in Czech.
func TestMechanicsThroughTheSchema(t *testing.T) {
	ctx := t.Context()
	sys := System()
	tests := []struct {
		action, body string
		key          string
		want         float64
		czech        []string // in the rolled answer's Czech text
	}{
		{"team", `{"kind": "suppression_fire", "models": 3, "strength": 5, "constitution": 8, "armour": 6, "wounds": 1}`,
			"removed", 27. / 100, []string{"Krycí palba", "Odolnost"}},
		{"attack", `{"skill": 10, "rate": 1, "strength": 9, "avv": 2, "vehicle": true, "armour": 14, "wounds": 3}`,
			"removed", 23. / 100, []string{"Pancíř", "Body struktury"}},
		{"attack", `{"mode": "close_combat", "skill": 3, "rate": 2, "strength": 6, "auto_hit": true, "armour": 10}`,
			"removed", 1 - 7./10*7./10, []string{"Automatický zásah"}},
		{"morale", `{"leadership": 10, "test": "heads_up", "fumble_retakes": true}`, "passed", 16. / 25, []string{"Hlavy vzhůru!"}},
		{"morale", `{"leadership": 10, "test": "heads_up", "fumble_retakes": true}`, "passed_retake", 6. / 25, nil},
		// By default a Fumble (1/20) stops the retake: 2/5 + 11/20 × 2/5.
		{"morale", `{"leadership": 10, "test": "heads_up"}`, "passed", 31. / 50, []string{"Hlavy vzhůru!"}},
		{"morale", `{"leadership": 10, "test": "heads_up", "rerolls": 2, "fumble_retakes": true}`, "passed", 544. / 625, []string{"Opakování hodu"}},
		{"test", `{"skill": 12, "reroll": true}`, "success", 21. / 25, []string{"Opakování hodu"}},
	}
	for _, tt := range tests {
		t.Run(tt.action+" "+tt.key, func(t *testing.T) {
			a := sys.Actions[tt.action]
			odds, err := a.Odds(ctx, []byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if got := odds.Value(tt.key); !near(got, tt.want) {
				t.Errorf("%s = %v, want %v", tt.key, got, tt.want)
			}
			res, err := a.Roll(ctx, []byte(tt.body), dice.NewSeededSource(2))
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(l10n.Localize(res, l10n.Czech))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.czech {
				if !strings.Contains(string(b), w) {
					t.Errorf("the Czech answer lacks %q: %s", w, b)
				}
			}
		})
	}
	// Fields of another kind of team action are refused, naming them.
	for body, field := range map[string]string{
		`{"kind": "suppression_fire", "models": 3, "strength": 5, "constitution": 8, "skill": 12}`: "skill",
		`{"kind": "swarm", "models": 3, "skill": 5, "strength": 4, "rate": 3, "constitution": 8}`:  "constitution",
		`{"kind": "suppression_fire", "models": 3, "strength": 5}`:                                 "constitution",
	} {
		var fe *systems.FieldError
		if _, err := sys.Actions["team"].Odds(ctx, []byte(body)); !errors.As(err, &fe) || fe.Field != field {
			t.Errorf("%s: err = %v, want a field error on %s", body, err, field)
		}
	}
}
