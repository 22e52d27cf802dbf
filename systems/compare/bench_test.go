package compare_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"kostka/systems/catalog"
	"kostka/systems/compare"
)

// BenchmarkFull is a full comparison: 4 quality-d6 unit cards of two
// weapons each (2 to 10 models, firing 16 to 100 attacks) against the 3
// preset targets (testdata/full.json).
func BenchmarkFull(b *testing.B) { benchCompare(b, readRequest(b, "testdata/full.json")) }

// BenchmarkLoadouts compares four loadouts of one unit, two of whose three
// weapons are the same (testdata/loadouts.json, cards of one model: each
// weapon fires the attacks it gives), against the 3 preset targets: the
// question "which special weapon", whose shared weapons a comparison
// resolves once per target.
func BenchmarkLoadouts(b *testing.B) { benchCompare(b, readRequest(b, "testdata/loadouts.json")) }

// readRequest reads a comparison from a file.
func readRequest(t testing.TB, name string) compare.Request {
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var req compare.Request
	if err := json.Unmarshal(raw, &req); err != nil {
		t.Fatal(err)
	}
	return req
}

// BenchmarkHeavy are the budget sweep's comparisons at the limit (api's
// TestBudgetCompare): four one-model attackers of ten weapons of n attacks
// each, with abilities that multiply the work, against three tough
// targets.
func BenchmarkHeavy(b *testing.B) {
	for _, tc := range []struct {
		n         int
		abilities []string
	}{
		{18, []string{"Dezintegracja", "Podwójny"}},
		{25, []string{"Podwójny", "Brutalny"}},
		{50, []string{}},
	} {
		b.Run(fmt.Sprintf("%d%v", tc.n, tc.abilities), func(b *testing.B) {
			benchCompare(b, heavy(b, tc.n, tc.abilities))
		})
	}
}

// heavy is the budget sweep's comparison of four attackers of ten weapons
// of n attacks with abilities, ranged, shooting at three tough targets: each attacker
// a card of one model, so that each weapon fires its n attacks.
func heavy(t testing.TB, n int, abilities []string) compare.Request {
	req := compare.Request{Targets: []compare.Side{
		side(t, `{"name":"T0","defense":2,"models":20,"toughness":9}`),
		side(t, `{"name":"T1","defense":3,"models":20,"toughness":10}`),
		side(t, `{"name":"T2","defense":4,"models":20,"toughness":11}`),
	}}
	for i := range 4 {
		var ws []map[string]any
		for w := range 10 {
			ws = append(ws, map[string]any{"name": fmt.Sprint("W", w), "attacks": n, "ap": w % 4, "deadly": 1 + w%3, "blast": 1 + w%6, "abilities": abilities, "range": 24})
		}
		a, _ := json.Marshal(map[string]any{"name": fmt.Sprint("A", i), "quality": 2 + i, "defense": 2, "models": 1, "toughness": 1, "weapons": ws})
		req.Attackers = append(req.Attackers, side(t, string(a)))
	}
	return req
}

func benchCompare(b *testing.B, req compare.Request) {
	sys, _ := catalog.Registry().Get("quality-d6")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compare.Compare(context.Background(), sys, req, nil); err != nil {
			b.Fatal(err)
		}
	}
}
