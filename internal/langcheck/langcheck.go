// Package langcheck finds words of one language in a text of another:
// English words in Polish or Czech, Polish letters and rulebook terms in
// Czech, Czech ones in Polish. Tests use it over the whole catalogue of
// messages (package l10n) and over the labels of the request schemas, so
// that a leak fails a test instead of reaching a player.
package langcheck

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"kostka/l10n"
)

// sharedWords are words spelled the same in English and in Polish or
// Czech, or names every language keeps; each says why.
var sharedWords = map[string]string{
	"test":        "Polish and Czech: a test",
	"testy":       "Polish: tests",
	"model":       "Polish and Czech: a model",
	"morale":      "Polish: morale",
	"text":        "Czech: text",
	"bonus":       "Polish and Czech: a bonus",
	"aura":        "Polish and Czech: an aura (a quality-d6 ability)",
	"to":          "Polish and Czech: it, that",
	"do":          "Polish and Czech: to, into",
	"by":          "Polish: would; Czech: would",
	"a":           "Polish and Czech: and",
	"no":          "Polish: well; Czech: yes",
	"on":          "Polish and Czech: he",
	"ten":         "Polish and Czech: this",
	"transport":   "Polish and Czech: transport (a quality-d6 ability)",
	"bastion":     "Polish and Czech: a bastion (a quality-d6 ability)",
	"waagh":       "the rulebook's name of an ability in every language",
	"json":        "the format's name",
	"utf":         "the encoding's name (UTF-8)",
	"kib":         "the unit's symbol",
	"get":         "the HTTP method's name in an API path",
	"seed":        "the API parameter's name",
	"mode":        "the API parameter's name",
	"lang":        "the API parameter's name",
	"expr":        "the API parameter's name",
	"limit":       "the API parameter's name; Polish and Czech: a limit",
	"roll":        "the value of the API parameter mode",
	"odds":        "the value of the API parameter mode",
	"application": "the media type application/json",
	"true":        "the JSON value",
	"false":       "the JSON value",
	"ap":          "the rulebook's abbreviation, Armour Piercing, in every language",
	"la":          "the rulebook's abbreviation (Limited Ammo) in every language",
	"sb":          "the rulebook's abbreviation (Burning) in every language",
	"ae":          "the rulebook's abbreviation (Area Effect) in every language",
	"rof":         "the rulebook's abbreviation (Rate of Fire) in every language",
	"avv":         "the rulebook's abbreviation in every language",
	"pkt":         "Polish: points (the abbreviation)",
	"stealth":     "the pool-k6 rulebook's own name of the rule (## Stealth), kept in every language",
	"panika":      "Polish and Czech: panic (a fantasy-k6 term)",
	"cena":        "Polish and Czech: price",
	"aury":        "Polish and Czech: of an aura",
	"aliasy":      "Polish and Czech: aliases",
	"rozkazu":     "Polish and Czech: of an order",
	"rozkaz":      "Polish and Czech: an order (a quality-d6 ability)",
	"dam":         "the pool-k6 rulebook's abbreviation (Damage) in every language",
	"na":          "Polish and Czech: on, per",
}

// verbatim are quoted as they are in any language: what a player types,
// in „…“ or “…” quotes; code (`…`, ```…```), links and Discord's
// mentions (</roll:1>); the other dice rollers' names (rpg-dice-roller,
// Dice Maiden, Avrae), the game systems' ids, the repository's file
// names, and the Discord bot's commands (/unit save: Discord accepts a
// command's English name in every language).
var verbatim = regexp.MustCompile("(?s)```.*?```|`[^`]*`|„[^”“]*[”“]|“[^”]*”|https?://\\S+|</[^>]*>|" +
	`quality-d6|pool-k6|wzr-d20|fantasy-k6|rpg-dice-roller|Dice Maiden|Avrae|[\w/]+\.md\b|/[a-z]+( [a-z]+)?\b`)

// polishLetters occur in Polish, never in Czech; czechLetters the other
// way. (Czech writes ó in loanwords, zóna, so it is not counted.)
const (
	polishLetters = "ąćęłńśźżĄĆĘŁŃŚŹŻ"
	czechLetters  = "áčďéěíňřšťúůýžÁČĎÉĚÍŇŘŠŤÚŮÝŽ"
)

// A Checker knows the words of every text the code defines in English,
// Polish and Czech (the catalogue of messages and any labels added), and
// the rulebook terms of each language.
//
// Nothing in it is a hand-made word list but sharedWords, the reviewed
// exceptions: an English word is a word of some English text that no
// Polish or Czech text uses (the English texts quote rulebook names,
// Namierzanie, Do černého, which are not English), and a Polish word is
// a word of three letters or more of some Polish text that no Czech or
// English text uses. Quoted and verbatim parts of a text (see verbatim)
// count for no language.
type Checker struct {
	// words holds, by language, every word of every text the Checker
	// knows in that language.
	words map[l10n.Lang]map[string]bool
	// foreign are, by language, the words of the other language's
	// rulebook terms that a text in it must not use.
	foreign map[l10n.Lang]map[string]bool
}

// New returns a Checker for the catalogue defined so far (l10n.All) and
// more terms, each a Polish name and its Czech one (a vocabulary's).
//
// Its terms are, for Czech, the capitalized words of four letters or
// more of every term's Polish name (a message with "term." in its id)
// that its Czech name does not use, and the other way round for Polish;
// lower-case words of a term (je, jedna) are common words.
func New(terms ...[2]string) *Checker {
	c := &Checker{
		words:   map[l10n.Lang]map[string]bool{l10n.English: {}, l10n.Polish: {}, l10n.Czech: {}},
		foreign: map[l10n.Lang]map[string]bool{l10n.Polish: {}, l10n.Czech: {}},
	}
	for _, d := range l10n.All() {
		c.Learn(d.Texts())
		if strings.Contains(d.ID(), "term.") {
			c.addTerm(d.Texts().Pl, d.Texts().Cs)
		}
	}
	for _, t := range terms {
		c.addTerm(t[0], t[1])
	}
	return c
}

// Learn adds texts the code defines outside the catalogue (a schema's
// field and enum labels, a command's names and descriptions): their
// words count as words of their languages.
func (c *Checker) Learn(texts ...l10n.Texts) {
	for _, t := range texts {
		for lang, s := range map[l10n.Lang]string{l10n.English: t.En, l10n.Polish: t.Pl, l10n.Czech: t.Cs} {
			for _, w := range Words(verbatim.ReplaceAllString(stripTemplate(s), " ")) {
				c.words[lang][w] = true
			}
		}
	}
}

// English reports whether w (lower case) is an English word and no word
// of Polish or Czech.
func (c *Checker) English(w string) bool {
	_, shared := sharedWords[w]
	return c.words[l10n.English][w] && !c.words[l10n.Polish][w] && !c.words[l10n.Czech][w] && !shared
}

// Polish reports whether w (lower case) is a Polish word of three letters
// or more and no word of Czech or English.
func (c *Checker) Polish(w string) bool {
	_, shared := sharedWords[w]
	return len([]rune(w)) >= 3 && c.words[l10n.Polish][w] && !c.words[l10n.Czech][w] && !c.words[l10n.English][w] && !shared
}

// addTerm adds a term's Polish and Czech names.
func (c *Checker) addTerm(pl, cs string) {
	plw, csw := Words(stripTemplate(pl)), Words(stripTemplate(cs))
	for _, w := range names(pl) {
		if _, shared := sharedWords[w]; !shared && !slices.Contains(csw, w) {
			c.foreign[l10n.Czech][w] = true
		}
	}
	for _, w := range names(cs) {
		if _, shared := sharedWords[w]; !shared && !slices.Contains(plw, w) {
			c.foreign[l10n.Polish][w] = true
		}
	}
}

// Leaks returns what in text, written in lang (Polish or Czech), belongs
// to another language: English words, the other language's letters and
// its rulebook terms.
func (c *Checker) Leaks(text string, lang l10n.Lang) []string {
	return c.leaks(text, lang, c.foreign[lang], true)
}

// LeaksButTerms is Leaks for a text that echoes names a request gives
// (a unit's abilities as its card spells them): only English words and
// the other language's letters count, not its terms or words.
func (c *Checker) LeaksButTerms(text string, lang l10n.Lang) []string {
	return c.leaks(text, lang, nil, false)
}

func (c *Checker) leaks(text string, lang l10n.Lang, foreign map[string]bool, words bool) []string {
	text = verbatim.ReplaceAllString(text, " ")
	var out []string
	for _, w := range Words(text) {
		if c.English(w) {
			out = append(out, "the English word "+w)
		}
		if words && lang == l10n.Czech && c.Polish(w) {
			out = append(out, "the Polish word "+w)
		}
		if foreign[w] {
			out = append(out, "the other language's term "+w)
		}
	}
	other := czechLetters
	if lang == l10n.Czech {
		other = polishLetters
	}
	for _, w := range strings.Fields(text) {
		if strings.ContainsAny(w, other) {
			out = append(out, "foreign letters in "+w)
		}
	}
	return out
}

// Labels returns the leaks of a label in Polish and its Czech
// counterpart, and says so when the Czech is the Polish one although its
// words are not shared.
func (c *Checker) Labels(pl, cs string) []string {
	var out []string
	if pl == cs && !Shared(pl) {
		out = append(out, fmt.Sprintf("Czech %q is the Polish text", cs))
	}
	for _, l := range c.Leaks(pl, l10n.Polish) {
		out = append(out, fmt.Sprintf("pl %q has %s", pl, l))
	}
	for _, l := range c.Leaks(cs, l10n.Czech) {
		out = append(out, fmt.Sprintf("cs %q has %s", cs, l))
	}
	return out
}

// Catalogue renders every message defined (l10n.All) in Polish and Czech,
// in every plural category of the language, and returns every leak, and
// every message whose Czech text is its Polish one although its words are
// not shared.
func (c *Checker) Catalogue() []error {
	var errs []error
	for _, d := range l10n.All() {
		tx := d.Texts()
		if tx.Pl == tx.Cs && !Shared(tx.Pl) {
			errs = append(errs, fmt.Errorf("%s: Czech %q is the Polish text", d.ID(), tx.Cs))
		}
		for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
			seen := map[string]bool{}
			for _, cat := range l10n.PluralCategories(lang) {
				text := d.New(sampleArgs(d, lang, cat)...).In(lang)
				if seen[text] {
					continue
				}
				seen[text] = true
				for _, leak := range c.Leaks(text, lang) {
					errs = append(errs, fmt.Errorf("%s in %s: %q has %s", d.ID(), lang, text, leak))
				}
			}
		}
	}
	return errs
}

// sampleArgs are arguments for every placeholder of d: an integer of the
// plural category cat in lang for a plural placeholder, a number for any
// other (a number reads the same in every language).
func sampleArgs(d *l10n.Def, lang l10n.Lang, cat string) []l10n.Arg {
	plural := d.PluralParams()
	var args []l10n.Arg
	for _, p := range d.Params() {
		n := 7
		if slices.Contains(plural, p) {
			n = map[string]int{"one": 1, "few": 3, "many": 5, "other": 5}[cat]
			if lang == l10n.English && cat == "other" {
				n = 2
			}
		}
		args = append(args, l10n.Int(p, n))
	}
	return args
}

// Shared reports whether every word of a text is a word of sharedWords
// or an abbreviation in capitals (LA, AP, SB), so that it may read the
// same in Polish and Czech ("{value} {why}", "X × 8", "Aura").
func Shared(s string) bool {
	for _, w := range Words(stripTemplate(s)) {
		if _, ok := sharedWords[w]; ok || len(w) <= 1 {
			continue
		}
		if len(w) <= 4 && strings.Contains(s, strings.ToUpper(w)) {
			continue
		}
		return false
	}
	return true
}

// names returns the capitalized words of s of four letters or more,
// lower-cased.
func names(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(stripTemplate(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if r := []rune(w); len(r) >= 4 && unicode.IsUpper(r[0]) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// template syntax: placeholders, plural headers and category keywords.
var (
	placeholder  = regexp.MustCompile(`\{\w+\}`)
	pluralHeader = regexp.MustCompile(`\{\w+, plural,|\b(one|few|many|other) \{`)
)

// stripTemplate leaves a template's literal words.
func stripTemplate(s string) string {
	return pluralHeader.ReplaceAllString(placeholder.ReplaceAllString(s, " "), " ")
}

// Words splits a text into lower-case words of two letters or more.
func Words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 2 {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}
