package dice

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

type parser struct {
	e     *Expr // the expression being parsed, which holds the first nodes
	src   string
	pos   int // byte offset of the next character
	ndice int // dice written so far
}

// col is the 1-based character position of the byte at offset i.
func (p *parser) col(i int) int {
	return utf8.RuneCountInString(p.src[:min(i, len(p.src))]) + 1
}

// errorf is a syntax error of kind at the parser's position.
func (p *parser) errorf(kind ErrorKind, format string, args ...any) *SyntaxError {
	return p.errorAt(p.pos, kind, format, args...)
}

// errorAt is a syntax error of kind at byte offset i.
func (p *parser) errorAt(i int, kind ErrorKind, format string, args ...any) *SyntaxError {
	return &SyntaxError{Pos: p.col(i), Kind: kind, Found: charAt(p.src, i), Msg: fmt.Sprintf(format, args...)}
}

// charAtCol is the whole character at 1-based character position col
// of s, "" past its end.
func charAtCol(s string, col int) string {
	for i := range s {
		if col--; col == 0 {
			return charAt(s, i)
		}
	}
	return ""
}

// char is the whole character at the parser's position, for messages.
func (p *parser) char() rune {
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return lower(p.src[p.pos])
	}
	return 0
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// startsTerm reports whether c (lower case) can start a term: a number, a
// die or a parenthesis.
func startsTerm(c byte) bool { return isDigit(c) || c == 'd' || c == 'k' || c == '(' }

// number reads a run of decimal digits. Values above maxNumber are refused
// as they are read, so arbitrarily long inputs never overflow.
func (p *parser) number() (n int, ok bool, err error) {
	start := p.pos
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		n = n*10 + int(p.src[p.pos]-'0')
		if n > maxNumber {
			e := limitErr(ErrNumberTooLarge, fmt.Sprintf("the number at %d is larger than %d", p.col(start), maxNumber))
			e.Pos, e.Max = p.col(start), maxNumber
			return 0, false, e
		}
		p.pos++
	}
	return n, p.pos > start, nil
}

func (p *parser) parse() (*Expr, error) {
	e := &Expr{repeat: 1}
	p.e = e
	body := p.src
	if i := strings.IndexByte(body, '#'); i >= 0 {
		e.comment = strings.Join(strings.Fields(body[i+1:]), " ") // one line
		body = body[:i]
	}
	p.src = body
	p.skipSpace()
	// A repetition: "6x 4d6kh3" or "6x4d6".
	start := p.pos
	if n, ok, err := p.number(); err != nil {
		return nil, err
	} else if ok && p.peek() == 'x' {
		p.pos++
		if n < 1 || n > MaxRepeat {
			e := limitErr(ErrRepeatRange, fmt.Sprintf("repeat from 1 to %d times, not %d", MaxRepeat, n))
			e.N, e.Max = n, MaxRepeat
			return nil, e
		}
		e.repeat = n
	} else {
		p.pos = start
	}
	p.skipSpace()
	exprStart := p.pos
	if p.pos == len(p.src) {
		return nil, p.errorf(ErrExpectedTerm, "expected a number or a die")
	}
	root, err := p.sum()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		err := p.errorf(ErrExpectedOperator, "expected an operator (+ - * /), not %q", p.char())
		// A space, then what could follow a + ("1d20 5", "2d6 d8"): the
		// + of a URL's query string, sent unencoded.
		if c := p.src[p.pos-1]; (c == ' ' || c == '\t') && startsTerm(p.peek()) {
			err.Hint = plusHint
		}
		return nil, err
	}
	if e.repeat*p.ndice > MaxRolled {
		err := limitErr(ErrTooManyRolled, fmt.Sprintf("%d rolls of %d dice are more than %d dice", e.repeat, p.ndice, MaxRolled))
		err.Repeat, err.N, err.Max = e.repeat, p.ndice, MaxRolled
		return nil, err
	}
	if _, _, err := bounds(root); err != nil {
		if se, ok := err.(*SyntaxError); ok {
			se.Found = charAtCol(p.src, se.Pos)
		}
		return nil, err
	}
	e.root, e.ndice = root, p.ndice
	e.body = compact(p.src[exprStart:])
	e.src = e.body
	if e.repeat > 1 {
		e.src = fmt.Sprintf("%dx %s", e.repeat, e.body)
	}
	return e, nil
}

// sum := product (('+'|'-') product)*
func (p *parser) sum() (node, error) {
	left, err := p.product()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		c := p.peek()
		if c != '+' && c != '-' {
			return left, nil
		}
		at := p.pos
		p.pos++
		right, err := p.product()
		if err != nil {
			return nil, err
		}
		left = p.bin(at+1, c, left, right)
	}
}

// bin is an operation's node.
func (p *parser) bin(pos int, op byte, l, r node) *binNode {
	b := take(p.e.bins[:], &p.e.used.bins)
	*b = binNode{pos: int32(pos), op: op, l: l, r: r}
	return b
}

// product := unary (('*'|'/') unary)*
func (p *parser) product() (node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		c := p.peek()
		if c != '*' && c != '/' {
			return left, nil
		}
		at := p.pos
		p.pos++
		right, err := p.unary()
		if err != nil {
			return nil, err
		}
		left = p.bin(at+1, c, left, right)
	}
}

// unary := '-' unary | '+' unary | primary
func (p *parser) unary() (node, error) {
	p.skipSpace()
	switch p.peek() {
	case '-':
		at := p.pos
		p.pos++
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return negNode{pos: at + 1, x: x}, nil
	case '+':
		p.pos++
		return p.unary()
	}
	return p.primary()
}

// primary := '(' sum ')' | number | dice
func (p *parser) primary() (node, error) {
	p.skipSpace()
	if p.peek() == '(' {
		open := p.pos
		p.pos++
		x, err := p.sum()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.peek() != ')' {
			if p.pos == len(p.src) {
				err := p.errorf(ErrUnclosedParen, "expected ')' to close the '(' at %d", p.col(open))
				err.Other = p.col(open)
				return nil, err
			}
			err := p.errorf(ErrUnclosedParen, "expected ')' to close the '(' at %d, not %q", p.col(open), p.char())
			err.Other = p.col(open)
			return nil, err
		}
		p.pos++
		return groupNode{pos: open + 1, x: x}, nil
	}
	start := p.pos
	n, hasN, err := p.number()
	if err != nil {
		return nil, err
	}
	if c := p.peek(); c == 'd' || c == 'k' {
		return p.dice(start, n, hasN)
	}
	if !hasN {
		if p.pos == len(p.src) {
			return nil, p.errorf(ErrExpectedTerm, "expected a number or a die")
		}
		return nil, p.errorf(ErrExpectedTerm, "expected a number or a die, not %q", p.char())
	}
	num := take(p.e.nums[:], &p.e.used.nums)
	*num = numNode{pos: start + 1, v: n}
	return num, nil
}

// dice parses a dice term after its count: the die letter, the sides and
// the modifiers.
func (p *parser) dice(start, n int, hasN bool) (node, error) {
	letter := p.src[p.pos]
	p.pos++
	if !hasN {
		n = 1
	}
	d := take(p.e.dices[:], &p.e.used.dices)
	*d = diceNode{pos: int32(start + 1), count: n}
	switch c := p.peek(); {
	case c == '%':
		p.pos++
		d.sides = 100
	case c == 'f':
		p.pos++
		d.sides, d.fudge = 3, true
	default:
		sides, ok, err := p.number()
		if err != nil {
			return nil, err
		}
		if !ok {
			err := p.errorf(ErrExpectedSides, "expected the number of sides after '%c'", letter)
			err.Token = string(letter)
			return nil, err
		}
		if sides < 1 || sides > MaxSides {
			e := limitErr(ErrSidesRange, fmt.Sprintf("a die must have 1 to %d sides (at %d)", MaxSides, p.col(start)))
			e.Pos, e.N, e.Max = p.col(start), sides, MaxSides
			return nil, e
		}
		d.sides = sides
	}
	if n < 1 || n > MaxDice {
		e := limitErr(ErrDiceRange, fmt.Sprintf("roll 1 to %d dice, not %d (at %d)", MaxDice, n, p.col(start)))
		e.Pos, e.N, e.Max = p.col(start), n, MaxDice
		return nil, e
	}
	p.ndice += n
	if p.ndice > MaxDice {
		e := limitErr(ErrTooManyDice, fmt.Sprintf("more than %d dice", MaxDice))
		e.Max = MaxDice
		return nil, e
	}
	d.keep = n
	if err := p.modifiers(d); err != nil {
		return nil, err
	}
	d.src = compact(p.src[start:p.pos])
	return d, nil
}

// modifiers parses a dice term's modifiers, in the order the package
// applies them.
func (p *parser) modifiers(d *diceNode) error {
	// Where each kind of modifier was seen (1-based; 0 if not yet).
	const (
		modReroll = iota
		modExplode
		modKeep
		modSuccess
		modFailure
	)
	var seen [5]int // byte offset + 1
	once := func(kind, at int) error {
		if prev := seen[kind]; prev > 0 {
			err := p.errorAt(at, ErrSecondModifier, "a second %s modifier (the first is at %d)", modifierKinds[kind], p.col(prev-1))
			err.Token, err.Other = modifierTokens[kind], p.col(prev-1)
			return err
		}
		seen[kind] = at + 1
		return nil
	}
	for {
		at := p.pos
		switch c := p.peek(); {
		case c == 'r':
			if err := once(modReroll, at); err != nil {
				return err
			}
			p.pos++
			if p.peek() == 'o' {
				p.pos++
				d.once = true
			}
			cd, ok, err := p.cond()
			if err != nil {
				return err
			}
			if !ok {
				cd = cond{"=", d.lowFace()}
			}
			if !d.once && matchesAll(d, cd) {
				return p.errorAt(at, ErrEndlessReroll, "this reroll would never end: every face matches")
			}
			d.reroll = &cd
		case c == '!':
			if err := once(modExplode, at); err != nil {
				return err
			}
			p.pos++
			d.mode = '!'
			switch p.peek() {
			case '!':
				p.pos++
				d.mode = 'c'
			case 'p':
				p.pos++
				d.mode = 'p'
			}
			cd, ok, err := p.cond()
			if err != nil {
				return err
			}
			if !ok {
				cd = cond{"=", d.highFace()}
			}
			if matchesAll(d, cd) {
				return p.errorAt(at, ErrEndlessExplode, "these dice would explode forever: every face matches")
			}
			d.explode = &cd
		case c == 'k' || c == 'd':
			if err := once(modKeep, at); err != nil {
				return err
			}
			if err := p.keepDrop(d); err != nil {
				return err
			}
		case c == '>' || c == '<' || c == '=':
			if err := once(modSuccess, at); err != nil {
				return err
			}
			cd, _, err := p.cond()
			if err != nil {
				return err
			}
			d.success = &cd
		case c == 'f':
			if d.success == nil {
				return p.errorf(ErrFailureFirst, "'f' (count failures) comes after a success condition, such as >=7f1")
			}
			if err := once(modFailure, at); err != nil {
				return err
			}
			p.pos++
			cd, ok, err := p.cond()
			if err != nil {
				return err
			}
			if !ok {
				return p.errorf(ErrExpectedFailure, "expected a failure condition after 'f', such as f1 or f<3")
			}
			d.failure = &cd
		default:
			return nil
		}
	}
}

// The kinds of modifier in English, and their names in SyntaxError.Token,
// in the order of the modifiers' constants.
var (
	modifierKinds  = [5]string{"reroll", "explode", "keep or drop", "success", "failure"}
	modifierTokens = [5]string{"reroll", "explode", "keep", "success", "failure"}
)

// matchesAll reports whether every face of the die matches c.
func matchesAll(d *diceNode, c cond) bool {
	for f := d.lowFace(); f <= d.highFace(); f++ {
		if !c.match(f) {
			return false
		}
	}
	return true
}

// cond reads an optional comparison point: an operator and a number, or a
// bare number (meaning "equal to").
func (p *parser) cond() (cond, bool, error) {
	op := ""
	switch p.peek() {
	case '>', '<':
		op = string(p.peek())
		p.pos++
		if p.peek() == '=' {
			op += "="
			p.pos++
		}
	case '=':
		op = "="
		p.pos++
	}
	n, ok, err := p.number()
	if err != nil {
		return cond{}, false, err
	}
	if !ok {
		if op != "" {
			err := p.errorf(ErrExpectedNumber, "expected a number after '%s'", op)
			err.Token = op
			return cond{}, false, err
		}
		return cond{}, false, nil
	}
	if op == "" {
		op = "="
	}
	return cond{op, n}, true, nil
}

// keepDrop parses kh N or k N (keep the N highest), kl N (keep the N
// lowest), dh N (drop the N highest), dl N or d N (drop the N lowest).
func (p *parser) keepDrop(d *diceNode) error {
	start := p.pos
	op := p.peek()
	p.pos++
	which := byte('h')
	if op == 'd' {
		which = 'l'
	}
	if c := p.peek(); c == 'h' || c == 'l' {
		which = c
		p.pos++
	}
	n, ok, err := p.number()
	if err != nil {
		return err
	}
	verb := "keep"
	if op == 'd' {
		verb = "drop"
	}
	if !ok {
		kind := ErrExpectedKeep
		if op == 'd' {
			kind = ErrExpectedDrop
		}
		err := p.errorf(kind, "expected how many dice to %s after '%s'", verb, p.src[start:p.pos])
		err.Token = p.src[start:p.pos]
		return err
	}
	if n > d.count {
		kind := ErrKeepTooMany
		if op == 'd' {
			kind = ErrDropTooMany
		}
		err := p.errorAt(start, kind, "cannot %s %d of %d dice", verb, n, d.count)
		err.N, err.Max = n, d.count
		return err
	}
	switch {
	case op == 'k':
		d.keep, d.keepLow = n, which == 'l'
	case which == 'h': // drop the highest: keep the lowest rest
		d.keep, d.keepLow = d.count-n, true
	default:
		d.keep, d.keepLow = d.count-n, false
	}
	return nil
}

// compact removes spaces and tabs.
func compact(s string) string {
	spaced := false
	for i := 0; i < len(s) && !spaced; i++ {
		spaced = s[i] == ' ' || s[i] == '\t'
	}
	if !spaced {
		return s
	}
	return strings.Join(strings.Fields(s), "")
}
