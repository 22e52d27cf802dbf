package polish

import (
	"strings"
	"testing"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis/lang/pl/stempel"

	"kostka/rulesdata"
)

// vocabulary returns every lowercase word of the embedded rulebooks, as the
// index's tokenizer and lowercase filter give them to the stemmer.
func vocabulary() []string {
	seen := map[string]bool{}
	var out []string
	for _, b := range rulesdata.Embedded() {
		for _, s := range b.Sections {
			text := s.Title + " " + strings.Join(s.Aliases, " ") + " " + s.Text
			for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r)
			}) {
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// TestStemsAsBleve checks that every word of the rulebooks, and some
// edge cases, stem exactly as with bleve's own table and code.
func TestStemsAsBleve(t *testing.T) {
	want, err := stempel.LoadTrie()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	words := append(vocabulary(), "", "a", "ą", "żółć", "123", "x1y2", "𝔘nicode", "nie", "przyszpilonych", "najważniejszymi")
	if len(words) < 3000 {
		t.Fatalf("only %d words", len(words))
	}
	differ := 0
	for _, w := range words {
		exp := string(stempel.Diff([]rune(w), want.GetLastOnPath([]rune(w))))
		if s := got.Stem(w); s != exp {
			differ++
			if differ <= 20 {
				t.Errorf("Stem(%q) = %q, bleve's %q", w, s, exp)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d words stem otherwise", differ, len(words))
	}
	t.Logf("%d words stem as bleve's", len(words))
}

func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadBleve(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := stempel.LoadTrie(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStem(b *testing.B) {
	tab, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	words := vocabulary()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		tab.Stem(words[i%len(words)])
		i++
	}
}
