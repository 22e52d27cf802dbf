// Package fold removes diacritics from Latin letters, so that a word typed
// without Polish or Czech diacritics matches the rulebook's spelling:
// "osłona" and "oslona" fold to the same string, as do "střelba" and
// "strelba". Letters whose base is not a combining-mark decomposition
// (ł, đ, ø, ß) are mapped explicitly.
package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// special are letters that do not decompose into a base letter and a
// combining mark.
var special = map[rune]string{
	'ł': "l", 'Ł': "L", 'đ': "d", 'Đ': "D", 'ø': "o", 'Ø': "O",
	'ß': "ss", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE", 'ı': "i",
}

// table maps each letter of Latin-1 Supplement and Latin Extended-A/B that
// folds to something else; built once at start.
var table = func() map[rune]string {
	t := make(map[rune]string, len(special)+300)
	for r, s := range special {
		t[r] = s
	}
	for r := rune(0xC0); r <= 0x24F; r++ {
		if _, ok := t[r]; ok || !unicode.IsLetter(r) {
			continue
		}
		var b strings.Builder
		for _, d := range norm.NFD.String(string(r)) {
			if !unicode.Is(unicode.Mn, d) {
				b.WriteRune(d)
			}
		}
		if s := b.String(); s != string(r) && s != "" {
			t[r] = s
		}
	}
	return t
}()

// Rune returns r without diacritics, and whether it changed.
func Rune(r rune) (string, bool) {
	s, ok := table[r]
	return s, ok
}

// String returns s with every letter's diacritics removed. Other runes,
// case and spacing are kept. It returns s itself when nothing changes.
func String(s string) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if _, ok := table[r]; ok {
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
		if f, ok := table[r]; ok {
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
		if _, ok := table[r]; ok {
			return []byte(String(string(b)))
		}
		i += size
	}
	return b
}
