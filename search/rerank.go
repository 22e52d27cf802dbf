package search

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search"
)

// rerankTitle is how much a hit's score grows, relative to the best
// hit's, when its title or an alias names every word of the query (by
// weight).
const rerankTitle = 2.0

// rerankName is how much a hit's score grows, relative to the best hit's,
// when the query names every word of one of its names, times the share of
// the query its names cover to the power namePower: of two sections whose
// names the query matches, the one it names whole comes first ("amunicja":
// Amunicja before Limitowana amunicja), unless the name covers only the
// query's common words (a section called "Teren" for "neprostupny teren").
const (
	rerankName = 0.5
	namePower  = 3.0
)

// rootLen is the shortest common start of two words that makes them
// forms of one word ("oslona", "oslonie"; "miekka", "miekkiej").
const rootLen = 5

// sameRoot reports whether two folded words may be forms of one word:
// equal, or sharing their first rootLen letters ("oslona", "oslonie"), or
// three or more and all but the last letter of the shorter when it has
// four or more ("meri", "mereni"), or one typo apart when both have
// five letters or more ("kryticke", "kriticke").
func sameRoot(a, b string) bool {
	if a == b {
		return true
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	short := min(len(a), len(b))
	if n >= rootLen || (short >= 4 && n >= 3 && n >= short-1) {
		return true
	}
	return short >= rootLen && abs(len(a)-len(b)) <= 1 && editDistance([]rune(a), []rune(b), 1) <= 1
}

// rerank adds to each hit's score the share of the query's weight that
// its title and aliases name (see sameRoot), relative to the best score:
// bleve's scores add up every field a word matches in, so a short section
// repeating a word can outrank the section whose title names what was
// asked. Scores are rounded (see roundScore) and ties ordered by id.
func (ix *Index) rerank(hits []*search.DocumentMatch, text string) {
	for _, h := range hits {
		h.Score = roundScore(h.Score)
	}
	ws := words(text)
	total := 0.0
	weights := make([]float64, len(ws))
	for i, w := range ws {
		weights[i] = ix.vocab.weight(w)
		total += weights[i]
	}
	if len(hits) > 0 && total > 0 {
		top := slices.MaxFunc(hits, func(a, b *search.DocumentMatch) int { return cmp.Compare(a.Score, b.Score) }).Score
		for _, h := range hits {
			names := ix.nameWords[h.ID]
			covered, whole := 0.0, 0.0
			for i, w := range ws {
				if slices.ContainsFunc(names, func(name []string) bool {
					return slices.ContainsFunc(name, func(n string) bool { return sameRoot(w, n) })
				}) {
					covered += weights[i]
				}
			}
			for _, name := range names {
				named := 0
				for _, n := range name {
					if slices.ContainsFunc(ws, func(w string) bool { return sameRoot(w, n) }) {
						named++
					}
				}
				if len(name) > 0 {
					whole = max(whole, float64(named)/float64(len(name)))
				}
			}
			h.Score = roundScore(h.Score + top*(rerankTitle*covered/total+rerankName*whole*math.Pow(covered/total, namePower)))
		}
	}
	slices.SortStableFunc(hits, func(a, b *search.DocumentMatch) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.ID, b.ID))
	})
}
