package systems

import (
	"math"
	"strconv"
)

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

// MarshalJSON writes d as AppendJSON appends it.
func (d Distribution) MarshalJSON() ([]byte, error) { return d.AppendJSON(nil) }

// AppendJSON appends d's JSON (jsonappend.Appender), its mean and
// probabilities rounded (Round) and written as encoding/json writes a
// float64: an answer's distributions hold most of its numbers, and their
// encoding by reflection was a tenth of a typical attack's cost.
func (d Distribution) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"mean":`...)
	b, err := appendNumber(b, d.Mean)
	if err != nil {
		return b, err
	}
	b = append(b, `,"values":`...)
	if d.Values == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '[')
	// The probability of a value or more is the same for the values
	// between two possible ones: written once, then copied.
	var last struct {
		bits       uint64
		start, end int // its text in b
	}
	for i, p := range d.Values {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"value":`...)
		b = strconv.AppendInt(b, int64(p.Value), 10)
		b = append(b, `,"p":`...)
		if b, err = appendNumber(b, p.P); err != nil {
			return b, err
		}
		b = append(b, `,"p_at_least":`...)
		if bits := math.Float64bits(p.PAtLeast); i > 0 && bits == last.bits {
			b = append(b, b[last.start:last.end]...)
		} else {
			last.bits, last.start = bits, len(b)
			if b, err = appendNumber(b, p.PAtLeast); err != nil {
				return b, err
			}
			last.end = len(b)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}
