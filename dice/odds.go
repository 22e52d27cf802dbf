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
	// maxOddsWork caps the multiply-adds one computation may make.
	maxOddsWork = 60_000_000
	// negligible is the probability below which explosions are no longer
	// followed; what lies beyond is reported as Truncated.
	negligible = 1e-12
)

// Odds is the exact distribution of an expression's total.
type Odds struct {
	Expr   string  `json:"expr"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"stddev"`
	// Distribution lists every possible total from Min to Max with
	// P(= value) and P(≥ value).
	Distribution []Outcome `json:"distribution"`
	// Truncated is the probability of explosions longer than the odds
	// follow (at most 1e-12 per die); it is left out of the distribution.
	Truncated float64  `json:"truncated,omitempty"`
	Notes     []string `json:"notes,omitempty"`
}

// Outcome is one possible total.
type Outcome struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	PAtLeast float64 `json:"p_at_least"`
}

// dist is a distribution over consecutive integers from lo.
type dist struct {
	lo   int
	p    []float64
	lost float64 // probability not represented (explosions beyond the cut)
}

func point(v int) dist { return dist{lo: v, p: []float64{1}} }

func (d dist) hi() int { return d.lo + len(d.p) - 1 }

// oddsCalc is the state of one computation: its work budget and notes.
type oddsCalc struct {
	expr  string
	work  int
	notes []string
}

func (c *oddsCalc) spend(n int) error {
	c.work += n
	if c.work > maxOddsWork || n < 0 {
		return fmt.Errorf("%w: the exact odds of %s take too much work", ErrLimit, c.expr)
	}
	return nil
}

func (c *oddsCalc) span(d dist) error {
	if len(d.p) > MaxOddsValues {
		return fmt.Errorf("%w: %s has %d possible totals, more than the %d odds can list", ErrLimit, c.expr, len(d.p), MaxOddsValues)
	}
	return nil
}

func (c *oddsCalc) note(s string) {
	if !slices.Contains(c.notes, s) {
		c.notes = append(c.notes, s)
	}
}

// Odds computes the exact distribution of e's total by convolution and
// dynamic programming (never by sampling). Explosions are followed until
// what is left is below 1e-12. It refuses, with ErrLimit, expressions
// whose totals or work exceed the limits, and with ErrUnsupported keep or
// drop combined with separate exploding dice or with success counting.
// For a repeated expression it is the odds of one roll.
func (e *Expr) Odds() (Odds, error) {
	c := &oddsCalc{expr: e.src}
	d, err := c.node(e.root)
	if err != nil {
		return Odds{}, err
	}
	if e.repeat > 1 {
		c.note(fmt.Sprintf("The odds of one of the %d rolls.", e.repeat))
	}
	return summarize(e.src, d, c.notes), nil
}

func (c *oddsCalc) node(n node) (dist, error) {
	switch x := n.(type) {
	case numNode:
		return point(x.v), nil
	case negNode:
		d, err := c.node(x.x)
		if err != nil {
			return dist{}, err
		}
		return negate(d), nil
	case binNode:
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
			out, err = c.combine(a, b, x.op)
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
	}
	panic("dice: unknown node")
}

func negate(d dist) dist {
	p := slices.Clone(d.p)
	slices.Reverse(p)
	return dist{lo: -d.hi(), p: p, lost: d.lost}
}

func add(a, b dist) dist {
	return dist{lo: a.lo + b.lo, p: Convolve(a.p, b.p), lost: a.lost + b.lost - a.lost*b.lost}
}

// combine multiplies or divides (rounding down) two distributions value by
// value.
func (c *oddsCalc) combine(a, b dist, op byte) (dist, error) {
	if err := c.spend(len(a.p) * len(b.p)); err != nil {
		return dist{}, err
	}
	lo, hi := math.MaxInt, math.MinInt
	f := func(x, y int) int {
		if op == '*' {
			return x * y
		}
		return floorDiv(x, y)
	}
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
		return dist{}, fmt.Errorf("%w: %s has more than %d possible totals", ErrLimit, c.expr, MaxOddsValues)
	}
	out := dist{lo: lo, p: make([]float64, hi-lo+1), lost: a.lost + b.lost - a.lost*b.lost}
	for i, pa := range a.p {
		for j, pb := range b.p {
			if pa != 0 && pb != 0 {
				out.p[f(a.lo+i, b.lo+j)-lo] += pa * pb
			}
		}
	}
	if op == '/' {
		c.note("Division rounds down.")
	}
	return out, nil
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

// faces is the distribution of one roll of d's die, its reroll modifier
// applied.
func faces(d *diceNode) dist {
	lo, n := d.lowFace(), d.highFace()-d.lowFace()+1
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	if d.reroll == nil {
		return dist{lo: lo, p: p}
	}
	matched := 0.0
	for i := range p {
		if d.reroll.match(lo + i) {
			matched += p[i]
		}
	}
	out := make([]float64, n)
	for i := range p {
		keep := !d.reroll.match(lo + i)
		switch {
		case d.once && keep:
			out[i] = p[i] + matched*p[i]
		case d.once:
			out[i] = matched * p[i]
		case keep:
			out[i] = p[i] / (1 - matched) // rerolled until it does not match
		}
	}
	return dist{lo: lo, p: out}
}

// chain is the distribution of what one die contributes with its
// explosions: value(face) for the first roll and next(face) for each extra
// roll, while the face matches the explode condition. It follows the chain
// until what is left is negligible.
func (c *oddsCalc) chain(d *diceNode, f dist, value, next func(int) int) (dist, error) {
	scored := func(score func(int) int, exploding bool) dist {
		lo, hi := math.MaxInt, math.MinInt
		for i := range f.p {
			if d.explode.match(f.lo+i) == exploding && f.p[i] > 0 {
				v := score(f.lo + i)
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		if lo > hi {
			return dist{lo: 0, p: []float64{0}}
		}
		out := dist{lo: lo, p: make([]float64, hi-lo+1)}
		for i := range f.p {
			if d.explode.match(f.lo+i) == exploding && f.p[i] > 0 {
				out.p[score(f.lo+i)-lo] += f.p[i]
			}
		}
		return out
	}
	pExplode := 0.0
	for i := range f.p {
		if d.explode.match(f.lo + i) {
			pExplode += f.p[i]
		}
	}
	// The continuation: extra rolls, scored with next.
	stopN, goN := scored(next, false), scored(next, true)
	tail := dist{lo: 0, p: []float64{1}} // nothing more
	reach := pExplode                    // probability of reaching this depth
	depth := 0
	for ; reach > negligible && depth < MaxExplodeDepth; depth++ {
		reach *= pExplode
	}
	lost := reach
	for range depth {
		if err := c.spend(len(goN.p) * len(tail.p)); err != nil {
			return dist{}, err
		}
		tail = mix(stopN, add(goN, tail))
		if err := c.span(tail); err != nil {
			return dist{}, err
		}
	}
	stop1, go1 := scored(value, false), scored(value, true)
	out := mix(stop1, add(go1, tail))
	out.lost = lost
	return out, nil
}

// mix adds two sub-distributions (their probabilities sum to at most 1).
func mix(a, b dist) dist {
	lo := min(a.lo, b.lo)
	hi := max(a.hi(), b.hi())
	out := dist{lo: lo, p: make([]float64, hi-lo+1)}
	for i, p := range a.p {
		out.p[a.lo-lo+i] += p
	}
	for i, p := range b.p {
		out.p[b.lo-lo+i] += p
	}
	return out
}

// mapValues is the distribution of g(X).
func mapValues(x dist, g func(int) int) dist {
	lo, hi := math.MaxInt, math.MinInt
	for i, p := range x.p {
		if p > 0 {
			v := g(x.lo + i)
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	out := dist{lo: lo, p: make([]float64, hi-lo+1), lost: x.lost}
	for i, p := range x.p {
		if p > 0 {
			out.p[g(x.lo+i)-lo] += p
		}
	}
	return out
}

// dice computes a dice term's distribution.
func (c *oddsCalc) dice(d *diceNode) (dist, error) {
	identity := func(v int) int { return v }
	score := func(v int) int {
		switch {
		case d.success.match(v):
			return 1
		case d.failure != nil && d.failure.match(v):
			return -1
		}
		return 0
	}
	keeps := d.keep < d.count
	if faces := d.highFace() - d.lowFace() + 1; faces > MaxOddsValues || (d.explode == nil && d.success == nil && d.keep*(faces-1)+1 > MaxOddsValues) {
		return dist{}, fmt.Errorf("%w: %s has more than %d possible totals", ErrLimit, d.src, MaxOddsValues)
	}
	if keeps && (d.success != nil || (d.explode != nil && d.mode != 'c')) {
		return dist{}, fmt.Errorf("%w: exact odds of keeping or dropping dice that explode into separate dice, or that count successes; use !! (compounding) or leave out the keep or drop", ErrUnsupported)
	}
	// The distribution of what one die contributes.
	f := faces(d)
	die := f
	if d.explode != nil {
		value, next := identity, identity
		if d.mode == 'p' {
			next = func(v int) int { return v - 1 }
		}
		if d.success != nil && d.mode != 'c' {
			value = score
			next = func(v int) int { return score(v) }
			if d.mode == 'p' {
				next = func(v int) int { return score(v - 1) }
			}
		}
		var err error
		if die, err = c.chain(d, f, value, next); err != nil {
			return dist{}, err
		}
		if die.lost > 0 {
			c.note("Explosions are followed until less than 1e-12 of the probability is left; that rest is reported as truncated.")
		}
	}
	if d.success != nil && (d.explode == nil || d.mode == 'c') {
		die = mapValues(die, score)
	}
	if keeps {
		return c.kept(d, die)
	}
	// The sum of count independent dice.
	out := point(0)
	uniform := d.reroll == nil && d.explode == nil && d.success == nil
	for range d.count {
		if err := c.spend(len(out.p) + len(die.p)); err != nil {
			return dist{}, err
		}
		if uniform {
			out = dist{lo: out.lo + die.lo, p: addDie(out.p, len(die.p))}
		} else {
			if err := c.spend(len(out.p) * len(die.p)); err != nil {
				return dist{}, err
			}
			out = add(out, die)
		}
		if err := c.span(out); err != nil {
			return dist{}, err
		}
	}
	return out, nil
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
	for step := range values {
		i := values - 1 - step // from the highest value down
		if d.keepLow {
			i = step
		}
		pv := die.p[i]
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
		dp = next
	}
	return dist{lo: keep * die.lo, p: dp[n], lost: 1 - math.Pow(1-die.lost, float64(n))}, nil
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

// summarize lists the possible totals of d with their probabilities.
func summarize(expr string, d dist, notes []string) Odds {
	o := Odds{Expr: expr, Truncated: d.lost, Notes: notes}
	first, last := 0, len(d.p)-1
	for first < last && d.p[first] < 1e-300 {
		first++
	}
	for last > first && d.p[last] < 1e-300 {
		last--
	}
	o.Min, o.Max = d.lo+first, d.lo+last
	total := 0.0
	for _, q := range d.p {
		total += q
	}
	for i := first; i <= last; i++ {
		o.Mean += float64(d.lo+i) * d.p[i]
	}
	o.Mean /= total
	for i := first; i <= last; i++ {
		x := float64(d.lo+i) - o.Mean
		o.StdDev += x * x * d.p[i]
	}
	o.StdDev = math.Sqrt(o.StdDev / total)
	tail := 0.0
	for i := last; i >= first; i-- {
		tail += d.p[i]
		if d.p[i] > 0 {
			o.Distribution = append(o.Distribution, Outcome{Value: d.lo + i, P: d.p[i], PAtLeast: math.Min(tail, 1)})
		}
	}
	slices.Reverse(o.Distribution)
	return o
}
