package bot

// The language test. Two checks together hold every reply the bot can
// send to the player's language:
//
//  1. TestLanguageOfReplies reads every golden reply in Polish and Czech
//     (testdata/replies) with internal/langcheck, the one leak checker
//     the systems, the CLI and the page share: it fails on an English word
//     in a Polish or Czech reply, on a word only Polish texts use or a
//     Polish letter in a Czech one, and on a Czech letter in a Polish one.
//     Its words come from data, not from a list: English is every word of
//     an English text the code defines (the catalogue of l10n messages,
//     and the commands' option and choice labels, which the bot builds
//     from the systems' schema labels) that no Polish or Czech text uses,
//     less langcheck's reviewed exceptions (sharedWords, each with its
//     reason); Polish is every word of a Polish text that no Czech or
//     English one uses.
//  2. TestEveryMessageHasGoldens makes the goldens cover every reply.
//     The code lists what the bot can say: a go/ast scan of the bot
//     package's files (tests excluded) and of the files of every package
//     of this module the bot imports (the service, the dice, the systems'
//     shared field errors, the units and settings store) finds every
//     message definition (l10n.Define, the bot's define), and of the game
//     systems the catalogue registers, every refusal (an id with
//     ".error."; their steps and notes are read in every plural form by
//     systems/catalog's TestCatalogueLanguages). Each one must be
//     rendered, in Polish, Czech and English, in some golden reply; the
//     template of each text becomes a pattern (a placeholder matches any
//     text, a plural any of its branches). A message the bot cannot send
//     is named in notSent with the reason. So a new message, an error
//     path above all, fails the test until a golden reply driven through
//     the real handler shows it in all three languages, and then check 1
//     reads it.

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"kostka/internal/langcheck"
	"kostka/l10n"
	"kostka/systems/catalog"
	vocab "kostka/systems/qualityd6/ability"
	"kostka/units"
)

// checker returns the leak checker of the bot's replies: the catalogue,
// the quality-d6 abilities' names as terms, and the commands' labels.
var checker = sync.OnceValue(func() *langcheck.Checker {
	var terms [][2]string
	for _, a := range vocab.All {
		terms = append(terms, [2]string{string(a.Name), a.Cs})
	}
	c := langcheck.New(terms...)
	b, err := New(Config{Service: kostkaService(), Systems: catalog.Registry(), PageURL: "https://kostka.example/"})
	if err != nil {
		panic(err)
	}
	texts := func(en string, loc map[string]string) l10n.Texts {
		return l10n.Texts{En: en, Pl: loc[string(discordgo.Polish)], Cs: loc[string(discordgo.Czech)]}
	}
	var walk func(opts []*Option)
	walk = func(opts []*Option) {
		for _, o := range opts {
			c.Learn(texts(o.Name, o.NameLocalizations), texts(o.Description, o.DescriptionLocalizations))
			for _, ch := range o.Choices {
				c.Learn(texts(ch.Name, ch.NameLocalizations))
			}
			walk(o.Options)
		}
	}
	for _, cmd := range b.Commands() {
		c.Learn(texts(cmd.Name, cmd.NameLocalizations), texts(cmd.Description, cmd.DescriptionLocalizations))
		walk(cmd.Options)
	}
	return c
})

// typed are what the goldens' requests type, which a reply quotes as
// typed: units' names (Zły, Zwiad, Łucznicy, Nowi…), their weapons' names
// (rifle, knife, łuk, nóż), the abilities on a card as the card spells
// them (Nieustraszony, Rozprysk, which a cost echoes), a roll's labels in either
// language (atak, útok), an alias's name (dwa słowa). Not leaks.
var typed = regexp.MustCompile(`(?:^|[^\p{L}])(?:` + strings.Join([]string{
	"Zły", "Zwiad", "Łucznicy", "Strzelcy", "Orki", "Nowi", "Armata", "rifle", "knife", "łuk", "nóż",
	"Nieustraszony", "Rozprysk", "atak", "obrona", "cechy", "útok", "obrana", "dwa słowa",
}, "|") + `)(?:$|[^\p{L}])`)

// ruleTitles are the titles of rules a reply lists (• **Title** ·
// Rulebook): the rulebook's own words, in its language.
var ruleTitles = regexp.MustCompile(`• \*\*[^*]+\*\*`)

// goldenTexts calls fn with the language and every text a player reads
// of every golden reply in Polish, Czech and English: each string of the
// reply but its addresses, ids, file names and the name of each case of a
// golden of several, and when rulebook is false, but the menu of the
// rules an answer applied (their titles are the rulebook's own, in its
// language, as a rule's text is).
func goldenTexts(t *testing.T, rulebook bool, fn func(file string, l l10n.Lang, key, s string)) {
	t.Helper()
	files, err := filepath.Glob("testdata/replies/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden replies: %v", err)
	}
	for _, f := range files {
		var l l10n.Lang
		switch {
		case strings.HasSuffix(f, ".pl.json"):
			l = l10n.Polish
		case strings.HasSuffix(f, ".cs.json"):
			l = l10n.Czech
		case strings.HasSuffix(f, ".en-US.json"):
			l = l10n.English
		default:
			t.Fatalf("%s: no language in the name", f)
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !rulebook {
			v = dropRulesMenu(v)
		}
		walkTexts(v, "", func(key, s string) {
			switch key {
			case "url", "custom_id", "filename", "name_localizations", "value", "id", "case":
				return
			}
			fn(f, l, key, s)
		})
	}
}

// TestLanguageOfReplies reads every golden reply in Polish and Czech
// (every command, reply and refusal they cover) with langcheck.
func TestLanguageOfReplies(t *testing.T) {
	c := checker()
	goldenTexts(t, false, func(f string, l l10n.Lang, key, s string) {
		if l == l10n.English || strings.Contains(f, "/rule") && key != "content" {
			return // a rule's text is the rulebook's, in its own language
		}
		s = ruleTitles.ReplaceAllString(typed.ReplaceAllString(s, " "), " ")
		for _, leak := range c.Leaks(s, l) {
			t.Errorf("%s %s: %s in %q", f, key, leak, s)
		}
	})
}

// notSent are the messages of the packages the bot imports that no
// reply of the bot can show, by id or id prefix (ending in "."), each
// with its reason.
var notSent = map[string]string{
	"compare.count":                       "the API's count of sides; /compare's options take two to four units (bot.compare.few refuses fewer) and one target",
	"compare.no_attack":                   "every system in the catalogue has an attack to compare",
	"compare.points":                      "given points; /compare sends none, a saved unit is priced by its system",
	"compare.reading":                     "how the API computes a comparison; the reply leaves that note out",
	"compare.unit_and_profile":            "the API's sides by name or profile; /compare sends saved units by name only",
	"compare.unknown_preset":              "the API's preset ids; /compare takes a target it does not know as a saved unit's name (bot.unit.notfound)",
	"compare.unknown_unit":                "the API's saved units; /compare finds each unit itself first and refuses an unknown one with its own reply",
	"compare.not_priced":                  "the cost formula's refusal of a profile; saved units are checked by the same schemas when saved, and no known saved unit reaches it",
	"api.title.":                          "problem titles of the HTTP API; a reply shows a problem's detail",
	"api.error.body-":                     "the HTTP API's request body; the bot builds its requests",
	"api.error.type":                      "the HTTP API's JSON type errors; the bot's options are typed by Discord",
	"api.error.mode":                      "the HTTP API's mode parameter; the bot always sets the mode",
	"api.error.lang":                      "the HTTP API's lang parameter; the bot's language is the player's locale",
	"api.error.query-":                    "the HTTP API's q parameter; /rule refuses an empty query with bot.rule.query, and Discord sends UTF-8 of at most 100 characters",
	"api.error.limit":                     "the HTTP API's limit parameter; the bot sets it",
	"api.error.no-rulebook":               "the HTTP API's rulebook parameter; the bot searches every rulebook",
	"api.error.no-rules":                  "a server without rulebooks; the bot always has them",
	"api.error.expr-required":             "the HTTP API's expr parameter; Discord requires the option",
	"api.error.no-system":                 "the HTTP API's system path; a bot command names a system of its own menu",
	"api.error.no-action":                 "the HTTP API's action path; a bot command names an action the system has",
	"api.error.no-rule":                   "the HTTP API's /v1/rules/{id}; the bot looks a rule up by search",
	"api.kind.":                           "kinds of JSON values in the HTTP API's type errors (api.error.type)",
	"request.not_json":                    "a request body that is no JSON; the bot builds its requests",
	"dice.note.":                          "a roll's notes, which the API and the page show; the bot's reply shows the dice and the total (bot/replies.go)",
	"dice.reading.":                       "how an expression was read, which the API and the page show; the bot's reply shows the dice and the total",
	"dice.error.invalid":                  "the fallback of a syntax error of no known kind; every kind has its message",
	"dice.error.limit":                    "the fallback of a limit of no known kind; every kind has its message",
	"dice.error.odds-keep":                "the odds name the part they cannot compute (dice.error.odds-part); this form is for a refusal without its part",
	"dice.error.odds-memory":              "a guard: no expression within the dice limits is known to reach it before the work limit (dice.error.odds-work)",
	"dice.error.too-many-parts":           "the bot splits rolls joined with ';' itself (bot.rolls.count)",
	"dice.error.odds-parts":               "the bot splits rolls joined with ';' itself, and answers the odds of each",
	"dice.modifier.keep":                  "names a keep or drop given twice, which the notation allows (4d6kh3dh1 chains them)",
	"bot.chart.outside":                   "drawn into a chart's picture, not a text (chart_test draws it)",
	"bot.unit.limit.document":             "the store's own limit on an owner's document, which units.DefaultLimits keep every document far under (100 units of 2 KiB against 350,000 bytes)",
	"bot.unit.notvalid":                   "the fallback for a units refusal without a localized detail; every refusal of the units package carries one (a *systems.FieldError)",
	"units.name.utf8":                     "Discord's JSON and an import file's reach the store as valid UTF-8 (encoding/json replaces invalid bytes)",
	"units.system.noprofile":              "every system of the catalogue has the action a profile is checked by (TestEveryMessageHasGoldens checks it)",
	"field.when":                          "the bot checks that an option applies in the mode chosen before it asks the service (bot.when), and leaves out a saved field that does not (units.Applicable)",
	"units.system.other":                  "the bot checks a saved unit's system before it reads its profile (bot.unit.other-system)",
	"quality-d6.error.in_weapons":         "the bot fires a saved unit's weapons or the one weapon typed, and leaves out the single weapon's fields when it fires the list (units.AttackRequest)",
	"quality-d6.error.weapons_groups":     "groups (a unit with a joined hero) have no option in the bot (x-discord false), and a saved profile cannot hold them (its placeholders give models, which groups exclude)",
	"quality-d6.error.group_toughness":    "groups have no option in the bot, and a saved profile cannot hold them (see weapons_groups)",
	"quality-d6.error.fresh_groups":       "groups have no option in the bot, and a saved profile cannot hold them (see weapons_groups)",
	"quality-d6.error.not_weapon_ability": "a saved weapon's abilities are checked by the cost when the unit is saved (quality-d6.cost.*), and the bot reads a typed weapon itself (bot.weapon.*)",
	"field.pattern":                       "the one pattern (quality-d6's weapon range) is read by the cost first, whose refusal is units.cost.type; the bot reads a typed range itself (bot.weapon.shape)",
}

// sentMessages lists the ids of every message the code defines in the bot
// package and the packages of this module it imports (their files, not
// their tests), by a go/ast scan: each l10n.Define call's literal id, and
// each call of a package's wrapper of it (a function that defines the id
// "prefix." + its first parameter, as the bot's define does) with a
// literal first argument.
func sentMessages(t *testing.T) map[string]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.Dir}}{{range .Imports}} {{.}}{{end}}`, ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	fields := strings.Fields(string(out))
	dirs := []string{fields[0]}
	var pkgs []string
	for _, p := range fields[1:] {
		if p == "kostka" || strings.HasPrefix(p, "kostka/") {
			pkgs = append(pkgs, p)
		}
	}
	// The game systems the bot calls through the catalogue: their
	// refusals (ids with ".error.").
	out, err = exec.Command("go", "list", "-f", `{{join .Imports " "}}`, "kostka/systems/catalog").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	systemPkgs := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "kostka/systems/") && !slices.Contains(pkgs, p) {
			pkgs = append(pkgs, p)
			systemPkgs[p] = true
		}
	}
	out, err = exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}} {{.Dir}}"}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", pkgs, err)
	}
	errorsOnly := map[string]bool{} // dir → only refusals count
	for line := range strings.Lines(string(out)) {
		path, dir, _ := strings.Cut(strings.TrimSpace(line), " ")
		dirs = append(dirs, dir)
		errorsOnly[dir] = systemPkgs[path]
	}
	ids := map[string]string{} // id → where it is defined
	fset := token.NewFileSet()
	for _, dir := range dirs {
		var files []*ast.File
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range names {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, file)
		}
		// isDefine reports whether a call is l10n.Define (Define in l10n).
		isDefine := func(file *ast.File, call *ast.CallExpr) bool {
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				x, ok := fn.X.(*ast.Ident)
				return ok && x.Name == "l10n" && fn.Sel.Name == "Define" && len(call.Args) == 2
			case *ast.Ident:
				return fn.Name == "Define" && file.Name.Name == "l10n" && len(call.Args) == 2
			}
			return false
		}
		// The package's wrappers: function name → the prefix it adds.
		wrappers := map[string]string{}
		for _, file := range files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil || len(fd.Type.Params.List) == 0 || len(fd.Type.Params.List[0].Names) == 0 {
					continue
				}
				param := fd.Type.Params.List[0].Names[0].Name
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || !isDefine(file, call) {
						return true
					}
					if bin, ok := call.Args[0].(*ast.BinaryExpr); ok && bin.Op == token.ADD {
						prefix, _ := literalPrefix(bin.X)
						if y, ok := bin.Y.(*ast.Ident); ok && y.Name == param && prefix != "" {
							wrappers[fd.Name.Name] = prefix
						}
					}
					return true
				})
			}
		}
		for _, file := range files {
			ast.Inspect(file, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				prefix := ""
				if fn, ok := call.Fun.(*ast.Ident); ok && wrappers[fn.Name] != "" {
					prefix = wrappers[fn.Name]
				} else if !isDefine(file, call) {
					return true
				}
				if id, whole := literalPrefix(call.Args[0]); whole && (!errorsOnly[dir] || strings.Contains(id, ".error.")) {
					ids[prefix+id] = fset.Position(call.Pos()).String()
				}
				return true
			})
		}
	}
	if len(ids) < 100 {
		t.Fatalf("the scan found %d messages; the bot and its packages define more", len(ids))
	}
	return ids
}

// literalPrefix returns the string literal an expression starts with, and
// whether the expression is that literal alone.
func literalPrefix(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
			return s, true
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			s, _ := literalPrefix(x.X)
			return s, false
		}
	}
	return "", false
}

// skipped returns the reason a message id is not sent, or "".
func skipped(id string) string {
	for k, why := range notSent {
		if id == k || strings.HasSuffix(k, ".") && strings.HasPrefix(id, k) || strings.HasSuffix(k, "-") && strings.HasPrefix(id, k) {
			return why
		}
	}
	return ""
}

// pattern turns a message's text into a regular expression of what it
// renders to: literal text as it is (with any Markdown escape the reply
// adds), a placeholder as any text, a plural as any of its branches with
// # as a number, and a command it names (one of commands, "unit save")
// as it or the mention or bold localized name a reply shows instead (see
// mentionCommands).
func pattern(text string, commands []string) string {
	var b strings.Builder
	var seq func(inPlural bool)
	i := 0
	seq = func(inPlural bool) {
		for i < len(text) {
			switch c := text[i]; {
			case c == '}':
				return
			case c == '#' && inPlural:
				b.WriteString(`[\d\s  ]+`)
				i++
			case c == '{':
				end := strings.IndexAny(text[i:], ",}")
				if text[i+end] == '}' {
					b.WriteString(`(?s:.*?)`)
					i += end + 1
					continue
				}
				i += end + 1
				i += strings.IndexByte(text[i:], ',') + 1 // past "plural,"
				b.WriteString("(?:")
				first := true
				for {
					for i < len(text) && text[i] == ' ' {
						i++
					}
					if text[i] == '}' {
						i++
						break
					}
					i += strings.IndexByte(text[i:], '{') + 1
					if !first {
						b.WriteString("|")
					}
					first = false
					seq(true)
					i++ // the branch's }
				}
				b.WriteString(")")
			case c == '/' && (i == 0 || strings.ContainsRune(" („“\"", rune(text[i-1]))):
				cmd := ""
				for _, name := range commands {
					if rest := text[i+1:]; strings.HasPrefix(rest, name) && len(name) > len(cmd) &&
						(len(rest) == len(name) || !unicode.IsLetter(rune(rest[len(name)]))) {
						cmd = name
					}
				}
				if cmd == "" {
					b.WriteString("/")
					i++
					continue
				}
				b.WriteString(`(?:</[^>]+>|\*\*/[^*]+\*\*|/` + regexp.QuoteMeta(cmd) + `)`)
				i += 1 + len(cmd)
			default:
				r := []rune(text[i:])[0]
				if r < 128 && unicode.IsPunct(r) || r == '`' || r == '|' || r == '>' || r == '<' || r == '~' || r == '+' {
					b.WriteString(`\\?`)
				}
				b.WriteString(regexp.QuoteMeta(string(r)))
				i += len(string(r))
			}
		}
	}
	seq(false)
	return b.String()
}

// TestEveryMessageHasGoldens: every message the code lists for the bot
// (sentMessages), less notSent, is rendered in a golden reply in each of
// Polish, Czech and English (see the top of this file).
func TestEveryMessageHasGoldens(t *testing.T) {
	ids := sentMessages(t)
	var commands []string // "roll", "unit save"…
	for _, c := range newBot(t).Commands() {
		commands = append(commands, c.Name)
		for _, o := range c.Options {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				commands = append(commands, c.Name+" "+o.Name)
			}
		}
	}
	for _, id := range catalog.Registry().IDs() { // see notSent's units.system.noprofile
		if sys, _ := catalog.Registry().Get(id); sys.Actions[units.ProfileAction] == nil {
			t.Errorf("%s has no %s action: units.system.noprofile is sent, and needs a golden", id, units.ProfileAction)
		}
	}
	texts := map[l10n.Lang][]string{}
	goldenTexts(t, true, func(_ string, l l10n.Lang, _ string, s string) { texts[l] = append(texts[l], s) })
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range ids {
			if !yield(id) {
				return
			}
		}
	}) {
		if skipped(id) != "" {
			continue
		}
		d, ok := l10n.Lookup(id)
		if !ok {
			t.Errorf("%s (%s) is not defined when the bot runs", id, ids[id])
			continue
		}
		for _, l := range []l10n.Lang{l10n.Polish, l10n.Czech, l10n.English} {
			re := regexp.MustCompile(`(?:^|[^\p{L}])(?:` + pattern(d.Texts().In(l), commands) + `)(?:$|[^\p{L}])`)
			if !slices.ContainsFunc(texts[l], re.MatchString) {
				t.Errorf("%s (%s) is in no golden reply in %s: %q", id, ids[id], l, d.Texts().In(l))
			}
		}
	}
	for k := range notSent {
		if !slices.ContainsFunc(slices.Collect(func(yield func(string) bool) {
			for id := range ids {
				if !yield(id) {
					return
				}
			}
		}), func(id string) bool { return skipped(id) != "" && (id == k || strings.HasPrefix(id, k)) }) {
			t.Errorf("notSent names %q, which the scan does not find: drop it", k)
		}
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
			if _, option := x["label"]; k == "value" && !option {
				k = "field_value" // an embed field's text, not a menu option's id
			}
			walkTexts(e, k, fn)
		}
	case []any:
		for _, e := range x {
			walkTexts(e, key, fn)
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
