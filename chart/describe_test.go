package chart

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"kostka/l10n"
)

var update = flag.Bool("update", false, "rewrite testdata/describe.golden")

// TestDescribeGolden holds the descriptions of charts in every language,
// and the view's symbols, to testdata/describe.golden.
func TestDescribeGolden(t *testing.T) {
	var b strings.Builder
	for _, lang := range []l10n.Lang{l10n.English, l10n.Polish, l10n.Czech} {
		cases := []struct {
			name string
			spec Spec
		}{
			{"at least", spec(lang, AtLeast, Series{Label: "Marines", P: binomial(10, 1.0/3)})},
			{"exactly, no label", spec(lang, Exactly, Series{P: binomial(10, 1.0/3)})},
			{"at most", spec(lang, AtMost, Series{Label: "Łucznicy", P: binomial(12, 0.5)})},
			{"negative", spec(lang, AtLeast, Series{Label: "1d6-3", Min: -2, P: sumOfDice(1, 6)})},
			{"one outcome", spec(lang, AtLeast, Series{Label: "sure", Min: 3, P: []float64{1}})},
			{"long tail", spec(lang, AtLeast, Series{Label: "60 kości", P: binomial(60, 0.1)})},
			{"compare", spec(lang, AtLeast, Series{Label: "2d6", Min: 2, P: sumOfDice(2, 6)}, Series{Label: "3d6", Min: 3, P: sumOfDice(3, 6)})},
			{"worst", worst()},
		}
		for _, tc := range cases {
			tc.spec.Format, tc.spec.Words = format(lang), words[lang]
			// TestRender checks that Render returns the same.
			alt, err := Describe(tc.spec)
			if err != nil {
				t.Fatalf("%s %s: %v", lang, tc.name, err)
			}
			fmt.Fprintf(&b, "# %s, %s (%d characters)\n%s\n\n", lang, tc.name, utf8.RuneCountInString(alt), alt)
		}
	}
	path := filepath.Join("testdata", "describe.golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("the descriptions differ from %s (go test -run TestDescribeGolden -update):\n%s", path, got)
	}
}

// TestDescribeFits checks that the longest description, four series of
// the longest labels in the longest title, is cut to MaxAlt characters,
// key outcomes first.
func TestDescribeFits(t *testing.T) {
	s := worst()
	s.Title = strings.Repeat("Ż", MaxTitle)
	s.XLabel = strings.Repeat("ř", MaxLabel)
	for i := range s.Series {
		s.Series[i].Label = strings.Repeat("ů", MaxLabel-1) + fmt.Sprint(i)
	}
	s.Words = Words{Mean: strings.Repeat("m", MaxWord), MostLikely: strings.Repeat("l", MaxWord), Outside: strings.Repeat("o", MaxWord)}
	c, err := prepare(s)
	if err != nil {
		t.Fatal(err)
	}
	full := describeWith(c, keyOutcomes(c))
	alt := describe(c)
	if n := utf8.RuneCountInString(alt); n > MaxAlt || n < MaxAlt-200 {
		t.Errorf("%d characters (of %d in full), want at most %d and not much fewer", n, utf8.RuneCountInString(full), MaxAlt)
	}
	if !utf8.ValidString(alt) {
		t.Error("the cut description is not UTF-8")
	}
	for i := range s.Series {
		if !strings.Contains(alt, s.Series[i].Label) && i < 2 {
			t.Errorf("the description lost series %d before its key outcomes", i+1)
		}
	}
}
