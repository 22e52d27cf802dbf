package chart

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The theme: a dark, opaque card. Every colour but the grid's has a
// contrast of at least 4.5:1 against the background (a test computes it).
var (
	background = color.NRGBA{0x1e, 0x1f, 0x22, 0xff}
	foreground = color.NRGBA{0xf2, 0xf3, 0xf5, 0xff} // title, labels, legend
	muted      = color.NRGBA{0xb5, 0xba, 0xc1, 0xff} // axes and ticks
	gridColour = color.NRGBA{0x3f, 0x41, 0x47, 0xff} // decoration only
	// palette holds the series' colours, from the Okabe–Ito colours that
	// readers with a colour vision deficiency tell apart.
	palette = [MaxSeries]color.NRGBA{
		{0x56, 0xb4, 0xe9, 0xff}, // sky blue
		{0xe6, 0x9f, 0x00, 0xff}, // orange
		{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
		{0xf0, 0xe4, 0x42, 0xff}, // yellow
	}
	// meanColour marks the mean of a single series, drawn as bars in
	// palette[0].
	meanColour = palette[3]
	// glyphs tell the series apart by shape as well as by colour.
	glyphs = [MaxSeries]vgdraw.GlyphDrawer{vgdraw.CircleGlyph{}, vgdraw.BoxGlyph{}, vgdraw.PyramidGlyph{}, vgdraw.RingGlyph{}}
	// dashes tell the series' lines apart where they carry no glyphs
	// (more than maxGlyphs outcomes), in the legend, and to a reader who
	// does not tell the colours apart: solid, long dashes, dots, dash and
	// dot, in points. A mean's vertical line has its own dashes (meanDashes).
	dashes = [MaxSeries][]vg.Length{
		nil,
		{vg.Points(10), vg.Points(4)},
		{vg.Points(2.5), vg.Points(3)},
		{vg.Points(10), vg.Points(3), vg.Points(2.5), vg.Points(3)},
	}
	// meanDashes are the dashes of a mean's line.
	meanDashes = []vg.Length{vg.Points(6), vg.Points(3)}
)

// typeface is the font of every text: Liberation Sans, which the plotting
// library embeds, with every letter of Polish and Czech (a test checks).
var typeface = font.Font{Typeface: "Liberation", Variant: "Sans"}

// dpi is the picture's resolution: a point is 4/3 of a pixel.
const dpi = 96

// Font sizes in points (at 96 dpi, 17 points are 23 pixels: on a phone,
// which shows the picture about 380 pixels wide, still 11).
const (
	titleSize  = 20
	labelSize  = 17
	legendSize = 15
	minSize    = 9 // the smallest a long title or legend shrinks to
)

// maxGlyphs is the most outcomes of a line chart whose points are marked.
const maxGlyphs = 40

// pixels converts a length on the canvas to pixels.
func pixels(l vg.Length) float64 { return float64(l) * dpi / 72 }

// layout is where draw put what the tests look for, in pixels from the
// picture's top left.
type layout struct {
	meanX               []float64 // each series' mean marker
	dataTop, dataBottom float64
}

// draw draws c.
func draw(ctx context.Context, c *prepared) (img *image.RGBA, lay layout, err error) {
	// The plotting library is not written to be fed arbitrary input:
	// anything it panics on becomes an error.
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, fmt.Errorf("chart: drawing failed: %v", r)
		}
	}()
	p := plot.New()
	p.BackgroundColor = background
	// style returns s, the library's style of a text, in the theme's
	// font, size and colour.
	style := func(s text.Style, size vg.Length, col color.Color) text.Style {
		s.Font = font.From(typeface, size)
		s.Color = col
		return s
	}
	fit := func(s text.Style, width vg.Length, texts ...string) text.Style {
		for _, t := range texts {
			for s.Font.Size > minSize && s.Width(t) > width {
				s.Font.Size--
			}
		}
		return s
	}
	w, h := vg.Length(Width)*72/dpi, vg.Length(Height)*72/dpi

	p.Title.Text = c.Title
	p.Title.TextStyle = fit(style(p.Title.TextStyle, titleSize, foreground), w-vg.Points(16), c.Title)
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Color = muted
		a.LineStyle.Color = muted
		a.LineStyle.Width = vg.Points(1)
		a.Tick.Color = muted
		a.Tick.LineStyle.Color = muted
		a.Tick.LineStyle.Width = vg.Points(1)
		a.Tick.Label = style(a.Tick.Label, labelSize, muted)
		a.Label.TextStyle = style(a.Label.TextStyle, labelSize, foreground)
		a.Padding = vg.Points(2)
	}
	p.X.Label.Text, p.Y.Label.Text = c.XLabel, c.YLabel
	p.X.Label.TextStyle = fit(p.X.Label.TextStyle, w-vg.Points(80), c.XLabel)
	p.Y.Label.TextStyle = fit(p.Y.Label.TextStyle, h-vg.Points(60), c.YLabel)

	// The axes: the outcomes drawn, and the chances up to yTop with
	// headroom for the mean's label.
	p.X.Min, p.X.Max = float64(c.lo)-0.6, float64(c.hi)+0.6
	p.X.Tick.Marker = plot.ConstantTicks(integerTicks(c.lo, c.hi, 10, c.Format))
	yTop, yTicks := 1.0, percentTicks(1, 0.25, c.Format)
	if c.View == Exactly {
		most := 0.0
		for _, cv := range c.curves {
			for n := c.lo; n <= c.hi; n++ {
				most = max(most, cv.chance(Exactly, n))
			}
		}
		step := niceStep(most, 5)
		yTop = math.Ceil(most/step-1e-9) * step
		yTicks = percentTicks(yTop, step, c.Format)
	}
	p.Y.Min, p.Y.Max = 0, yTop*1.12
	p.Y.Tick.Marker = plot.ConstantTicks(yTicks)

	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = gridColour
	grid.Horizontal.Width = vg.Points(1)
	p.Add(grid)

	// The legend is drawn in the data area, last, over a backdrop.
	legend := &legendBox{Legend: plot.NewLegend()}
	legendFont := style(legend.TextStyle, legendSize, foreground)
	var entries []string
	var marks []*meanMark
	if len(c.curves) == 1 {
		cv := &c.curves[0]
		bars := &plotter.Histogram{FillColor: palette[0]}
		for n := c.lo; n <= c.hi; n++ {
			bars.Bins = append(bars.Bins, plotter.HistogramBin{Min: float64(n) - 0.4, Max: float64(n) + 0.4, Weight: cv.chance(c.View, n)})
		}
		p.Add(bars)
		m := &meanMark{x: cv.mean, top: yTop, colour: meanColour, width: vg.Points(2.5),
			label: c.Words.Mean + " " + c.Format.Number(cv.mean, 2), style: style(legend.TextStyle, legendSize, meanColour)}
		marks = append(marks, m)
		p.Add(m)
		if cv.Label != "" {
			entries = append(entries, cv.Label)
			legendFont = fit(legendFont, w*0.45, cv.Label)
			legend.Add(cv.Label, bars)
		}
		// Below the mean's label.
		legend.YOffs = -vg.Points(legendSize * 1.6)
	} else {
		for i := range c.curves {
			cv := &c.curves[i]
			xys := make(plotter.XYs, 0, c.hi-c.lo+1)
			for n := c.lo; n <= c.hi; n++ {
				xys = append(xys, plotter.XY{X: float64(n), Y: cv.chance(c.View, n)})
			}
			line := &plotter.Line{XYs: xys, LineStyle: vgdraw.LineStyle{Color: palette[i], Width: vg.Points(2.5), Dashes: dashes[i]}}
			p.Add(line)
			thumbs := []plot.Thumbnailer{line}
			if len(xys) <= maxGlyphs {
				dots := &plotter.Scatter{XYs: xys, GlyphStyle: vgdraw.GlyphStyle{Color: palette[i], Radius: vg.Points(3.5), Shape: glyphs[i]}}
				p.Add(dots)
				thumbs = append(thumbs, dots)
			}
			m := &meanMark{x: cv.mean, top: yTop, colour: palette[i], width: vg.Points(1.5)}
			marks = append(marks, m)
			p.Add(m)
			entry := cv.Label + " (" + c.Words.Mean + " " + c.Format.Number(cv.mean, 2) + ")"
			entries = append(entries, entry)
			legend.Add(entry, thumbs...)
		}
	}
	legend.TextStyle = fit(legendFont, w*0.45, entries...)
	legend.Top = true
	legend.Left = legendLeft(c)
	legend.XOffs = -vg.Points(8)
	if legend.Left {
		legend.XOffs = vg.Points(8)
	}
	legend.YOffs -= vg.Points(4)
	legend.ThumbnailWidth = vg.Points(24)
	legend.Padding = vg.Points(3)
	if len(entries) > 0 {
		p.Add(legend)
	}

	if err := ctx.Err(); err != nil {
		return nil, layout{}, err
	}
	cnv := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(background))
	dc := vgdraw.New(cnv)
	p.Draw(vgdraw.Crop(dc, vg.Points(4), -vg.Points(10), vg.Points(4), -vg.Points(6)))
	rgba, ok := cnv.Image().(*image.RGBA)
	if !ok {
		return nil, layout{}, fmt.Errorf("chart: the canvas is a %T, not an *image.RGBA", cnv.Image())
	}
	for _, m := range marks {
		lay.meanX = append(lay.meanX, pixels(m.drawnX))
		lay.dataTop, lay.dataBottom = float64(Height)-pixels(m.drawnTop), float64(Height)-pixels(m.drawnBottom)
	}
	return rgba, lay, nil
}

// legendLeft reports whether the legend goes top left, where the chart
// is empty: it is for at most n, whose chances climb to the right, and
// for exactly n when the first series' most likely outcome is in the
// right half.
func legendLeft(c *prepared) bool {
	switch c.View {
	case AtMost:
		return true
	case Exactly:
		return float64(c.curves[0].mode) > float64(c.lo+c.hi)/2
	}
	return false
}

// meanMark is a plotter drawing a series' mean as a dashed vertical line,
// with its label above it where it has one.
type meanMark struct {
	x, top float64
	colour color.Color
	width  vg.Length
	label  string
	style  text.Style
	// Where it was drawn, on the canvas.
	drawnX, drawnTop, drawnBottom vg.Length
}

// Plot implements plot.Plotter.
func (m *meanMark) Plot(c vgdraw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x, y0, y1 := trX(m.x), trY(0), trY(m.top)
	m.drawnX, m.drawnBottom, m.drawnTop = x, y0, y1
	c.StrokeLine2(vgdraw.LineStyle{Color: m.colour, Width: m.width, Dashes: meanDashes}, x, y0, x, y1)
	if m.label == "" {
		return
	}
	// Beside the top of the line, on the side with room for it.
	s := m.style
	s.YAlign = text.YCenter
	at := vg.Point{X: x + vg.Points(4), Y: trY(m.top * 1.06)}
	s.XAlign = text.XLeft
	if x+vg.Points(4)+s.Width(m.label) > c.Max.X {
		at.X, s.XAlign = x-vg.Points(4), text.XRight
	}
	c.FillText(s, at, m.label)
}

// legendBox is a plotter drawing a legend in the data area over a
// backdrop of the background, so that lines under it do not cross its
// text.
type legendBox struct {
	plot.Legend
}

// backdrop is the background, three quarters opaque: the lines under
// the legend still show.
var backdrop = color.NRGBA{background.R, background.G, background.B, 0xc0}

// Plot implements plot.Plotter.
func (l *legendBox) Plot(c vgdraw.Canvas, _ *plot.Plot) {
	r := l.Rectangle(c)
	pad := vg.Points(4)
	c.FillPolygon(backdrop, []vg.Point{
		{X: r.Min.X - pad, Y: r.Min.Y - pad}, {X: r.Max.X + pad, Y: r.Min.Y - pad},
		{X: r.Max.X + pad, Y: r.Max.Y + pad}, {X: r.Min.X - pad, Y: r.Max.Y + pad},
	})
	l.Draw(c)
}

// integerTicks returns labelled ticks on lo..hi at a round step, at most
// about most of them.
func integerTicks(lo, hi, most int, f Format) []plot.Tick {
	step := max(1, int(niceStep(float64(hi-lo), most)))
	var ticks []plot.Tick
	for n := lo + ((step - lo%step) % step); n <= hi; n += step {
		ticks = append(ticks, plot.Tick{Value: float64(n), Label: f.Number(float64(n), 0)})
	}
	return ticks
}

// percentTicks returns labelled ticks from 0 to top every step.
func percentTicks(top, step float64, f Format) []plot.Tick {
	var ticks []plot.Tick
	for i := 0; float64(i)*step <= top*(1+1e-9); i++ {
		v := float64(i) * step
		ticks = append(ticks, plot.Tick{Value: v, Label: f.Percent(v)})
	}
	return ticks
}

// niceStep returns a step of 1, 2, 2.5 or 5 times a power of ten that
// cuts span into at most most parts.
func niceStep(span float64, most int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(most)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

// shades is how many steps of antialiasing the picture's palette has
// between the background and each colour of the theme.
const shades = 16

// themePalette returns the colours of a picture: the theme's, and each of
// them over the background in shades steps, where the antialiased edges
// of lines and letters blend them.
var themePalette = sync.OnceValue(func() color.Palette {
	pal := color.Palette{background}
	for _, c := range []color.NRGBA{foreground, muted, gridColour, palette[0], palette[1], palette[2], palette[3]} {
		for i := 1; i <= shades; i++ {
			mix := func(a, b uint8) uint8 { return uint8((int(a)*(shades-i) + int(b)*i + shades/2) / shades) }
			pal = append(pal, color.NRGBA{mix(background.R, c.R), mix(background.G, c.G), mix(background.B, c.B), 0xff})
		}
	}
	return pal
})

// encode writes img as a PNG of the theme's palette, where the colours
// that two lines blend where they cross go to the nearest of the palette:
// under half the bytes of the same picture in 24-bit colour (23 against
// 81 kB at the largest chart, 11 against 20 kB for one series).
func encode(img *image.RGBA) ([]byte, error) {
	pal := themePalette()
	p := image.NewPaletted(img.Bounds(), pal)
	// Most pixels are the one before's colour; the others come from a
	// few hundred.
	seen := map[uint32]uint8{}
	last, k := uint32(1<<24), uint8(0)
	for i := 0; i < len(img.Pix); i += 4 {
		key := uint32(img.Pix[i])<<16 | uint32(img.Pix[i+1])<<8 | uint32(img.Pix[i+2])
		if key != last {
			var ok bool
			if k, ok = seen[key]; !ok {
				k = uint8(pal.Index(color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 0xff}))
				seen[key] = k
			}
			last = key
		}
		p.Pix[i/4] = k
	}
	var b bytes.Buffer
	// The best compression makes pictures 5-10% smaller for 3 times the
	// processor time (43 against 17 ms for one series, 88 against 25 ms
	// at the largest chart).
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&b, p); err != nil {
		return nil, fmt.Errorf("chart: %w", err)
	}
	if b.Len() > MaxPNG {
		return nil, fmt.Errorf("chart: the picture has %d bytes, more than %d", b.Len(), MaxPNG)
	}
	return b.Bytes(), nil
}
