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
package dice

import (
	"errors"
	"fmt"
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

// SyntaxError reports where an expression stops making sense.
type SyntaxError struct {
	Pos int    // 1-based position of the offending character
	Msg string // what was expected, in plain words
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s at %d", e.Msg, e.Pos)
}

// Expr is a parsed dice expression, ready to be rolled any number of times.
type Expr struct {
	src     string // the expression, spaces removed
	root    node
	repeat  int // 1, or N for "Nx …"
	comment string
	notes   []string
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
	if len(s) > MaxExprLen {
		return nil, fmt.Errorf("%w: expression longer than %d characters", ErrLimit, MaxExprLen)
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

// node is one part of a parsed expression.
type node interface {
	// bounds are the smallest and largest values the node can take (for
	// exploding dice, without explosions beyond the depth limit).
	bounds() (lo, hi int)
}

type numNode struct{ v int }

type negNode struct{ x node }

type binNode struct {
	op   byte // + - * /
	l, r node
}

// diceNode is a dice term with its modifiers.
type diceNode struct {
	src     string
	count   int
	sides   int  // faces 1..sides; for Fudge dice 3 (faces -1..1)
	fudge   bool // faces -1, 0, +1
	reroll  *cond
	once    bool // reroll once (ro)
	explode *cond
	mode    byte // explosion: '!' explode, 'c' compound, 'p' penetrate
	keep    int  // dice kept (count when none are dropped)
	keepLow bool
	success *cond
	failure *cond
}

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

func (n numNode) bounds() (int, int) { return n.v, n.v }

func (n negNode) bounds() (int, int) {
	lo, hi := n.x.bounds()
	return -hi, -lo
}

func (n binNode) bounds() (int, int) {
	a, b := n.l.bounds()
	c, d := n.r.bounds()
	switch n.op {
	case '+':
		return a + c, b + d
	case '-':
		return a - d, b - c
	}
	var vals []int
	for _, x := range []int{a, b} {
		for _, y := range []int{c, d} {
			if n.op == '*' {
				vals = append(vals, x*y)
			} else if y != 0 {
				vals = append(vals, floorDiv(x, y))
			}
		}
	}
	if n.op == '/' {
		// The extremes of x/y over an interval of y without 0 are at its ends or at ±1.
		for _, y := range []int{-1, 1} {
			if c <= y && y <= d {
				vals = append(vals, floorDiv(a, y), floorDiv(b, y))
			}
		}
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

func (d *diceNode) bounds() (int, int) {
	if d.success != nil {
		lo, hi := 0, d.keep
		if d.failure != nil {
			lo = -d.keep
		}
		return lo, hi
	}
	lo, hi := d.lowFace(), d.highFace()
	if d.mode == 'c' || d.mode == 'p' || d.mode == '!' {
		hi = d.highFace() * (MaxExplodeDepth + 1)
	}
	return d.keep * lo, d.keep * hi
}

// floorDiv divides rounding down.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
