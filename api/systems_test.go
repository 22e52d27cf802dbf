package api

import (
	"maps"
	"math"
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
		answer
	}
	first.JSON(t, &res)
	if len(res.Attack.Dice) != 4 || len(res.Steps) < 2 || res.value("hit") <= 0 || res.value("hit") >= 1 || len(res.dist("wounds").Values) == 0 {
		t.Errorf("attack answer lacks dice, steps or odds: %s", first.Body)
	}
	for _, s := range res.Steps {
		if s.ID == "" || s.Text == "" {
			t.Errorf("step %+v lacks an id or a text", s)
		}
	}

	odds := a.postJSON("/v1/systems/pool-k6/test?mode=odds", `{"dice": 1, "opponent": {"dice": 1}}`)
	var o answer
	odds.JSON(t, &o)
	if odds.Status != 200 || o.value("success") < 15./36-1e-12 || o.value("success") > 15./36+1e-12 {
		t.Errorf("odds of 1 die against 1 die: %s", odds.Body)
	}
}

// answer is the part of an action's answer every system shares.
type answer struct {
	Steps []message
	Notes []message
	Odds  []struct {
		Key, Kind    string
		Label        message
		Value        *float64
		Distribution *struct {
			Mean   float64
			Values []struct{ Value int }
		}
	}
}

type message struct{ ID, Text string }

// value is the value of a probability or mean entry, NaN without one.
func (a answer) value(key string) float64 {
	for _, e := range a.Odds {
		if e.Key == key && e.Value != nil {
			return *e.Value
		}
	}
	return math.NaN()
}

// dist is a distribution entry's distribution.
func (a answer) dist(key string) (d struct {
	Mean   float64
	Values []struct{ Value int }
}) {
	for _, e := range a.Odds {
		if e.Key == key && e.Distribution != nil {
			return *e.Distribution
		}
	}
	return d
}

// TestSystemActionLanguage: the language comes from lang, then
// Accept-Language, then English; every message's text is in it, with its
// plurals, and a refused field's detail and label too.
func TestSystemActionLanguage(t *testing.T) {
	a := newTestAPI(t, Config{})
	body := `{"attacks": 5, "quality": 4, "defense": 4}`
	tests := []struct {
		query, header string
		lang          string
		step          string
	}{
		{"?seed=2&lang=pl", "", "pl", "Jakość 4+, 5 ataków"},
		{"?seed=2&lang=cs", "pl", "cs", "Kvalita 4+, 5 útoků"},
		{"?seed=2", "cs-CZ,cs;q=0.9,en;q=0.8", "cs", "Kvalita 4+, 5 útoků"},
		{"?seed=2", "de", "en", "Quality 4+, 5 attacks"},
	}
	for _, tt := range tests {
		var header []string
		if tt.header != "" {
			header = []string{"Accept-Language", tt.header}
		}
		res := a.do(http.MethodPost, "/v1/systems/quality-d6/attack"+tt.query, "application/json", body, header...)
		var out answer
		res.JSON(t, &out)
		if res.Status != 200 || res.Header.Get("Content-Language") != tt.lang || len(out.Steps) == 0 || !strings.HasPrefix(out.Steps[0].Text, tt.step) {
			t.Errorf("%s %s: %d %s, steps %+v", tt.query, tt.header, res.Status, res.Header.Get("Content-Language"), out.Steps)
		}
	}
	p := a.postJSON("/v1/systems/pool-k6/test?lang=cs", `{"opponent": {"dice": 2}}`).Problem(t, 422)
	if p.Field != "dice" || p.Detail != "toto pole je povinné" || p.Label != "Dovednost (kostky)" {
		t.Errorf("a missing field in Czech: %+v", p)
	}
	p = a.postJSON("/v1/systems/pool-k6/test?lang=pl", `{"dice": 2, "opponent": {"dice": 0}}`).Problem(t, 422)
	if p.Field != "opponent.dice" || p.Detail != "musi mieć wartość od 1 do 12, a nie 0" || p.Label == "" {
		t.Errorf("a nested field in Polish: %+v", p)
	}
	if p := a.postJSON("/v1/systems/pool-k6/test?lang=de", `{"dice": 2}`).Problem(t, 400); p.Field != "lang" {
		t.Errorf("lang=de: %+v", p)
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
		answer
	}
	res.JSON(t, &out)
	if res.Status != 200 || len(out.HitDice) != 10 || len(out.Steps) < 3 || len(out.dist("models_killed").Values) != 6 {
		t.Errorf("attack: %d %s", res.Status, res.Body)
	}
	test := a.postJSON("/v1/systems/quality-d6/test?mode=odds", `{"target": 4}`)
	var o answer
	test.JSON(t, &o)
	if o.value("success") != 0.5 {
		t.Errorf("test 4+: %s", test.Body)
	}
	// The issue's own example: models takes its default.
	if r := a.postJSON("/v1/systems/quality-d6/attack", `{"attacks": 10, "quality": 4, "defense": 4}`); r.Status != 200 {
		t.Errorf("attack without models: %d %s", r.Status, r.Body)
	}
}

func TestFantasyK6ThroughAPI(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.postJSON("/v1/systems/fantasy-k6/attack?seed=9",
		`{"mode": "melee", "attacks": 3, "attacker_fighting": 3, "defender_fighting": 2, "save": 2, "pain": 3}`)
	var out struct {
		Attacks []struct{ Hit int }
		answer
	}
	res.JSON(t, &out)
	if res.Status != 200 || len(out.Attacks) == 0 || len(out.Steps) != len(out.Attacks) || out.value("removed") <= 0 {
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
		answer
	}
	a.postJSON("/v1/systems/wzr-d20/test?seed=4", `{"skill": 12, "modifier": -2}`).JSON(t, &test)
	if test.Roll.Face < 1 || test.Roll.Face > 20 || test.Roll.Target != 10 || test.value("success") != 0.5 {
		t.Errorf("test: %+v", test)
	}
	var attack struct {
		Shots []struct {
			Roll   struct{ Face int }
			Armour *struct{ Face, Target int }
		}
		Hits, Wounds int
		answer
	}
	a.postJSON("/v1/systems/wzr-d20/attack?seed=4",
		`{"skill": 13, "rate": 4, "strength": 9, "aim": true, "armour": 14, "impenetrable": 3, "wounds": 3}`).JSON(t, &attack)
	if len(attack.Shots) != 4 || attack.value("removed") <= 0 || attack.value("removed") >= 1 {
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

// TestSystemTargetFields: a system's description says which fields of a
// target unit's profile fill which attack fields (the page reads it to
// save a unit's own fields and to load a unit as the target), and the
// OpenAPI document describes the field.
func TestSystemTargetFields(t *testing.T) {
	a := newTestAPI(t, Config{})
	tests := []struct {
		system string
		want   map[string]string
	}{
		{"quality-d6", map[string]string{"defense": "defense", "models": "models", "toughness": "toughness", "quality": "target_quality"}},
		{"fantasy-k6", map[string]string{"attacker_fighting": "defender_fighting", "save": "save", "pain": "pain"}},
	}
	for _, tc := range tests {
		t.Run(tc.system, func(t *testing.T) {
			var s struct {
				TargetFields map[string]string `json:"target_fields"`
			}
			a.get("/v1/systems/"+tc.system).JSON(t, &s)
			if !maps.Equal(s.TargetFields, tc.want) {
				t.Errorf("target_fields %v, want %v", s.TargetFields, tc.want)
			}
		})
	}
	var doc struct {
		Components struct {
			Schemas struct {
				System struct {
					Properties map[string]struct {
						Type                 string `json:"type"`
						AdditionalProperties struct {
							Type string `json:"type"`
						} `json:"additionalProperties"`
					} `json:"properties"`
				} `json:"System"`
			} `json:"schemas"`
		} `json:"components"`
	}
	a.get("/openapi.json").JSON(t, &doc)
	if p := doc.Components.Schemas.System.Properties["target_fields"]; p.Type != "object" || p.AdditionalProperties.Type != "string" {
		t.Errorf("the OpenAPI System schema describes target_fields as %+v", p)
	}
}
