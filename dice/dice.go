// Package dice parses dice expressions as players type them on dice bots,
// rolls them fairly, and computes their exact odds.
//
// A die is "d" or "k" (Polish and Czech players write "3k6"), in any case:
// "NdM", "dM", "d%" (a hundred-sided die), "dF" (a Fudge die: -1, 0 or +1).
// Expressions combine dice and integers with + - * / (division rounds down),
// unary minus and parentheses: "2d6+1d8+3", "(1d6+2)*2". A dice term takes
// modifiers, applied in this order:
//
//	r1, r<3     reroll while the die matches (never the last face left)
//	ro<3        reroll once
//	!, !>=5     explode: roll another die when one matches (default: the maximum)
//	!!          compound: the extra rolls add to the same die
//	!p          penetrate: each extra roll counts one less
//	kh3, k3     keep the three highest; kl1 keep the lowest; dh1, dl1 (or d1) drop
//	>=7, <3, =6 count successes instead of adding faces; f1 counts failures (-1 each)
//
// "6x 4d6kh3" rolls six times; "2d6+3 # sword" carries a comment.
//
// Parse knows each part's bounds before rolling and refuses an expression
// that could pass MaxValue, so no roll overflows; its errors give the
// character (not byte) where the expression stops making sense. A roll
// keeps its dice; Result.Tree gives the expression's tree from them: each
// dice term, number and operation with its value, which Text and Markdown
// render with the operators. Odds are exact: dice are added without subtracting nearly
// equal numbers, so the smallest probabilities keep their precision, and
// Min and Max are the true bounds.
package dice

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"kostka/l10n"
)

// Limits that keep one expression cheap to parse, roll and compute.
const (
	MaxExprLen      = 200       // characters in an expression
	MaxDice         = 1000      // dice written in one expression
	MaxSides        = 1_000_000 // sides of one die
	MaxRepeat       = 100       // repetitions ("6x …")
	MaxExplodeDepth = 100       // extra rolls one die may explode into
	MaxRolled       = 10_000    // dice written in a roll (repetitions included); explosions and rerolls stop once this many dice were rolled
	maxNumber       = 1_000_000_000
	maxRerolls      = 100 // rerolls of one die
)

// ErrLimit is wrapped by every error about an expression that is well formed
// but too large to roll or to compute the odds of.
var ErrLimit = errors.New("limit exceeded")

// ErrUnsupported is wrapped by errors about odds this package cannot
// compute exactly (the roll itself works).
var ErrUnsupported = errors.New("not supported")

// Expr is a parsed dice expression, ready to be rolled any number of times.
type Expr struct {
	src     string // the expression, spaces removed
	body    string // src without the repetition
	root    node
	ndice   int // dice written
	repeat  int // 1, or N for "Nx …"
	comment string
	reading []l10n.Message // how parts other rollers read in another way were read
	// The first parts of the tree live in the Expr itself, so that
	// parsing a short expression (such as 4d6kh3+2) allocates once;
	// longer ones allocate the rest.
	parts []*Expr // the rolls joined by ';', each an expression
	nums  [1]numNode
	bins  [1]binNode
	dices [1]diceNode
	used  struct{ nums, bins, dices uint8 }
}

// take returns the next unused element of an Expr's buf, or a new one once
// buf is used up.
func take[T any](buf []T, used *uint8) *T {
	if int(*used) < len(buf) {
		*used++
		return &buf[*used-1]
	}
	return new(T)
}

// String returns the expression as it was parsed, with spaces removed.
func (e *Expr) String() string { return e.src }

// Repeat is how many times the expression is rolled ("6x 4d6kh3": 6).
func (e *Expr) Repeat() int { return e.repeat }

// Reading says how the parts of the expression that other rollers read
// in another way were read ("+d20 is read as Dice Maiden's advantage"),
// nil when nothing needs saying.
func (e *Expr) Reading() []l10n.Message { return e.reading }

// Comment is the text after "#", if any.
func (e *Expr) Comment() string { return e.comment }

// Parse parses a dice expression. It returns a *SyntaxError for malformed
// input and an error wrapping ErrLimit for expressions that are too large.
func Parse(s string) (*Expr, error) {
	if len(s) > 4*MaxExprLen || utf8.RuneCountInString(s) > MaxExprLen {
		e := limitErr(ErrTooLong, fmt.Sprintf("expression longer than %d characters", MaxExprLen))
		e.Max = MaxExprLen
		return nil, e
	}
	p := parser{src: s}
	return p.parse()
}

// cond is a comparison point: "=6", ">=5", "<3".
type cond struct {
	op string // =, >, >=, <, <=
	v  int
}

func (c cond) match(v int) bool {
	switch c.op {
	case ">":
		return v > c.v
	case ">=":
		return v >= c.v
	case "<":
		return v < c.v
	case "<=":
		return v <= c.v
	case "<>":
		return v != c.v
	}
	return v == c.v
}

func (c cond) String() string {
	if c.op == "=" {
		return fmt.Sprint(c.v)
	}
	return c.op + fmt.Sprint(c.v)
}

// node is one part of a parsed expression. Each knows where it starts in
// the expression (1-based; the parser accepts only ASCII before a comment,
// so bytes and characters count the same there).
type node interface {
	// start is the position of the node's first character.
	start() int
}

type numNode struct {
	pos int
	v   int
}

type negNode struct {
	pos int // the minus sign
	x   node
}

// groupNode is an expression in parentheses.
type groupNode struct {
	pos int // the opening parenthesis
	x   node
}

type binNode struct {
	pos   int32 // the operator
	op    byte  // + - * / % ^ (power), and comparisons: = (==) ! (!=) g (>=) l (<=) > <
	round byte  // how a division rounds: 0 down, 'c' up, 'r' to the nearest
	l, r  node
}

// diceNode is a dice term with its modifiers.
type diceNode struct {
	pos     int32
	fudge   bool // faces -1, 0, +1
	fudge1  bool // dF.1: -1 and +1 on one face of six each, 0 on four
	once    bool // reroll once (ro)
	mode    byte // explosion: '!' explode, 'c' compound, 'p' penetrate, 'q' compound and penetrate
	keepLow bool
	// dropping is a drop modifier (d1, dh1): with dice that explode into
	// separate dice it drops count-keep dice of all those rolled.
	dropping bool
	chained  bool // more than one keep or drop ("3d10k1dh1"): the dice kept are skip to skip+keep from the highest
	skip     int
	spaced   bool // a modifier written after a space, Dice Maiden's way ("4d6 k3")
	sort     byte // the order the dice are shown in: 'a' ascending, 'd' descending, 0 as rolled
	src      string
	count    int
	sides    int // faces 1..sides; for Fudge dice 3 (faces -1..1)
	keep     int // dice kept (count when none are dropped)
	depth    int // extra rolls one die may explode into: 0 for MaxExplodeDepth, 1 for an explode-once
	// minFace and maxFace bound every face rolled when hasMin and hasMax
	// say so (min3, max5; mi, ma): a face below minFace counts as minFace.
	minFace, maxFace int
	hasMin, hasMax   bool
	reroll           *cond
	explode          *cond
	success          *cond
	failure          *cond
	double           *cond // Dice Maiden's ds: a success that also matches counts twice
	unique           bool  // u: no two dice show the same face (rpg-dice-roller)
	uniqueOnce       bool  // uo: a die that repeats one before it is rerolled once
	uniqueIf         *cond // u=5: only repeated faces that match are rerolled
	implode          *cond // Dice Maiden's i1: each die written (not an extra one) that matches takes a fresh die off, after keeps and drops
	keepIf           *cond // keeps only the dice that match (Avrae's k>3)
	dropIf           *cond // drops the dice that match (Avrae's p1, p<3)
	critical         *cond // marks a die as a critical success (cs), no effect on the value
	fumble           *cond // marks a die as a critical failure (cf)
}

// funcNode is a function of one or more values: abs, floor, ceil, round,
// sign of one, max and min of one or more.
type funcNode struct {
	pos  int // the function's first letter
	name string
	args []node
	// div is the division floor, ceil or round apply to: they round it
	// down, up or to the nearest (halves up), as their peers do.
	div *binNode
}

// setNode is a set of values, Avrae's "(1d6, 2d8)" or rpg-dice-roller's
// group "{1d6, 2d8}": its value is the sum of the values kept, or the
// count of those that succeed.
type setNode struct {
	pos     int // the opening parenthesis or brace
	brace   bool
	items   []node
	keep    int // values kept (len(items) when none are dropped), skip to skip+keep from the highest
	skip    int
	keepLow bool
	keepIf  []cond // Avrae's k<3: a value is kept when one of them matches (all kept when none)
	dropIf  []cond // Avrae's p3: a value is dropped when one of them matches
	success *cond
	failure *cond
}

func (n *funcNode) start() int { return n.pos }
func (n *setNode) start() int  { return n.pos }
func (n *numNode) start() int  { return n.pos }
func (n negNode) start() int   { return n.pos }
func (n groupNode) start() int { return n.pos }
func (n *binNode) start() int  { return n.l.start() }
func (d *diceNode) start() int { return int(d.pos) }

// rawLow and rawHigh are the die's faces before a clamp.
func (d *diceNode) rawLow() int {
	if d.fudge {
		return -1
	}
	return 1
}

func (d *diceNode) rawHigh() int {
	if d.fudge {
		return 1
	}
	return d.sides
}

// clamp is the face counted for a face rolled: within clampLo and clampHi.
func (d *diceNode) clamp(f int) int {
	if d.hasMin {
		f = max(f, d.minFace)
	}
	if d.hasMax {
		f = min(f, d.maxFace)
	}
	return f
}

// explodeDepth is the number of extra rolls one die may explode into.
func (d *diceNode) explodeDepth() int {
	if d.depth == 0 {
		return MaxExplodeDepth
	}
	return d.depth
}

// lowFace and highFace are the lowest and the highest face the die shows.
func (d *diceNode) lowFace() int { return d.clamp(d.rawLow()) }

func (d *diceNode) highFace() int { return d.clamp(d.rawHigh()) }

// outcomes is the number of equally likely outcomes of one roll of the
// die, and weight the number of them that show face f.
func (d *diceNode) outcomes() int { return d.rollN() }

func (d *diceNode) weight(f int) int {
	lo, hi := d.lowFace(), d.highFace()
	if f < lo || f > hi {
		return 0
	}
	// The faces rolled that count as f: an interval, as clamp is monotone.
	a, b := f, f
	if f == lo {
		a = d.rawLow()
	}
	if f == hi {
		b = d.rawHigh()
	}
	n := b - a + 1
	if d.fudge1 && a <= 0 && 0 <= b {
		n += 3 // 0 is on four faces of six
	}
	return n
}

// rollN is the number of equally likely outcomes the roller draws from.
func (d *diceNode) rollN() int {
	if d.fudge1 {
		return 6
	}
	return d.rawHigh() - d.rawLow() + 1
}

// rollFace turns v, uniform in [0, outcomes()), into the face counted.
func (d *diceNode) rollFace(v int) int {
	switch {
	case d.fudge1:
		v = [6]int{-1, 0, 0, 0, 0, 1}[v]
	case d.fudge:
		v--
	default:
		v++
	}
	return d.clamp(v)
}

// MaxValue is the largest magnitude any part of an expression may reach:
// 2^53 - 1, so that every total is exact in a float64 and in JavaScript.
// Parse refuses an expression whose bounds (known before rolling) go
// beyond it, so no roll ever overflows.
const MaxValue = 1<<53 - 1

// bounds returns the smallest and largest values n can take, a safe hull
// (for exploding dice, with explosions up to MaxExplodeDepth). It refuses
// with ErrLimit a node whose bounds exceed MaxValue, and with a
// *SyntaxError a division by a divisor that can be 0.
func bounds(n node) (lo, hi int, err error) {
	switch x := n.(type) {
	case *numNode:
		return x.v, x.v, nil
	case negNode:
		lo, hi, err := bounds(x.x)
		return -hi, -lo, err
	case groupNode:
		return bounds(x.x)
	case *diceNode:
		lo, hi = x.bounds()
	case *funcNode:
		lo, hi, err = x.bounds()
		if err != nil {
			return 0, 0, err
		}
	case *setNode:
		lo, hi, err = x.bounds()
		if err != nil {
			return 0, 0, err
		}
	case *binNode:
		a, b, err := bounds(x.l)
		if err != nil {
			return 0, 0, err
		}
		c, d, err := bounds(x.r)
		if err != nil {
			return 0, 0, err
		}
		switch x.op {
		case '+':
			lo, hi = a+c, b+d
		case '-':
			lo, hi = a-d, b-c
		case '*':
			// A product's extremes over two intervals are at their corners.
			lo, hi = math.MaxInt, math.MinInt
			for _, u := range [2]int{a, b} {
				for _, v := range [2]int{c, d} {
					p, ok := mulBounded(u, v)
					if !ok {
						e := limitErr(ErrTooLarge, fmt.Sprintf("the product at %d can be larger than %d", x.pos, MaxValue))
						e.Pos, e.Max = int(x.pos), MaxValue
						return 0, 0, e
					}
					lo, hi = min(lo, p), max(hi, p)
				}
			}
		case '=', '!', 'g', 'l', '>', '<':
			lo, hi = 0, 1
		case '%':
			if c <= 0 && d >= 0 {
				e := &SyntaxError{Pos: x.r.start(), Kind: ErrDivisorZero, Msg: "a divisor that could be 0"}
				if c == 0 && d == 0 {
					e.N, e.Msg = 1, "a divisor that is 0"
				}
				return 0, 0, e
			}
			// The remainder has the divisor's sign and is smaller.
			if a == b && c == d {
				lo = floorMod(a, c)
				hi = lo
			} else if c > 0 {
				lo, hi = 0, d-1
			} else {
				lo, hi = c+1, 0
			}
		case '^':
			if c < 0 {
				return 0, 0, &SyntaxError{Pos: x.r.start(), Kind: ErrNegativeExponent, Msg: "an exponent that could be negative"}
			}
			lo, hi, err = powBounds(a, b, c, d)
			if err != nil {
				e := limitErr(ErrTooLarge, fmt.Sprintf("the power at %d can be larger than %d", x.pos, MaxValue))
				e.Pos, e.Max = int(x.pos), MaxValue
				return 0, 0, e
			}
		case '/':
			if c <= 0 && d >= 0 {
				// The divisor's first character: bounds has no source
				// text, and Found is left empty. N is 1 for a divisor
				// that is always 0.
				e := &SyntaxError{Pos: x.r.start(), Kind: ErrDivisorZero, Msg: "a divisor that could be 0"}
				if c == 0 && d == 0 {
					e.N, e.Msg = 1, "a divisor that is 0"
				}
				return 0, 0, e
			}
			// x/y is monotone in x, and in y on an interval without 0:
			// its extremes are at the corners.
			lo, hi = math.MaxInt, math.MinInt
			for _, u := range [2]int{a, b} {
				for _, v := range [2]int{c, d} {
					q := roundDiv(u, v, x.round)
					lo, hi = min(lo, q), max(hi, q)
				}
			}
		}
	}
	if lo < -MaxValue || hi > MaxValue {
		e := limitErr(ErrTooLarge, fmt.Sprintf("the part of the expression at %d can reach more than %d", n.start(), MaxValue))
		e.Pos, e.Max = n.start(), MaxValue
		return 0, 0, e
	}
	return lo, hi, nil
}

// mulBounded multiplies two values within ±MaxValue, reporting false when
// the product is beyond MaxValue.
func mulBounded(a, b int) (int, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	if abs(a) > MaxValue/abs(b) {
		return 0, false
	}
	return a * b, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bounds is a safe hull of a dice term's values. Within the parser's
// limits (1000 dice of at most 1,000,000 sides, 100 explosions each) it
// cannot overflow.
func (d *diceNode) bounds() (lo, hi int) {
	flo, fhi := d.lowFace(), d.highFace()
	// Each extra roll of an explosion counts its face, one less when
	// penetrating.
	xlo, xhi := flo, fhi
	if d.mode == 'p' || d.mode == 'q' {
		xlo, xhi = flo-1, fhi-1
	}
	// What one counted die (or compounded chain) can be, and how many of
	// them count: kmin to kmax.
	vlo, vhi := flo, fhi
	if d.implode != nil {
		vlo = flo - fhi // a fresh die taken off
	}
	kmin, kmax := d.keep, d.keep // skip leaves out dice above the window: bounds hold
	switch {
	case d.explode != nil && (d.mode == 'c' || d.mode == 'q'):
		vlo += d.explodeDepth() * min(0, xlo)
		vhi += d.explodeDepth() * max(0, xhi)
	case d.explode != nil:
		vlo, vhi = min(flo, xlo), max(fhi, xhi)
		if d.keep == d.count {
			kmax = d.count * (d.explodeDepth() + 1)
		} else if d.dropping {
			kmax = d.count*(d.explodeDepth()+1) - (d.count - d.keep)
		}
	}
	if d.success != nil {
		vlo, vhi = 0, 1
		if d.double != nil {
			vhi = 2
		}
		if d.failure != nil {
			vlo = -1
		}
	}
	if d.keepIf != nil || d.dropIf != nil { // a die left out counts 0
		vlo, vhi = min(vlo, 0), max(vhi, 0)
	}
	return min(kmin*vlo, kmax*vlo), max(kmin*vhi, kmax*vhi)
}

// floorDiv divides rounding down.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// roundDiv divides rounding down (mode 0), up ('c') or to the nearest,
// halves away from zero ('r'). b is not 0.
func roundDiv(a, b int, mode byte) int {
	switch mode {
	case 'c':
		return -floorDiv(-a, b)
	case 'r': // halves away from zero, as rpg-dice-roller's round
		if b < 0 {
			a, b = -a, -b
		}
		if a < 0 {
			return -floorDiv(-2*a+b, 2*b)
		}
		return floorDiv(2*a+b, 2*b)
	}
	return floorDiv(a, b)
}

// floorMod is a modulo b with the sign of b (Avrae's %, and so that
// a == b*floorDiv(a, b) + floorMod(a, b)).
func floorMod(a, b int) int { return a - b*floorDiv(a, b) }

// pow is a^b for b ≥ 0, false when it passes MaxValue.
func pow(a, b int) (int, bool) {
	switch {
	case b == 0:
		return 1, true
	case a == 0 || a == 1:
		return a, true
	case a == -1:
		return 1 - 2*(b%2), true
	}
	out := 1
	for range b { // at most 53 times: |a| ≥ 2
		var ok bool
		if out, ok = mulBounded(out, a); !ok || abs(out) > MaxValue {
			return 0, false
		}
	}
	return out, true
}

// powBounds bounds x^y for x in [a, b] and y in [c, d], c ≥ 0: the
// extremes lie at the ends of x's range, or at -1, 0 and 1 within it, with
// the two largest exponents (one odd, one even).
func powBounds(a, b, c, d int) (lo, hi int, err error) {
	lo, hi = math.MaxInt, math.MinInt
	xs := []int{a, b}
	for _, x := range []int{-1, 0, 1} {
		if a <= x && x <= b {
			xs = append(xs, x)
		}
	}
	ys := []int{c, d}
	if d-1 >= c {
		ys = append(ys, d-1)
	}
	if c+1 <= d {
		ys = append(ys, c+1)
	}
	for _, x := range xs {
		for _, y := range ys {
			v, ok := pow(x, y)
			if !ok {
				return 0, 0, ErrLimit
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi, nil
}

// bounds of a function.
func (f *funcNode) bounds() (lo, hi int, err error) {
	if f.div != nil {
		return bounds(f.div)
	}
	lo, hi, err = bounds(f.args[0])
	if err != nil {
		return 0, 0, err
	}
	for _, a := range f.args[1:] {
		l, h, err := bounds(a)
		if err != nil {
			return 0, 0, err
		}
		if f.name == "max" {
			lo, hi = max(lo, l), max(hi, h)
		} else {
			lo, hi = min(lo, l), min(hi, h)
		}
	}
	switch f.name {
	case "abs":
		if lo < 0 && hi > 0 {
			return 0, max(-lo, hi), nil
		}
		return min(abs(lo), abs(hi)), max(abs(lo), abs(hi)), nil
	case "sign":
		return sign(lo), sign(hi), nil
	}
	return lo, hi, nil
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// bounds of a set: the sum of the keep largest (or smallest) highs and
// lows, or the count of successes.
func (s *setNode) bounds() (lo, hi int, err error) {
	los, his := make([]int, len(s.items)), make([]int, len(s.items))
	for i, it := range s.items {
		if los[i], his[i], err = bounds(it); err != nil {
			return 0, 0, err
		}
	}
	if s.success != nil {
		lo, hi = 0, s.keep
		if s.failure != nil {
			lo = -s.keep
		}
		return lo, hi, nil
	}
	if len(s.keepIf) > 0 || len(s.dropIf) > 0 {
		// Each value counts, or counts 0.
		for i := range los {
			lo += min(0, los[i])
			hi += max(0, his[i])
		}
		return lo, hi, nil
	}
	slices.Sort(los)
	slices.Sort(his)
	if !s.keepLow {
		slices.Reverse(los)
		slices.Reverse(his)
	}
	for i := s.skip; i < s.skip+s.keep; i++ {
		lo += los[i]
		hi += his[i]
	}
	return lo, hi, nil
}

// keeps reports whether a set's conditions keep the value v.
func (s *setNode) keeps(v int) bool {
	kept := len(s.keepIf) == 0
	for _, c := range s.keepIf {
		kept = kept || c.match(v)
	}
	for _, c := range s.dropIf {
		kept = kept && !c.match(v)
	}
	return kept
}

// drawsUnique reports whether d's unique dice are drawn without
// replacement: every face equally likely, no more dice than faces, and
// nothing else that rerolls or adds dice. Other unique dice reroll a
// repeated face (at most maxRerolls times, or once with uo).
func (d *diceNode) drawsUnique() bool {
	return d.unique && !d.uniqueOnce && d.uniqueIf == nil && d.reroll == nil && d.explode == nil &&
		!d.fudge1 && !d.hasMin && !d.hasMax && d.count <= d.highFace()-d.lowFace()+1
}

// matchesAny reports whether a face of d matches both c and o.
func (c cond) matchesAny(d *diceNode, o cond) bool {
	for f := d.lowFace(); f <= d.highFace(); f++ {
		if c.match(f) && o.match(f) {
			return true
		}
	}
	return false
}
