package api

import (
	"math"
	"net/http"
	"net/url"
	"strings"
	"testing"

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
		{"expr=" + url.QueryEscape("1d6/(1d6-1)"), "a divisor that can be 0", 5},
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
