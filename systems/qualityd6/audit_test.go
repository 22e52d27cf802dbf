package qualityd6

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"
)

// exactly reports whether a computed probability or mean is the exact
// fraction want, to the last bits of a float64's rounding.
func exactly(got float64, want *big.Rat) bool {
	w, _ := want.Float64()
	return math.Abs(got-w) <= 1e-13*math.Max(1, math.Abs(w))
}

// ratPow is (n/d)^k as an exact fraction.
func ratPow(n, d int64, k int) *big.Rat {
	r := big.NewRat(1, 1)
	for range k {
		r.Mul(r, big.NewRat(n, d))
	}
	return r
}

// TestAuditTargeting: Namierzanie "Ignoruje negatywne modyfikatory do
// trafienia i zasięgu" (seed 001, Namierzanie): a -2 to hit is ignored,
// Quality 4+ hits on 4+: P(no hits) (1/2)^6 = 1/64, and each attack
// wounds with 1/2 · 1/2: mean wounds 6/4 = 1.5.
func TestAuditTargeting(t *testing.T) {
	req := mustDecode(t, `{"attacks":6,"quality":4,"defense":4,"hit_modifier":-2,"models":10,"abilities":["Namierzanie"]}`)
	o, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := o.Hits.Values[0]; got.Value != 0 || !exactly(got.P, big.NewRat(1, 64)) {
		t.Errorf("P(no hits) = %+v, want 1/64", got)
	}
	if !exactly(o.Wounds.Mean, big.NewRat(3, 2)) {
		t.Errorf("mean wounds %v, want 3/2", o.Wounds.Mean)
	}
	// Without Namierzanie the -2 counts: 6+ hits, 1/6.
	req = mustDecode(t, `{"attacks":6,"quality":4,"defense":4,"hit_modifier":-2,"models":10}`)
	if o, err = AttackOddsOf(t.Context(), req); err != nil || !exactly(o.Wounds.Mean, big.NewRat(6, 12)) {
		t.Errorf("without Namierzanie: mean wounds %v (%v), want 1/2", o.Wounds.Mean, err)
	}
}

// TestAuditWaagh: Waagh! "twoje ataki mają -1AP" (seed 001, Waagh!), and
// the cost table has an AP -1 column: an AP(0) weapon of a unit whose
// Waagh! is on is AP(-1), the target's Defense 4+ is 3+. Quality 3+ hits
// with 2/3, 3+ fails with 1/3: P(no wounds) (1 - 2/9)^6 = 117649/531441.
func TestAuditWaagh(t *testing.T) {
	req := mustDecode(t, `{"attacks":6,"quality":3,"defense":4,"ap":0,"models":10,"abilities":["Waagh!"],"conditions":["attacker_waagh"]}`)
	o, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := o.Wounds.Values[0]; got.Value != 0 || !exactly(got.P, big.NewRat(117649, 531441)) {
		t.Errorf("P(no wounds) = %+v, want 117649/531441", got)
	}
	// AP(-1) given as a weapon's AP is the same.
	req = mustDecode(t, `{"attacks":6,"quality":3,"defense":4,"ap":-1,"models":10}`)
	if o, err = AttackOddsOf(t.Context(), req); err != nil || !exactly(o.Wounds.Values[0].P, ratPow(7, 9, 6)) {
		t.Errorf("AP(-1): P(no wounds) %v (%v), want (7/9)^6", o.Wounds.Values[0].P, err)
	}
}

// mustDecode decodes an attack request as the rulebook's examples write
// it (Normalize fills what the schema's defaults would).
func mustDecode(t *testing.T, body string) AttackRequest {
	t.Helper()
	var req AttackRequest
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return req
}
