package dice

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"kostka/l10n"
)

type parser struct {
	e     *Expr // the expression being parsed, which holds the first nodes
	src   string
	pos   int // byte offset of the next character
	ndice int // dice written so far
	// spaced is set once a dice term has a modifier written after a
	// space (Dice Maiden's way): the expression keeps its spaces.
	spaced bool
	// readings say how parts that other rollers read in another way were
	// read (Expr.reading).
	readings []l10n.Message
}

// read adds a reading, once for each kind.
func (p *parser) read(m l10n.Message) {
	if !slices.ContainsFunc(p.readings, func(x l10n.Message) bool { return x.Def() == m.Def() }) {
		p.readings = append(p.readings, m)
	}
}

// signedDie is Dice Maiden's advantage or disadvantage at the start of
// an expression: "+d20", "-d20", "+d%", "-d%".
var signedDie = regexp.MustCompile(`^\s*([+-])\s*[dD](20|%)(\s|[+-]|$)`)

// rewriteSigned reads Dice Maiden's "+d20" (and the others of signedDie)
// as the expression it stands for, with the reading that says so.
func (p *parser) rewriteSigned(body string) string {
	m := signedDie.FindStringSubmatchIndex(body)
	if m == nil {
		return body
	}
	sign, die := body[m[2]:m[3]], body[m[4]:m[5]]
	written := sign + "d" + die
	var as string
	switch {
	case die == "20" && sign == "+":
		as = "2d20kh1"
		p.read(readAdvantage.New(l10n.Str("expr", written), l10n.Str("as", as)))
	case die == "20":
		as = "2d20kl1"
		p.read(readDisadvantage.New(l10n.Str("expr", written), l10n.Str("as", as)))
	case sign == "+":
		as = "(2d10kl1-1)*10+1d10"
		p.read(readPercentAdvantage.New(l10n.Str("expr", written)))
	default:
		as = "(2d10kh1-1)*10+1d10"
		p.read(readPercentDisadvantage.New(l10n.Str("expr", written)))
	}
	return as + body[m[5]:]
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

// maxParts caps the rolls one expression joins with ';' (as Dice Maiden
// does).
const maxParts = 4

func (p *parser) parse() (*Expr, error) {
	e := &Expr{repeat: 1}
	p.e = e
	body, comment := splitComment(p.src)
	e.comment = comment
	body = p.rewriteSigned(body)
	defer func() { e.reading = p.readings }()
	if parts := splitParts(body); len(parts) > 1 {
		return p.parseParts(e, body, parts)
	}
	p.src = body
	p.skipSpace()
	// A repetition: "6x 4d6kh3" or "6x4d6", or Dice Maiden's "6 4d6".
	start := p.pos
	if n, ok, err := p.number(); err != nil {
		return nil, err
	} else if ok && (p.peek() == 'x' || p.setsAhead()) {
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
	root, err := p.comparison()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) && p.pos > 0 && (p.src[p.pos-1] == ' ' || p.src[p.pos-1] == '\t') && p.words() {
		// Words after the expression (Avrae's "1d20 I rolled a d20",
		// Dice Maiden's "4d6 s"): a comment.
		words := strings.Join(strings.Fields(p.src[p.pos:]), " ")
		e.comment = strings.TrimSpace(words + " " + e.comment)
		p.src = p.src[:p.pos]
		p.read(readComment.New(l10n.Str("comment", words)))
	}
	if p.pos < len(p.src) && p.pos > 0 && p.src[p.pos] == '.' && isDigit(p.src[p.pos-1]) && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]) {
		// A decimal after a modifier ("6d%max50.45"), as in a number.
		return nil, p.errorf(ErrDecimal, "decimals are not supported: dice totals are whole numbers")
	}
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
	if p.spaced {
		e.body = strings.Join(strings.Fields(p.src[exprStart:]), " ")
	}
	e.src = e.body
	if e.repeat > 1 {
		e.src = fmt.Sprintf("%dx %s", e.repeat, e.body)
	}
	return e, nil
}

// comparisons are the comparison operators (Avrae's), longest first, and
// their codes in a binNode.
var comparisons = []struct {
	op   string
	code byte
}{{"==", '='}, {"!=", '!'}, {">=", 'g'}, {"<=", 'l'}, {">", '>'}, {"<", '<'}}

// comparison := sum (('=='|'!='|'>='|'<='|'>'|'<') sum)*: 1 when true, 0
// when false. A comparison right after a dice term is its success
// condition ("3d6>=5" counts the dice); after a space, a number or a
// parenthesis it compares totals ("3d6 >= 10").
func (p *parser) comparison() (node, error) {
	left, err := p.sum()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		code := byte(0)
		at := p.pos
		for _, c := range comparisons {
			if p.hasPrefix(c.op) {
				code = c.code
				p.pos += len(c.op)
				break
			}
		}
		if code == 0 {
			return left, nil
		}
		if d, ok := left.(*diceNode); ok {
			p.read(readCompare.New(l10n.Str("op", p.src[at:p.pos]), l10n.Str("expr", d.src)))
			p.spaced = true // "3d6 >= 10" keeps its space: "3d6>=10" counts dice
		}
		right, err := p.sum()
		if err != nil {
			return nil, err
		}
		left = p.bin(at+1, code, left, right)
	}
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

// product := power (('*'|'/'|'//'|'%') power)*
func (p *parser) product() (node, error) {
	left, err := p.power()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		c := p.peek()
		if (c != '*' && c != '/' && c != '%') || p.hasPrefix("**") {
			return left, nil
		}
		at := p.pos
		p.pos++
		if c == '/' && p.peek() == '/' { // Avrae's integer division
			p.pos++
		}
		right, err := p.power()
		if err != nil {
			return nil, err
		}
		left = p.bin(at+1, c, left, right)
	}
}

// power := unary (('^'|'**') power)?, right-associative.
func (p *parser) power() (node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.peek() != '^' && !p.hasPrefix("**") {
		return left, nil
	}
	at := p.pos
	if p.peek() == '^' {
		p.pos++
	} else {
		p.pos += 2
	}
	right, err := p.power()
	if err != nil {
		return nil, err
	}
	return p.bin(at+1, '^', left, right), nil
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

// primary := ( '(' sum ')' | set | function | number | dice ) annotation*
func (p *parser) primary() (node, error) {
	n, err := p.primary1()
	if err != nil {
		return nil, err
	}
	// Avrae's annotations, "3d6 [fire]": a label, left out of the value.
	for {
		p.skipSpace()
		if p.peek() != '[' {
			return n, nil
		}
		end := strings.IndexByte(p.src[p.pos:], ']')
		if end < 0 {
			return nil, p.errorf(ErrUnclosedParen, "expected ']' to close the '[' at %d", p.col(p.pos)).withOther(p.col(p.pos))
		}
		p.pos += end + 1
	}
}

// maxSetItems caps the values of one set or group, checked as they are
// read.
const maxSetItems = 20

func (p *parser) primary1() (node, error) {
	p.skipSpace()
	if c := p.peek(); c == '{' || (c == '(' && p.isSet()) {
		return p.set()
	}
	if name := p.funcName(); name != "" {
		return p.function(name)
	}
	if p.peek() == '(' {
		open := p.pos
		dice := p.ndice
		p.pos++
		x, err := p.comparison()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.peek() == ')' && p.ndice == dice && p.pos+1 < len(p.src) && lower(p.src[p.pos+1]) == 'd' {
			// A count of dice worked out from numbers: "(4-2)d10".
			p.pos++
			n, err := constant(x)
			if err != nil {
				return nil, err
			}
			return p.dice(open, n, true)
		}
		if p.peek() == ')' && p.pos+1 < len(p.src) && strings.IndexByte("kKpP", p.src[p.pos+1]) >= 0 {
			// Avrae's "(1)k1": a set of one value.
			p.pos++
			return p.setModifiers(&setNode{pos: open + 1, items: []node{x}, keep: 1})
		}
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
	if hasN && p.peek() == '.' && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]) {
		return nil, p.errorf(ErrDecimal, "decimals are not supported: dice totals are whole numbers")
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
		if p.hasPrefix(".1") { // rpg-dice-roller's dF.1: one + and one - of six faces
			p.pos += 2
			d.fudge1 = true
		} else if p.hasPrefix(".2") { // dF.2, the same as dF
			p.pos += 2
		}
	case c == '(':
		// Sides worked out from numbers: "3d(2*6)".
		open, dice := p.pos, p.ndice
		p.pos++
		x, err := p.comparison()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.peek() != ')' || p.ndice != dice {
			return nil, p.errorf(ErrUnclosedParen, "expected ')' to close the '(' at %d", p.col(open)).withOther(p.col(open))
		}
		p.pos++
		sides, err := constant(x)
		if err != nil {
			return nil, err
		}
		if sides < 1 || sides > MaxSides {
			e := limitErr(ErrSidesRange, fmt.Sprintf("a die must have 1 to %d sides (at %d)", MaxSides, p.col(start)))
			e.Pos, e.N, e.Max = p.col(start), sides, MaxSides
			return nil, e
		}
		d.sides = sides
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
	if (n < 1 && !(n == 0 && hasN)) || n > MaxDice { // "0d6" is 0, as Avrae reads it
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
	if d.spaced {
		// Dice Maiden's modifiers keep their spaces: "3d6 e6" explodes
		// once, "3d6e6" (Avrae's) on every 6.
		d.src = strings.Join(strings.Fields(p.src[start:p.pos]), " ")
		p.spaced = true
		p.read(readSpaced.New(l10n.Str("expr", d.src)))
	}
	if d.chained {
		p.read(readChained.New(l10n.Str("expr", d.src)))
	}
	if d.sides == 100 && strings.Contains(d.src, "%") {
		p.read(readPercent.New())
	}
	return d, nil
}

// The kinds of modifier, for the rule that each comes once.
const (
	modReroll = iota
	modExplode
	modKeep
	modSuccess
	modFailure
	modMin
	modMax
	modCritical
	modFumble
	modSort
	modUnique
	modImplode
	modDouble
	modKinds
)

// modifiers parses a dice term's modifiers, in the order the package
// applies them. Beside Kostka's own spellings it reads those of other
// rollers where they do not clash (see NOTATION.md): rr, e, mi, ma and p
// (Avrae), min, max, cs, cf, s, sa, sd and !!p (rpg-dice-roller).
func (p *parser) modifiers(d *diceNode) error {
	var seen [modKinds]int // byte offset + 1
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
			switch p.peek() {
			case 'o':
				p.pos++
				d.once = true
			case 'r': // Avrae: rr
				p.pos++
			case 'a':
				return p.errorAt(at, ErrUnsupportedSyntax, "ra (reroll and add) is not supported")
			}
			if err := p.reroll(d, at, cond{}, false); err != nil {
				return err
			}
		case c == '!' || c == 'e':
			if c == 'e' && p.hasPrefix("exp") {
				return nil
			}
			if err := once(modExplode, at); err != nil {
				return err
			}
			p.pos++
			d.mode = '!'
			if c == '!' {
				switch p.peek() {
				case '!':
					p.pos++
					d.mode = 'c'
					if p.peek() == 'p' {
						p.pos++
						d.mode = 'q'
					}
				case 'p':
					p.pos++
					d.mode = 'p'
				}
			}
			if err := p.explode(d, at, cond{}, false); err != nil {
				return err
			}
		case c == 'm' && (p.hasPrefix("mi") || p.hasPrefix("ma")):
			kind, n := modMin, 2
			if p.hasPrefix("ma") {
				kind = modMax
			}
			if p.hasPrefix("min") || p.hasPrefix("max") {
				n = 3
			}
			if err := once(kind, at); err != nil {
				return err
			}
			p.pos += n
			v, ok, err := p.signedNumber()
			if err != nil {
				return err
			}
			if !ok {
				return p.errorf(ErrExpectedNumber, "expected a number after '%s'", p.src[at:p.pos]).withToken(p.src[at:p.pos])
			}
			if kind == modMin {
				d.minFace, d.hasMin = v, true
			} else {
				d.maxFace, d.hasMax = v, true
			}
			if d.hasMin && d.hasMax && d.minFace > d.maxFace {
				return p.errorAt(at, ErrClampRange, "the minimum %d is above the maximum %d", d.minFace, d.maxFace)
			}
		case c == 'c' && (p.hasPrefix("cs") || p.hasPrefix("cf")):
			kind := modCritical
			if p.hasPrefix("cf") {
				kind = modFumble
			}
			if err := once(kind, at); err != nil {
				return err
			}
			p.pos += 2
			cd, ok, err := p.cond()
			if err != nil {
				return err
			}
			if !ok {
				cd = cond{"=", d.highFace()}
				if kind == modFumble {
					cd = cond{"=", d.lowFace()}
				}
			}
			if kind == modCritical {
				d.critical = &cd
			} else {
				d.fumble = &cd
			}
		case c == 'u':
			if err := once(modUnique, at); err != nil {
				return err
			}
			p.pos++
			d.unique = true
			if p.peek() == 'o' {
				p.pos++
				d.uniqueOnce = true
			}
			cd, ok, err := p.cond()
			if err != nil {
				return err
			}
			if ok {
				d.uniqueIf = &cd
			}
		case c == 's' && !p.hasPrefix("sqrt") && !p.hasPrefix("sign"):
			if err := once(modSort, at); err != nil {
				return err
			}
			p.pos++
			d.sort = 'a'
			switch p.peek() {
			case 'a':
				p.pos++
			case 'd':
				p.pos++
				d.sort = 'd'
			}
		case c == 'k' || c == 'd' || c == 'p':
			if seen[modKeep] > 0 && (d.keepIf != nil || d.dropIf != nil) {
				if err := once(modKeep, at); err != nil {
					return err
				}
			}
			seen[modKeep] = at + 1
			if err := p.keepDrop(d); err != nil {
				return err
			}
			if d.chained && (d.keepIf != nil || d.dropIf != nil) {
				return p.errorAt(at, ErrUnsupportedSyntax, "a keep or drop by condition after another keep or drop")
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
			if err := p.spacedModifiers(d, &seen); err != nil {
				return err
			}
			if d.chained && d.separate() {
				return p.errorAt(at, ErrUnsupportedSyntax, "several keeps or drops of dice that explode into separate dice")
			}
			if d.implode != nil && (d.success != nil || d.unique || d.compounds() || (d.explode != nil && d.implode.matchesAny(d, *d.explode))) {
				return p.errorAt(at, ErrUnsupportedSyntax, "implode (i) with successes, unique or compounding dice, or on faces that explode")
			}
			if d.unique && (d.reroll != nil || d.explode != nil) {
				return p.errorAt(at, ErrUnsupportedSyntax, "unique dice that also reroll or explode")
			}
			return nil
		}
	}
}

// hasPrefix reports whether the rest of the expression starts with s (in
// lower case).
func (p *parser) hasPrefix(s string) bool {
	if len(p.src)-p.pos < len(s) {
		return false
	}
	for i := range len(s) {
		if lower(p.src[p.pos+i]) != s[i] {
			return false
		}
	}
	return true
}

// reroll sets d's reroll condition: the one written, else def (Dice
// Maiden's r2 rerolls faces up to 2) if given, else the lowest face.
func (p *parser) reroll(d *diceNode, at int, def cond, hasDef bool) error {
	cd, ok, err := p.cond()
	if err != nil {
		return err
	}
	if ok && hasDef {
		return p.errorAt(at, ErrUnsupportedSyntax, "a condition after a spaced modifier")
	}
	switch {
	case hasDef:
		cd = def
	case !ok:
		cd = cond{"=", d.lowFace()}
	}
	if !d.once && matchesAll(d, cd) {
		return p.errorAt(at, ErrEndlessReroll, "this reroll would never end: every face matches")
	}
	d.reroll = &cd
	return nil
}

// explode sets d's explode condition: the one written, else def if
// given, else the highest face.
func (p *parser) explode(d *diceNode, at int, def cond, hasDef bool) error {
	cd, ok, err := p.cond()
	if err != nil {
		return err
	}
	switch {
	case hasDef:
		cd = def
	case !ok:
		cd = cond{"=", d.highFace()}
	}
	if matchesAll(d, cd) {
		return p.errorAt(at, ErrEndlessExplode, "these dice would explode forever: every face matches")
	}
	d.explode = &cd
	return nil
}

// spacedModifiers reads Dice Maiden's modifiers, each after a space:
// "4d6 k3", "4d6 kl3", "4d6 d1", "3d6 e6" (explode once on 6 or more),
// "3d6 ie6" (explode on 6 or more), "4d6 r2" (reroll once a face up to
// 2), "4d6 ir2", "6d10 t7" (count 7 or more), "5d10 t8 f1". A word that
// is not one of them is left for the caller, as are d and k with more
// dice than rolled ("2d6 d8": a + sent as a space).
func (p *parser) spacedModifiers(d *diceNode, seen *[modKinds]int) error {
	adv := -1 // where Dice Maiden's adv or dis is, if written
	for {
		back := p.pos
		p.skipSpace()
		if p.pos == back || p.pos == len(p.src) {
			p.pos = back
			return p.checkSpaced(d)
		}
		at := p.pos
		word := p.pos
		for word < len(p.src) && (isDigit(p.src[word]) || ('a' <= lower(p.src[word]) && lower(p.src[word]) <= 'z')) {
			word++
		}
		if word < len(p.src) && p.src[word] != ' ' && p.src[word] != '\t' && p.src[word] != '+' && p.src[word] != '-' && p.src[word] != ';' && p.src[word] != '!' {
			p.pos = back
			return p.checkSpaced(d)
		}
		w := strings.ToLower(p.src[at:word])
		name, digits := w, ""
		for i := range len(w) {
			if isDigit(w[i]) {
				name, digits = w[:i], w[i:]
				break
			}
		}
		// Dice Maiden's double successes written onto the target: t7ds10,
		// t7ds (a success of the target or more counts twice).
		ds, hasDS := "", false
		if i := strings.Index(digits, "ds"); name == "t" && i > 0 {
			digits, ds, hasDS = digits[:i], digits[i+2:], true
		}
		n, err := strconv.Atoi(digits)
		has := err == nil
		dsN, dsErr := strconv.Atoi(ds)
		if hasDS && (ds != "" && (dsErr != nil || dsN > maxNumber)) {
			has = false
		}
		if has && n > maxNumber {
			p.pos = back
			return p.checkSpaced(d)
		}
		kind := -1
		switch name {
		case "k", "kl":
			if has && n <= d.count {
				kind = modKeep
			}
		case "d":
			if has && n < d.count {
				kind = modKeep
			}
		case "e", "ie":
			kind = modExplode
		case "i":
			// "1d20 I rolled a d20" is Avrae's comment: a bare i is an
			// implode only before the end, an operator or a modifier.
			if has || !p.wordsFollow(word) {
				kind = modImplode
			}
		case "r", "ir":
			if has {
				kind = modReroll
			}
		case "t":
			if has {
				kind = modSuccess
			}
		case "kh", "dl", "dh":
			if has && n <= d.count {
				kind = modKeep
			}
		case "mi", "min":
			if has {
				kind = modMin
			}
		case "ma", "max":
			if has {
				kind = modMax
			}
		case "f":
			if has {
				kind = modFailure
			}
		case "adv", "dis":
			if has && n >= 1 {
				kind = modKeep
			}
		case "b":
			// "4d10 b" as Avrae's comment would be one word: a bare b is a
			// botch only before the end, an operator or a modifier, as i.
			if has || !p.wordsFollow(word) {
				kind = modFumble
			}
		case "ds":
			if d.success == nil {
				return p.errorAt(at, ErrUnsupportedSyntax, "'ds' (double successes) needs a target first, such as t7 ds10")
			}
			kind = modDouble
		}
		if kind < 0 {
			p.pos = back
			return p.checkSpaced(d)
		}
		if prev := seen[kind]; prev > 0 {
			err := p.errorAt(at, ErrSecondModifier, "a second %s modifier (the first is at %d)", modifierKinds[kind], p.col(prev-1))
			err.Token, err.Other = modifierTokens[kind], p.col(prev-1)
			return err
		}
		seen[kind] = at + 1
		p.pos = word
		d.spaced = true
		switch name {
		case "k", "kh":
			d.keep, d.keepLow = n, false
		case "dl":
			d.keep, d.keepLow, d.dropping = d.count-n, false, true
		case "dh":
			d.keep, d.keepLow, d.dropping = d.count-n, true, true
		case "mi", "min":
			d.minFace, d.hasMin = n, true
		case "ma", "max":
			d.maxFace, d.hasMax = n, true
		case "kl":
			d.keep, d.keepLow = n, true
		case "d":
			d.keep, d.keepLow, d.dropping = d.count-n, false, true
		case "adv", "dis":
			// Dice Maiden drops before its dice explode or implode, where
			// Kostka's keeps pick among every die rolled: refused together.
			if d.explode != nil || d.implode != nil {
				return p.advWith(at)
			}
			if n > MaxDice-p.ndice {
				e := limitErr(ErrTooManyDice, fmt.Sprintf("more than %d dice", MaxDice))
				e.Max = MaxDice
				return e
			}
			p.ndice += n
			d.keep, d.keepLow, d.dropping = d.count, name == "dis", true
			d.count += n
			adv = at
			faces := strconv.Itoa(d.sides)
			switch {
			case d.fudge1:
				faces = "F.1"
			case d.fudge:
				faces = "F"
			}
			as := fmt.Sprintf("%dd%skh%d", d.count, faces, d.keep)
			m := readAdvantage
			if d.keepLow {
				as, m = fmt.Sprintf("%dd%skl%d", d.count, faces, d.keep), readDisadvantage
			}
			p.read(m.New(l10n.Str("expr", p.src[at:word]), l10n.Str("as", as)))
		case "e", "ie":
			if adv >= 0 {
				return p.advWith(adv)
			}
			d.mode = '!'
			if name == "e" {
				d.depth = 1
			}
			if !has {
				n = d.highFace()
			}
			if err := p.explode(d, at, cond{">=", n}, true); err != nil {
				return err
			}
		case "i":
			if adv >= 0 {
				return p.advWith(adv)
			}
			if !has {
				n = d.lowFace()
			}
			cd := cond{"<=", n}
			if matchesAll(d, cd) && d.explode == nil {
				// Every die implodes: still one fresh die each, no more.
			}
			d.implode = &cd
		case "r", "ir":
			d.once = name == "r"
			if err := p.reroll(d, at, cond{"<=", n}, true); err != nil {
				return err
			}
		case "t":
			d.success = &cond{">=", n}
			if hasDS {
				if ds == "" {
					dsN = n
				}
				d.double = &cond{">=", dsN}
				seen[modDouble] = at + 1
			}
		case "b":
			// Dice Maiden counts botches beside the total: Kostka marks
			// them as critical failures, the total unchanged.
			if !has {
				n = 1
			}
			d.fumble = &cond{"<=", n}
		case "ds":
			if !has {
				n = d.success.v
			}
			d.double = &cond{">=", n}
		case "f":
			d.failure = &cond{"<=", n}
		}
		if d.hasMin && d.hasMax && d.minFace > d.maxFace {
			return p.errorAt(at, ErrClampRange, "the minimum %d is above the maximum %d", d.minFace, d.maxFace)
		}
	}
}

// advWith refuses Dice Maiden's adv and dis with dice that explode or
// implode: Dice Maiden drops dice before they explode, Kostka keeps among
// all the dice rolled, and the two readings differ.
func (p *parser) advWith(at int) error {
	return p.errorAt(at, ErrUnsupportedSyntax, "Dice Maiden's adv and dis with dice that explode or implode (Dice Maiden drops before the dice explode)")
}

// checkSpaced refuses Dice Maiden's f1 without a target number.
func (p *parser) checkSpaced(d *diceNode) error {
	if d.failure != nil && d.success == nil {
		return p.errorf(ErrFailureFirst, "'f' (count failures) needs a success condition, such as t8 f1")
	}
	return nil
}

// The kinds of modifier in English, and their names in SyntaxError.Token,
// in the order of the modifiers' constants.
var (
	modifierKinds  = [modKinds]string{"reroll", "explode", "keep or drop", "success", "failure", "minimum", "maximum", "critical success", "critical failure", "sort", "unique", "implode", "double success"}
	modifierTokens = [modKinds]string{"reroll", "explode", "keep", "success", "failure", "min", "max", "critical", "fumble", "sort", "unique", "implode", "double"}
)

// withToken sets the error's Token.
func (e *SyntaxError) withToken(t string) *SyntaxError {
	e.Token = t
	return e
}

// signedNumber reads a number with an optional minus sign.
func (p *parser) signedNumber() (int, bool, error) {
	neg := p.peek() == '-'
	if neg {
		p.pos++
	}
	n, ok, err := p.number()
	if neg {
		n = -n
		if !ok {
			p.pos--
		}
	}
	return n, ok, err
}

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
		} else if op == "<" && p.peek() == '>' {
			op = "<>" // not equal (rpg-dice-roller)
			p.pos++
		}
	case '=':
		op = "="
		p.pos++
	case '!':
		if p.hasPrefix("!=") { // not equal (rpg-dice-roller's cs!=45)
			op = "<>"
			p.pos += 2
		}
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
// lowest), dh N (drop the N highest), dl N or d N (drop the N lowest), and
// Avrae's ph N, pl N (drop), k>N, k<N (keep the dice that match), p N,
// p>N, p<N (drop the dice that match).
func (p *parser) keepDrop(d *diceNode) error {
	start := p.pos
	op := p.peek()
	p.pos++
	if op == 'p' {
		op = 'd'
		if c := p.peek(); c != 'h' && c != 'l' {
			cd, ok, err := p.cond()
			if err != nil {
				return err
			}
			if !ok {
				return p.errorf(ErrExpectedDrop, "expected which dice to drop after '%s'", p.src[start:p.pos]).withToken(p.src[start:p.pos])
			}
			d.dropIf = &cd
			return nil
		}
	}
	if c := p.peek(); op == 'k' && (c == '>' || c == '<') {
		cd, _, err := p.cond()
		if err != nil {
			return err
		}
		d.keepIf = &cd
		return nil
	}
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
	if d.chained || d.keep < d.count || d.dropping {
		// A second keep or drop applies to the dice the first kept
		// (rpg-dice-roller's 3d10k1dh1), in the order written.
		d.chain(op, which, n)
		return nil
	}
	switch {
	case op == 'k':
		d.keep, d.keepLow = n, which == 'l'
	case which == 'h': // drop the highest: keep the lowest rest
		d.keep, d.keepLow, d.dropping = d.count-n, true, true
	default:
		d.keep, d.keepLow, d.dropping = d.count-n, false, true
	}
	return nil
}

// chain applies one more keep or drop, as rpg-dice-roller does: each
// picks from all the dice, and a die any of them drops is dropped
// ("3d10k1d1" keeps the highest). Sorted from the highest, the kept dice
// are then a window: skip of them above it, keep in it.
func (d *diceNode) chain(op, which byte, n int) {
	a := d.skip // dice dropped above the window
	if d.keepLow {
		a = d.count - d.keep
	}
	b := a + d.keep // the window's end
	switch {
	case op == 'k' && which == 'h':
		b = min(b, n)
	case op == 'k':
		a = max(a, d.count-n)
	case which == 'h': // drop the highest
		a = max(a, n)
	default:
		b = min(b, d.count-n)
	}
	b = max(a, b)
	d.skip, d.keep, d.keepLow, d.dropping, d.chained = a, b-a, false, false, true
	if a > 0 && b == d.count {
		d.skip, d.keepLow = 0, true
	}
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

// withOther sets the error's Other.
func (e *SyntaxError) withOther(o int) *SyntaxError {
	e.Other = o
	return e
}

// isSet reports whether the '(' at the parser's position opens a set: a
// comma at its own depth before its ')', or nothing inside ("()").
func (p *parser) isSet() bool {
	depth := 0
	for i := p.pos; i < len(p.src); i++ {
		switch p.src[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
			if depth == 0 {
				return strings.TrimSpace(p.src[p.pos+1:i]) == ""
			}
		case ',':
			if depth == 1 {
				return true
			}
		}
	}
	return false
}

// set parses "(a, b, …)" or "{a, b, …}" and the modifiers after it: kh,
// kl, k, dh, dl, d, ph, pl (keep or drop values), and a success condition
// with an optional failure one.
func (p *parser) set() (node, error) {
	open := p.pos
	closer := byte(')')
	if p.peek() == '{' {
		closer = '}'
	}
	p.pos++
	s := &setNode{pos: open + 1, brace: closer == '}'}
	for {
		p.skipSpace()
		if p.peek() == closer {
			p.pos++
			break
		}
		x, err := p.comparison()
		if err != nil {
			return nil, err
		}
		s.items = append(s.items, x)
		if len(s.items) > maxSetItems {
			e := limitErr(ErrSetItems, fmt.Sprintf("a set of more than %d values (at %d)", maxSetItems, p.col(open)))
			e.Pos, e.Max = p.col(open), maxSetItems
			return nil, e
		}
		p.skipSpace()
		switch p.peek() {
		case ',':
			p.pos++
			continue
		case closer:
			p.pos++
		default:
			return nil, p.errorf(ErrUnclosedParen, "expected ',' or '%c' to close the '%c' at %d", closer, p.src[open], p.col(open)).withOther(p.col(open))
		}
		break
	}
	s.keep = len(s.items)
	return p.setModifiers(s)
}

// setModifiers parses the modifiers of a set: keeps and drops (kh, kl, k,
// dh, dl, d, ph, pl; several apply together, as on dice), Avrae's keeps
// and drops of the values that match (k<3, k>3, p3), a success condition
// with an optional failure one, and a sort (shown only).
func (p *parser) setModifiers(s *setNode) (node, error) {
	var seen [modKinds]int
	d := diceNode{count: len(s.items), keep: len(s.items)}
	keptOp := false
	for {
		at := p.pos
		switch c := p.peek(); {
		case c == 'k' || c == 'd' || c == 'p':
			d.keepIf, d.dropIf = nil, nil
			keptOp = true
			if err := p.keepDrop(&d); err != nil {
				var se *SyntaxError
				if !errors.As(err, &se) || (se.Kind != ErrKeepTooMany && se.Kind != ErrDropTooMany) {
					return nil, err
				}
				// More than the set holds: all of them (rpg-dice-roller).
				d.keep, d.skip, d.keepLow = len(s.items), 0, false
			}
			switch {
			case d.keepIf != nil:
				s.keepIf = append(s.keepIf, *d.keepIf)
			case d.dropIf != nil:
				s.dropIf = append(s.dropIf, *d.dropIf)
			}
			s.keep, s.skip, s.keepLow = d.keep, d.skip, d.keepLow
			if (len(s.keepIf) > 0 || len(s.dropIf) > 0) && s.keep < len(s.items) {
				return nil, p.errorAt(at, ErrUnsupportedSyntax, "keeping or dropping values both by rank and by condition")
			}
		case c == 's':
			p.pos++
			if c := p.peek(); c == 'a' || c == 'd' {
				p.pos++
			}
		case c == '>' || c == '<' || c == '=':
			if seen[modSuccess] > 0 {
				return nil, p.errorAt(at, ErrSecondModifier, "a second success modifier").withToken("success").withOther(p.col(seen[modSuccess] - 1))
			}
			seen[modSuccess] = at + 1
			cd, _, err := p.cond()
			if err != nil {
				return nil, err
			}
			s.success = &cd
		case c == 'f' && s.success != nil && s.failure == nil:
			p.pos++
			cd, ok, err := p.cond()
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, p.errorf(ErrExpectedFailure, "expected a failure condition after 'f', such as f1 or f<3")
			}
			s.failure = &cd
		default:
			if len(s.items) == 0 && s.keep == 0 && s.success == nil {
				return &numNode{pos: s.pos}, nil // "()" is 0
			}
			if s.brace && len(s.items) == 1 && keptOp {
				// rpg-dice-roller keeps or drops the dice of a group of one.
				return nil, p.errorAt(at, ErrUnsupportedSyntax, "a keep or drop of the dice inside a group of one")
			}
			return s, nil
		}
	}
}

// functions are the functions an expression may call, with their least
// and largest number of arguments.
var functions = map[string][2]int{
	"abs": {1, 1}, "floor": {1, 1}, "ceil": {1, 1}, "round": {1, 1}, "sign": {1, 1},
	"max": {1, maxSetItems}, "min": {1, maxSetItems},
}

// funcName is the name of the function called at the parser's position,
// "" if none.
func (p *parser) funcName() string {
	i := p.pos
	for i < len(p.src) && 'a' <= lower(p.src[i]) && lower(p.src[i]) <= 'z' {
		i++
	}
	j := i
	for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
		j++
	}
	if i == p.pos || j >= len(p.src) || p.src[j] != '(' {
		return ""
	}
	name := strings.ToLower(p.src[p.pos:i])
	if _, ok := functions[name]; ok {
		return name
	}
	return ""
}

// function parses a call of the function name.
func (p *parser) function(name string) (node, error) {
	at := p.pos
	p.pos += len(name)
	p.skipSpace()
	open := p.pos
	p.pos++ // '('
	f := &funcNode{pos: at + 1, name: name}
	for {
		x, err := p.comparison()
		if err != nil {
			return nil, err
		}
		f.args = append(f.args, x)
		p.skipSpace()
		if p.peek() == ',' && len(f.args) < functions[name][1] {
			p.pos++
			continue
		}
		if p.peek() != ')' {
			return nil, p.errorf(ErrUnclosedParen, "expected ')' to close the '(' at %d", p.col(open)).withOther(p.col(open))
		}
		p.pos++
		break
	}
	if name == "floor" || name == "ceil" || name == "round" {
		inner := f.args[0]
		for {
			g, ok := inner.(groupNode)
			if !ok {
				break
			}
			inner = g.x
		}
		if b, ok := inner.(*binNode); ok && b.op == '/' {
			b.round = map[string]byte{"floor": 0, "ceil": 'c', "round": 'r'}[name]
			f.div = b
		}
	}
	return f, nil
}

// setsAhead reports whether a number just read is Dice Maiden's count of
// sets, "6 4d6": spaces, then a count of dice and a die.
func (p *parser) setsAhead() bool {
	i := p.pos
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t') {
		i++
	}
	if i == p.pos {
		return false
	}
	j := i
	for j < len(p.src) && isDigit(p.src[j]) {
		j++
	}
	if j == i || j >= len(p.src) || (lower(p.src[j]) != 'd' && lower(p.src[j]) != 'k') {
		return false
	}
	p.pos = i - 1 // the caller steps over one character
	return true
}

// words reports whether the rest of the expression is words, read as a
// comment ("1d20 I rolled a d20", Avrae's; "4d6 s", Dice Maiden's output
// flag): not a die ("d6"), a function, a word with digits ("b1") or, alone,
// another roller's modifier ("4d6 i").
func (p *parser) words() bool {
	c := p.peek()
	if c < 'a' || c > 'z' || startsDie(p.src[p.pos:]) || p.funcName() != "" {
		return false
	}
	fields := strings.Fields(p.src[p.pos:])
	w := strings.ToLower(fields[0])
	if strings.ContainsAny(w, "0123456789") {
		return false
	}
	if len(fields) == 1 {
		switch w {
		case "s", "p", "nr", "ul": // Dice Maiden's output flags
			return true
		case "e", "ie", "i", "r", "ir", "rg", "irg", "t", "tl", "f", "b", "k", "kl", "km", "d", "adv", "dis", "ds":
			return false
		}
		return len(w) > 1
	}
	return true
}

// splitComment takes the comments out of an expression: after '#'
// (Kostka's and rpg-dice-roller's), rpg-dice-roller's "/* … */" (blanked
// out, so positions hold) and "// …" before a word (Avrae's "15 // 2" is
// a division), Dice Maiden's " ! …" and its label "(Attack) 1d20" at the
// start.
func splitComment(s string) (expr, comment string) {
	var notes []string
	if i := strings.IndexByte(s, '#'); i >= 0 {
		notes = append(notes, s[i+1:])
		s = s[:i]
	}
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(s[i+2:], "*/")
		end := len(s)
		if j >= 0 {
			end = i + 2 + j + 2
		}
		notes = append([]string{strings.TrimSuffix(s[i+2:end], "*/")}, notes...)
		s = s[:i] + strings.Repeat(" ", end-i) + s[end:]
	}
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '/' && s[i+1] == '/' {
			rest := strings.TrimLeft(s[i+2:], " \t")
			if rest != "" && isLetter(rest[0]) && !startsDie(rest) {
				notes = append([]string{rest}, notes...)
				s = s[:i]
				break
			}
		}
		if s[i] == '!' && i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') && (s[i+1] == ' ' || isLetter(s[i+1])) {
			notes = append([]string{s[i+1:]}, notes...)
			s = s[:i]
			break
		}
	}
	if f := strings.Fields(s); len(f) > 1 && slices.Contains([]string{"ul", "s", "nr", "p"}, strings.ToLower(f[0])) && (isDigit(f[1][0]) || startsDie(f[1])) {
		// Dice Maiden's output flags before the roll ("ul 3d100").
		i := strings.Index(s, f[0])
		notes = append([]string{f[0]}, notes...)
		s = s[:i] + strings.Repeat(" ", len(f[0])) + s[i+len(f[0]):]
	}
	if t := strings.TrimLeft(s, " \t"); strings.HasPrefix(t, "(") {
		if j := strings.IndexByte(t, ')'); j > 1 && isLabel(t[1:j]) {
			notes = append([]string{t[1:j]}, notes...)
			s = strings.Repeat(" ", len(s)-len(t)+j+1) + t[j+1:]
		}
	}
	for i, n := range notes {
		notes[i] = strings.Join(strings.Fields(n), " ") // one line
	}
	return s, strings.TrimSpace(strings.Join(notes, " "))
}

func isLetter(c byte) bool { c = lower(c); return 'a' <= c && c <= 'z' }

// startsDie reports whether s starts with a die: "d6", "k6", "d%", "dF".
func startsDie(s string) bool {
	if len(s) < 2 || (lower(s[0]) != 'd' && lower(s[0]) != 'k') {
		return false
	}
	c := lower(s[1])
	return isDigit(c) || c == '%' || c == 'f'
}

// isLabel reports whether s is a label's text: words of letters, none a
// die or a function.
func isLabel(s string) bool {
	if len(s) < 3 {
		return false
	}
	for i := range len(s) {
		if !isLetter(s[i]) && s[i] != ' ' {
			return false
		}
	}
	for _, w := range strings.Fields(s) {
		if startsDie(w) {
			return false
		}
		if _, ok := functions[strings.ToLower(w)]; ok {
			return false
		}
	}
	return true
}

// splitParts splits an expression at the ';' that join several rolls
// (Dice Maiden's "2d6 ; 3d8").
func splitParts(s string) []string {
	if !strings.Contains(s, ";") {
		return nil
	}
	return strings.Split(s, ";")
}

// parseParts parses rolls joined with ';', each an expression of its own.
func (p *parser) parseParts(e *Expr, body string, parts []string) (*Expr, error) {
	if len(parts) > maxParts {
		err := limitErr(ErrTooManyParts, fmt.Sprintf("more than %d rolls joined by ';'", maxParts))
		err.Max = maxParts
		return nil, err
	}
	offset := 0 // characters before the part
	rolled := 0
	var srcs []string
	for _, part := range parts {
		q := parser{src: part}
		x, err := q.parse()
		if err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				se.Pos += offset
			}
			return nil, err
		}
		rolled += x.repeat * x.ndice
		e.parts = append(e.parts, x)
		srcs = append(srcs, x.src)
		offset += utf8.RuneCountInString(part) + 1
	}
	if rolled > MaxRolled {
		err := limitErr(ErrTooManyRolled, fmt.Sprintf("the rolls joined by ';' roll %d dice, more than %d", rolled, MaxRolled))
		err.Repeat, err.N, err.Max = 1, rolled, MaxRolled
		return nil, err
	}
	e.body = strings.Join(srcs, "; ")
	e.src = e.body
	return e, nil
}

// constant is the value of a part of an expression without dice.
func constant(x node) (int, error) {
	lo, hi, err := bounds(x)
	if err != nil {
		return 0, err
	}
	if lo != hi {
		return 0, &SyntaxError{Pos: x.start(), Kind: ErrUnsupportedSyntax, Msg: "a count of dice or of sides that is not a number"}
	}
	return lo, nil
}

// wordsFollow reports whether a word that is not one of Dice Maiden's
// modifiers follows the byte offset i.
func (p *parser) wordsFollow(i int) bool {
	rest := strings.Fields(p.src[i:])
	if len(rest) == 0 || !isLetter(rest[0][0]) {
		return false
	}
	w := strings.ToLower(strings.TrimRight(rest[0], "0123456789"))
	switch w {
	case "k", "kh", "kl", "d", "dl", "dh", "e", "ie", "i", "r", "ir", "t", "f", "mi", "min", "ma", "max":
		return false
	}
	return true
}
