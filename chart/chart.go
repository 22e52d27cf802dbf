// Package chart draws the odds of one or more exact distributions as a PNG
// picture small enough for a Discord attachment, with a text description
// of it for those who cannot see it.
//
// A caller hands Render a Spec: up to MaxSeries series, each the exact
// probability P(= n) of every outcome n from its Min on; the view (the
// chance of at least n, exactly n or at most n, at least by default); and
// every word the picture and its description show, already in the reader's
// language, with the functions that format numbers and percentages in it.
// The package holds no message catalogue: the words come in Words and the
// titles, the number formats in Format. Render derives the chances the
// view asks for and each series' mean, draws every outcome or, where the
// series span more than 24 outcomes, those that hold all but about 0.1%
// of each series (the description says how much lies outside), and marks
// every mean with a dashed line.
//
// The picture is Width × Height pixels on its own dark, opaque
// background, so that it reads alike in Discord's dark and light themes:
// no colour has a contrast of 4.5:1 against both of them (#313338 and
// #ffffff), so the picture does not lean on them. Every colour but the
// grid's has at least 4.5:1 against the picture's background. Several
// series (a comparison: one per attacker) are lines that differ by colour
// and by dash pattern (solid, dashed, dotted, dash and dot), and, up to 40
// outcomes, by marker shape; the legend shows each line's colour, dashes
// and marker beside its label and mean. Its text is set in Liberation
// Sans, embedded, which has every letter of Polish and Czech.
//
// Drawing uses gonum.org/v1/plot. This package does nothing when a
// program starts (its palette is made on first use); the plotting library
// and its dependencies spend 0.3 to 0.6 ms in their init functions, most
// of it reading their embedded fonts. Linked into the Discord function,
// they add 1 to 1.5 ms of processor time to its cold start and 5.9 MB to
// its binary (go run ./deploy/coldstart). A chart takes 10 to 27 ms of
// processor time to draw (go test -bench Render ./chart).
package chart

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// The picture's size in pixels: twice as wide as high, as Discord shows an
// embed's image on a phone, with text large enough to read there.
const (
	Width  = 800
	Height = 400
)

// Limits of a Spec. A larger input is refused with ErrSpec.
const (
	MaxSeries   = 4    // series on one chart
	MaxOutcomes = 1000 // outcomes of one series, and outcomes drawn
	MaxValue    = 1e6  // largest |n| of an outcome
	MaxLabel    = 60   // characters of a series label or an axis label
	MaxTitle    = 120  // characters of the title
	MaxWord     = 40   // characters of each of Words
)

// MaxAlt is the most characters the description may have: what Discord
// takes as an attachment's description.
const MaxAlt = 1024

// MaxPNG is the most bytes a picture may have (a test holds Render to it
// at the largest input).
const MaxPNG = 100 << 10

// ErrSpec is the error Render returns, wrapped with what is wrong, for a
// Spec it cannot draw.
var ErrSpec = errors.New("chart: invalid spec")

// View is which chance a chart shows of each outcome n. The zero View is
// AtLeast, the chance players most often ask for.
type View uint8

// The views.
const (
	AtLeast View = iota // P(≥ n)
	Exactly             // P(= n)
	AtMost              // P(≤ n)
)

// Symbol returns how the view writes the chance of n in any language:
// "P(≥ n)", "P(= n)" or "P(≤ n)" with n given.
func (v View) Symbol(n string) string {
	switch v {
	case Exactly:
		return "P(= " + n + ")"
	case AtMost:
		return "P(≤ " + n + ")"
	}
	return "P(≥ " + n + ")"
}

// Series is one distribution: the probability P(= n) of each outcome n
// from Min on, P[i] being that of Min+i. The probabilities must add up to
// 1 (within 1e-6).
type Series struct {
	Label string // shown in the legend and the description; may be empty with one series
	Min   int
	P     []float64
}

// Format renders numbers in the reader's language. Both are required,
// such as, with kostka/l10n:
//
//	chart.Format{
//		Number:  func(v float64, decimals int) string { return l10n.FormatFloat(lang, v, decimals) },
//		Percent: func(p float64) string { return l10n.FormatPercent(lang, p) },
//	}
type Format struct {
	// Number renders v with at most decimals decimals ("4,25" in Polish);
	// outcomes are rendered with 0.
	Number func(v float64, decimals int) string
	// Percent renders a probability from 0 to 1 as a percentage ("12,5 %"
	// in Czech).
	Percent func(p float64) string
}

// Words are the few words the picture and its description use, in the
// reader's language. All are required.
type Words struct {
	Mean       string // "mean", "średnia", "průměr"
	MostLikely string // "most likely", "najczęściej", "nejčastěji"
	Outside    string // "outside the chart", "poza wykresem", "mimo graf"
}

// Spec is everything a chart shows.
type Spec struct {
	Title  string // may be empty
	XLabel string // what n counts, such as "Hits"; may be empty
	YLabel string // such as "Chance of at least n"; may be empty
	View   View
	Series []Series // 1 to MaxSeries
	Format Format
	Words  Words
}

// Render draws spec as a PNG of Width × Height pixels and at most MaxPNG
// bytes, and returns it with its description in the reader's language
// (at most MaxAlt characters, for the attachment's description).
//
// The description gives the title, the range of outcomes drawn (and the
// chance outside it, where the chart leaves out a long tail), then for
// each series its mean, its most likely outcome, and the chance the view
// shows at a few key outcomes, the same for every series: where the
// first series' chance crosses 90%, 50% and 10%. For example, in English:
//
//	Marines shoot at orks. Hits 0–10. Marines: mean 3.33, most likely 3
//	(26%), P(≥ 1) 98.3%, P(≥ 3) 70.1%, P(≥ 5) 21.3%.
//
// A Spec Render cannot draw is refused with an error wrapping ErrSpec;
// Render never panics on any input. A cancelled ctx ends it with ctx's
// error.
func Render(ctx context.Context, spec Spec) (png []byte, alt string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	c, err := prepare(spec)
	if err != nil {
		return nil, "", err
	}
	img, _, err := draw(ctx, c)
	if err != nil {
		return nil, "", err
	}
	png, err = encode(img)
	if err != nil {
		return nil, "", err
	}
	return png, describe(c), nil
}

// Describe returns the description Render returns with the picture of
// spec, without drawing it: for a reply's text, or where the picture
// cannot be sent.
func Describe(spec Spec) (string, error) {
	c, err := prepare(spec)
	if err != nil {
		return "", err
	}
	return describe(c), nil
}

// curve is one series ready to draw.
type curve struct {
	Series
	mean  float64
	mode  int     // most likely outcome
	pMode float64 // its probability
	// at[i] is the chance the view shows of Min+i.
	at []float64
}

// chance returns the chance the view shows of n, 0 or 1 outside the
// series' outcomes as the view has it.
func (c *curve) chance(v View, n int) float64 {
	i := n - c.Min
	switch {
	case i >= 0 && i < len(c.at):
		return c.at[i]
	case v == Exactly:
		return 0
	case i < 0:
		if v == AtLeast {
			return 1
		}
		return 0
	default: // above the last outcome
		if v == AtLeast {
			return 0
		}
		return 1
	}
}

// sum returns the chance of at least n (AtLeast), exactly n or at most n
// (AtMost) from the series' probabilities, whatever view it is drawn in.
func (c *curve) sum(v View, n int) float64 {
	total := 0.0
	for i, q := range c.P {
		switch m := c.Min + i; {
		case m == n, m > n && v == AtLeast, m < n && v == AtMost:
			total += q
		}
	}
	return min(total, 1)
}

// prepared is a validated Spec with what drawing and the description need.
type prepared struct {
	Spec
	curves []curve
	lo, hi int     // the outcomes drawn
	out    float64 // the largest chance of any series outside lo..hi
}

// tail is the chance each end of a series may leave out of the chart: all
// but about 0.1% is drawn, where the series have more than wide outcomes
// together.
const (
	tail = 0.0005
	wide = 24
)

// prepare checks spec and derives what the chart shows.
func prepare(spec Spec) (*prepared, error) {
	if err := check(spec); err != nil {
		return nil, err
	}
	p := &prepared{Spec: spec, lo: math.MaxInt, hi: math.MinInt}
	for _, s := range spec.Series {
		c := curve{Series: s, at: make([]float64, len(s.P)), mode: s.Min, pMode: -1}
		for i, q := range s.P {
			n := s.Min + i
			c.mean += float64(n) * q
			if q > c.pMode {
				c.mode, c.pMode = n, q
			}
		}
		// The chances, cumulated from the end the view counts from.
		switch spec.View {
		case Exactly:
			copy(c.at, s.P)
		case AtLeast:
			sum := 0.0
			for i := len(s.P) - 1; i >= 0; i-- {
				sum += s.P[i]
				c.at[i] = min(sum, 1)
			}
		case AtMost:
			sum := 0.0
			for i, q := range s.P {
				sum += q
				c.at[i] = min(sum, 1)
			}
		}
		// The outcomes that hold all but tail at each end.
		first, below := 0, 0.0
		for first < len(s.P)-1 && below+s.P[first] <= tail {
			below += s.P[first]
			first++
		}
		last, above := len(s.P)-1, 0.0
		for last > first && above+s.P[last] <= tail {
			above += s.P[last]
			last--
		}
		p.lo, p.hi = min(p.lo, s.Min+first), max(p.hi, s.Min+last)
		p.curves = append(p.curves, c)
	}
	first, last := math.MaxInt, math.MinInt
	for _, s := range spec.Series {
		first, last = min(first, s.Min), max(last, s.Min+len(s.P)-1)
	}
	if last-first < wide {
		p.lo, p.hi = first, last
	}
	if p.hi-p.lo >= MaxOutcomes {
		return nil, fmt.Errorf("%w: the series lie too far apart: %d outcomes to draw from %d to %d, at most %d",
			ErrSpec, p.hi-p.lo+1, p.lo, p.hi, MaxOutcomes)
	}
	for _, c := range p.curves {
		out := 0.0
		for i, q := range c.P {
			if n := c.Min + i; n < p.lo || n > p.hi {
				out += q
			}
		}
		p.out = max(p.out, out)
	}
	return p, nil
}

// check returns what is wrong with spec, wrapping ErrSpec.
func check(spec Spec) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrSpec}, a...)...)
	}
	if spec.View > AtMost {
		return bad("unknown view %d", spec.View)
	}
	if spec.Format.Number == nil || spec.Format.Percent == nil {
		return bad("Format needs both Number and Percent")
	}
	if err := checkText("title", spec.Title, MaxTitle, true); err != nil {
		return err
	}
	for _, t := range []struct{ name, s string }{{"x label", spec.XLabel}, {"y label", spec.YLabel}} {
		if err := checkText(t.name, t.s, MaxLabel, true); err != nil {
			return err
		}
	}
	for _, w := range []struct{ name, s string }{
		{"Words.Mean", spec.Words.Mean}, {"Words.MostLikely", spec.Words.MostLikely}, {"Words.Outside", spec.Words.Outside},
	} {
		if err := checkText(w.name, w.s, MaxWord, false); err != nil {
			return err
		}
	}
	switch n := len(spec.Series); {
	case n == 0:
		return bad("no series")
	case n > MaxSeries:
		return bad("%d series, at most %d", n, MaxSeries)
	}
	for i, s := range spec.Series {
		name := fmt.Sprintf("series %d", i+1)
		if err := checkText(name+" label", s.Label, MaxLabel, len(spec.Series) == 1); err != nil {
			return err
		}
		switch n := len(s.P); {
		case n == 0:
			return bad("%s has no outcomes", name)
		case n > MaxOutcomes:
			return bad("%s has %d outcomes, at most %d", name, n, MaxOutcomes)
		}
		if math.Abs(float64(s.Min)) > MaxValue || math.Abs(float64(s.Min)+float64(len(s.P)-1)) > MaxValue {
			return bad("%s: outcomes beyond ±%g", name, MaxValue)
		}
		sum := 0.0
		for j, q := range s.P {
			if math.IsNaN(q) || q < 0 || q > 1 {
				return bad("%s: P(= %d) is %v, not a probability", name, s.Min+j, q)
			}
			sum += q
		}
		if math.Abs(sum-1) > 1e-6 {
			return bad("%s: the probabilities add up to %v, not 1", name, sum)
		}
	}
	return nil
}

// checkText refuses a text that is not valid UTF-8, has control
// characters, is longer than limit characters, or is empty unless
// optional.
func checkText(name, s string, limit int, optional bool) error {
	switch {
	case s == "" && !optional:
		return fmt.Errorf("%w: %s is empty", ErrSpec, name)
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: %s is not UTF-8", ErrSpec, name)
	case utf8.RuneCountInString(s) > limit:
		return fmt.Errorf("%w: %s is longer than %d characters", ErrSpec, name, limit)
	case strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }):
		return fmt.Errorf("%w: %s has a control character", ErrSpec, name)
	}
	return nil
}
