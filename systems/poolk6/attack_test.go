package poolk6

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"testing"

	"kostka/dice"
	"kostka/systems"
	"kostka/systems/systemstest"
)

// TestAttackByHand: one die against one die with no net modifier (soft
// cover -1, Acc +1), DAM 4 against armour 4: a success level of k deals k
// wounds, which happens in 6-k of 36 outcomes.
func TestAttackByHand(t *testing.T) {
	req := AttackRequest{Attack: 1, Defense: 1, Cover: Soft, Accuracy: 1, Damage: 4, Armour: 4}
	odds, err := OddsOf(t.Context(), &req)
	if err != nil {
		t.Fatal(err)
	}
	if !near(odds.Hit, 15./36) || !near(odds.Stun, 15./36) {
		t.Errorf("hit %v, stun %v; want 15/36", odds.Hit, odds.Stun)
	}
	for _, pt := range odds.Wounds.Values {
		want := 21. / 36 // no wound: the 21 outcomes that are not hits
		if pt.Value > 0 {
			want = float64(6-pt.Value) / 36
		}
		if !near(pt.P, want) {
			t.Errorf("P(%d wounds) = %v, want %v", pt.Value, pt.P, want)
		}
	}
	if !near(odds.MeanDamage, 4*35./36) {
		t.Errorf("mean damage %v, want %v", odds.MeanDamage, 4*35./36)
	}
	if !near(odds.MagazineEmpty, 1./6) { // ROF 0 used: empty on a 1
		t.Errorf("magazine empty %v, want 1/6", odds.MagazineEmpty)
	}

	req.Stealth = 4 // avoids on 5+: 2 in 6
	odds, _ = OddsOf(t.Context(), &req)
	if !near(odds.Hit, 15./36*4/6) {
		t.Errorf("with Stealth 4: hit %v, want %v", odds.Hit, 15./36*4/6)
	}
}

func TestDryUpTo(t *testing.T) {
	tests := []struct{ used, rof, want int }{
		{0, 0, 1}, {0, 4, 1}, {1, 4, 2}, {2, 4, 3}, {3, 4, 3}, {4, 4, 4}, {1, 1, 3}, {1, 3, 2}, {2, 3, 3}, {3, 3, 4},
	}
	for _, tt := range tests {
		if got := dryUpTo(tt.used, tt.rof); got != tt.want {
			t.Errorf("ROF %d of %d: dry up to %d, want %d", tt.used, tt.rof, got, tt.want)
		}
	}
}

func TestAttackOddsMatchRoller(t *testing.T) {
	reqs := map[string]AttackRequest{
		"direct": {Attack: 4, Defense: 3, AttackerMovement: -1, DefenderMovement: 1, Range: "maximum", Accuracy: 1,
			Cover: Hard, DefenderStunned: true, Crossfire: true, Damage: 5, ROF: 3, ROFDamage: 2, Armour: 6, Stealth: 5, Incendiary: true},
		"indirect":     {Mode: Indirect, Attack: 3, Defense: 2, Cover: Invisible, Accuracy: 2, Damage: 8, ROF: 2, ROFArea: 2, Armour: 5},
		"limited ammo": {Attack: 2, Defense: 2, Damage: 3, Armour: 2, LimitedAmmo: true},
	}
	matchRoller(t, reqs, 50_000)
}

// TestScatterAndRerollsMatchRoller: the scatter and the command-point
// rerolls against the roller.
func TestScatterAndRerollsMatchRoller(t *testing.T) {
	matchRoller(t, map[string]AttackRequest{
		"indirect, no area": {Mode: Indirect, Attack: 2, Defense: 2, Accuracy: -1, Damage: 6, Armour: 4},
		"indirect, defender off the aiming point": {Mode: Indirect, Attack: 3, Defense: 2, Damage: 6, ROF: 2, ROFArea: 1, AE: 2,
			TargetDistance: 2.6, BaseRadius: 0.6, Armour: 4, AttackerReroll: true, DefenderReroll: true},
		"indirect, beyond the area on target": {Mode: Indirect, Attack: 2, Defense: 1, AttackerMovement: -1, Damage: 4, AE: 1,
			TargetDistance: 4.5, Armour: 4},
		"direct, both rerolls and Stealth": {Attack: 2, Defense: 3, Cover: Soft, Damage: 4, Armour: 3, Stealth: 4,
			AttackerReroll: true, DefenderReroll: true},
	}, 20_000)
}

// sameOdds fails the test unless the odds a roll answered with are want.
// eachRoll calls f with trials rolls: the first from roll, the exported
// function, which answers with the odds too (they must be want); the
// others from quick, with the odds computed once, which the exported
// function would compute again for every roll.
func eachRoll[R any](t *testing.T, trials int, roll func() (R, systems.Odds, error), want systems.Odds, quick func() R, f func(R)) {
	t.Helper()
	res, odds, err := roll()
	if err != nil {
		t.Fatal(err)
	}
	sameOdds(t, odds, want)
	f(res)
	for range trials - 1 {
		f(quick())
	}
}

func sameOdds(t *testing.T, got, want systems.Odds) {
	t.Helper()
	g, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g, w) {
		t.Fatalf("the roll answered with the odds\n%s\nwant\n%s", g, w)
	}
}

// matchRoller rolls each request trials times and holds the frequencies to
// the exact odds.
func matchRoller(t *testing.T, reqs map[string]AttackRequest, trials int) {
	t.Helper()
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			src := dice.NewSeededSource(11)
			r := req
			odds, err := OddsOf(t.Context(), &r)
			if err != nil {
				t.Fatal(err)
			}
			wounds := map[int]int{}
			var hits, stuns, dry, onTarget, burning, covered, attackerRerolls, defenderRerolls int
			eachRoll(t, trials, func() (AttackResult, systems.Odds, error) {
				res, err := Resolve(t.Context(), req, src)
				return res, res.Odds, err
			}, odds.Entries(), func() AttackResult { return resolve(r, odds, src) }, func(res AttackResult) {
				wounds[res.Wounds]++
				if res.Hit {
					hits++
				}
				if res.Stunned {
					stuns++
				}
				if res.Burning {
					burning++
				}
				if res.Ammo.MagazineEmpty {
					dry++
				}
				if res.Aim != nil && res.Aim.OnTarget {
					onTarget++
				}
				if res.Defense != nil {
					covered++ // indirect fire: Def is rolled when the area reaches the defender
				}
				if res.AttackBeforeReroll != nil {
					attackerRerolls++
				}
				if res.DefenseBeforeReroll != nil {
					defenderRerolls++
				}
				if res.Aim != nil && res.Aim.Scatter != nil && *res.Aim.Scatter.Covers != (res.Defense != nil) {
					t.Fatalf("the scatter covers %v, the Def roll %v", res.Aim.Scatter.Covers, res.Defense)
				}
				if res.Hit != (res.Damage > 0 || req.Damage+req.ROFDamage == 0) || len(res.Steps) < 2 {
					t.Fatalf("inconsistent result %+v", res)
				}
			})
			systemstest.WithinFourSigma(t, "hit", hits, trials, odds.Hit)
			systemstest.WithinFourSigma(t, "stun", stuns, trials, odds.Stun)
			systemstest.WithinFourSigma(t, "magazine empty", dry, trials, odds.MagazineEmpty)
			if req.Incendiary {
				systemstest.WithinFourSigma(t, "burning", burning, trials, odds.Hit)
			}
			if odds.OnTarget != nil {
				systemstest.WithinFourSigma(t, "on target", onTarget, trials, *odds.OnTarget)
			}
			if odds.Covers != nil {
				systemstest.WithinFourSigma(t, "covers", covered, trials, *odds.Covers)
			}
			if odds.AttackerReroll != nil {
				systemstest.WithinFourSigma(t, "attacker reroll", attackerRerolls, trials, *odds.AttackerReroll)
			} else if attackerRerolls > 0 {
				t.Errorf("%d attacker rerolls without a command point", attackerRerolls)
			}
			if odds.DefenderReroll != nil {
				systemstest.WithinFourSigma(t, "defender reroll", defenderRerolls, trials, *odds.DefenderReroll)
			} else if defenderRerolls > 0 {
				t.Errorf("%d defender rerolls without a command point", defenderRerolls)
			}
			for _, pt := range odds.Wounds.Values {
				systemstest.WithinFourSigma(t, "wounds", wounds[pt.Value], trials, pt.P)
			}
		})
	}
}

func TestAttackValidation(t *testing.T) {
	base := AttackRequest{Attack: 3, Defense: 3, Damage: 4, Armour: 4}
	tests := []struct {
		name  string
		edit  func(*AttackRequest)
		field string
	}{
		{"no dice", func(r *AttackRequest) { r.Attack = 0 }, "attack"},
		{"bad mode", func(r *AttackRequest) { r.Mode = "artillery" }, "mode"},
		{"bad cover", func(r *AttackRequest) { r.Cover = "bush" }, "cover"},
		{"bad range", func(r *AttackRequest) { r.Range = "far" }, "range"},
		{"no armour", func(r *AttackRequest) { r.Armour = 0 }, "armour"},
		{"invisible direct", func(r *AttackRequest) { r.Cover = Invisible }, "cover"},
		{"too much ROF", func(r *AttackRequest) { r.ROF, r.ROFDamage, r.ROFArea = 2, 2, 1 }, "rof_area"},
		{"stealth indirect", func(r *AttackRequest) { r.Mode, r.Stealth = Indirect, 3 }, "stealth"},
		{"positive wound modifier", func(r *AttackRequest) { r.DefenderWounds = 2 }, "defender_wound_mod"},
		{"distance in a direct attack", func(r *AttackRequest) { r.TargetDistance = 2 }, "target_distance"},
		{"distance without an area", func(r *AttackRequest) { r.Mode, r.TargetDistance = Indirect, 2 }, "target_distance"},
		{"distance past the table", func(r *AttackRequest) { r.Mode, r.AE, r.TargetDistance = Indirect, 2, 100.5 }, "target_distance"},
		{"negative distance", func(r *AttackRequest) { r.Mode, r.AE, r.TargetDistance = Indirect, 2, -1 }, "target_distance"},
		{"tiny base", func(r *AttackRequest) { r.BaseRadius = 0.05 }, "base_radius"},
		{"huge base", func(r *AttackRequest) { r.BaseRadius = 6.5 }, "base_radius"},
		{"AE past 10", func(r *AttackRequest) { r.AE = 11 }, "ae"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := base
			tt.edit(&req)
			_, err := Resolve(t.Context(), req, dice.NewSeededSource(1))
			var fe *systems.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Errorf("err = %v, want a field error on %s", err, tt.field)
			}
		})
	}
}

func BenchmarkOpposedAttackOdds(b *testing.B) {
	req := AttackRequest{Attack: 6, Defense: 6, Cover: Soft, Damage: 6, ROF: 3, ROFDamage: 3, Armour: 5, Stealth: 4}
	for b.Loop() {
		r := req
		if _, err := OddsOf(b.Context(), &r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRolledAttack(b *testing.B) {
	req := AttackRequest{Attack: 6, Defense: 6, Cover: Soft, Damage: 6, ROF: 3, ROFDamage: 3, Armour: 5}
	src := dice.NewSeededSource(1)
	for b.Loop() {
		if _, err := Resolve(b.Context(), req, src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIndirectByHand: one die against one die, DAM 4 against armour 4.
// The aiming test passes on 5 and 6 (1/3). The damage step is the
// unmodified roll r against Def: hit when r > d, (r-1)/6 for a given r.
func TestIndirectByHand(t *testing.T) {
	base := AttackRequest{Mode: Indirect, Attack: 1, Defense: 1, Damage: 4, Armour: 4}
	tests := []struct {
		name                   string
		edit                   func(*AttackRequest)
		hit, onTarget, covers  float64
		attackerReroll, magEmp float64
	}{
		// No area: a scattered shot hits nobody, so only r = 5, 6 count:
		// (4 + 5)/36 = 1/4.
		{"no area", func(*AttackRequest) {}, 1. / 4, 1. / 3, 1. / 3, -1, 1. / 6},
		// AE 2 with the default base (reach 2.5): a scatter of 1 or 2 still
		// covers the model aimed at (1/3). r = 1..4: 1/6 · 1/3 · (r-1)/6,
		// r = 5, 6: 1/6 · (r-1)/6; 6/108 + 9/36 = 11/36.
		{"AE 2 on the model aimed at", func(r *AttackRequest) { r.AE = 2 }, 11. / 36, 1. / 3, 1./3 + 2./3*1/3, -1, 1. / 6},
		// The same through ROF on area (ROF 2 of 2: empty on 1-4).
		{"ROF on area", func(r *AttackRequest) { r.ROF, r.ROFArea = 2, 2 }, 11. / 36, 1. / 3, 1./3 + 2./3*1/3, -1, 4. / 6},
		// A command point rerolls a failed aim: P(final r) is 1/6 + 2/3·1/6
		// = 5/18 for r = 5, 6 and 1/9 below. No area: 5/18 · 9/6 = 5/12.
		// The magazine empties on a final 1: 1/9.
		{"no area, attacker reroll", func(r *AttackRequest) { r.AttackerReroll = true }, 5. / 12, 5. / 9, 5. / 9, 2. / 3, 1. / 9},
		// D = 3/4 from the aiming point, AE 1, base 1/4 (reach 5/4): on target
		// it is in the area; a scatter covers it 1/12 of the time (see
		// TestScatterByHand). r = 1..4: 1/6 · 1/12 · (r-1)/6 = 6/432;
		// r = 5, 6: 9/36. 1/72 + 1/4 = 19/72.
		{"off the aiming point", func(r *AttackRequest) { r.AE, r.TargetDistance, r.BaseRadius = 1, 0.75, 0.25 }, 19. / 72, 1. / 3, 1./3 + 2./3*1/12, -1, 1. / 6},
		// Out of reach on target (D = 2 > 1.25): only a scatter can reach it.
		// s = 1 lands within 1.25 when cos φ >= (1 + 4 - 25/16)/4 = 55/64;
		// checked against the arc's formula, not by hand.
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := base
			tt.edit(&req)
			odds, err := OddsOf(t.Context(), &req)
			if err != nil {
				t.Fatal(err)
			}
			if !near(odds.Hit, tt.hit) || !near(odds.Stun, tt.hit) {
				t.Errorf("hit %v stun %v, want %v", odds.Hit, odds.Stun, tt.hit)
			}
			if !near(*odds.OnTarget, tt.onTarget) || !near(*odds.Covers, tt.covers) {
				t.Errorf("on target %v covers %v, want %v and %v", *odds.OnTarget, *odds.Covers, tt.onTarget, tt.covers)
			}
			if !near(odds.MagazineEmpty, tt.magEmp) {
				t.Errorf("magazine empty %v, want %v", odds.MagazineEmpty, tt.magEmp)
			}
			if (odds.AttackerReroll == nil) != (tt.attackerReroll < 0) || (odds.AttackerReroll != nil && !near(*odds.AttackerReroll, tt.attackerReroll)) {
				t.Errorf("attacker reroll used %v, want %v", odds.AttackerReroll, tt.attackerReroll)
			}
			// A success level of k deals k wounds: P(k wounds) is the hit
			// chance's share of level k.
			sum := 0.0
			for _, pt := range odds.Wounds.Values {
				sum += pt.P
			}
			if !near(sum, 1) || !near(odds.MeanDamage, 4*odds.Wounds.Mean) {
				t.Errorf("wounds %+v (sum %v), mean damage %v", odds.Wounds, sum, odds.MeanDamage)
			}
		})
	}
	// The scatter with the defender beyond the area on target, against the
	// arc's closed form: s = 1 covers arccos(55/64)/π of the circle, s = 2
	// covers arccos((4+4-25/16)/8)/π, s = 3 arccos((9+4-25/16)/12)/π, more
	// is out of reach.
	req := base
	req.AE, req.TargetDistance, req.BaseRadius = 1, 2, 0.25
	odds, err := OddsOf(t.Context(), &req)
	if err != nil {
		t.Fatal(err)
	}
	scatter := (math.Acos(55./64) + math.Acos((8-25./16)/8) + math.Acos((13-25./16)/12)) / math.Pi / 6
	if want := 2. / 3 * scatter; !near(*odds.Covers, want) {
		t.Errorf("covers %v, want %v", *odds.Covers, want)
	}
	if want := scatter * 6. / 36; !near(odds.Hit, want) { // r = 1..4 only: Σ 1/6 · (r-1)/6 = 6/36
		t.Errorf("hit %v, want %v", odds.Hit, want)
	}
}

// TestCommandRerollByHand: one die against one die with no net modifier
// (hit when r > d), DAM 4 against armour 4.
func TestCommandRerollByHand(t *testing.T) {
	base := AttackRequest{Attack: 1, Defense: 1, Cover: Soft, Accuracy: 1, Damage: 4, Armour: 4}
	tests := []struct {
		name                 string
		attacker, defender   bool
		hit, used, defUsed   float64
		magazineEmpty, wound float64 // P(empty), P(exactly 1 wound)
	}{
		// No reroll: 15/36.
		{"none", false, false, 15. / 36, 0, 0, 1. / 6, 5. / 36},
		// The attacker rerolls when r <= d: for a given d, (6-d)/6 ·
		// (1 + d/6); Σ (36 - d²)/216 = 125/216. Used: 21/36. The magazine
		// empties on a final 1: a first 1 is always rerolled, so 21/36 · 1/6.
		// One wound: level 1 first (5/36), or a reroll (d from 1 to 5, r ≤ d)
		// then r = d+1: Σ d/36 · 1/6 = 15/216.
		{"attacker", true, false, 125. / 216, 21. / 36, 0, 7. / 72, 5./36 + 15./216},
		// The defender rerolls a hit: hit when r beats both d1 and d2,
		// Σ ((r-1)/6)² / 6 = 55/216. Used: 15/36.
		{"defender", false, true, 55. / 216, 0, 15. / 36, 1. / 6, -1},
		// Both, the attacker first: for d1, the attacker's final r is r1 or
		// (r1 <= d1) r2, hitting d1 with (6-d1)/6 · (1 + d1/6); the defender
		// then rerolls, and r must beat d2 too. Σ over d1 of (1 + d1/6)/6 ·
		// Σ_{r > d1} (r-1)/36 = (7·15 + 8·14 + 9·12 + 10·9 + 11·5)/1296 =
		// 470/1296 = 235/648.
		{"both", true, true, 235. / 648, 21. / 36, 125. / 216, 7. / 72, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := base
			req.AttackerReroll, req.DefenderReroll = tt.attacker, tt.defender
			odds, err := OddsOf(t.Context(), &req)
			if err != nil {
				t.Fatal(err)
			}
			if !near(odds.Hit, tt.hit) {
				t.Errorf("hit %v, want %v", odds.Hit, tt.hit)
			}
			if !near(odds.MagazineEmpty, tt.magazineEmpty) {
				t.Errorf("magazine empty %v, want %v", odds.MagazineEmpty, tt.magazineEmpty)
			}
			if tt.attacker != (odds.AttackerReroll != nil) || (tt.attacker && !near(*odds.AttackerReroll, tt.used)) {
				t.Errorf("attacker reroll used %v, want %v", odds.AttackerReroll, tt.used)
			}
			if tt.defender != (odds.DefenderReroll != nil) || (tt.defender && !near(*odds.DefenderReroll, tt.defUsed)) {
				t.Errorf("defender reroll used %v, want %v", odds.DefenderReroll, tt.defUsed)
			}
			sum := 0.0
			for _, pt := range odds.Wounds.Values {
				sum += pt.P
				if pt.Value == 1 && tt.wound >= 0 && !near(pt.P, tt.wound) {
					t.Errorf("P(1 wound) = %v, want %v", pt.P, tt.wound)
				}
				if pt.P < 0 {
					t.Errorf("P(%d wounds) = %v", pt.Value, pt.P)
				}
			}
			if !near(sum, 1) {
				t.Errorf("wounds sum to %v", sum)
			}
		})
	}
}
