package poolk6

import (
	"errors"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

// TestAreaOfOneIsAnAttack: an area attack on one model is the attack
// action: the same odds, from the same request.
func TestAreaOfOneIsAnAttack(t *testing.T) {
	reqs := map[string]AttackRequest{
		"direct":   {Attack: 3, Defense: 2, Cover: Hard, Damage: 5, Armour: 4, Stealth: 3, AttackerReroll: true, DefenderReroll: true},
		"indirect": {Mode: Indirect, Attack: 3, Defense: 2, Cover: Invisible, Accuracy: 1, Damage: 5, AE: 1, ROF: 2, ROFArea: 1, Armour: 4, DefenderReroll: true},
	}
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			area := AreaRequest{Mode: req.Mode, Attack: req.Attack, Accuracy: req.Accuracy, Damage: req.Damage, ROF: req.ROF, ROFArea: req.ROFArea,
				AE: req.AE, AttackerReroll: req.AttackerReroll,
				Defenders: []AreaDefender{{Defense: req.Defense, Cover: req.Cover, Armour: req.Armour, Stealth: req.Stealth, Reroll: req.DefenderReroll}}}
			one, err := OddsOf(t.Context(), &req)
			if err != nil {
				t.Fatal(err)
			}
			all, err := AreaOddsOf(t.Context(), &area)
			if err != nil {
				t.Fatal(err)
			}
			d := all.Defenders[0]
			if !near(d.Hit, one.Hit) || !near(d.MeanDamage, one.MeanDamage) || !near(all.MagazineEmpty, one.MagazineEmpty) ||
				!near(all.AnyHit, one.Hit) || !near(all.MeanWounds, one.Wounds.Mean) {
				t.Errorf("area %+v, attack %+v", all, one)
			}
			if (one.Covers == nil) != (d.Covers == nil) || (one.Covers != nil && !near(*one.Covers, *d.Covers)) {
				t.Errorf("covers %v and %v", one.Covers, d.Covers)
			}
		})
	}
}

// TestAreaByHand: one attack die against models with one Def die each, no
// net modifier (soft cover -1, Acc +1), DAM 4 against armour 4. For an
// attack roll r, each model is hit when r beats its own die: p = (r-1)/6.
func TestAreaByHand(t *testing.T) {
	model := AreaDefender{Defense: 1, Cover: Soft, Armour: 4}
	// Two models, one roll: both hit Σ p²/6 = 55/216, one of them
	// Σ 2p(1-p)/6 = 70/216, none Σ (1-p)²/6 = 91/216; two separate
	// attacks would hit both (15/36)² of the time.
	req := AreaRequest{Attack: 1, Accuracy: 1, Damage: 4, Defenders: []AreaDefender{model, model}}
	checkModelsHit(t, "two models", req, []float64{91. / 216, 70. / 216, 55. / 216})

	// The attacker rerolls an attack that hit nobody, and the models keep
	// their dice: nobody is hit when both rolls are at most the lower Def
	// die m, P(m) = (13 - 2m)/36, so Σ (13 - 2m)m²/1296 = 301/1296.
	req.AttackerReroll = true
	odds := checkModelsHit(t, "two models, attacker reroll", req, nil)
	if !near(odds.ModelsHit.Values[0].P, 301./1296) || !near(odds.AnyHit, 995./1296) {
		t.Errorf("nobody hit %v, want 301/1296", odds.ModelsHit.Values[0].P)
	}

	// Indirect with AE 2: the model aimed at (base 0.5, reach 2.5) and one
	// on the same spot with a base of 2" (reach 4). On target (r = 5, 6)
	// both are in the area; a scatter of 1-2 keeps both, 3-4 only the
	// second, 5-6 none. Both hit: Σ_{5,6} p²/6 + Σ_{1..4} p²/18 = 137/648;
	// one: 78/648 on target + 80/648 scattered = 158/648. Each alone:
	// 11/36 and 9/36 + 4/36 = 13/36.
	big := AreaDefender{Defense: 1, Armour: 4, BaseRadius: 2}
	ind := AreaRequest{Mode: Indirect, Attack: 1, Damage: 4, AE: 2, Defenders: []AreaDefender{{Defense: 1, Armour: 4}, big}}
	odds = checkModelsHit(t, "indirect", ind, []float64{1 - 295./648, 158. / 648, 137. / 648})
	if !near(odds.Defenders[0].Hit, 11./36) || !near(odds.Defenders[1].Hit, 13./36) {
		t.Errorf("each model hit %v and %v, want 11/36 and 13/36", odds.Defenders[0].Hit, odds.Defenders[1].Hit)
	}
	// The second model is in the area on target and after a scatter of 1-4:
	// 1/3 + 2/3 · 4/6 = 7/9. Wounds: a level k hit deals k, and one Def die
	// leaves r an expected (r-1)r/12 levels: on target (5, 6) 50/72 for
	// each model; scattered (r = 1..4, 20/12 levels in all) 1/18 · 20/12
	// for the first and 1/9 · 20/12 for the second: 5/3 together.
	if !near(*odds.Defenders[1].Covers, 7./9) || !near(odds.MeanWounds, 5./3) {
		t.Errorf("covers %v, mean wounds %v; want 7/9 and 5/3", *odds.Defenders[1].Covers, odds.MeanWounds)
	}
}

// checkModelsHit checks the distribution of models hit against want (when
// given) and that it sums to 1 and matches the defenders' own odds.
func checkModelsHit(t *testing.T, name string, req AreaRequest, want []float64) AreaOdds {
	t.Helper()
	odds, err := AreaOddsOf(t.Context(), &req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sum, mean, each := 0.0, 0.0, 0.0
	for _, pt := range odds.ModelsHit.Values {
		sum += pt.P
		mean += float64(pt.Value) * pt.P
		if want != nil && !near(pt.P, want[pt.Value]) {
			t.Errorf("%s: P(%d models hit) = %v, want %v", name, pt.Value, pt.P, want[pt.Value])
		}
	}
	for _, d := range odds.Defenders {
		each += d.Hit
	}
	if !near(sum, 1) || !near(mean, each) {
		t.Errorf("%s: models hit sum to %v, mean %v, the models' own hits %v", name, sum, mean, each)
	}
	return odds
}

func TestAreaOddsMatchRoller(t *testing.T) {
	reqs := map[string]AreaRequest{
		"direct": {Attack: 3, Accuracy: 1, Damage: 4, ROF: 2, ROFArea: 2, AttackerReroll: true, Defenders: []AreaDefender{
			{Defense: 2, Cover: Soft, Armour: 4, Stealth: 4, Reroll: true},
			{Defense: 3, Cover: Hard, Armour: 3, Crossfire: true},
			{Defense: 1, Armour: 6, Stunned: true, Reroll: true},
		}},
		"indirect": {Mode: Indirect, Attack: 2, Accuracy: 1, Damage: 6, AE: 2, ROF: 1, ROFArea: 1, AttackerReroll: true, Defenders: []AreaDefender{
			{Defense: 2, Armour: 4},
			{Defense: 2, Armour: 4, Distance: 2.5, Bearing: 30, Reroll: true},
			{Defense: 1, Armour: 2, Distance: 3.5, Bearing: 100, BaseRadius: 1},
			{Defense: 3, Armour: 4, Distance: 4, Bearing: -150},
		}},
	}
	const trials = 10_000 // each roll computes the exact odds too
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			r := req
			odds, err := AreaOddsOf(t.Context(), &r)
			if err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(5)
			modelsHit := map[int]int{}
			hits := make([]int, len(req.Defenders))
			inArea := make([]int, len(req.Defenders))
			wounds := make([]map[int]int, len(req.Defenders))
			for i := range wounds {
				wounds[i] = map[int]int{}
			}
			var dry, onTarget, rerolls int
			eachRoll(t, trials, func() (AreaResult, systems.Odds, error) {
				res, err := ResolveArea(t.Context(), req, src)
				return res, res.Odds, err
			}, odds.Entries(), func() AreaResult { return resolveArea(r, odds, src) }, func(res AreaResult) {
				modelsHit[res.ModelsHit]++
				for i, d := range res.Defenders {
					if d.Hit {
						hits[i]++
					}
					if d.InArea {
						inArea[i]++
					}
					wounds[i][d.Wounds]++
					if d.Hit != (d.SuccessLevel > 0) || (d.Defense == nil && d.Hit) {
						t.Fatalf("inconsistent model %d: %+v", i, d)
					}
				}
				if res.Ammo.MagazineEmpty {
					dry++
				}
				if res.Aim != nil && res.Aim.OnTarget {
					onTarget++
				}
				if res.AttackBeforeReroll != nil {
					rerolls++
				}
				if len(res.Steps) < len(req.Defenders)+2 { // the attack, a line per model, the ammunition
					t.Fatalf("steps %q", res.Steps)
				}
			})
			for _, pt := range odds.ModelsHit.Values {
				systemstest.WithinFourSigma(t, "models hit", modelsHit[pt.Value], trials, pt.P)
			}
			for i, d := range odds.Defenders {
				systemstest.WithinFourSigma(t, "model hit", hits[i], trials, d.Hit)
				if d.Covers != nil {
					systemstest.WithinFourSigma(t, "model in the area", inArea[i], trials, *d.Covers)
				}
				for _, pt := range d.Wounds.Values {
					systemstest.WithinFourSigma(t, "model's wounds", wounds[i][pt.Value], trials, pt.P)
				}
			}
			systemstest.WithinFourSigma(t, "magazine empty", dry, trials, odds.MagazineEmpty)
			systemstest.WithinFourSigma(t, "attacker reroll", rerolls, trials, *odds.AttackerReroll)
			if odds.OnTarget != nil {
				systemstest.WithinFourSigma(t, "on target", onTarget, trials, *odds.OnTarget)
			}
		})
	}
}

func TestAreaValidation(t *testing.T) {
	model := AreaDefender{Defense: 2, Armour: 4}
	base := AreaRequest{Attack: 3, Damage: 4, Defenders: []AreaDefender{model, model}}
	tests := []struct {
		name  string
		edit  func(*AreaRequest)
		field string
	}{
		{"no models", func(r *AreaRequest) { r.Defenders = nil }, "defenders"},
		{"too many models", func(r *AreaRequest) { r.Defenders = make([]AreaDefender, MaxDefenders+1) }, "defenders"},
		{"no dice", func(r *AreaRequest) { r.Attack = 0 }, "attack"},
		{"no armour", func(r *AreaRequest) { r.Defenders[1].Armour = 0 }, "defenders[1].armour"},
		{"no Def", func(r *AreaRequest) { r.Defenders[0].Defense = 13 }, "defenders[0].defense"},
		{"bad cover", func(r *AreaRequest) { r.Defenders[1].Cover = "bush" }, "defenders[1].cover"},
		{"invisible direct", func(r *AreaRequest) { r.Defenders[1].Cover = Invisible }, "defenders[1].cover"},
		{"Stealth on a bystander", func(r *AreaRequest) { r.Defenders[1].Stealth = 3 }, "defenders[1].stealth"},
		{"Stealth indirect", func(r *AreaRequest) { r.Mode, r.Defenders[0].Stealth = Indirect, 3 }, "defenders[0].stealth"},
		{"distance direct", func(r *AreaRequest) { r.Defenders[1].Distance = 2 }, "defenders[1].distance"},
		{"bearing direct", func(r *AreaRequest) { r.Defenders[1].Bearing = 20 }, "defenders[1].bearing"},
		{"aimed model away", func(r *AreaRequest) { r.Mode, r.AE, r.Defenders[0].Distance = Indirect, 2, 1 }, "defenders[0].distance"},
		{"distance without an area", func(r *AreaRequest) { r.Mode, r.Defenders[1].Distance = Indirect, 1 }, "defenders[1].distance"},
		{"bearing past a turn", func(r *AreaRequest) { r.Mode, r.AE, r.Defenders[1].Bearing = Indirect, 2, 361 }, "defenders[1].bearing"},
		{"base too small", func(r *AreaRequest) { r.Defenders[1].BaseRadius = 0.01 }, "defenders[1].base_radius"},
		{"too much ROF", func(r *AreaRequest) { r.ROF, r.ROFDamage, r.ROFArea = 1, 1, 1 }, "rof_area"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := base
			req.Defenders = append([]AreaDefender(nil), base.Defenders...)
			tt.edit(&req)
			_, err := ResolveArea(t.Context(), req, dice.NewSeededSource(1))
			var fe *systems.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Errorf("err = %v, want a field error on %s", err, tt.field)
			}
		})
	}
}

// TestAreaActionJSON: the area action through the system's JSON interface,
// as the API and the bot call it.
func TestAreaActionJSON(t *testing.T) {
	action := System().Actions["area"]
	body := []byte(`{"mode": "indirect", "attack": 3, "damage": 6, "ae": 2, "attacker_reroll": true,
		"defenders": [{"defense": 2, "armour": 4}, {"defense": 3, "armour": 5, "distance": 2.5, "bearing": 90, "base_radius": 1, "reroll": true}]}`)
	out, err := action.Roll(t.Context(), body, dice.NewSeededSource(4))
	if err != nil {
		t.Fatal(err)
	}
	res, ok := out.(*AreaResult)
	if !ok || len(res.Defenders) != 2 || len(res.Steps) < 4 {
		t.Fatalf("answer %+v", out)
	}
	for _, key := range []string{"models_hit", "any_hit", "on_target", "attacker_reroll_used", "defenders[1].hit", "defenders[1].covers",
		"defenders[1].defender_reroll_used", "defenders[0].wounds"} {
		if _, ok := res.Odds.Get(key); !ok {
			t.Errorf("no odds entry %s", key)
		}
	}
	if e, _ := res.Odds.Get("mean_wounds"); e.Kind != systems.KindMean {
		t.Errorf("mean wounds are a %s", e.Kind)
	}
	for field, want := range map[string]string{"defenders": "Modele na obszarze", "defenders[1].armour": "Pancerz", "defenders[0].base_radius": "Promień podstawki (cale)"} {
		if got := action.Label(field, l10n.Polish); got != want {
			t.Errorf("the Polish label of %s is %q, want %q", field, got, want)
		}
	}
	if _, err := action.Odds(t.Context(), []byte(`{"attack": 3, "damage": 6, "defenders": [{"defense": 2, "armour": 0}]}`)); err == nil {
		t.Error("a model without armour was accepted")
	}
}

// BenchmarkAreaOdds: three models, both command points, Stealth on the
// model attacked: the costliest direct case (the attacker's reroll
// conditions every model's Def roll).
func BenchmarkAreaOdds(b *testing.B) {
	req := AreaRequest{Attack: 4, Accuracy: 1, Damage: 4, ROF: 2, ROFArea: 2, AttackerReroll: true, Defenders: []AreaDefender{
		{Defense: 3, Cover: Soft, Armour: 4, Stealth: 4, Reroll: true},
		{Defense: 3, Cover: Hard, Armour: 3},
		{Defense: 2, Armour: 6, Reroll: true},
	}}
	for b.Loop() {
		r := req
		r.Defenders = append([]AreaDefender(nil), req.Defenders...)
		if _, err := AreaOddsOf(b.Context(), &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScatteredAreaOdds: indirect fire on six models spread around
// the aiming point (the scatter's pieces of the circle for each distance).
func BenchmarkScatteredAreaOdds(b *testing.B) {
	req := AreaRequest{Mode: Indirect, Attack: 3, Damage: 6, AE: 3, AttackerReroll: true}
	for i := range 6 {
		req.Defenders = append(req.Defenders, AreaDefender{Defense: 3, Armour: 4, Distance: float64(i), Bearing: float64(60 * i)})
	}
	for b.Loop() {
		r := req
		r.Defenders = append([]AreaDefender(nil), req.Defenders...)
		if _, err := AreaOddsOf(b.Context(), &r); err != nil {
			b.Fatal(err)
		}
	}
}
