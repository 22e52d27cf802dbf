package systems

import "math"

// Point is one value of a distribution: its probability, and the
// probability of that value or more.
type Point struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	PAtLeast float64 `json:"p_at_least"`
}

// Distribution is an exact distribution as answers show it: its mean and
// every possible value.
type Distribution struct {
	Mean   float64 `json:"mean"`
	Values []Point `json:"values"`
}

// NewDistribution renders probabilities p of consecutive values starting
// at min, leaving out impossible values at both ends.
func NewDistribution(min int, p []float64) Distribution {
	const impossible = 1e-15
	lo, hi := 0, len(p)-1
	for lo < hi && p[lo] < impossible {
		lo++
	}
	for hi > lo && p[hi] < impossible {
		hi--
	}
	var d Distribution
	tail := 0.0
	for i := len(p) - 1; i >= 0; i-- {
		tail += p[i]
		d.Mean += float64(min+i) * p[i]
	}
	d.Values = make([]Point, 0, hi-lo+1)
	tail = 0
	for i := len(p) - 1; i >= lo; i-- {
		tail += p[i]
		if i <= hi {
			d.Values = append(d.Values, Point{Value: min + i, P: p[i], PAtLeast: math.Min(tail, 1)})
		}
	}
	for i, j := 0, len(d.Values)-1; i < j; i, j = i+1, j-1 {
		d.Values[i], d.Values[j] = d.Values[j], d.Values[i]
	}
	return d
}
