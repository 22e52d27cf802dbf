package search

import (
	"context"
	"testing"

	"kostka/lookup"
)

func TestUSSpelling(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"colour", "color"}, {"armour", "armor"}, {"armoured", "armored"}, {"favourite", "favorite"},
		{"centre", "center"}, {"metres", "meters"}, {"centred", "centered"}, {"fibre", "fiber"},
		{"defence", "defense"}, {"offences", "offenses"}, {"licence", "license"},
		{"organise", "organize"}, {"organisation", "organization"}, {"catalogue", "catalog"},
		// Short words and American spellings stay as they are.
		{"four", "four"}, {"hour", "hour"}, {"your", "your"}, {"ogre", "ogre"}, {"fence", "fence"},
		{"rise", "rise"}, {"armor", "armor"}, {"center", "center"}, {"defense", "defense"}, {"", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := string(USSpelling([]byte(tc.in))); got != tc.want {
				t.Errorf("USSpelling(%q) = %q; want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestSpellingsMeet checks that a word in either spelling finds the same
// sections, in the real index.
func TestSpellingsMeet(t *testing.T) {
	ix := embeddedIndex()
	for _, pair := range [][2]string{{"centre", "center"}, {"metres", "meters"}, {"armour", "armor"}, {"defence", "defense"}} {
		t.Run(pair[0], func(t *testing.T) {
			var ids [2][]string
			for i, text := range pair {
				res, err := ix.Search(context.Background(), lookup.Query{Text: text, Limit: 5})
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range res.Hits {
					ids[i] = append(ids[i], h.ID)
				}
			}
			if len(ids[0]) == 0 {
				t.Fatalf("%q found nothing", pair[0])
			}
			for _, id := range ids[0][:1] {
				found := false
				for _, other := range ids[1] {
					found = found || other == id
				}
				if !found {
					t.Errorf("%q's first hit %s is not among %q's: %v", pair[0], id, pair[1], ids[1])
				}
			}
		})
	}
}
