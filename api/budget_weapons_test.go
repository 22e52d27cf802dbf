package api

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kostka"
	"kostka/internal/testenv"
	"kostka/systems/catalog"
)

// listSweep is an action in one mode (fixed: the field that switches
// others on and off, and its value), with the array field it is swept with
// (weapons, or an area attack's defenders; none for the single-weapon
// form) and the lists the sweep tries: at every limit of an item's fields,
// up to the list's maxItems, and one past it.
type listSweep struct {
	route string
	fixed map[string]any
	list  string
	lists []any
}

func listSweeps() []listSweep {
	fantasy := itemLists(8,
		map[string]any{"name": "miecz", "attacks": 20, "save_modifier": 6, "reroll_hit": true},
		map[string]any{"attacks": 20, "hit_modifier": -5, "save_modifier": -5},
		map[string]any{"attacks": 1})
	rolled := itemLists(20,
		map[string]any{"name": "Těžký kulomet", "models": 100, "skill": 20, "strength": 20, "rate": 20},
		map[string]any{"models": 1, "skill": 1, "strength": 1, "rate": 1})
	defender := func(extra map[string]any) map[string]any {
		d := map[string]any{"defense": 12, "armour": 1, "reroll": true, "stealth": 0, "movement": -10, "modifier": -10, "cover": "open"}
		for k, v := range extra {
			d[k] = v
		}
		return d
	}
	out := []listSweep{
		// A weapon's Celność (shooting only) and a mount's Walka (melee only).
		{"fantasy-k6/attack", map[string]any{"mode": "shooting"}, "weapons", slices.Concat(fantasy,
			itemLists(8, map[string]any{"attacks": 20, "accuracy": 10, "hit_modifier": 5}))},
		{"fantasy-k6/attack", map[string]any{"mode": "melee"}, "weapons", slices.Concat(fantasy,
			itemLists(8, map[string]any{"attacks": 20, "attacker_fighting": 5, "reroll_hit": true}))},
		{"wzr-d20/team", map[string]any{"kind": "focus_fire"}, "weapons", rolled},
		{"wzr-d20/team", map[string]any{"kind": "swarm"}, "weapons", rolled},
		{"wzr-d20/team", map[string]any{"kind": "suppression_fire"}, "weapons", itemLists(20,
			map[string]any{"name": "Těžký kulomet", "models": 100, "strength": 20},
			map[string]any{"models": 1, "strength": 1})},
		// An area attack's defenders: the first is the model aimed at; in
		// indirect fire the others stand around it.
		{"pool-k6/area", map[string]any{"mode": "direct"}, "defenders", itemLists(10,
			defender(nil), defender(map[string]any{"stealth": 5, "defense": 1, "armour": 50, "cover": "hard"}))},
		{"pool-k6/area", map[string]any{"mode": "indirect"}, "defenders", slices.Concat(
			itemLists(10, defender(nil)),
			[]any{append([]any{defender(nil)}, slices.Repeat([]any{defender(map[string]any{"distance": 3, "bearing": 90, "base_radius": 6})}, 9)...)})},
	}
	// The single-weapon forms, in every mode, and pool-k6's test.
	return append(out, []listSweep{
		{route: "fantasy-k6/attack", fixed: map[string]any{"mode": "shooting"}},
		{route: "fantasy-k6/attack", fixed: map[string]any{"mode": "melee"}},
		{route: "wzr-d20/team", fixed: map[string]any{"kind": "focus_fire"}},
		{route: "wzr-d20/team", fixed: map[string]any{"kind": "swarm"}},
		{route: "wzr-d20/team", fixed: map[string]any{"kind": "suppression_fire"}},
		{route: "pool-k6/test", fixed: map[string]any{}},
	}...)
}

// itemLists are lists of 1, half of max, max and max+1 items, of each
// item alone and of all of them in turn.
func itemLists(max int, items ...map[string]any) []any {
	var lists []any
	for _, n := range []int{1, max / 2, max, max + 1} {
		for _, it := range items {
			lists = append(lists, slices.Repeat([]any{it}, n))
		}
		mixed := make([]any, n)
		for i := range mixed {
			mixed[i] = items[i%len(items)]
		}
		lists = append(lists, mixed)
	}
	return lists
}

// TestBudgetWeapons sweeps what TestBudget's sweep cannot reach: the
// actions that take a list (weapon lists, an area attack's defenders) and
// the modes whose fields switch others off, one mode at a time, with the
// list as one more field: every field at and next to its limits or
// omitted, beside each list, random corners, a climb from the heaviest.
// Each accepted request must stay within 50 ms and 16 MB at the handler,
// and a list past its limit is refused before the work with a 422 naming
// it.
//
// KOSTKA_BUDGET=1 go test -run 'TestBudgetWeapons$' ./api
func TestBudgetWeapons(t *testing.T) {
	testenv.Gated(t, "KOSTKA_BUDGET", "go test -count=1 -run 'TestBudgetWeapons$' ./api")
	if testing.Short() || raceEnabled {
		t.Skip("measures time and memory: not with -short or -race")
	}
	h := NewHandler(Config{})
	b := &budgetChecker{t: t, h: h, heaviest: map[string]measured{}}
	rng := rand.New(rand.NewPCG(35, 35))
	reg := catalog.Registry()
	for _, sw := range listSweeps() {
		id, name, _ := strings.Cut(sw.route, "/")
		s, _ := reg.Get(id)
		a := s.Actions[name]
		// The fields of the mode: those whose condition the fixed field
		// meets, without the fields a weapon list stands in for.
		skip := map[string]bool{}
		for _, f := range a.Compiled().Fields() {
			if f.Path == sw.list {
				for _, ex := range f.Excludes {
					skip[ex] = true
				}
			}
			for other, vals := range f.When {
				if v, ok := sw.fixed[other]; ok && !slices.Contains(vals, v) {
					skip[f.Path] = true
				}
			}
		}
		// Every field may also be omitted (null is omitted), so that the
		// random corners reach its default.
		var fields []field
		for _, f := range schemaFields(a, map[string][]any{}) {
			path := strings.Join(f.path, ".")
			if v, ok := sw.fixed[path]; ok {
				f.values = []any{v}
			} else if skip[path] {
				continue
			} else {
				f.values = append([]any{nil}, f.values...)
			}
			fields = append(fields, f)
		}
		if sw.list != "" {
			fields = append(fields, field{path: []string{sw.list}, values: sw.lists})
		}
		route := fmt.Sprint(sw.route, " ", sw.list, sw.fixed)
		t.Run(route, func(t *testing.T) {
			b.t = t
			before := b.accepted
			sweepAction(b, rng, route, "/v1/systems/"+sw.route+"?seed=1", fields)
			if b.accepted == before {
				t.Errorf("%s: the sweep accepted no request", route)
			}
			if m, ok := b.heaviest[route]; ok {
				b.check(route+"?mode=odds", "/v1/systems/"+sw.route+"?mode=odds", m.body)
			}
			if sw.list == "" {
				return
			}
			// A list one item past its limit is refused, naming it.
			m := b.heaviest[route]
			var over map[string]any
			if err := json.Unmarshal([]byte(m.body), &over); err != nil {
				t.Fatal(err)
			}
			over[sw.list] = slices.MaxFunc(sw.lists, func(a, b any) int { return len(a.([]any)) - len(b.([]any)) })
			body, _ := json.Marshal(over)
			c := b.check(route, "/v1/systems/"+sw.route+"?seed=1", string(body))
			var p kostka.Problem
			if err := json.Unmarshal([]byte(c.body), &p); c.status != http.StatusUnprocessableEntity || err != nil || p.Field != sw.list {
				t.Errorf("%s: a list past its limit: %d %s, want a 422 naming %s", route, c.status, c.body, sw.list)
			}
		})
	}
	b.report(t)
}
