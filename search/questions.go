package search

import (
	"slices"

	"kostka/rulesdata"
)

// Questions: players ask in whole sentences ("czy mogę strzelać po
// biegu", "kolik modelů může střílet", "what happens when my unit
// flees"). Their question words and filler are rare in the rulebooks, and
// so would weigh as much as the rule's own words (see vocabulary.weight):
// they weigh fillerWeight of it instead.

// fillerWeight is how much a question word or filler weighs, as a share
// of its weight by rarity.
const (
	fillerWeight = 0.15
)

// The question words and filler of questions in each language, folded
// (see words).
var (
	fillerPL = setOf(
		"czy", "moge", "mozna", "moze", "moga", "mozesz", "mozemy", "co", "sie", "dzieje", "stanie",
		"gdy", "kiedy", "jak", "jaki", "jaka", "jakie", "ile", "kto", "ktory", "ktora", "ktore", "mam",
		"ma", "musze", "musi", "trzeba", "jest", "sa", "to", "w", "na", "do", "z", "o", "i", "a", "ze",
		"jesli", "jezeli", "dziala", "dzialaja", "mi", "mnie", "moj", "moim", "moje", "mojego", "moja",
		"przy", "dla", "mozliwe", "wolno", "byc", "ode", "mna", "ktorego", "ktorym", "ktorej",
		// conjunctions, pronouns, "what does it mean", "I want"
		"albo", "lub", "ale", "oraz", "tez", "takze", "tego", "ten", "ta", "te", "jego", "jej", "ich",
		"nas", "nam", "moi", "moich", "swoj", "swoje", "znaczy", "oznacza", "robi", "chce", "bym", "by",
		// "why"
		"czemu", "dlaczego", "czemuz",
	)
	fillerCS = setOf(
		"muzu", "muze", "muzes", "muzeme", "mohu", "lze", "smim", "se", "stane", "deje", "kdyz", "kdy",
		"jak", "jaky", "jake", "kolik", "kdo", "ktery", "ktere", "je", "jsou", "musim", "v", "ve", "co",
		"si", "muj", "moje", "pri", "pro", "jestli", "pokud", "funguje", "jde", "na", "do", "z", "o",
		"a", "i", "to", "nebo", "taky", "jeho", "jeji", "jejich", "moji", "svuj", "sve", "znamena",
		"dela", "chci", "bych", "tom", "tu",
		// "why"
		"proc", "procpak",
	)
	fillerEN = setOf(
		"can", "could", "i", "my", "me", "we", "you", "your", "what", "whats", "happens", "happen", "when",
		"how", "many", "much", "does", "do", "did", "is", "are", "am", "the", "an", "to", "of", "if",
		"who", "which", "where", "why", "should", "must", "it", "its", "get", "in", "on", "at", "for",
		"with", "there", "be", "work", "works", "that", "this", "a",
		"and", "or", "but", "have", "has", "had", "will", "would", "any", "some", "they", "them",
		"their", "our", "us", "he", "she", "him", "her", "im", "so", "than", "mean", "means", "about",
	)
)

// fillerWords are the question words and filler of questions in Polish,
// Czech and English.
var fillerWords = union(fillerPL, fillerCS, fillerEN)

// sequenceWords join two actions done one after the other ("szarża po
// strzelaniu", "charge after shooting"): the section about the two
// together answers such a question (see sequences).
var (
	sequencePL    = setOf("po", "przed", "podczas", "trakcie")
	sequenceCS    = setOf("po", "pred", "behem", "pak")
	sequenceEN    = setOf("after", "before", "during", "while", "then")
	sequenceWords = union(sequencePL, sequenceCS, sequenceEN)
)

// langWords are the words of each language that say a question is asked
// in it (see queryLang), whatever its other words.
var langWords = map[string]map[string]bool{
	"pl": union(fillerPL, sequencePL),
	"cs": union(fillerCS, sequenceCS),
	"en": union(fillerEN, sequenceEN),
}

func union(sets ...map[string]bool) map[string]bool {
	m := map[string]bool{}
	for _, s := range sets {
		for w := range s {
			m[w] = true
		}
	}
	return m
}

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// fillerShare returns how much of its weight a folded word of a query
// keeps: fillerWeight for a question word, filler or a word joining two
// actions, 1 for any other.
func fillerShare(w string) float64 {
	if fillerWords[w] || sequenceWords[w] {
		return fillerWeight
	}
	return 1
}

// sequences returns the pairs of content words of ws (indices) that a
// word of sequenceWords joins: the nearest word that is no filler on
// each side of it ("shoot after running": shoot and running).
func sequences(ws []string) [][2]int {
	var out [][2]int
	content := func(i int) bool { return fillerShare(ws[i]) == 1 }
	for i := 1; i+1 < len(ws); i++ {
		if !sequenceWords[ws[i]] {
			continue
		}
		a, b := i-1, i+1
		for a >= 0 && !content(a) {
			a--
		}
		for b < len(ws) && !content(b) {
			b++
		}
		if a >= 0 && b < len(ws) {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// queryLang returns the language of the rulebooks that a query seems to be
// asked in, or "" if none: the language that more of its words belong to
// than to any other. A word belongs to the languages whose question words
// and filler it is (see langWords), or else to those of the rulebooks
// whose stemmed terms hold its stem, or else, found in the rulebooks' words
// (their English names and glossary) but in neither, to English. A word of
// several languages ("model", "test", "na") tells nothing. An English
// query gets "": no rulebook is in English.
func (ix *Index) queryLang(qws []queryWord) string {
	votes := make([]int, len(rulesdata.Languages))
	for qi := range qws {
		q := &qws[qi]
		in := make([]bool, len(rulesdata.Languages))
		filler := false
		for i, lang := range rulesdata.Languages {
			if langWords[lang][q.word] {
				in[i], filler = true, true
			}
		}
		if !filler {
			known := false
			for i, lang := range rulesdata.Languages {
				if ix.vocab.langs[lang] == 0 {
					continue
				}
				stems, _ := q.stemsIn(lang)
				in[i] = slices.ContainsFunc(stems, func(t string) bool { return ix.vocab.df.get(lang+":"+t) > 0 })
				known = known || in[i]
			}
			if !known && ix.vocab.df.get(q.word) > 0 {
				in[slices.Index(rulesdata.Languages, "en")] = true
			}
		}
		only := -1
		for i := range in {
			if in[i] {
				if only >= 0 {
					only = -2 // several
					break
				}
				only = i
			}
		}
		if only >= 0 {
			votes[only]++
		}
	}
	best, tie := 0, false
	for i := 1; i < len(votes); i++ {
		switch {
		case votes[i] > votes[best]:
			best, tie = i, false
		case votes[i] == votes[best]:
			tie = true
		}
	}
	if tie || votes[best] == 0 || ix.vocab.langs[rulesdata.Languages[best]] == 0 {
		return ""
	}
	return rulesdata.Languages[best]
}
