package dice

import (
	"strconv"
	"strings"
)

// Text renders the roll in plain text, keeping the expression's
// structure: "3k6+2 → (2, 1, 5) + 2 = 10", "d6-d6 → 4 − 4 = 0",
// "(1d6+2)*2 → (3 + 2) × 2 = 10". A dice term of one plain die shows its
// face; any other term lists its dice in parentheses. A die's marks:
//
//	[1]     dropped by a keep or drop modifier
//	6!      exploded (the extra dice follow it)
//	1→4     rerolled: the faces rolled away, then the face kept
//	6+6+3   a compounding die's rolls
//	8✓ 1✗   a success, a failure
//	20↑ 1↓  a critical success, a critical failure (cs, cf)
//	+ 0 −   the faces of a Fudge die
//
// Operators are + − × ÷. A repeated roll is one numbered line per roll.
func (r Result) Text() string { return r.render(false) }

// Markdown renders the roll for chat (Discord): like Text, with each
// die's natural maximum in bold. Its die marks are symbols that Markdown
// does not read as formatting, and the expression and the comment are
// escaped, so what a player typed cannot format the message.
func (r Result) Markdown() string { return r.render(true) }

func (r Result) render(md bool) string {
	var b strings.Builder
	if len(r.Results) > 0 {
		for i, x := range r.Results {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(strconv.Itoa(i + 1))
			if md {
				b.WriteByte('\\') // not an ordered list
			}
			b.WriteString(". ")
			x.renderOne(&b, md)
		}
		if r.Comment != "" {
			b.WriteByte('\n')
			if md {
				b.WriteByte('\\') // not a heading
			}
			b.WriteString("# ")
			b.WriteString(escape(r.Comment, md))
		}
		return b.String()
	}
	r.renderOne(&b, md)
	if r.Comment != "" {
		b.WriteString(" # ")
		b.WriteString(escape(r.Comment, md))
	}
	return b.String()
}

// renderOne writes one roll, without its comment.
func (r Result) renderOne(b *strings.Builder, md bool) {
	b.WriteString(escape(r.Expr, md))
	b.WriteString(" → ")
	if t := r.Tree(); t != nil {
		t.render(b, md)
		b.WriteString(" = ")
	}
	b.WriteString(strconv.Itoa(r.Total))
}

var opSymbols = [256]string{'+': "+", '-': "−", '*': "×", '/': "÷", '%': "mod", '^': "^", '=': "=", '!': "≠", 'g': "≥", 'l': "≤", '>': ">", '<': "<"}

// render writes a node of the tree.
func (n *Node) render(b *strings.Builder, md bool) {
	switch n.Kind {
	case KindNumber:
		b.WriteString(strconv.Itoa(n.Value))
	case KindNeg:
		b.WriteString("−")
		n.Operand.render(b, md)
	case KindGroup:
		b.WriteByte('(')
		n.Operand.render(b, md)
		b.WriteByte(')')
	case KindOp:
		n.Left.render(b, md)
		b.WriteByte(' ')
		b.WriteString(opSymbols[n.Op])
		b.WriteByte(' ')
		n.Right.render(b, md)
	case KindFunc, KindSet:
		open, close := "(", ")"
		if n.Brace {
			open, close = "{", "}"
		}
		b.WriteString(n.Func)
		b.WriteString(open)
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			if it.Dropped {
				b.WriteByte('[')
			}
			it.render(b, md)
			switch {
			case it.Success:
				b.WriteString("✓")
			case it.Failure:
				b.WriteString("✗")
			}
			if it.Dropped {
				b.WriteByte(']')
			}
		}
		b.WriteString(close)
	case KindDice:
		if len(n.Dice) == 1 && n.Dice[0].plain() {
			n.Dice[0].render(b, md)
			return
		}
		b.WriteByte('(')
		for i, d := range n.Dice {
			if i > 0 {
				b.WriteString(", ")
			}
			d.render(b, md)
		}
		b.WriteByte(')')
	}
}

// plain reports whether the die shows as a bare number.
func (d Die) plain() bool {
	return !d.Fudge && !d.Dropped && !d.Exploded && !d.Success && !d.Failure && !d.Critical && !d.Fumble && len(d.Rerolled) == 0 && len(d.Rolls) <= 1
}

// render writes one die with its marks.
func (d Die) render(b *strings.Builder, md bool) {
	if d.Dropped {
		b.WriteByte('[')
	}
	for _, f := range d.Rerolled {
		b.WriteString(face(f, d.Fudge))
		b.WriteString("→")
	}
	bold := md && !d.Extra && len(d.Rolls) <= 1 && ((d.Fudge && d.Value == 1) || (!d.Fudge && d.Value == d.Sides && d.Sides > 1))
	if bold {
		b.WriteString("**")
	}
	if len(d.Rolls) > 1 {
		for i, f := range d.Rolls {
			if i > 0 {
				b.WriteByte('+')
			}
			b.WriteString(face(f, d.Fudge))
		}
	} else {
		b.WriteString(face(d.Value, d.Fudge))
	}
	if bold {
		b.WriteString("**")
	}
	if d.Exploded {
		b.WriteByte('!')
	}
	switch {
	case d.Success:
		b.WriteString("✓")
	case d.Failure:
		b.WriteString("✗")
	}
	switch {
	case d.Critical:
		b.WriteString("↑")
	case d.Fumble:
		b.WriteString("↓")
	}
	if d.Dropped {
		b.WriteByte(']')
	}
}

func face(v int, fudge bool) string {
	if !fudge {
		return strconv.Itoa(v)
	}
	switch v {
	case -1:
		return "−"
	case 1:
		return "+"
	}
	return "0"
}

// markdownSpecial are the characters escaped in what a player typed:
// those Markdown (as Discord reads it) could take as formatting, links
// or mentions. What could start a list or a heading never starts a line:
// each line starts with the expression or the line's number.
const markdownSpecial = "\\*_~`|<[]@"

// escape returns s as is for plain text, and for Markdown with a
// backslash before every character Markdown could read as formatting.
func escape(s string, md bool) string {
	if !md || !strings.ContainsAny(s, markdownSpecial) {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if c < 128 && strings.ContainsRune(markdownSpecial, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
