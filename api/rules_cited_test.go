package api

import (
	"encoding/json"
	"net/url"
	"testing"
)

// TestCitedRulesOpen rolls actions of pool-k6, wzr-d20 and fantasy-k6
// through the API, multi-weapon requests among them, and opens every rule
// section each answer cites with GET /v1/rules/{id}: each opens, with the
// title the answer gave.
func TestCitedRulesOpenEverySystem(t *testing.T) {
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	for _, c := range []struct{ route, body string }{
		{"pool-k6/test", `{"dice":3,"opponent":{"dice":2,"reroll":true}}`},
		{"pool-k6/attack", `{"attack":3,"defense":2,"armour":4,"damage":4,"cover":"soft","rof":2,"rof_damage":1,"stealth":4,"incendiary":true}`},
		{"pool-k6/area", `{"mode":"indirect","attack":3,"damage":4,"ae":2,"defenders":[{"defense":2,"armour":3},{"defense":2,"armour":3,"distance":1}]}`},
		{"pool-k6/special", `{"kind":"medic","rating":4}`},
		{"pool-k6/initiative", `{"command":2,"opponent_command":1}`},
		{"wzr-d20/test", `{"skill":12,"reroll":true}`},
		{"wzr-d20/attack", `{"skill":12,"rate":3,"strength":9,"aim":true,"cover":"heavy","healing":3}`},
		{"wzr-d20/team", `{"weapons":[{"name":"rifle","models":5,"skill":10,"strength":4,"rate":2},{"name":"HMG","models":1,"skill":11,"strength":5,"rate":4}],"armour":12,"wounds":3}`},
		{"wzr-d20/morale", `{"leadership":9,"squad":4,"lost":3,"at_75":"both"}`},
		{"fantasy-k6/test", `{"value":3}`},
		{"fantasy-k6/attack", `{"mode":"melee","weapons":[{"name":"miecz","attacks":2},{"name":"koń","attacks":1,"attacker_fighting":2}],"save":3,"pain":4}`},
		{"fantasy-k6/terror", `{}`},
		{"fantasy-k6/jump", `{"height":4,"pain":3}`},
	} {
		t.Run(c.route, func(t *testing.T) {
			r := a.postJSON("/v1/systems/"+c.route+"?seed=1", c.body)
			if r.Status != 200 {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			var ans struct {
				Rules []struct{ ID, Title string }
			}
			if err := json.Unmarshal(r.Body, &ans); err != nil {
				t.Fatal(err)
			}
			if len(ans.Rules) == 0 {
				t.Fatalf("cites no rule: %s", r.Body)
			}
			for _, rule := range ans.Rules {
				got := a.get("/v1/rules/" + url.PathEscape(rule.ID))
				var sec struct{ ID, Title string }
				if err := json.Unmarshal(got.Body, &sec); err != nil || got.Status != 200 || sec.ID != rule.ID || sec.Title != rule.Title {
					t.Errorf("GET /v1/rules/%s: %d %+v; the answer cites %q", rule.ID, got.Status, sec, rule.Title)
				}
			}
		})
	}
}
