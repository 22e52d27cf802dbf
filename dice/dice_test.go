package dice

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestOddsByHand(t *testing.T) {
	tests := []struct {
		expr     string
		min, max int
		mean, sd float64
		p        map[int]float64
	}{
		{"2d6", 2, 12, 7, math.Sqrt(35. / 6), map[int]float64{2: 1. / 36, 7: 6. / 36, 12: 1. / 36}},
		{"3k6+2", 5, 20, 12.5, math.Sqrt(35. / 4), map[int]float64{5: 1. / 216, 11: 25. / 216, 12: 27. / 216, 13: 27. / 216}},
		{"1d4-1d4", -3, 3, 0, math.Sqrt(2 * 15. / 12), map[int]float64{-3: 1. / 16, 0: 4. / 16, 2: 2. / 16}},
		{"5-2", 3, 3, 3, 0, map[int]float64{3: 1}},
		{"d20", 1, 20, 10.5, math.Sqrt(399. / 12), map[int]float64{1: .05, 20: .05}},
		// Advantage: P(max = v) = (2v-1)/400; mean 13.825.
		{"2d20kh1", 1, 20, 13.825, sdAdvantage(), map[int]float64{1: 1. / 400, 20: 39. / 400}},
		{"2d20kl1", 1, 20, 7.175, sdAdvantage(), map[int]float64{1: 39. / 400, 20: 1. / 400}},
		// 4d6 drop the lowest: 3 only when all four show 1.
		{"4d6dl1", 3, 18, 15869. / 1296, -1, map[int]float64{3: 1. / 1296, 18: 21. / 1296}}, // sd: see TestKeepOddsByEnumeration
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			o := oddsOf(t, tt.expr)
			if o.Min != tt.min || o.Max != tt.max || math.Abs(o.Mean-tt.mean) > 1e-9 || (tt.sd >= 0 && math.Abs(o.StdDev-tt.sd) > 1e-9) {
				t.Errorf("min %d max %d mean %v sd %v; want %d %d %v %v", o.Min, o.Max, o.Mean, o.StdDev, tt.min, tt.max, tt.mean, tt.sd)
			}
			sum := 0.0
			for _, d := range o.Distribution {
				sum += d.P
				if want, ok := tt.p[d.Value]; ok && math.Abs(d.P-want) > 1e-12 {
					t.Errorf("P(%d) = %v, want %v", d.Value, d.P, want)
				}
			}
			if math.Abs(sum-1) > 1e-9 || math.Abs(o.Distribution[0].PAtLeast-1) > 1e-9 {
				t.Errorf("probabilities add up to %v; P(≥min) = %v", sum, o.Distribution[0].PAtLeast)
			}
		})
	}
}

// TestOddsMatchRoller rolls each expression with a seeded source and checks
// every total's frequency is within four standard errors of its exact odds.
// sdAdvantage is the standard deviation of the higher (or lower) of two
// d20s, by direct sums over the 400 outcomes.
func sdAdvantage() float64 {
	var sum, sq float64
	for a := 1; a <= 20; a++ {
		for b := 1; b <= 20; b++ {
			v := float64(max(a, b))
			sum += v
			sq += v * v
		}
	}
	mean := sum / 400
	return math.Sqrt(sq/400 - mean*mean)
}

// TestKeepOddsByEnumeration checks keep and drop odds against every
// outcome of small pools.
func TestKeepOddsByEnumeration(t *testing.T) {
	for _, c := range []struct{ n, sides, keep int }{{3, 6, 2}, {4, 6, 3}, {4, 4, 1}, {5, 3, 2}, {2, 20, 1}} {
		for _, low := range []bool{false, true} {
			counts := map[int]float64{}
			rolled := make([]int, c.n)
			total := int(math.Pow(float64(c.sides), float64(c.n)))
			for k := range total {
				x := k
				for i := range rolled {
					rolled[i] = x%c.sides + 1
					x /= c.sides
				}
				sorted := append([]int(nil), rolled...)
				slices.Sort(sorted)
				if !low {
					slices.Reverse(sorted)
				}
				sum := 0
				for _, f := range sorted[:c.keep] {
					sum += f
				}
				counts[sum]++
			}
			d := &diceNode{count: c.n, sides: c.sides, keep: c.keep, keepLow: low}
			kept, err := (&oddsCalc{}).kept(d, faces(d))
			if err != nil || kept.lo != c.keep {
				t.Fatalf("kept: lo %d, %v", kept.lo, err)
			}
			for i, p := range kept.p {
				if want := counts[c.keep+i] / float64(total); math.Abs(p-want) > 1e-12 {
					t.Errorf("%dd%d keep %d (low %v): P(%d) = %v, enumeration %v", c.n, c.sides, c.keep, low, c.keep+i, p, want)
				}
			}
		}
	}
}

func TestKeepDropRoll(t *testing.T) {
	src := NewSeededSource(4)
	for _, expr := range []string{"4d6kh3", "4d6k3", "5d10kl2", "6d6dh2", "4k6dl1"} {
		e, err := Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			res := e.Roll(src)
			kept, sum := 0, 0
			var keptVals, droppedVals []int
			for _, d := range res.Dice() {
				if d.Dropped {
					droppedVals = append(droppedVals, d.Value)
				} else {
					kept++
					sum += d.Value
					keptVals = append(keptVals, d.Value)
				}
			}
			low := expr == "5d10kl2" || expr == "6d6dh2"
			for _, k := range keptVals {
				for _, d := range droppedVals {
					if (!low && d > k) || (low && d < k) {
						t.Fatalf("%s: kept %v but dropped %v", expr, keptVals, droppedVals)
					}
				}
			}
			if want := map[string]int{"4d6kh3": 3, "4d6k3": 3, "5d10kl2": 2, "6d6dh2": 4, "4k6dl1": 3}[expr]; kept != want || sum != res.Total {
				t.Fatalf("%s: kept %d (want %d), total %d (kept sum %d)", expr, kept, want, res.Total, sum)
			}
		}
	}
}

func TestKeepDropErrors(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"4d6k5", "cannot keep 5 of 4 dice at 4"},
		{"4d6dx", "expected how many dice to drop after 'd' at 5"},
		{"4d6kh", "expected how many dice to keep after 'kh' at 6"},
		{"4d6dl", "expected how many dice to drop"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.expr)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.expr, err, tt.want)
		}
	}
}

func TestOddsMatchRoller(t *testing.T) {
	const trials = 60_000
	for _, expr := range []string{"2d6", "3d4-1d6+2", "4k8", "1d10-5", "4d6kh3", "5d8kl2-1d4", "2-3d6dh1"} {
		t.Run(expr, func(t *testing.T) {
			e, _ := Parse(expr)
			o, err := e.Odds()
			if err != nil {
				t.Fatal(err)
			}
			src := NewSeededSource(99)
			counts := map[int]int{}
			for range trials {
				counts[e.Roll(src).Total]++
			}
			for _, d := range o.Distribution {
				se := math.Sqrt(d.P * (1 - d.P) / trials)
				if got := float64(counts[d.Value]) / trials; math.Abs(got-d.P) > 4*se+1e-12 {
					t.Errorf("P(%d): rolled %.5f, exact %.5f", d.Value, got, d.P)
				}
				delete(counts, d.Value)
			}
			if len(counts) > 0 {
				t.Errorf("rolled totals outside the distribution: %v", counts)
			}
		})
	}
}

func TestOddsLimits(t *testing.T) {
	for _, expr := range []string{"1000d1000", "10d1000000", "d1000000"} {
		e, err := Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Odds(); !errors.Is(err, ErrLimit) {
			t.Errorf("%s: err = %v, want a limit error", expr, err)
		}
	}
}

func BenchmarkOdds10d6kh3(b *testing.B) {
	e, _ := Parse("10d6kh3")
	loopCPU(b, func() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkOdds100d6(b *testing.B) {
	e, _ := Parse("100d6")
	loopCPU(b, func() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkOdds100d100(b *testing.B) {
	e, _ := Parse("100d100")
	loopCPU(b, func() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkOdds1000d6(b *testing.B) {
	e, _ := Parse("1000d6")
	loopCPU(b, func() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	})
}
