package wzrd20

import (
	"errors"
	"math"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func ptr(v int) *int { return &v }

func TestSystemSchemas(t *testing.T) {
	systemstest.CheckSystem(t, System(), map[string]any{
		"test": TestRequest{}, "attack": AttackRequest{}, "team": TeamRequest{}, "morale": MoraleRequest{},
	})
}

func TestTestOddsByHand(t *testing.T) {
	tests := []struct {
		req                    TestRequest
		target                 int
		success, power, fumble float64
	}{
		{TestRequest{Skill: 12}, 12, 12. / 20, 1. / 20, 1. / 20},
		{TestRequest{Skill: 2}, 2, 2. / 20, 1. / 20, 1. / 20},                  // the rulebook's example: RS 2 needs 2 or less
		{TestRequest{Skill: 20}, 20, 19. / 20, 1. / 20, 1. / 20},               // a 20 always fails
		{TestRequest{Skill: 15, Modifier: 10}, 20, 19. / 20, 1. / 20, 1. / 20}, // never above 20
		{TestRequest{Skill: 3, Modifier: -8}, 1, 1. / 20, 1. / 20, 1. / 20},    // never below 1: only a Power Shot
	}
	for _, tt := range tests {
		o, err := TestOddsOf(t.Context(), tt.req)
		if err != nil || o.Target != tt.target || !near(o.Success, tt.success) || !near(o.PowerShot, tt.power) || !near(o.Fumble, tt.fumble) {
			t.Errorf("%+v: %+v, %v", tt.req, o, err)
		}
	}
}

func TestJudge(t *testing.T) {
	for face := 1; face <= 20; face++ {
		r := judge(face, 10)
		want := face <= 10
		if r.Success != want || r.PowerShot != (face == 1) || r.Fumble != (face == 20) {
			t.Errorf("face %d against 10: %+v", face, r)
		}
	}
	if r := judge(20, 20); r.Success || !r.Fumble {
		t.Errorf("20 against 20: %+v", r)
	}
	if r := judge(1, 1); !r.Success || !r.PowerShot {
		t.Errorf("1 against 1: %+v", r)
	}
}

func TestCriticalAndArmour(t *testing.T) {
	for _, tt := range []struct{ strength, fourFrom, bonus, want int }{
		{7, 10, 0, 1}, {8, 10, 0, 2}, {9, 10, 0, 3}, {10, 10, 0, 4}, {20, 10, 0, 4},
		{12, 20, 0, 3}, {20, 20, 0, 4}, // read literally, Critical (4) from Strength 20
		{8, 10, 2, 4}, {9, 10, 3, 4}, {5, 10, 1, 2}, // team bonuses, capped at 4
	} {
		if got := critical(tt.strength, tt.fourFrom, tt.bonus); got != tt.want {
			t.Errorf("critical(%d, %d, %d) = %d, want %d", tt.strength, tt.fourFrom, tt.bonus, got, tt.want)
		}
	}
	for _, tt := range []struct {
		target   Target
		strength int
		want     int
	}{
		{Target{Armour: 6}, 10, 6},                                        // Everassur A 6(2), unmodified
		{Target{Armour: 6, Impenetrable: 2}, 16, 2},                       // 6 - 6 = 0, never below 2
		{Target{Armour: 8}, 7, 11},                                        // Strength 7: +3
		{Target{Armour: 8}, 1, 17},                                        // Strength 1: +9
		{Target{Armour: 8}, 20, 1},                                        // -10: at least 1
		{Target{Armour: 16, Impenetrable: 2, TypeModifier: -3}, 12, 11},   // Titanium plates (Blast -3)
		{Target{Armour: 10, ArmourModifier: 2, Impenetrable: 15}, 10, 15}, // pinned +2, impenetrable higher
		{Target{Armour: 18}, 4, 20},                                       // at most 20
	} {
		if got := tt.target.armourTarget(tt.strength); got != tt.want {
			t.Errorf("%+v at Strength %d: Armour %d, want %d", tt.target, tt.strength, got, tt.want)
		}
	}
}

func TestAttackOddsByHand(t *testing.T) {
	// RS 10, one shot, Strength 10 against A 8: a Power Shot (1/20) or an
	// ordinary hit (9/20) whose Armour test fails (12/20): 0.32, and
	// Strength 10 is Critical (4).
	o, err := AttackOddsOf(t.Context(), AttackRequest{Skill: 10, Rate: 1, Strength: 10, Target: Target{Armour: 8, Wounds: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if last := o.Wounds.Values[len(o.Wounds.Values)-1]; !near(o.Removed, 0.32) || last.Value != 4 || !near(last.P, 0.32) || !near(o.Hits.Values[1].P, 0.5) {
		t.Errorf("odds %+v", o)
	}
	// Read literally (Critical (4) from Strength 20), Strength 10 is (3):
	// not enough for 4 Wounds.
	o, _ = AttackOddsOf(t.Context(), AttackRequest{Skill: 10, Rate: 1, Strength: 10, Target: Target{Armour: 8, Wounds: 4, CriticalFourFrom: ptr(20)}})
	if o.Removed != 0 || o.Wounds.Values[len(o.Wounds.Values)-1].Value != 3 {
		t.Errorf("critical_four_from 20: %+v", o)
	}
	// Aim with RoF 2, Strength 7 against A 10: the first shot at RS 12 and
	// Strength 9 (A 11, Critical (3)) wounds 0.05 + 11/20 × 9/20; the second
	// at RS 10 and Strength 7 (A 13) 0.05 + 9/20 × 7/20. Four Wounds need both.
	o, _ = AttackOddsOf(t.Context(), AttackRequest{Skill: 10, Rate: 2, Strength: 7, Aim: true, Target: Target{Armour: 10, Wounds: 4}})
	p1, p2 := 0.05+11./20*9./20, 0.05+9./20*7./20
	if !near(o.Removed, p1*p2) || !near(o.Wounds.Mean, 3*p1+p2) {
		t.Errorf("aim: removed %v, want %v; mean %v", o.Removed, p1*p2, o.Wounds.Mean)
	}
	// Rapid Fire in light cover: three tests at RS 12 - 2 - 2 = 8; no
	// Armour (A 0): each hit wounds.
	o, _ = AttackOddsOf(t.Context(), AttackRequest{Skill: 12, Rate: 2, Strength: 5, RapidFire: true, Cover: "light", Target: Target{Wounds: 3}})
	if !near(o.Removed, math.Pow(8./20, 3)) || len(o.Hits.Values) != 4 {
		t.Errorf("rapid fire: %+v", o)
	}
	// A medium-base charge: +4 Strength on the first attack only.
	o, _ = AttackOddsOf(t.Context(), AttackRequest{Mode: "close_combat", Skill: 10, Rate: 2, Strength: 6, Charge: "medium", Target: Target{Armour: 10, Wounds: 1}})
	q1, q2 := 0.05+9./20*10./20, 0.05+9./20*6./20 // A 10 + 0 at Strength 10; A 10 + 4 at Strength 6
	if !near(o.Removed, 1-(1-q1)*(1-q2)) {
		t.Errorf("charge: removed %v, want %v", o.Removed, 1-(1-q1)*(1-q2))
	}
}

// TestTeamOddsByHand follows the rulebook's Focus Fire example: six
// models at RS 2 fire at +6 (8), Strength 2 + 6 × RoF 1 = 8; three of them
// do not see the target clearly, so RS 8 - 3 = 5. Two groups of three add
// Critical +2 to Strength 8's (2): (4).
func TestTeamOddsByHand(t *testing.T) {
	o, err := TeamOddsOf(t.Context(), TeamRequest{Models: 6, Skill: 2, NoClearView: 3, Strength: 2, Rate: 6, Target: Target{Armour: 10, Wounds: 4}})
	if err != nil {
		t.Fatal(err)
	}
	want := 0.05 + 4./20*8./20 // RS 5; A 10 + 2 = 12 fails on 13..20
	if !near(o.Removed, want) || o.Wounds.Values[len(o.Wounds.Values)-1].Value != 4 {
		t.Errorf("focus fire: %+v, want removed %v", o, want)
	}
	res, _ := Team(t.Context(), TeamRequest{Models: 6, Skill: 2, NoClearView: 3, Strength: 2, Rate: 6, AVV: 1, Target: Target{Armour: 10, Wounds: 4}}, dice.NewSeededSource(3))
	if len(res.Shots) != 1 || res.Shots[0].Roll.Target != 5 || res.Shots[0].Strength != 8 || res.AVV != 3 {
		t.Errorf("focus fire rolled: %+v", res)
	}
}

func TestMoraleByHand(t *testing.T) {
	tests := []struct {
		req    MoraleRequest
		test   string
		target int
		passed float64
	}{
		{MoraleRequest{Leadership: 10, Test: "regroup"}, "regroup", 4, 4. / 20},
		{MoraleRequest{Leadership: 10, Test: "heads_up", FumbleRetakes: true}, "heads_up", 8, 1 - 12./20*12./20}, // a failed test is taken again
		{MoraleRequest{Leadership: 10, Test: "heads_up"}, "heads_up", 8, 8./20 + 11./20*8./20},                   // a Fumble is not
		{MoraleRequest{Leadership: 10, Squad: 4, Lost: 3}, "broken", 10, 10. / 20},
		{MoraleRequest{Leadership: 10, Squad: 4, Lost: 2}, "pinning", 10, 10. / 20},
		{MoraleRequest{Leadership: 10, Squad: 5, Lost: 2}, "none", 0, 1},
		{MoraleRequest{Leadership: 10, Test: "pinning", Modifier: -2}, "pinning", 8, 8. / 20}, // acting commander
	}
	for _, tt := range tests {
		o, err := MoraleOddsOf(t.Context(), tt.req)
		if err != nil || o.Test != tt.test || o.Target != tt.target || !near(o.Passed, tt.passed) {
			t.Errorf("%+v: %+v, %v", tt.req, o, err)
		}
	}
}

// TestOddsMatchRoller holds the exact odds to the roller's frequencies.
func TestOddsMatchRoller(t *testing.T) {
	const trials = 40_000
	attacks := map[string]AttackRequest{
		"aimed shot in heavy cover": {Skill: 14, Rate: 3, Strength: 7, Aim: true, Cover: "heavy", Target: Target{Armour: 12, Impenetrable: 4, TypeModifier: -2, Wounds: 3}},
		"rapid fire":                {Skill: 11, Rate: 4, Strength: 9, RapidFire: true, Target: Target{Armour: 9, Wounds: 5, CriticalFourFrom: ptr(20)}},
		"charge":                    {Mode: "close_combat", Skill: 12, Rate: 3, Strength: 6, Charge: "large", Target: Target{Armour: 14, Impenetrable: 3, Wounds: 2}},
	}
	check := func(t *testing.T, o Odds, roll func(dice.Source) Outcome) {
		src := dice.NewSeededSource(11)
		removed, wounds, hits := 0, map[int]int{}, map[int]int{}
		for range trials {
			res := roll(src)
			if res.Removed {
				removed++
			}
			wounds[res.Wounds]++
			hits[res.Hits]++
		}
		systemstest.WithinFourSigma(t, "removed", removed, trials, o.Removed)
		for _, pt := range o.Wounds.Values {
			systemstest.WithinFourSigma(t, "wounds", wounds[pt.Value], trials, pt.P)
		}
		for _, pt := range o.Hits.Values {
			systemstest.WithinFourSigma(t, "hits", hits[pt.Value], trials, pt.P)
		}
	}
	for name, req := range attacks {
		t.Run(name, func(t *testing.T) {
			o, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			check(t, o, func(src dice.Source) Outcome { res, _ := Attack(t.Context(), req, src); return res })
		})
	}
	t.Run("swarm", func(t *testing.T) {
		req := TeamRequest{Kind: "swarm", Models: 4, Skill: 9, Strength: 5, Rate: 4, Target: Target{Armour: 11, TypeModifier: 1, Wounds: 3}}
		o, err := TeamOddsOf(t.Context(), req)
		if err != nil {
			t.Fatal(err)
		}
		check(t, o, func(src dice.Source) Outcome { res, _ := Team(t.Context(), req, src); return res })
	})
	t.Run("test and morale", func(t *testing.T) {
		src := dice.NewSeededSource(5)
		to, _ := TestOddsOf(t.Context(), TestRequest{Skill: 13, Modifier: -3})
		mo, _ := MoraleOddsOf(t.Context(), MoraleRequest{Leadership: 12, Test: "regroup"})
		ok, power, fumble, regrouped := 0, 0, 0, 0
		for range trials {
			r, _ := Test(t.Context(), TestRequest{Skill: 13, Modifier: -3}, src)
			if r.Roll.Success {
				ok++
			}
			if r.Roll.PowerShot {
				power++
			}
			if r.Roll.Fumble {
				fumble++
			}
			m, _ := Morale(t.Context(), MoraleRequest{Leadership: 12, Test: "regroup"}, src)
			if *m.Passed {
				regrouped++
			}
		}
		systemstest.WithinFourSigma(t, "success", ok, trials, to.Success)
		systemstest.WithinFourSigma(t, "power shot", power, trials, to.PowerShot)
		systemstest.WithinFourSigma(t, "fumble", fumble, trials, to.Fumble)
		systemstest.WithinFourSigma(t, "regroup", regrouped, trials, mo.Passed)
	})
}

func TestRolledAttackShowsEveryDie(t *testing.T) {
	res, err := Attack(t.Context(), AttackRequest{Skill: 19, Rate: 4, Strength: 8, Target: Target{Armour: 10, Wounds: 2}}, dice.NewSeededSource(2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Shots) != 4 {
		t.Fatalf("%d shots", len(res.Shots))
	}
	hits, armour, wounds := 0, 0, 0
	for _, s := range res.Shots {
		if s.Roll.Face < 1 || s.Roll.Face > 20 || s.Roll.Target != 19 || s.Strength != 8 {
			t.Errorf("shot %+v", s)
		}
		if s.Roll.Success {
			hits++
		}
		if s.Armour != nil {
			armour++
			if s.Armour.Target != 12 { // A 10 + 2 for Strength 8
				t.Errorf("armour test %+v", s.Armour)
			}
		}
		if s.Roll.PowerShot && s.Armour != nil {
			t.Errorf("a Power Shot took an Armour test: %+v", s)
		}
		if s.Wounds != 0 && s.Wounds != 2 {
			t.Errorf("wounds %d at Strength 8, want Critical (2)", s.Wounds)
		}
		wounds += s.Wounds
	}
	if res.Hits != hits || res.ArmourTests != armour || res.Wounds != wounds || res.Removed != (wounds >= 2) {
		t.Errorf("totals %+v", res)
	}
	if len(res.Steps) < 5 || !strings.Contains(res.Steps[len(res.Steps)-1].In(l10n.English), "hits") {
		t.Errorf("steps %q", res.Steps)
	}
}

func TestValidation(t *testing.T) {
	tests := []struct {
		err   error
		field string
	}{
		{second(Test(t.Context(), TestRequest{Skill: 21}, dice.NewSeededSource(1))), "skill"},
		{second(Test(t.Context(), TestRequest{Skill: 0}, dice.NewSeededSource(1))), "skill"},
		{second(Attack(t.Context(), AttackRequest{Skill: 10, Rate: 0, Strength: 5, Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "rate"},
		{second(Attack(t.Context(), AttackRequest{Skill: 10, Rate: 1, Strength: 5}, dice.NewSeededSource(1))), "wounds"},
		{second(Attack(t.Context(), AttackRequest{Mode: "close_combat", Skill: 10, Rate: 1, Strength: 5, Aim: true, Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "aim"},
		{second(Attack(t.Context(), AttackRequest{Skill: 10, Rate: 1, Strength: 5, Charge: "small", Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "charge"},
		{second(Attack(t.Context(), AttackRequest{Skill: 10, Rate: 1, Strength: 5, Cover: "deep", Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "cover"},
		{second(Attack(t.Context(), AttackRequest{Skill: 10, Rate: 1, Strength: 5, Target: Target{Wounds: 1, CriticalFourFrom: ptr(9)}}, dice.NewSeededSource(1))), "critical_four_from"},
		{second(Team(t.Context(), TeamRequest{Models: 2, Skill: 10, Strength: 5, Rate: 2, Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "models"},
		{second(Team(t.Context(), TeamRequest{Models: 3, Skill: 10, Strength: 5, Rate: 3, NoClearView: 4, Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "no_clear_view"},
		{second(Team(t.Context(), TeamRequest{Kind: "swarm", Models: 3, Skill: 10, Strength: 5, Rate: 3, NoClearView: 1, Target: Target{Wounds: 1}}, dice.NewSeededSource(1))), "no_clear_view"},
		{second(Morale(t.Context(), MoraleRequest{Leadership: 10, Squad: 3, Lost: 4}, dice.NewSeededSource(1))), "lost"},
		{second(Morale(t.Context(), MoraleRequest{Leadership: 10, Test: "panic"}, dice.NewSeededSource(1))), "test"},
	}
	for i, tt := range tests {
		var fe *systems.FieldError
		if !errors.As(tt.err, &fe) || fe.Field != tt.field {
			t.Errorf("case %d: err = %v, want a field error on %s", i, tt.err, tt.field)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// BenchmarkShotOdds is the exact odds of a RoF-4 shot with Aim, an
// impenetrable Armour and Critical Force.
func BenchmarkShotOdds(b *testing.B) {
	req := AttackRequest{Skill: 13, Rate: 4, Strength: 9, Aim: true, Target: Target{Armour: 14, Impenetrable: 3, TypeModifier: -2, Wounds: 6}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := AttackOddsOf(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}
