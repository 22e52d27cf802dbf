package dice

import (
	"runtime"
	"testing"
)

// loopCPU runs f in the benchmark's loop and reports, beside the wall
// clock, the CPU time of the benchmark's thread per operation (cpu-ns/op):
// on a machine shared with other work it is the steadier figure.
func loopCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if end, ok2 := threadCPU(); ok && ok2 && n > 0 {
		b.ReportMetric(float64(end-start)/float64(n), "cpu-ns/op")
	}
}

// BenchmarkOddsCostliest computes the odds of the costliest expressions
// the limits accept, found by sweeping sums, differences and products of
// dice terms of every kind: each must stay well inside a request's budget
// of 50 ms of processor time (issue 22).
func BenchmarkOddsCostliest(b *testing.B) {
	for _, expr := range []string{
		"100d6!p",             // many exploding dice, whose far end is subnormal
		"50d20!",              // the same, with more faces
		"30d100kh2*2",         // keeping, near the work limit
		"200d20ro1+200d20ro1", // two terms convolved, near the work limit
		"1000d10",             // the widest plain sum
	} {
		e, err := Parse(expr)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(expr, func(b *testing.B) {
			b.ReportAllocs()
			loopCPU(b, func() {
				if _, err := e.Odds(); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkOtherNotation rolls and computes the odds of the constructs
// read from other rollers' notation, and of the costliest of them the
// limits accept (found by sweeping counts and sides of each): each must
// stay well inside a request's budget of 50 ms of processor time.
func BenchmarkOtherNotation(b *testing.B) {
	for _, expr := range []string{
		"4d6!d1", "{4d6+2d8, 3d20}kh1", "(1d6, 2d8)kh1", "8d6mi2 ma5", "1d20r<20", "5d10u", "round(3d6/4)", "max(1d6, 1d8)",
		"3d6 e6", "4d6 r2", "1d20 >= 15", "+d20",
		// The costliest accepted.
		"100d100r<100", "60d100>=50kh30", "200d100k1d1dh1", "10d100ukh5", "3d100!d1", "{1d6,1d6,1d6,1d6,1d6,1d6,1d6,1d6}kh1", "max(40d20, 40d20)",
	} {
		e, err := Parse(expr)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("odds/"+expr, func(b *testing.B) {
			b.ReportAllocs()
			loopCPU(b, func() {
				if _, err := e.Odds(); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run("roll/"+expr, func(b *testing.B) {
			src := NewSeededSource(1)
			b.ReportAllocs()
			loopCPU(b, func() { e.Roll(src) })
		})
	}
}
