package dice

import (
	"fmt"
	"math"
)

// Limits of an odds computation.
const (
	// MaxOddsValues caps how many possible totals an answer lists.
	MaxOddsValues = 10_000
	// maxOddsWork caps the additions one computation may make.
	maxOddsWork = 20_000_000
)

// Odds is the exact distribution of an expression's total.
type Odds struct {
	Expr   string  `json:"expr"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"stddev"`
	// Distribution lists every total from Min to Max with P(= value) and
	// P(≥ value).
	Distribution []Outcome `json:"distribution"`
}

// Outcome is one possible total.
type Outcome struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	PAtLeast float64 `json:"p_at_least"`
}

// Odds computes the exact distribution of e's total by convolution: each
// die added to the running distribution with a sliding window, constants
// as shifts. It refuses (with ErrLimit) expressions whose totals or work
// exceed the limits, before doing the work.
func (e *Expr) Odds() (Odds, error) {
	span, work := 1, 0
	for _, t := range e.terms {
		for range t.count {
			if t.sides == 0 {
				break
			}
			work += span + t.sides
			span += t.sides - 1
		}
	}
	if span > MaxOddsValues {
		return Odds{}, fmt.Errorf("%w: %s has %d possible totals, more than the %d odds can list", ErrLimit, e.src, span, MaxOddsValues)
	}
	if work > maxOddsWork {
		return Odds{}, fmt.Errorf("%w: the odds of %s take too much work", ErrLimit, e.src)
	}

	lo := 0 // the smallest total
	p := []float64{1}
	for _, t := range e.terms {
		if t.sides == 0 {
			lo += t.sign * t.value
			continue
		}
		for range t.count {
			p = addDie(p, t.sides)
		}
		if t.sign < 0 {
			// Subtracting N dice: the totals run from -N*sides to -N.
			for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
				p[i], p[j] = p[j], p[i]
			}
			lo -= t.count * t.sides
		} else {
			lo += t.count
		}
	}
	return summarize(e.src, lo, p), nil
}

// addDie convolves p (probabilities of consecutive totals) with a fair die
// of the given sides. The new total is old + face - 1 relative to the old
// minimum, which the caller adds back.
func addDie(p []float64, sides int) []float64 {
	out := make([]float64, len(p)+sides-1)
	window := 0.0
	inv := 1 / float64(sides)
	for i := range out {
		if i < len(p) {
			window += p[i]
		}
		if j := i - sides; j >= 0 {
			window -= p[j]
		}
		out[i] = math.Max(window, 0) * inv
	}
	return out
}

func summarize(expr string, lo int, p []float64) Odds {
	o := Odds{Expr: expr, Min: lo, Max: lo + len(p) - 1, Distribution: make([]Outcome, len(p))}
	tail := 0.0
	for i := len(p) - 1; i >= 0; i-- {
		tail += p[i]
		v := lo + i
		o.Distribution[i] = Outcome{Value: v, P: p[i], PAtLeast: math.Min(tail, 1)}
		o.Mean += float64(v) * p[i]
	}
	for i, q := range p {
		d := float64(lo+i) - o.Mean
		o.StdDev += d * d * q
	}
	o.StdDev = math.Sqrt(o.StdDev)
	return o
}
