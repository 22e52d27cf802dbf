package chart

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image/png"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"unicode/utf8"

	"kostka/l10n"
)

// specFrom makes a Spec of arbitrary bytes: a view, a number of series,
// and for each a start and probabilities from 16-bit weights, scaled to
// add up to 1 unless the first byte says to leave them raw (then most are
// refused).
func specFrom(data []byte) Spec {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	flags := next()
	s := spec(l10n.Lang([]string{"en", "pl", "cs"}[int(flags>>4)%3]), View(next()%4), nil...)
	for i := range int(next() % 6) {
		n := int(next())<<2 | int(next()%4) // up to 1023 outcomes
		min := int(int8(next())) * int(next())
		ser := Series{Label: string(rune('A' + i)), Min: min, P: make([]float64, n)}
		total := 0.0
		for j := range ser.P {
			var w float64
			if len(data) >= 2 {
				w = float64(binary.LittleEndian.Uint16(data))
				data = data[2:]
			}
			if flags&1 != 0 && len(data) >= 8 {
				w = math.Float64frombits(binary.LittleEndian.Uint64(data))
				data = data[8:]
			}
			ser.P[j] = w
			total += w
		}
		if flags&2 == 0 && total > 0 && !math.IsInf(total, 0) {
			for j := range ser.P {
				ser.P[j] /= total
			}
		}
		s.Series = append(s.Series, ser)
	}
	return s
}

// FuzzRender checks that Render refuses with ErrSpec or draws a valid
// picture, whatever it is given.
func FuzzRender(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 0, 0, 1, 0, 1, 0, 1, 0})
	f.Add([]byte{0x10, 1, 4, 50, 0, 0xfe, 3})
	f.Add([]byte{1, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f})
	f.Add([]byte{2, 2, 2, 1, 1, 1, 1, 9, 9, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := specFrom(data)
		b, alt, err := Render(context.Background(), s)
		if err != nil {
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("error %v, want ErrSpec", err)
			}
			return
		}
		if len(b) > MaxPNG || utf8.RuneCountInString(alt) > MaxAlt || alt == "" {
			t.Fatalf("%d bytes, a description of %d characters", len(b), utf8.RuneCountInString(alt))
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
			t.Fatalf("the picture: %v, %v", err, img.Bounds())
		}
	})
}

// TestRenderRandom renders random distributions and random breakages of
// them: a valid one is drawn, and one with a NaN, a negative chance or a
// chance too many is refused.
func TestRenderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 2026))
	for i := range 40 {
		s := spec(l10n.Polish, View(rng.IntN(3)))
		for j := range 1 + rng.IntN(MaxSeries) {
			n := 1 + rng.IntN(300)
			p := make([]float64, n)
			total := 0.0
			for k := range p {
				if rng.IntN(4) > 0 {
					p[k] = rng.ExpFloat64()
				}
				total += p[k]
			}
			if total == 0 {
				p[0], total = 1, 1
			}
			for k := range p {
				p[k] /= total
			}
			s.Series = append(s.Series, Series{Label: string(rune('A' + j)), Min: rng.IntN(200) - 100, P: p})
		}
		if i%4 == 0 {
			b, alt, err := Render(context.Background(), s)
			if err != nil || len(b) > MaxPNG || utf8.RuneCountInString(alt) > MaxAlt {
				t.Fatalf("spec %d: %v, %d bytes, %d characters", i, err, len(b), utf8.RuneCountInString(alt))
			}
		} else if _, err := prepare(s); err != nil {
			t.Fatalf("spec %d: %v", i, err)
		}
		ser := &s.Series[rng.IntN(len(s.Series))]
		k := rng.IntN(len(ser.P))
		switch i % 3 {
		case 0:
			ser.P[k] = math.NaN()
		case 1:
			ser.P[k] = -ser.P[k] - 1e-3
		case 2:
			ser.P[k] += 1e-5
		}
		if _, _, err := Render(context.Background(), s); !errors.Is(err, ErrSpec) {
			t.Fatalf("spec %d broken (%d): %v, want ErrSpec", i, i%3, err)
		}
	}
}

// TestRenderConcurrent draws charts at once, as a server does (run with
// -race).
func TestRenderConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	results := make([][]byte, 4)
	for i := range results {
		wg.Go(func() {
			b, _, err := Render(context.Background(), spec(l10n.Czech, AtLeast, Series{Label: "A", P: binomial(12, 0.5)}))
			if err != nil {
				t.Error(err)
			}
			results[i] = b
		})
	}
	wg.Wait()
	for i := range results[1:] {
		if !bytes.Equal(results[0], results[i+1]) {
			t.Errorf("render %d differs from the first", i+2)
		}
	}
}

// uniform returns the distribution of a die of n sides.
func uniform(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}

// BenchmarkRender draws a typical chart (one series of 11 outcomes) and
// the largest (4 series of 200 outcomes).
func BenchmarkRender(b *testing.B) {
	for _, bc := range []struct {
		name string
		spec Spec
	}{
		{"one series", spec(l10n.Polish, AtLeast, Series{Label: "Łucznicy", P: binomial(10, 1.0/3)})},
		{"compare 2", spec(l10n.Polish, AtLeast, Series{Label: "2d6", Min: 2, P: sumOfDice(2, 6)}, Series{Label: "3d6", Min: 3, P: sumOfDice(3, 6)})},
		{"worst", worst()},
		{"1000 bars", spec(l10n.Polish, Exactly, Series{Label: "d1000", P: uniform(1000)})},
		{"4x1000 lines", spec(l10n.Polish, AtLeast, Series{Label: "A", P: uniform(1000)}, Series{Label: "B", P: uniform(1000)}, Series{Label: "C", P: uniform(1000)}, Series{Label: "D", P: uniform(1000)})},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var size int
			cpu := processCPU()
			for b.Loop() {
				png, _, err := Render(context.Background(), bc.spec)
				if err != nil {
					b.Fatal(err)
				}
				size = len(png)
			}
			b.ReportMetric(float64(size), "png-bytes")
			if cpu > 0 {
				b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
