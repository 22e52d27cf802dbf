package dice

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"
)

// exactCounts returns, for each n of ns (in increasing order), the
// number of ways n dice of m sides roll each total from n to n·m: exact
// integers, by adding one die at a time.
func exactCounts(ns []int, m int) map[int][]*big.Int {
	out := map[int][]*big.Int{}
	maxN := ns[len(ns)-1]
	size := maxN*(m-1) + 1
	prev, cur := make([]*big.Int, size), make([]*big.Int, size)
	for i := range prev {
		prev[i], cur[i] = new(big.Int), new(big.Int)
	}
	prev[0].SetInt64(1)
	window := new(big.Int)
	for n := 1; n <= maxN; n++ {
		width := n*(m-1) + 1
		window.SetInt64(0)
		for i := range width {
			if i < width-m+1 {
				window.Add(window, prev[i])
			}
			if j := i - m; j >= 0 {
				window.Sub(window, prev[j])
			}
			cur[i].Set(window)
		}
		prev, cur = cur, prev
		if slices.Contains(ns, n) {
			row := make([]*big.Int, width)
			for i := range row {
				row[i] = new(big.Int).Set(prev[i])
			}
			out[n] = row
		}
	}
	return out
}

// ratio is a/b as a float64 (0 or subnormal when it is that small).
func ratio(a, b *big.Int) float64 {
	f, _ := new(big.Float).SetPrec(200).Quo(new(big.Float).SetPrec(200).SetInt(a), new(big.Float).SetPrec(200).SetInt(b)).Float64()
	return f
}

// TestPlainSumsAreExact checks the odds of NdM against exact integer
// counts over a grid up to 1000d6, 1000d10 and 100d100: every listed
// probability within a relative 1e-10, the range the true one, the totals
// less likely than 1e-300 left out at the ends with the probability they
// hold, and everything summing to 1 within 1e-12.
func TestPlainSumsAreExact(t *testing.T) {
	grid := map[int][]int{ // sides: dice
		2:    {1, 2, 10, 100, 999, 1000},
		3:    {1, 7, 50, 500, 1000},
		4:    {1, 3, 40, 300, 1000},
		6:    {1, 2, 3, 10, 100, 200, 397, 500, 1000},
		10:   {1, 5, 30, 100, 400, 1000},
		12:   {1, 12, 90, 600, 909},
		20:   {1, 2, 20, 100, 300, 526},
		100:  {1, 2, 3, 10, 50, 99, 100},
		1000: {1, 2, 10},
	}
	if testing.Short() {
		grid = map[int][]int{6: {1, 3, 100, 1000}, 100: {10, 100}}
	}
	for m, ns := range grid {
		counts := exactCounts(ns, m)
		for _, n := range ns {
			t.Run(fmt.Sprintf("%dd%d", n, m), func(t *testing.T) {
				e, err := Parse(fmt.Sprintf("%dd%d", n, m))
				if err != nil {
					t.Fatal(err)
				}
				o, err := e.Odds()
				if err != nil {
					t.Fatal(err)
				}
				checkOdds(t, e.String(), o)
				if o.Min != n || o.Max != n*m {
					t.Fatalf("range %d..%d, want %d..%d", o.Min, o.Max, n, n*m)
				}
				if p := o.Distribution[0].PAtLeast; p != 1 { // what is below holds less than 1e-300
					t.Errorf("P(≥ %d) = %v, want 1", o.Distribution[0].Value, p)
				}
				if want := float64(n) * float64(m+1) / 2; o.Mean != want { // exact, not within rounding
					t.Errorf("mean %v, want %v", o.Mean, want)
				}
				all := new(big.Int).Exp(big.NewInt(int64(m)), big.NewInt(int64(n)), nil)
				checkCounts(t, o, n, counts[n], all)
			})
		}
	}
}

// TestRerolledSumsAreExact checks the odds of sums of dice that reroll
// their 1s, which are convolved by repeated squaring, alone and added to
// each other, against exact counts: NdMr1 is N dice of the faces 2 to M,
// and NdMr1+NdMr1 is 2N of them.
func TestRerolledSumsAreExact(t *testing.T) {
	grid := map[int][]int{ // sides: dice, each alone and added to itself
		3:   {1, 2, 3, 100, 500},
		6:   {1, 7, 50, 250, 500},
		20:  {1, 3, 64, 200},
		100: {1, 2, 5, 30},
	}
	alone := map[int][]int{3: {1000}, 6: {1000}, 20: {500}, 100: {100}}
	for m, ns := range grid {
		var dice []int
		for _, n := range ns {
			dice = append(dice, n, 2*n)
		}
		dice = append(dice, alone[m]...)
		slices.Sort(dice)
		counts := exactCounts(slices.Compact(dice), m-1)
		cases := map[string]int{} // expression: dice
		for _, n := range ns {
			cases[fmt.Sprintf("%dd%dr1", n, m)] = n
			cases[fmt.Sprintf("%dd%dr1+%dd%dr1", n, m, n, m)] = 2 * n
		}
		for _, n := range alone[m] {
			cases[fmt.Sprintf("%dd%dr1", n, m)] = n
		}
		for expr, n := range cases {
			t.Run(expr, func(t *testing.T) {
				o := oddsOf(t, expr)
				checkOdds(t, expr, o)
				if o.Min != n || o.Max != m*n { // a 1 stays when every one of its rerolls is a 1 too
					t.Fatalf("range %d..%d, want %d..%d", o.Min, o.Max, n, m*n)
				}
				checkCounts(t, o, 2*n, counts[n], new(big.Int).Exp(big.NewInt(int64(m-1)), big.NewInt(int64(n)), nil))
			})
		}
	}
}

// checkCounts checks odds against exact counts: the total lo+i comes in
// counts[i] of all equally likely ways. Every listed probability is
// within a relative 1e-10, none of 1e-300 or more is left out, and the
// totals left out at either end hold what they hold.
func checkCounts(t *testing.T, o Odds, lo int, counts []*big.Int, all *big.Int) {
	t.Helper()
	listed := map[int]float64{}
	for _, d := range o.Distribution {
		listed[d.Value] = d.P
	}
	below, above := new(big.Int), new(big.Int)
	for i, c := range counts {
		v := lo + i
		want := ratio(c, all)
		got, ok := listed[v]
		switch {
		case ok && math.Abs(got-want) > 1e-10*want:
			t.Fatalf("P(%d) = %v, exact %v", v, got, want)
		case !ok && want >= minListed*(1+1e-9):
			t.Fatalf("P(%d) = %v is left out", v, want)
		case !ok && o.Distribution[0].Value > v:
			below.Add(below, c)
		case !ok:
			above.Add(above, c)
		}
	}
	tails := map[bool]float64{}
	for _, tail := range o.LeftOut {
		tails[tail.From == o.Min] = tail.P
	}
	for low, c := range map[bool]*big.Int{true: below, false: above} {
		// A low tail also holds the dice whose every reroll matched (the
		// roller stops after maxRerolls), which the counts leave out:
		// below 1e-300 wherever they are left out.
		if want := ratio(c, all); math.Abs(tails[low]-want) > 1e-10*want+1e-300 {
			t.Errorf("tail (low %v) holds %v, exact %v", low, tails[low], want)
		}
	}
}

// TestSuccessCountsAreExact checks the odds of counting successes on
// many dice, with large dice and rerolls among them, against the exact
// binomial counts: each die succeeds with probability a/b, so j of n
// succeed in C(n, j)·a^j·(b−a)^(n−j) of b^n equally likely ways.
func TestSuccessCountsAreExact(t *testing.T) {
	for _, tt := range []struct {
		expr    string
		n, a, b int64
	}{
		{"200d1001=0", 200, 0, 1001},             // never a success: P(0) is 1, not 1 − 2.5e-12
		{"200d1001>=1", 200, 1001, 1001},         // always a success
		{"1000d9999=0", 1000, 0, 9999},           // never, on a thousand dice
		{"1000d9999>=5000", 1000, 5000, 9999},    // about half
		{"1000d6>=5", 1000, 2, 6},                // a third
		{"1000d9999r1>=9999", 1000, 1, 9998},     // a 1 is rerolled: 9998 faces left
		{"1000d9999ro1=1", 1000, 1, 9999 * 9999}, // a 1 only after a 1 rerolled once
		{"999d1000r<500>=750", 999, 251, 501},    // 500 to 1000, 750 and up
	} {
		t.Run(tt.expr, func(t *testing.T) {
			t.Parallel()
			o := oddsOf(t, tt.expr)
			checkOdds(t, tt.expr, o)
			a, fail, b := big.NewInt(tt.a), big.NewInt(tt.b-tt.a), big.NewInt(tt.b)
			all := new(big.Int).Exp(b, big.NewInt(tt.n), nil)
			lo, hi := int64(-1), int64(-1)
			listed := map[int]float64{}
			for _, d := range o.Distribution {
				listed[d.Value] = d.P
			}
			// a^j and (b−a)^(n−j), built up once.
			powA, powFail := make([]*big.Int, tt.n+1), make([]*big.Int, tt.n+1)
			powA[0], powFail[0] = big.NewInt(1), big.NewInt(1)
			for j := int64(1); j <= tt.n; j++ {
				powA[j] = new(big.Int).Mul(powA[j-1], a)
				powFail[j] = new(big.Int).Mul(powFail[j-1], fail)
			}
			binomial := big.NewInt(1) // C(n, j)
			for j := int64(0); j <= tt.n; j++ {
				if j > 0 {
					binomial.Mul(binomial, big.NewInt(tt.n-j+1))
					binomial.Quo(binomial, big.NewInt(j))
				}
				ways := new(big.Int).Mul(binomial, powA[j])
				ways.Mul(ways, powFail[tt.n-j])
				if ways.Sign() == 0 {
					continue
				}
				if lo < 0 {
					lo = j
				}
				hi = j
				want := ratio(ways, all)
				if got, ok := listed[int(j)]; ok && math.Abs(got-want) > 1e-10*want {
					t.Fatalf("P(%d) = %v, exact %v", j, got, want)
				} else if !ok && want >= minListed*(1+1e-9) {
					t.Fatalf("P(%d) = %v is left out", j, want)
				}
			}
			if o.Min != int(lo) || o.Max != int(hi) {
				t.Errorf("range %d..%d, want %d..%d", o.Min, o.Max, lo, hi)
			}
		})
	}
}

// TestOddsSumToOne checks the whole notation: each answer's listed
// probabilities and left-out tails sum to 1 within 1e-12, within its true
// range.
func TestOddsSumToOne(t *testing.T) {
	for _, expr := range []string{
		"100d100", "1000d6", "20d10!>=8", "10d6kh3", "4d6dl1", "50d20kl10", "3d6!", "3d6!!", "3d6!p", "2d4!>=3",
		"6d10>=8f1", "10d10!>=8>=7", "3d6!!kh2", "3d6r<3!", "1d6*1d4", "(2d6+1)*3-1d4", "100d6/7", "-4dF",
		"-3d6!", "10-2d6!", "d6!*-2", "d6!-d6!", "3d6!!kl2", "4dF!<0", "d6!/-2",
		"d2!", "d6!>=2", "10d6r<6", "5d1", "999d1+d1", "5d10!!>=9kl2", "200d20-100d6", "d%*d%",
	} {
		t.Run(expr, func(t *testing.T) {
			o := oddsOf(t, expr)
			checkOdds(t, expr, o)
		})
	}
	// The explosions past the cut lie beyond the end the dice explode to.
	for _, tt := range []struct {
		expr string
		high bool
	}{{"20d10!>=8", true}, {"-20d10!>=8", false}, {"100-3d6!*2", false}, {"d6!p*-1", false}, {"4dF!<0", false}} {
		e, _ := Parse(tt.expr)
		o, err := e.Odds()
		if err != nil {
			t.Fatal(err)
		}
		end := o.Min
		if tt.high {
			end = o.Max
		}
		found := false
		for _, tail := range o.LeftOut {
			found = found || ((tail.From == end || tail.To == end) && tail.P > 0)
		}
		if !found {
			t.Errorf("%s: left out %+v, want a tail at %d", tt.expr, o.LeftOut, end)
		}
	}
	// True bounds: the roller's.
	for _, tt := range []struct {
		expr     string
		min, max int
	}{
		{"1000d6", 1000, 6000},
		{"100d100", 100, 10000},
		{"d6!", 1, 606},
		{"20d10!>=8", 20, 20 * 1010},
		{"d6!<3", 3, 206},
		{"1d6r1", 1, 6},
		{"3d10!>=8>=7", 0, 303},
		{"d6!p", 1, 6 + 100*5},
		{"1d6*1d4", 1, 24},
	} {
		e, _ := Parse(tt.expr)
		o, err := e.Odds()
		if err != nil || o.Min != tt.min || o.Max != tt.max {
			t.Errorf("%s: %d..%d (%v), want %d..%d", tt.expr, o.Min, o.Max, err, tt.min, tt.max)
		}
	}
}

// TestMeansAreExact checks the mean of expressions whose mean is simple
// has none of the rounding a sum over the distribution would add
// (100d100 summed that way gives 5049.99999999998).
func TestMeansAreExact(t *testing.T) {
	tests := []struct {
		expr string
		mean float64
	}{
		{"100d100", 5050},
		{"100d8", 450},
		{"1000d8", 4500},
		{"250d6", 875},
		{"500d20 - 3", 5247},
		{"(2d6+3)*1d4", 25},
		{"-(100d10)+2", -548},
		{"40dF", 0},
	}
	// Exploding dice: a d10 exploding on 8+ rolls 1/(1 - 0.3) times on
	// average, up to MaxExplodeDepth extra rolls (0.3^100 is nothing in a
	// float64).
	near := []struct {
		expr string
		mean float64
	}{
		{"20d10!>=8", 20 * 5.5 / 0.7},
		{"3d6!!", 3 * 3.5 / (1 - 1./6)},
		{"1d6!p", 3.5 + 2.5*0.2},
		{"1d2!+1", 1.5*2 + 1}, // 1 - 0.5^100 is 1 in a float64
	}
	for _, tt := range near {
		e, _ := Parse(tt.expr)
		o, err := e.Odds()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(o.Mean-tt.mean) > 1e-13*tt.mean {
			t.Errorf("%s: mean %v, want %v", tt.expr, o.Mean, tt.mean)
		}
	}
	for _, tt := range tests {
		o := oddsOf(t, tt.expr)
		if o.Mean != tt.mean {
			t.Errorf("%s: mean %v, want %v", tt.expr, o.Mean, tt.mean)
		}
	}
}

// oddsOf parses expr and returns its odds, failing t if either fails.
func oddsOf(t *testing.T, expr string) Odds {
	t.Helper()
	e, err := Parse(expr)
	if err != nil {
		t.Fatal(err)
	}
	o, err := e.Odds()
	if err != nil {
		t.Fatal(err)
	}
	return o
}
