package search

import (
	"cmp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"kostka/lookup"
)

// closestTermsEveryWord is closestTerms as it was written first: every
// word of every term measured against every word of the query. It is kept
// to show that closestTerms, which measures each distinct word of a close
// enough length once, offers the same.
func (ix *Index) closestTermsEveryWord(text, system string, limit int) []lookup.Suggestion {
	var qws [][]rune
	for _, w := range words(text) {
		if utf8.RuneCountInString(w) >= prefixMinLen && fillerShare(w) == 1 {
			qws = append(qws, []rune(w))
		}
	}
	if len(qws) == 0 {
		return nil
	}
	type match struct {
		term         *glossaryTerm
		words, edits int
	}
	var best []match
	tt := ix.terms()
	for i := range tt.terms {
		t := &tt.terms[i]
		if system != "" && t.section.System != system {
			continue
		}
		m := match{term: t}
		for _, q := range qws {
			most := closeWordEdits(len(q))
			d := most + 1
			for _, w := range t.words {
				d = min(d, editDistance(q, tt.words[w], most))
			}
			if d <= most {
				m.words++
				m.edits += d
			}
		}
		if m.words > 0 {
			best = append(best, m)
		}
	}
	slices.SortStableFunc(best, func(a, b match) int {
		return cmp.Or(cmp.Compare(b.words, a.words), cmp.Compare(a.edits, b.edits),
			cmp.Compare(len(a.term.text), len(b.term.text)), strings.Compare(a.term.section.ID, b.term.section.ID))
	})
	var out []lookup.Suggestion
	for _, m := range best {
		if len(out) == limit {
			break
		}
		s := m.term.section
		if slices.ContainsFunc(out, func(o lookup.Suggestion) bool { return o.ID == s.ID }) {
			continue
		}
		out = append(out, lookup.Suggestion{ID: s.ID, System: s.System, Title: s.Title, Term: m.term.text})
	}
	return out
}

// didYouMeanTexts are the queries of the tuning sets, each also with its
// letters shuffled a little (every third letter doubled, and the last two
// swapped), as a no-hit query is typed.
func didYouMeanTexts(t testing.TB) []string {
	var out []string
	for _, f := range []string{queriesFile, playersFile, playersDevFile, playersDev2File, playersDev3File} {
		for _, q := range readQueryFile(t, f) {
			out = append(out, q.text)
			r := []rune(q.text)
			var typo []rune
			for i, c := range r {
				typo = append(typo, c)
				if i%3 == 2 {
					typo = append(typo, c)
				}
			}
			if n := len(typo); n > 2 {
				typo[n-1], typo[n-2] = typo[n-2], typo[n-1]
			}
			out = append(out, string(typo))
		}
	}
	return out
}

// TestClosestTermsSameAsEveryWord: closestTerms offers what measuring
// every word of every term offers, for every system and none.
func TestClosestTermsSameAsEveryWord(t *testing.T) {
	ix := embeddedIndex()
	offered := 0
	for _, text := range didYouMeanTexts(t) {
		for _, system := range []string{"", "wzr-d20"} {
			got := ix.closestTerms(text, system, maxDidYouMean)
			want := ix.closestTermsEveryWord(text, system, maxDidYouMean)
			if !slices.Equal(got, want) {
				t.Fatalf("%q in %q: %+v, want %+v", text, system, got, want)
			}
			offered += len(got)
		}
	}
	if offered == 0 {
		t.Fatal("nothing offered for any query")
	}
}

// BenchmarkClosestTerms times the terms offered for a query that found
// nothing, over the queries of didYouMeanTexts.
func BenchmarkClosestTerms(b *testing.B) {
	ix := embeddedIndex()
	texts := didYouMeanTexts(b)
	ix.closestTerms(texts[0], "", maxDidYouMean)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		ix.closestTerms(texts[i%len(texts)], "", maxDidYouMean)
		i++
	}
}

// noHitQueries find nothing, even with more typos allowed, and are offered
// the closest glossary terms.
var noHitQueries = []string{"zzstrzelanniezz", "qqprzechwytywanieqq", "xxkoherencexx", "zzrozstawieniezz", "qqvojevudceqq", "xxreinforcementsxx", "blorfengast"}

// BenchmarkSearchNoHit times a whole search of a query that finds nothing
// and falls back to the closest glossary terms.
func BenchmarkSearchNoHit(b *testing.B) {
	ix := embeddedIndex()
	for _, q := range noHitQueries {
		res, err := ix.Search(b.Context(), lookup.Query{Text: q})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Hits) > 0 {
			b.Fatalf("%q: %d hits; want none", q, len(res.Hits))
		}
	}
	i := 0
	for b.Loop() {
		if _, err := ix.Search(b.Context(), lookup.Query{Text: noHitQueries[i%len(noHitQueries)]}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
