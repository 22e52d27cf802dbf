package api

import (
	"encoding/json"
	"os"
	"testing"

	"kostka/systems"
	"kostka/systems/compare"
	"kostka/systems/qualityd6"
	"kostka/systems/qualityd6/cost"
)

// TestCompare checks the comparison route against the OpenAPI document
// (every answer is validated by the test API), its figures against the
// single attack route's odds of the same pair, and its refusals in every
// language.
func TestCompare(t *testing.T) {
	a := newTestAPI(t, Config{})
	body, err := os.ReadFile("../systems/compare/testdata/full.json")
	if err != nil {
		t.Fatal(err)
	}
	var res compare.Result
	a.postJSON("/v1/systems/quality-d6/compare?lang=pl", string(body)).JSON(t, &res)
	if len(res.Results) != 12 || res.Action != "attack" || len(res.Rules) == 0 {
		t.Fatalf("%d results, action %q, rules %v", len(res.Results), res.Action, res.Rules)
	}
	if res.Results[0].Target != "Lekka piechota (10 modeli, Obrona 5+)" {
		t.Errorf("the preset's Polish name: %q", res.Results[0].Target)
	}
	// The first pair, as a single attack: Rifles against the light
	// infantry preset, the card's weapons fired by its models.
	var req struct {
		Attackers []map[string]any `json:"attackers"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	var card struct {
		Attackers []struct {
			Models  int                `json:"models"`
			Melee   bool               `json:"melee"`
			Weapons []qualityd6.Weapon `json:"weapons"`
		} `json:"attackers"`
	}
	if err := json.Unmarshal(body, &card); err != nil {
		t.Fatal(err)
	}
	fired, err := qualityd6.FiredWeapons(card.Attackers[0].Models, card.Attackers[0].Weapons, card.Attackers[0].Melee)
	if err != nil {
		t.Fatal(err)
	}
	single := map[string]any{"quality": 4, "weapons": fired, "defense": 5, "models": 10, "toughness": 1, "target_quality": 5}
	sb, _ := json.Marshal(single)
	var one struct {
		Odds []struct {
			Key          string
			Distribution *struct {
				Mean float64
			}
		}
	}
	a.postJSON("/v1/systems/quality-d6/attack?mode=odds", string(sb)).JSON(t, &one)
	checked := false
	for _, e := range one.Odds {
		if e.Key == "models_killed" {
			checked = true
			if e.Distribution.Mean != res.Results[0].ModelsKilled.Mean {
				t.Errorf("models killed mean %v, the single attack's %v", res.Results[0].ModelsKilled.Mean, e.Distribution.Mean)
			}
		}
	}
	if !checked {
		t.Errorf("the single attack %s gives no models killed", sb)
	}
	unit := map[string]any{"quality": 4, "defense": 4, "models": req.Attackers[0]["models"], "toughness": 1, "weapons": req.Attackers[0]["weapons"]}
	ub, _ := json.Marshal(unit)
	priced, err := cost.Pricer{}.Price(t.Context(), ub)
	if err != nil {
		t.Fatal(err)
	}
	if p := res.Results[0].Points; p == nil {
		t.Errorf("no points, the cost formula's %d", priced.Points().Total)
	} else if *p != float64(priced.Points().Total) {
		t.Errorf("points %v, the cost formula's %d", *p, priced.Points().Total)
	}

	two := `{"name":"A","attacks":3,"quality":4},{"name":"B","attacks":2,"quality":3}`
	for _, tc := range []struct {
		path, body, field, lang, detail string
		status                          int
	}{
		{"/v1/systems/quality-d6/compare?lang=en", `{"attackers":[` + two + `,` + two + `,{"name":"C","attacks":1,"quality":2}],"targets":[{"preset":"vehicle"}]}`, "attackers", "en", "must hold from 2 to 4, not 5", 422},
		{"/v1/systems/quality-d6/compare?lang=pl", `{"attackers":[` + two + `],"targets":[{"preset":"vehicle"},{"preset":"vehicle"},{"preset":"vehicle"},{"preset":"vehicle"}]}`, "targets", "pl", "musi zawierać od 1 do 3 pozycji, a nie 4", 422},
		{"/v1/systems/quality-d6/compare?lang=cs", `{"attackers":[` + two + `,{"unit":"Rangers"}],"targets":[{"preset":"vehicle"}]}`, "attackers[2].unit", "cs", "uložená jednotka „Rangers“ neexistuje", 422},
		{"/v1/systems/quality-d6/compare?lang=pl", `{"attackers":[` + two + `],"targets":[{"preset":"smok"}]}`, "targets[0].preset", "pl", "nie ma gotowego celu „smok”; gotowe cele to light_infantry, heavy_infantry, vehicle", 422},
		{"/v1/systems/quality-d6/compare", `{"action":"recover","attackers":[` + two + `],"targets":[{"preset":"vehicle"}]}`, "action", "en", "must be one of attack, not “recover”", 422},
		{"/v1/systems/quality-d6/compare", `{"attackers":[` + two + `],"targets":[{"name":"T","defense":9}]}`, "targets[0].defense", "en", "must be from 2 to 6, not 9", 422},
		{"/v1/systems/chess/compare", `{"attackers":[],"targets":[]}`, "", "en", "", 404},
		{"/v1/systems/quality-d6/compare", `{"attackers":`, "", "en", "", 400},
	} {
		p := a.postJSON(tc.path, tc.body).Problem(t, tc.status)
		if p.Field != tc.field || (tc.detail != "" && p.Detail != tc.detail) {
			t.Errorf("%s %s: problem %+v, want %q on %q", tc.path, tc.body, p, tc.detail, tc.field)
		}
	}
	var presets []compare.Preset
	a.get("/v1/systems/wzr-d20/targets").JSON(t, &presets)
	if len(presets) < 2 || presets[0].Name.Cs == "" {
		t.Errorf("wzr-d20 presets %+v", presets)
	}
	for _, pr := range presets {
		if _, ok := systems.Section(pr.Rule); !ok {
			t.Errorf("preset %s cites %s, no section of the rulebooks", pr.ID, pr.Rule)
		}
	}
}
