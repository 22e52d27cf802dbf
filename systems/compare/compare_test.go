package compare_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/catalog"
	"kostka/systems/compare"
	"kostka/systems/qualityd6"
	"kostka/systems/qualityd6/cost"
)

func side(t testing.TB, s string) compare.Side {
	t.Helper()
	var out compare.Side
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// randomSides are attackers and targets of each system drawn from a seeded
// PCG.
func randomSides(r *rand.Rand, system string) (attackers, targets []string) {
	for range 2 + r.IntN(3) {
		var a string
		switch system {
		case "quality-d6":
			// A card of a ranged Rifle, a melee Sword and a Gun of
			// either kind, shooting or in melee: the pair fires the
			// weapons of its kind.
			a = fmt.Sprintf(`{"name":"a%d","quality":%d,"defense":%d,"models":%d,"toughness":1,"melee":%t,"weapons":[{"name":"Rifle","attacks":%d,"ap":%d,"range":24},{"name":"Gun","attacks":%d,"ap":%d,"deadly":%d,"range":%q},{"name":"Sword","attacks":%d,"ap":%d,"range":"melee"}]}`,
				r.IntN(100), 2+r.IntN(5), 2+r.IntN(5), 1+r.IntN(10), r.IntN(2) == 0, 1+r.IntN(10), r.IntN(3), 1+r.IntN(4), r.IntN(4), 1+r.IntN(3),
				[]string{"melee", "12"}[r.IntN(2)], 1+r.IntN(4), r.IntN(2))
		case "pool-k6":
			a = fmt.Sprintf(`{"name":"a%d","attack":%d,"damage":%d,"points":%d}`, r.IntN(100), 1+r.IntN(6), 1+r.IntN(20), 10+r.IntN(90))
		case "wzr-d20":
			a = fmt.Sprintf(`{"name":"a%d","skill":%d,"rate":%d,"strength":%d,"points":%d}`, r.IntN(100), 5+r.IntN(10), 1+r.IntN(4), 8+r.IntN(8), 10+r.IntN(90))
		case "fantasy-k6":
			a = fmt.Sprintf(`{"name":"a%d","attacks":%d,"accuracy":%d}`, r.IntN(100), 1+r.IntN(4), 1+r.IntN(5))
		}
		attackers = append(attackers, a)
	}
	for range 1 + r.IntN(3) {
		var t string
		switch system {
		case "quality-d6":
			t = fmt.Sprintf(`{"name":"t%d","defense":%d,"models":%d,"toughness":%d}`, r.IntN(100), 2+r.IntN(5), 1+r.IntN(10), 1+r.IntN(3))
		case "pool-k6":
			t = fmt.Sprintf(`{"name":"t%d","defense":%d,"armour":%d,"wounds":%d}`, r.IntN(100), 1+r.IntN(6), 1+r.IntN(12), 1+r.IntN(3))
		case "wzr-d20":
			t = fmt.Sprintf(`{"name":"t%d","armour":%d,"wounds":%d}`, r.IntN(100), r.IntN(15), 1+r.IntN(3))
		case "fantasy-k6":
			t = fmt.Sprintf(`{"name":"t%d","save":%d,"pain":%d}`, r.IntN(100), r.IntN(5), 1+r.IntN(5))
		}
		targets = append(targets, t)
	}
	return attackers, targets
}

// TestPairsEqualSingleAttacks checks, over random pairs of every system,
// that each pair's figures are the single attack's odds, and quality-d6's
// points are its cost formula's for the attacker's card. A quality-d6
// single attack is built apart from the comparison (singleAttack: the
// card fired by qualityd6.FiredWeapons), and the comparison's own pair
// request (Pairs) must have its odds too; another system's is the pair's.
func TestPairsEqualSingleAttacks(t *testing.T) {
	ctx := context.Background()
	reg := catalog.Registry()
	r := rand.New(rand.NewPCG(38, 35))
	for system := range compare.Specs {
		sys, _ := reg.Get(system)
		for n := range 15 {
			t.Run(fmt.Sprintf("%s/%d", system, n), func(t *testing.T) {
				as, ts := randomSides(r, system)
				var req compare.Request
				for _, a := range as {
					req.Attackers = append(req.Attackers, side(t, a))
				}
				for _, x := range ts {
					req.Targets = append(req.Targets, side(t, x))
				}
				res, err := compare.Compare(ctx, sys, req, nil)
				if err != nil {
					t.Fatalf("%v\n%s\n%s", err, as, ts)
				}
				pairs, err := compare.Pairs(ctx, sys, req, nil)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Results) != len(as)*len(ts) || len(pairs) != len(res.Results) {
					t.Fatalf("%d results, %d pairs for %d×%d", len(res.Results), len(pairs), len(as), len(ts))
				}
				for k, got := range res.Results {
					one := pairs[k]
					if system == qualityd6.ID {
						one = singleAttack(t, sys, as[k/len(ts)], ts[k%len(ts)])
					}
					odds, err := sys.Actions["attack"].Odds(ctx, one)
					if err != nil {
						t.Fatalf("%s: %v", one, err)
					}
					pairOdds, err := sys.Actions["attack"].Odds(ctx, pairs[k])
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(odds, pairOdds) {
						t.Errorf("the pair's request %s has other odds than the single attack %s", pairs[k], one)
					}
					w, _ := odds.Get("wounds")
					if !equalDist(got.Wounds, *w.Distribution) {
						t.Errorf("%s→%s: wounds %v, the single attack's %v", got.Attacker, got.Target, got.Wounds, *w.Distribution)
					}
					if k, ok := odds.Get("models_killed"); ok {
						if !equalDist(got.ModelsKilled, *k.Distribution) {
							t.Errorf("models killed %v, the single attack's %v", got.ModelsKilled, *k.Distribution)
						}
					} else if rm, ok := odds.Get("removed"); ok && *rm.Value != got.WipeOut {
						t.Errorf("wipe out %v, the single attack's removed %v", got.WipeOut, *rm.Value)
					}
					if got.WipeOut < 0 || got.WipeOut > 1 {
						t.Errorf("wipe out %v", got.WipeOut)
					}
					if system == "quality-d6" {
						var a map[string]json.RawMessage
						_ = json.Unmarshal([]byte(as[k/len(ts)]), &a)
						delete(a, "name")
						delete(a, "melee")
						b, _ := json.Marshal(a)
						priced, err := cost.Pricer{}.Price(ctx, b)
						if err != nil {
							t.Fatal(err)
						}
						pts := float64(priced.Points().Total)
						if got.Points == nil || *got.Points != pts {
							t.Fatalf("points %v, the cost formula's %v", got.Points, pts)
						}
						if want := systems.Round(got.ModelsKilled.Mean * 100 / pts); *got.ModelsKilledPer100 != want {
							t.Errorf("models killed per 100 points %v, want %v", *got.ModelsKilledPer100, want)
						}
					}
				}
			})
		}
	}
}

// singleAttack is the quality-d6 attack request of attacker against
// target (sides as JSON, without points) built apart from the
// comparison, by the rules it reads: the attacker's fields but its name
// and those that name a target's in the attack (sys.TargetFields' values:
// its own defense, models, toughness), its weapons fired by its models
// (qualityd6.FiredWeapons; one model unless given), and the target's
// fields under the attack fields they stand for (quality as
// target_quality).
func singleAttack(t *testing.T, sys *systems.System, attacker, target string) []byte {
	t.Helper()
	var a, x map[string]json.RawMessage
	if err := json.Unmarshal([]byte(attacker), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(target), &x); err != nil {
		t.Fatal(err)
	}
	req := map[string]any{}
	for k, v := range a {
		req[k] = v
	}
	if _, ok := a["weapons"]; ok {
		var card struct {
			Models  *int
			Melee   bool
			Weapons []qualityd6.Weapon
		}
		if err := json.Unmarshal([]byte(attacker), &card); err != nil {
			t.Fatal(err)
		}
		models := 1
		if card.Models != nil {
			models = *card.Models
		}
		fired, err := qualityd6.FiredWeapons(models, card.Weapons, card.Melee)
		if err != nil {
			t.Fatal(err)
		}
		req["weapons"] = fired
	}
	delete(req, "name")
	for _, to := range sys.TargetFields {
		delete(req, to)
	}
	for from, to := range sys.TargetFields {
		if v, ok := x[from]; ok {
			req[to] = v
		}
	}
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func equalDist(a, b systems.Distribution) bool {
	if a.Mean != b.Mean || len(a.Values) != len(b.Values) {
		return false
	}
	for i := range a.Values {
		if a.Values[i] != b.Values[i] {
			return false
		}
	}
	return true
}

// TestByHand checks one comparison against fractions worked by hand: a
// quality-d6 attacker of 6 attacks, Quality 4+, against ten models of
// Defense 4+ and Toughness 1 kills a model for each unsaved hit,
// probability 1/4 each: mean 6/4, P(none) (3/4)^6.
func TestByHand(t *testing.T) {
	sys, _ := catalog.Registry().Get("quality-d6")
	req := compare.Request{
		Attackers: []compare.Side{side(t, `{"name":"A","attacks":6,"quality":4,"defense":5}`), side(t, `{"name":"B","attacks":1,"quality":6,"defense":5,"points":50}`)},
		Targets:   []compare.Side{side(t, `{"name":"T","defense":4,"models":10,"toughness":1}`), side(t, `{"preset":"vehicle"}`)},
	}
	res, err := compare.Compare(context.Background(), sys, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := res.Results[0]
	if a.Attacker != "A" || a.Target != "T" || a.ModelsKilled.Mean != 1.5 || a.ModelsKilled.Values[0].P != systems.Round(729.0/4096) && a.ModelsKilled.Values[0].P != 729.0/4096 {
		t.Errorf("A→T: %+v", a)
	}
	if a.WipeOut != 0 || a.Points != nil {
		t.Errorf("A→T wipe out %v, points %v", a.WipeOut, a.Points)
	}
	b := res.Results[2]
	if *b.Points != 50 || *b.WoundsPer100 != systems.Round(b.Wounds.Mean*2) {
		t.Errorf("B→T: %+v", b)
	}
	if res.Results[1].Target != "Vehicle (1 model, Toughness 6, Defense 2+)" || len(res.Rules) == 0 {
		t.Errorf("the preset: %q, rules %v", res.Results[1].Target, res.Rules)
	}
	// Neither wipes T out; B has points, A none, so B ranks first.
	if got := res.Ranked(0); got[0].Attacker != "B" {
		t.Errorf("ranked: %v first", got[0].Attacker)
	}
}

// TestCardFiresByModels checks the one rule of a quality-d6 attacker with
// weapons: it is a unit card, each weapon's attacks each model's, as the
// cost formula reads them. A card of 5 models with a weapon of 2 attacks
// gives exactly the single attack of that weapon with 10 attacks, and the
// cost formula's points of the card, 5 models of 2 attacks each; an
// attacker of flat attacks (no weapons) gives the attack's total, whatever
// its models.
func TestCardFiresByModels(t *testing.T) {
	ctx := context.Background()
	sys, _ := catalog.Registry().Get("quality-d6")
	card := `{"models":5,"quality":4,"defense":4,"toughness":1,"weapons":[{"name":"Rifle","attacks":2,"range":24,"ap":1}]}`
	req := compare.Request{
		Attackers: []compare.Side{
			side(t, `{"name":"Card","models":5,"quality":4,"defense":4,"toughness":1,"weapons":[{"name":"Rifle","attacks":2,"range":24,"ap":1}]}`),
			side(t, `{"name":"Flat","models":5,"quality":4,"attacks":10,"ap":1}`),
		},
		Targets: []compare.Side{side(t, `{"name":"T","defense":4,"models":10,"toughness":1,"quality":4}`), side(t, `{"name":"U","defense":3,"models":3,"toughness":3}`)},
	}
	res, err := compare.Compare(ctx, sys, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	priced, err := cost.Pricer{}.Price(ctx, []byte(card))
	if err != nil {
		t.Fatal(err)
	}
	points := float64(priced.Points().Total)
	for j, single := range []string{
		`{"quality":4,"weapons":[{"attacks":10,"ap":1}],"defense":4,"models":10,"toughness":1,"target_quality":4}`,
		`{"quality":4,"weapons":[{"attacks":10,"ap":1}],"defense":3,"models":3,"toughness":3}`,
	} {
		odds, err := sys.Actions["attack"].Odds(ctx, []byte(single))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := odds.Get("wounds")
		k, _ := odds.Get("models_killed")
		for _, got := range []compare.Pair{res.Results[j], res.Results[len(req.Targets)+j]} {
			if !reflect.DeepEqual(got.Wounds, *w.Distribution) || !reflect.DeepEqual(got.ModelsKilled, *k.Distribution) {
				t.Errorf("%s→%s: wounds %v, models killed %v; the single attack of 10 attacks %v, %v",
					got.Attacker, got.Target, got.Wounds, got.ModelsKilled, *w.Distribution, *k.Distribution)
			}
		}
		got := res.Results[j]
		if got.Points == nil || *got.Points != points {
			t.Fatalf("%s's points %v, the cost formula's %v for the card", got.Attacker, got.Points, points)
		}
		if *got.ModelsKilledPer100 != systems.Round(k.Distribution.Mean*100/points) || *got.WoundsPer100 != systems.Round(w.Distribution.Mean*100/points) {
			t.Errorf("per 100 points: models killed %v, wounds %v; the single attack's means %v and %v over %v points",
				*got.ModelsKilledPer100, *got.WoundsPer100, k.Distribution.Mean, w.Distribution.Mean, points)
		}
		if flat := res.Results[len(req.Targets)+j]; flat.Points != nil {
			t.Errorf("the flat attacker has points %v", *flat.Points)
		}
	}
	// 2 attacks of 4+ with AP(1) against Defense 4+ kill 2 × 1/2 × 2/3 of
	// a model on average; 10 attacks, five times that.
	if m := res.Results[0].ModelsKilled.Mean; math.Abs(m-10.0/3) > 1e-12 {
		t.Errorf("Card→T kills %v models on average, want 10/3", m)
	}
}

func TestRefused(t *testing.T) {
	reg := catalog.Registry()
	a := `{"name":"A","attacks":6,"quality":4,"defense":5}`
	tg := `{"name":"T","defense":4}`
	for _, tc := range []struct {
		name, system       string
		attackers, targets []string
		action, field      string
	}{
		{"one attacker", "quality-d6", []string{a}, []string{tg}, "", "attackers"},
		{"five attackers", "quality-d6", []string{a, a, a, a, a}, []string{tg}, "", "attackers"},
		{"four targets", "quality-d6", []string{a, a}, []string{tg, tg, tg, tg}, "", "targets"},
		{"no name", "quality-d6", []string{a, `{"attacks":1,"quality":4}`}, []string{tg}, "", "attackers[1].name"},
		{"an attacker's field", "quality-d6", []string{a, `{"name":"B","attacks":0,"quality":4}`}, []string{tg}, "", "attackers[1].attacks"},
		{"a target's field", "quality-d6", []string{a, a}, []string{`{"name":"T","defense":9}`}, "", "targets[0].defense"},
		{"not a target field", "quality-d6", []string{a, a}, []string{`{"name":"T","attacks":3}`}, "", "targets[0].attacks"},
		{"a saved unit without a store", "quality-d6", []string{a, `{"unit":"Rangers"}`}, []string{tg}, "", "attackers[1].unit"},
		{"an unknown preset", "quality-d6", []string{a, a}, []string{`{"preset":"dragon"}`}, "", "targets[0].preset"},
		{"an action that is no attack", "quality-d6", []string{a, a}, []string{tg}, "test", "action"},
		{"a card firing more than an attack", "quality-d6", []string{a, `{"name":"B","quality":4,"models":10,"melee":true,"weapons":[{"attacks":2},{"attacks":30}]}`}, []string{tg}, "", "attackers[1].weapons[1].attacks"},
		{"a card of no models", "quality-d6", []string{`{"name":"B","quality":4,"models":0,"weapons":[{"attacks":2}]}`, a}, []string{tg}, "", "attackers[0].models"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys, _ := reg.Get(tc.system)
			req := compare.Request{Action: tc.action}
			for _, x := range tc.attackers {
				req.Attackers = append(req.Attackers, side(t, x))
			}
			for _, x := range tc.targets {
				req.Targets = append(req.Targets, side(t, x))
			}
			_, err := compare.Compare(context.Background(), sys, req, nil)
			var fe *systems.FieldError
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Fatalf("error %v, want a field error on %s", err, tc.field)
			}
		})
	}
}

// TestPresets checks that every preset target cites a section of the
// rulebooks, is named in pl, cs and en, and is accepted by its system's
// attack.
func TestPresets(t *testing.T) {
	reg := catalog.Registry()
	attackers := map[string][]string{
		"quality-d6": {`{"name":"A","attacks":6,"quality":4}`, `{"name":"B","attacks":2,"quality":3,"ap":2}`},
		"pool-k6":    {`{"name":"A","attack":4,"damage":8}`, `{"name":"B","attack":3,"damage":16}`},
		"wzr-d20":    {`{"name":"A","skill":12,"rate":2,"strength":12}`, `{"name":"B","skill":10,"rate":4,"strength":10}`},
		"fantasy-k6": {`{"name":"A","attacks":2}`, `{"name":"B","attacks":1,"mode":"melee"}`},
	}
	for system := range compare.Specs {
		sys, _ := reg.Get(system)
		if len(compare.Presets[system]) < 2 {
			t.Errorf("%s: %d presets", system, len(compare.Presets[system]))
		}
		req := compare.Request{}
		for _, a := range attackers[system] {
			req.Attackers = append(req.Attackers, side(t, a))
		}
		for _, p := range compare.Presets[system] {
			if _, ok := systems.Section(p.Rule); !ok {
				t.Errorf("%s/%s cites %q, no section", system, p.ID, p.Rule)
			}
			for lang, name := range map[string]string{"pl": p.Name.Pl, "cs": p.Name.Cs, "en": p.Name.En} {
				if name == "" {
					t.Errorf("%s/%s has no %s name", system, p.ID, lang)
				}
			}
			req.Targets = append(req.Targets, compare.Side{Preset: p.ID})
		}
		res, err := compare.Compare(context.Background(), sys, req, nil)
		if err != nil {
			t.Fatalf("%s: %v", system, err)
		}
		for _, p := range res.Results {
			if p.Wounds.Mean <= 0 {
				t.Errorf("%s: %s against %s deals no wounds", system, p.Attacker, p.Target)
			}
		}
	}
}

type shelf map[string]string

func (s shelf) Profile(_ context.Context, _, name string) (json.RawMessage, error) {
	p, ok := s[name]
	if !ok {
		return nil, compare.ErrUnknownUnit
	}
	return json.RawMessage(p), nil
}

// TestSavedUnits checks that a saved unit attacks with its profile and,
// as a target, gives only its target fields (its own defense, models,
// toughness and quality as target_quality), by name or as its profile.
func TestSavedUnits(t *testing.T) {
	ctx := context.Background()
	sys, _ := catalog.Registry().Get("quality-d6")
	units := shelf{
		"Strzelcy": `{"attacks": 10, "quality": 4, "defense": 5, "models": 10, "toughness": 1, "ap": 1}`,
		"Rycerze":  `{"attacks": 6, "quality": 3, "defense": 3, "models": 3, "toughness": 3}`,
	}
	req := compare.Request{
		Attackers: []compare.Side{{Unit: "Strzelcy"}, {Unit: "Rycerze"}},
		Targets:   []compare.Side{{Unit: "Rycerze"}, {Name: "Kopia", Profile: json.RawMessage(units["Rycerze"])}},
	}
	res, err := compare.Compare(ctx, sys, req, units)
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := compare.Pairs(ctx, sys, req, units)
	if err != nil {
		t.Fatal(err)
	}
	var first map[string]any
	_ = json.Unmarshal(pairs[0], &first)
	want := map[string]any{"attacks": 10.0, "quality": 4.0, "ap": 1.0, "defense": 3.0, "models": 3.0, "toughness": 3.0, "target_quality": 3.0}
	if fmt.Sprint(first) != fmt.Sprint(want) {
		t.Errorf("Strzelcy against Rycerze: %v, want %v", first, want)
	}
	if res.Results[0].Attacker != "Strzelcy" || res.Results[1].Target != "Kopia" || !equalDist(res.Results[0].Wounds, res.Results[1].Wounds) {
		t.Errorf("results %+v", res.Results[:2])
	}
	inlined, err := compare.Inline(ctx, "quality-d6", req, units)
	if err != nil || inlined.Attackers[0].Unit != "" || inlined.Attackers[0].Name != "Strzelcy" || req.Attackers[0].Unit != "Strzelcy" {
		t.Fatalf("inline: %v %+v", err, inlined.Attackers[0])
	}
	again, err := compare.Compare(ctx, sys, inlined, nil)
	if err != nil || fmt.Sprint(again.Results) != fmt.Sprint(res.Results) {
		t.Errorf("inlined: %v", err)
	}
}

// TestSharedPairsEqualSingleAttacks checks quality-d6 comparisons whose
// pairs share work (each weapon's hits against every target, a weapon
// two loadouts of a unit share, every ability that shapes the hits) pair
// by pair against the single attack's odds, every entry of them.
func TestSharedPairsEqualSingleAttacks(t *testing.T) {
	ctx := context.Background()
	sys, _ := catalog.Registry().Get("quality-d6")
	loadouts := compare.Request{
		Attackers: []compare.Side{
			side(t, `{"name":"Rifle and flamer","quality":4,"defense":4,"models":2,"toughness":1,"weapons":[{"name":"Rifle","attacks":5,"ap":1,"range":24},{"name":"Flamer","attacks":3,"blast":3,"abilities":["Niezawodny"],"range":12}]}`),
			side(t, `{"name":"Rifle and plasma","quality":4,"defense":4,"models":2,"toughness":1,"weapons":[{"name":"Rifle","attacks":5,"ap":1,"range":24},{"name":"Plasma","attacks":1,"ap":4,"abilities":["Dezintegracja"],"range":24}]}`),
			side(t, `{"name":"Rifle, in cover","quality":4,"defense":4,"models":2,"toughness":1,"cover":true,"weapons":[{"name":"Rifle","attacks":5,"ap":1,"range":24},{"name":"Blade","attacks":2,"abilities":["Finezja","Przebijająca"],"range":"melee"}]}`),
		},
		Targets: []compare.Side{side(t, `{"preset":"light_infantry"}`), side(t, `{"preset":"heavy_infantry"}`), side(t, `{"name":"Wall","defense":2,"models":3,"toughness":4}`)},
	}
	for name, req := range map[string]compare.Request{
		"full":                  readRequest(t, "testdata/full.json"),
		"loadouts":              readRequest(t, "testdata/loadouts.json"),
		"disintegrate":          heavy(t, 10, []string{"Dezintegracja", "Podwójny"}),
		"finesse":               heavy(t, 6, []string{"Finezja", "Podwójny"}),
		"double and brutal":     heavy(t, 10, []string{"Podwójny", "Brutalny"}),
		"a unit's two loadouts": loadouts,
	} {
		t.Run(name, func(t *testing.T) {
			res, err := compare.Compare(ctx, sys, req, nil)
			if err != nil {
				t.Fatal(err)
			}
			pairs, err := compare.Pairs(ctx, sys, req, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(pairs) != len(res.Results) {
				t.Fatalf("%d pairs, %d results", len(pairs), len(res.Results))
			}
			for k, got := range res.Results {
				odds, err := sys.Actions["attack"].Odds(ctx, pairs[k])
				if err != nil {
					t.Fatal(err)
				}
				w, _ := odds.Get("wounds")
				m, _ := odds.Get("models_killed")
				if !reflect.DeepEqual(got.Wounds, *w.Distribution) || !reflect.DeepEqual(got.ModelsKilled, *m.Distribution) {
					t.Errorf("%s→%s: wounds %v and models killed %v, the single attack's %v and %v",
						got.Attacker, got.Target, got.Wounds, got.ModelsKilled, *w.Distribution, *m.Distribution)
				}
			}
		})
	}
}

// TestSharedWorkCountedOnce checks that a comparison's estimate counts the
// work its pairs share once: the budget sweep's four attackers of ten
// Dezintegracja weapons against three targets would take more than
// MaxSteps as single attacks, and the comparison, each weapon's hit table
// built once for the three targets, is accepted.
func TestSharedWorkCountedOnce(t *testing.T) {
	ctx := context.Background()
	sys, _ := catalog.Registry().Get("quality-d6")
	req := heavy(t, 20, []string{"Dezintegracja", "Podwójny"})
	pairs, err := compare.Pairs(ctx, sys, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	alone := 0
	for _, b := range pairs {
		applied, err := sys.Actions["attack"].Compiled().Apply(b)
		if err != nil {
			t.Fatal(err)
		}
		var r qualityd6.AttackRequest
		if err := json.Unmarshal(applied, &r); err != nil {
			t.Fatal(err)
		}
		if err := r.Normalize(); err != nil {
			t.Fatal(err)
		}
		steps, _ := r.OddsCost()
		alone += steps
	}
	if alone <= compare.MaxSteps {
		t.Fatalf("the pairs alone take %d steps, within %d: not a comparison that needs its shared work counted once", alone, compare.MaxSteps)
	}
	if _, err := compare.Compare(ctx, sys, req, nil); err != nil {
		t.Errorf("refused: %v", err)
	}
}

// TestCardFiresItsKind checks that a quality-d6 card of a rifle and a
// sword fires its rifle when it shoots (no "melee", or false) and its
// sword in melee, each attack times the models, exactly as the single
// attack of that weapon alone; and that a card with no weapon of the
// pair's kind is refused on its weapons, not attacked with nothing.
func TestCardFiresItsKind(t *testing.T) {
	ctx := context.Background()
	sys, _ := catalog.Registry().Get("quality-d6")
	weapons := `"weapons":[{"name":"Rifle","attacks":2,"range":24,"ap":1},{"name":"Sword","attacks":3,"range":"melee","ap":2}]`
	req := compare.Request{
		Attackers: []compare.Side{
			side(t, `{"name":"Shoots","models":5,"quality":4,"defense":4,"toughness":1,`+weapons+`}`),
			side(t, `{"name":"Shoots too","models":5,"quality":4,"defense":4,"toughness":1,"melee":false,`+weapons+`}`),
			side(t, `{"name":"Charges","models":5,"quality":4,"defense":4,"toughness":1,"melee":true,`+weapons+`}`),
		},
		Targets: []compare.Side{side(t, `{"name":"T","defense":4,"models":10,"toughness":1}`)},
	}
	res, err := compare.Compare(ctx, sys, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, single := range []string{
		`{"quality":4,"weapons":[{"attacks":10,"ap":1}],"defense":4,"models":10,"toughness":1}`,
		`{"quality":4,"weapons":[{"attacks":10,"ap":1}],"defense":4,"models":10,"toughness":1}`,
		`{"quality":4,"melee":true,"weapons":[{"attacks":15,"ap":2}],"defense":4,"models":10,"toughness":1}`,
	} {
		odds, err := sys.Actions["attack"].Odds(ctx, []byte(single))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := odds.Get("wounds")
		if got := res.Results[i]; !reflect.DeepEqual(got.Wounds, *w.Distribution) {
			t.Errorf("%s: wounds %v, the single attack %s %v", got.Attacker, got.Wounds, single, *w.Distribution)
		}
	}
	if res.Results[0].Wounds.Mean == res.Results[2].Wounds.Mean {
		t.Errorf("shooting and melee both %v wounds", res.Results[0].Wounds.Mean)
	}
	for _, c := range []struct{ name, attacker string }{
		{"swords shooting", `{"name":"S","quality":4,"models":2,"weapons":[{"attacks":2,"range":"melee"}]}`},
		{"rifles in melee", `{"name":"R","quality":4,"models":2,"melee":true,"weapons":[{"attacks":2,"range":24}]}`},
	} {
		_, err := compare.Compare(ctx, sys, compare.Request{Attackers: []compare.Side{side(t, c.attacker), req.Attackers[0]}, Targets: req.Targets}, nil)
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != "attackers[0].weapons" || fe.Detail.In(l10n.Polish) == fe.Detail.In(l10n.English) {
			t.Errorf("%s: %v, want a localized refusal on attackers[0].weapons", c.name, err)
		}
	}
}
