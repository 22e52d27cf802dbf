package search

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"kostka/fold"
	"kostka/rulesdata"
)

// Words typed without diacritics: players type "szarza", "oslonie",
// "ogluszony", and a stemmer reads them as other words (stempel stems
// "szarza" to "szarz", not to the "szarza" of "szarża", and finds no
// stem at all for "ogluszony"), so that the stemmed fields miss them.
// Such a word is read as the form with diacritics that the rulebooks and
// glossaries of its language use for it (see forms), when they use one.

// forms are, for each rulebook language, the words of its texts that have
// diacritics, each under its folded form ("pl:szarza szarża"): lines
// sorted by their key, looked up by binary search in place, with nothing
// to parse when the vocabulary is read. A folded form that the texts of
// any language also use as it is ("ze", both "ze" and "że"; "take", an
// English word and the Czech "také") is left out: it is read as typed.
type forms struct {
	text  string   // lines "lang:folded form", sorted by their first field
	langs []string // the languages that have lines (see newFormsText)
}

// newFormsText returns the forms of text, lines "lang:folded form"
// sorted by their first field, finding which languages have lines with a
// binary search for each (a few microseconds): a word is not looked up in
// a language that has none (English).
func newFormsText(text string) forms {
	f := forms{text: text}
	for start := 0; start < len(text); {
		lang, _, _ := strings.Cut(text[start:], ":")
		f.langs = append(f.langs, lang)
		// The first line of a later language.
		lo, hi := start, len(text)
		for lo < hi {
			mid := lo + (hi-lo)/2
			s := lo + strings.LastIndexByte(text[lo:mid], '\n') + 1
			e := s + strings.IndexByte(text[s:], '\n')
			if l, _, _ := strings.Cut(text[s:e], ":"); l <= lang {
				lo = e + 1
			} else {
				hi = s
			}
		}
		start = lo
	}
	return f
}

// newForms gathers the forms with diacritics of sections' words in each
// language: each section's names and text in its own, and the glossary's
// descriptions and terms in theirs. Of the forms of one folded word, the
// most frequent is kept (the first in word order of those as frequent).
func newForms(sections []*rulesdata.Section) forms {
	type key struct{ lang, folded string }
	counts := map[key]map[string]int{}
	plain := map[string]bool{} // words used as they are, in any language
	add := func(lang, text string) {
		for _, w := range lowerWords(text) {
			k := key{lang, fold.String(w)}
			if k.folded == w {
				plain[w] = true
				continue
			}
			if counts[k] == nil {
				counts[k] = map[string]int{}
			}
			counts[k][w]++
		}
	}
	for _, s := range sections {
		for _, n := range s.Names() {
			add(s.Lang, n)
		}
		add(s.Lang, s.Text)
		for _, lang := range rulesdata.Languages {
			add(lang, s.About[lang])
			for _, t := range s.Terms[lang] {
				add(lang, t)
			}
		}
	}
	var lines []string
	for k, c := range counts {
		if plain[k.folded] {
			continue
		}
		best := slices.MaxFunc(slices.Sorted(maps.Keys(c)), func(a, b string) int {
			return cmp.Or(cmp.Compare(c[a], c[b]), strings.Compare(b, a))
		})
		lines = append(lines, k.lang+":"+k.folded+" "+best+"\n")
	}
	slices.SortFunc(lines, func(a, b string) int {
		ka, _, _ := strings.Cut(a, " ")
		kb, _, _ := strings.Cut(b, " ")
		return strings.Compare(ka, kb)
	})
	return newFormsText(strings.Join(lines, ""))
}

// get returns the form with diacritics of a folded word in lang, if the
// texts of lang use one.
func (f forms) get(lang, folded string) (string, bool) {
	if !slices.Contains(f.langs, lang) {
		return "", false
	}
	text := f.text
	// lo and hi are starts of lines; the key is between them if anywhere.
	lo, hi := 0, len(text)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := lo + strings.LastIndexByte(text[lo:mid], '\n') + 1
		end := start + strings.IndexByte(text[start:], '\n')
		k, form, _ := strings.Cut(text[start:end], " ")
		l, w, _ := strings.Cut(k, ":")
		switch c := cmp.Or(strings.Compare(l, lang), strings.Compare(w, folded)); {
		case c == 0:
			return form, true
		case c < 0:
			lo = end + 1
		default:
			hi = start
		}
	}
	return "", false
}

// restore returns a word as typed (lowercase) read in lang: its form with
// diacritics if it was typed without any and lang's texts use one (see
// forms), or else as typed.
func (v vocabulary) restore(lang, typed string) string {
	if !isASCII(typed) {
		return typed
	}
	if form, ok := v.forms.get(lang, typed); ok {
		return form
	}
	return typed
}
