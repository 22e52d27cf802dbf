package chart

import (
	"bytes"
	"image"
	"testing"

	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// letters are every letter of Polish and Czech beyond ASCII, and the
// symbols the charts draw.
const letters = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ" + "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ" + "≥≤–"

// TestFontLetters checks that the font has a glyph of each letter, and
// that it draws ł, ż, ř, ů and ě unlike l, z, r, u, e and unlike a
// letter it lacks.
func TestFontLetters(t *testing.T) {
	face := font.DefaultCache.Lookup(typeface, 12)
	if face.Face == nil {
		t.Fatalf("no font %v", typeface)
	}
	var buf sfnt.Buffer
	for _, r := range letters {
		i, err := face.Face.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			t.Errorf("%q: glyph %d, %v", r, i, err)
		}
	}
	missing := drawn(t, "\ue000") // a private use letter no font has
	for _, pair := range []struct{ with, without string }{{"ł", "l"}, {"ż", "z"}, {"ř", "r"}, {"ů", "u"}, {"ě", "e"}} {
		with := drawn(t, pair.with)
		if bytes.Equal(with, drawn(t, pair.without)) || bytes.Equal(with, missing) || bytes.Equal(with, drawn(t, " ")) {
			t.Errorf("%s is drawn like %s, a missing letter or nothing", pair.with, pair.without)
		}
	}
}

// drawn returns the pixels of s drawn in the chart's font.
func drawn(t *testing.T, s string) []byte {
	t.Helper()
	c := vgimg.NewWith(vgimg.UseWH(40, 40), vgimg.UseDPI(dpi))
	c.FillString(font.DefaultCache.Lookup(typeface, 24), vg.Point{X: 5, Y: 10}, s)
	img, ok := c.Image().(*image.RGBA)
	if !ok {
		t.Fatalf("the canvas is a %T", c.Image())
	}
	return img.Pix
}
