package search

import (
	"slices"
	"testing"

	"kostka/rulesdata"
)

// TestQueryPairs checks which neighbouring words of a query are looked
// for together in the glossary: forms of a word share a key, pairs of
// question words and filler and short queries are not looked for.
func TestQueryPairs(t *testing.T) {
	t.Parallel()
	qws := func(text string) []queryWord {
		var out []queryWord
		for _, w := range words(text) {
			out = append(out, queryWord{word: w})
		}
		return out
	}
	tests := []struct {
		query string
		want  []uint64
	}{
		{"minus do testow", []uint64{pairKey("minus", "do"), pairKey("do", "testow")}},
		{"jak se meri vzdalenost", []uint64{0, pairKey("se", "meri"), pairKey("meri", "vzdalenost")}},
		{"twarda oslona", nil},
		{"oslona", nil},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := queryPairs(qws(tt.query)); !slices.Equal(got, tt.want) {
				t.Errorf("queryPairs(%q) = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
	if pairKey("trafieniu", "wroga") != pairKey("trafienie", "wrogami") {
		t.Error("forms of the same words have different keys")
	}
	if pairKey("oslona", "twarda") == pairKey("twarda", "oslona") {
		t.Error("a pair and its reverse have the same key")
	}
}

// TestGlossaryPairs checks that a section's glossary pairs hold the pairs
// of its descriptions and terms, in any language, and not one it lacks.
func TestGlossaryPairs(t *testing.T) {
	t.Parallel()
	s := &rulesdata.Section{ID: "test.stun",
		About: map[string]string{"pl": "Ogłuszony model ma -1 do wszystkich testów.", "en": "A stunned model gets -1 to all tests."},
		Terms: map[string][]string{"cs": {"omráčený model"}}}
	var ix Index
	pairs := ix.glossaryPairs(s)
	if !slices.IsSorted(pairs) {
		t.Error("the pairs are not sorted")
	}
	for _, p := range [][2]string{{"wszystkich", "testow"}, {"all", "tests"}, {"omraceny", "model"}, {"1", "do"}} {
		if _, ok := slices.BinarySearch(pairs, pairKey(p[0], p[1])); !ok {
			t.Errorf("no pair %q", p)
		}
	}
	for _, p := range [][2]string{{"linia", "wzroku"}, {"model", "omraceny"}, {"testow", "a"}} {
		if _, ok := slices.BinarySearch(pairs, pairKey(p[0], p[1])); ok {
			t.Errorf("a pair %q the entry does not hold", p)
		}
	}
}
