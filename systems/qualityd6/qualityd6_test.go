package qualityd6

import (
	"errors"
	"math"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestSystemSchemas(t *testing.T) {
	systemstest.CheckSystem(t, System(), map[string]any{"test": TestRequest{}, "attack": AttackRequest{}, "recover": RecoverRequest{}})
}

func TestTestOddsByHand(t *testing.T) {
	tests := []struct {
		req  TestRequest
		want float64
	}{
		{TestRequest{Target: 4}, 3. / 6},
		{TestRequest{Target: 2, Modifier: -3}, 2. / 6}, // 5 and the natural 6
		{TestRequest{Target: 6, Modifier: 5}, 5. / 6},  // a natural 1 still fails
		{TestRequest{Target: 6, Modifier: -4}, 1. / 6}, // a natural 6 still succeeds
	}
	for _, tt := range tests {
		odds, err := TestOddsOf(t.Context(), tt.req)
		if err != nil || !near(odds.Success, tt.want) {
			t.Errorf("%+v: %v, %v; want %v", tt.req, odds.Success, err, tt.want)
		}
	}
}

// TestAttackByHand: one attack hitting on 4+ (1/2), a defense of 4+ failed
// on 1-3 (1/2): one wound a quarter of the time.
func TestAttackByHand(t *testing.T) {
	odds, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w := odds.Wounds.Values; len(w) != 2 || !near(w[1].P, 0.25) || !near(odds.ModelsKilled.Values[1].P, 0.25) {
		t.Errorf("wounds %+v, killed %+v", odds.Wounds, odds.ModelsKilled)
	}
	if res, _ := Attack(t.Context(), AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1}, dice.NewSeededSource(1)); res.Notes == nil {
		t.Error("notes are null; an answer without notes has an empty list")
	}

	// Cover when the hit already needs a 6: +1 defense instead. Quality 6
	// hits on a natural 6 only; defense 5 with +1 saves on 4+, and AP(1)
	// takes it back to 5+: fails on 1-4.
	odds, _ = AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 6, Defense: 5, AP: 1, Cover: true, Models: 1})
	if !near(odds.Wounds.Values[1].P, 1./6*4/6) {
		t.Errorf("cover as defense: P(wound) = %v, want %v", odds.Wounds.Values[1].P, 1./6*4/6)
	}

	// Deadly(3) against toughness 2: a failed defense deals 2 wounds.
	odds, _ = AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 2, Defense: 6, Deadly: 3, Toughness: 2, Models: 3})
	if w := odds.Wounds.Values; len(w) != 3 || w[1].P != 0 || !near(w[2].P, 5./6*5/6) {
		t.Errorf("deadly capped by toughness: %+v", w)
	}

	// Podwójny: a natural 6 to hit gives two hits. Quality 6: P(2 hits) = 1/6.
	odds, _ = AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 6, Defense: 2, Models: 5, Abilities: []string{"Podwójny"}})
	if h := odds.Hits.Values; len(h) != 3 || !near(h[2].P, 1./6) || h[1].P != 0 {
		t.Errorf("Podwójny hits %+v", h)
	}
}

func TestDisintegrateAndPiercing(t *testing.T) {
	// Quality 6 with Dezintegracja: the only hit, a 6, wounds with no roll.
	odds, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 6, Defense: 2, Models: 1, Abilities: []string{"Dezintegracja"}})
	if err != nil {
		t.Fatal(err)
	}
	if w := odds.Wounds.Values; len(w) != 2 || !near(w[1].P, 1./6) {
		t.Errorf("Dezintegracja: wounds %+v", w)
	}
	// Przebijająca: a hit on 2+ (5/6), defense 6+ failed on 1-5, each
	// dealing its face in wounds.
	odds, _ = AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 2, Defense: 6, Models: 3, Toughness: 2, Abilities: []string{"Piercing"}})
	w := odds.Wounds.Values
	if len(w) != 6 || !near(w[0].P, 1./6+5./36) {
		t.Fatalf("Przebijająca: wounds %+v", w)
	}
	for k := 1; k <= 5; k++ {
		if !near(w[k].P, 5./36) {
			t.Errorf("P(%d wounds) = %v, want 5/36", k, w[k].P)
		}
	}
	// Both: a 6 to hit deals 2 wounds with no roll.
	odds, _ = AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 6, Defense: 2, Models: 2, Abilities: []string{"Dezintegracja", "Przebijająca"}})
	if w := odds.Wounds.Values; len(w) != 3 || !near(w[2].P, 1./6) {
		t.Errorf("both: wounds %+v", w)
	}
	_, err = AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, Deadly: 2, Abilities: []string{"Przebijająca"}})
	var fe *systems.FieldError
	if !errors.As(err, &fe) || fe.Field != "abilities" {
		t.Errorf("Przebijająca with Zabójczy: err = %v", err)
	}
}

func TestBlastCap(t *testing.T) {
	tests := []struct {
		hits, blast, models int
		cap                 BlastCap
		want                int
	}{
		{1, 3, 10, "total", 3}, {5, 3, 10, "total", 10}, {12, 3, 10, "total", 12},
		{1, 3, 2, "total", 2}, {5, 3, 2, "per_hit", 10}, {5, 3, 10, "per_hit", 15},
		// The literal reading caps the hits at the models even below the
		// hits scored; "total" never removes a hit.
		{12, 3, 10, "literal", 10}, {5, 3, 2, "literal", 2}, {1, 3, 2, "literal", 2}, {5, 3, 2, "total", 5},
	}
	for _, tt := range tests {
		r := AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Blast: tt.blast, Models: tt.models, BlastCap: tt.cap}
		if err := r.Normalize(); err != nil {
			t.Fatal(err)
		}
		if got := r.effectiveHits(tt.hits, r.resolve()); got != tt.want {
			t.Errorf("%d hits, Blast(%d), %d models, %s: %d, want %d", tt.hits, tt.blast, tt.models, tt.cap, got, tt.want)
		}
	}
}

func TestAllocationAndRegroup(t *testing.T) {
	r := AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 5, Toughness: 3}
	_ = r.Normalize()
	tests := []struct{ wounds, killed, left, regroup int }{
		{0, 0, 0, 0}, {2, 0, 2, 1}, {7, 2, 1, 1}, {8, 2, 2, 2}, {15, 5, 0, 0}, {40, 5, 0, 0},
	}
	for _, tt := range tests {
		k, l, _ := r.allocate(tt.wounds)
		if k != tt.killed || l != tt.left || r.regroupTests(tt.wounds, k, l) != tt.regroup {
			t.Errorf("%d wounds: killed %d left %d regroup %d; want %d %d %d", tt.wounds, k, l, r.regroupTests(tt.wounds, k, l), tt.killed, tt.left, tt.regroup)
		}
	}
}

func TestAttackOddsMatchRoller(t *testing.T) {
	reqs := map[string]AttackRequest{
		"blast deadly": {Attacks: 6, Quality: 4, Defense: 5, AP: 1, Blast: 3, Deadly: 3, Models: 5, Toughness: 2, Cover: true},
		"abilities": {Attacks: 5, Quality: 5, Defense: 4, Models: 4, Toughness: 1, Charging: true, Fortified: true, TargetPinned: true,
			Abilities: []string{"Furia", "Impet", "Podwójny", "Niewrażliwy", "Przewidywalny", "Tarcza"}},
		"brutal swarm": {Attacks: 4, Quality: 3, Defense: 3, Blast: 2, Deadly: 2, Models: 3, Toughness: 2, Melee: true,
			Abilities: []string{"brutalny", "Swarm", "Reliable"}},
		"disintegrate piercing blast": {Attacks: 8, Quality: 4, Defense: 4, AP: 1, Blast: 2, Models: 6, Toughness: 3,
			Abilities: []string{"Dezintegracja", "Przebijająca", "Podwójny"}},
		"per hit blast": {Attacks: 3, Quality: 4, Defense: 4, Blast: 4, Models: 2, BlastCap: "per_hit", Abilities: []string{"Delikatny", "Namierzanie"}, Cover: true},
	}
	const trials = 40_000
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			odds, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(21)
			wounds, killed, regroup := map[int]int{}, map[int]int{}, map[int]int{}
			if err := req.Normalize(); err != nil {
				t.Fatal(err)
			}
			for range trials {
				res := req.roll(src)
				wounds[res.Wounds]++
				killed[res.ModelsKilled]++
				regroup[res.RegroupTests]++
			}
			for _, pt := range odds.Wounds.Values {
				systemstest.WithinFourSigma(t, "wounds", wounds[pt.Value], trials, pt.P)
			}
			for _, pt := range odds.ModelsKilled.Values {
				systemstest.WithinFourSigma(t, "models killed", killed[pt.Value], trials, pt.P)
			}
			for _, pt := range odds.RegroupTests.Values {
				systemstest.WithinFourSigma(t, "regroup tests", regroup[pt.Value], trials, pt.P)
			}
		})
	}
}

func TestAttackValidation(t *testing.T) {
	tests := []struct {
		req   AttackRequest
		field string
	}{
		{AttackRequest{Attacks: 0, Quality: 4, Defense: 4, Models: 1}, "attacks"},
		{AttackRequest{Attacks: 1, Quality: 7, Defense: 4, Models: 1}, "quality"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 0}, "models"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, BlastCap: "some"}, "blast_cap"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, Abilities: []string{"Tarcza", "Laser"}}, "abilities[1]"},
	}
	for _, tt := range tests {
		_, err := Attack(t.Context(), tt.req, dice.NewSeededSource(1))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: err = %v, want a field error on %s", tt.req, err, tt.field)
		}
	}
}

// TestWorkBudget: the largest legal attacks are refused before any work,
// with a 422 on attacks, and ordinary large ones are not.
func TestWorkBudget(t *testing.T) {
	huge := AttackRequest{Attacks: 200, Quality: 2, Defense: 6, Blast: 12, Models: 100, Toughness: 30, Charging: true,
		Abilities: []string{"Rój", "Podwójny", "Furia", "Dezintegracja", "Przebijająca"}}
	_, err := AttackOddsOf(t.Context(), huge)
	var fe *systems.FieldError
	if !errors.As(err, &fe) || fe.Field != "attacks" {
		t.Errorf("huge attack: err = %v, want a field error on attacks", err)
	}
	for _, ok := range []AttackRequest{
		{Attacks: 200, Quality: 4, Defense: 4, Models: 100, Toughness: 3, Abilities: []string{"Podwójny"}},
		{Attacks: 60, Quality: 3, Defense: 5, Blast: 6, Deadly: 3, Models: 20, Toughness: 3},
	} {
		if _, err := AttackOddsOf(t.Context(), ok); err != nil {
			t.Errorf("%+v refused: %v", ok, err)
		}
	}
}

func BenchmarkAttackOdds40BlastDeadly(b *testing.B) {
	req := AttackRequest{Attacks: 40, Quality: 4, Defense: 4, Blast: 3, Deadly: 3, Models: 10, Toughness: 3}
	for b.Loop() {
		if _, err := AttackOddsOf(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRolledAttack rolls the attack alone; BenchmarkAttack adds its
// odds, as the API answers.
func BenchmarkRolledAttack(b *testing.B) {
	req := AttackRequest{Attacks: 40, Quality: 4, Defense: 4, Blast: 3, Deadly: 3, Models: 10, Toughness: 3}
	if err := req.Normalize(); err != nil {
		b.Fatal(err)
	}
	src := dice.NewSeededSource(1)
	for b.Loop() {
		req.roll(src)
	}
}

func BenchmarkAttack(b *testing.B) {
	req := AttackRequest{Attacks: 40, Quality: 4, Defense: 4, Blast: 3, Deadly: 3, Models: 10, Toughness: 3}
	src := dice.NewSeededSource(1)
	for b.Loop() {
		if _, err := Attack(b.Context(), req, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLocalizeAttack renders an attack's answer in Polish, as the API
// does with every answer.
func BenchmarkLocalizeAttack(b *testing.B) {
	req := AttackRequest{Attacks: 40, Quality: 4, Defense: 4, Blast: 3, Deadly: 3, Models: 10, Toughness: 3, Abilities: []string{"Podwójny"}}
	res, err := Attack(b.Context(), req, dice.NewSeededSource(1))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		l10n.Localize(res, l10n.Polish)
	}
}

// TestNeeds: a test's target as answers write it.
func TestNeeds(t *testing.T) {
	for _, tt := range []struct {
		target, mod int
		want        string
	}{{4, 0, "4+"}, {5, -1, "5+ (-1)"}, {2, 2, "2+ (+2)"}, {6, -12, "6+ (-12)"}} {
		if got := needs(tt.target, tt.mod); got != tt.want {
			t.Errorf("needs(%d, %d) = %q, want %q", tt.target, tt.mod, got, tt.want)
		}
	}
}
