package api

import (
	"net/http"
	"net/url"
	"testing"
)

// TestCitedRulesOpen: every rule section a quality-d6 attack, test or
// cost answer cites opens with GET /v1/rules/{id}, under its title.
func TestCitedRulesOpen(t *testing.T) {
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	var cited []struct{ ID, Title string }
	for path, body := range map[string]string{
		"/v1/systems/quality-d6/attack?seed=1": `{"quality": 4, "defense": 4, "models": 5, "toughness": 2, "melee": true, "target_quality": 4, "cover": true,
			"abilities": ["Furia", "Nieustraszony"], "charging": true, "weapons": [{"attacks": 6, "ap": 1, "abilities": ["Podwójny"]}, {"attacks": 2, "blast": 3, "deadly": 2}]}`,
		"/v1/systems/quality-d6/test?seed=1": `{"target": 4}`,
		"/v1/systems/quality-d6/cost":        `{"models": 5, "quality": 4, "defense": 4, "toughness": 3, "abilities": ["Tarcza", "Aura(Furia)"], "weapons": [{"attacks": 2, "range": 24, "abilities": ["Rozprysk(3)"]}]}`,
	} {
		var res struct {
			Rules []struct{ ID, Title string }
		}
		a.postJSON(path, body).JSON(t, &res)
		if len(res.Rules) == 0 {
			t.Errorf("%s: no rules cited", path)
		}
		cited = append(cited, res.Rules...)
	}
	for _, r := range cited {
		var s struct{ ID, Title string }
		res := a.get("/v1/rules/" + url.PathEscape(r.ID))
		if res.Status != http.StatusOK {
			t.Errorf("GET /v1/rules/%s: %d", r.ID, res.Status)
			continue
		}
		res.JSON(t, &s)
		if s.ID != r.ID || s.Title != r.Title {
			t.Errorf("GET /v1/rules/%s: %+v, cited as %+v", r.ID, s, r)
		}
	}
}
