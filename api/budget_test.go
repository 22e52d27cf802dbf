package api

import (
	"kostka"

	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"kostka/internal/testenv"
	"kostka/systems"
	"kostka/systems/catalog"
)

// The budget of one accepted request (issue 22), measured at the handler:
// decoding, the work, and the encoded answer.
const (
	budgetCPU   = 50 * time.Millisecond
	budgetAlloc = 16 << 20
	// A refused request is refused before the work starts: it costs no
	// more than this.
	refusalCPU   = 5 * time.Millisecond
	refusalAlloc = 1 << 20
)

// reqCost is what one request cost at the handler.
type reqCost struct {
	status int
	alloc  uint64        // bytes allocated (TotalAlloc delta), the least of the runs
	cpu    time.Duration // the CPU time of the serving thread, the least of the runs
	body   string
}

// measure serves one request runs times and keeps the least cost. The
// time is the CPU time of the thread that serves it (the request runs on
// the calling goroutine, locked to its thread), which waiting for a core
// on a shared machine does not inflate; where that cannot be read, the
// wall time.
func measure(h http.Handler, method, target, body string, runs int) reqCost {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var c reqCost
	for i := range runs {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		runtime.GC()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		start := time.Now()
		cpu0, ok := threadCPU()
		h.ServeHTTP(rec, req)
		cpu1, _ := threadCPU()
		d := time.Since(start)
		if ok {
			d = cpu1 - cpu0
		}
		runtime.ReadMemStats(&m1)
		alloc := m1.TotalAlloc - m0.TotalAlloc
		if i == 0 || d < c.cpu {
			c.cpu = d
		}
		if i == 0 || alloc < c.alloc {
			c.alloc = alloc
		}
		c.status, c.body = rec.Code, rec.Body.String()
	}
	return c
}

// heavier orders costs by allocation, then time.
func (c reqCost) heavier(d reqCost) bool {
	if c.alloc != d.alloc {
		return c.alloc > d.alloc
	}
	return c.cpu > d.cpu
}

// budgetChecker measures requests and fails the test for any accepted
// request over the budget and any refusal that did work first.
type budgetChecker struct {
	t        *testing.T
	h        http.Handler
	accepted int
	refused  int
	heaviest map[string]measured // by route, the heaviest accepted request
	worst    measured            // the costliest refusal
}

// measured is a request with its cost.
type measured struct {
	target, body string
	reqCost
}

// check measures one request (once; again, keeping the least, when it
// comes near a limit) and asserts its budget. A request whose least of 5
// runs exceeds its budget is measured 15 more times before it fails: on
// a shared machine a request now and then measures twice its cost for
// several runs in a row inside the sweep, and the least of many runs is
// the request's own cost.
func (b *budgetChecker) check(route, target, body string) reqCost {
	b.t.Helper()
	method := http.MethodPost
	if body == "" {
		method = http.MethodGet
	}
	c := measure(b.h, method, target, body, 1)
	if c.cpu > budgetCPU/4 || c.alloc > budgetAlloc/4 || (c.status != http.StatusOK && (c.cpu > refusalCPU/2 || c.alloc > refusalAlloc/2)) {
		c = measure(b.h, method, target, body, 5)
	}
	if c.status == http.StatusOK && (c.cpu > budgetCPU || c.alloc > budgetAlloc) {
		if again := measure(b.h, method, target, body, 15); again.cpu < c.cpu {
			c = again
		}
	}
	switch {
	case c.status == http.StatusOK:
		b.accepted++
		if c.cpu > budgetCPU || c.alloc > budgetAlloc {
			b.t.Errorf("%s %s: accepted and cost %v and %.1f MB; the budget is %v and %d MB", target, body, c.cpu, float64(c.alloc)/(1<<20), budgetCPU, budgetAlloc>>20)
		}
		if cur, ok := b.heaviest[route]; !ok || c.heavier(cur.reqCost) {
			b.heaviest[route] = measured{target, body, c}
		}
	case c.status >= 500:
		b.t.Errorf("%s %s: status %d: %s", target, body, c.status, c.body)
	default:
		b.refused++
		if c.cpu > refusalCPU || c.alloc > refusalAlloc {
			b.t.Errorf("%s %s: refused with %d after %v and %.1f MB of work; a refusal comes before the work", target, body, c.status, c.cpu, float64(c.alloc)/(1<<20))
		}
		if c.status == http.StatusUnprocessableEntity {
			var p kostka.Problem
			if err := json.Unmarshal([]byte(c.body), &p); err != nil || p.Detail == "" {
				b.t.Errorf("%s %s: a 422 without a detail saying what is too big: %s", target, body, c.body)
			}
		}
		if c.heavier(b.worst.reqCost) {
			b.worst = measured{target, body, c}
		}
	}
	return c
}

// field is one request field of an action, with the values the sweep
// tries: every limit and its neighbours.
type field struct {
	path   []string // JSON path, such as ["opponent", "dice"]
	values []any
	lo, hi int // integers: the schema's range
	isInt  bool
}

// schemaFields lists the fields of an action's request with the values
// to try, in the order of their paths. extra supplies values of fields the
// schema cannot enumerate (lists of ability names).
func schemaFields(a *systems.Action, extra map[string][]any) []field {
	var fields []field
	for _, sf := range a.Compiled().Fields() {
		f := field{path: strings.Split(sf.Path, ".")}
		switch {
		case sf.Type == "object" || strings.Contains(sf.Path, "[]"):
			continue // an object's fields are listed on their own
		case extra[sf.Path] != nil:
			f.values = extra[sf.Path]
		case len(sf.Enum) > 0:
			f.values = sf.Enum
		case sf.Type == "boolean":
			f.values = []any{false, true}
		case sf.Type == "integer" && sf.Min != nil && sf.Max != nil:
			f.isInt, f.lo, f.hi = true, int(*sf.Min), int(*sf.Max)
			seen := map[int]bool{}
			for _, v := range []int{f.lo, f.lo + 1, 0, 1, 2, (f.lo + f.hi) / 2, f.hi - 1, f.hi} {
				if v >= f.lo && v <= f.hi && !seen[v] {
					seen[v] = true
					f.values = append(f.values, v)
				}
			}
		default:
			continue
		}
		fields = append(fields, f)
	}
	slices.SortFunc(fields, func(a, b field) int {
		return strings.Compare(strings.Join(a.path, "\x00"), strings.Join(b.path, "\x00"))
	})
	return fields
}

// point is one request of the sweep: a value index for every field.
type point []int

// body renders a point as a JSON request.
func (p point) body(fields []field) string {
	obj := map[string]any{}
	for i, f := range fields {
		m := obj
		for _, k := range f.path[:len(f.path)-1] {
			sub, ok := m[k].(map[string]any)
			if !ok {
				sub = map[string]any{}
				m[k] = sub
			}
			m = sub
		}
		m[f.path[len(f.path)-1]] = f.values[p[i]]
	}
	b, _ := json.Marshal(obj)
	return string(b)
}

// qualityAbilities are the quality-d6 attack's ability sets that change
// its work: every one that adds attacks, hits or wounds, alone and
// together, and the rest of the list.
func qualityAbilities() []any {
	multiply := []string{"Przewidywalny", "Podwójny", "Furia", "Dezintegracja", "Przebijająca", "Rój"}
	var sets []any
	for mask := range 1 << len(multiply) {
		var set []string
		for i, a := range multiply {
			if mask&(1<<i) != 0 {
				set = append(set, a)
			}
		}
		sets = append(sets, set)
	}
	sets = append(sets,
		[]string{"Niezawodny", "Impet", "Namierzanie", "Brutalny", "Delikatny", "Niewrażliwy", "Tarcza", "Okopany", "Przygotowanie", "Precyzyjny", "Przełamanie", "Podkręcenie"},
		[]string{"Przewidywalny", "Przełamanie", "Podkręcenie", "Podwójny", "Furia", "Dezintegracja", "Rój", "Niezawodny", "Impet", "Brutalny"},
		[]string{"Finezja", "Szpica", "Podwójny", "Furia", "Przewidywalny", "Brutalny", "Waagh!", "Nieustraszony"},
		[]string{"Finezja", "Szpica", "Dezintegracja", "Podwójny", "Rój"},
		// Finezja with Przebijająca: its own table under a capped Rozprysk,
		// growing with each value a taken hit can deal.
		[]string{"Finezja", "Przebijająca", "Podwójny"},
		[]string{"Finezja", "Przebijająca", "Dezintegracja", "Brutalny", "Podwójny", "Furia", "Szpica"})
	return sets
}

// TestBudget searches the parameter space of every action of every system
// and of the dice notation's odds and rolls for the costliest requests: every field
// at and next to its limits, random corners of the space, a climb from the
// heaviest of them one field at a time, and the largest accepted value of
// every integer field. Each accepted request must stay within 50 ms and
// 16 MB at the handler; each refused one must be refused before the work.
//
// The sweep takes most of a minute, so it runs only when asked for, in a
// step of its own in .ci/run: KOSTKA_BUDGET=1 go test -run 'TestBudget$' ./api
func TestBudget(t *testing.T) {
	testenv.Gated(t, "KOSTKA_BUDGET", "go test -count=1 -run 'TestBudget$' ./api")
	if testing.Short() || raceEnabled {
		t.Skip("measures time and memory: not with -short or -race")
	}
	h := NewHandler(Config{})
	b := &budgetChecker{t: t, h: h, heaviest: map[string]measured{}}
	rng := rand.New(rand.NewPCG(22, 22))
	reg := catalog.Registry()
	extra := map[string][]any{"abilities": {[]string{}}}
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		for _, name := range s.ActionNames() {
			if id == "quality-d6" && name == "attack" {
				extra["abilities"] = qualityAbilities()
			} else {
				extra["abilities"] = []any{[]string{}}
			}
			fields := schemaFields(s.Actions[name], extra)
			route := id + "/" + name
			t.Run(route, func(t *testing.T) {
				b.t = t
				sweepAction(b, rng, route, "/v1/systems/"+route+"?seed=1", fields)
				b.t = t
				for _, mode := range []string{"odds"} {
					if m, ok := b.heaviest[route]; ok {
						b.check(route+"?mode="+mode, "/v1/systems/"+route+"?mode="+mode, m.body)
					}
				}
			})
		}
	}
	// quality-d6 attacks with several weapons: many weapons, many
	// abilities, every field of a weapon at its limits.
	t.Run("quality-d6/attack/weapons", func(t *testing.T) {
		b.t = t
		for _, body := range weaponsSweep(rng) {
			b.check("quality-d6/attack weapons", "/v1/systems/quality-d6/attack?seed=1", body)
		}
		if m, ok := b.heaviest["quality-d6/attack weapons"]; ok {
			b.check("quality-d6/attack weapons?mode=odds", "/v1/systems/quality-d6/attack?mode=odds", m.body)
		}
	})
	// The largest recoveries: Odrodzenie rolls a die per wound the unit
	// can recover, 2999 at most.
	t.Run("quality-d6/recover/largest", func(t *testing.T) {
		b.t = t
		for _, ability := range []string{"Odrodzenie", "Regeneracja", "Łatanie"} {
			body := fmt.Sprintf(`{"ability": %q, "models": 100, "toughness": 30, "models_lost": 99, "wounds": 29}`, ability)
			b.check("quality-d6/recover largest", "/v1/systems/quality-d6/recover?seed=1", body)
			b.check("quality-d6/recover largest?mode=odds", "/v1/systems/quality-d6/recover?mode=odds", body)
		}
	})
	t.Run("quality-d6/cost", func(t *testing.T) {
		b.t = t
		for _, body := range costSweep() {
			b.check("quality-d6/cost", "/v1/systems/quality-d6/cost", body)
		}
	})
	// The dice notation's odds and rolls, over expressions at and near
	// its limits.
	t.Run("dice", func(t *testing.T) {
		b.t = t
		for _, expr := range diceSweep() {
			b.check("odds", "/v1/odds?expr="+url.QueryEscape(expr), "")
			b.check("roll", "/v1/roll?seed=1&expr="+url.QueryEscape(expr), "")
		}
	})
	b.report(t)
}

// weaponsSweep lists quality-d6 attacks with several weapons: the most
// weapons (and one more), each at the limits of its attacks, AP, Blast
// and Deadly with every set of weapon abilities that adds hits or wounds,
// against the largest and toughest units with every unit ability and
// condition that multiplies the work; then random lists.
func weaponsSweep(rng *rand.Rand) []string {
	weaponSets := [][]string{
		{}, {"Podwójny"}, {"Dezintegracja", "Podwójny"}, {"Przebijająca", "Podwójny"}, {"Finezja", "Przebijająca", "Podwójny"},
		{"Finezja", "Dezintegracja", "Podwójny", "Brutalny"}, {"Porażenie", "Impet", "Niezawodny", "Namierzanie", "Precyzyjny"},
		{"Przewidywalny", "Przełamanie", "Podkręcenie", "Podwójny", "Dezintegracja", "Brutalny", "Porażenie", "Impet", "Niezawodny", "Namierzanie"},
	}
	unitSets := [][]string{{}, {"Furia", "Szpica", "Rój"}, {"Furia", "Szpica", "Nieustraszony", "Waagh!", "Tarcza", "Niewrażliwy"}}
	weapon := func(attacks, ap, blast, deadly int, abilities []string) map[string]any {
		if slices.Contains(abilities, "Przebijająca") {
			deadly = 0 // Przebijająca with Zabójczy is refused
		}
		return map[string]any{"attacks": attacks, "ap": ap, "blast": blast, "deadly": deadly, "abilities": abilities}
	}
	body := func(unit map[string]any, weapons []map[string]any) string {
		req := maps.Clone(unit)
		req["weapons"] = weapons
		b, _ := json.Marshal(req)
		return string(b)
	}
	heavyUnit := func(abilities []string, models, toughness int) map[string]any {
		return map[string]any{"quality": 2, "defense": 6, "models": models, "toughness": toughness, "melee": true, "charging": true,
			"target_pinned": true, "target_on_objective": true, "last_round": true, "target_quality": 4, "blast_cap": "per_hit",
			"conditions": []string{"target_not_activated", "attacker_fresh", "attacker_waagh", "target_waagh"}, "abilities": abilities}
	}
	var out []string
	for _, n := range []int{2, 3, 5, 10, 11} {
		for _, ws := range weaponSets {
			for _, us := range unitSets {
				for _, size := range [][2]int{{100, 30}, {100, 1}, {10, 3}} {
					var list []map[string]any
					for i := range n {
						list = append(list, weapon([]int{200, 100, 50, 20}[i%4], []int{6, -1, 2, 0}[i%4], 12, 12, ws))
					}
					out = append(out, body(heavyUnit(us, size[0], size[1]), list))
				}
			}
		}
	}
	for range 300 {
		var list []map[string]any
		for range 2 + rng.IntN(10) {
			list = append(list, weapon([]int{1, 20, 50, 100, 200}[rng.IntN(5)], rng.IntN(8)-1, []int{0, 2, 3, 6, 12}[rng.IntN(5)],
				[]int{0, 2, 6, 12}[rng.IntN(4)], weaponSets[rng.IntN(len(weaponSets))]))
		}
		unit := heavyUnit(unitSets[rng.IntN(len(unitSets))], []int{1, 5, 20, 100}[rng.IntN(4)], []int{1, 2, 6, 30}[rng.IntN(4)])
		unit["melee"], unit["shock"] = rng.IntN(2) == 0, []string{"double", "plain"}[rng.IntN(2)]
		unit["blast_cap"] = []string{"total", "literal", "per_hit"}[rng.IntN(3)]
		out = append(out, body(unit, list))
	}
	return out
}

// costSweep lists quality-d6 units at the cost route's limits: the most
// models, weapons, attacks and abilities.
func costSweep() []string {
	weaponAbilities := []string{"Rozprysk(12)", "Zabójczy(12)", "Impet", "Namierzanie", "Niezawodny", "Precyzyjny", "Niebezpośredni"}
	var out []string
	for _, models := range []int{1, 100} {
		for _, weapons := range []int{1, 20, 21} {
			var ws []string
			for i := range weapons {
				rng := "36"
				if i%2 == 1 {
					rng = `"melee"`
				}
				abl, _ := json.Marshal(weaponAbilities)
				ws = append(ws, fmt.Sprintf(`{"attacks": 50, "range": %s, "ap": 5, "abilities": %s}`, rng, abl))
			}
			out = append(out, fmt.Sprintf(`{"models": %d, "quality": 2, "defense": 2, "toughness": 30, "abilities": ["Mag(2)", "Aura(Tarcza)"], "weapons": [%s]}`,
				models, strings.Join(ws, ",")))
		}
	}
	return out
}

// report logs the heaviest accepted request of every route and the
// costliest refusal.
func (b *budgetChecker) report(t *testing.T) {
	for _, route := range slices.Sorted(maps.Keys(b.heaviest)) {
		m := b.heaviest[route]
		t.Logf("heaviest accepted %-28s %8.2f ms %8.2f MB  %s %s", route, float64(m.cpu.Microseconds())/1000, float64(m.alloc)/(1<<20), m.target, m.body)
	}
	t.Logf("%d accepted and %d refused requests; the costliest refusal: %v, %.2f MB, %s %s",
		b.accepted, b.refused, b.worst.cpu, float64(b.worst.alloc)/(1<<20), b.worst.target, b.worst.body)
}

// sweepAction measures one action's requests.
func sweepAction(b *budgetChecker, rng *rand.Rand, route, target string, fields []field) {
	type scored struct {
		p point
		c reqCost
	}
	var top []scored
	try := func(p point) reqCost {
		c := b.check(route, target, p.body(fields))
		if c.status == http.StatusOK {
			top = append(top, scored{slices.Clone(p), c})
		}
		return c
	}
	// Every field alone at each of its values, the others at their
	// largest value.
	largest := make(point, len(fields))
	for i, f := range fields {
		largest[i] = len(f.values) - 1
	}
	try(largest)
	for i, f := range fields {
		for v := range f.values {
			p := slices.Clone(largest)
			p[i] = v
			try(p)
		}
	}
	// Random corners.
	for range 150 {
		p := make(point, len(fields))
		for i, f := range fields {
			p[i] = rng.IntN(len(f.values))
		}
		try(p)
	}
	// Climb from the heaviest accepted requests one field at a time.
	sort.Slice(top, func(i, j int) bool { return top[i].c.heavier(top[j].c) })
	starts := top[:min(2, len(top))]
	for _, s := range slices.Clone(starts) {
		cur, curCost := slices.Clone(s.p), s.c
		for range 2 {
			for i, f := range fields {
				for v := range f.values {
					if v == cur[i] {
						continue
					}
					p := slices.Clone(cur)
					p[i] = v
					if c := try(p); c.status == http.StatusOK && c.heavier(curCost) {
						cur, curCost = p, c
					}
				}
			}
		}
		// The largest accepted value of every integer field, the
		// others as the climb left them.
		for i, f := range fields {
			if !f.isInt {
				continue
			}
			lo, hi := f.lo, f.hi // lo accepted or unknown, hi the probe
			for lo < hi {
				mid := (lo + hi + 1) / 2
				fi := fields[i]
				fi.values = []any{mid}
				probe := slices.Clone(fields)
				probe[i] = fi
				p := slices.Clone(cur)
				p[i] = 0
				c := b.check(route, target, p.body(probe))
				if c.status == http.StatusOK {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
		}
	}
}

// diceSweep lists dice expressions at and near the notation's limits:
// many dice, large dice, keeping, exploding, rerolling, counting
// successes, repeats, and sums of several terms.
func diceSweep() []string {
	var out []string
	for _, n := range []int{1, 2, 10, 50, 100, 200, 500, 999, 1000} {
		for _, s := range []int{2, 6, 10, 20, 100, 1000, 10_000, 1_000_000} {
			d := fmt.Sprintf("%dd%d", n, s)
			out = append(out, d, d+"!", d+"!!", d+"!p", d+"r1", d+"ro1", d+">=4", d+">=4f1", d+"!>=4",
				fmt.Sprintf("%dd%dkh%d", n, s, max(1, n/2)), fmt.Sprintf("%dd%dkl%d", n, s, max(1, n-1)),
				fmt.Sprintf("%dd%ddh1", n, s))
		}
	}
	out = append(out, "100x 100d6", "100x 10d6!", "10x 1000d6", "500d6+500d6", "(500d6)*(500d6)",
		"100d100!+100d100!+100d100!", "1000dF", "1000d%", "333d6kh100+333d6kh100+333d6kh100",
		"200d6!>=5f1+200d6r2", "1000d6!!", "1000d2!p",
		// The costliest the odds' limits accept, from a sweep of sums,
		// differences and products of terms of every kind.
		"50d20!", "70d12!p", "30d12!+30d12!", "40d6!!+40d6!!", "30d100kh2*2", "40d100kh2",
		"200d20ro1+200d20ro1", "5d1000r1+5d1000r1", "2d1000dh1+2d1000dh1", "3d12!>=4+3d12!>=4")
	return out
}
