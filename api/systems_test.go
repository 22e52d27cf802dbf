package api

import (
	"net/http"
	"strings"
	"testing"
)

func TestSystemsList(t *testing.T) {
	a := newTestAPI(t, Config{})
	var list struct {
		Systems []struct {
			ID      string
			Name    map[string]string
			Actions []string
		}
	}
	a.get("/v1/systems").JSON(t, &list)
	ids := map[string]bool{}
	for _, s := range list.Systems {
		ids[s.ID] = s.Name["cs"] != "" && len(s.Actions) >= 2
	}
	for _, id := range []string{"quality-d6", "pool-k6", "wzr-d20", "fantasy-k6"} {
		if !ids[id] {
			t.Errorf("system %s missing or without a Czech name and actions: %+v", id, list)
		}
	}
}

func TestSystemDescription(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.get("/v1/systems/pool-k6")
	if res.Status != http.StatusOK {
		t.Fatalf("status %d: %s", res.Status, res.Body)
	}
	var s struct {
		ID      string
		Name    map[string]string
		Actions map[string]struct {
			Title  map[string]string
			Schema struct {
				Properties map[string]struct {
					Labels map[string]string `json:"x-labels"`
				}
			}
		}
	}
	res.JSON(t, &s)
	if s.ID != "pool-k6" || s.Name["pl"] == "" || s.Name["cs"] == "" {
		t.Errorf("system %+v", s)
	}
	for _, name := range []string{"test", "attack", "special"} {
		if s.Actions[name].Schema.Properties == nil {
			t.Errorf("action %s has no schema properties", name)
		}
	}
	if got := s.Actions["attack"].Schema.Properties["cover"].Labels["cs"]; got != "Krytí cíle" {
		t.Errorf("attack cover label in cs = %q", got)
	}
	p := a.get("/v1/systems/chess").Problem(t, http.StatusNotFound)
	if !strings.Contains(p.Detail, "pool-k6") {
		t.Errorf("404 detail %q does not list the systems", p.Detail)
	}
}

func TestSystemAction(t *testing.T) {
	a := newTestAPI(t, Config{})
	body := `{"attack": 4, "defense": 3, "cover": "soft", "damage": 6, "armour": 4, "rof": 2, "rof_damage": 2}`
	first := a.postJSON("/v1/systems/pool-k6/attack?seed=5", body)
	second := a.postJSON("/v1/systems/pool-k6/attack?seed=5", body)
	if first.Status != 200 || string(first.Body) != string(second.Body) {
		t.Fatalf("seeded attacks differ or failed: %d %s / %s", first.Status, first.Body, second.Body)
	}
	var res struct {
		Attack struct{ Dice []int }
		Steps  []string
		Odds   struct {
			Hit    float64
			Wounds struct{ Values []struct{ Value int } }
		}
	}
	first.JSON(t, &res)
	if len(res.Attack.Dice) != 4 || len(res.Steps) < 2 || res.Odds.Hit <= 0 || res.Odds.Hit >= 1 || len(res.Odds.Wounds.Values) == 0 {
		t.Errorf("attack answer lacks dice, steps or odds: %s", first.Body)
	}

	odds := a.postJSON("/v1/systems/pool-k6/test?mode=odds", `{"dice": 1, "opponent": {"dice": 1}}`)
	var o struct{ Odds struct{ Success float64 } }
	odds.JSON(t, &o)
	if odds.Status != 200 || o.Odds.Success < 15./36-1e-12 || o.Odds.Success > 15./36+1e-12 {
		t.Errorf("odds of 1 die against 1 die: %s", odds.Body)
	}
}

func TestSystemActionErrors(t *testing.T) {
	a := newTestAPI(t, Config{})
	tests := []struct {
		name   string
		res    response
		status int
		field  string
	}{
		{"out of range", a.postJSON("/v1/systems/pool-k6/test", `{"dice": 40}`), 422, "dice"},
		{"nested", a.postJSON("/v1/systems/pool-k6/test", `{"dice": 2, "opponent": {"dice": 0}}`), 422, "opponent.dice"},
		{"unknown field", a.postJSON("/v1/systems/pool-k6/attack", `{"attack": 2, "defense": 2, "damage": 1, "armour": 1, "laser": true}`), 422, "laser"},
		{"wrong type", a.postJSON("/v1/systems/pool-k6/test", `{"dice": "three"}`), 422, "dice"},
		{"impossible", a.postJSON("/v1/systems/pool-k6/attack", `{"attack": 2, "defense": 2, "damage": 1, "armour": 1, "cover": "invisible"}`), 422, "cover"},
		{"bad mode", a.postJSON("/v1/systems/pool-k6/test?mode=fast", `{"dice": 2}`), 400, "mode"},
		{"bad seed", a.postJSON("/v1/systems/pool-k6/test?seed=x", `{"dice": 2}`), 400, "seed"},
		{"no action", a.postJSON("/v1/systems/pool-k6/dance", `{}`), 404, ""},
		{"no system", a.postJSON("/v1/systems/chess/test", `{}`), 404, ""},
		{"empty body", a.postJSON("/v1/systems/pool-k6/test", ``), 400, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.res.Problem(t, tt.status)
			if p.Field != tt.field {
				t.Errorf("field = %q, want %q (%s)", p.Field, tt.field, p.Detail)
			}
		})
	}
}

func TestQualityD6ThroughAPI(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.postJSON("/v1/systems/quality-d6/attack?seed=3",
		`{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "blast": 3, "deadly": 2, "models": 5, "toughness": 2, "abilities": ["Rozprysk"]}`)
	p := res.Problem(t, http.StatusUnprocessableEntity) // Rozprysk is the blast field, not an ability
	if p.Field != "abilities[0]" {
		t.Errorf("field = %q", p.Field)
	}
	res = a.postJSON("/v1/systems/quality-d6/attack?seed=3",
		`{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "blast": 3, "deadly": 2, "models": 5, "toughness": 2, "abilities": ["podwojny", "Tarcza"]}`)
	var out struct {
		HitDice      []int `json:"hit_dice"`
		ModelsKilled int   `json:"models_killed"`
		Steps        []string
		Odds         struct {
			ModelsKilled struct{ Values []struct{ Value int } } `json:"models_killed"`
		}
	}
	res.JSON(t, &out)
	if res.Status != 200 || len(out.HitDice) != 10 || len(out.Steps) < 3 || len(out.Odds.ModelsKilled.Values) != 6 {
		t.Errorf("attack: %d %s", res.Status, res.Body)
	}
	test := a.postJSON("/v1/systems/quality-d6/test?mode=odds", `{"target": 4}`)
	var o struct{ Odds struct{ Success float64 } }
	test.JSON(t, &o)
	if o.Odds.Success != 0.5 {
		t.Errorf("test 4+: %s", test.Body)
	}
}

func TestFantasyK6ThroughAPI(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.postJSON("/v1/systems/fantasy-k6/attack?seed=9",
		`{"mode": "melee", "attacks": 3, "attacker_fighting": 3, "defender_fighting": 2, "save": 2, "pain": 3}`)
	var out struct {
		Attacks []struct{ Hit int }
		Steps   []string
		Odds    struct{ Removed float64 }
	}
	res.JSON(t, &out)
	if res.Status != 200 || len(out.Attacks) == 0 || len(out.Steps) != len(out.Attacks) || out.Odds.Removed <= 0 {
		t.Errorf("melee: %d %s", res.Status, res.Body)
	}
	p := a.postJSON("/v1/systems/fantasy-k6/attack", `{"mode": "melee", "attacks": 1, "attacker_fighting": 9, "pain": 3}`).Problem(t, 422)
	if p.Field != "attacker_fighting" {
		t.Errorf("field = %q", p.Field)
	}
	for _, action := range []string{"test", "terror", "jump"} {
		body := map[string]string{"test": `{"value": 3}`, "terror": `{"trait": "brave"}`, "jump": `{"height": 4, "pain": 3}`}[action]
		if r := a.postJSON("/v1/systems/fantasy-k6/"+action+"?mode=odds", body); r.Status != 200 {
			t.Errorf("%s: %d %s", action, r.Status, r.Body)
		}
	}
}

func TestWZRD20ThroughAPI(t *testing.T) {
	a := newTestAPI(t, Config{})
	var test struct {
		Roll struct {
			Face, Target int
			Success      bool
		}
		Odds struct{ Success, PowerShot, Fumble float64 } `json:"odds"`
	}
	a.postJSON("/v1/systems/wzr-d20/test?seed=4", `{"skill": 12, "modifier": -2}`).JSON(t, &test)
	if test.Roll.Face < 1 || test.Roll.Face > 20 || test.Roll.Target != 10 || test.Odds.Success != 0.5 {
		t.Errorf("test: %+v", test)
	}
	var attack struct {
		Shots []struct {
			Roll   struct{ Face int }
			Armour *struct{ Face, Target int }
		}
		Hits, Wounds int
		Odds         struct{ Removed float64 }
	}
	a.postJSON("/v1/systems/wzr-d20/attack?seed=4",
		`{"skill": 13, "rate": 4, "strength": 9, "aim": true, "armour": 14, "impenetrable": 3, "wounds": 3}`).JSON(t, &attack)
	if len(attack.Shots) != 4 || attack.Odds.Removed <= 0 || attack.Odds.Removed >= 1 {
		t.Errorf("attack: %+v", attack)
	}
	p := a.postJSON("/v1/systems/wzr-d20/attack", `{"skill": 13, "rate": 4, "strength": 25, "wounds": 3}`).Problem(t, 422)
	if p.Field != "strength" {
		t.Errorf("field = %q", p.Field)
	}
	for _, action := range []string{"team", "morale"} {
		body := map[string]string{"team": `{"models": 6, "skill": 2, "no_clear_view": 3, "strength": 2, "rate": 6, "armour": 10, "wounds": 4}`,
			"morale": `{"leadership": 10, "squad": 4, "lost": 3}`}[action]
		if r := a.postJSON("/v1/systems/wzr-d20/"+action+"?mode=odds", body); r.Status != 200 {
			t.Errorf("%s: %d %s", action, r.Status, r.Body)
		}
	}
}
