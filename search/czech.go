package search

import "strings"

// StemCzech returns the stem of a lowercase Czech word by the light stemmer
// of Dolamic and Savoy ("Indexing and stemming approaches for the Czech
// language", 2009), the algorithm behind Lucene's CzechStemmer: it removes
// case endings of nouns and adjectives, then possessive suffixes, then
// normalizes palatalized consonants. The word keeps its diacritics; fold
// them afterwards.
func StemCzech(word string) string {
	s := []rune(word)
	n := czechRemoveCase(s)
	n = czechRemovePossessives(s, n)
	if n > 0 {
		n = czechNormalize(s, n)
	}
	return string(s[:n])
}

func hasSuffix(s []rune, n int, suffixes ...string) bool {
	word := string(s[:n])
	for _, suf := range suffixes {
		if strings.HasSuffix(word, suf) {
			return true
		}
	}
	return false
}

func czechRemoveCase(s []rune) int {
	n := len(s)
	switch {
	case n > 7 && hasSuffix(s, n, "atech"):
		return n - 5
	case n > 6 && hasSuffix(s, n, "ětem", "etem", "atům"):
		return n - 4
	case n > 5 && hasSuffix(s, n, "ech", "ich", "ích", "ého", "ěmi", "emi", "ému", "ěte", "ete", "ěti",
		"eti", "ího", "iho", "ími", "ímu", "imu", "ách", "ata", "aty", "ých", "ama", "ami", "ové", "ovi", "ými"):
		return n - 3
	case n > 4 && hasSuffix(s, n, "em", "es", "ém", "ím", "ům", "at", "ám", "os", "us", "ým", "mi", "ou"):
		return n - 2
	case n > 3:
		switch s[n-1] {
		case 'a', 'e', 'i', 'o', 'u', 'ů', 'y', 'á', 'é', 'í', 'ý', 'ě':
			return n - 1
		}
	}
	return n
}

func czechRemovePossessives(s []rune, n int) int {
	if n > 5 && hasSuffix(s, n, "ov", "in", "ův") {
		return n - 2
	}
	return n
}

func czechNormalize(s []rune, n int) int {
	switch {
	case hasSuffix(s, n, "čt"): // čt -> ck
		s[n-2], s[n-1] = 'c', 'k'
		return n
	case hasSuffix(s, n, "št"): // št -> sk
		s[n-2], s[n-1] = 's', 'k'
		return n
	}
	switch s[n-1] {
	case 'c', 'č': // [cč] -> k
		s[n-1] = 'k'
		return n
	case 'z', 'ž': // [zž] -> h
		s[n-1] = 'h'
		return n
	}
	if n > 1 && s[n-2] == 'e' { // e* -> *
		s[n-2] = s[n-1]
		return n - 1
	}
	if n > 2 && s[n-2] == 'ů' { // *ů* -> *o*
		s[n-2] = 'o'
	}
	return n
}
