package search

import (
	"slices"
	"testing"

	"kostka/lookup"
)

func TestSequences(t *testing.T) {
	tests := []struct {
		q    string
		want [][2]int
	}{
		{"charge after shooting", [][2]int{{0, 2}}},
		{"can i charge after the shooting", [][2]int{{2, 5}}}, // filler skipped
		{"szarza po strzelaniu", [][2]int{{0, 2}}},
		{"strilet behem pohybu", [][2]int{{0, 2}}},
		{"after shooting", nil}, // no action before it
		{"charge after", nil},
		{"oslona", nil},
	}
	for _, tt := range tests {
		if got := sequences(words(tt.q)); !slices.Equal(got, tt.want) {
			t.Errorf("sequences(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
}

func TestFillerShare(t *testing.T) {
	for _, w := range []string{"czy", "moge", "muzu", "kolik", "what", "happens", "when", "can", "po", "after"} {
		if fillerShare(w) != fillerWeight {
			t.Errorf("%q weighs %v, want fillerWeight", w, fillerShare(w))
		}
	}
	for _, w := range []string{"szarza", "strzelanie", "oslona", "charge", "deployment", "initiative"} {
		if fillerShare(w) != 1 {
			t.Errorf("%q weighs %v, want 1", w, fillerShare(w))
		}
	}
}

func TestQueryLang(t *testing.T) {
	ix := embeddedIndex()
	if _, err := ix.index(); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ q, want string }{
		{"muzu strilet po behu", "cs"},
		{"můžu střílet po běhu", "cs"},
		{"kolik akcnich bodu ma model", "cs"},
		{"czy moge strzelac po biegu", "pl"},
		{"kiedy oddzial jest wyczerpany", "pl"},
		{"szarza", "pl"},
		{"charge", ""}, // English: no rulebook in it
		{"can I shoot after running", ""},
		{"model", ""}, // in every language
		{"test", ""},
		{"xyzzy", ""},
	}
	for _, tt := range tests {
		ws := words(tt.q)
		if got := ix.queryLang(ix.queryWords(ws, tt.q)); got != tt.want {
			t.Errorf("queryLang(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

// TestLanguageTieBreak checks that of sections of different rulebooks
// that answer a question alike, the one in the question's language comes
// first, and that English questions keep every rulebook.
func TestLanguageTieBreak(t *testing.T) {
	ix := embeddedIndex()
	tests := []struct {
		q        string
		wantLang string // of the first hit
	}{
		{"muzu strilet po behu", "cs"},
		{"skok z wysokosci", "pl"},
	}
	for _, tt := range tests {
		res, err := ix.Search(t.Context(), lookup.Query{Text: tt.q})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Fatalf("%q: no hits", tt.q)
		}
		if s, _ := ix.Section(res.Hits[0].ID); s.Lang != tt.wantLang {
			t.Errorf("%q: first %s, in %s; want a section in %s", tt.q, s.ID, s.Lang, tt.wantLang)
		}
	}
	// An English word for rules of several rulebooks still finds them all.
	res, err := ix.Search(t.Context(), lookup.Query{Text: "charge"})
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]bool{}
	for _, h := range res.Hits[:min(3, len(res.Hits))] {
		s, _ := ix.Section(h.ID)
		langs[s.Lang] = true
	}
	if !langs["pl"] || !langs["cs"] {
		t.Errorf("charge: the first three hits %v are not of both languages", res.Hits[:min(3, len(res.Hits))])
	}
}
