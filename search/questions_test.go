package search

import (
	"slices"
	"testing"
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
