package api

import (
	"net/http"
	"strings"
	"testing"
)

func TestCost(t *testing.T) {
	a := newTestAPI(t, Config{})
	var c struct {
		Total     int
		Category  string
		Breakdown []message
		PerModel  struct{ Base float64 } `json:"per_model"`
	}
	a.postJSON("/v1/systems/quality-d6/cost?lang=pl", `{"models": 10, "quality": 4, "defense": 5, "toughness": 1,
		"weapons": [{"name": "rifle", "attacks": 1, "range": 24}, {"name": "knife", "attacks": 1, "range": "melee"}]}`).JSON(t, &c)
	if c.Total != 126 || c.Category != "ranged" || c.PerModel.Base != 5 || len(c.Breakdown) < 5 ||
		c.Breakdown[len(c.Breakdown)-1].Text != "Oddział: 10 × 12,62 = 126,2, 126 punktów" {
		t.Errorf("cost %+v", c)
	}
	for _, tt := range []struct {
		body, field string
		status      int
	}{
		{`{"models": 1, "quality": 9, "defense": 4, "toughness": 1}`, "quality", 422},
		{`{"models": 1, "quality": 4, "defense": 4, "toughness": 1, "abilities": ["Tarcza", "Jetpack"]}`, "abilities[1]", 422},
		{`{"models": 1, "quality": 4, "defense": 4, "toughness": 1, "weapons": [{"attacks": 1, "range": "far"}]}`, "weapons.range", 422},
		{`{"models": 1, "quality": 4, "defense": 4, "toughness": 1, "weapons": [{"attacks": 1, "range": 60}]}`, "weapons[0].range", 422},
		{`{"models": 1, "quality": 4, "defense": 4, "toughness": 1, "colour": "red"}`, "colour", 422},
		{`{"models": 1,`, "", 400},
	} {
		p := a.postJSON("/v1/systems/quality-d6/cost", tt.body).Problem(t, tt.status)
		if p.Field != tt.field || p.Detail == "" {
			t.Errorf("%s: problem %+v, want field %q", tt.body, p, tt.field)
		}
	}
	// A missing required field is said to be required, not to be out of
	// range at 0.
	for body, field := range map[string]string{
		`{"models": 1, "quality": 4, "defense": 4}`:                                             "toughness",
		`{"quality": 4, "defense": 4, "toughness": 1}`:                                          "models",
		`{"models": 1, "quality": 4, "defense": 4, "toughness": 1, "weapons": [{"range": 24}]}`: "weapons[0].attacks",
	} {
		p := a.postJSON("/v1/systems/quality-d6/cost", body).Problem(t, 422)
		if p.Field != field || p.Detail != "is required" {
			t.Errorf("%s: problem %+v, want %q: is required", body, p, field)
		}
	}
	// A range that is neither inches nor melee is named as what was sent.
	for body, want := range map[string]string{
		`"far"`: "Range must be a number in range, not a string",
		`true`:  "Range must be a number in range, not true or false",
		`[24]`:  "Range must be a number in range, not an array",
	} {
		p := a.postJSON("/v1/systems/quality-d6/cost", `{"models": 1, "quality": 4, "defense": 4, "weapons": [{"attacks": 1, "range": `+body+`}]}`).Problem(t, 422)
		if p.Detail != want {
			t.Errorf("range %s: %q, want %q", body, p.Detail, want)
		}
	}
	// The cost is not a roll: the generic action route's mode and seed do
	// not apply, and the route is this one, not an action.
	if res := a.postJSON("/v1/systems/quality-d6/cost?mode=odds", `{"models": 1, "quality": 4, "defense": 4, "toughness": 1}`); res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"total"`) {
		t.Errorf("with ?mode: %d %s", res.Status, res.Body)
	}
}
