package systems

import (
	"encoding/json"
	"errors"
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

// TestDistributionJSON: AppendJSON writes what encoding/json writes for a
// distribution, and refuses what it refuses.
func TestDistributionJSON(t *testing.T) {
	for _, d := range []Distribution{
		{}, {Values: []Point{}}, NewDistribution(-1, []float64{0, 0.25, 0.5, 0.25, 0}),
		NewDistribution(0, []float64{1.0 / 3, 1e-9, 0, 2.0/3 - 1e-9}), {Mean: 1e21, Values: []Point{{Value: -5, P: 1, PAtLeast: 1}}},
		NewDistribution(0, []float64{0.25, 0, 0, 0.5, 0, 0.25}), // repeated probabilities of a value or more
		{Values: []Point{{PAtLeast: 0}, {PAtLeast: math.Copysign(0, -1)}, {PAtLeast: 0}, {PAtLeast: 0.5}, {PAtLeast: 0.5}}},
	} {
		want, werr := json.Marshal(d)
		got, err := d.AppendJSON([]byte("x"))
		if werr != nil || err != nil || string(got) != "x"+string(want) {
			t.Errorf("AppendJSON(%+v) = %s, %v; want x%s", d, got, err, want)
		}
	}
	for _, d := range []Distribution{{Mean: math.NaN()}, {Values: []Point{{P: math.Inf(1)}}}, {Values: []Point{{P: 0.5, PAtLeast: math.NaN()}}}} {
		var unsupported *json.UnsupportedValueError
		if _, err := d.AppendJSON(nil); !errors.As(err, &unsupported) {
			t.Errorf("AppendJSON(%+v): error %v, want *json.UnsupportedValueError", d, err)
		}
	}
}
