package dice

import (
	"fmt"
	"strings"
)

// Text renders the roll in plain text: "4d6kh3 → [6, 5, 3, ~~1~~] = 14".
// Dropped dice are struck through (~~1~~), exploded dice marked with !,
// rerolled faces shown before the face kept (1→4), successes with * and
// failures with _.
func (r Result) Text() string { return r.render(false) }

// Markdown renders the roll for Discord: like Text, with each die's
// natural maximum in bold.
func (r Result) Markdown() string { return r.render(true) }

func (r Result) render(md bool) string {
	if len(r.Results) > 0 {
		lines := make([]string, len(r.Results))
		for i, x := range r.Results {
			lines[i] = fmt.Sprintf("%d. %s", i+1, x.render(md))
		}
		s := strings.Join(lines, "\n")
		if r.Comment != "" {
			s += "\n# " + r.Comment
		}
		return s
	}
	var b strings.Builder
	b.WriteString(r.Expr)
	b.WriteString(" → ")
	for i, t := range r.Terms {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString("[")
		for j, d := range t.Dice {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(d.render(md))
		}
		b.WriteString("]")
	}
	if len(r.Terms) > 0 {
		b.WriteString(" ")
	}
	fmt.Fprintf(&b, "= %d", r.Total)
	if r.Comment != "" {
		b.WriteString(" # " + r.Comment)
	}
	return b.String()
}

// render shows one die.
func (d Die) render(md bool) string {
	var b strings.Builder
	for _, f := range d.Rerolled {
		fmt.Fprintf(&b, "%s→", face(f, d.Fudge))
	}
	v := face(d.Value, d.Fudge)
	if len(d.Rolls) > 1 {
		parts := make([]string, len(d.Rolls))
		for i, f := range d.Rolls {
			parts[i] = face(f, d.Fudge)
		}
		v = strings.Join(parts, "+")
	}
	if md && !d.Extra && len(d.Rolls) <= 1 && ((d.Fudge && d.Value == 1) || (!d.Fudge && d.Value == d.Sides && d.Sides > 1)) {
		v = "**" + v + "**"
	}
	b.WriteString(v)
	if d.Exploded {
		b.WriteString("!")
	}
	switch {
	case d.Success:
		b.WriteString("*")
	case d.Failure:
		b.WriteString("_")
	}
	if d.Dropped {
		return "~~" + b.String() + "~~"
	}
	return b.String()
}

func face(v int, fudge bool) string {
	if !fudge {
		return fmt.Sprint(v)
	}
	return map[int]string{-1: "-", 0: "0", 1: "+"}[v]
}
