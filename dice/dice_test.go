package dice

import (
	"errors"
	"math"
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
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Parse(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			o, err := e.Odds()
			if err != nil {
				t.Fatal(err)
			}
			if o.Min != tt.min || o.Max != tt.max || math.Abs(o.Mean-tt.mean) > 1e-9 || math.Abs(o.StdDev-tt.sd) > 1e-9 {
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
func TestOddsMatchRoller(t *testing.T) {
	const trials = 60_000
	for _, expr := range []string{"2d6", "3d4-1d6+2", "4k8", "1d10-5"} {
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

func BenchmarkOdds100d6(b *testing.B) {
	e, _ := Parse("100d6")
	for b.Loop() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	}
}
