package api

import (
	"math"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode"

	"kostka/dice"
)

func TestOdds(t *testing.T) {
	a := newTestAPI(t, Config{})
	for _, res := range []response{a.get("/v1/odds?expr=2k6%2B1"), a.postJSON("/v1/odds", `{"expr":"2d6+1"}`)} {
		if res.Status != http.StatusOK {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		var o dice.Odds
		res.JSON(t, &o)
		if o.Min != 3 || o.Max != 13 || math.Abs(o.Mean-8) > 1e-9 || len(o.Distribution) != 11 {
			t.Errorf("2d6+1: %+v", o)
		}
		if d := o.Distribution[5]; d.Value != 8 || math.Abs(d.P-6./36) > 1e-12 || math.Abs(d.PAtLeast-21./36) > 1e-12 {
			t.Errorf("P(8) entry %+v, want p 6/36 and p_at_least 21/36", d)
		}
	}
	a.get("/v1/odds?expr=2d").Problem(t, http.StatusBadRequest)
	a.get("/v1/odds").Problem(t, http.StatusBadRequest)
	if p := a.get("/v1/odds?expr=1000d1000").Problem(t, http.StatusUnprocessableEntity); p.Field != "expr" {
		t.Errorf("field = %q", p.Field)
	}
	a.postJSON("/v1/odds", `{"expr":"d6","seed":1}`).Problem(t, http.StatusUnprocessableEntity)
}

// TestOddsJSONRounding checks probabilities are written to 15 significant
// digits, without floating-point noise.
func TestOddsJSONRounding(t *testing.T) {
	a := newTestAPI(t, Config{})
	body := string(a.get("/v1/odds?expr=2d6").Body)
	for _, want := range []string{`"value":7,"p":0.166666666666667,"p_at_least":0.583333333333333`, `"value":12,"p":0.0277777777777778,`, `"mean":7,`} {
		if !strings.Contains(body, want) {
			t.Errorf("odds of 2d6 lack %s: %s", want, body)
		}
	}
	// The ends of large plain sums: 100d100 reaches 10000, 1/100^100.
	var big dice.Odds
	a.get("/v1/odds?expr=100d100").JSON(t, &big)
	if n := len(big.Distribution); big.Min != 100 || big.Max != 10000 || n != 9901 || len(big.LeftOut) != 0 ||
		big.Distribution[n-1].Value != 10000 || math.Abs(big.Distribution[n-1].P/1e-200-1) > 1e-9 {
		t.Errorf("100d100: %d..%d, %d totals, left out %+v", big.Min, big.Max, n, big.LeftOut)
	}
	// The true range, with the tails too unlikely to list left out.
	var o dice.Odds
	a.get("/v1/odds?expr=1000d6").JSON(t, &o)
	if o.Min != 1000 || o.Max != 6000 || len(o.LeftOut) != 2 || o.LeftOut[0].From != 1000 || o.Distribution[0].Value != o.LeftOut[0].To+1 {
		t.Errorf("1000d6: %d..%d, left out %+v", o.Min, o.Max, o.LeftOut)
	}
}

// TestRollErrorPositions checks syntax errors name whole characters at
// their character positions, and a + sent unencoded in a query.
func TestRollErrorPositions(t *testing.T) {
	a := newTestAPI(t, Config{})
	for _, tt := range []struct {
		query, detail string
		pos           int
	}{
		{"expr=1d20+5", "write it as %2B", 6},
		{"expr=" + url.QueryEscape("３ｄ６"), "not '３'", 1},
		{"expr=" + url.QueryEscape("2d6ł"), "not 'ł'", 4},
		{"expr=" + url.QueryEscape("1d6/(1d6-1)"), "The divisor at character 5 could be 0", 5},
	} {
		p := a.get("/v1/roll?"+tt.query).Problem(t, http.StatusBadRequest)
		if p.Position != tt.pos || p.Field != "expr" || !strings.Contains(p.Detail, tt.detail) {
			t.Errorf("%s: %+v", tt.query, p)
		}
	}
	p := a.get("/v1/roll?expr="+url.QueryEscape("999999999*999999999*999999999")).Problem(t, http.StatusUnprocessableEntity)
	if !strings.Contains(p.Detail, "larger than 9007199254740991") {
		t.Errorf("overflow: %+v", p)
	}
}

// TestDiceErrorsInTheAnswersLanguage checks that a dice expression's
// error is in the language asked for, by ?lang= or Accept-Language, with
// the field's label, and that a Polish or Czech one has no English words.
func TestDiceErrorsInTheAnswersLanguage(t *testing.T) {
	a := newTestAPI(t, Config{})
	english := map[string]bool{}
	for _, w := range strings.Fields("expected character the not die dice roll number after keep drop cannot limit exceeded at of is an sides more than such as expression") {
		english[w] = true
	}
	for _, tt := range []struct {
		name   string
		res    response
		status int
		lang   string
		label  string
		detail string
	}{
		{"pl syntax", a.get("/v1/roll?lang=pl&expr=" + url.QueryEscape("2d6ł")), 400, "pl", "Wyrażenie z kośćmi", "Na pozycji 4 powinien być znak działania (+ - * /), a jest „ł”."},
		{"cs plus", a.get("/v1/roll?lang=cs&expr=1d20+5"), 400, "cs", "Výraz s kostkami", "Na pozici 6 má být znaménko operace (+ - * /), ne „5“. Znak + napsaný do webové adresy dorazí jako mezera: napište ho jako %2B."},
		{"pl limit by header", a.do(http.MethodGet, "/v1/roll?expr=1001d6", "", "", "Accept-Language", "pl-PL,pl;q=0.9,en;q=0.5"), 422, "pl", "Wyrażenie z kośćmi", "Rzucić można od 1 do 1000 kości naraz, nie 1001 (pozycja 1)."},
		{"cs post", a.postJSON("/v1/roll?lang=cs", `{"expr":"4d6k5"}`), 400, "cs", "Výraz s kostkami", "Nelze ponechat 5 z 4 kostek (pozice 4)."},
		{"pl odds", a.get("/v1/odds?lang=pl&expr=" + url.QueryEscape("3d6!pkh2")), 422, "pl", "Wyrażenie z kośćmi", "Dokładnych szans nie da się policzyć"},
		{"cs odds limit", a.postJSON("/v1/odds?lang=cs", `{"expr":"1000d1000"}`), 422, "cs", "Výraz s kostkami", "1000d1000 má více možných součtů, než šance dokážou vypsat (10000)."},
		{"en", a.get("/v1/roll?lang=en&expr=2d"), 400, "en", "Dice expression", "Expected the number of sides after 'd' (character 3), such as d6."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.res.Problem(t, tt.status)
			if p.Field != "expr" || p.Label != tt.label || !strings.HasPrefix(p.Detail, tt.detail) {
				t.Errorf("field %q, label %q, detail %q; want expr, %q, %q", p.Field, p.Label, p.Detail, tt.label, tt.detail)
			}
			if tt.lang == "en" {
				return
			}
			for _, w := range strings.FieldsFunc(p.Label+" "+p.Detail, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if english[strings.ToLower(w)] {
					t.Errorf("%s detail %q has the English word %q", tt.lang, p.Detail, w)
				}
			}
		})
	}
}

// TestDiceNotesInTheRequestsLanguage checks that the notes of rolls and
// odds are messages in the language asked for, with Content-Language set.
func TestDiceNotesInTheRequestsLanguage(t *testing.T) {
	a := newTestAPI(t, Config{})
	type note struct{ ID, Text string }
	for _, tt := range []struct {
		path, lang, id, text string
	}{
		{"/v1/odds?expr=1d6/2", "pl", "dice.note.rounded-down", "Dzielenie zaokrągla w dół."},
		{"/v1/odds?expr=1d6/2", "cs", "dice.note.rounded-down", "Dělení se zaokrouhluje dolů."},
		{"/v1/odds?expr=1d6/2", "en", "dice.note.rounded-down", "Division rounds down."},
		{"/v1/odds?expr=3x%201d6", "pl", "dice.note.one-of-repeats", "Szanse jednego z 3 rzutów."},
		{"/v1/odds?expr=3x%201d6", "cs", "dice.note.one-of-repeats", "Pravděpodobnosti jednoho z 3 hodů."},
		{"/v1/roll?expr=7/2", "pl", "dice.note.rounded-down", "Dzielenie zaokrągla w dół."},
		{"/v1/roll?expr=7/2", "cs", "dice.note.rounded-down", "Dělení se zaokrouhluje dolů."},
		// Ten times 1000 dice reach the 10,000 dice a roll may roll, so the
		// sixes of the last repetitions cannot explode.
		{"/v1/roll?expr=10x%201000d6!&seed=1", "pl", "dice.note.stopped-explosions", "Eksplozje kończą się po 100 dodatkowych rzutach jednej kości albo po rzuceniu łącznie 10000 kości."},
		{"/v1/roll?expr=10x%201000d2r1&seed=1", "cs", "dice.note.stopped-rerolls", "Přehozy končí po 100 přehozech jedné kostky nebo poté, co padlo celkem 10000 kostek."},
	} {
		res := a.get(tt.path + "&lang=" + tt.lang)
		var out struct{ Notes []note }
		res.JSON(t, &out)
		if got := res.Header.Get("Content-Language"); got != tt.lang {
			t.Errorf("%s in %s: Content-Language %q", tt.path, tt.lang, got)
		}
		if len(out.Notes) != 1 || out.Notes[0].ID != tt.id || out.Notes[0].Text != tt.text {
			t.Errorf("%s in %s: notes %+v, want %s %q", tt.path, tt.lang, out.Notes, tt.id, tt.text)
		}
	}
	a.get("/v1/roll?expr=1d6&lang=de").Problem(t, http.StatusBadRequest)
}
