package chart

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"kostka/l10n"
)

var out = flag.String("chart.out", "", "write the pictures the tests draw to this `folder`, to look at")

// format is how a caller formats numbers, with kostka/l10n.
func format(lang l10n.Lang) Format {
	return Format{
		Number:  func(v float64, decimals int) string { return l10n.FormatFloat(lang, v, decimals) },
		Percent: func(p float64) string { return l10n.FormatPercent(lang, p) },
	}
}

var words = map[l10n.Lang]Words{
	l10n.English: {Mean: "mean", MostLikely: "most likely", Outside: "outside the chart"},
	l10n.Polish:  {Mean: "średnia", MostLikely: "najczęściej", Outside: "poza wykresem"},
	l10n.Czech:   {Mean: "průměr", MostLikely: "nejčastěji", Outside: "mimo graf"},
}

// binomial returns the distribution of successes of n tries at p.
func binomial(n int, p float64) []float64 {
	d := []float64{1}
	for range n {
		next := make([]float64, len(d)+1)
		for k, q := range d {
			next[k] += q * (1 - p)
			next[k+1] += q * p
		}
		d = next
	}
	return d
}

// sumOfDice returns the distribution of the sum of n dice of sides sides,
// from n on.
func sumOfDice(n, sides int) []float64 {
	d := []float64{1}
	for range n {
		next := make([]float64, len(d)+sides-1)
		for k, q := range d {
			for s := range sides {
				next[k+s] += q / float64(sides)
			}
		}
		d = next
	}
	return d
}

// spec returns a chart of series in lang.
func spec(lang l10n.Lang, view View, series ...Series) Spec {
	title := map[l10n.Lang]string{l10n.English: "Marines shoot at orks", l10n.Polish: "Łucznicy strzelają do żółwia", l10n.Czech: "Střelci útočí na ůžě"}[lang]
	x := map[l10n.Lang]string{l10n.English: "Hits", l10n.Polish: "Trafienia", l10n.Czech: "Zásahy"}[lang]
	return Spec{Title: title, XLabel: x, YLabel: view.Symbol("n"), View: view, Series: series, Format: format(lang), Words: words[lang]}
}

// worst is the largest chart the issue asks for: 4 series of 200
// outcomes, with long labels.
func worst() Spec { return largest(200, AtLeast) }

// largest is a chart of 4 series of n outcomes, each spread over all of
// them so that no tail is left out.
func largest(n int, view View) Spec {
	var series []Series
	for i := range MaxSeries {
		series = append(series, Series{Label: fmt.Sprintf("Oddział %d ze sztandarem i łucznikami, żółć ř ů ě", i+1), Min: i * 3, P: binomial(n-1, 0.2+0.2*float64(i))})
		// Flatten it: a uniform part keeps every outcome in the chart.
		for k := range series[i].P {
			series[i].P[k] = 0.5*series[i].P[k] + 0.5/float64(n)
		}
	}
	return spec(l10n.Polish, view, series...)
}

func TestRender(t *testing.T) {
	two := Series{Label: "2d6", Min: 2, P: sumOfDice(2, 6)}
	tests := []struct {
		name string
		spec Spec
	}{
		{"one series, at least, en", spec(l10n.English, AtLeast, Series{Label: "Marines", P: binomial(10, 1.0/3)})},
		{"one series, no label, exactly, pl", spec(l10n.Polish, Exactly, Series{P: binomial(10, 1.0/3)})},
		{"one series, at most, cs", spec(l10n.Czech, AtMost, Series{Label: "Střelci", P: binomial(12, 0.5)})},
		{"negative outcomes", spec(l10n.English, Exactly, Series{Label: "1d6-3", Min: -2, P: sumOfDice(1, 6)})},
		{"one outcome", spec(l10n.English, AtLeast, Series{Label: "sure", Min: 3, P: []float64{1}})},
		{"long tail", spec(l10n.Polish, AtLeast, Series{Label: "60 kości", P: binomial(60, 0.1)})},
		{"compare, two", spec(l10n.English, AtLeast, two, Series{Label: "3d6", Min: 3, P: sumOfDice(3, 6)})},
		{"compare, four, exactly", spec(l10n.Czech, Exactly,
			Series{Label: "A", P: binomial(8, 1.0/6)}, Series{Label: "B", P: binomial(8, 2.0/6)},
			Series{Label: "C", P: binomial(8, 3.0/6)}, Series{Label: "D", P: binomial(8, 4.0/6)})},
		{"compare, four attackers, models killed", spec(l10n.Polish, AtLeast,
			Series{Label: "Strzelcy z karabinami plazmowymi", P: binomial(10, 0.3)}, Series{Label: "Ciężka piechota", P: binomial(10, 0.45)},
			Series{Label: "Snajperzy", P: binomial(10, 0.2)}, Series{Label: "Żółć ř ů ě", P: binomial(10, 0.6)})},
		{"compare, four, 60 outcomes, no markers", spec(l10n.Czech, AtLeast,
			Series{Label: "A", P: binomial(59, 0.3)}, Series{Label: "B", P: binomial(59, 0.45)},
			Series{Label: "C", P: binomial(59, 0.6)}, Series{Label: "D", P: binomial(59, 0.75)})},
		{"worst", worst()},
		{"4 × 990, exactly", largest(MaxOutcomes-10, Exactly)},
		{"4 × 990, at most", largest(MaxOutcomes-10, AtMost)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, alt, err := Render(context.Background(), tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > MaxPNG {
				t.Errorf("%d bytes, want at most %d", len(b), MaxPNG)
			}
			cfg, name, err := image.DecodeConfig(bytes.NewReader(b))
			if err != nil || name != "png" {
				t.Fatalf("decoding the picture: %q, %v", name, err)
			}
			if cfg.Width != Width || cfg.Height != Height {
				t.Errorf("%d×%d, want %d×%d", cfg.Width, cfg.Height, Width, Height)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if n := utf8.RuneCountInString(alt); n == 0 || n > MaxAlt {
				t.Errorf("the description has %d characters: %q", n, alt)
			}
			if tt.spec.Title != "" && !strings.HasPrefix(alt, tt.spec.Title) {
				t.Errorf("the description %q does not start with the title", alt)
			}
			if want, err := Describe(tt.spec); err != nil || alt != want {
				t.Errorf("the description %q, want %q", alt, want)
			}
			checkColours(t, img, tt.spec)
			checkMeans(t, img, tt.spec)
			t.Logf("%d bytes; %s", len(b), alt)
			if *out != "" {
				name := strings.NewReplacer(" ", "-", ",", "").Replace(tt.name) + ".png"
				if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestSeriesStyles: the series of a chart differ by colour, by dash
// pattern and by marker, each from every other, so that lines without
// markers (more than maxGlyphs outcomes) and readers who do not tell the
// colours apart still tell them apart; the first line is solid and no
// line's dashes are a mean's.
func TestSeriesStyles(t *testing.T) {
	if dashes[0] != nil {
		t.Errorf("the first series is dashed: %v", dashes[0])
	}
	for i := range MaxSeries {
		if fmt.Sprint(dashes[i]) == fmt.Sprint(meanDashes) {
			t.Errorf("series %d is dashed as a mean: %v", i+1, dashes[i])
		}
		for j := range i {
			if palette[i] == palette[j] {
				t.Errorf("series %d and %d share the colour %v", j+1, i+1, palette[i])
			}
			if fmt.Sprint(dashes[i]) == fmt.Sprint(dashes[j]) {
				t.Errorf("series %d and %d share the dashes %v", j+1, i+1, dashes[i])
			}
			if fmt.Sprintf("%T", glyphs[i]) == fmt.Sprintf("%T", glyphs[j]) {
				t.Errorf("series %d and %d share the marker %T", j+1, i+1, glyphs[i])
			}
		}
	}
}

// near reports whether c is within a small distance of want, as the
// inside of an antialiased shape is.
func near(c color.Color, want color.NRGBA) bool {
	r, g, b, _ := c.RGBA()
	d := math.Abs(float64(r>>8)-float64(want.R)) + math.Abs(float64(g>>8)-float64(want.G)) + math.Abs(float64(b>>8)-float64(want.B))
	return d <= 12
}

// checkColours checks that the picture is on its own background and has
// each series' colour.
func checkColours(t *testing.T, img image.Image, spec Spec) {
	t.Helper()
	for _, corner := range []image.Point{{0, 0}, {Width - 1, 0}, {0, Height - 1}, {Width - 1, Height - 1}} {
		if c := img.At(corner.X, corner.Y); !near(c, background) {
			t.Errorf("the corner %v is %v, not the background", corner, c)
		}
		if _, _, _, a := img.At(corner.X, corner.Y).RGBA(); a != 0xffff {
			t.Errorf("the corner %v is not opaque", corner)
		}
	}
	counts := make([]int, len(spec.Series))
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			for i := range spec.Series {
				if near(img.At(x, y), palette[i]) {
					counts[i]++
				}
			}
		}
	}
	for i, n := range counts {
		if n < 50 {
			t.Errorf("series %d: %d pixels of its colour %v, want at least 50", i+1, n, palette[i])
		}
	}
}

// checkMeans checks that a dashed line of each series' mean colour runs
// down the data area at the mean.
func checkMeans(t *testing.T, img image.Image, spec Spec) {
	t.Helper()
	c, err := prepare(spec)
	if err != nil {
		t.Fatal(err)
	}
	_, lay, err := draw(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(lay.meanX) != len(spec.Series) {
		t.Fatalf("%d mean markers, want %d", len(lay.meanX), len(spec.Series))
	}
	for i, x := range lay.meanX {
		want := palette[i]
		if len(spec.Series) == 1 {
			want = meanColour
		}
		// The mean's place in the picture, from the axis: x runs from
		// lo-0.6 at the data area's left to hi+0.6 at its right.
		if x < 40 || x > Width-10 {
			t.Errorf("series %d: the mean is drawn at x=%.1f, outside the data area", i+1, x)
		}
		col, hits := int(math.Round(x)), 0
		rows := int(lay.dataBottom - lay.dataTop)
		for y := int(lay.dataTop); y < int(lay.dataBottom); y++ {
			for dx := -1; dx <= 1; dx++ {
				if near(img.At(col+dx, y), want) {
					hits++
					break
				}
			}
		}
		// The dashes cover two thirds of it; bars and other lines
		// drawn over it may hide some.
		if rows < 100 || hits < rows/3 {
			t.Errorf("series %d: %d of %d rows at x=%d have the mean's colour %v", i+1, hits, rows, col, want)
		}
	}
}

// TestMeanPlace checks the mean marker's place against the axis: in a
// chart of 0..10 with the mean at 5, it is in the middle of the data area.
func TestMeanPlace(t *testing.T) {
	p := make([]float64, 11)
	p[0], p[10] = 0.5, 0.5
	c, err := prepare(spec(l10n.English, Exactly, Series{Label: "0 or 10", P: p}))
	if err != nil {
		t.Fatal(err)
	}
	if c.curves[0].mean != 5 {
		t.Fatalf("mean %v, want 5", c.curves[0].mean)
	}
	p[0], p[10] = 1, 0
	c0, _ := prepare(spec(l10n.English, Exactly, Series{Label: "0", P: p}))
	p[0], p[10] = 0, 1
	c10, _ := prepare(spec(l10n.English, Exactly, Series{Label: "10", P: p}))
	var xs []float64
	for _, c := range []*prepared{c0, c, c10} {
		_, lay, err := draw(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		xs = append(xs, lay.meanX[0])
	}
	// One-point distributions draw only their outcome: compare the
	// middle with the full range's ends instead.
	c.curves[0].mean = 0
	_, lay0, _ := draw(context.Background(), c)
	c.curves[0].mean = 10
	_, lay10, _ := draw(context.Background(), c)
	if mid := (lay0.meanX[0] + lay10.meanX[0]) / 2; math.Abs(xs[1]-mid) > 1 {
		t.Errorf("the mean 5 is at x=%.1f, want %.1f (0 at %.1f, 10 at %.1f)", xs[1], mid, lay0.meanX[0], lay10.meanX[0])
	}
}

// TestContrast checks the theme: every colour that carries meaning has a
// contrast of at least 4.5:1 with the picture's background, and no
// colour could have it with both of Discord's themes' backgrounds.
func TestContrast(t *testing.T) {
	for name, c := range map[string]color.NRGBA{
		"foreground": foreground, "muted": muted, "mean": meanColour,
		"series 1": palette[0], "series 2": palette[1], "series 3": palette[2], "series 4": palette[3],
	} {
		if r := contrast(c, background); r < 4.5 {
			t.Errorf("%s %v: contrast %.2f with the background, want at least 4.5", name, c, r)
		}
	}
	dark, light := color.NRGBA{0x31, 0x33, 0x38, 0xff}, color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for v := range 256 {
		grey := color.NRGBA{uint8(v), uint8(v), uint8(v), 0xff}
		// Relative luminance is monotonic in each channel, so the greys
		// cover every luminance a colour can have.
		if contrast(grey, dark) >= 4.5 && contrast(grey, light) >= 4.5 {
			t.Fatalf("%v has 4.5:1 against both themes: the theme could be transparent", grey)
		}
	}
}

// contrast is the WCAG 2 contrast ratio of two colours.
func contrast(a, b color.NRGBA) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func TestRenderRefuses(t *testing.T) {
	ok := Series{Label: "ok", P: []float64{0.5, 0.5}}
	valid := spec(l10n.English, AtLeast, ok)
	with := func(f func(*Spec)) Spec {
		s := valid
		s.Series = append([]Series(nil), valid.Series...)
		f(&s)
		return s
	}
	tests := []struct {
		name string
		spec Spec
		want string
	}{
		{"no series", with(func(s *Spec) { s.Series = nil }), "no series"},
		{"five series", with(func(s *Spec) { s.Series = []Series{ok, ok, ok, ok, ok} }), "5 series"},
		{"no outcomes", with(func(s *Spec) { s.Series[0].P = nil }), "no outcomes"},
		{"too many outcomes", with(func(s *Spec) { s.Series[0].P = make([]float64, MaxOutcomes+1); s.Series[0].P[0] = 1 }), "1001 outcomes"},
		{"NaN", with(func(s *Spec) { s.Series[0].P = []float64{math.NaN(), 1} }), "not a probability"},
		{"infinite", with(func(s *Spec) { s.Series[0].P = []float64{math.Inf(1)} }), "not a probability"},
		{"negative", with(func(s *Spec) { s.Series[0].P = []float64{-0.5, 1.5} }), "not a probability"},
		{"sum", with(func(s *Spec) { s.Series[0].P = []float64{0.5, 0.4} }), "add up to 0.9"},
		{"huge outcomes", with(func(s *Spec) { s.Series[0].Min = math.MaxInt - 1 }), "beyond"},
		{"tiny outcomes", with(func(s *Spec) { s.Series[0].Min = math.MinInt }), "beyond"},
		{"far apart", with(func(s *Spec) { s.Series = []Series{ok, {Label: "far", Min: MaxOutcomes, P: []float64{1}}} }), "too far apart"},
		{"unknown view", with(func(s *Spec) { s.View = 7 }), "unknown view"},
		{"no format", with(func(s *Spec) { s.Format.Percent = nil }), "Format"},
		{"no words", with(func(s *Spec) { s.Words.Mean = "" }), "Words.Mean is empty"},
		{"unlabelled compare", with(func(s *Spec) { s.Series = []Series{ok, {P: []float64{1}}} }), "series 2 label is empty"},
		{"long title", with(func(s *Spec) { s.Title = strings.Repeat("ż", MaxTitle+1) }), "title is longer"},
		{"long label", with(func(s *Spec) { s.Series[0].Label = strings.Repeat("x", MaxLabel+1) }), "longer than 60"},
		{"bad UTF-8", with(func(s *Spec) { s.XLabel = "\xff" }), "not UTF-8"},
		{"control character", with(func(s *Spec) { s.Series[0].Label = "a\nb" }), "control character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, alt, err := Render(context.Background(), tt.spec)
			if !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want ErrSpec saying %q", err, tt.want)
			}
			if _, err := Describe(tt.spec); !errors.Is(err, ErrSpec) {
				t.Errorf("Describe: %v, want ErrSpec", err)
			}
			if b != nil || alt != "" {
				t.Errorf("a refused spec gave %d bytes and %q", len(b), alt)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Render(ctx, valid); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v, want context.Canceled", err)
	}
}
