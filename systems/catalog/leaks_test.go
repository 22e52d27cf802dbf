package catalog

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"kostka/l10n"
	vocab "kostka/systems/qualityd6/ability"
)

// englishWords are common English words no Polish or Czech text needs,
// and the English rulebook words that leaked into Polish or Czech texts
// once (melee, defense, toughness, stealth…). Every word of the English
// catalogue that no Polish or Czech text uses joins them (see englishSet),
// less sharedWords.
var englishWords = strings.Fields(`the a an and or of to in on at by for with without from into not no is are be
	was were has have had must may can cannot this that these those it its their them they he she his her
	which who what when where why how all any each every some one two three first last only also than then
	there here more most less least per up down out over under again once both other another such same own
	roll rolls rolled dice die hit hits wound wounds attack attacks defense save saves target unit units
	model models weapon weapons range melee shooting charge field fields value values request answer result
	success failure fail fails passes pass miss missed chance odds mean round rounds turn
	toughness quality stealth area attacker defender close combat damage fresh indirect moved notes
	modifier required`)

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
	"rozkazu":     "Polish and Czech: of an order",
	"rozkaz":      "Polish and Czech: an order (a quality-d6 ability)",
	"dam":         "the pool-k6 rulebook's abbreviation (Damage) in every language",
	"na":          "Polish and Czech: on, per",
}

// verbatim are the systems' ids and the repository's file names, which a
// text may quote in any language, and the names the sample requests give
// their weapons (echoed verbatim, in the language the player wrote them).
var verbatim = regexp.MustCompile(`quality-d6|pool-k6|wzr-d20|fantasy-k6|[\w/]+\.md\b|miecz|koń|Karabin|flamer|rifle`)

// termWords are, by language, the words of the other language's rulebook
// terms that a text in it must not use: for Czech the capitalized words
// of every term's Polish name (an id with "term.", an ability of package
// ability) that its Czech name does not use, and the other way round for
// Polish. (Lower-case words of a term, je, jedna, are common words.)
var termWords = sync.OnceValue(func() map[l10n.Lang]map[string]bool {
	out := map[l10n.Lang]map[string]bool{l10n.Polish: {}, l10n.Czech: {}}
	add := func(pl, cs string) {
		plw, csw := words(stripTemplate(pl)), words(stripTemplate(cs))
		for _, w := range names(pl) {
			if _, shared := sharedWords[w]; !shared && !slices.Contains(csw, w) {
				out[l10n.Czech][w] = true
			}
		}
		for _, w := range names(cs) {
			if _, shared := sharedWords[w]; !shared && !slices.Contains(plw, w) {
				out[l10n.Polish][w] = true
			}
		}
	}
	for _, d := range l10n.All() {
		if strings.Contains(d.ID(), "term.") {
			add(d.Texts().Pl, d.Texts().Cs)
		}
	}
	for _, a := range vocab.All {
		add(string(a.Name), a.Cs)
	}
	return out
})

// names returns the capitalized words of s of four letters or more, lower-cased.
func names(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(stripTemplate(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if r := []rune(w); len(r) >= 4 && unicode.IsUpper(r[0]) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// polishLetters occur in Polish, never in Czech; czechLetters the other
// way. (Czech writes ó in loanwords, zóna, so it is not counted.)
const (
	polishLetters = "ąćęłńśźżĄĆĘŁŃŚŹŻ"
	czechLetters  = "áčďéěíňřšťúůýžÁČĎÉĚÍŇŘŠŤÚŮÝŽ"
)

// englishSet is englishWords with every word of the English catalogue
// that no Polish or Czech text uses (the English texts quote rulebook
// names, Namierzanie, Do černého, which are not English), less
// sharedWords.
func englishSet() map[string]bool {
	set := map[string]bool{}
	for _, w := range englishWords {
		set[w] = true
	}
	plcs := map[string]bool{}
	for _, d := range l10n.All() {
		for _, w := range words(stripTemplate(d.Texts().Pl + " " + d.Texts().Cs)) {
			plcs[w] = true
		}
	}
	for _, d := range l10n.All() {
		for _, w := range words(stripTemplate(d.Texts().En)) {
			if !plcs[w] {
				set[w] = true
			}
		}
	}
	for w := range sharedWords {
		delete(set, w)
	}
	return set
}

// leaks returns what in text, rendered in lang, belongs to another
// language: English words (in Polish and Czech), Polish letters in Czech,
// Czech letters in Polish.
func leaks(text string, lang l10n.Lang, english map[string]bool) []string {
	return leaksOf(text, lang, english, termWords()[lang])
}

// leaksOf is leaks with the other language's term words foreign (none
// for a text that echoes the names a request gives).
func leaksOf(text string, lang l10n.Lang, english, foreign map[string]bool) []string {
	text = verbatim.ReplaceAllString(text, " ")
	var out []string
	for _, w := range words(text) {
		if english[w] {
			out = append(out, "English word "+w)
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

// sampleArgs are arguments for every placeholder of d: an integer of the
// plural category cat in lang for a plural placeholder, a number for any
// other (a verbatim number reads the same in every language).
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

// TestCatalogueLanguages renders every message of the catalogue (every
// system, the dice, the shared field errors) in Polish and Czech, in every
// plural category, and fails on English in either, Polish letters in
// Czech, Czech letters in Polish, and a term whose Czech is its Polish.
func TestCatalogueLanguages(t *testing.T) {
	Registry()
	english := englishSet()
	for _, d := range l10n.All() {
		tx := d.Texts()
		if tx.Pl == tx.Cs && !allShared(tx.Pl) {
			t.Errorf("%s: Czech %q is the Polish text", d.ID(), tx.Cs)
		}
		for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
			seen := map[string]bool{}
			for _, cat := range l10n.PluralCategories(lang) {
				text := d.New(sampleArgs(d, lang, cat)...).In(lang)
				if seen[text] {
					continue
				}
				seen[text] = true
				for _, leak := range leaks(text, lang, english) {
					t.Errorf("%s in %s: %q has %s", d.ID(), lang, text, leak)
				}
			}
		}
	}
}

// allShared reports whether every word of a text is a number, an
// abbreviation or a word of sharedWords, so that it may read the same in
// Polish and Czech ("{value} {why}", "X × 8", "Aura").
func allShared(s string) bool {
	for _, w := range words(stripTemplate(s)) {
		if _, ok := sharedWords[w]; !ok && len(w) > 1 && w != "pl" && w != "cs" && w != "en" {
			if !shortUpper(s, w) {
				return false
			}
		}
	}
	return true
}

// shortUpper reports whether w is written in s in capitals, an
// abbreviation (LA, AP, SB).
func shortUpper(s, w string) bool {
	return len(w) <= 4 && strings.Contains(s, strings.ToUpper(w))
}

// TestSchemaLabels checks every action's schema the same way: each x-labels
// and x-enum-labels entry in Polish and Czech has no English word and no
// letters of the other language, and Czech differs from Polish unless the
// word is shared.
func TestSchemaLabels(t *testing.T) {
	reg := Registry()
	english := englishSet()
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		for _, name := range s.ActionNames() {
			var schema any
			if err := json.Unmarshal(s.Actions[name].Schema, &schema); err != nil {
				t.Fatalf("%s %s: %v", id, name, err)
			}
			eachLabel(schema, "", func(path string, labels map[string]any) {
				pl, _ := labels["pl"].(string)
				cs, _ := labels["cs"].(string)
				if pl == "" || cs == "" {
					t.Errorf("%s %s %s: labels %v lack pl or cs", id, name, path, labels)
					return
				}
				if pl == cs && !allShared(pl) {
					t.Errorf("%s %s %s: Czech label %q is the Polish one", id, name, path, cs)
				}
				for _, leak := range leaks(pl, l10n.Polish, english) {
					t.Errorf("%s %s %s in pl: %q has %s", id, name, path, pl, leak)
				}
				for _, leak := range leaks(cs, l10n.Czech, english) {
					t.Errorf("%s %s %s in cs: %q has %s", id, name, path, cs, leak)
				}
			})
		}
	}
}

// eachLabel calls f with every x-labels object of a schema, and every
// entry of every x-enum-labels object.
func eachLabel(v any, path string, f func(path string, labels map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch k {
			case "x-labels":
				if m, ok := e.(map[string]any); ok {
					f(path, m)
				}
			case "x-enum-labels":
				if m, ok := e.(map[string]any); ok {
					for value, l := range m {
						if lm, ok := l.(map[string]any); ok {
							f(path+"="+value, lm)
						}
					}
				}
			default:
				eachLabel(e, path+"/"+k, f)
			}
		}
	case []any:
		for _, e := range x {
			eachLabel(e, path, f)
		}
	}
}
