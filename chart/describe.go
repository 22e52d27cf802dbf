package chart

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// describe writes the description of the chart c shows, at most MaxAlt
// characters: with four long labels and titles it leaves out key outcomes
// from the last, then cuts the text short with an ellipsis.
func describe(c *prepared) string {
	keys := keyOutcomes(c)
	for {
		s := describeWith(c, keys)
		if utf8.RuneCountInString(s) <= MaxAlt {
			return s
		}
		if len(keys) == 0 {
			r := []rune(s)
			return string(r[:MaxAlt-1]) + "…"
		}
		keys = keys[:len(keys)-1]
	}
}

func describeWith(c *prepared, keys []int) string {
	num := func(n int) string { return c.Format.Number(float64(n), 0) }
	var b strings.Builder
	sentence := func(s string) {
		if s == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
		if !strings.HasSuffix(s, ".") {
			b.WriteByte('.')
		}
	}
	sentence(c.Title)
	span := num(c.lo)
	switch {
	case c.lo < 0 && c.hi > c.lo:
		span += " – " + num(c.hi) // not "-2–3"
	case c.hi > c.lo:
		span += "–" + num(c.hi)
	}
	if c.XLabel != "" {
		span = c.XLabel + " " + span
	}
	if c.out > 0 {
		// At most 0.1% by construction: "< 0.1%" where it rounds to 0.
		out := c.Format.Percent(c.out)
		if zero := c.Format.Percent(0); out == zero {
			out = "< " + c.Format.Percent(2*tail)
		}
		span += ", " + c.Words.Outside + " " + out
	}
	sentence(span)
	for _, cv := range c.curves {
		parts := []string{
			c.Words.Mean + " " + c.Format.Number(cv.mean, 2),
			c.Words.MostLikely + " " + num(cv.mode) + " (" + c.Format.Percent(cv.pMode) + ")",
		}
		v := c.View
		if v == Exactly {
			v = AtLeast // what players ask of key outcomes
		}
		for _, n := range keys {
			parts = append(parts, v.Symbol(num(n))+" "+c.Format.Percent(cv.sum(v, n)))
		}
		s := strings.Join(parts, ", ")
		if cv.Label != "" {
			s = cv.Label + ": " + s
		} else {
			r, n := utf8.DecodeRuneInString(s)
			s = string(unicode.ToUpper(r)) + s[n:]
		}
		sentence(s)
	}
	return b.String()
}

// keyOutcomes returns the outcomes at which the first series' chance of
// at least (or, in the AtMost view, at most) n crosses 90%, 50% and 10%,
// each once, in ascending order, leaving out the first (last) outcome,
// whose chance is 100%.
func keyOutcomes(c *prepared) []int {
	first := c.curves[0]
	var keys []int
	add := func(n int) {
		if len(keys) == 0 || keys[len(keys)-1] != n {
			keys = append(keys, n)
		}
	}
	if c.View == AtMost {
		// The smallest n with P(≤ n) ≥ t.
		for _, t := range []float64{0.1, 0.5, 0.9} {
			sum := 0.0
			for i, q := range first.P {
				sum += q
				if sum >= t-1e-12 {
					if i < len(first.P)-1 { // not the sure P(≤ last)
						add(first.Min + i)
					}
					break
				}
			}
		}
		return keys
	}
	// The largest n with P(≥ n) ≥ t.
	for _, t := range []float64{0.9, 0.5, 0.1} {
		sum := 0.0
		for i := len(first.P) - 1; i >= 0; i-- {
			sum += first.P[i]
			if sum >= t-1e-12 {
				if i > 0 { // not the sure P(≥ first)
					add(first.Min + i)
				}
				break
			}
		}
	}
	return keys
}
