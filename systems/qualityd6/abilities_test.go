package qualityd6

import (
	"errors"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
	"kostka/systems/systemstest"
)

// pWound is the chance of at least one wound.
func pWound(t *testing.T, req AttackRequest) float64 {
	t.Helper()
	odds, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatalf("%+v: %v", req, err)
	}
	return 1 - odds.Wounds.Values[0].P
}

// TestNewAbilitiesByHand checks each new ability and modifier against
// fractions worked out by hand from seed 001's rule.
func TestNewAbilitiesByHand(t *testing.T) {
	one := func(q, d int, abilities []string, conds ...Condition) AttackRequest {
		return AttackRequest{Attacks: 1, Quality: q, Defense: d, Models: 5, Abilities: abilities, Conditions: conds}
	}
	tests := []struct {
		name string
		req  AttackRequest
		want float64 // P(at least one wound)
	}{
		// Hit on 2+ (5/6); defense 4+ fails on 1-3 (3/6).
		{"plain", one(2, 4, nil), 5. / 6 * 3 / 6},
		// Cierpliwy: +1 defense, 3+ fails on 1-2.
		{"Cierpliwy", one(2, 4, []string{"Cierpliwy"}, TargetNotActivated), 5. / 6 * 2 / 6},
		{"Cierpliwy, target activated", one(2, 4, []string{"Cierpliwy"}), 5. / 6 * 3 / 6},
		// Zwrot from the rear: -1 defense, 5+ fails on 1-4.
		{"Zwrot", one(2, 4, []string{"Zwrot"}, FromRear), 5. / 6 * 4 / 6},
		// Ostrożny: +1 to hit, 4+ becomes 3+ (4/6).
		{"Ostrożny", one(4, 4, []string{"ostrozny"}, NoEnemiesWithin12), 4. / 6 * 3 / 6},
		{"Ostrożny and -1 to hit", func() AttackRequest {
			r := one(4, 4, []string{"Cautious"}, NoEnemiesWithin12)
			r.HitModifier = -1
			return r
		}(), 3. / 6 * 3 / 6},
		// A modifier to hit of -3: 4+ needs 7, only the natural 6 hits.
		{"hit -3", func() AttackRequest { r := one(4, 4, nil); r.HitModifier = -3; return r }(), 1. / 6 * 3 / 6},
		// Defense +2: 5+ saves on 3+, fails on 1-2.
		{"defense +2", func() AttackRequest { r := one(2, 5, nil); r.DefenseModifier = 2; return r }(), 5. / 6 * 2 / 6},
		// Waagh! of the attacker: AP(1) becomes AP(0): 4+ fails on 1-3.
		{"Waagh! attacker", func() AttackRequest {
			r := one(2, 4, []string{"WAAGH"}, AttackerWaagh)
			r.AP = 1
			return r
		}(), 5. / 6 * 3 / 6},
		// ... and AP(0) becomes AP(-1): +1 to defense, 3+ fails on 1-2.
		{"Waagh! attacker AP(0)", one(2, 4, []string{"Waagh!"}, AttackerWaagh), 5. / 6 * 2 / 6},
		// Waagh! of the target: AP +1, 4+ fails on 1-4.
		{"Waagh! target", one(2, 4, []string{"Waagh!"}, TargetWaagh), 5. / 6 * 4 / 6},
		// Finezja: hit on 4+ (faces 4, 5, 6), defense 5+ fails on 1-4.
		// Face 4 is taken as the defense die: a wound. Faces 5 and 6
		// save, so the target rolls: 4/6. 1/6 + 2/6·4/6 = 14/36.
		{"Finezja", one(4, 5, []string{"Finesse"}), 1./6 + 2./6*4/6},
		// Finezja against defense 2+: a hit die never fails it (only a 1
		// fails, and a 1 does not hit): the target always rolls.
		{"Finezja, defense 2+", one(4, 2, []string{"Finezja"}), 3. / 6 * 1 / 6},
		// Finezja with Brutalny against defense 6+: faces 4 and 5 fail
		// it and are taken; a 6 still reaches 6+, so the target rolls
		// and fails on 1-5: 2/6 + 1/6·5/6.
		{"Finezja Brutalny", one(4, 6, []string{"Finezja", "Brutalny"}), 2./6 + 1./6*5/6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pWound(t, tt.req); !near(got, tt.want) {
				t.Errorf("P(wound) = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSpearhead: Szpica adds a hit per natural 6 against a target that has
// not activated, on top of Podwójny.
func TestSpearhead(t *testing.T) {
	tests := []struct {
		abilities []string
		conds     []Condition
		hits      int // hits from a natural 6 at Quality 6 (1/6)
	}{
		{[]string{"Szpica"}, nil, 1},
		{[]string{"Szpica"}, []Condition{TargetNotActivated}, 2},
		{[]string{"Spearhead", "Podwójny"}, []Condition{TargetNotActivated}, 3},
	}
	for _, tt := range tests {
		odds, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 6, Defense: 2, Models: 5, Abilities: tt.abilities, Conditions: tt.conds})
		if err != nil {
			t.Fatal(err)
		}
		h := odds.Hits.Values
		if len(h) != tt.hits+1 || !near(h[tt.hits].P, 1./6) || !near(h[0].P, 5./6) {
			t.Errorf("%v %v: hits %+v, want %d hits 1/6 of the time", tt.abilities, tt.conds, h, tt.hits)
		}
	}
}

// TestRegroupOutcome: one model of toughness 3 takes Zabójczy(2) from an
// attack hitting on 2+ against defense 6+: 2 wounds with chance 25/36,
// leaving it at 1 of 3 (not above half) after melee: three tests at
// Quality 4+ (each failed 1/2). The failures are binomial(3, 1/2).
func TestRegroupOutcome(t *testing.T) {
	base := AttackRequest{Attacks: 1, Quality: 2, Defense: 6, Deadly: 2, Models: 1, Toughness: 3, Melee: true, TargetQuality: 4}
	const p = 25. / 36
	tests := []struct {
		name                         string
		abilities                    []string
		failed                       []float64
		exhausted, pinned, destroyed float64
	}{
		{"plain", nil, []float64{11./36 + p/8, p * 3 / 8, p * 3 / 8, p / 8}, p * 6 / 8, p * 3 / 8, p / 8},
		// Nieustraszony tests only when not above half, which this is.
		{"Nieustraszony below half", []string{"Fearless"}, []float64{11./36 + p/8, p * 3 / 8, p * 3 / 8, p / 8}, p * 6 / 8, p * 3 / 8, p / 8},
		// Straceńczy: the same failures, no state from them.
		{"Straceńczy", []string{"Stracenczy"}, []float64{11./36 + p/8, p * 3 / 8, p * 3 / 8, p / 8}, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := base
			req.Abilities = tt.abilities
			odds, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			if !odds.Outcome {
				t.Fatal("no regroup outcome with the target's Quality given")
			}
			for f, want := range tt.failed {
				if got := odds.RegroupFailed.Values[f].P; !near(got, want) {
					t.Errorf("P(%d failed) = %v, want %v", f, got, want)
				}
			}
			if !near(odds.Exhausted, tt.exhausted) || !near(odds.Pinned, tt.pinned) || !near(odds.Destroyed, tt.destroyed) {
				t.Errorf("exhausted %v pinned %v destroyed %v; want %v %v %v", odds.Exhausted, odds.Pinned, odds.Destroyed, tt.exhausted, tt.pinned, tt.destroyed)
			}
		})
	}

	// Nieustraszony above half: 4 models of toughness 2 take at most one
	// wound: 7 of 8 left, no test at all.
	req := AttackRequest{Attacks: 1, Quality: 2, Defense: 6, Models: 4, Toughness: 2, TargetQuality: 4, Abilities: []string{"Nieustraszony"}}
	odds, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if r := odds.RegroupTests.Values; len(r) != 1 || !near(r[0].P, 1) {
		t.Errorf("Nieustraszony above half: regroup tests %+v, want none", r)
	}
	req.Abilities = nil
	if odds, _ := AttackOddsOf(t.Context(), req); !near(odds.RegroupTests.Values[1].P, 25./36) {
		t.Errorf("without Nieustraszony: regroup tests %+v, want one with 25/36", odds.RegroupTests.Values)
	}
	// A whole unit destroyed by the wounds counts as destroyed: Quality
	// 2, defense 6, one model of toughness 1: 25/36.
	req = AttackRequest{Attacks: 1, Quality: 2, Defense: 6, Models: 1, TargetQuality: 4}
	if odds, _ := AttackOddsOf(t.Context(), req); !near(odds.Destroyed, 25./36) || odds.Exhausted != 0 {
		t.Errorf("destroyed by wounds: %v, exhausted %v", odds.Destroyed, odds.Exhausted)
	}
	// Without the target's Quality there is no outcome in the answer.
	req.TargetQuality = 0
	if odds, _ := AttackOddsOf(t.Context(), req); odds.Outcome || len(odds.Entries()) != 4 {
		t.Errorf("outcome without the target's Quality: %+v", odds)
	}
}

// TestNewMechanicsMatchRoller holds the roller to the exact odds of the
// new abilities, the regroup failures included.
func TestNewMechanicsMatchRoller(t *testing.T) {
	reqs := map[string]AttackRequest{
		"spearhead finesse": {Attacks: 6, Quality: 4, Defense: 5, Models: 4, Toughness: 2, Melee: true, TargetQuality: 5,
			Abilities: []string{"Szpica", "Finezja", "Podwójny", "Zwrot"}, Conditions: []Condition{TargetNotActivated, FromRear}},
		"finesse disintegrate blast": {Attacks: 5, Quality: 3, Defense: 4, Blast: 3, Models: 6, TargetQuality: 3,
			Abilities: []string{"Finezja", "Dezintegracja", "Cierpliwy", "Ostrożny"}, Conditions: []Condition{TargetNotActivated, NoEnemiesWithin12}},
		"waagh modifiers fearless": {Attacks: 8, Quality: 4, Defense: 4, AP: 1, Models: 3, Toughness: 3, HitModifier: 1, DefenseModifier: -1, TargetQuality: 4,
			Abilities: []string{"Waagh!", "Nieustraszony"}, Conditions: []Condition{AttackerWaagh, TargetWaagh}},
		"finesse piercing cut": {Attacks: 6, Quality: 3, Defense: 6, Blast: 2, BlastCap: "literal", Models: 5, Toughness: 3, TargetQuality: 4,
			Abilities: []string{"Finezja", "Przebijająca", "Podwójny"}},
		"reckless": {Attacks: 6, Quality: 3, Defense: 5, Models: 2, Toughness: 2, Melee: true, TargetQuality: 5, Abilities: []string{"Straceńczy"}},
	}
	const trials = 40_000
	for name, req := range reqs {
		t.Run(name, func(t *testing.T) {
			odds, err := AttackOddsOf(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			if err := req.Normalize(); err != nil {
				t.Fatal(err)
			}
			src := dice.NewSeededSource(16)
			hits, wounds, failed := map[int]int{}, map[int]int{}, map[int]int{}
			states := map[string]int{}
			for range trials {
				res := req.roll(src)
				hits[res.Hits]++
				wounds[res.Wounds]++
				failed[res.RegroupFailed]++
				if res.ModelsKilled == req.Models {
					states["destroyed"]++
				} else {
					states[string(res.RegroupOutcome)]++
				}
			}
			for _, pt := range odds.Hits.Values {
				systemstest.WithinFourSigma(t, "hits", hits[pt.Value], trials, pt.P)
			}
			for _, pt := range odds.Wounds.Values {
				systemstest.WithinFourSigma(t, "wounds", wounds[pt.Value], trials, pt.P)
			}
			for _, pt := range odds.RegroupFailed.Values {
				systemstest.WithinFourSigma(t, "regroup failed", failed[pt.Value], trials, pt.P)
			}
			systemstest.WithinFourSigma(t, "exhausted", states["exhausted"]+states["pinned"], trials, odds.Exhausted)
			systemstest.WithinFourSigma(t, "pinned", states["pinned"], trials, odds.Pinned)
			systemstest.WithinFourSigma(t, "destroyed", states["destroyed"], trials, odds.Destroyed)
		})
	}
}

// TestOneVocabulary: every spelling the vocabulary knows is accepted by
// the attack (the number abilities point to their fields), the spellings
// that once only the points cost knew among them.
func TestOneVocabulary(t *testing.T) {
	for _, a := range vocab.All {
		for _, s := range append([]string{string(a.Name), a.En, vocab.Key(string(a.Name))}, a.Aliases...) {
			_, err := AttackOddsOf(t.Context(), AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, Abilities: []string{s}})
			_, isField := numberFields[a.Name]
			if _, inGroups := groupFields[a.Name]; inGroups {
				isField = true
			}
			var fe *systems.FieldError
			switch {
			case isField && (!errors.As(err, &fe) || fe.Field != "abilities[0]"):
				t.Errorf("%q: err = %v, want a field error pointing to its field", s, err)
			case !isField && err != nil:
				t.Errorf("%q refused: %v", s, err)
			}
		}
	}
	res, err := Attack(t.Context(), AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, Abilities: []string{"Sniper", "Overcharge", "maskowanie"}}, dice.NewSeededSource(1))
	if err != nil {
		t.Fatal(err)
	}
	notes := systemstest.Joined(res.Notes, l10n.Polish)
	for _, want := range []string{"Precyzyjny", "Maskowanie: nie wpływa na kości tego ataku."} {
		if !contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
}

// TestNewFieldErrors: the new fields' errors name the field.
func TestNewFieldErrors(t *testing.T) {
	tests := []struct {
		req   AttackRequest
		field string
	}{
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, TargetQuality: 1}, "target_quality"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, TargetQuality: 7}, "target_quality"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, HitModifier: 4}, "hit_modifier"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, DefenseModifier: -4}, "defense_modifier"},
		{AttackRequest{Attacks: 1, Quality: 4, Defense: 4, Models: 1, Abilities: []string{"Tarcza", "Zabójczy(2)"}}, "abilities[1]"},
	}
	for _, tt := range tests {
		_, err := AttackOddsOf(t.Context(), tt.req)
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: err = %v, want a field error on %s", tt.req, err, tt.field)
		}
	}
}

// TestFinesseInWorkEstimate: Finezja splits the hits into two kinds, as
// Dezintegracja does, and the estimate says so.
func TestFinesseInWorkEstimate(t *testing.T) {
	plain := AttackRequest{Attacks: 100, Quality: 3, Defense: 5, Blast: 3, Models: 20}
	fin := plain
	fin.Abilities = []string{"Finezja"}
	for _, r := range []*AttackRequest{&plain, &fin} {
		if err := r.Normalize(); err != nil {
			t.Fatal(err)
		}
	}
	ps, pb := plain.oddsCost()
	fs, fb := fin.oddsCost()
	if fs < 50*ps || fb <= pb {
		t.Errorf("Finezja: %d steps, %d bytes; without: %d steps, %d bytes: the second kind of hit is not counted", fs, fb, ps, pb)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
