package search

import (
	"bytes"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
)

// englishSpelling is the token filter that brings British and American
// spellings of a word to one form (see USSpelling), before the Porter
// stemmer, so that "defense" finds "defence" and "armor" finds "armour".
const englishSpelling = "kostka_en_spelling"

func init() {
	registry.RegisterTokenFilter(englishSpelling, constantFilter(spellingTokens{}))
}

// spellingTokens is a token filter that applies USSpelling.
type spellingTokens struct{}

func (spellingTokens) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, t := range in {
		t.Term = USSpelling(t.Term)
	}
	return in
}

// spellingRule rewrites a word's ending from to to, when at least min
// letters stand before it.
type spellingRule struct {
	from, to string
	min      int
}

// spellingRules are the British endings and their American forms, by a
// few general rules rather than a list of words: -our (colour, armour,
// favourite), -tre and -bre (centre, metres, fibre), -fence and -cence
// (defence, offences, licence), -ise and -isation (organise), -ogue
// (catalogue). The letters they need before the ending keep short words
// as they are (four, hour, your, ogre, fence). Index and queries are both
// rewritten, so that a rule that rewrites a word with no other spelling
// ("devour") changes nothing that is found. Longer endings first.
var spellingRules = []spellingRule{
	{"ourable", "orable", 3}, {"ouring", "oring", 3}, {"ourite", "orite", 3}, {"ourites", "orites", 3},
	{"oured", "ored", 3}, {"ours", "ors", 3}, {"our", "or", 3},
	{"tres", "ters", 2}, {"tred", "tered", 2}, {"tre", "ter", 2},
	{"bres", "bers", 2}, {"bre", "ber", 2},
	{"fences", "fenses", 2}, {"fence", "fense", 2},
	{"cences", "censes", 2}, {"cence", "cense", 2}, {"cenced", "censed", 2},
	{"isations", "izations", 4}, {"isation", "ization", 4},
	{"ised", "ized", 4}, {"ises", "izes", 4}, {"ising", "izing", 4}, {"ise", "ize", 4},
	{"ogues", "ogs", 4}, {"ogue", "og", 4},
}

// USSpelling returns an English word (lowercase) in American spelling
// where one of spellingRules applies, or the word itself. It may rewrite
// word in place.
func USSpelling(word []byte) []byte {
	for _, r := range spellingRules {
		if len(word) >= len(r.from)+r.min && bytes.HasSuffix(word, []byte(r.from)) {
			stem := word[:len(word)-len(r.from)]
			if len(r.to) <= len(r.from) {
				return append(stem, r.to...)
			}
			out := make([]byte, 0, len(stem)+len(r.to))
			return append(append(out, stem...), r.to...)
		}
	}
	return word
}
