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
	"unicode/utf8"
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
	// The first parts of the tree live in the Expr itself, so that
	// parsing a short expression (such as 4d6kh3+2) allocates once;
	// longer ones allocate the rest.
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
	pos  int32 // the operator
	op   byte  // + - * /
	l, r node
}

// diceNode is a dice term with its modifiers.
type diceNode struct {
	pos     int32
	fudge   bool // faces -1, 0, +1
	once    bool // reroll once (ro)
	mode    byte // explosion: '!' explode, 'c' compound, 'p' penetrate
	keepLow bool
	src     string
	count   int
	sides   int // faces 1..sides; for Fudge dice 3 (faces -1..1)
	keep    int // dice kept (count when none are dropped)
	reroll  *cond
	explode *cond
	success *cond
	failure *cond
}

func (n *numNode) start() int  { return n.pos }
func (n negNode) start() int   { return n.pos }
func (n groupNode) start() int { return n.pos }
func (n *binNode) start() int  { return n.l.start() }
func (d *diceNode) start() int { return int(d.pos) }

func (d *diceNode) lowFace() int {
	if d.fudge {
		return -1
	}
	return 1
}

func (d *diceNode) highFace() int {
	if d.fudge {
		return 1
	}
	return d.sides
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
		case '/':
			if c <= 0 && d >= 0 {
				// The divisor's first character: bounds has no source
				// text, and Found is left empty.
				return 0, 0, &SyntaxError{Pos: x.r.start(), Kind: ErrDivisorZero, Msg: "a divisor that can be 0"}
			}
			// x/y is monotone in x, and in y on an interval without 0:
			// its extremes are at the corners.
			lo, hi = math.MaxInt, math.MinInt
			for _, u := range [2]int{a, b} {
				for _, v := range [2]int{c, d} {
					q := floorDiv(u, v)
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
	if d.mode == 'p' {
		xlo, xhi = flo-1, fhi-1
	}
	// What one counted die (or compounded chain) can be, and how many of
	// them count: kmin to kmax.
	vlo, vhi := flo, fhi
	kmin, kmax := d.keep, d.keep
	switch {
	case d.explode != nil && d.mode == 'c':
		vlo += MaxExplodeDepth * min(0, xlo)
		vhi += MaxExplodeDepth * max(0, xhi)
	case d.explode != nil:
		vlo, vhi = min(flo, xlo), max(fhi, xhi)
		if d.keep == d.count {
			kmax = d.count * (MaxExplodeDepth + 1)
		}
	}
	if d.success != nil {
		vlo, vhi = 0, 1
		if d.failure != nil {
			vlo = -1
		}
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
