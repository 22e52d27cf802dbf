package api

import (
	"math"
	"net/http"
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
