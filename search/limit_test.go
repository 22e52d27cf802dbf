package search

import (
	"context"
	"slices"
	"testing"

	"kostka/lookup"
)

// TestSmallerLimitIsPrefix checks that a search asking for fewer hits
// returns the first hits of the same search asking for the default number:
// the Discord bot's /rule shows the first hit of a search for one, and the
// quality figures are measured on searches for ten.
func TestSmallerLimitIsPrefix(t *testing.T) {
	ix := embeddedIndex()
	ctx := context.Background()
	ids := func(q lookup.Query) []string {
		t.Helper()
		res, err := ix.Search(ctx, q)
		if err != nil {
			t.Fatalf("%q: %v", q.Text, err)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.ID)
		}
		return out
	}
	for _, file := range []string{queriesFile, playersFile, playersDevFile, playersDev2File, playersDev3File} {
		for _, tq := range readQueryFile(t, file) {
			q := lookup.Query{Text: tq.text, System: tq.system, Limit: lookup.DefaultLimit}
			full := ids(q)
			for _, limit := range []int{1, 3, 5} {
				q.Limit = limit
				if got, want := ids(q), full[:min(limit, len(full))]; !slices.Equal(got, want) {
					t.Errorf("%s:%d %q, limit %d: %v; the first of limit %d: %v", file, tq.line, tq.text, limit, got, lookup.DefaultLimit, want)
				}
			}
		}
	}
}
