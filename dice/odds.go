package dice

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"

	"kostka/l10n"
)

// Limits of an odds computation.
const (
	// MaxOddsValues caps how many possible totals an answer lists.
	MaxOddsValues = 10_000
	// maxOddsWork caps the multiply-adds one computation may make.
	maxOddsWork = 20_000_000
	// negligible is the probability below which explosions are no longer
	// followed; what lies beyond is reported as Truncated.
	negligible = 1e-12
)

// Odds is the exact distribution of an expression's total.
type Odds struct {
	Expr string `json:"expr"`
	// Min and Max are the smallest and largest totals a roll can give
	// (exploding dice explode at most MaxExplodeDepth times each).
	Min int `json:"min"`
	Max int `json:"max"`
	// Mean is computed from the expression where that is simple (sums,
	// differences and products of numbers and of dice plain or exploding:
	// 5050 for 100d100), else from the distribution.
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"stddev"`
	// Distribution lists the possible totals with P(= value) and
	// P(≥ value), from Min to Max but for the tails in LeftOut.
	Distribution []Outcome `json:"distribution"`
	// LeftOut are the ends of the range from Min to Max that Distribution
	// leaves out, and how much probability each holds: the totals at
	// either end less likely than 1e-300 each (such as 1000 to 1653 on
	// 1000d6), and the explosions longer than the odds follow (until less
	// than 1e-12 is left).
	LeftOut []Tail         `json:"left_out,omitempty"`
	Notes   []l10n.Message `json:"notes,omitempty"`
	// Reading says how the parts other rollers read in another way were
	// read (Expr.Reading).
	Reading []l10n.Message `json:"reading,omitempty"`
}

// Outcome is one possible total.
type Outcome struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	PAtLeast float64 `json:"p_at_least"`
}

// Tail is a range of totals, From to To, left out of a distribution, and
// the probability P that the total is one of them.
type Tail struct {
	From int     `json:"from"`
	To   int     `json:"to"`
	P    float64 `json:"p"`
}

// minListed is the smallest probability Odds lists at either end of the
// distribution; float64 holds smaller ones only with less precision.
const minListed = 1e-300

// dist is a distribution over consecutive integers from lo.
type dist struct {
	lo   int
	p    []float64
	lost float64 // probability not represented (explosions beyond the cut)
	// lostSide is where the lost values lie: +1 beyond the high end, -1
	// beyond the low end, 0 unknown.
	lostSide int
	// min and max are the true bounds of the values: p is 0 near them
	// where the probabilities are too small for a float64, and stops
	// short of max where explosions are cut.
	min, max int
	// weights, for one die's faces, are p exactly: p[i] is
	// weights[i]/den.
	weights []int
	den     int
}

func point(v int) dist { return dist{lo: v, p: []float64{1}, min: v, max: v} }

func (d dist) hi() int { return d.lo + len(d.p) - 1 }

// oddsCalc is the state of one computation: its work budget and notes.
type oddsCalc struct {
	expr   string
	work   int
	floats int // float64 values allocated (estimated)
	notes  []l10n.Message
}

func (c *oddsCalc) spend(n int) error {
	c.work += n
	if c.work > maxOddsWork || n < 0 {
		return oddsLimit(ErrOddsWork, c.expr, 0, fmt.Sprintf("the exact odds of %s take too much work", c.expr))
	}
	return nil
}

func (c *oddsCalc) span(d dist) error {
	if len(d.p) > MaxOddsValues {
		return oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, len(d.p), MaxOddsValues))
	}
	return nil
}

func (c *oddsCalc) note(m l10n.Message) {
	if !slices.ContainsFunc(c.notes, func(n l10n.Message) bool { return n.Def() == m.Def() }) {
		c.notes = append(c.notes, m)
	}
}

// Odds computes the exact distribution of e's total by convolution and
// dynamic programming (never by sampling). Explosions are followed until
// what is left is below 1e-12. It refuses, with ErrLimit, expressions
// whose totals, work or memory exceed the limits, all estimated from the
// expression before any of the work, and with ErrUnsupported keep or
// drop combined with separate exploding dice or with success counting.
// For a repeated expression it is the odds of one roll.
func (e *Expr) Odds() (Odds, error) {
	if len(e.parts) > 0 {
		return Odds{}, &LimitError{Kind: ErrOddsParts, Msg: "odds of several rolls joined by ';'", cause: ErrUnsupported}
	}
	c := &oddsCalc{expr: e.src}
	// The work and memory are estimated from the tree before any of it
	// is done, so that a refusal costs next to nothing.
	if _, err := c.estimate(e.root); err != nil {
		return Odds{}, err
	}
	if err := rolledWithin(e); err != nil {
		return Odds{}, err
	}
	c.work, c.floats = 0, 0
	d, err := c.node(e.root)
	if err != nil {
		return Odds{}, err
	}
	if e.repeat > 1 {
		c.note(noteOneOfRepeats.New(l10n.Int("n", e.repeat)))
	}
	o := summarize(e.src, d, c.notes)
	o.Reading = e.reading
	if m, ok := exactMean(e.root); ok {
		// Summing the probabilities' products adds their rounding (100d100
		// would have a mean of 5049.99999999998), and misses the
		// explosions the distribution leaves out (20d10!>=8 would have
		// 157.14285713896).
		o.Mean = m
	}
	return o, nil
}

// exactMean is the mean of n computed from the expression, when that is
// simple: dice added plainly or exploding (without rerolls, keep or
// successes), numbers, and their sums, differences and products (the
// parts of an expression are independent, so the mean of a product is
// the product of the means).
func exactMean(n node) (float64, bool) {
	switch x := n.(type) {
	case *numNode:
		return float64(x.v), true
	case negNode:
		m, ok := exactMean(x.x)
		return -m, ok
	case groupNode:
		return exactMean(x.x)
	case *binNode:
		a, ok := exactMean(x.l)
		if !ok {
			return 0, false
		}
		b, ok := exactMean(x.r)
		switch {
		case !ok:
			return 0, false
		case x.op == '+':
			return a + b, true
		case x.op == '-':
			return a - b, true
		case x.op == '*':
			return a * b, true
		}
	case *diceNode:
		if x.reroll != nil || x.success != nil || x.keep != x.count || x.fudge1 || x.keepIf != nil || x.dropIf != nil ||
			x.hasMin || x.hasMax {
			return 0, false
		}
		face := float64(x.lowFace()+x.highFace()) / 2
		if x.explode == nil {
			return float64(x.count) * face, true
		}
		// A die explodes with probability p; its k-th extra roll happens
		// with probability p^k, up to MaxExplodeDepth, and counts a
		// face's mean (one less when penetrating).
		matching := 0
		for f := x.lowFace(); f <= x.highFace(); f++ {
			if x.explode.match(f) {
				matching++
			}
		}
		p := float64(matching) / float64(x.highFace()-x.lowFace()+1)
		extra := p * (1 - math.Pow(p, float64(x.explodeDepth()))) / (1 - p) // the expected extra rolls
		chain := face + extra*face
		if x.mode == 'p' || x.mode == 'q' {
			chain -= extra
		}
		return float64(x.count) * chain, true
	}
	return 0, false
}

func (c *oddsCalc) node(n node) (dist, error) {
	switch x := n.(type) {
	case *numNode:
		return point(x.v), nil
	case negNode:
		d, err := c.node(x.x)
		if err != nil {
			return dist{}, err
		}
		return negate(d), nil
	case groupNode:
		return c.node(x.x)
	case *binNode:
		a, err := c.node(x.l)
		if err != nil {
			return dist{}, err
		}
		b, err := c.node(x.r)
		if err != nil {
			return dist{}, err
		}
		var out dist
		switch x.op {
		case '+':
			err = c.spend(len(a.p) * len(b.p))
			out = add(a, b)
		case '-':
			err = c.spend(len(a.p) * len(b.p))
			out = add(a, negate(b))
		default:
			out, err = c.combine(a, b, binFunc(x), strings.IndexByte("*/gl<>", x.op) >= 0, pairCost(x))
			if x.op == '/' && x.round == 0 {
				c.note(noteRoundedDown.New())
			}
		}
		if err != nil {
			return dist{}, err
		}
		return out, c.span(out)
	case *diceNode:
		d, err := c.dice(x)
		if err != nil {
			return dist{}, err
		}
		return d, c.span(d)
	case *funcNode:
		d, err := c.node(x.args[0])
		if err != nil {
			return dist{}, err
		}
		switch x.name {
		case "abs":
			d = mapValues(d, abs)
		case "sign":
			d = mapValues(d, sign)
		case "max", "min":
			f := func(a, b int) int { return max(a, b) }
			if x.name == "min" {
				f = func(a, b int) int { return min(a, b) }
			}
			for _, arg := range x.args[1:] {
				b, err := c.node(arg)
				if err != nil {
					return dist{}, err
				}
				if d, err = c.combine(d, b, f, true, combineCost); err != nil {
					return dist{}, err
				}
			}
		}
		return d, c.span(d)
	case *setNode:
		d, err := c.set(x)
		if err != nil {
			return dist{}, err
		}
		return d, c.span(d)
	}
	panic("dice: unknown node")
}

// The work of combine, in multiply-adds per pair of values: a product or
// a quotient rounded down 1, as ever; the operations whose function is
// called for each pair (max, min, comparisons, %, ^, ceil and round
// divisions) combineCost, and each pair of a non-monotone operation's
// ranges rectCost more. Measured: max(200d20,200d20), 14.4 million pairs,
// took 558 ms at a cost of 1; at 32 the costliest accepted takes about
// 25 ms.
const (
	combineCost = 32
	rectCost    = 8
)

// pairCost is combine's cost of x.
func pairCost(x *binNode) int {
	if x.op == '*' || (x.op == '/' && x.round == 0) {
		return 1
	}
	return combineCost
}

// binFunc is the function of an operation that combine applies.
func binFunc(x *binNode) func(a, b int) int {
	switch x.op {
	case '*':
		return func(a, b int) int { return a * b }
	case '%':
		return floorMod
	case '^':
		return func(a, b int) int { v, _ := pow(a, b); return v }
	case '=', '!', 'g', 'l', '>', '<':
		return func(a, b int) int { return compare(x.op, a, b) }
	}
	return func(a, b int) int { return roundDiv(a, b, x.round) }
}

// set is the distribution of a set's value. Its values are independent:
// without a keep or drop, their sum (or count of successes) is a
// convolution; with one, the values are dealt from the kept end, value by
// value, the state being which of them are dealt and the kept sum.
func (c *oddsCalc) set(s *setNode) (dist, error) {
	items := make([]dist, len(s.items))
	for i, it := range s.items {
		var err error
		if items[i], err = c.node(it); err != nil {
			return dist{}, err
		}
	}
	post := func(v int) int {
		if s.success == nil {
			return v
		}
		switch {
		case s.success.match(v):
			return 1
		case s.failure != nil && s.failure.match(v):
			return -1
		}
		return 0
	}
	if s.keep == len(items) {
		out := point(0)
		for _, x := range items {
			if len(s.keepIf) > 0 || len(s.dropIf) > 0 {
				x = mapValues(x, func(v int) int {
					if !s.keeps(v) {
						return 0
					}
					return post(v)
				})
			} else if s.success != nil {
				x = mapValues(x, post)
			}
			if err := c.spend(len(out.p) * len(x.p)); err != nil {
				return dist{}, err
			}
			out = add(out, x)
		}
		return out, nil
	}
	return c.keptSet(s, items, post)
}

// keptSet is the distribution of the kept values of a set, scored with
// post: values are dealt from the kept end, value by value; the state is
// the set of the values dealt (a bit mask) and the kept sum.
func (c *oddsCalc) keptSet(s *setNode, items []dist, post func(int) int) (dist, error) {
	m := len(items)
	lo, hi := math.MaxInt, math.MinInt
	pLo, pHi := 0, 0
	lost := 0.0
	for _, x := range items {
		lo, hi = min(lo, x.lo), max(hi, x.hi())
		lost = lost + x.lost - lost*x.lost
		for i, p := range x.p {
			if p > 0 {
				pLo, pHi = min(pLo, post(x.lo+i)), max(pHi, post(x.lo+i))
			}
		}
	}
	width := s.keep*(pHi-pLo) + 1
	base := s.keep * pLo
	if width > MaxOddsValues {
		return dist{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, width, MaxOddsValues))
	}
	masks := 1 << m
	// Each value visits every mask and its subsets of undealt values.
	if err := c.spend(setWork(m, hi-lo+1, width)); err != nil {
		return dist{}, err
	}
	if err := c.allocate(2 * masks * width); err != nil {
		return dist{}, err
	}
	dp, next := make([]float64, masks*width), make([]float64, masks*width)
	dp[-base] = 1
	pv := make([]float64, m)
	for step := 0; step <= hi-lo; step++ {
		v := lo + step
		if !s.keepLow {
			v = hi - step
		}
		any := false
		for i, x := range items {
			pv[i] = 0
			if v >= x.lo && v <= x.hi() {
				pv[i] = x.p[v-x.lo]
			}
			any = any || pv[i] > 0
		}
		if !any {
			continue
		}
		score := post(v)
		copy(next, dp) // dealing none of them at v
		for mask := range masks {
			row := dp[mask*width : (mask+1)*width]
			undealt := (masks - 1) &^ mask
			dealt := bits.OnesCount(uint(mask))
			for sub := undealt; sub > 0; sub = (sub - 1) & undealt {
				w := 1.0
				for i := range m {
					if sub&(1<<i) != 0 {
						w *= pv[i]
					}
				}
				if w == 0 {
					continue
				}
				k := bits.OnesCount(uint(sub))
				shift := max(0, min(dealt+k, s.skip+s.keep)-max(dealt, s.skip)) * score
				out := next[(mask|sub)*width : (mask|sub+1)*width]
				for j, x := range row {
					if x != 0 {
						out[j+shift] += x * w
					}
				}
			}
		}
		dp, next = next, dp
	}
	out := dist{lo: base, p: dp[(masks-1)*width:], lost: lost}
	lo2, hi2, _ := s.bounds()
	out.min, out.max = lo2, hi2
	if lost == 0 {
		sp := withSupport(dist{lo: out.lo, p: out.p})
		out.min, out.max = max(lo2, sp.min), min(hi2, sp.max)
	}
	return out, nil
}

// setWork is the multiply-adds of keptSet for m values over a range of
// values, with width kept sums: each value visits each mask's subsets of
// the values not dealt, 3^m pairs in all.
func setWork(m, values, width int) int {
	pairs := 1
	for range m {
		pairs *= 3
		if pairs > maxOddsWork {
			return maxOddsWork + 1
		}
	}
	w := pairs * values
	if w/values != pairs || w > maxOddsWork {
		return maxOddsWork + 1
	}
	if w*width/width != w {
		return maxOddsWork + 1
	}
	return w * (width + m) * 8 // measured: about 8 multiply-adds' time for each
}

func negate(d dist) dist {
	p := slices.Clone(d.p)
	slices.Reverse(p)
	return dist{lo: -d.hi(), p: p, lost: d.lost, lostSide: -d.lostSide, min: -d.max, max: -d.min}
}

func add(a, b dist) dist {
	out := sumOf(a, b)
	out.p = Convolve(a.p, b.p)
	return out
}

// sumOf is the sum of a and b but for its probabilities.
func sumOf(a, b dist) dist {
	return dist{lo: a.lo + b.lo, lost: a.lost + b.lost - a.lost*b.lost, lostSide: bothSides(a, b), min: a.min + b.min, max: a.max + b.max}
}

// bothSides is where the values lost from a and from b lie in a sum.
func bothSides(a, b dist) int {
	switch {
	case b.lost == 0:
		return a.lostSide
	case a.lost == 0 || a.lostSide == b.lostSide:
		return b.lostSide
	}
	return 0
}

// combine applies f to two distributions value by value. f is monotone
// in each argument (on a range without 0 for the second) when monotone
// says so, and its extremes are then at the corners of the ranges.
func (c *oddsCalc) combine(a, b dist, f func(x, y int) int, monotone bool, cost int) (dist, error) {
	if err := c.spend(cost * len(a.p) * len(b.p)); err != nil {
		return dist{}, err
	}
	lo, hi := math.MaxInt, math.MinInt
	for i, pa := range a.p {
		for j, pb := range b.p {
			if pa == 0 || pb == 0 {
				continue
			}
			v := f(a.lo+i, b.lo+j)
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if hi-lo+1 > MaxOddsValues {
		return dist{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has more than %d possible totals", c.expr, MaxOddsValues))
	}
	out := dist{lo: lo, p: make([]float64, hi-lo+1), lost: a.lost + b.lost - a.lost*b.lost}
	// x*y and x/y grow with x when y > 0 and shrink when y < 0.
	if b.lost == 0 && b.min > 0 {
		out.lostSide = a.lostSide
	} else if b.lost == 0 && b.max < 0 {
		out.lostSide = -a.lostSide
	}
	// The true bounds: the extremes of x*y and of x/y (a divisor's range
	// never holds 0) over two ranges are at their corners, which occur.
	out.min, out.max = math.MaxInt, math.MinInt
	for _, x := range [2]int{a.min, a.max} {
		for _, y := range [2]int{b.min, b.max} {
			out.min, out.max = min(out.min, f(x, y)), max(out.max, f(x, y))
		}
	}
	if !monotone {
		// Every pair of values that can occur, where the distributions
		// list them (a cut explosion's rest aside).
		out.min, out.max = math.MaxInt, math.MinInt
		if err := c.spend(rectCost * (a.max - a.min + 1) * (b.max - b.min + 1)); err != nil {
			return dist{}, err
		}
		for x := a.min; x <= a.max; x++ {
			for y := b.min; y <= b.max; y++ {
				v := f(x, y)
				out.min, out.max = min(out.min, v), max(out.max, v)
			}
		}
		if out.min < lo || out.max > hi {
			if out.max-out.min+1 > MaxOddsValues {
				return dist{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has more than %d possible totals", c.expr, MaxOddsValues))
			}
			// Extend p to cover the true bounds.
			q := make([]float64, out.max-out.min+1)
			copy(q[lo-out.min:], out.p)
			out.p, out.lo = q, out.min
			lo = out.min
		}
	}
	// For one x, y → f(x, y) is monotone: the y giving the same value
	// come in runs, whose probabilities are summed before they are added,
	// so that a value reached by many pairs (such as 0 in d100/d800)
	// keeps its precision.
	for i, pa := range a.p {
		if pa == 0 {
			continue
		}
		run, at := 0.0, math.MinInt
		for j, pb := range b.p {
			if pb == 0 {
				continue
			}
			v := f(a.lo+i, b.lo+j)
			if v != at && at != math.MinInt {
				out.p[at-lo] += pa * run
				run = 0
			}
			at = v
			run += pb
		}
		if at != math.MinInt {
			out.p[at-lo] += pa * run
		}
	}
	return out, nil
}

// Convolve returns the distribution of the sum of two independent
// integer quantities, each given as probabilities of consecutive values
// from its own minimum; the result starts at the sum of the minimums.
func Convolve(a, b []float64) []float64 {
	var c convolver
	return c.convolveInto(make([]float64, len(a)+len(b)-1), a, b)
}

// faces is the distribution of one roll of d's die, its reroll modifier
// applied. Its probabilities are whole weights over one denominator, kept
// beside them, so that the probability of a set of faces is their weights'
// sum divided once: adding up a thousand rounded 1/1001s instead loses
// 1e-14, which a sum of many dice multiplies past 1e-12.
//
// A reroll (r) stops, as the roller does, after maxRerolls rerolls: a face
// that matches stays with probability q^maxRerolls·w/n (q the share of
// the faces that match), and a face that does not comes with
// w/(n-m)·(1-q^(maxRerolls+1)). Those are not whole weights over one
// denominator; the probabilities are kept alone.
func faces(d *diceNode) dist {
	lo, hi := d.lowFace(), d.highFace()
	n := hi - lo + 1
	base := make([]int, n)
	den := d.outcomes()
	for i := range base {
		base[i] = d.weight(lo + i)
	}
	matched := 0
	if d.reroll != nil {
		for i, b := range base {
			if d.reroll.match(lo + i) {
				matched += b
			}
		}
	}
	if d.reroll == nil || matched == 0 {
		p := make([]float64, n)
		for i, x := range base {
			p[i] = float64(x) / float64(den)
		}
		return withSupport(dist{lo: lo, p: p, weights: base, den: den})
	}
	w := make([]int, n)
	p := make([]float64, n)
	if d.once {
		for i, b := range base {
			if d.reroll.match(lo + i) { // rerolled away, then rolled again
				w[i] = b * matched
			} else { // kept at once, or rerolled into it
				w[i] = b * (den + matched)
			}
			p[i] = float64(w[i]) / float64(den*den)
		}
		return withSupport(dist{lo: lo, p: p, weights: w, den: den * den})
	}
	q := float64(matched) / float64(den)
	stay := math.Pow(q, maxRerolls)                          // every reroll matched
	rest := -math.Expm1(float64(maxRerolls+1) * math.Log(q)) // 1 - q^(maxRerolls+1)
	for i, b := range base {
		if d.reroll.match(lo + i) {
			p[i] = stay * float64(b) / float64(den)
		} else {
			p[i] = float64(b) / float64(den-matched) * rest
		}
	}
	return withSupport(dist{lo: lo, p: p})
}

// weighed is the probability that the die f shows a face that matches:
// its weights' sum over one division when f has them, else the
// probabilities added with compensation.
func weighed(f dist, match func(face int) bool) float64 {
	if f.weights != nil {
		sum := 0
		for i, w := range f.weights {
			if match(f.lo + i) {
				sum += w
			}
		}
		return float64(sum) / float64(f.den)
	}
	var s sum
	for i, p := range f.p {
		if match(f.lo + i) {
			s.add(p)
		}
	}
	return s.value()
}

// sum adds float64s with Neumaier's compensation: the result is within
// an ulp or two of the exact sum however many values are added.
type sum struct{ s, c float64 }

func (x *sum) add(v float64) {
	t := x.s + v
	if math.Abs(x.s) >= math.Abs(v) {
		x.c += (x.s - t) + v
	} else {
		x.c += (v - t) + x.s
	}
	x.s = t
}

func (x *sum) value() float64 { return x.s + x.c }

// withSupport sets d's true bounds to the values its probabilities
// cover, for distributions that nothing has cut or let underflow.
func withSupport(d dist) dist {
	first, last := 0, len(d.p)-1
	for first < last && d.p[first] == 0 {
		first++
	}
	for last > first && d.p[last] == 0 {
		last--
	}
	d.min, d.max = d.lo+first, d.lo+last
	return d
}

// chain is the distribution of what one die contributes with its
// explosions: value(face) for the first roll and next(face) for each extra
// roll, while the face matches the explode condition. It follows the chain
// until what is left is negligible.
func (c *oddsCalc) chain(d *diceNode, f dist, value, next func(int) int) (dist, error) {
	pl := planChain(d, f, value, next)
	tail := pl.tail
	for range pl.depth {
		if err := c.spend(len(pl.goN.p) * len(tail.p)); err != nil {
			return dist{}, err
		}
		tail = mix(pl.stopN, add(pl.goN, tail))
		if err := c.span(tail); err != nil {
			return dist{}, err
		}
	}
	out := mix(pl.stop1, add(pl.go1, tail))
	out.lost = pl.lost
	out.min, out.max = chainBounds(d, f, value, next)
	// Longer chains lie beyond the high end when every extra roll that
	// explodes again adds, beyond the low end when every one takes away.
	lo, hi := math.MaxInt, math.MinInt
	for i, p := range f.p {
		if p > 0 && d.explode.match(f.lo+i) {
			lo, hi = min(lo, next(f.lo+i)), max(hi, next(f.lo+i))
		}
	}
	if lo > 0 {
		out.lostSide = 1
	} else if hi < 0 {
		out.lostSide = -1
	}
	return out, nil
}

// chainPlan is what chain computes before following an explosion: the
// first roll and the extra rolls, each split into those that stop and
// those that explode again, how deep the chain is followed, and the
// probability of the chains cut there.
type chainPlan struct {
	stop1, go1, stopN, goN dist
	tail                   dist // the chain beyond the last extra roll followed
	depth                  int
	lost                   float64
}

func planChain(d *diceNode, f dist, value, next func(int) int) chainPlan {
	scored := func(score func(int) int, exploding bool) dist {
		out := regroup(f, func(face int) bool { return d.explode.match(face) == exploding }, score)
		if len(out.p) == 0 {
			return dist{lo: 0, p: []float64{0}}
		}
		out.weights, out.den = nil, 0
		return out
	}
	pExplode := weighed(f, d.explode.match)
	var pl chainPlan
	// The continuation: extra rolls, scored with next.
	pl.stopN, pl.goN = scored(next, false), scored(next, true)
	reach := pExplode // probability of reaching this depth
	for ; reach > negligible && pl.depth < d.explodeDepth(); pl.depth++ {
		reach *= pExplode
	}
	// The last extra roll followed: at MaxExplodeDepth it counts whatever
	// it shows, as the roller does; before, the chains that would go on
	// (reach of the probability) are left out.
	pl.tail = dist{lo: 0, p: []float64{1}}
	if pl.depth < d.explodeDepth() {
		pl.tail, pl.lost = dist{lo: 0, p: []float64{0}}, reach
	}
	pl.stop1, pl.go1 = scored(value, false), scored(value, true)
	return pl
}

// chainBounds are the true bounds of what one die contributes with its
// explosions, each die exploding at most MaxExplodeDepth times.
func chainBounds(d *diceNode, f dist, value, next func(int) int) (lo, hi int) {
	// The bounds of a roll scored with score that may be followed by
	// rest (an explosion) when it matches.
	step := func(score func(int) int, restLo, restHi int, canExplode bool) (lo, hi int) {
		lo, hi = math.MaxInt, math.MinInt
		for i, p := range f.p {
			if p == 0 {
				continue
			}
			v := score(f.lo + i)
			if canExplode && d.explode.match(f.lo+i) {
				lo, hi = min(lo, v+restLo), max(hi, v+restHi)
			} else {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		return lo, hi
	}
	// An extra roll that may explode k more times, from k = 0 up.
	restLo, restHi := step(next, 0, 0, false)
	for range d.explodeDepth() - 1 {
		restLo, restHi = step(next, restLo, restHi, true)
	}
	return step(value, restLo, restHi, true)
}

// mix adds two sub-distributions (their probabilities sum to at most 1).
func mix(a, b dist) dist {
	lo := min(a.lo, b.lo)
	hi := max(a.hi(), b.hi())
	out := dist{lo: lo, p: make([]float64, hi-lo+1), min: min(a.min, b.min), max: max(a.max, b.max)}
	for i, p := range a.p {
		out.p[a.lo-lo+i] += p
	}
	for i, p := range b.p {
		out.p[b.lo-lo+i] += p
	}
	return out
}

// regroup is the distribution of g(v) over the values v of x that
// match, with probability > 0 (a sub-distribution, no p at all when none
// match). The probabilities of the values g maps together are summed
// exactly from x's weights when it has them, else with compensation.
func regroup(x dist, match func(v int) bool, g func(int) int) dist {
	lo, hi := math.MaxInt, math.MinInt
	for i, p := range x.p {
		if p > 0 && match(x.lo+i) {
			v := g(x.lo + i)
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo > hi {
		return dist{}
	}
	out := dist{lo: lo, p: make([]float64, hi-lo+1)}
	if x.weights != nil {
		w := make([]int, len(out.p))
		for i, p := range x.p {
			if p > 0 && match(x.lo+i) {
				w[g(x.lo+i)-lo] += x.weights[i]
			}
		}
		for i, n := range w {
			out.p[i] = float64(n) / float64(x.den)
		}
		out.weights, out.den = w, x.den
		return out
	}
	sums := make([]sum, len(out.p))
	for i, p := range x.p {
		if p > 0 && match(x.lo+i) {
			sums[g(x.lo+i)-lo].add(p)
		}
	}
	for i := range sums {
		out.p[i] = sums[i].value()
	}
	return out
}

// mapValues is the distribution of g(X).
func mapValues(x dist, g func(int) int) dist {
	out := regroup(x, func(int) bool { return true }, g)
	out.lost, out.min, out.max = x.lost, out.lo, out.hi()
	out.weights, out.den = nil, 0
	// Values beyond the cut of an explosion's chain can occur too.
	for v := x.hi() + 1; v <= x.max; v++ {
		if x.lost == 0 {
			break
		}
		out.min, out.max = min(out.min, g(v)), max(out.max, g(v))
		if out.min <= -1 && out.max >= 1 {
			break
		}
	}
	return out
}

// scoring returns how a dice term scores its dice: post is what a die
// whose value (face, compounded total, or face less one when penetrating)
// is v counts: 0 when a keepIf or dropIf leaves it out, else 1 or -1 (or
// 0) for a success or a failure when the term counts them, else v. value
// scores the first roll and next each extra roll of an explosion into
// separate dice, post included.
func scoring(d *diceNode) (post, value, next func(int) int) {
	post = func(v int) int {
		if (d.keepIf != nil && !d.keepIf.match(v)) || (d.dropIf != nil && d.dropIf.match(v)) {
			return 0
		}
		if d.success == nil {
			return v
		}
		switch {
		case d.success.match(v) && d.double != nil && d.double.match(v):
			return 2
		case d.success.match(v):
			return 1
		case d.failure != nil && d.failure.match(v):
			return -1
		}
		return 0
	}
	identity := func(v int) int { return v }
	value, next = identity, identity
	if d.mode == 'p' || d.mode == 'q' {
		next = func(v int) int { return v - 1 }
	}
	if d.scored() && d.mode != 'c' && d.mode != 'q' {
		value = post
		if d.mode == 'p' {
			next = func(v int) int { return post(v - 1) }
		} else {
			next = post
		}
	}
	return post, value, next
}

// scored reports whether d's dice count other than their values: a
// success condition, or a keep or drop by condition.
func (d *diceNode) scored() bool { return d.success != nil || d.keepIf != nil || d.dropIf != nil }

// compounds reports whether d's explosions add to the same die.
func (d *diceNode) compounds() bool { return d.mode == 'c' || d.mode == 'q' }

// separate reports whether d's dice explode into separate dice.
func (d *diceNode) separate() bool { return d.explode != nil && !d.compounds() }

// dice computes a dice term's distribution.
func (c *oddsCalc) dice(d *diceNode) (dist, error) {
	if d.count == 0 {
		return point(0), nil
	}
	if err := c.refuseDice(d); err != nil {
		return dist{}, err
	}
	post, value, next := scoring(d)
	if d.unique {
		return c.uniqueDice(d, post)
	}
	// The distribution of what one die contributes.
	f := faces(d)
	if d.keep < d.count && (d.scored() || d.separate() || d.skip > 0) {
		// The dice are ranked by value, and what is kept scored.
		if d.separate() {
			return c.keptExploding(d, f, true, post)
		}
		die := f
		if d.explode != nil {
			var err error
			if die, err = c.chain(d, f, value, next); err != nil {
				return dist{}, err
			}
		}
		return c.keptExploding(d, die, false, post)
	}
	die := f
	if d.explode != nil {
		var err error
		if die, err = c.chain(d, f, value, next); err != nil {
			return dist{}, err
		}
		if die.lost > 0 {
			c.note(noteExplosionsFollowed.New())
		}
	}
	if d.scored() && (d.explode == nil || d.compounds()) {
		die = mapValues(die, post)
	}
	if d.implode != nil {
		if d.keep < d.count || d.explode != nil || d.scored() {
			return dist{}, &LimitError{Kind: ErrOddsKeep, Expr: d.src, Msg: fmt.Sprintf("exact odds of imploding dice that also keep, drop, explode or count (%s)", d.src), cause: ErrUnsupported}
		}
		// A die that implodes counts its face less a fresh die's.
		stay := regroup(f, func(v int) bool { return !d.implode.match(v) }, func(v int) int { return v })
		off := add(withSupport(regroup(f, d.implode.match, func(v int) int { return v })), negate(f))
		if len(stay.p) == 0 {
			stay = dist{lo: off.lo, p: []float64{0}}
		}
		die = withSupport(mix(stay, off))
		die.weights, die.den = nil, 0
		return c.power(die, d.count)
	}
	if d.keep < d.count {
		return c.kept(d, die)
	}
	// The sum of count independent dice.
	if d.reroll == nil && d.explode == nil && !d.scored() && !d.fudge1 && !d.hasMin && !d.hasMax {
		width := d.count*(len(die.p)-1) + 1
		if err := c.spend(d.count * width); err != nil {
			return dist{}, err
		}
		return dist{lo: d.count * die.lo, p: sumUniform(d.count, len(die.p)), min: d.count * die.min, max: d.count * die.max}, nil
	}
	width := d.count*(len(die.p)-1) + 1
	if width > MaxOddsValues {
		return dist{}, oddsLimit(ErrOddsTotals, c.expr, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", c.expr, width, MaxOddsValues))
	}
	return c.power(die, d.count)
}

// power is the distribution of the sum of n independent values, each
// distributed as x: x convolved with itself by repeated squaring, from
// the highest bit of n down, between two buffers of the final width. It
// takes powerWork(len(x.p), n) multiply-adds, about a third of adding the
// values one by one. The probabilities keep their precision: every term is
// positive, and a square's probabilities are sums of products of the
// half sum's.
func (c *oddsCalc) power(x dist, n int) (dist, error) {
	if err := c.spend(powerWork(len(x.p), n)); err != nil {
		return dist{}, err
	}
	width := n*(len(x.p)-1) + 1
	buf, spare := make([]float64, width), make([]float64, width)
	conv := newConvolver(width)
	out := x
	out.p = buf[:copy(buf, x.p)]
	for bit := bits.Len(uint(n)) - 2; bit >= 0; bit-- {
		sq := sumOf(out, out)
		sq.p = conv.squareInto(spare[:2*len(out.p)-1], out.p)
		out, buf, spare = sq, spare, buf
		if n&(1<<bit) != 0 {
			sum := sumOf(out, x)
			sum.p = conv.convolveInto(spare[:len(out.p)+len(x.p)-1], out.p, x.p)
			out, buf, spare = sum, spare, buf
		}
	}
	out.weights, out.den = nil, 0
	return out, nil
}

// powerWork is the multiply-adds power takes to sum n values with the
// given number of possible values each: a square of w values takes
// w(w+1)/2, and adding one more value w·values.
func powerWork(values, n int) int {
	work, w := 0, values
	for bit := bits.Len(uint(n)) - 2; bit >= 0; bit-- {
		work += w * (w + 1) / 2
		w = 2*w - 1
		if n&(1<<bit) != 0 {
			work += w * values
			w += values - 1
		}
	}
	return work
}

// refuseDice refuses a dice term whose odds the computation does not
// cover or whose faces or kept totals are more than the odds list.
func (c *oddsCalc) refuseDice(d *diceNode) error {
	if faces := d.highFace() - d.lowFace() + 1; faces > MaxOddsValues || (d.explode == nil && !d.scored() && d.keep*(faces-1)+1 > MaxOddsValues) {
		return oddsLimit(ErrOddsTotals, d.src, MaxOddsValues, fmt.Sprintf("%s has more than %d possible totals", d.src, MaxOddsValues))
	}
	if d.implode != nil && (d.keep < d.count || d.explode != nil || d.scored()) {
		return &LimitError{Kind: ErrOddsKeep, Expr: d.src, Msg: fmt.Sprintf("exact odds of imploding dice that also keep, drop, explode or count (%s)", d.src), cause: ErrUnsupported}
	}
	if d.keep < d.count && d.separate() && (d.mode == 'p' || d.explodeDepth() < MaxExplodeDepth) {
		return &LimitError{Kind: ErrOddsKeep, Expr: d.src, Msg: fmt.Sprintf("exact odds of keeping or dropping dice that penetrate or explode a limited number of times (%s)", d.src), cause: ErrUnsupported}
	}
	return nil
}

// A convolution works on its probabilities scaled by 2⁵⁰⁰ each, and so
// on their products scaled by 2¹⁰⁰⁰, which it leaves out below 2⁻¹⁰²²
// scaled: below 2⁻²⁰²² (about 1e-609) of probability, far less than any
// float64 probability holds. So every multiply-add is on normal float64s:
// the far ends of large sums of dice are full of probabilities that are
// subnormal (below 2⁻¹⁰²², about 2.2e-308), which hold fewer digits and
// which the processor multiplies and adds many times more slowly.
const (
	halfScale = 0x1p500
	minNormal = 0x1p-1022
)

// convolver holds a convolution's working arrays, reused from one to the
// next.
type convolver struct {
	scaled, prefix, suffix []float64
}

// newConvolver returns a convolver with room for arrays of n values.
func newConvolver(n int) *convolver {
	return &convolver{make([]float64, n), make([]float64, n), make([]float64, n)}
}

// prepared is an array ready for a convolution: its values scaled by
// halfScale and what tells which of them are worth a product.
type prepared struct {
	scaled []float64
	// prefix and suffix are, for each place, the largest scaled value up
	// to it (ascending) and from it on (descending).
	prefix, suffix []float64
	// first and last are where the values above 0 begin and end (first
	// above last: none is), and all is the least x whose product with
	// each of them is at least minNormal.
	first, last int
	all         float64
}

// prepare returns p prepared in c's arrays.
func (c *convolver) prepare(p []float64) prepared {
	if cap(c.scaled) < len(p) {
		*c = *newConvolver(len(p))
	}
	pr := prepared{scaled: c.scaled[:len(p)], prefix: c.prefix[:len(p)], suffix: c.suffix[:len(p)], first: 0, last: -1}
	least := math.Inf(1) // the smallest scaled value above 0
	top := 0.0
	for i, v := range p {
		x := v * halfScale
		pr.scaled[i] = x
		top = max(top, x)
		pr.prefix[i] = top
		if x > 0 {
			least = min(least, x)
			if pr.last < 0 {
				pr.first = i
			}
			pr.last = i
		}
	}
	top = 0
	for i := len(p) - 1; i >= 0; i-- {
		top = max(top, pr.scaled[i])
		pr.suffix[i] = top
	}
	pr.all = minNormal / least
	return pr
}

// worth is the range, lo to hi, outside which every value is below limit
// (lo ≥ hi: none is worth a product).
func (pr *prepared) worth(limit float64) (lo, hi int) {
	lo = sort.Search(len(pr.prefix), func(i int) bool { return pr.prefix[i] >= limit })
	hi = sort.Search(len(pr.suffix), func(i int) bool { return pr.suffix[i] < limit })
	return lo, hi
}

// convolveInto is Convolve writing into out, which has room for the
// result.
func (c *convolver) convolveInto(out, a, b []float64) []float64 {
	clear(out)
	pb := c.prepare(b)
	for i, pa := range a {
		if pa != 0 {
			pb.addProducts(out[i:], pa*halfScale, 0)
		}
	}
	return rescale(out, 1/(halfScale*halfScale))
}

// squareInto is convolveInto(out, a, a), taking each product of two
// different values once, doubled.
func (c *convolver) squareInto(out, a []float64) []float64 {
	clear(out)
	pa := c.prepare(a)
	for i, x := range pa.scaled {
		if x == 0 {
			continue
		}
		if sq := x * x; sq >= minNormal {
			out[2*i] += sq
		}
		pa.addProducts(out[i:], 2*x, i+1)
	}
	return rescale(out, 1/(halfScale*halfScale))
}

// addProducts adds x times each scaled value from the place from on to
// out, place by place, leaving out those whose product is below
// minNormal.
func (pr *prepared) addProducts(out []float64, x float64, from int) {
	lo, hi := pr.first, pr.last+1
	if x < pr.all {
		lo, hi = pr.worth(minNormal / x)
	}
	lo = max(lo, from)
	if lo >= hi {
		return
	}
	rest := pr.scaled[lo:hi]
	o := out[lo:hi]
	o = o[:len(rest)] // no bounds checks in the loop
	for j, y := range rest {
		o[j] += x * y
	}
}

// rescale multiplies each of p by f and returns p.
func rescale(p []float64, f float64) []float64 {
	for i := range p {
		p[i] *= f
	}
	return p
}

// kept is the distribution of the sum of the keep highest (or lowest) of
// count dice, each distributed as die. It deals the dice out value by
// value from the kept end: with m dice dealt, the kept ones are the first
// min(m, keep), so the state is (m, kept sum), and c more dice showing
// value v come with probability C(count-m, c)·P(v)^c.
func (c *oddsCalc) kept(d *diceNode, die dist) (dist, error) {
	n, keep, values := d.count, d.keep, len(die.p)
	width := keep*(values-1) + 1
	if err := c.spend(values * (n + 1) * (n + 1) * width); err != nil {
		return dist{}, err
	}
	dp := make([][]float64, n+1) // dp[m][sum - keep*lo]
	for m := range dp {
		dp[m] = make([]float64, width)
	}
	dp[0][0] = 1
	next := make([][]float64, n+1)
	for m := range next {
		next[m] = make([]float64, width)
	}
	for step := range values {
		i := values - 1 - step // from the highest value down
		if d.keepLow {
			i = step
		}
		pv := die.p[i]
		for m := range next {
			clear(next[m])
		}
		for m := 0; m <= n; m++ {
			for sum, p := range dp[m] {
				if p == 0 {
					continue
				}
				w := p
				for k := 0; m+k <= n; k++ {
					if k > 0 {
						w *= float64(n-m-k+1) / float64(k) * pv // C(n-m, k)·P(v)^k, built up
					}
					if w == 0 {
						break
					}
					kept := min(m+k, keep) - min(m, keep)
					next[m+k][sum+i*kept] += w
				}
			}
		}
		dp, next = next, dp
	}
	out := dist{lo: keep * die.lo, p: dp[n], lost: 1 - math.Pow(1-die.lost, float64(n)), min: keep * die.min, max: keep * die.max}
	if !d.keepLow {
		out.lostSide = die.lostSide // a longer chain is kept
	}
	return out, nil
}

// keptPlan is what keptExploding computes before its work: how many
// extra dice it follows, the probability of more, and the range of the
// kept scores.
type keptPlan struct {
	tmax      int
	lost      float64
	dropFirst bool // deal from the dropped end (a drop of separate dice)
	desc      bool // deal from the highest value down
	kmax      int  // dice kept at most
	lo, width int  // the kept sums
	work      int
}

// planKept plans keptExploding.
func planKept(d *diceNode, die dist, separate bool, post func(int) int) (keptPlan, error) {
	var pl keptPlan
	n := d.count
	nE, nA := 0, 0 // values that explode, and those that do not
	pLo, pHi := 0, 0
	for i, p := range die.p {
		if p == 0 {
			continue
		}
		v := die.lo + i
		pLo, pHi = min(pLo, post(v)), max(pHi, post(v))
		if separate && d.explode.match(v) {
			nE++
		} else {
			nA++
		}
	}
	if separate {
		// T, the extra dice of n chains, has the negative binomial
		// distribution P(T = t) = C(n+t-1, t)·pE^t·(1-pE)^n. It is followed
		// until what is left is negligible, short of MaxExplodeDepth so
		// that no chain meets the roller's limit.
		pE := weighed(die, d.explode.match)
		pt, cum := math.Pow(1-pE, float64(n)), 0.0
		for t := 0; ; t++ {
			cum += pt
			if 1-cum < negligible {
				pl.tmax, pl.lost = t, max(0, 1-cum)
				break
			}
			if t+1 >= MaxExplodeDepth || pt == 0 && t > 0 {
				return pl, oddsLimit(ErrOddsWork, d.src, 0, fmt.Sprintf("the exact odds of %s take too much work: its dice explode too often", d.src))
			}
			pt *= pE * float64(n+t) / float64(t+1)
		}
	}
	pl.dropFirst = d.dropping && separate
	pl.desc = !d.keepLow
	pl.kmax = d.keep
	if pl.dropFirst {
		pl.desc = d.keepLow // the dropped are the highest
		pl.kmax = n + pl.tmax - (d.count - d.keep)
	}
	pl.lo = pl.kmax * pLo
	pl.width = pl.kmax*(pHi-pLo) + 1
	if pl.width > MaxOddsValues {
		return pl, oddsLimit(ErrOddsTotals, d.src, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", d.src, pl.width, MaxOddsValues))
	}
	t1 := pl.tmax + 1
	// Each step costs about two multiply-adds (measured: 60d100>=50kh30, 35 ms).
	pl.work = 2 * pl.width * (nA*t1*(n+1)*(n+2)/2 + nE*(n+1)*t1*(t1+1)/2)
	return pl, nil
}

// keptExploding is the distribution of what the dice of d keep (a keep or
// drop by count), ranked by value and each counting post(value). die is
// one die's distribution; with separate it is one roll's, and each face
// that matches the explode condition adds another die.
//
// The dice are dealt value by value from one end, as in kept. Of n chains
// of separate explosions, the n faces that end them are each distributed
// as die among the faces that do not explode, and the T extra dice as die
// among those that do, T having the negative binomial distribution: a
// configuration with c(v) dice showing v has the probability
// C(n+T-1, T)·(n!/∏c(v)!)·(T!/∏c(v)!)·∏P(v)^c(v), each factorial ratio
// over its own group of faces, which the dealing builds up value by value.
// The state is (the faces that end chains dealt, the extra dice dealt,
// the kept sum). A keep counts its dice from the kept end; a drop of
// separate dice counts the dropped from the other end, so that d1 drops
// one die however many explode.
func (c *oddsCalc) keptExploding(d *diceNode, die dist, separate bool, post func(int) int) (dist, error) {
	pl, err := planKept(d, die, separate, post)
	if err != nil {
		return dist{}, err
	}
	if err := c.spend(pl.work); err != nil {
		return dist{}, err
	}
	n, t1, W := d.count, pl.tmax+1, pl.width
	// The dice kept are those dealt from S to S+K (from S on for a drop
	// of separate dice).
	S, K := d.skip, d.keep
	if pl.dropFirst {
		S, K = d.count-d.keep, math.MaxInt/2
	}
	keptOf := func(m, k int) int { return max(0, min(m+k, S+K)-max(m, S)) }
	size := (n + 1) * t1 * W
	if err := c.allocate(2 * size); err != nil {
		return dist{}, err
	}
	dp, next := make([]float64, size), make([]float64, size)
	dp[-pl.lo] = 1
	for step := range die.p {
		i := step
		if pl.desc {
			i = len(die.p) - 1 - step
		}
		pv := die.p[i]
		if pv == 0 {
			continue
		}
		v := die.lo + i
		score := post(v)
		exploding := separate && d.explode.match(v)
		clear(next)
		for a := 0; a <= n; a++ {
			for t := 0; t < t1; t++ {
				row := dp[(a*t1+t)*W : (a*t1+t+1)*W]
				for s, x := range row {
					if x == 0 {
						continue
					}
					w := x
					for k := 0; ; k++ {
						if k > 0 {
							if exploding {
								w *= pv * float64(t+k) / float64(k) // C(t+k, k)·P(v)^k
							} else {
								w *= pv * float64(n-a-k+1) / float64(k) // C(n-a, k)·P(v)^k
							}
						}
						if w == 0 {
							break
						}
						na, nt := a, t
						if exploding {
							nt += k
						} else {
							na += k
						}
						if na > n || nt >= t1 {
							break
						}
						ns := s + keptOf(a+t, k)*score
						next[(na*t1+nt)*W+ns] += w
					}
				}
			}
		}
		dp, next = next, dp
	}
	out := dist{lo: pl.lo, p: make([]float64, W), lost: pl.lost}
	for t := 0; t < t1; t++ {
		f := 1.0
		for j := 1; separate && j <= t; j++ {
			f *= float64(n-1+j) / float64(j) // C(n+t-1, t)
		}
		row := dp[(n*t1+t)*W : (n*t1+t+1)*W]
		for s, x := range row {
			out.p[s] += x * f
		}
	}
	out.min, out.max = d.bounds()
	if !separate {
		sp := withSupport(dist{lo: out.lo, p: out.p})
		out.min, out.max = max(out.min, sp.min), min(out.max, sp.max)
		if die.lost > 0 {
			out.min, out.max = d.bounds()
		}
		out.lost = 1 - math.Pow(1-die.lost, float64(n))
	}
	if out.lost > 0 {
		c.note(noteExplosionsFollowed.New())
	}
	return out, nil
}

// sumUniform is the distribution of the sum of n fair dice of m faces,
// from its minimum. Each die is added by a sliding sum over m values,
// computed without subtraction (van Herk and Gil-Werman: the values are
// cut in blocks of m, and a window is a block's suffix plus the next
// block's prefix), so the small probabilities at the ends keep their
// relative precision.
func sumUniform(n, m int) []float64 {
	size := n*(m-1) + 1
	// The current distribution, with m-1 zeros on each side (and up to a
	// block more at the end), so that every window lies inside.
	span := (size+2*(m-1)+m-1)/m*m + m
	padded := make([]float64, span)
	prefix, suffix := make([]float64, span), make([]float64, span)
	out := make([]float64, size)
	out[0] = 1
	k := 1 // values in out
	inv := 1 / float64(m)
	for range n {
		clear(padded)
		copy(padded[m-1:], out[:k])
		end := (k+2*(m-1)+m-1)/m*m + m // whole blocks covering the windows
		for b := 0; b < end; b += m {
			blk, pre, suf := padded[b:b+m], prefix[b:b+m], suffix[b:b+m]
			sum := 0.0
			for j, v := range blk {
				sum += v
				pre[j] = sum
			}
			sum = 0
			for j := m - 1; j >= 0; j-- {
				sum += blk[j]
				suf[j] = sum
			}
		}
		k += m - 1
		// out[i] is the sum of padded[i .. i+m-1].
		for b := 0; b < k; b += m {
			out[b] = prefix[b+m-1] * inv
			for i := b + 1; i < min(b+m, k); i++ {
				out[i] = (suffix[i] + prefix[i+m-1]) * inv
			}
		}
	}
	return out
}

// summarize lists the possible totals of d with their probabilities,
// leaving out the ends of the range less likely than minListed each.
func summarize(expr string, d dist, notes []l10n.Message) Odds {
	o := Odds{Expr: expr, Min: d.min, Max: d.max, Notes: notes}
	if d.lost > 0 && (d.lostSide == 0 || (d.lostSide > 0 && d.hi() >= d.max) || (d.lostSide < 0 && d.lo <= d.min)) {
		// The explosions past the cut do not lie beyond one end of the
		// totals listed (a count of successes that never succeed, or
		// explosions both ways): their probability, under 1e-12, is
		// shared out in proportion.
		scale := 1 / (1 - d.lost)
		p := make([]float64, len(d.p))
		for i, q := range d.p {
			p[i] = q * scale
		}
		d.p, d.lost = p, 0
	}
	first, last := 0, len(d.p)-1
	for first < last && d.p[first] < minListed {
		first++
	}
	for last > first && d.p[last] < minListed {
		last--
	}
	total, below, above := 0.0, 0.0, 0.0
	if d.lostSide > 0 {
		above = d.lost
	} else {
		below = d.lost
	}
	for i, q := range d.p {
		total += q
		o.Mean += float64(d.lo+i) * q
		switch {
		case i < first:
			below += q
		case i > last:
			above += q
		}
	}
	o.Mean /= total
	for i, q := range d.p {
		x := float64(d.lo+i) - o.Mean
		o.StdDev += x * x * q
	}
	o.StdDev = math.Sqrt(o.StdDev / total)
	if from, to := o.Min, d.lo+first-1; to >= from {
		o.LeftOut = append(o.LeftOut, Tail{From: from, To: to, P: below})
	}
	if from, to := d.lo+last+1, o.Max; to >= from {
		o.LeftOut = append(o.LeftOut, Tail{From: from, To: to, P: above})
	}
	o.Distribution = make([]Outcome, 0, last-first+1)
	for i := first; i <= last; i++ {
		if d.p[i] > 0 {
			o.Distribution = append(o.Distribution, Outcome{Value: d.lo + i, P: d.p[i]})
		}
	}
	// P(≥ v) is added up from the end where it is the smaller sum: from
	// the top, and below the middle as 1 − P(< v). Summed from the top
	// alone, the rounding of thousands of values shows at the bottom
	// (1000d6 would have P(≥ 1654) = 0.999999999999939, not 1).
	out := o.Distribution
	var fromTop, fromBottom sum
	fromTop.add(above)
	for i := len(out) - 1; i >= 0; i-- {
		fromTop.add(out[i].P)
		out[i].PAtLeast = min(fromTop.value(), 1)
	}
	fromBottom.add(below)
	for i := 0; i < len(out) && fromBottom.value() < 0.5; i++ {
		out[i].PAtLeast = 1 - fromBottom.value()
		fromBottom.add(out[i].P)
	}
	// Where the two sums meet, their roundings may differ by more than a
	// tiny probability: P(≥ v) never grows with v.
	for i := len(out) - 2; i >= 0; i-- {
		out[i].PAtLeast = max(out[i].PAtLeast, out[i+1].PAtLeast)
	}
	return o
}

// MarshalJSON writes the mean and the standard deviation rounded to 15
// significant digits (see Outcome.MarshalJSON).
//
// The distribution is written in one piece: up to MaxOddsValues outcomes,
// each through its own MarshalJSON, cost a third of a large request.
func (o Odds) MarshalJSON() ([]byte, error) {
	type plain Odds
	dist := make([]byte, 0, 2+64*len(o.Distribution))
	dist = append(dist, '[')
	for i, x := range o.Distribution {
		if i > 0 {
			dist = append(dist, ',')
		}
		dist = x.appendJSON(dist)
	}
	dist = append(dist, ']')
	return json.Marshal(struct {
		plain
		Distribution json.RawMessage `json:"distribution"`
		Mean         json.RawMessage `json:"mean"`
		StdDev       json.RawMessage `json:"stddev"`
	}{plain(o), dist, appendRounded(nil, o.Mean), appendRounded(nil, o.StdDev)})
}

// MarshalJSON writes the probabilities rounded to 15 significant digits,
// which takes off the floating-point noise of the last bits (1/6 is
// 0.166666666666667, never 0.16666666666666669) while keeping every
// probability the odds compute exactly enough to tell apart.
func (x Outcome) MarshalJSON() ([]byte, error) {
	return x.appendJSON(make([]byte, 0, 64)), nil
}

// appendJSON appends the outcome's JSON to b.
func (x Outcome) appendJSON(b []byte) []byte {
	b = append(b, `{"value":`...)
	b = strconv.AppendInt(b, int64(x.Value), 10)
	b = append(b, `,"p":`...)
	b = appendRounded(b, x.P)
	b = append(b, `,"p_at_least":`...)
	b = appendRounded(b, x.PAtLeast)
	return append(b, '}')
}

// MarshalJSON writes the probability rounded to 15 significant digits.
func (t Tail) MarshalJSON() ([]byte, error) {
	type plain Tail
	return json.Marshal(struct {
		plain
		P json.RawMessage `json:"p"`
	}{plain(t), appendRounded(nil, t.P)})
}

// appendRounded appends x rounded to 15 significant digits, as a JSON
// number.
func appendRounded(b []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return append(b, '0')
	}
	return strconv.AppendFloat(b, x, 'g', 15, 64)
}

// uniqueWork is the multiply-adds of uniqueDice, and its kept sums.
func uniqueWork(d *diceNode, post func(int) int) (work, lo, width int) {
	pLo, pHi := 0, 0
	for v := d.lowFace(); v <= d.highFace(); v++ {
		pLo, pHi = min(pLo, post(v)), max(pHi, post(v))
	}
	width = d.keep*(pHi-pLo) + 1
	m := d.highFace() - d.lowFace() + 1
	return 8 * m * (d.count + 1) * width, d.keep * pLo, width // 8: each step costs about eight multiply-adds (measured: 20d100u, 16.6 million steps, 37 ms)
}

// uniqueDice is the distribution of unique dice drawn without replacement
// (drawsUnique): their faces are a subset of count faces, each subset
// equally likely. The faces are dealt from the kept end; the i-th of m is
// drawn with probability (count-j)/(m-i) when j were drawn before it, and
// counts when j falls in the kept window. Other unique dice have no exact
// odds here.
func (c *oddsCalc) uniqueDice(d *diceNode, post func(int) int) (dist, error) {
	if !d.drawsUnique() {
		return dist{}, &LimitError{Kind: ErrOddsKeep, Expr: d.src, Msg: fmt.Sprintf("exact odds of unique dice that reroll a repeated face a limited number of times (%s)", d.src), cause: ErrUnsupported}
	}
	work, lo, W := uniqueWork(d, post)
	if W > MaxOddsValues {
		return dist{}, oddsLimit(ErrOddsTotals, d.src, MaxOddsValues, fmt.Sprintf("%s has %d possible totals, more than the %d odds can list", d.src, W, MaxOddsValues))
	}
	if err := c.spend(work); err != nil {
		return dist{}, err
	}
	k, m := d.count, d.highFace()-d.lowFace()+1
	if err := c.allocate(2 * (k + 1) * W); err != nil {
		return dist{}, err
	}
	dp, next := make([]float64, (k+1)*W), make([]float64, (k+1)*W)
	dp[-lo] = 1
	S, K := d.skip, d.keep
	if d.keepLow {
		S = 0
	}
	for i := range m {
		v := d.highFace() - i
		if d.keepLow {
			v = d.lowFace() + i
		}
		clear(next)
		for j := 0; j <= k; j++ {
			row := dp[j*W : (j+1)*W]
			pick := float64(k-j) / float64(m-i)
			for sum, x := range row {
				if x == 0 {
					continue
				}
				next[j*W+sum] += x * (1 - pick)
				if j < k {
					add := 0
					if j >= S && j < S+K {
						add = post(v)
					}
					next[(j+1)*W+sum+add] += x * pick
				}
			}
		}
		dp, next = next, dp
	}
	out := withSupport(dist{lo: lo, p: dp[k*W : (k+1)*W]})
	return out, nil
}

// rolledWithin refuses the odds of an expression whose roll could meet
// the roller's limit of MaxRolled dice rolled (repetitions included),
// where rerolls and explosions stop: the dice it rolls, rerolls and
// explosions counted, have a mean and a variance, and a mean 10 standard
// deviations below the limit leaves a chance of meeting it far below
// 1e-12 (by the normal approximation of a sum of many dice).
func rolledWithin(e *Expr) error {
	var mean, variance float64
	var worst *diceNode
	var walk func(n node)
	walk = func(n node) {
		switch x := n.(type) {
		case negNode:
			walk(x.x)
		case groupNode:
			walk(x.x)
		case *binNode:
			walk(x.l)
			walk(x.r)
		case *funcNode:
			for _, a := range x.args {
				walk(a)
			}
		case *setNode:
			for _, a := range x.items {
				walk(a)
			}
		case *diceNode:
			m, v := rollsPerDie(x)
			if worst == nil || m > func() float64 { w, _ := rollsPerDie(worst); return w }() {
				worst = x
			}
			mean += float64(x.count) * m
			variance += float64(x.count) * v
		}
	}
	walk(e.root)
	r := float64(e.repeat)
	mean, variance = mean*r, variance*r
	if mean+10*math.Sqrt(variance) <= MaxRolled || worst == nil {
		return nil
	}
	return &LimitError{Kind: ErrOddsKeep, Expr: worst.src, Msg: fmt.Sprintf("exact odds of %s: its rolls could reach the roller's limit of %d dice, where rerolls and explosions stop", e.src, MaxRolled), cause: ErrUnsupported}
}

// rollsPerDie is the mean and a bound of the variance of the dice one die
// of d rolls, its rerolls and explosions included.
func rollsPerDie(d *diceNode) (mean, variance float64) {
	f := faces(d)
	mean = 1
	if d.reroll != nil {
		q := 0.0
		for v := d.lowFace(); v <= d.highFace(); v++ {
			if d.reroll.match(v) {
				q += float64(d.weight(v)) / float64(d.outcomes())
			}
		}
		if d.once {
			mean, variance = 1+q, q*(1-q)
		} else {
			mean = (1 - math.Pow(q, maxRerolls+1)) / (1 - q)
			variance = q / ((1 - q) * (1 - q))
		}
	}
	if d.explode != nil {
		p := weighed(f, d.explode.match)
		m := 1 / (1 - p)
		if d.explodeDepth() < MaxExplodeDepth {
			m = 1 + p
		}
		variance = variance*m*m + mean*mean*p/((1-p)*(1-p))
		mean *= m
	}
	if d.unique && !d.drawsUnique() {
		mean, variance = mean*(maxRerolls+1), 0 // at worst
	}
	return mean, variance
}
