package api

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"kostka/l10n"
)

// englishWords are the words of the English texts of the API's problems
// (and of the field errors they carry) that neither the Polish nor the
// Czech text of the same message uses: a Polish or Czech problem holding
// one has English in it.
func englishWords() map[string]bool {
	out := map[string]bool{}
	for _, d := range l10n.All() {
		if !strings.HasPrefix(d.ID(), "api.") && !strings.HasPrefix(d.ID(), "field.") {
			continue
		}
		tx := d.Texts()
		pl, cs := textWords(tx.Pl), textWords(tx.Cs)
		for _, w := range textWords(tx.En) {
			if !slices.Contains(pl, w) && !slices.Contains(cs, w) {
				out[w] = true
			}
		}
	}
	delete(out, "system") // a Polish word too
	return out
}

var (
	placeholder = regexp.MustCompile(`\{[^{}]*\}`)
	wordRE      = regexp.MustCompile(`\p{L}{3,}`)
)

// textWords are the lower-case words of at least three letters of a text,
// placeholders left out.
func textWords(s string) []string {
	return wordRE.FindAllString(strings.ToLower(placeholder.ReplaceAllString(s, " ")), -1)
}

// TestProblemsInPolishAndCzech sends bad requests asking for Polish and
// Czech (by lang and by Accept-Language): every problem's title and detail
// is in that language, with no English word, and differs from the
// English answer to the same request.
func TestProblemsInPolishAndCzech(t *testing.T) {
	english := englishWords()
	if len(english) < 30 {
		t.Fatalf("only %d English words to look for: %v", len(english), english)
	}
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	attack := "/v1/systems/quality-d6/attack"
	for _, tt := range []struct {
		name, method, path, contentType, body string
		status                                int
	}{
		{"empty body", "POST", attack, "application/json", "", 400},
		{"cut off", "POST", attack, "application/json", `{"attacks":`, 400},
		{"not an object", "POST", attack, "application/json", `[1]`, 422},
		{"malformed", "POST", attack, "application/json", `{attacks: 1}`, 400},
		{"two objects", "POST", attack, "application/json", `{"attacks": 1} {}`, 400},
		{"unknown field", "POST", "/v1/systems/quality-d6/cost", "application/json", `{"models": 5, "quality": 4, "defense": 4, "laser": 1}`, 422},
		{"wrong type", "POST", "/v1/systems/quality-d6/cost", "application/json", `{"models": "five"}`, 422},
		{"too large", "POST", attack, "application/json", `{"x": "` + strings.Repeat(" ", 70_000) + `"}`, 413},
		{"media type", "POST", attack, "application/xml", `{}`, 415},
		{"bad seed", "POST", attack + "?seed=x", "application/json", `{"attacks": 1, "quality": 4, "defense": 4}`, 400},
		{"bad mode", "POST", attack + "?mode=x", "application/json", `{"attacks": 1, "quality": 4, "defense": 4}`, 400},
		{"missing field", "POST", attack, "application/json", `{"attacks": 1, "quality": 4}`, 422},
		{"no system", "POST", "/v1/systems/chess/attack", "application/json", `{}`, 404},
		{"no action", "POST", "/v1/systems/quality-d6/fly", "application/json", `{}`, 404},
		{"no rule", "GET", "/v1/rules/quality-d6.nic-takiego", "", "", 404},
		{"no route", "GET", "/v1/nowhere", "", "", 404},
		{"method", "GET", attack, "", "", 405},
		{"dice syntax", "GET", "/v1/roll?expr=2d6%C5%82", "", "", 400},
		{"dice limit", "GET", "/v1/roll?expr=1000000d6", "", "", 422},
	} {
		t.Run(tt.name, func(t *testing.T) {
			inEnglish := a.do(tt.method, tt.path, tt.contentType, tt.body).Problem(t, tt.status)
			for _, lang := range []string{"pl", "cs"} {
				for _, how := range []string{"lang", "Accept-Language"} {
					path, header := tt.path, []string{"Accept-Language", lang + ";q=0.9, en;q=0.5"}
					if how == "lang" {
						path += map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] + "lang=" + lang
						header = nil
					}
					p := a.do(tt.method, path, tt.contentType, tt.body, header...).Problem(t, tt.status)
					if p.Detail == "" || p.Detail == inEnglish.Detail || p.Title == inEnglish.Title {
						t.Errorf("%s by %s: %q: %q is not localized (English: %q: %q)", lang, how, p.Title, p.Detail, inEnglish.Title, inEnglish.Detail)
					}
					for _, w := range textWords(p.Title + " " + p.Detail) {
						if english[w] {
							t.Errorf("%s by %s: %q: %q has the English word %q", lang, how, p.Title, p.Detail, w)
						}
					}
				}
			}
		})
	}
}
