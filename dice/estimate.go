package dice

import (
	"fmt"
	"math"
)

// maxOddsFloats caps the float64 values one odds computation may allocate
// (8 MB), counted before it starts.
const maxOddsFloats = 1 << 20

// span is the range of values a distribution's probabilities cover, from
// lo to hi, and the range from min to max (within it) of the values that
// can have a probability above 0.
type span struct{ lo, hi, min, max int }

// spanOf is the span of d, its support from the first to the last
// probability above 0 (none: min above max).
func spanOf(d dist) span {
	s := span{d.lo, d.hi(), math.MaxInt, math.MinInt}
	for i, p := range d.p {
		if p > 0 {
			s.min, s.max = min(s.min, d.lo+i), max(s.max, d.lo+i)
		}
	}
	return s
}

// exact is the span of values from lo to hi that all can occur.
func exact(lo, hi int) span { return span{lo, hi, lo, hi} }

func (s span) width() int { return s.hi - s.lo + 1 }

func (s span) plus(t span) span {
	if s.min > s.max || t.min > t.max {
		return span{s.lo + t.lo, s.hi + t.hi, math.MaxInt, math.MinInt}
	}
	return span{s.lo + t.lo, s.hi + t.hi, s.min + t.min, s.max + t.max}
}

func (s span) neg() span {
	if s.min > s.max {
		return span{-s.hi, -s.lo, s.min, s.max}
	}
	return span{-s.hi, -s.lo, -s.max, -s.min}
}

func (s span) hull(t span) span {
	return span{min(s.lo, t.lo), max(s.hi, t.hi), min(s.min, t.min), max(s.max, t.max)}
}

// allocate counts n float64 values the computation will allocate.
func (c *oddsCalc) allocate(n int) error {
	c.floats += n
	if c.floats > maxOddsFloats || n < 0 {
		return oddsLimit(ErrOddsMemory, c.expr, 0, fmt.Sprintf("the exact odds of %s take too much memory", c.expr))
	}
	return nil
}

// estimate walks the tree as the odds computation will, counting its work
// (the multiply-adds spend counts) and the memory it allocates, and
// checking the number of totals, without computing any distribution: it
// refuses, with the same errors, what the computation would refuse
// part-way, before any of the work. It returns the values n's
// distribution covers (for products and quotients an upper bound).
func (c *oddsCalc) estimate(n node) (span, error) {
	switch x := n.(type) {
	case *numNode:
		return exact(x.v, x.v), nil
	case negNode:
		s, err := c.estimate(x.x)
		return s.neg(), err
	case groupNode:
		return c.estimate(x.x)
	case *diceNode:
		return c.estimateDice(x)
	case *funcNode:
		a, err := c.estimate(x.args[0])
		if err != nil {
			return span{}, err
		}
		switch x.name {
		case "abs", "sign":
			lo, hi, _ := x.bounds()
			return exact(lo, hi), c.allocate(2 * a.width())
		case "max", "min":
			for _, arg := range x.args[1:] {
				b, err := c.estimate(arg)
				if err != nil {
					return span{}, err
				}
				if err := c.spend(combineCost * a.width() * b.width()); err != nil {
					return span{}, err
				}
				if x.name == "max" {
					a = span{max(a.lo, b.lo), max(a.hi, b.hi), max(a.min, b.min), max(a.max, b.max)}
				} else {
					a = span{min(a.lo, b.lo), min(a.hi, b.hi), min(a.min, b.min), min(a.max, b.max)}
				}
				if err := c.allocate(2 * a.width()); err != nil {
					return span{}, err
				}
			}
		}
		return a, nil
	case *setNode:
		return c.estimateSet(x)
	case *binNode:
		a, err := c.estimate(x.l)
		if err != nil {
			return span{}, err
		}
		b, err := c.estimate(x.r)
		if err != nil {
			return span{}, err
		}
		cost := 1
		if x.op != '+' && x.op != '-' {
			cost = pairCost(x)
		}
		if err := c.spend(cost * a.width() * b.width()); err != nil {
			return span{}, err
		}
		var out span
		switch x.op {
		case '+':
			out = a.plus(b)
		case '-':
			out = a.plus(b.neg())
		case '%', '^', '=', '!', 'g', 'l', '>', '<':
			// Not monotone: the computation looks at every pair of values
			// that can occur, and its totals lie within the bounds.
			if err := c.spend(rectCost * (a.max - a.min + 1) * (b.max - b.min + 1)); err != nil {
				return span{}, err
			}
			lo, hi, err := bounds(x)
			if err != nil {
				return span{}, err
			}
			out = exact(lo, hi)
		default:
			// The extremes of x*y and x/y (the divisor's range never
			// holds 0) over the values that can occur are at the
			// corners; the computation lists the values between them.
			lo, hi := math.MaxInt, math.MinInt
			for _, u := range [2]int{a.min, a.max} {
				for _, v := range [2]int{b.min, b.max} {
					if x.op == '/' && v == 0 {
						continue // Parse refuses divisors that can be 0
					}
					w := u * v
					if x.op == '/' {
						w = roundDiv(u, v, x.round)
					}
					lo, hi = min(lo, w), max(hi, w)
				}
			}
			out = exact(lo, hi)
		}
		if out.width() > MaxOddsValues {
			return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, out.width(), MaxOddsValues))
		}
		if x.op == '+' || x.op == '-' {
			// A convolution: the convolver's three arrays as long as b.
			if err := c.allocate(3 * b.width()); err != nil {
				return span{}, err
			}
		}
		return out, c.allocate(2 * out.width())
	}
	panic("dice: unknown node")
}

// estimateDice is estimate for a dice term: it follows dice and chain.
func (c *oddsCalc) estimateDice(d *diceNode) (span, error) {
	if d.count == 0 {
		return exact(0, 0), nil
	}
	if d.unique {
		post, _, _ := scoring(d)
		if !d.drawsUnique() {
			return span{}, &LimitError{Kind: ErrOddsKeep, Expr: d.src, Msg: fmt.Sprintf("exact odds of unique dice that reroll a repeated face a limited number of times (%s)", d.src), cause: ErrUnsupported}
		}
		work, lo, w := uniqueWork(d, post)
		if w > MaxOddsValues {
			return span{}, oddsLimit(ErrOddsTotals, d.src, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", d.src, w, MaxOddsValues))
		}
		if err := c.spend(work); err != nil {
			return span{}, err
		}
		blo, bhi := d.bounds()
		return span{lo, lo + w - 1, blo, bhi}, c.allocate(2 * (d.count + 1) * w)
	}
	if err := c.refuseDice(d); err != nil {
		return span{}, err
	}
	_, value, next := scoring(d)
	f := faces(d)
	if err := c.allocate(2 * len(f.p)); err != nil {
		return span{}, err
	}
	die := span{f.lo, f.hi(), f.min, f.max}
	if d.explode != nil {
		pl := planChain(d, f, value, next)
		tail, goN, stopN := spanOf(pl.tail), spanOf(pl.goN), spanOf(pl.stopN)
		for range pl.depth {
			if err := c.spend(goN.width() * tail.width()); err != nil {
				return span{}, err
			}
			tail = stopN.hull(goN.plus(tail))
			if tail.width() > MaxOddsValues {
				return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, tail.width(), MaxOddsValues))
			}
			if err := c.allocate(2 * tail.width()); err != nil { // the sum and the mix
				return span{}, err
			}
		}
		die = spanOf(pl.stop1).hull(spanOf(pl.go1).plus(tail))
	}
	post, _, _ := scoring(d)
	if d.keep < d.count && (d.scored() || d.separate() || d.skip > 0) {
		var pl keptPlan
		var err error
		if d.separate() {
			pl, err = planKept(d, f, true, post)
		} else {
			// Only the range of the values counts here.
			u := dist{lo: die.lo, p: make([]float64, die.width())}
			for i := range u.p {
				u.p[i] = 1
			}
			pl, err = planKept(d, u, false, post)
		}
		if err != nil {
			return span{}, err
		}
		if err := c.spend(pl.work); err != nil {
			return span{}, err
		}
		lo, hi := d.bounds()
		return span{pl.lo, pl.lo + pl.width - 1, lo, hi}, c.allocate(2 * (d.count + 1) * (pl.tmax + 1) * pl.width)
	}
	if d.implode != nil {
		if d.keep < d.count || d.explode != nil || d.scored() {
			return span{}, &LimitError{Kind: ErrOddsKeep, Expr: d.src, Msg: fmt.Sprintf("exact odds of imploding dice that also keep, drop, explode or count (%s)", d.src), cause: ErrUnsupported}
		}
		die = span{die.lo - die.hi, die.hi, die.min - die.max, die.max}
		width := d.count*(die.width()-1) + 1
		if width > MaxOddsValues {
			return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, width, MaxOddsValues))
		}
		if err := c.spend(powerWork(die.width(), d.count) + 2*len(f.p)*len(f.p)); err != nil {
			return span{}, err
		}
		return span{d.count * die.lo, d.count*die.lo + width - 1, d.count * die.min, d.count * die.max}, c.allocate(5*width + 4*die.width())
	}
	if d.scored() && (d.explode == nil || d.compounds()) {
		lo, hi := math.MaxInt, math.MinInt
		for v := die.lo; v <= die.hi; v++ {
			lo, hi = min(lo, post(v)), max(hi, post(v))
		}
		die = exact(lo, hi)
	}
	values := die.width()
	if d.keep < d.count {
		// kept: values steps over (count+1) rows of the kept sums, in
		// two buffers.
		n, width := d.count, d.keep*(values-1)+1
		if width > MaxOddsValues {
			return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, width, MaxOddsValues))
		}
		if err := c.spend(values * (n + 1) * (n + 1) * width); err != nil {
			return span{}, err
		}
		return span{d.keep * die.lo, d.keep*die.lo + width - 1, d.keep * die.min, d.keep * die.max}, c.allocate(2 * (n + 1) * width)
	}
	width := d.count*(values-1) + 1
	if width > MaxOddsValues {
		return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, width, MaxOddsValues))
	}
	out := span{d.count * die.lo, d.count*die.lo + width - 1, d.count * die.min, d.count * die.max}
	if d.reroll == nil && d.explode == nil && !d.scored() && !d.fudge1 && !d.hasMin && !d.hasMax {
		// sumUniform: four buffers a little wider than the totals.
		if err := c.spend(d.count * width); err != nil {
			return span{}, err
		}
		return out, c.allocate(4 * (width + 3*values))
	}
	// The dice added by repeated squaring (power).
	if err := c.spend(powerWork(values, d.count)); err != nil {
		return span{}, err
	}
	// Two buffers of the totals, and the convolver's three arrays as
	// long.
	return out, c.allocate(5 * width)
}

// estimateSet is estimate for a set.
func (c *oddsCalc) estimateSet(s *setNode) (span, error) {
	lo, hi := math.MaxInt, math.MinInt
	for _, it := range s.items {
		x, err := c.estimate(it)
		if err != nil {
			return span{}, err
		}
		lo, hi = min(lo, x.lo), max(hi, x.hi)
		if s.keep == len(s.items) {
			w := x.width()
			if s.success != nil {
				w = 3
			}
			if err := c.spend(w * (s.keep*(hi-lo+1) + 1)); err != nil {
				return span{}, err
			}
			if err := c.allocate(2*x.width() + 3*w); err != nil {
				return span{}, err
			}
		}
	}
	blo, bhi, err := s.bounds()
	if err != nil {
		return span{}, err
	}
	if s.keep < len(s.items) {
		pLo, pHi := min(0, lo), max(0, hi)
		if s.success != nil {
			pLo, pHi = -1, 1
		}
		width := s.keep*(pHi-pLo) + 1
		if width > MaxOddsValues {
			return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, width, MaxOddsValues))
		}
		if err := c.spend(setWork(len(s.items), hi-lo+1, width)); err != nil {
			return span{}, err
		}
		return span{s.keep * pLo, s.keep*pLo + width - 1, blo, bhi}, c.allocate(2 * (1 << len(s.items)) * width)
	}
	if bhi-blo+1 > MaxOddsValues {
		return span{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, bhi-blo+1, MaxOddsValues))
	}
	return span{blo, bhi, blo, bhi}, nil
}
