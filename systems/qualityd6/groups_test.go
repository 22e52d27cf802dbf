package qualityd6

import (
	"errors"
	"fmt"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

// pOf is the probability of value v in a distribution.
func pOf(d systems.Distribution, v int) float64 {
	for _, pt := range d.Values {
		if pt.Value == v {
			return pt.P
		}
	}
	return 0
}

// TestFinessePiercingByHand: Finezja with Przebijająca. Quality 3+ hits on
// 3-6; Defense 5+ fails on 1-4, and a rolled defense deals its face: on
// average (1+2+3+4)/6 = 5/3 wounds. The hit faces 3 and 4 fail the defense
// and deal more, so they are taken (3 and 4 wounds); 5 and 6 would save,
// so the target rolls.
func TestFinessePiercingByHand(t *testing.T) {
	req := AttackRequest{Attacks: 1, Quality: 3, Defense: 5, Models: 5, Toughness: 10, Abilities: []string{"Finezja", "Przebijająca"}}
	odds, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{
		0: 2./6 + 2./6*2/6, // a miss, or a rolled 5 or 6
		1: 2. / 6 / 6,
		2: 2. / 6 / 6,
		3: 1./6 + 2./6/6, // the taken 3, or a rolled 3
		4: 1./6 + 2./6/6,
	}
	for w, p := range want {
		if got := pOf(odds.Wounds, w); !near(got, p) {
			t.Errorf("P(%d wounds) = %v, want %v", w, got, p)
		}
	}
	if !near(odds.Wounds.Mean, 31./18) || !near(pOf(odds.Hits, 1), 4./6) {
		t.Errorf("mean wounds %v (want 31/18), P(1 hit) %v (want 2/3)", odds.Wounds.Mean, pOf(odds.Hits, 1))
	}
	// With Rój, Rozprysk(3) is not capped: a taken 4 becomes three hits of
	// 4 wounds; three rolled defenses give 12 only on three 4s.
	req.Blast, req.Abilities = 3, []string{"Finezja", "Przebijająca", "Rój"}
	odds, err = AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pOf(odds.Wounds, 12), 1./6+2./6/216; !near(got, want) {
		t.Errorf("Rój: P(12 wounds) = %v, want %v", got, want)
	}
	if got := pOf(odds.Hits, 3); !near(got, 4./6) {
		t.Errorf("Rój: P(3 hits) = %v, want 2/3", got)
	}
}

// TestFinessePiercingCutByHand: Finezja with Przebijająca under a capped
// Rozprysk(2) against 3 models. Quality 3+ and Defense 5+: a hit die of 3
// or 4 is taken (3 or 4 wounds), 5 or 6 is a normal hit whose defense die
// D deals 1 to 4 (1/6 each) or 0 (2/6), mean 5/3; 1 or 2 misses. One hit
// becomes 2 hits (2 <= 3 models); two become 3 (the cap). Of two dice
// (out of 36): a taken 3 and a taken 4 (2) make the copies 4, 4, 3, 3 and
// the attacker keeps 4 + 4 + 3 = 11; two taken 3s (1) keep 9, two 4s (1)
// 12; a taken face f and a normal hit (4 each) keep f, f and one normal
// hit: 2f + D; a miss and a taken f (4 each) give 2f; a miss and a normal
// (8) two rolls; two normals (4) three rolls. The mean is
// (24 + 32 + 8·10/3 + 9 + 12 + 22 + 4·23/3 + 4·29/3 + 4·5)/36 = 215/36, and
// 11 wounds come from 3 + 4 (2/36), 8 + D = 3 (4/36 · 1/6) and three rolls
// of 4, 4, 3 (4/36 · 3/216): 588/7776 = 49/648; 12 from two 4s (1/36),
// 8 + D = 4 (4/36 · 1/6) and three 4s (4/36 · 1/216).
func TestFinessePiercingCutByHand(t *testing.T) {
	for _, capping := range []BlastCap{BlastTotal, BlastLiteral} {
		req := AttackRequest{Attacks: 2, Quality: 3, Defense: 5, Blast: 2, BlastCap: capping, Models: 3, Toughness: 20,
			Abilities: []string{"Finezja", "Przebijająca"}}
		odds, err := AttackOddsOf(t.Context(), req)
		if err != nil {
			t.Fatal(err)
		}
		if !near(odds.Wounds.Mean, 215./36) {
			t.Errorf("%s: mean wounds %v, want 215/36", capping, odds.Wounds.Mean)
		}
		for w, want := range map[int]float64{11: 49. / 648, 12: 1./36 + 4./36/6 + 4./36/216, 0: 4./36 + 8./36*4/36 + 4./36*8/216} {
			if got := pOf(odds.Wounds, w); !near(got, want) {
				t.Errorf("%s: P(%d wounds) = %v, want %v", capping, w, got, want)
			}
		}
		if got := pOf(odds.Hits, 3); !near(got, 16./36) {
			t.Errorf("%s: P(3 hits) = %v, want 16/36", capping, got)
		}
	}
	// per_hit: every hit becomes 2 (no cut to choose), so the mean is
	// twice the unblasted 2 · (3/6 + 4/6 + 2/6 · 5/3) = 31/9.
	odds, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 2, Quality: 3, Defense: 5, Blast: 2, BlastCap: "per_hit", Models: 3,
		Toughness: 20, Abilities: []string{"Finezja", "Przebijająca"}})
	if err != nil {
		t.Fatal(err)
	}
	if !near(odds.Wounds.Mean, 62./9) {
		t.Errorf("per_hit: mean wounds %v, want 62/9", odds.Wounds.Mean)
	}
}

// TestGroupsByHand: a unit with a hero, wounds allocated as seed 001 says,
// checked against fractions worked out by hand.
func TestGroupsByHand(t *testing.T) {
	ctx := t.Context()
	two := []Group{{Count: 2, Toughness: 1}, {Count: 1, Toughness: 2, Hero: true}}
	t.Run("the attacker allocates the 1s", func(t *testing.T) {
		// Hit 5/6; defense 4+: a 1 is the attacker's wound, which defeats
		// a toughness-1 model (the hero needs 2); a 2 or 3 is the
		// defender's, too few for the hero's 2, so it stays on the unit.
		odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 4, Groups: two, TargetQuality: 5})
		if err != nil {
			t.Fatal(err)
		}
		if got := pOf(odds.ModelsKilled, 1); !near(got, 5./36) {
			t.Errorf("P(1 model defeated) = %v, want 5/36", got)
		}
		if got := pOf(odds.HeroesKilled, 0); !near(got, 1) {
			t.Errorf("P(no hero defeated) = %v, want 1", got)
		}
		// Either way 1 regroup test (3 of 4 toughness left), Quality 5.
		if !near(odds.Exhausted, 15./36*4/6) {
			t.Errorf("exhausted %v, want %v", odds.Exhausted, 15./36*4/6)
		}
	})
	t.Run("a hero's Quality", func(t *testing.T) {
		// The hero (Quality 3) stands in every outcome: the test fails 2/6.
		g := []Group{{Count: 2, Toughness: 1}, {Count: 1, Toughness: 2, Hero: true, Quality: 3}}
		odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 4, Groups: g, TargetQuality: 5})
		if err != nil {
			t.Fatal(err)
		}
		if !near(odds.Exhausted, 15./36*2/6) {
			t.Errorf("exhausted %v, want %v", odds.Exhausted, 15./36*2/6)
		}
	})
	t.Run("deadly by allocator", func(t *testing.T) {
		// Zabójczy(2): the attacker's 1 deals 2 (the highest toughness)
		// and defeats the hero first; the defender's 2 or 3 deals 1 (the
		// lowest). With the hero's Quality 2: the hero falls 5/36, and
		// then 2 tests at Quality 5 (2 of 4 toughness left); else 1
		// wound, 1 test at Quality 2 (10/36).
		g := []Group{{Count: 2, Toughness: 1}, {Count: 1, Toughness: 2, Hero: true, Quality: 2}}
		odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 4, Deadly: 2, Groups: g, TargetQuality: 5})
		if err != nil {
			t.Fatal(err)
		}
		checks := []struct {
			what      string
			got, want float64
		}{
			{"P(hero defeated)", pOf(odds.HeroesKilled, 1), 5. / 36},
			{"P(2 wounds)", pOf(odds.Wounds, 2), 5. / 36},
			{"P(1 wound)", pOf(odds.Wounds, 1), 10. / 36},
			{"exhausted", odds.Exhausted, 5./36*32/36 + 10./36/6},
			{"pinned", odds.Pinned, 5. / 36 * 16 / 36},
		}
		for _, c := range checks {
			if !near(c.got, c.want) {
				t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
			}
		}
	})
	t.Run("the defender must remove", func(t *testing.T) {
		// Defense 2+: only a 1 fails, and it is the defender's; Zabójczy(2)
		// deals 2 (the lowest toughness). 2 wounds stay on the unit (the
		// hero's 3 is the highest); 4 wounds (both attacks, 25/1296) force
		// a removal: a toughness-2 model (models_first, 2 wounds left) or
		// the hero (toughest_first, 1 wound left).
		g := []Group{{Count: 2, Toughness: 2}, {Count: 1, Toughness: 3, Hero: true}}
		for order, hero := range map[Removal]float64{ModelsFirst: 0, ToughestFirst: 25. / 1296} {
			odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 2, Quality: 2, Defense: 2, Deadly: 2, Groups: g, DefenderRemoves: order, TargetQuality: 4})
			if err != nil {
				t.Fatal(err)
			}
			if got := pOf(odds.ModelsKilled, 1); !near(got, 25./1296) {
				t.Errorf("%s: P(1 model defeated) = %v, want 25/1296", order, got)
			}
			if got := pOf(odds.HeroesKilled, 1); !near(got, hero) {
				t.Errorf("%s: P(hero defeated) = %v, want %v", order, got, hero)
			}
			// 3 of 7 toughness left after 4 wounds: 2 tests; 2 wounds
			// leave 5: 1 test.
			if got := pOf(odds.RegroupTests, 2); !near(got, 25./1296) {
				t.Errorf("%s: P(2 regroup tests) = %v, want 25/1296", order, got)
			}
		}
	})
	t.Run("the worst Defense", func(t *testing.T) {
		// The hero's Defense 5+ is the attacker's choice over the unit's 3+.
		g := []Group{{Count: 3, Toughness: 1}, {Count: 1, Toughness: 3, Defense: 5, Hero: true}}
		odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 3, Groups: g})
		if err != nil {
			t.Fatal(err)
		}
		if got := 1 - pOf(odds.Wounds, 0); !near(got, 5./6*4/6) {
			t.Errorf("P(a wound) = %v, want 20/36", got)
		}
	})
}

// TestOneGroupIsTheOldUnit: a unit given as one group answers exactly as
// the same unit given by models and toughness.
func TestOneGroupIsTheOldUnit(t *testing.T) {
	for i, req := range []AttackRequest{
		{Attacks: 10, Quality: 4, Defense: 5, AP: 1, Deadly: 3, Models: 5, Toughness: 3, TargetQuality: 4, Melee: true},
		{Attacks: 6, Quality: 3, Defense: 4, Blast: 3, Models: 6, Toughness: 2, Abilities: []string{"Precyzyjny", "Dezintegracja"}},
		{Attacks: 5, Quality: 3, Defense: 6, Models: 4, Toughness: 4, Abilities: []string{"Finezja", "Przebijająca"}, WoundsDealtBack: 2, TargetQuality: 3},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			plain, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			g := req
			g.Groups = []Group{{Count: req.Models, Toughness: req.Toughness}}
			g.Models, g.Toughness = 0, 0
			grouped, err := AttackOddsOf(t.Context(), g)
			if err != nil {
				t.Fatal(err)
			}
			pairs := []struct {
				what string
				a, b systems.Distribution
			}{{"wounds", plain.Wounds, grouped.Wounds}, {"killed", plain.ModelsKilled, grouped.ModelsKilled},
				{"regroup", plain.RegroupTests, grouped.RegroupTests}, {"failed", plain.RegroupFailed, grouped.RegroupFailed}}
			for _, p := range pairs {
				if len(p.a.Values) != len(p.b.Values) {
					t.Fatalf("%s: %v, grouped %v", p.what, p.a.Values, p.b.Values)
				}
				for j := range p.a.Values {
					if p.a.Values[j].Value != p.b.Values[j].Value || !near(p.a.Values[j].P, p.b.Values[j].P) {
						t.Errorf("%s: %v, grouped %v", p.what, p.a.Values[j], p.b.Values[j])
					}
				}
			}
			if !near(plain.Destroyed, grouped.Destroyed) || !near(plain.Pinned, grouped.Pinned) {
				t.Errorf("destroyed %v / %v, pinned %v / %v", plain.Destroyed, grouped.Destroyed, plain.Pinned, grouped.Pinned)
			}
		})
	}
}

// TestBodyguardByHand: Ochroniarz ("Bohater. Oddział może korzystać z
// twojej obrony. Kontrolujący nie może pokonywać innych modeli w
// oddziale."), checked against fractions worked out by hand.
func TestBodyguardByHand(t *testing.T) {
	ctx := t.Context()
	t.Run("the defender defeats the bodyguard first", func(t *testing.T) {
		// Two models of toughness 2 and a bodyguard of toughness 1, all
		// Defense 4+. Each of 2 attacks hits on 2+ (5/6); its defense
		// fails on 1 (the attacker's wound: 5/36), 2 or 3 (the
		// defender's: 10/36); otherwise nothing (21/36). Out of 1296:
		// (att 1, def 0) 210, (2, 0) 25, (1, 1) 100: the attacker defeats
		// the bodyguard with its wound; (0, 2) 100: the defender must
		// defeat a model (2 wounds, the toughest has 2) and may defeat
		// only the bodyguard, and the wound left stays on the unit;
		// (0, 1) 420 and (0, 0) 441: nobody.
		groups := []Group{{Count: 2, Toughness: 2}, {Count: 1, Toughness: 1, Hero: true, Bodyguard: true}}
		odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 2, Quality: 2, Defense: 4, Groups: groups})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pOf(odds.HeroesKilled, 1), 435./1296; !near(got, want) {
			t.Errorf("P(the bodyguard defeated) = %v, want 435/1296", got)
		}
		if got, want := pOf(odds.ModelsKilled, 1), 435./1296; !near(got, want) {
			t.Errorf("P(1 model defeated) = %v, want 435/1296", got)
		}
		if got := pOf(odds.ModelsKilled, 2); got != 0 {
			t.Errorf("P(2 models defeated) = %v, want 0", got)
		}
		// Without Ochroniarz the defender removes a model of toughness 2
		// on (0, 2) instead: the hero falls only to the attacker's wounds.
		groups[1].Bodyguard = false
		odds, err = AttackOddsOf(ctx, AttackRequest{Attacks: 2, Quality: 2, Defense: 4, Groups: groups})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pOf(odds.HeroesKilled, 1), 335./1296; !near(got, want) {
			t.Errorf("a plain hero: P(hero defeated) = %v, want 335/1296", got)
		}
	})
	t.Run("the unit uses the bodyguard's Defense", func(t *testing.T) {
		// Three models of Defense 5+ and a bodyguard of Defense 3+: the
		// unit tests 3+, so a hit (5/6) wounds on 1 or 2: 10/36. Without
		// Ochroniarz the attacker picks the worst, 5+: 20/36.
		groups := []Group{{Count: 3, Toughness: 1}, {Count: 1, Toughness: 3, Defense: 3, Hero: true, Bodyguard: true}}
		for _, tt := range []struct {
			bodyguard bool
			want      float64
		}{{true, 10. / 36}, {false, 20. / 36}} {
			groups[1].Bodyguard = tt.bodyguard
			odds, err := AttackOddsOf(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 5, Groups: groups})
			if err != nil {
				t.Fatal(err)
			}
			if got := pOf(odds.Wounds, 1); !near(got, tt.want) {
				t.Errorf("bodyguard %v: P(1 wound) = %v, want %v", tt.bodyguard, got, tt.want)
			}
		}
	})
	t.Run("notes and the abilities", func(t *testing.T) {
		res, err := Attack(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 5,
			Groups: []Group{{Count: 3}, {Count: 1, Toughness: 3, Defense: 3, Bodyguard: true}}}, dice.NewSeededSource(1))
		if err != nil {
			t.Fatal(err)
		}
		for lang, want := range map[l10n.Lang]string{l10n.English: "Bodyguard: the unit uses the bodyguard's Defense, 3+",
			l10n.Polish: "Ochroniarz: oddział korzysta z obrony ochroniarza, 3+", l10n.Czech: "Osobní strážce: jednotka používá obranu ochránce, 3+"} {
			if notes := systemstest.Joined(res.Notes, lang); !contains(notes, want) {
				t.Errorf("%s notes %q lack %q", lang, notes, want)
			}
		}
		_, err = AttackOddsOf(ctx, AttackRequest{Attacks: 1, Quality: 2, Defense: 5, Models: 1, Abilities: []string{"Bodyguard"}})
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != "abilities[0]" || !contains(fe.Detail.In(l10n.English), "hero's Bodyguard (Ochroniarz) true") {
			t.Errorf("Ochroniarz among the abilities: err = %v, want a field error naming the groups' field Bodyguard by its label", err)
		}
	})
}

// TestGroupsMatchRoller holds the grouped odds to the roller.
func TestGroupsMatchRoller(t *testing.T) {
	t.Parallel()
	reqs := map[string]AttackRequest{
		"hero deadly": {Attacks: 8, Quality: 3, Defense: 4, Deadly: 3, TargetQuality: 5, Melee: true,
			Groups: []Group{{Count: 5, Toughness: 1}, {Count: 1, Toughness: 4, Defense: 3, Hero: true, Quality: 3}}},
		"toughest first blast": {Attacks: 5, Quality: 4, Defense: 5, Blast: 3, DefenderRemoves: "toughest_first", TargetQuality: 4,
			Groups: []Group{{Count: 4, Toughness: 2}, {Count: 1, Toughness: 5, Hero: true}}},
		"precise finesse piercing": {Attacks: 6, Quality: 3, Defense: 6, TargetQuality: 4, Abilities: []string{"Precyzyjny", "Finezja", "Przebijająca"},
			Groups: []Group{{Count: 3, Toughness: 2}, {Count: 2, Toughness: 3, Hero: true, Quality: 2}}},
		"finesse piercing cut": {Attacks: 4, Quality: 3, Defense: 5, Blast: 3, TargetQuality: 4, Abilities: []string{"Finezja", "Przebijająca", "Podwójny"},
			Groups: []Group{{Count: 4, Toughness: 2}, {Count: 1, Toughness: 4, Hero: true}}},
		"bodyguard": {Attacks: 8, Quality: 3, Defense: 5, Deadly: 2, TargetQuality: 4,
			Groups: []Group{{Count: 4, Toughness: 2}, {Count: 1, Toughness: 3, Defense: 4, Hero: true, Bodyguard: true, Quality: 3}}},
	}
	const trials = 30_000
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			odds, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			if err := req.Normalize(); err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(61)
			hits, wounds, killed, heroes, failed := map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}
			destroyed := 0
			for range trials {
				res := req.roll(src)
				hits[res.Hits]++
				wounds[res.Wounds]++
				killed[res.ModelsKilled]++
				heroes[res.HeroesKilled]++
				failed[res.RegroupFailed]++
				if res.ModelsKilled == req.Models || res.RegroupOutcome == "destroyed" {
					destroyed++
				}
			}
			for what, d := range map[string]struct {
				dist systems.Distribution
				seen map[int]int
			}{"hits": {odds.Hits, hits}, "wounds": {odds.Wounds, wounds}, "killed": {odds.ModelsKilled, killed},
				"heroes": {odds.HeroesKilled, heroes}, "regroup failed": {odds.RegroupFailed, failed}} {
				for _, pt := range d.dist.Values {
					systemstest.WithinFourSigma(t, fmt.Sprint(what, " ", pt.Value), d.seen[pt.Value], trials, pt.P)
				}
			}
			systemstest.WithinFourSigma(t, "destroyed", destroyed, trials, odds.Destroyed)
		})
	}
}

// TestGroupsNotes: the readings a unit with a hero takes are in its notes,
// in every language.
func TestGroupsNotes(t *testing.T) {
	g := []Group{{Count: 5, Toughness: 1}, {Count: 1, Toughness: 3, Defense: 5, Hero: true, Quality: 3}}
	res, err := Attack(t.Context(), AttackRequest{Attacks: 6, Quality: 4, Defense: 4, Deadly: 2, Groups: g, TargetQuality: 5}, dice.NewSeededSource(3))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, n := range res.Notes {
		ids[n.ID()] = true
	}
	for _, id := range []string{"quality-d6.note.groups_allocation", "quality-d6.note.groups_defense", "quality-d6.note.hero_abilities",
		"quality-d6.note.hero_regroup", "quality-d6.note.deadly_groups"} {
		if !ids[id] {
			t.Errorf("no note %s in %v", id, ids)
		}
	}
	if pl := systemstest.Joined(res.Notes, l10n.Polish); !contains(pl, "Bohater") || !contains(pl, "5+") {
		t.Errorf("Polish notes: %s", pl)
	}
}

// TestGroupsErrors: the groups' errors name the field.
func TestGroupsErrors(t *testing.T) {
	tests := []struct {
		groups []Group
		field  string
	}{
		{[]Group{{Count: 61}}, "groups[0].count"},
		{[]Group{{Count: 1}, {Toughness: 31}}, "groups[1].toughness"},
		{[]Group{{Count: 1, Defense: 1}}, "groups[0].defense"},
		{[]Group{{Count: 1, Quality: 7, Hero: true}}, "groups[0].quality"},
		{[]Group{{Count: 60}, {Count: 41}}, "groups"},
		{[]Group{{Count: 10, Toughness: 12}, {Count: 1, Toughness: 1}}, "groups"},
		{[]Group{{}, {}, {}, {}, {}, {}}, "groups"},
	}
	for _, tt := range tests {
		_, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Groups: tt.groups})
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: err = %v, want a field error on %s", tt.groups, err, tt.field)
		}
	}
}
