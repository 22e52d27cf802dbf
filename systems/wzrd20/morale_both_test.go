package wzrd20

import (
	"testing"

	"kostka/dice"
	"kostka/systems/systemstest"
)

// TestBothMoraleTestsByHand checks the two morale tests at 75% losses in
// one request. Seed 003, Zalehnutí: "Pokud oddíl v jediném kole ztratí 50
// a více procent svých členů […] musíte provést test, který ukáže, zda
// modely nepřestanou bojovat"; Rozprášení: "Pokud oddíl v jediném kole
// ztratí 75 a více procent svých členů […] musíte provést test, zda oddíl
// nebude rozprášený."
func TestBothMoraleTestsByHand(t *testing.T) {
	// LD 9: each test passes on 9/20.
	const p = 9. / 20
	q := p + (1-p)*p
	for _, c := range []struct {
		name                  string
		req                   MoraleRequest
		both, pinning, broken float64
	}{
		{"no rerolls", MoraleRequest{Leadership: 9, Squad: 4, Lost: 3, At75: "both"}, p * p, p, p},
		// One reroll goes to the first failure: Pinning's if its first roll
		// fails, else Broken's.
		{"one reroll", MoraleRequest{Leadership: 9, Squad: 4, Lost: 3, At75: "both", Rerolls: 1}, p*q + (1-p)*p*p, q, p*q + (1-p)*p},
		{"two rerolls", MoraleRequest{Leadership: 9, Squad: 8, Lost: 8, At75: "both", Rerolls: 2}, q * q, q, q},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, err := MoraleOddsOf(t.Context(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			if o.Test != pinningAndBroken || !near(o.Passed, c.both) || !near(o.PassedPinning, c.pinning) || !near(o.PassedBroken, c.broken) {
				t.Errorf("got %+v; want both %v, pinning %v, broken %v", o, c.both, c.pinning, c.broken)
			}
			const trials = 40_000
			src := dice.NewSeededSource(41)
			var both, pin, brk int
			for range trials {
				res, err := Morale(t.Context(), c.req, src)
				if err != nil {
					t.Fatal(err)
				}
				if res.Roll == nil || res.Broken == nil || *res.Passed != (res.Roll.Success && res.Broken.Success) {
					t.Fatalf("the answer %+v does not hold both tests", res)
				}
				if *res.Passed {
					both++
				}
				if res.Roll.Success {
					pin++
				}
				if res.Broken.Success {
					brk++
				}
			}
			systemstest.WithinFourSigma(t, "both", both, trials, c.both)
			systemstest.WithinFourSigma(t, "pinning", pin, trials, c.pinning)
			systemstest.WithinFourSigma(t, "broken", brk, trials, c.broken)
		})
	}
	// Under 75% both is the Pinning test alone, and by default 75% takes
	// the Broken test alone.
	for _, c := range []struct {
		req  MoraleRequest
		test string
	}{
		{MoraleRequest{Leadership: 9, Squad: 4, Lost: 2, At75: "both"}, "pinning"},
		{MoraleRequest{Leadership: 9, Squad: 4, Lost: 3}, "broken"},
	} {
		if o, err := MoraleOddsOf(t.Context(), c.req); err != nil || o.Test != c.test || !near(o.Passed, p) {
			t.Errorf("%+v: %+v, %v; want the %s test alone", c.req, o, err, c.test)
		}
	}
}
