// Package fold removes diacritics from Latin letters, so that a word typed
// without Polish or Czech diacritics matches the rulebook's spelling:
// "osłona" and "oslona" fold to the same string, as do "střelba" and
// "strelba". Letters whose base is not a combining-mark decomposition
// (ł, đ, ø, ß) are mapped explicitly.
package fold

import (
	"strings"
	"unicode/utf8"
)

//go:generate go test -run TestTable -update .

// The folded letters are those from U+00C0 to U+024F (Latin-1 Supplement
// and Latin Extended-A and -B); table, in table.go, is generated from
// Unicode's decompositions (TestTable), so a process pays nothing at start
// to build it.
const (
	tableFirst = 0xC0
	tableLast  = 0x24F
)

// folded returns what table maps r to, or "" when r folds to itself.
func folded(r rune) string {
	if r < tableFirst || r > tableLast {
		return ""
	}
	return table[r-tableFirst]
}

// Rune returns r without diacritics, and whether it changed.
func Rune(r rune) (string, bool) {
	s := folded(r)
	return s, s != ""
}

// String returns s with every letter's diacritics removed. Other runes,
// case and spacing are kept. It returns s itself when nothing changes.
func String(s string) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if folded(r) != "" {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if f := folded(r); f != "" {
			b.WriteString(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Bytes is String for a byte slice; it returns b itself when nothing
// changes.
func Bytes(b []byte) []byte {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if folded(r) != "" {
			return []byte(String(string(b)))
		}
		i += size
	}
	return b
}
