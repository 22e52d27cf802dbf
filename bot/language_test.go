package bot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"kostka/l10n"
)

// englishWords are words of English that are no word of Polish or Czech:
// one in a Polish or Czech reply is English leaking into it.
var englishWords = []string{
	"the", "and", "of", "is", "are", "not", "for", "with", "has", "have", "needs", "invalid", "unit", "units",
	"value", "values", "wrong", "field", "fields", "error", "hit", "hits", "models", "defeated", "least", "mean",
	"chance", "odds", "roll", "rolls", "attack", "attacks", "quality", "defense", "toughness", "settings", "only",
	"when", "this", "that", "which", "be", "can", "cannot", "your", "you", "any", "must", "give", "such", "or",
	"from", "than", "weapon", "weapons", "abilities", "points", "total", "file", "found", "unknown", "character",
	"expecting", "literal", "missing", "expected", "cover", "melee", "blast", "deadly", "name", "needs",
}

// Not leaks: true and false, JSON's values a field takes as typed, and
// the names players typed in the tests' requests.
var typedWords = []string{"Zły"}

// rulebookNames are the names a rulebook prints (its abilities, terms
// and conditions: the catalogue's *.term.* messages in Polish), which a
// Czech text quotes as printed where its system has no Czech name.
func rulebookNames() []string {
	var out []string
	for _, d := range l10n.All() {
		if strings.Contains(d.ID(), ".term.") {
			out = append(out, strings.FieldsFunc(d.Texts().Pl, func(r rune) bool { return !unicode.IsLetter(r) })...)
		}
	}
	return out
}

// unreachable are messages the bot cannot send: the HTTP API's mode field
// (the bot always sets the mode, and names it by its option).
var unreachable = []string{"api.error.mode"}

// polishLetters and polishWords are Polish and no Czech: one in a Czech
// reply is Polish leaking into it.
const polishLetters = "ąęłśźżńĄĘŁŚŹŻŃ"

var polishWords = []string{"nie", "się", "jest", "oraz", "albo", "lub", "dla", "gdy", "który", "może", "oddział", "oddziału", "jednostka", "wynik", "szanse"}

// verbatim is what a reply quotes rather than says: code, what the
// player typed or may type („…”, “…”), links and mentions.
var verbatim = regexp.MustCompile("(?s)```.*?```|`[^`]*`|„[^”“]*[”“]|“[^”]*”|\"[^\"]*\"|https?://\\S+|</[^>]*>|\\{[^}]*\\}|\\*\\*/[^*]+\\*\\*")

// commandNames are commands named in a message ("/unit save"), which
// every reply shows as mentions in the player's language (mentionCommands).
var commandNames = regexp.MustCompile(`(^|[\s(„“"])/[a-z]+( [a-z]+)?`)

// leaks returns the words of s that are not in the language l.
func leaks(l l10n.Lang, s string, allowed []string) []string {
	s = commandNames.ReplaceAllString(verbatim.ReplaceAllString(s, " "), " ")
	var out []string
	// A word joined to digits, dots, = or hyphens is an identifier
	// (quality-d6, ap=2, profile.quality), not a word.
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !strings.ContainsRune("-=._0123456789", r) }) {
		if strings.ContainsAny(w, "-=._0123456789") || slices.Contains(allowed, w) {
			continue
		}
		lw := strings.ToLower(w)
		if slices.Contains(englishWords, lw) {
			out = append(out, w)
		}
		if l == l10n.Czech && (strings.ContainsAny(w, polishLetters) || slices.Contains(polishWords, lw)) {
			out = append(out, w)
		}
	}
	return out
}

// sample instantiates a message with neutral arguments: a mark for every
// placeholder, and 1, 2 and 5 for its plurals (Polish and Czech have a
// form for each).
func sample(d *l10n.Def, n int) l10n.Message {
	plural := d.PluralParams()
	var args []l10n.Arg
	for _, p := range d.Params() {
		if slices.Contains(plural, p) {
			args = append(args, l10n.Int(p, n))
			continue
		}
		args = append(args, l10n.Str(p, "{"+p+"}"))
	}
	return d.New(args...)
}

// TestLanguageOfMessages renders every message in the catalogue (the
// bot's own, the units', and every system's and the service's, whose
// steps, notes and refusals the bot shows) in Polish and Czech and fails
// on an English word in either, or a Polish word in Czech.
func TestLanguageOfMessages(t *testing.T) {
	allowed := append(rulebookNames(), typedWords...)
	for _, d := range l10n.All() {
		if slices.Contains(unreachable, d.ID()) {
			continue
		}
		for _, l := range []l10n.Lang{l10n.Polish, l10n.Czech} {
			for _, n := range []int{1, 2, 5} {
				if bad := leaks(l, sample(d, n).In(l), allowed); len(bad) > 0 {
					t.Errorf("%s in %s: %v in %q", d.ID(), l, bad, sample(d, n).In(l))
					break
				}
			}
		}
	}
}

// TestLanguageOfReplies reads every golden reply in Polish and Czech (every
// command and refusal they cover): each text a player reads, with the
// same checks.
func TestLanguageOfReplies(t *testing.T) {
	allowed := append(rulebookNames(), typedWords...)
	files, err := filepath.Glob("testdata/replies/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		var l l10n.Lang
		switch {
		case strings.HasSuffix(f, ".pl.json"):
			l = l10n.Polish
		case strings.HasSuffix(f, ".cs.json"):
			l = l10n.Czech
		default:
			continue
		}
		if strings.Contains(f, "/rule") {
			continue // a rule's text is the rulebook's, in its own language
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		walkTexts(dropRulesMenu(v), "", func(key, s string) {
			switch key {
			case "url", "custom_id", "filename", "name_localizations", "value":
				return
			}
			if bad := leaks(l, s, allowed); len(bad) > 0 {
				t.Errorf("%s %s: %v in %q", f, key, bad, s)
			}
		})
	}
}

// dropRulesMenu returns v without the menu of the rules an answer applied
// (custom_id "applied"): its options are the rulebook's own section
// titles, in the rulebook's language, as a rule's text is.
func dropRulesMenu(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x["custom_id"] == "applied" {
			return nil
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = dropRulesMenu(e)
		}
		return out
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			out = append(out, dropRulesMenu(e))
		}
		return out
	}
	return v
}

// walkTexts calls fn with every string in v and the key it is under.
func walkTexts(v any, key string, fn func(key, s string)) {
	switch x := v.(type) {
	case string:
		fn(key, x)
	case map[string]any:
		for k, e := range x {
			walkTexts(e, k, fn)
		}
	case []any:
		for _, e := range x {
			walkTexts(e, key, fn)
		}
	}
}

// TestLeaks: the check finds the slips players reported, and passes
// their fixed replies.
func TestLeaks(t *testing.T) {
	for _, tt := range []struct {
		lang l10n.Lang
		text string
		want int
	}{
		{l10n.Polish, "Nie można zapisać tego oddziału: invalid: a unit needs a name", 4},
		{l10n.Czech, "invalid character 'h' in literal true (expecting 'r')", 4},
		{l10n.Polish, "jego pola: attacks, quality, defense", 3},
		{l10n.Czech, "Jednotka se nenašla; nie ma oddziału", 2},
		{l10n.Polish, "Nie można zapisać tego oddziału: oddział musi mieć nazwę", 0},
		{l10n.Czech, "Použijte /settings, `ap=2 cover=true`, quality-d6", 0},
	} {
		if got := leaks(tt.lang, tt.text, nil); len(got) != tt.want {
			t.Errorf("leaks(%s, %q) = %v, want %d words", tt.lang, tt.text, got, tt.want)
		}
	}
}

// TestPlurals: counts agree with their nouns in every language (1 hit, 2
// trafienia, 5 zásahů), the forms players found wrong.
func TestPlurals(t *testing.T) {
	for _, tt := range []struct {
		id   string
		args []l10n.Arg
		lang l10n.Lang
		want string
	}{
		{"quality-d6.note.blast_per_hit", []l10n.Arg{l10n.Str("blast", "Blast"), l10n.Int("x", 3), l10n.Int("per", 1)}, l10n.English, "at most 1 hit,"},
		{"quality-d6.note.blast_per_hit", []l10n.Arg{l10n.Str("blast", "Rozprysk"), l10n.Int("x", 3), l10n.Int("per", 1)}, l10n.Polish, "najwyżej 1 trafienie,"},
		{"quality-d6.note.blast_per_hit", []l10n.Arg{l10n.Str("blast", "Rozprysk"), l10n.Int("x", 3), l10n.Int("per", 3)}, l10n.Polish, "najwyżej 3 trafienia,"},
		{"quality-d6.note.blast_per_hit", []l10n.Arg{l10n.Str("blast", "Rozprysk"), l10n.Int("x", 6), l10n.Int("per", 5)}, l10n.Polish, "najwyżej 5 trafień,"},
		{"quality-d6.note.blast_per_hit", []l10n.Arg{l10n.Str("blast", "Rozprysk"), l10n.Int("x", 3), l10n.Int("per", 1)}, l10n.Czech, "nejvýše 1 zásah,"},
		{"quality-d6.note.blast_per_hit", []l10n.Arg{l10n.Str("blast", "Rozprysk"), l10n.Int("x", 3), l10n.Int("per", 2)}, l10n.Czech, "nejvýše 2 zásahy,"},
		{"quality-d6.step.wounds", []l10n.Arg{l10n.Int("wounds", 1), l10n.Int("killed", 1), l10n.Int("models", 1), l10n.Int("toughness", 1), l10n.Int("left", 0)}, l10n.English, "1 of 1 model defeated"},
	} {
		d, ok := l10n.Lookup(tt.id)
		if !ok {
			t.Fatalf("no message %s", tt.id)
		}
		if got := d.New(tt.args...).In(tt.lang); !strings.Contains(got, tt.want) {
			t.Errorf("%s in %s = %q, want %q in it", tt.id, tt.lang, got, tt.want)
		}
	}
}
