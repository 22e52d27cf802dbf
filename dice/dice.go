// Package dice parses dice expressions such as "2d6+1" or "3k6" and rolls
// them.
//
// A die is written with "d" or "k" (Polish and Czech players write "3k6" for
// three six-sided dice). An expression is a sum of dice terms ("NdM", or
// "dM" for one die) and integer constants, joined by "+" and "-".
package dice

import (
	"errors"
	"fmt"
	"strings"
)

// Limits that keep a single expression cheap to parse and roll.
const (
	MaxExprLen = 200           // characters in an expression
	MaxDice    = 1000          // dice rolled by one expression
	MaxSides   = 1_000_000     // sides of one die
	maxNumber  = 1_000_000_000 // any number written in an expression
)

// ErrLimit is wrapped by every error about an expression that is well formed
// but too large to roll.
var ErrLimit = errors.New("limit exceeded")

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
	src   string
	terms []term
}

// term is one signed summand: count dice of the given sides, or a constant
// when sides is 0.
type term struct {
	sign  int
	count int
	sides int
	value int
}

// Die is one rolled die.
type Die struct {
	Sides int `json:"sides"`
	Value int `json:"value"`
}

// Result is the outcome of rolling an Expr.
type Result struct {
	Expr  string `json:"expr"`
	Total int    `json:"total"`
	Dice  []Die  `json:"dice"`
}

// String returns the expression as it was parsed, with spaces removed.
func (e *Expr) String() string { return e.src }

// Parse parses a dice expression. It returns a *SyntaxError for malformed
// input and an error wrapping ErrLimit for expressions that are too large.
func Parse(s string) (*Expr, error) {
	if len(s) > MaxExprLen {
		return nil, fmt.Errorf("%w: expression longer than %d characters", ErrLimit, MaxExprLen)
	}
	p := parser{src: s}
	e, err := p.parse()
	if err != nil {
		return nil, err
	}
	return e, nil
}

// Roll rolls every die of e with src and adds up the total.
func (e *Expr) Roll(src Source) Result {
	res := Result{Expr: e.src, Dice: []Die{}}
	for _, t := range e.terms {
		if t.sides == 0 {
			res.Total += t.sign * t.value
			continue
		}
		for range t.count {
			v := src.IntN(t.sides) + 1
			res.Dice = append(res.Dice, Die{Sides: t.sides, Value: v})
			res.Total += t.sign * v
		}
	}
	return res
}

type parser struct {
	src string
	pos int // byte offset of the next character
}

func (p *parser) parse() (*Expr, error) {
	e := &Expr{}
	var compact strings.Builder
	dice := 0
	sign := 1
	for {
		p.skipSpace()
		start := p.pos
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		t.sign = sign
		if t.sides != 0 {
			dice += t.count
			if dice > MaxDice {
				return nil, fmt.Errorf("%w: more than %d dice", ErrLimit, MaxDice)
			}
		}
		e.terms = append(e.terms, t)
		compact.WriteString(strings.ReplaceAll(p.src[start:p.pos], " ", ""))
		p.skipSpace()
		if p.pos == len(p.src) {
			break
		}
		switch p.src[p.pos] {
		case '+':
			sign = 1
		case '-':
			sign = -1
		default:
			return nil, p.errorf("expected '+' or '-'")
		}
		compact.WriteByte(p.src[p.pos])
		p.pos++
	}
	e.src = compact.String()
	return e, nil
}

// term parses "NdM", "dM" or an integer constant.
func (p *parser) term() (term, error) {
	n, hasN, err := p.number()
	if err != nil {
		return term{}, err
	}
	if p.pos < len(p.src) && isDieLetter(p.src[p.pos]) {
		letter := p.src[p.pos]
		p.pos++
		if !hasN {
			n = 1
		}
		sides, hasSides, err := p.number()
		if err != nil {
			return term{}, err
		}
		if !hasSides {
			return term{}, p.errorf("expected the number of sides after '%c'", letter)
		}
		if n > MaxDice {
			return term{}, fmt.Errorf("%w: more than %d dice", ErrLimit, MaxDice)
		}
		if sides < 1 || sides > MaxSides {
			return term{}, fmt.Errorf("%w: a die must have 1 to %d sides", ErrLimit, MaxSides)
		}
		return term{count: n, sides: sides}, nil
	}
	if !hasN {
		if p.pos == len(p.src) {
			return term{}, p.errorf("expected a number or a die")
		}
		return term{}, p.errorf("expected a number or a die, not %q", p.src[p.pos])
	}
	return term{value: n}, nil
}

// number reads a run of decimal digits. Values above maxNumber are refused
// as they are read, so arbitrarily long inputs never overflow.
func (p *parser) number() (n int, ok bool, err error) {
	start := p.pos
	for p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
		n = n*10 + int(p.src[p.pos]-'0')
		if n > maxNumber {
			return 0, false, fmt.Errorf("%w: the number at %d is larger than %d", ErrLimit, start+1, maxNumber)
		}
		p.pos++
	}
	return n, p.pos > start, nil
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) errorf(format string, args ...any) error {
	return &SyntaxError{Pos: p.pos + 1, Msg: fmt.Sprintf(format, args...)}
}

func isDieLetter(c byte) bool {
	return c == 'd' || c == 'D' || c == 'k' || c == 'K'
}
