package poolk6

import (
	"errors"
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
	const trials = 50_000
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			src := dice.NewSeededSource(11)
			r := req
			odds, err := OddsOf(t.Context(), &r)
			if err != nil {
				t.Fatal(err)
			}
			wounds := map[int]int{}
			var hits, stuns, dry, onTarget, burning int
			for range trials {
				res, err := Resolve(t.Context(), req, src)
				if err != nil {
					t.Fatal(err)
				}
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
				if res.Hit != (res.Damage > 0 || req.Damage+req.ROFDamage == 0) || len(res.Steps) < 2 {
					t.Fatalf("inconsistent result %+v", res)
				}
			}
			systemstest.WithinFourSigma(t, "hit", hits, trials, odds.Hit)
			systemstest.WithinFourSigma(t, "stun", stuns, trials, odds.Stun)
			systemstest.WithinFourSigma(t, "magazine empty", dry, trials, odds.MagazineEmpty)
			if req.Incendiary {
				systemstest.WithinFourSigma(t, "burning", burning, trials, odds.Hit)
			}
			if odds.OnTarget != nil {
				systemstest.WithinFourSigma(t, "on target", onTarget, trials, *odds.OnTarget)
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
