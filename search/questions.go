package search

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

// fillerWords are the question words and filler of questions in Polish,
// Czech and English, folded (see words).
var fillerWords = setOf(
	// Polish
	"czy", "moge", "mozna", "moze", "moga", "mozesz", "mozemy", "co", "sie", "dzieje", "stanie",
	"gdy", "kiedy", "jak", "jaki", "jaka", "jakie", "ile", "kto", "ktory", "ktora", "ktore", "mam",
	"ma", "musze", "musi", "trzeba", "jest", "sa", "to", "w", "na", "do", "z", "o", "i", "a", "ze",
	"jesli", "jezeli", "dziala", "dzialaja", "mi", "mnie", "moj", "moim", "moje", "mojego", "moja",
	"przy", "dla", "mozliwe", "wolno", "byc", "ode", "mna", "ktorego", "ktorym", "ktorej",
	// Czech
	"muzu", "muze", "muzes", "muzeme", "mohu", "lze", "smim", "se", "stane", "deje", "kdyz", "kdy",
	"jaky", "jake", "kolik", "kdo", "ktery", "ktere", "je", "jsou", "musim", "v", "ve",
	"si", "muj", "moje", "pri", "pro", "jestli", "pokud", "funguje", "jde",
	// English
	"can", "could", "i", "my", "me", "we", "you", "your", "what", "whats", "happens", "happen", "when",
	"how", "many", "much", "does", "do", "did", "is", "are", "am", "the", "an", "to", "of", "if",
	"who", "which", "where", "why", "should", "must", "it", "its", "get", "in", "on", "at", "for",
	"with", "there", "be", "work", "works", "that", "this", "a",
	// more filler of the three languages: conjunctions, pronouns, "what
	// does it mean", "I want", "will"
	"albo", "lub", "ale", "oraz", "tez", "takze", "tego", "ten", "ta", "te", "jego", "jej", "ich",
	"nas", "nam", "moi", "moich", "swoj", "swoje", "znaczy", "oznacza", "robi", "chce", "bym", "by",
	"nebo", "taky", "jeho", "jeji", "jejich", "moji", "svuj", "sve", "znamena", "dela", "chci", "bych",
	"tom", "tu", "and", "or", "but", "have", "has", "had", "will", "would", "any", "some", "they",
	"them", "their", "our", "us", "he", "she", "him", "her", "im", "so", "than", "mean", "means",
	"about",
)

// sequenceWords join two actions done one after the other ("szarża po
// strzelaniu", "charge after shooting"): the section about the two
// together answers such a question (see sequences).
var sequenceWords = setOf(
	"po", "przed", "podczas", "trakcie", "pred", "behem", "after", "before", "during", "while", "then", "pak",
)

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
