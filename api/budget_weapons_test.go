package api

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kostka/internal/testenv"
	"kostka/systems/catalog"
)

// weaponSweep is an action that takes a list of weapons, in one mode
// (fixed: the field that switches others on and off, and its value), with
// the lists the sweep tries: at every limit of an item's fields, up to the
// list's maxItems, and one past it.
type weaponSweep struct {
	route string
	fixed map[string]any
	lists []any
}

func weaponSweeps() []weaponSweep {
	fantasy := weaponLists(8,
		map[string]any{"name": "miecz", "attacks": 20, "save_modifier": 6, "reroll_hit": true},
		map[string]any{"attacks": 20, "hit_modifier": -5, "save_modifier": -5},
		map[string]any{"attacks": 1})
	rolled := weaponLists(20,
		map[string]any{"name": "Těžký kulomet", "models": 100, "skill": 20, "strength": 20, "rate": 20},
		map[string]any{"models": 1, "skill": 1, "strength": 1, "rate": 1})
	return []weaponSweep{
		// A weapon's Celność (shooting only) and a mount's Walka (melee only).
		{"fantasy-k6/attack", map[string]any{"mode": "shooting"}, slices.Concat(fantasy,
			weaponLists(8, map[string]any{"attacks": 20, "accuracy": 10, "hit_modifier": 5}))},
		{"fantasy-k6/attack", map[string]any{"mode": "melee"}, slices.Concat(fantasy,
			weaponLists(8, map[string]any{"attacks": 20, "attacker_fighting": 5, "reroll_hit": true}))},
		{"wzr-d20/team", map[string]any{"kind": "focus_fire"}, rolled},
		{"wzr-d20/team", map[string]any{"kind": "swarm"}, rolled},
		{"wzr-d20/team", map[string]any{"kind": "suppression_fire"}, weaponLists(20,
			map[string]any{"name": "Těžký kulomet", "models": 100, "strength": 20},
			map[string]any{"models": 1, "strength": 1})},
	}
}

// weaponLists are lists of 1, half of max, max and max+1 items, of each
// item alone and of all of them in turn.
func weaponLists(max int, items ...map[string]any) []any {
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

// TestBudgetWeapons sweeps the actions that take a list of weapons the way
// TestBudget sweeps every action, with the list as one more field: every
// field at and next to its limits beside each list, random corners, a
// climb from the heaviest. Each accepted request must stay within 50 ms
// and 16 MB at the handler, and a list past its limit is refused before
// the work with a 422 naming weapons.
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
	for _, sw := range weaponSweeps() {
		id, name, _ := strings.Cut(sw.route, "/")
		s, _ := reg.Get(id)
		a := s.Actions[name]
		// The fields of the mode: those whose condition the fixed field
		// meets, without the fields the list stands in for.
		skip := map[string]bool{}
		for _, f := range a.Compiled().Fields() {
			if f.Path == "weapons" {
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
		if len(skip) == 0 {
			t.Fatalf("%s: no weapons field excluding the single weapon's fields", sw.route)
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
		fields = append(fields, field{path: []string{"weapons"}, values: sw.lists})
		route := sw.route + " " + fmt.Sprint(sw.fixed)
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
			// One item past the list's limit is refused, naming weapons.
			over := map[string]any{"weapons": sw.lists[len(sw.lists)-1]}
			if id == "fantasy-k6" {
				over["pain"] = 3
			}
			body, _ := json.Marshal(over)
			c := b.check(route, "/v1/systems/"+sw.route+"?seed=1", string(body))
			var p Problem
			if err := json.Unmarshal([]byte(c.body), &p); c.status != http.StatusUnprocessableEntity || err != nil || p.Field != "weapons" {
				t.Errorf("%s: a list past its limit: %d %s, want a 422 naming weapons", route, c.status, c.body)
			}
		})
	}
	b.report(t)
}
