package fantasyk6

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

func TestSystemSchemas(t *testing.T) {
	systemstest.CheckSystem(t, System(), map[string]any{
		"test": TestRequest{}, "attack": AttackRequest{}, "terror": TerrorRequest{}, "jump": JumpRequest{},
	})
}

func TestTestOddsByHand(t *testing.T) {
	tests := []struct {
		req  TestRequest
		want float64
	}{
		{TestRequest{Value: 3}, 3. / 6},                   // the rulebook's example: 3 or less
		{TestRequest{Value: 3, Modifier: 1}, 4. / 6},      // +1: 4 or less
		{TestRequest{Value: 3, Modifier: -1}, 2. / 6},     // -1: 2 or less
		{TestRequest{Value: 0}, 1. / 6},                   // a 1 always succeeds
		{TestRequest{Value: 9}, 5. / 6},                   // a 6 always fails
		{TestRequest{Value: 3, Reroll: true}, 0.5 + 0.25}, // p + (1-p)p
	}
	for _, tt := range tests {
		o, err := TestOddsOf(t.Context(), tt.req)
		if err != nil || !near(*o.Success, tt.want) {
			t.Errorf("%+v: %v, %v; want %v", tt.req, o.Success, err, tt.want)
		}
	}
	o, err := TestOddsOf(t.Context(), TestRequest{Die: "k3", Modifier: 1})
	if err != nil || len(o.Result.Values) != 3 || o.Result.Values[0].Value != 2 || !near(o.Result.Mean, 3) {
		t.Errorf("k3+1: %+v %v", o.Result, err)
	}
}

func TestMeleeTable(t *testing.T) {
	// Rows attacker 1..5, columns defender 1..5, as the rulebook prints it.
	want := [5][5]int{{4, 3, 2, 1, 1}, {5, 4, 3, 2, 1}, {5, 5, 4, 3, 2}, {5, 5, 5, 4, 3}, {5, 5, 5, 5, 4}}
	for a := 1; a <= 5; a++ {
		for d := 1; d <= 5; d++ {
			r := AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: a, DefenderFighting: d, Pain: 3}
			if err := r.normalize(); err != nil {
				t.Fatal(err)
			}
			if got, _ := r.hitChance(); got != want[a-1][d-1] {
				t.Errorf("Walka %d against %d: %d, want %d", a, d, got, want[a-1][d-1])
			}
		}
	}
	// Panika: outnumbered 3 to 1, the lone defender fights at Walka 2
	// instead of 3; never below 1.
	r := AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 3, DefenderFighting: 3, AttackerSide: 3, DefenderSide: 1, Pain: 3}
	_ = r.normalize()
	if got, notes := r.hitChance(); got != 5 || len(notes) != 1 {
		t.Errorf("panic: chance %d notes %v, want 5", got, notes)
	}
	r = AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 1, DefenderFighting: 2, AttackerSide: 1, DefenderSide: 2, Pain: 3}
	_ = r.normalize()
	if got, _ := r.hitChance(); got != 3 { // attacker stays at Walka 1
		t.Errorf("panic floor: chance %d, want 3", got)
	}
}

// TestAttackByHand: Celność 4 behind cover (-1) hits on 3 or less (1/2);
// save 3 minus 1 is 2 (1/3); Próg bólu 3 (1/2): one attack removes the
// target 1/2 × 2/3 × 1/2 = 1/6 of the time.
func TestAttackByHand(t *testing.T) {
	o, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Accuracy: 4, Cover: true, Save: 3, SaveModifier: 1, Pain: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !near(o.PerAttack.Removed, 1./6) || !near(o.Removed, 1./6) || !near(o.PerAttack.Saved, 1./6) || !near(o.PerAttack.Miss, 0.5) {
		t.Errorf("per attack %+v, removed %v", o.PerAttack, o.Removed)
	}
	o, _ = AttackOddsOf(t.Context(), AttackRequest{Attacks: 3, Accuracy: 4, Cover: true, Save: 3, SaveModifier: 1, Pain: 3})
	if !near(o.Removed, 1-math.Pow(5./6, 3)) {
		t.Errorf("three attacks: removed %v", o.Removed)
	}
	// Walka 0 is always hit, even on a 6; no save; Próg bólu 1 passes on a 1 only.
	o, _ = AttackOddsOf(t.Context(), AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 1, DefenderFighting: 0, Pain: 1})
	if !near(o.PerAttack.Removed, 5./6) {
		t.Errorf("Walka 0: removed %v, want 5/6", o.PerAttack.Removed)
	}
}

func TestJumpAndTerror(t *testing.T) {
	o, _ := JumpOdds(t.Context(), JumpRequest{Height: 5, Pain: 4}) // fails on 5-: 5/6; pain 4-2 = 2: removed 4/6
	if !near(o.Success, 1./6) || !near(*o.Removed, 5./6*4/6) {
		t.Errorf("jump from 5: %+v %v", o, *o.Removed)
	}
	for trait, want := range map[string]float64{"none": 4. / 6, "brave": 5. / 6, "coward": 3. / 6} {
		o, _ := TerrorOdds(t.Context(), TerrorRequest{Trait: trait})
		if !near(o.Success, want) {
			t.Errorf("terror %s: %v, want %v", trait, o.Success, want)
		}
	}
	if o, _ := TerrorOdds(t.Context(), TerrorRequest{CausesTerror: true}); o.Success != 1 {
		t.Errorf("a terror-causing model: %v", o.Success)
	}
}

func TestOddsMatchRoller(t *testing.T) {
	const trials = 40_000
	attacks := map[string]AttackRequest{
		"shooting": {Attacks: 3, Accuracy: 4, Moved: true, LargeTarget: true, Save: 4, SaveModifier: 1, Pain: 3},
		"melee":    {Mode: "melee", Attacks: 4, AttackerFighting: 2, DefenderFighting: 4, AttackerSide: 1, DefenderSide: 2, Save: 2, Pain: 4, PainModifier: -1},
	}
	for name, req := range attacks {
		t.Run(name, func(t *testing.T) {
			o, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(8)
			removed, wounds := 0, map[int]int{}
			for range trials {
				res, err := Attack(t.Context(), req, src)
				if err != nil {
					t.Fatal(err)
				}
				if res.Removed {
					removed++
				}
				wounds[res.Wounds]++
			}
			systemstest.WithinFourSigma(t, "removed", removed, trials, o.Removed)
			for _, pt := range o.Wounds.Values {
				systemstest.WithinFourSigma(t, "wounds", wounds[pt.Value], trials, pt.P)
			}
		})
	}
	t.Run("test with reroll", func(t *testing.T) {
		req := TestRequest{Value: 2, Modifier: 1, Reroll: true}
		o, _ := TestOddsOf(t.Context(), req)
		src := dice.NewSeededSource(8)
		ok := 0
		for range trials {
			if res, _ := Test(t.Context(), req, src); *res.Success {
				ok++
			}
		}
		systemstest.WithinFourSigma(t, "success", ok, trials, *o.Success)
	})
	t.Run("jump", func(t *testing.T) {
		req := JumpRequest{Height: 4, Pain: 3}
		o, _ := JumpOdds(t.Context(), req)
		src := dice.NewSeededSource(8)
		removed := 0
		for range trials {
			if res, _ := Jump(t.Context(), req, src); *res.Removed {
				removed++
			}
		}
		systemstest.WithinFourSigma(t, "removed", removed, trials, *o.Removed)
	})
}

func TestValidation(t *testing.T) {
	tests := []struct {
		err   error
		field string
	}{
		{second(Attack(t.Context(), AttackRequest{Attacks: 1, Accuracy: 0, Pain: 3}, dice.NewSeededSource(1))), "accuracy"},
		{second(Attack(t.Context(), AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 6, DefenderFighting: 2, Pain: 3}, dice.NewSeededSource(1))), "attacker_fighting"},
		{second(Attack(t.Context(), AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 0, Pain: 3}, dice.NewSeededSource(1))), "attacker_fighting"},
		{second(Attack(t.Context(), AttackRequest{Attacks: 1, Accuracy: 3, Moved: true, Ran: true, Pain: 3}, dice.NewSeededSource(1))), "ran"},
		{second(Attack(t.Context(), AttackRequest{Attacks: 1, Accuracy: 3}, dice.NewSeededSource(1))), "pain"},
		{second(Test(t.Context(), TestRequest{Die: "k3", Value: 3}, dice.NewSeededSource(1))), "value"},
		{second(Terror(t.Context(), TerrorRequest{Trait: "fearless"}, dice.NewSeededSource(1))), "trait"},
		{second(Jump(t.Context(), JumpRequest{Height: 0, Pain: 3}, dice.NewSeededSource(1))), "height"},
	}
	for i, tt := range tests {
		var fe *systems.FieldError
		if !errors.As(tt.err, &fe) || fe.Field != tt.field {
			t.Errorf("case %d: err = %v, want a field error on %s", i, tt.err, tt.field)
		}
	}
}

// TestOtherModeIgnored: a form sends the fields of both modes; those of
// the other mode change nothing and are named in the notes.
func TestOtherModeIgnored(t *testing.T) {
	plain := AttackRequest{Attacks: 2, Accuracy: 4, Save: 3, Pain: 3}
	mixed := plain
	mixed.AttackerFighting, mixed.DefenderSide = 3, 4
	a, _ := AttackOddsOf(t.Context(), plain)
	b, err := AttackOddsOf(t.Context(), mixed)
	if err != nil || a.Removed != b.Removed {
		t.Fatalf("melee fields changed shooting odds: %v %v, %v", a.Removed, b.Removed, err)
	}
	res, _ := Attack(t.Context(), mixed, dice.NewSeededSource(1))
	if !strings.Contains(systemstest.Joined(res.Notes, l10n.English), "Ignored in shooting: attacker_fighting, defender_side.") {
		t.Errorf("notes %q", res.Notes)
	}
}

func second[T any](_ T, err error) error { return err }

// TestSixAlwaysMisses: seed 004 says a 6 fails a test whatever the
// modifiers, and a hit roll is a test. Celność 6 at under half range (+1)
// against a large target (+1) has a chance of 8 and still misses on a 6;
// so does the melee table's 5 with +2. Walka 0 is hit with no roll at all.
func TestSixAlwaysMisses(t *testing.T) {
	tests := []struct {
		name string
		req  AttackRequest
		want float64
	}{
		{"shooting, chance 8", AttackRequest{Attacks: 1, Accuracy: 6, HalfRange: true, LargeTarget: true, Pain: 1}, 5. / 6},
		{"shooting, chance 6", AttackRequest{Attacks: 1, Accuracy: 6, Pain: 1}, 5. / 6},
		{"melee, chance 7", AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 5, DefenderFighting: 1, HitModifier: 2, Pain: 1}, 5. / 6},
		{"melee, chance 0", AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 1, DefenderFighting: 5, HitModifier: -1, Pain: 1}, 1. / 6},
		{"melee, Walka 0", AttackRequest{Mode: "melee", Attacks: 1, AttackerFighting: 1, DefenderFighting: 0, HitModifier: -5, Pain: 1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := AttackOddsOf(t.Context(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if got := 1 - o.PerAttack.Miss; !near(got, tt.want) {
				t.Errorf("P(hit) = %v, want %v", got, tt.want)
			}
			src := dice.NewSeededSource(3)
			for range 600 {
				res, err := Attack(t.Context(), tt.req, src)
				if err != nil {
					t.Fatal(err)
				}
				d := res.Attacks[0]
				hit := d.Pain != 0 // no save: a hit always goes on to the Próg bólu test
				switch {
				case res.Automatic && (d.Hit != 0 || !hit):
					t.Fatalf("automatic hit rolled %+v", d)
				case !res.Automatic && d.Hit == 6 && hit:
					t.Fatalf("a 6 hit: %+v, steps %q", d, res.Steps)
				case !res.Automatic && d.Hit == 1 && !hit:
					t.Fatalf("a 1 missed: %+v, steps %q", d, res.Steps)
				}
			}
		})
	}
	res, _ := Attack(t.Context(), tests[0].req, dice.NewSeededSource(1))
	if !strings.Contains(systemstest.Joined(res.Notes, l10n.English), "A 6 always fails the hit roll") {
		t.Errorf("notes %q", res.Notes)
	}
}

// TestAttackRerollsByHand: Celność 3 hits on 3 or less (1/2), with a
// reroll 1/2 + 1/2·1/2 = 3/4; Odporność 4 saves on 4 or less (2/3), with a
// reroll 2/3 + 1/3·2/3 = 8/9; Próg bólu 3 (1/2), with a reroll 3/4. One
// attack: miss 1/4, saved 3/4·8/9 = 2/3, wounded 3/4·1/9·3/4 = 1/16,
// removed 3/4·1/9·1/4 = 1/48.
func TestAttackRerollsByHand(t *testing.T) {
	req := AttackRequest{Attacks: 1, Accuracy: 3, Save: 4, Pain: 3, RerollHit: true, RerollSave: true, RerollPain: true}
	o, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	pa := o.PerAttack
	if !near(pa.Miss, 1./4) || !near(pa.Saved, 2./3) || !near(pa.Wounded, 1./16) || !near(pa.Removed, 1./48) {
		t.Errorf("per attack %+v, want 1/4, 2/3, 1/16, 1/48", pa)
	}
	// Two attacks: removed 1 - (47/48)^2; the wounds of a standing target:
	// none (11/12)^2, one 2·(11/12)(1/16), two (1/16)^2, and a target removed
	// by the second attack keeps the first attack's wound.
	req.Attacks = 2
	o, _ = AttackOddsOf(t.Context(), req)
	if want := 1 - 47./48*47/48; !near(o.Removed, want) {
		t.Errorf("two attacks: removed %v, want %v", o.Removed, want)
	}
	wantWounds := map[int]float64{
		0: 11./12*11/12 /*no wound, standing*/ + 1./48 /*removed at once*/ + 11./12*1/48, /*then removed*/
		1: 2*11./12*1/16 + 1./16*1/48,
		2: 1. / 16 * 1 / 16,
	}
	for _, pt := range o.Wounds.Values {
		if !near(pt.P, wantWounds[pt.Value]) {
			t.Errorf("P(%d wounds) = %v, want %v", pt.Value, pt.P, wantWounds[pt.Value])
		}
	}
}

func TestAttackRerollsMatchRoller(t *testing.T) {
	const trials = 40_000
	reqs := map[string]AttackRequest{
		"shooting": {Attacks: 3, Accuracy: 3, Cover: true, Save: 4, SaveModifier: 1, Pain: 3, RerollHit: true, RerollPain: true},
		"melee":    {Mode: "melee", Attacks: 2, AttackerFighting: 3, DefenderFighting: 3, Save: 3, Pain: 2, RerollSave: true, RerollHit: true},
		"high":     {Attacks: 2, Accuracy: 7, HalfRange: true, Pain: 2, RerollHit: true},
	}
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			o, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(21)
			removed, rerolls, wounds := 0, 0, map[int]int{}
			for range trials {
				res, err := Attack(t.Context(), req, src)
				if err != nil {
					t.Fatal(err)
				}
				if res.Removed {
					removed++
				}
				wounds[res.Wounds]++
				for _, d := range res.Attacks {
					if d.HitReroll != 0 || d.SaveReroll != 0 || d.PainReroll != 0 {
						rerolls++
					}
					if (d.HitReroll != 0 && !req.RerollHit) || (d.SaveReroll != 0 && !req.RerollSave) || (d.PainReroll != 0 && !req.RerollPain) {
						t.Fatalf("a reroll that was not asked for: %+v", d)
					}
				}
			}
			if rerolls == 0 {
				t.Error("no reroll was ever rolled")
			}
			systemstest.WithinFourSigma(t, "removed", removed, trials, o.Removed)
			for _, pt := range o.Wounds.Values {
				systemstest.WithinFourSigma(t, "wounds", wounds[pt.Value], trials, pt.P)
			}
		})
	}
}

// TestJumpFromSixOrMore: the height is the chance of failure, so from 6"
// up the jump fails on every face, and the answer says so.
func TestJumpFromSixOrMore(t *testing.T) {
	for _, h := range []int{6, 7, 12} {
		req := JumpRequest{Height: h, Pain: 5}
		o, err := JumpOdds(t.Context(), req)
		if err != nil {
			t.Fatal(err)
		}
		// A failed jump from h" tests Próg bólu 5 - (h-3).
		if want := 1 - pass(5-(h-3)); o.Success != 0 || !near(*o.Removed, want) {
			t.Errorf("height %d: success %v removed %v, want 0 and %v", h, o.Success, *o.Removed, want)
		}
		src := dice.NewSeededSource(uint64(h))
		for range 200 {
			res, _ := Jump(t.Context(), req, src)
			if res.Success || len(res.Notes) != 1 || !strings.Contains(res.Notes[0].In(l10n.English), "fails on every face") {
				t.Fatalf("height %d: %+v", h, res)
			}
		}
	}
	if res, _ := Jump(t.Context(), JumpRequest{Height: 5, Pain: 3}, dice.NewSeededSource(1)); len(res.Notes) != 0 {
		t.Errorf("a jump from 5\" needs no note: %q", res.Notes)
	}
}
