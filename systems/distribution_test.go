package systems

import (
	"math"
	"testing"
)

func TestNewDistribution(t *testing.T) {
	d := NewDistribution(-1, []float64{0, 0.25, 0.5, 0.25, 0})
	if len(d.Values) != 3 || d.Values[0].Value != 0 || d.Values[2].Value != 2 {
		t.Fatalf("values %+v, want 0..2", d.Values)
	}
	if math.Abs(d.Mean-1) > 1e-12 || d.Values[0].PAtLeast != 1 || d.Values[2].PAtLeast != 0.25 || d.Values[1].P != 0.5 {
		t.Errorf("distribution %+v", d)
	}
}
