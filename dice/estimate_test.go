package dice

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

// TestOddsRefusedBeforeWork holds the odds' refusals to coming before the
// work: each over-large expression is refused with a limit error that says
// what is too big, having allocated less than 1 MB.
func TestOddsRefusedBeforeWork(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"1000d1000r1", "possible totals"},
		{"1000d10000ro1", "possible totals"},
		{"1000d6!>=4", "possible totals"},
		{"500d50!>=4", "possible totals"},
		{"999d2!p", "possible totals"},
		{"1000d6!!", "possible totals"},
		{"(500d6)*(500d6)", "possible totals"},
		{"100d100!+100d100!+100d100!", "possible totals"},
		{"1000d6kh500", "too much work"},
		{"500d20kh250", "too much work"},
		{"1000d20dh1", "possible totals"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Parse(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			_, err = e.Odds()
			runtime.ReadMemStats(&m1)
			if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want a limit error saying %q", err, tt.want)
			}
			if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 1<<20 {
				t.Errorf("refused after allocating %d bytes; a refusal comes before the work", alloc)
			}
		})
	}
}

// TestEstimateCoversTheWork checks that the estimate made before the odds
// are computed is never below the work the computation counts.
func TestEstimateCoversTheWork(t *testing.T) {
	for _, expr := range append([]string{
		"4d6kh3+2", "10d6kh3", "1000d6", "800d10ro1", "1000d6r1", "400d20r1", "2d1000kh1", "2d1000kl1",
		"2d1000dh1", "80d6!", "10d10!!kh3", "50d6!p", "20d6>=5f1+20d6r2", "10d6!>=5", "(2d6+1)*(1d8-3)", "100d6/(1d4)",
		"1000dF", "10d20>=15f1", "1d6r1*1999", "10d100!",
		// Among the costliest of the other rollers' notation.
		"100d100r<100", "60d100>=50kh30", "200d100k1d1dh1", "10d100ukh5", "20d10!kh10", "3d100!d1", "{1d6,1d6,1d6,1d6,1d6,1d6,1d6,1d6}kh1",
		"max(40d20, 40d20)", "60d10 == 60d10", "100d100min50",
	}, agreeExprs...) {
		t.Run(expr, func(t *testing.T) {
			e, err := Parse(expr)
			if err != nil {
				t.Fatal(err)
			}
			c := &oddsCalc{expr: expr}
			if _, err := c.estimate(e.root); err != nil {
				t.Fatalf("estimate refused: %v", err)
			}
			estimated := c.work
			c.work = 0
			if _, err := c.node(e.root); err != nil {
				t.Fatalf("odds: %v", err)
			}
			if c.work > estimated {
				t.Errorf("the computation counted %d multiply-adds, the estimate %d", c.work, estimated)
			}
		})
	}
}

// BenchmarkOddsReroll100d100 is among the costliest odds the limits
// accept: 100 rerolling dice of 100 faces summed by repeated squaring,
// 16.5 million of the 20 million multiply-adds allowed.
func BenchmarkOddsReroll100d100(b *testing.B) {
	e, err := Parse("100d100r1")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	loopCPU(b, func() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	})
}
