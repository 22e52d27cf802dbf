package dice

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestSeededSourceStream checks that a seeded Source rolls what
// math/rand/v2's Rand over the same PCG rolls: Lemire's unbiased method,
// with its rejections (the largest n rejects about half the draws).
func TestSeededSourceStream(t *testing.T) {
	sizes := []int{1, 2, 3, 6, 10, 20, 100, 1 << 20, MaxSides, 1<<62 + 1, 1<<63 - 1}
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		got := NewSeededSource(seed)
		want := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		for i := range 2000 {
			n := sizes[i%len(sizes)]
			if g, w := got.IntN(n), want.IntN(n); g != w {
				t.Fatalf("seed %d, draw %d: IntN(%d) = %d, math/rand/v2 gives %d", seed, i, n, g, w)
			}
		}
	}
}

// TestCryptoSource checks that each CryptoSource is seeded afresh, stays
// in range and rolls a d6 evenly (a chi-square test at p = 1e-6).
func TestCryptoSource(t *testing.T) {
	a, b := CryptoSource(), CryptoSource()
	same := 0
	for range 64 {
		if a.IntN(1<<62) == b.IntN(1<<62) {
			same++
		}
	}
	if same > 2 {
		t.Errorf("two crypto sources agree on %d of 64 draws", same)
	}
	const rolls = 60000
	var counts [6]int
	for range rolls {
		v := a.IntN(6)
		if v < 0 || v >= 6 {
			t.Fatalf("IntN(6) = %d", v)
		}
		counts[v]++
	}
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - rolls/6
		chi2 += d * d / (rolls / 6)
	}
	if chi2 > 35.9 { // 5 degrees of freedom
		t.Errorf("d6 counts %v: chi-square %.1f", counts, chi2)
	}
}

// through hides a Source behind another type, so that a roll calls it
// through the interface.
type through struct{ Source }

// TestRollThroughInterface checks that rolling with the package's own
// Source, which rolls call directly, gives what the same Source gives
// through the Source interface.
func TestRollThroughInterface(t *testing.T) {
	for _, expr := range []string{"4d6kh3+2", "20d6!kh3", "10d10r<3!!>=8", "6x 3d6!p-1d4", "12d10>=7f1", "4dFro0 + d%", "30d2 # many"} {
		e, err := Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		direct, err := json.Marshal(e.Roll(NewSeededSource(5)))
		if err != nil {
			t.Fatal(err)
		}
		indirect, _ := json.Marshal(e.Roll(through{NewSeededSource(5)}))
		if string(direct) != string(indirect) {
			t.Errorf("%s:\n direct %s\n through the interface %s", expr, direct, indirect)
		}
	}
}

func TestSourcePanicsOnNonPositive(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("IntN(0) did not panic")
		}
	}()
	NewSeededSource(1).IntN(0)
}
