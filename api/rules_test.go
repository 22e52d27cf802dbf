package api

import (
	"kostka"

	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/search"
)

// embeddedRules is the search index of the embedded rulebooks, shared by
// the tests.
var embeddedRules = sync.OnceValue(func() *search.Index { return search.New(rulesdata.Embedded()) })

// TestNoRules checks that a process given no rules (the dice function)
// answers the rules routes with a 404 problem.
func TestNoRules(t *testing.T) {
	a := newTestAPI(t, Config{})
	for _, path := range []string{"/v1/search?q=x", "/v1/suggest?q=x", "/v1/rules", "/v1/rules/quality-d6.oslona"} {
		p := a.get(path).Problem(t, http.StatusNotFound)
		if path != "/v1/rules/quality-d6.oslona" && p.Detail != "rules search is not served here" {
			t.Errorf("%s: %+v", path, p)
		}
	}
}

func TestSearch(t *testing.T) {
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	var res lookup.Result
	a.get("/v1/search?q="+url.QueryEscape("osłona")).JSON(t, &res)
	if len(res.Hits) == 0 || res.Hits[0].ID != "quality-d6.oslona" || res.Total < len(res.Hits) {
		t.Fatalf("hits = %+v", res.Hits)
	}
	a.get("/v1/search?q=kriticke+zraneni&system=wzr-d20&lang=cs&limit=2").JSON(t, &res)
	if len(res.Hits) == 0 || len(res.Hits) > 2 || res.Hits[0].ID != "wzr-d20.kriticke-zraneni-poskozeni" {
		t.Fatalf("hits = %+v", res.Hits)
	}
	if !strings.Contains(res.Hits[0].Snippet, "<mark>") {
		t.Errorf("snippet %q has no <mark>", res.Hits[0].Snippet)
	}
	if n := res.Hits[0].SystemName; n.Cs != "Warzone Resurrection (D20)" || n.Pl == "" || n.En == "" || res.Weak {
		t.Errorf("system name %v, weak %v", n, res.Weak)
	}
	// Only a far typo matches: flagged, with sections to offer.
	a.get("/v1/search?q=xyzzy").JSON(t, &res)
	if !res.Weak || len(res.DidYouMean) == 0 || res.DidYouMean[0].ID != res.Hits[0].ID {
		t.Errorf("xyzzy: weak %v, did you mean %+v", res.Weak, res.DidYouMean)
	}
}

func TestSearchBadRequests(t *testing.T) {
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	tests := []struct {
		query, field string
	}{
		{"", "q"},
		{"q=", "q"},
		{"q=+++", "q"},
		{"q=" + strings.Repeat("x", lookup.MaxQueryLen+1), "q"},
		{"q=a&limit=0", "limit"},
		{"q=a&limit=51", "limit"},
		{"q=a&limit=ten", "limit"},
		{"q=a&lang=de", "lang"},
		{"q=a&system=chess", "system"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			p := a.get("/v1/search?"+tt.query).Problem(t, http.StatusBadRequest)
			if p.Field != tt.field || p.Detail == "" {
				t.Errorf("problem = %+v, want field %q", p, tt.field)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	var res struct{ Suggestions []lookup.Suggestion }
	a.get("/v1/suggest?q=oslo").JSON(t, &res)
	if len(res.Suggestions) == 0 || res.Suggestions[0].ID != "quality-d6.oslona" || res.Suggestions[0].Title != "Osłona" {
		t.Fatalf("suggestions = %+v", res.Suggestions)
	}
	a.get("/v1/suggest?q=m&limit=3&system=fantasy-k6").JSON(t, &res)
	if len(res.Suggestions) != 3 {
		t.Errorf("%d suggestions", len(res.Suggestions))
	}
	for _, s := range res.Suggestions {
		if s.System != "fantasy-k6" {
			t.Errorf("suggestion %+v", s)
		}
	}
	for q, field := range map[string]string{"": "q", "q=%20": "q", "q=%FF": "q", "q=a&limit=26": "limit", "q=a&limit=x": "limit", "q=a&system=chess": "system",
		"q=" + strings.Repeat("y", lookup.MaxQueryLen+1): "q"} {
		if p := a.get("/v1/suggest?"+q).Problem(t, http.StatusBadRequest); p.Field != field {
			t.Errorf("%s: problem %+v", q, p)
		}
	}
	for _, route := range []string{"search", "suggest"} {
		if p := a.get("/v1/"+route+"?q=os%FFona").Problem(t, http.StatusBadRequest); !strings.Contains(p.Detail, "not UTF-8") {
			t.Errorf("%s, q not UTF-8: detail %q, want it said", route, p.Detail)
		}
	}
}

func TestRules(t *testing.T) {
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	var list struct{ Rules []kostka.RuleSummary }
	a.get("/v1/rules?system=pool-k6").JSON(t, &list)
	if len(list.Rules) < 20 {
		t.Fatalf("%d rules", len(list.Rules))
	}
	for _, r := range list.Rules {
		if r.System != "pool-k6" || !strings.HasPrefix(r.ID, "pool-k6.") || r.Title == "" {
			t.Errorf("rule %+v", r)
		}
	}
	var all struct{ Rules []kostka.RuleSummary }
	a.get("/v1/rules").JSON(t, &all)
	if len(all.Rules) <= len(list.Rules) {
		t.Errorf("%d rules in all, %d in pool-k6", len(all.Rules), len(list.Rules))
	}
	a.get("/v1/rules?system=chess").Problem(t, http.StatusBadRequest)

	var rule struct {
		rulesdata.Section
		SystemName map[string]string `json:"system_name"`
	}
	a.get("/v1/rules/wzr-d20.do-cerneho").JSON(t, &rule)
	if rule.Title != "Do černého" || rule.System != "wzr-d20" || rule.Lang != "cs" ||
		!strings.Contains(rule.Text, "automaticky úspěch") || len(rule.Aliases) == 0 || rule.Aliases[0] != "Power Shot" {
		t.Errorf("rule = %+v", rule)
	}
	if rule.SystemName["cs"] != "Warzone Resurrection (D20)" || rule.SystemName["pl"] == "" || rule.SystemName["en"] == "" {
		t.Errorf("system name %v", rule.SystemName)
	}
	// The glossary's description of what the rule does, by language.
	var cover struct{ About map[string]string }
	a.get("/v1/rules/quality-d6.oslona").JSON(t, &cover)
	if cover.About["en"] == "" || cover.About["pl"] == "" || cover.About["cs"] == "" {
		t.Errorf("about = %v, want a description in every language", cover.About)
	}
	p := a.get("/v1/rules/quality-d6.nope").Problem(t, http.StatusNotFound)
	if !strings.Contains(p.Detail, "quality-d6.nope") {
		t.Errorf("problem = %+v", p)
	}
}

// TestRulesFromDirectory checks that a group's own rulebook is served with
// no code change: the API takes any set of rulebooks.
func TestRulesFromDirectory(t *testing.T) {
	books, err := rulesdata.Load(fstest.MapFS{"house.md": {Data: []byte(
		"---\nsystem: house\nlang: pl\ntitle: Domowe\n---\n## Zasadzka nocna\n<!-- aliases: Night ambush -->\n\nOddział rozstawia się w nocy.\n")}})
	if err != nil {
		t.Fatal(err)
	}
	a := newTestAPI(t, Config{Rules: search.New(books)})
	var res lookup.Result
	a.get("/v1/search?q=night+ambush").JSON(t, &res)
	if len(res.Hits) != 1 || res.Hits[0].ID != "house.zasadzka-nocna" {
		t.Errorf("hits = %+v", res.Hits)
	}
}

// TestHouseRules: a house-rules directory served on top of the built-in
// rulebooks keeps every built-in section findable, and the section it
// overrides and the one it adds are marked house_rule in rules and hits.
func TestHouseRules(t *testing.T) {
	books, err := rulesdata.FromDir("../rulesdata/testdata/house", false)
	if err != nil {
		t.Fatal(err)
	}
	ix := search.New(books)
	t.Cleanup(func() { ix.Close() })
	a := newTestAPI(t, Config{Rules: ix})
	for _, tc := range []struct {
		id    string
		house bool
		text  string
	}{
		{"quality-d6.oslona", true, "Osłona daje zawsze +1 do obrony"},
		{"quality-d6.nocna-zasadzka", true, "W pierwszej rundzie nocnej bitwy"},
		{"quality-d6.ap-x", false, ""},
		{"wzr-d20.kriticke-zraneni-poskozeni", false, ""},
	} {
		t.Run(tc.id, func(t *testing.T) {
			var r struct {
				ID        string `json:"id"`
				Text      string `json:"text"`
				HouseRule *bool  `json:"house_rule"`
			}
			a.get("/v1/rules/"+tc.id).JSON(t, &r)
			if r.ID != tc.id || r.HouseRule == nil || *r.HouseRule != tc.house || !strings.HasPrefix(r.Text, tc.text) {
				t.Errorf("rule %+v, house_rule %v, want %v", r, r.HouseRule, tc.house)
			}
		})
	}
	for _, tc := range []struct {
		query, id string
		house     bool
	}{
		{"osłona", "quality-d6.oslona", true},
		{"night ambush", "quality-d6.nocna-zasadzka", true},
		{"kriticke zraneni", "wzr-d20.kriticke-zraneni-poskozeni", false},
		{"AP", "quality-d6.ap-x", false},
	} {
		t.Run(tc.query, func(t *testing.T) {
			var res lookup.Result
			a.get("/v1/search?q="+url.QueryEscape(tc.query)).JSON(t, &res)
			if len(res.Hits) == 0 || res.Hits[0].ID != tc.id || res.Hits[0].HouseRule != tc.house {
				t.Fatalf("hits = %+v, want %s first with house_rule %v", res.Hits, tc.id, tc.house)
			}
			for _, h := range res.Hits[1:] {
				if h.HouseRule && h.ID != "quality-d6.oslona" && h.ID != "quality-d6.nocna-zasadzka" {
					t.Errorf("%s marked a house rule", h.ID)
				}
			}
		})
	}
	var list struct {
		Rules []struct {
			ID        string `json:"id"`
			HouseRule bool   `json:"house_rule"`
		} `json:"rules"`
	}
	a.get("/v1/rules?system=quality-d6").JSON(t, &list)
	var marked []string
	for _, r := range list.Rules {
		if r.HouseRule {
			marked = append(marked, r.ID)
		}
	}
	if strings.Join(marked, " ") != "quality-d6.oslona quality-d6.nocna-zasadzka" {
		t.Errorf("GET /v1/rules marks %v, want the override and the new section", marked)
	}
	var raw map[string]any
	a.get("/v1/search?q="+url.QueryEscape("osłona")).JSON(t, &raw)
	if hit := raw["hits"].([]any)[0].(map[string]any); hit["house_rule"] != true {
		t.Errorf("the JSON hit %v has no \"house_rule\": true", hit)
	}
}
