package api

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"kostka/internal/testenv"
)

// TestBudgetCompare sweeps comparisons (POST /v1/systems/{id}/compare):
// four quality-d6 attackers with weapon lists from the attack's weapons
// sweep (many weapons, many abilities, every limit) against three targets
// of the largest and toughest units, and random full comparisons of every
// system. Each accepted comparison must stay within 50 ms and 16 MB at the
// handler; each refused one (over compare.MaxSteps) before the work.
//
// KOSTKA_BUDGET=1 go test -count=1 -run 'TestBudgetCompare' ./api
func TestBudgetCompare(t *testing.T) {
	testenv.Gated(t, "KOSTKA_BUDGET", "go test -count=1 -run 'TestBudgetCompare' ./api")
	if testing.Short() || raceEnabled {
		t.Skip("measures time and memory: not with -short or -race")
	}
	h := NewHandler(Config{})
	b := &budgetChecker{t: t, h: h, heaviest: map[string]measured{}}
	rng := rand.New(rand.NewPCG(38, 38))
	t.Run("quality-d6", func(t *testing.T) {
		b.t = t
		for _, body := range compareSweep(rng) {
			b.check("quality-d6/compare", "/v1/systems/quality-d6/compare", body)
		}
	})
	for _, tc := range []struct{ system, attacker, target string }{
		{"pool-k6", `{"attack":%d,"damage":%d,"rof":%d,"points":50}`, `{"defense":%d,"armour":%d,"wounds":%d}`},
		{"wzr-d20", `{"skill":%d,"rate":%d,"strength":%d,"points":50}`, `{"armour":%d,"wounds":%d,"impenetrable":%d}`},
		{"fantasy-k6", `{"attacks":%d,"accuracy":%d,"hit_modifier":%d}`, `{"save":%d,"pain":%d,"attacker_fighting":%d}`},
	} {
		t.Run(tc.system, func(t *testing.T) {
			b.t = t
			for range 40 {
				req := map[string][]json.RawMessage{}
				for i := range 4 {
					a := fmt.Sprintf(tc.attacker, 1+rng.IntN(12), 1+rng.IntN(20), rng.IntN(4))
					req["attackers"] = append(req["attackers"], named(a, fmt.Sprintf("A%d", i)))
				}
				for j := range 3 {
					x := fmt.Sprintf(tc.target, 1+rng.IntN(8), 1+rng.IntN(10), rng.IntN(4))
					req["targets"] = append(req["targets"], named(x, fmt.Sprintf("T%d", j)))
				}
				body, _ := json.Marshal(req)
				b.check(tc.system+"/compare", "/v1/systems/"+tc.system+"/compare", string(body))
			}
		})
	}
	b.report(t)
}

// named adds a name to a JSON object.
func named(obj, name string) json.RawMessage {
	var m map[string]any
	if err := json.Unmarshal([]byte(obj), &m); err != nil {
		panic(err)
	}
	m["name"] = name
	b, _ := json.Marshal(m)
	return b
}

// oneModel is a quality-d6 attacker (a JSON object) as a card of one
// model: its models are the target's in the attack's sweep.
func oneModel(attacker json.RawMessage) json.RawMessage {
	var m map[string]any
	if err := json.Unmarshal(attacker, &m); err != nil {
		panic(err)
	}
	m["models"] = 1
	b, _ := json.Marshal(m)
	return b
}

// compareSweep lists quality-d6 comparisons of four attackers from the
// attack's weapons sweep against the largest, toughest and weakest
// targets, and random ones. An attacker with weapons is a unit card, which
// fires each weapon's attacks times its models: each is a card of one
// model (oneModel), so that its weapons fire the attacks the attack's
// sweep gives them.
func compareSweep(rng *rand.Rand) []string {
	attacks := weaponsSweep(rng)
	targets := []json.RawMessage{
		named(`{"defense":2,"models":100,"toughness":30,"quality":2}`, "Big"),
		named(`{"defense":6,"models":100,"toughness":1}`, "Horde"),
		named(`{"defense":4,"models":10,"toughness":3}`, "Squad"),
	}
	var out []string
	for k := 0; k+4 <= len(attacks); k += 4 {
		if k > 120 && rng.IntN(4) != 0 {
			continue
		}
		req := map[string][]json.RawMessage{"targets": targets}
		for i := range 4 {
			req["attackers"] = append(req["attackers"], oneModel(named(attacks[k+i], fmt.Sprintf("A%d", i))))
		}
		b, _ := json.Marshal(req)
		out = append(out, string(b))
	}
	// Up to the limit: four distinct attackers of ten weapons with
	// abilities that multiply the work, each weapon of n attacks, against
	// three distinct tough targets; the accepted ones nearest MaxSteps.
	for _, n := range []int{5, 10, 12, 14, 16, 18, 20, 25, 30} {
		for _, abilities := range [][]string{{}, {"Podwójny", "Brutalny"}, {"Dezintegracja", "Podwójny"}} {
			req := map[string][]json.RawMessage{"targets": {
				named(`{"defense":2,"models":20,"toughness":9}`, "T0"),
				named(`{"defense":3,"models":20,"toughness":10}`, "T1"),
				named(`{"defense":4,"models":20,"toughness":11}`, "T2"),
			}}
			for i := range 4 {
				var ws []map[string]any
				for w := range 10 {
					ws = append(ws, map[string]any{"name": fmt.Sprint("W", w), "attacks": n, "ap": w % 4, "deadly": 1 + w%3, "blast": 1 + w%6, "abilities": abilities})
				}
				a, _ := json.Marshal(map[string]any{"name": fmt.Sprint("A", i), "quality": 2 + i, "defense": 2, "models": 1, "toughness": 1, "weapons": ws})
				req["attackers"] = append(req["attackers"], a)
			}
			b, _ := json.Marshal(req)
			out = append(out, string(b))
		}
	}
	return out
}
