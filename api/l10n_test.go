package api

import (
	"kostka"

	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

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
	pathRE      = regexp.MustCompile(`\S*/\S*`)
	wordRE      = regexp.MustCompile(`\p{L}{3,}`)
)

// textWords are the lower-case words of at least three letters of a text,
// placeholders and paths (GET /v1/rules) left out.
func textWords(s string) []string {
	s = pathRE.ReplaceAllString(placeholder.ReplaceAllString(s, " "), " ")
	return wordRE.FindAllString(strings.ToLower(s), -1)
}

// TestProblemsInPolishAndCzech sends bad requests asking for Polish and
// Czech (by lang and by Accept-Language): every problem's title and detail
// is in that language, with no English word, and differs from the
// English answer to the same request. The problems no request can cause
// on demand (a 500, a slow or broken body, a request cut short) are
// written by the API's own functions. Every problem title and detail the
// API defines must turn up.
func TestProblemsInPolishAndCzech(t *testing.T) {
	english := englishWords()
	if len(english) < 30 {
		t.Fatalf("only %d English words to look for: %v", len(english), english)
	}
	var seen []kostka.Problem // every English problem, for the coverage check at the end
	check := func(t *testing.T, lang, how string, p, inEnglish kostka.Problem) {
		t.Helper()
		if p.Detail == "" || p.Detail == inEnglish.Detail || p.Title == inEnglish.Title {
			t.Errorf("%s by %s: %q: %q is not localized (English: %q: %q)", lang, how, p.Title, p.Detail, inEnglish.Title, inEnglish.Detail)
		}
		for _, w := range textWords(p.Title + " " + p.Detail) {
			if english[w] {
				t.Errorf("%s by %s: %q: %q has the English word %q", lang, how, p.Title, p.Detail, w)
			}
		}
	}
	a := newTestAPI(t, Config{Rules: embeddedRules()})
	bare := newTestAPI(t, Config{}) // serves no rules and no Discord interactions
	attack := "/v1/systems/quality-d6/attack"
	longQuery := strings.Repeat("a", 201)
	for _, tt := range []struct {
		name, method, path, contentType, body string
		status                                int
		api                                   *testAPI // nil: a
		// acceptOnly: the request's lang is what is wrong, so only
		// Accept-Language can ask for Polish or Czech.
		acceptOnly bool
	}{
		{name: "empty body", method: "POST", path: attack, contentType: "application/json", body: "", status: 400},
		{name: "cut off", method: "POST", path: attack, contentType: "application/json", body: `{"attacks":`, status: 400},
		{name: "not an object", method: "POST", path: attack, contentType: "application/json", body: `[1]`, status: 422},
		{name: "malformed", method: "POST", path: attack, contentType: "application/json", body: `{attacks: 1}`, status: 400},
		{name: "two objects", method: "POST", path: attack, contentType: "application/json", body: `{"attacks": 1} {}`, status: 400},
		{name: "unknown field", method: "POST", path: "/v1/systems/quality-d6/cost", contentType: "application/json", body: `{"models": 5, "quality": 4, "defense": 4, "laser": 1}`, status: 422},
		{name: "wrong type", method: "POST", path: "/v1/systems/quality-d6/cost", contentType: "application/json", body: `{"models": "five"}`, status: 422},
		{name: "too large", method: "POST", path: attack, contentType: "application/json", body: `{"x": "` + strings.Repeat(" ", 70_000) + `"}`, status: 413},
		{name: "media type", method: "POST", path: attack, contentType: "application/xml", body: `{}`, status: 415},
		{name: "bad seed", method: "POST", path: attack + "?seed=x", contentType: "application/json", body: `{"attacks": 1, "quality": 4, "defense": 4}`, status: 400},
		{name: "bad roll seed", method: "GET", path: "/v1/roll?expr=2d6&seed=x", status: 400},
		{name: "bad mode", method: "POST", path: attack + "?mode=x", contentType: "application/json", body: `{"attacks": 1, "quality": 4, "defense": 4}`, status: 400},
		{name: "missing field", method: "POST", path: attack, contentType: "application/json", body: `{"attacks": 1, "quality": 4}`, status: 422},
		{name: "over budget", method: "POST", path: attack + "?mode=odds", contentType: "application/json", status: 422,
			body: `{"attacks":200,"quality":2,"defense":6,"blast":12,"models":100,"toughness":30,"charging":true,"abilities":["Rój","Podwójny","Furia","Dezintegracja"]}`},
		{name: "no system", method: "POST", path: "/v1/systems/chess/attack", contentType: "application/json", body: `{}`, status: 404},
		{name: "no action", method: "POST", path: "/v1/systems/quality-d6/fly", contentType: "application/json", body: `{}`, status: 404},
		{name: "no rule", method: "GET", path: "/v1/rules/quality-d6.nic-takiego", status: 404},
		{name: "no route", method: "GET", path: "/v1/nowhere", status: 404},
		{name: "method", method: "GET", path: attack, status: 405},
		{name: "missing expr", method: "GET", path: "/v1/roll", status: 400},
		{name: "missing odds expr", method: "POST", path: "/v1/odds", contentType: "application/json", body: `{}`, status: 400},
		{name: "dice syntax", method: "GET", path: "/v1/roll?expr=2d6%C5%82", status: 400},
		{name: "dice limit", method: "GET", path: "/v1/roll?expr=1000000d6", status: 422},
		{name: "dice not supported", method: "GET", path: "/v1/odds?expr=3d6!pkh2", status: 422},
		{name: "search empty q", method: "GET", path: "/v1/search?q=", status: 400},
		{name: "search long q", method: "GET", path: "/v1/search?q=" + longQuery, status: 400},
		{name: "search limit not a number", method: "GET", path: "/v1/search?q=oslona&limit=x", status: 400},
		{name: "search limit too high", method: "GET", path: "/v1/search?q=oslona&limit=99", status: 400},
		{name: "search no rulebook", method: "GET", path: "/v1/search?q=oslona&system=chess", status: 400},
		{name: "suggest empty q", method: "GET", path: "/v1/suggest?q=", status: 400},
		{name: "search q not UTF-8", method: "GET", path: "/v1/search?q=os%FFona", status: 400},
		{name: "suggest q not UTF-8", method: "GET", path: "/v1/suggest?q=%C5", status: 400},
		{name: "search q without words", method: "GET", path: "/v1/search?q=%3F%21", status: 400},
		{name: "suggest long q", method: "GET", path: "/v1/suggest?q=" + longQuery, status: 400},
		{name: "suggest limit", method: "GET", path: "/v1/suggest?q=os&limit=26", status: 400},
		{name: "rules no rulebook", method: "GET", path: "/v1/rules?system=chess", status: 400},
		{name: "search bad lang", method: "GET", path: "/v1/search?q=oslona&lang=xx", status: 400, acceptOnly: true},
		{name: "action bad lang", method: "POST", path: attack + "?lang=de", contentType: "application/json", body: `{}`, status: 400, acceptOnly: true},
		{name: "cost bad lang", method: "POST", path: "/v1/systems/quality-d6/cost?lang=english", contentType: "application/json", body: `{}`, status: 400, acceptOnly: true},
		{name: "no rules served", method: "GET", path: "/v1/search?q=oslona", status: 404, api: bare},
		{name: "no Discord served", method: "POST", path: "/discord/interactions", contentType: "application/json", body: `{}`, status: 404, api: bare},
	} {
		t.Run(tt.name, func(t *testing.T) {
			api := tt.api
			if api == nil {
				api = a
			}
			api.t = t
			inEnglish := api.do(tt.method, tt.path, tt.contentType, tt.body).Problem(t, tt.status)
			seen = append(seen, inEnglish)
			for _, lang := range []string{"pl", "cs"} {
				for _, how := range []string{"lang", "Accept-Language"} {
					if how == "lang" && tt.acceptOnly {
						continue
					}
					path, header := tt.path, []string{"Accept-Language", lang + ";q=0.9, en;q=0.5"}
					if how == "lang" {
						path += map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] + "lang=" + lang
						header = nil
					}
					check(t, lang, how, api.do(tt.method, path, tt.contentType, tt.body, header...).Problem(t, tt.status), inEnglish)
				}
			}
		})
	}

	// A full pool and queue (busy), and a shutdown, answer 503.
	t.Run("unavailable", func(t *testing.T) {
		work := newPool(1, 1, 10*time.Second)
		base, shutdown := context.WithCancelCause(context.Background())
		srv := httptest.NewUnstartedServer(newHandler(Config{}, work))
		srv.Config.BaseContext = func(net.Listener) context.Context { return base }
		srv.Start()
		defer srv.Close()
		release, err := work.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer release()
		get := func(path, acceptLanguage string) kostka.Problem {
			t.Helper()
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			req.Header.Set("Accept-Language", acceptLanguage)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var p kostka.Problem
			if err := json.NewDecoder(res.Body).Decode(&p); err != nil || res.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("%s: %d %v", path, res.StatusCode, err)
			}
			return p
		}
		// One request waits in the queue, so the next finds it full.
		queued := make(chan kostka.Problem, 1)
		go func() { queued <- get("/v1/roll?expr=2d6", "cs") }()
		waitFor(t, func() bool { return work.Waiting() == 1 })
		busy := get("/v1/odds?expr=3d6", "")
		seen = append(seen, busy)
		for _, lang := range []string{"pl", "cs"} {
			check(t, lang, "Accept-Language", get("/v1/odds?expr=3d6&lang="+lang, ""), busy)
		}
		shutdown(ErrShuttingDown)
		p := <-queued
		inEnglish := unavailable(ErrShuttingDown)
		seen = append(seen, *inEnglish)
		check(t, "cs", "Accept-Language", p, *inEnglish)
	})

	// The problems no request causes on demand, written as the API writes
	// them.
	for _, tt := range []struct {
		name string
		p    error
	}{
		{"out of time", unavailable(context.DeadlineExceeded)},
		{"cancelled", unavailable(context.Canceled)},
		{"slow body", readProblem(os.ErrDeadlineExceeded)},
		{"body unread", readProblem(errors.New("connection reset"))},
		{"undecodable body", kostka.JSONProblem(errors.New("json: some future decoder error"))},
		{"internal", &kostka.Problem{Type: kostka.TypeInternal, Title: "Internal error", Status: http.StatusInternalServerError}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			write := func(lang string) kostka.Problem {
				rec := httptest.NewRecorder()
				writeError(rec, httptest.NewRequest(http.MethodGet, "/v1/roll?lang="+lang, nil), slog.New(slog.DiscardHandler), tt.p)
				var p kostka.Problem
				if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Header().Get("Content-Type") != "application/problem+json" {
					t.Fatalf("%s: %v", rec.Body, err)
				}
				return p
			}
			inEnglish := write("en")
			seen = append(seen, inEnglish)
			titleOnly := inEnglish.Detail == "" // a 500 says nothing but its title
			if titleOnly {
				inEnglish.Detail = "-"
			}
			for _, lang := range []string{"pl", "cs"} {
				p := write(lang)
				if titleOnly && p.Detail == "" {
					p.Detail = "+"
				}
				check(t, lang, "lang", p, inEnglish)
			}
		})
	}

	// Every title and detail the API defines was answered above.
	for _, d := range l10n.All() {
		id := d.ID()
		if !strings.HasPrefix(id, "api.error.") && !strings.HasPrefix(id, "api.title.") {
			continue
		}
		const hole = "\x00"
		quoted := regexp.QuoteMeta(placeholder.ReplaceAllString(d.Texts().En, hole))
		pattern := regexp.MustCompile("^" + strings.ReplaceAll(quoted, hole, ".*") + "$")
		found := false
		for _, p := range seen {
			found = found || pattern.MatchString(p.Title) || pattern.MatchString(p.Detail)
		}
		if !found {
			t.Errorf("no problem above has %s (%q): add a case for it", id, d.Texts().En)
		}
	}
}

// TestRefusalsNameFieldsByLabel: a refusal that names a field (a value of
// the wrong type, a field that applies only in another mode, two fields
// that exclude each other) names it, and the values it takes, by their
// labels in the answer's language, while the problem's field stays the
// field's id.
func TestRefusalsNameFieldsByLabel(t *testing.T) {
	a := newTestAPI(t, Config{})
	for _, tt := range []struct {
		path, body, field string
		want              map[string]string // lang → detail
	}{
		{"/v1/systems/quality-d6/cost", `{"models": "five"}`, "models", map[string]string{
			"en": "Models in the target unit must be a number in range, not a string",
			"pl": "Modele w oddziale celu musi być typu: liczba z zakresu (wysłano: napis)",
			"cs": "Modely v cílové jednotce musí být typu: číslo v rozsahu (posláno: řetězec)"}},
		{"/v1/systems/fantasy-k6/attack", `{"attacks": 3, "pain": 3, "mode": "melee", "accuracy": 4}`, "accuracy", map[string]string{
			"en": "applies only when Attack is shooting",
			"pl": "dotyczy tylko sytuacji, gdy Atak ma wartość strzelanie",
			"cs": "platí jen tehdy, když Útok má hodnotu střelba"}},
		{"/v1/systems/pool-k6/test", `{"dice": 3, "threshold": 4, "opponent": {"dice": 2}}`, "threshold", map[string]string{
			"en": "cannot be given together with Opponent (opposed test)",
			"pl": "nie może wystąpić razem z Przeciwnik (test przeciwstawny)",
			"cs": "nelze zadat spolu s Protivník (srovnávací test)"}},
	} {
		for _, lang := range []string{"en", "pl", "cs"} {
			a.t = t
			p := a.postJSON(tt.path+"?lang="+lang, tt.body).Problem(t, http.StatusUnprocessableEntity)
			if p.Field != tt.field || p.Detail != tt.want[lang] {
				t.Errorf("%s %s in %s: field %q, detail %q; want %q, %q", tt.path, tt.body, lang, p.Field, p.Detail, tt.field, tt.want[lang])
			}
		}
	}
}
