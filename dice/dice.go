// Package dice parses dice expressions such as "2d6+1" or "3k6" and rolls
// them.
//
// A die is written with "d" or "k" (Polish and Czech players write "3k6" for
// three six-sided dice). An expression is a sum of dice terms ("NdM", or
// "dM" for one die) and integer constants, joined by "+" and "-". A dice
// term may keep or drop some of its dice: "4d6kh3" or "4d6k3" keeps the
// three highest, "2d20kl1" the lowest, "dh"/"dl" drop the highest/lowest.
package dice

import (
	"errors"
	"fmt"
	"slices"
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
	// keep is how many dice count toward the total (count when there is
	// no keep or drop modifier); keepLow keeps the lowest instead.
	keep    int
	keepLow bool
}

// Die is one rolled die.
type Die struct {
	Sides   int  `json:"sides"`
	Value   int  `json:"value"`
	Dropped bool `json:"dropped,omitempty"` // not counted: a keep or drop modifier left it out
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
		first := len(res.Dice)
		for range t.count {
			res.Dice = append(res.Dice, Die{Sides: t.sides, Value: src.IntN(t.sides) + 1})
		}
		markDropped(res.Dice[first:], t.keep, t.keepLow)
		for _, d := range res.Dice[first:] {
			if !d.Dropped {
				res.Total += t.sign * d.Value
			}
		}
	}
	return res
}

// markDropped marks all but keep dice dropped: the lowest ones, or with
// keepLow the highest. Among equal faces the later dice are dropped.
func markDropped(dice []Die, keep int, keepLow bool) {
	order := make([]int, len(dice))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if keepLow {
			return dice[a].Value - dice[b].Value
		}
		return dice[b].Value - dice[a].Value
	})
	for _, i := range order[keep:] {
		dice[i].Dropped = true
	}
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
		t := term{count: n, sides: sides, keep: n}
		return t, p.keepDrop(&t)
	}
	if !hasN {
		if p.pos == len(p.src) {
			return term{}, p.errorf("expected a number or a die")
		}
		return term{}, p.errorf("expected a number or a die, not %q", p.src[p.pos])
	}
	return term{value: n}, nil
}

// keepDrop parses an optional keep or drop modifier after a dice term:
// kh N or k N (keep the N highest), kl N (keep the N lowest), dh N (drop
// the N highest), dl N (drop the N lowest).
func (p *parser) keepDrop(t *term) error {
	if p.pos >= len(p.src) {
		return nil
	}
	start := p.pos
	op := lower(p.src[p.pos])
	if op != 'k' && op != 'd' {
		return nil
	}
	p.pos++
	which := byte('h')
	if p.pos < len(p.src) && (lower(p.src[p.pos]) == 'h' || lower(p.src[p.pos]) == 'l') {
		which = lower(p.src[p.pos])
		p.pos++
	} else if op == 'd' {
		return &SyntaxError{Pos: start + 2, Msg: "expected 'h' or 'l' after 'd' (dh: drop highest, dl: drop lowest)"}
	}
	n, ok, err := p.number()
	if err != nil {
		return err
	}
	if !ok {
		return p.errorf("expected how many dice to %s after '%s'", map[byte]string{'k': "keep", 'd': "drop"}[op], p.src[start:p.pos])
	}
	if n > t.count {
		return &SyntaxError{Pos: start + 1, Msg: fmt.Sprintf("cannot %s %d of %d dice", map[byte]string{'k': "keep", 'd': "drop"}[op], n, t.count)}
	}
	switch {
	case op == 'k':
		t.keep, t.keepLow = n, which == 'l'
	case which == 'h': // drop the highest: keep the lowest rest
		t.keep, t.keepLow = t.count-n, true
	default:
		t.keep, t.keepLow = t.count-n, false
	}
	return nil
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
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
