package search

import (
	"slices"
	"strings"
	"testing"

	"kostka/lookup"
	"kostka/rulesdata"
)

func TestFormsGet(t *testing.T) {
	f := newForms(New(rulesdata.Embedded()).sections)
	tests := []struct {
		lang, folded string
		want         string // "" if none
	}{
		{"pl", "szarza", "szarża"},
		{"pl", "oslonie", "osłonie"},
		{"pl", "ogluszenia", "ogłuszenia"},
		{"cs", "prvni", "první"},
		{"cs", "strelba", "střelba"},
		{"pl", "model", ""},   // written so
		{"pl", "ze", ""},      // both "ze" and "że"
		{"cs", "take", ""},    // the Czech "také", and the English "take"
		{"pl", "strelba", ""}, // a Czech word
		{"xx", "szarza", ""},
		{"pl", "", ""},
		{"pl", "zzzzzz", ""},
		{"pl", "aaaa", ""},
	}
	for _, tt := range tests {
		got, ok := f.get(tt.lang, tt.folded)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("get(%q, %q) = %q, %v; want %q", tt.lang, tt.folded, got, ok, tt.want)
		}
	}
	// Every line is found under its own key.
	for _, l := range []forms{f, newFormsText("pl:a á\n"), {}} {
		for line := range strings.Lines(l.text) {
			key, form, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
			lang, folded, _ := strings.Cut(key, ":")
			if got, ok := l.get(lang, folded); !ok || got != form {
				t.Errorf("line %q: get = %q, %v", line, got, ok)
			}
		}
	}
}

// TestWithoutDiacritics checks that a query typed without diacritics is
// answered as the same query typed with them, where the rulebooks use the
// word: the same sections, with the same scores.
func TestWithoutDiacritics(t *testing.T) {
	ix := embeddedIndex()
	tests := []struct{ with, without string }{
		{"szarży", "szarzy"},
		{"ogłuszony model", "ogluszony model"},
		{"strzał po biegu", "strzal po biegu"},
		{"miękka osłona", "miekka oslona"},
		{"rzut odporności", "rzut odpornosci"},
		{"przeładowanie broni", "przeladowanie broni"},
		{"skok z wysokości", "skok z wysokosci"},
		{"střelba", "strelba"},
		{"zranění", "zraneni"},
		{"můžu střílet po běhu", "muzu strilet po behu"},
	}
	for _, tt := range tests {
		t.Run(tt.without, func(t *testing.T) {
			a, err := ix.Search(t.Context(), lookup.Query{Text: tt.with})
			if err != nil {
				t.Fatal(err)
			}
			b, err := ix.Search(t.Context(), lookup.Query{Text: tt.without})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Hits) == 0 || len(a.Hits) != len(b.Hits) || a.Total != b.Total {
				t.Fatalf("%q: %d hits of %d; %q: %d of %d", tt.with, len(a.Hits), a.Total, tt.without, len(b.Hits), b.Total)
			}
			for i := range a.Hits {
				if a.Hits[i].ID != b.Hits[i].ID || a.Hits[i].Score != b.Hits[i].Score {
					t.Errorf("hit %d: %s %v with diacritics, %s %v without", i, a.Hits[i].ID, a.Hits[i].Score, b.Hits[i].ID, b.Hits[i].Score)
				}
			}
		})
	}
}

func TestFormsLangs(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"", nil},
		{"pl:a ą\n", []string{"pl"}},
		{"cs:a á\ncs:e é\npl:a ą\npl:e ę\npl:z ż\n", []string{"cs", "pl"}},
		{"cs:a á\nen:x x\npl:a ą\n", []string{"cs", "en", "pl"}},
	}
	for _, tt := range tests {
		if got := newFormsText(tt.text).langs; !slices.Equal(got, tt.want) {
			t.Errorf("%q: langs %v, want %v", tt.text, got, tt.want)
		}
	}
	if got := newForms(New(rulesdata.Embedded()).sections).langs; !slices.Equal(got, []string{"cs", "pl"}) {
		t.Errorf("the rulebooks' forms are in %v, want cs and pl", got)
	}
}
