package systems

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestRound: Round gives the float nearest to x's 15 significant digits,
// whose shortest form is those digits.
func TestRound(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []float64{0, 1, -1, 0.9953703703703707, 126.20000000000002, 1.0 / 6, 0.1 + 0.2, 1e-300, 9.999999999999999e22,
		99999999999999.99, 0.09999999999999999, 5e-324, 1e15, 1e14 - 0.5}
	for range 200000 {
		cases = append(cases, r.Float64(), r.Float64()*math.Pow(10, float64(r.IntN(60)-30)), -r.Float64()*1000)
	}
	for _, x := range cases {
		got, want := strconv.FormatFloat(Round(x), 'g', -1, 64), strconv.FormatFloat(x, 'g', 15, 64)
		if g, _ := strconv.ParseFloat(got, 64); g != Round(x) || want != got && !sameNumber(got, want) {
			t.Errorf("Round(%v) is written %s, want %s", x, got, want)
		}
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := Round(x); !(got == x || math.IsNaN(got) && math.IsNaN(x)) {
			t.Errorf("Round(%v) = %v", x, got)
		}
	}
	if got := strconv.FormatFloat(Round(0.9953703703703707), 'g', -1, 64); got != "0.995370370370371" {
		t.Errorf("Round(0.9953703703703707) is written %s", got)
	}
}

// sameNumber reports whether two decimal strings are one number written
// with or without an exponent or trailing zeros.
func sameNumber(a, b string) bool {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	return errA == nil && errB == nil && x == y
}
