package dice

import (
	"fmt"
	"math"
	"slices"
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
		if t.sides == 0 {
			continue
		}
		if t.keep < t.count {
			// keptSum's work: faces × assigned dice × sums × choices.
			work += t.sides * (t.count + 1) * (t.keep*(t.sides-1) + 1) * (t.count + 1)
			span += t.keep * (t.sides - 1)
			continue
		}
		for range t.count {
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
		var q []float64 // the term's totals, from t.keep up
		if t.keep < t.count {
			q = keptSum(t.count, t.sides, t.keep, t.keepLow)
		} else {
			q = []float64{1}
			for range t.count {
				q = addDie(q, t.sides)
			}
		}
		if t.sign < 0 {
			// Subtracting: the term's totals run from -keep*sides to -keep.
			slices.Reverse(q)
			lo -= t.keep * t.sides
		} else {
			lo += t.keep
		}
		p = Convolve(p, q)
	}
	return summarize(e.src, lo, p), nil
}

// Convolve returns the distribution of the sum of two independent
// integer quantities, each given as probabilities of consecutive values
// from its own minimum; the result starts at the sum of the minimums.
func Convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, pa := range a {
		if pa == 0 {
			continue
		}
		for j, pb := range b {
			out[i+j] += pa * pb
		}
	}
	return out
}

// keptSum is the distribution of the sum of the keep highest (or lowest)
// of n dice with the given sides, from keep up. It deals the dice out face
// by face, from the kept end: with m dice dealt, the kept ones are the
// first min(m, keep), so the state is (m, kept sum), and c more dice
// showing face v come with probability C(n-m, c)·(1/sides)^c.
func keptSum(n, sides, keep int, low bool) []float64 {
	width := keep*sides + 1
	dp := make([][]float64, n+1) // dp[m][sum]
	for m := range dp {
		dp[m] = make([]float64, width)
	}
	dp[0][0] = 1
	inv := 1 / float64(sides)
	for step := range sides {
		v := sides - step // from the highest face down
		if low {
			v = step + 1
		}
		next := make([][]float64, n+1)
		for m := range next {
			next[m] = make([]float64, width)
		}
		for m := 0; m <= n; m++ {
			for sum, p := range dp[m] {
				if p == 0 {
					continue
				}
				w := p
				for c := 0; m+c <= n; c++ {
					if c > 0 {
						w *= float64(n-m-c+1) / float64(c) * inv // C(n-m, c)·inv^c, built up
					}
					kept := min(m+c, keep) - min(m, keep)
					next[m+c][sum+v*kept] += w
				}
			}
		}
		dp = next
	}
	return dp[n][keep:]
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
