package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"kostka"

	"github.com/bwmarrin/discordgo"

	"kostka/client"
	"kostka/l10n"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/systems/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// kostkaService is the whole Kostka service in this process, with the
// embedded rulebooks.
var kostkaService = sync.OnceValue(func() kostka.Service {
	return kostka.New(kostka.Config{Rules: search.New(rulesdata.Embedded())})
})

func newBot(t testing.TB) *Bot {
	t.Helper()
	b, err := New(Config{Service: kostkaService(), Systems: catalog.Registry(), PageURL: "https://kostka.example/"})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// interaction decodes an interaction as Discord sends it.
func interaction(t testing.TB, js string) *discordgo.Interaction {
	t.Helper()
	var i discordgo.Interaction
	if err := json.Unmarshal([]byte(js), &i); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return &i
}

// slash builds a slash command interaction in a locale.
func slash(locale, name, options string) string {
	return fmt.Sprintf(`{"id":"100","application_id":"200","type":2,"token":"tok","locale":%q,"guild_locale":"en-US",
		"member":{"user":{"id":"7","username":"ala","global_name":"Ala"}},
		"data":{"id":"300","name":%q,"type":1,"options":%s}}`, locale, name, options)
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bot -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./bot -update rewrites it after a deliberate change):\n%s", path, got)
	}
}

func indent(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCommands checks the command definitions against Discord's rules and
// the golden file.
func TestCommands(t *testing.T) {
	b := newBot(t)
	var buf bytes.Buffer
	if err := b.WriteCommands(&buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "commands.json", buf.Bytes())
	names := map[string]bool{}
	for _, c := range b.Commands() {
		names[c.Name] = true
		checkNames(t, c.Name, c.Description, c.Options, 0)
		for _, l := range []discordgo.Locale{discordgo.Polish, discordgo.Czech} {
			if c.NameLocalizations[string(l)] == "" || c.DescriptionLocalizations[string(l)] == "" {
				t.Errorf("/%s has no %s name or description", c.Name, l)
			}
		}
	}
	// Every option has a Polish and a Czech name (unless its label in
	// that language is its name, such as AP), and within a command or
	// subcommand no two options show the same name in any language.
	var checkLocalized func(path string, opts []*Option)
	checkLocalized = func(path string, opts []*Option) {
		shown := map[string]string{} // "locale name" → the option
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				checkLocalized(path+" "+o.Name, o.Options)
				continue
			}
			for _, locale := range []string{"", string(discordgo.Polish), string(discordgo.Czech)} {
				n := o.NameLocalizations[locale]
				if n == "" && locale != "" && optionName(o.DescriptionLocalizations[locale], true, false) != o.Name {
					t.Errorf("%s %s has no %s name (its label: %q)", path, o.Name, locale, o.DescriptionLocalizations[locale])
				}
				if n == "" {
					n = o.Name
				}
				if other, ok := shown[locale+" "+n]; ok {
					t.Errorf("%s: %s and %s are both called %q in %q", path, other, o.Name, n, locale)
				}
				shown[locale+" "+n] = o.Name
			}
		}
	}
	for _, c := range b.Commands() {
		checkLocalized(c.Name, c.Options)
	}
	for _, want := range []string{"roll", "odds", "test", "attack", "rule", "help", "cost"} {
		if !names[want] {
			t.Errorf("no /%s", want)
		}
	}
	// /attack has a subcommand for every system with an attack, and the
	// "game" subcommand (the saved units' or the server's system).
	for _, c := range b.Commands() {
		if c.Name != "attack" {
			continue
		}
		var subs []string
		for _, o := range c.Options {
			subs = append(subs, o.Name)
		}
		if got := strings.Join(subs, ","); got != "quality-d6,pool-k6,fantasy-k6,wzr-d20,game" {
			t.Errorf("/attack subcommands: %s", got)
		}
	}
}

// discordName is Discord's pattern for command and option names.
var discordName = regexp.MustCompile(`^[-_'\p{L}\p{N}]{1,32}$`)

// checkNames applies Discord's rules on names, descriptions and options.
func checkNames(t *testing.T, name, desc string, opts []*Option, depth int) {
	t.Helper()
	if name == "" || len([]rune(name)) > 32 || strings.ToLower(name) != name || strings.ContainsAny(name, " .") {
		t.Errorf("name %q breaks Discord's rules", name)
	}
	if n := len([]rune(desc)); n == 0 || n > 100 {
		t.Errorf("%s: description of %d characters", name, n)
	}
	if len(opts) > 25 {
		t.Errorf("%s: %d options", name, len(opts))
	}
	optional := false
	for _, o := range opts {
		if o.Required && optional {
			t.Errorf("%s: required option %s after an optional one", name, o.Name)
		}
		optional = optional || !o.Required
		if len(o.Choices) > 25 {
			t.Errorf("%s %s: %d choices", name, o.Name, len(o.Choices))
		}
		for locale, n := range o.NameLocalizations {
			if !discordName.MatchString(n) || strings.ToLower(n) != n {
				t.Errorf("%s %s: the %s name %q breaks Discord's rules", name, o.Name, locale, n)
			}
		}
		for _, d := range o.DescriptionLocalizations {
			if n := len([]rune(d)); n == 0 || n > 100 {
				t.Errorf("%s %s: a localized description of %d characters", name, o.Name, n)
			}
		}
		checkNames(t, o.Name, o.Description, o.Options, depth+1)
	}
}

func TestPing(t *testing.T) {
	res := newBot(t).Handle(context.Background(), interaction(t, `{"id":"1","application_id":"2","type":1,"token":"t"}`))
	if res.Type != discordgo.InteractionResponsePong {
		t.Errorf("PING answered %+v", res)
	}
}

func TestRoll(t *testing.T) {
	b := newBot(t)
	res := b.Handle(context.Background(), interaction(t, slash("en-US", "roll", `[{"name":"expr","type":3,"value":"4d6kh3"}]`)))
	if res.Type != discordgo.InteractionResponseChannelMessageWithSource || len(res.Data.Embeds) != 1 || res.Data.Flags != 0 {
		t.Fatalf("response %+v", res)
	}
	e := res.Data.Embeds[0]
	// The total is the headline; the expression and the dice are shown
	// once, without the total again.
	if !regexp.MustCompile(`^🎲 \d+$`).MatchString(e.Title) || !strings.HasPrefix(e.Description, "4d6kh3 → (") || strings.Count(e.Description, ",") != 3 ||
		strings.Count(e.Description, "[") != 1 || strings.Contains(e.Description, "~") || strings.Contains(e.Description, "=") {
		t.Errorf("embed %q: %q", e.Title, e.Description)
	}
	checkMarkdown(t, e.Description, boldNumbers)
	if e.Author == nil || e.Author.Name != "Ala rolls" {
		t.Errorf("author %+v", e.Author)
	}
	btn := res.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button)
	if btn.CustomID != "reroll:4d6kh3" || btn.Label != "Reroll" {
		t.Errorf("button %+v", btn)
	}
	// The button rolls again.
	again := b.Handle(context.Background(), interaction(t, `{"id":"1","application_id":"2","type":3,"token":"t","locale":"pl",
		"data":{"custom_id":"reroll:4d6kh3","component_type":2}}`))
	if len(again.Data.Embeds) != 1 || !strings.HasPrefix(again.Data.Embeds[0].Title, "🎲 ") || !strings.HasPrefix(again.Data.Embeds[0].Description, "4d6kh3 → (") {
		t.Errorf("reroll %+v", again.Data)
	}
	// A repeated roll is a line per roll, with no total of their sum.
	rep := b.Handle(context.Background(), interaction(t, slash("en-US", "roll", `[{"name":"expr","type":3,"value":"3x 2d6"}]`)))
	if d := rep.Data.Embeds[0].Description; strings.Count(d, "\n") != 2 || strings.Contains(d, "Total") || !strings.HasPrefix(d, "1\\. 2d6 → (") {
		t.Errorf("repeated roll: %q", d)
	}
	// Private rolls and errors are ephemeral.
	priv := b.Handle(context.Background(), interaction(t, slash("cs", "roll", `[{"name":"expr","type":3,"value":"d20"},{"name":"private","type":5,"value":true}]`)))
	if priv.Data.Flags != discordgo.MessageFlagsEphemeral || priv.Data.Embeds[0].Author.Name != "Ala hází" {
		t.Errorf("private %+v", priv.Data)
	}
	privBtn := priv.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button)
	againPriv := b.Handle(context.Background(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":"cs",
		"data":{"custom_id":%q,"component_type":2}}`, privBtn.CustomID)))
	if privBtn.CustomID != "rerollp:d20" || againPriv.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("rerolling a private roll: %q, flags %v", privBtn.CustomID, againPriv.Data.Flags)
	}
	// What a player types in a comment shows as typed and formats
	// nothing; success marks survive Markdown.
	for _, tt := range []struct{ expr, comment string }{
		{"1d20 # ```", "```"},
		{"1d20 # [Free Nitro](https://e.example) @everyone <@1>", "[Free Nitro](https://e.example) @everyone <@1>"},
		{"10d6>=5 # **bold** _x_ ||s||", "**bold** _x_ ||s||"},
		{"3x 2d6 # > quote", "> quote"},
	} {
		res := b.Handle(context.Background(), interaction(t, slash("en-US", "roll", fmt.Sprintf(`[{"name":"expr","type":3,"value":%q}]`, tt.expr))))
		e := res.Data.Embeds[0]
		title := checkMarkdown(t, e.Title, nil)
		desc := checkMarkdown(t, e.Description, boldNumbers)
		if !strings.Contains(title, tt.comment) || strings.Contains(desc, tt.comment) {
			t.Errorf("%s: title %q (shows %q), description %q", tt.expr, e.Title, title, desc)
		}
		if strings.HasPrefix(tt.expr, "10d6>=5") && strings.Count(desc, "✓")+strings.Count(desc, "✗") == 0 && !strings.Contains(desc, ", ") {
			t.Errorf("%s: the dice lost their marks: %q", tt.expr, desc)
		}
	}
	bad := b.Handle(context.Background(), interaction(t, slash("pl", "roll", `[{"name":"expr","type":3,"value":"2d"}]`)))
	if bad.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.HasPrefix(bad.Data.Content, "Nie udało się: ") || !strings.Contains(bad.Data.Content, "3") {
		t.Errorf("bad expression: %+v", bad.Data)
	}
}

// TestRepliesByLocale checks rendered replies in each language against
// golden files: the same command answers in Polish, Czech and English.
func TestRepliesByLocale(t *testing.T) {
	b := newBot(t)
	seed := uint64(7)
	b.seed = &seed
	sub := func(cmd, system, options string) string {
		return `{"id":"100","application_id":"200","type":2,"token":"tok","locale":"%s","guild_locale":"en-US",
		"member":{"user":{"id":"7","username":"ala","global_name":"Ala"}},
		"data":{"id":"301","name":"` + cmd + `","type":1,"options":[{"name":"` + system + `","type":1,"options":` + options + `}]}}`
	}
	cases := map[string]string{
		"roll":            slash("%s", "roll", `[{"name":"expr","type":3,"value":"3k6+2 # atak [x](https://e.example)"}]`),
		"roll-repeated":   slash("%s", "roll", `[{"name":"expr","type":3,"value":"3x 4d6kh3"}]`),
		"roll-success":    slash("%s", "roll", `[{"name":"expr","type":3,"value":"10d6>=5"}]`),
		"attack-pool-k6":  sub("attack", "pool-k6", `[{"name":"attack","type":4,"value":4},{"name":"defense","type":4,"value":3},{"name":"damage","type":4,"value":6},{"name":"armour","type":4,"value":4}]`),
		"attack-wzr-d20":  sub("attack", "wzr-d20", `[{"name":"skill","type":4,"value":13},{"name":"rate","type":4,"value":4},{"name":"strength","type":4,"value":9},{"name":"armour","type":4,"value":14}]`),
		"attack-refused":  sub("attack", "fantasy-k6", `[{"name":"attacks","type":4,"value":3},{"name":"pain","type":4,"value":3},{"name":"mode","type":3,"value":"melee"},{"name":"accuracy","type":4,"value":4}]`),
		"test-quality-d6": sub("test", "quality-d6", `[{"name":"quality","type":4,"value":4}]`),
		"roll-several":    slash("%s", "roll", `[{"name":"expr","type":3,"value":"atak: 2d6+1; obrona: 3d6; 4d6kh3 # cechy"}]`),
		"roll-too-many":   slash("%s", "roll", `[{"name":"expr","type":3,"value":"d6; d6; d6; d6; d6; d6"}]`),
		"odds-several":    slash("%s", "odds", `[{"name":"expr","type":3,"value":"útok: 2d6+1; obrana: 3d6"}]`),
		"test-odds":       sub("test", "pool-k6", `[{"name":"dice","type":4,"value":4},{"name":"odds","type":5,"value":true}]`),
		"attack-odds":     sub("attack", "quality-d6", `[{"name":"attacks","type":4,"value":6},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":4},{"name":"odds","type":5,"value":true}]`),
		"rule-none":       slash("%s", "rule", `[{"name":"query","type":3,"value":".."}]`),
		"rule":            slash("%s", "rule", `[{"name":"query","type":3,"value":"osłona"}]`),
		"odds":            slash("%s", "odds", `[{"name":"expr","type":3,"value":"3k6"}]`),
		"help":            slash("%s", "help", `[]`),
		"error":           slash("%s", "odds", `[{"name":"expr","type":3,"value":"3k"}]`),
		"cost": slash("%s", "cost", `[{"name":"models","type":4,"value":10},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":5},
			{"name":"toughness","type":4,"value":1},{"name":"weapons","type":3,"value":"1 24; 1 melee"}]`),
	}
	for _, name := range slices.Sorted(maps.Keys(cases)) { // in order: /help mentions the commands seen before it
		tmpl := cases[name]
		for _, locale := range []string{"pl", "cs", "en-US"} {
			t.Run(name+"/"+locale, func(t *testing.T) {
				res := b.Handle(context.Background(), interaction(t, fmt.Sprintf(tmpl, locale)))
				golden(t, filepath.Join("replies", name+"."+locale+".json"), indent(t, res))
				checkFiles(t, res)
				checkLimits(t, res)
				checkReplyMarkdown(t, name, res)
			})
		}
	}
}

// checkReplyMarkdown reads every text of a reply as Discord's Markdown
// does: it may format only as the bot means to (bold, italic notes, code
// and a code block; mentions in /help; in a roll, bold numbers only), with
// every marker closed, and never a link, heading, quote or list made of
// what was typed.
func checkReplyMarkdown(t *testing.T, name string, res *Response) {
	t.Helper()
	allowed := func(sp span) bool {
		if strings.HasPrefix(name, "roll") { // a roll bolds numbers only
			return boldNumbers(sp)
		}
		switch sp.kind {
		case "bold", "italic", "code", "code block":
			return sp.text != "(unclosed)"
		case "mention":
			return name == "help"
		}
		return false
	}
	texts := []string{res.Data.Content}
	for _, e := range res.Data.Embeds {
		texts = append(texts, e.Title, e.Description)
		for _, f := range e.Fields {
			texts = append(texts, f.Name, f.Value)
		}
	}
	for _, s := range texts {
		checkMarkdown(t, s, allowed)
	}
}

// checkLimits applies Discord's limits to a reply.
func checkLimits(t *testing.T, res *Response) {
	t.Helper()
	if res.Data == nil {
		res = &Response{InteractionResponse: &discordgo.InteractionResponse{Data: &discordgo.InteractionResponseData{}}, Choices: res.Choices}
	}
	if n := len([]rune(res.Data.Content)); n > maxContent {
		t.Errorf("content of %d characters", n)
	}
	for _, e := range res.Data.Embeds {
		total := len([]rune(e.Title)) + len([]rune(e.Description))
		if n := len([]rune(e.Description)); n > maxEmbedDesc {
			t.Errorf("embed description of %d characters", n)
		}
		for _, f := range e.Fields {
			total += len([]rune(f.Name)) + len([]rune(f.Value))
			if n := len([]rune(f.Value)); n > maxFieldValue {
				t.Errorf("field %s of %d characters", f.Name, n)
			}
		}
		if total > 6000 {
			t.Errorf("embed of %d characters", total)
		}
	}
	for _, c := range res.Choices {
		if len([]rune(c.Name)) > 100 || len(fmt.Sprint(c.Value)) > 100 {
			t.Errorf("choice %+v too long", c)
		}
	}
}

func TestRuleAutocomplete(t *testing.T) {
	b := newBot(t)
	res := b.Handle(context.Background(), interaction(t, `{"id":"1","application_id":"2","type":4,"token":"t","locale":"pl",
		"data":{"id":"3","name":"rule","type":1,"options":[{"name":"query","type":3,"value":"oslo","focused":true}]}}`))
	if res.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(res.Choices) == 0 || len(res.Choices) > 25 {
		t.Fatalf("autocomplete %+v", res)
	}
	if c := res.Choices[0]; c.Value != "quality-d6.oslona" || c.Name != "Osłona · Jakość i Obrona K6" {
		t.Errorf("first choice %+v", c)
	}
	checkLimits(t, res)
	// Choosing it looks the rule up by id.
	rule := b.Handle(context.Background(), interaction(t, slash("en-US", "rule", `[{"name":"query","type":3,"value":"quality-d6.oslona"}]`)))
	if e := rule.Data.Embeds[0]; e.Title != "Osłona" || e.URL != "https://kostka.example/r/quality-d6.oslona" || len(rule.Data.Components) != 0 {
		t.Errorf("rule %+v", rule.Data)
	}
	// Autocomplete with nothing typed offers nothing, quickly.
	empty := b.Handle(context.Background(), interaction(t, `{"id":"1","application_id":"2","type":4,"token":"t",
		"data":{"id":"3","name":"rule","type":1,"options":[{"name":"query","type":3,"value":"","focused":true}]}}`))
	if len(empty.Choices) != 0 {
		t.Errorf("empty autocomplete %+v", empty.Choices)
	}
	// An empty result is sent as "choices": [], which discordgo would drop.
	js, err := json.Marshal(empty)
	if err != nil || string(js) != `{"type":8,"data":{"choices":[]}}` {
		t.Errorf("empty autocomplete JSON %s %v", js, err)
	}
}

// TestRuleNoMatch: queries that are no rule get a polite ephemeral "no
// match" naming the query as typed (escaped), never a redirect's body or
// an empty rule.
func TestRuleNoMatch(t *testing.T) {
	b := newBot(t)
	for _, tt := range []struct{ query, locale, want string }{
		{"..", "pl", `Żadna zasada nie pasuje do „..”`},
		{".", "cs", `Pravidlu „.” nic neodpovídá`},
		{"./..", "en-US", `No rule matches “./..”`},
	} {
		t.Run(tt.query, func(t *testing.T) {
			res := b.Handle(context.Background(), interaction(t, slash(tt.locale, "rule", fmt.Sprintf(`[{"name":"query","type":3,"value":%q}]`, tt.query))))
			if res.Data.Flags != discordgo.MessageFlagsEphemeral || len(res.Data.Embeds) != 0 || !strings.Contains(res.Data.Content, tt.want) {
				t.Errorf("reply %q embeds %d, want it to contain %q", res.Data.Content, len(res.Data.Embeds), tt.want)
			}
			checkMarkdown(t, res.Data.Content, nil)
		})
	}
	// Buttons whose lookup the API refuses (a rule gone since the button
	// was made, a search by a rulebook no longer served) say so in the
	// player's language too, not in the API's words.
	for _, tt := range []struct{ customID, locale, want string }{
		{"read:quality-d6.nic-takiego:1", "pl", `Żadna zasada nie pasuje do „quality-d6.nic-takiego”`},
		{"more:chess:osłona", "cs", `Pravidlu „osłona” nic neodpovídá`},
	} {
		res := b.Handle(context.Background(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":%q,
			"data":{"custom_id":%q,"component_type":2}}`, tt.locale, tt.customID)))
		if shown := checkMarkdown(t, res.Data.Content, nil); res.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.HasPrefix(shown, tt.want) {
			t.Errorf("%s: %q, want %q", tt.customID, shown, tt.want)
		}
	}
}

func TestRuleSearchAndMore(t *testing.T) {
	b := newBot(t)
	res := b.Handle(context.Background(), interaction(t, slash("cs", "rule", `[{"name":"query","type":3,"value":"power shot"},{"name":"system","type":3,"value":"wzr-d20"}]`)))
	if e := res.Data.Embeds[0]; e.Title != "Do černého" || !strings.Contains(e.Description, "Power Shot") {
		t.Errorf("rule %+v", e)
	}
	btn := res.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button)
	if btn.CustomID != "more:wzr-d20:power shot" || btn.Label != "Další výsledky" {
		t.Fatalf("button %+v", btn)
	}
	more := b.Handle(context.Background(), interaction(t, `{"id":"1","application_id":"2","type":3,"token":"t","locale":"en-GB",
		"data":{"custom_id":"more:wzr-d20:power shot","component_type":2}}`))
	if more.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(more.Data.Embeds[0].Description, "wzr-d20") {
		t.Errorf("more %+v", more.Data.Embeds[0])
	}
	// Its select menu opens the chosen rule.
	menu := more.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	if menu.CustomID != openRuleID || len(menu.Options) == 0 || menu.Options[0].Description != "Warzone Resurrection d20" && !strings.Contains(menu.Options[0].Description, "d20") {
		t.Fatalf("select menu %+v", menu)
	}
	chosen := menu.Options[len(menu.Options)-1]
	opened := b.Handle(context.Background(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":"cs",
		"data":{"custom_id":%q,"component_type":3,"values":[%q]}}`, menu.CustomID, chosen.Value)))
	if len(opened.Data.Embeds) != 1 || opened.Data.Embeds[0].Title != chosen.Label {
		t.Errorf("opening %q: %+v", chosen.Value, opened.Data)
	}
	// The title counts the further results with the plural the number
	// takes ("Jeszcze 1 wynik", "Jeszcze 3 wyniki", "Dalších 8 výsledků").
	for _, tt := range []struct{ locale, query, system, want string }{
		{"pl", "power shot", "wzr-d20", `^Jeszcze (1 wynik|[234] wyniki|[5-8] wyników) dla „power shot”:$`},
		{"cs", "power shot", "wzr-d20", `^(Další 1 výsledek|Další [234] výsledky|Dalších [5-8] výsledků) pro „power shot”:$`},
		{"pl", "osłona", "", `^Jeszcze (1 wynik|[234] wyniki|[5-8] wyników) dla „osłona”:$`},
		{"cs", "osłona", "", `^(Další 1 výsledek|Další [234] výsledky|Dalších [5-8] výsledků) pro „osłona”:$`},
	} {
		more := b.Handle(context.Background(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":%q,
			"data":{"custom_id":%q,"component_type":2}}`, tt.locale, "more:"+tt.system+":"+tt.query)))
		e := more.Data.Embeds[0]
		n := strings.Count(e.Description, "\n") + 1
		if !regexp.MustCompile(tt.want).MatchString(e.Title) || !strings.Contains(e.Title, fmt.Sprint(n)) {
			t.Errorf("more results for %q in %s: %q over %d lines, want %s", tt.query, tt.locale, e.Title, n, tt.want)
		}
	}
	none := b.Handle(context.Background(), interaction(t, slash("pl", "rule", `[{"name":"query","type":3,"value":"xyzzyqq"}]`)))
	if none.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(none.Data.Content, "xyzzyqq") {
		t.Errorf("nothing found %+v", none.Data)
	}
}

// TestLongRuleIsCut checks that a rule longer than an embed is cut with a
// link to the whole text.
func TestLongRuleIsCut(t *testing.T) {
	b := newBot(t)
	long := &kostka.Rule{Section: &rulesdata.Section{ID: "x.long", System: "x", Title: "Long", Text: strings.Repeat("słowo ", 2000)}}
	e := b.ruleEmbed(pl, long)
	if n := len([]rune(e.Description)); n > maxEmbedDesc || !strings.HasSuffix(e.Description, "https://kostka.example/r/x.long") {
		t.Errorf("%d characters, ending %q", n, e.Description[len(e.Description)-80:])
	}
	// Without a page to link to, a button reads on, part by part.
	noPage, err := New(Config{Service: kostkaService(), Systems: b.cfg.Systems})
	if err != nil {
		t.Fatal(err)
	}
	all, err := kostkaService().Rules(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	longest := &kostka.Rule{Section: &rulesdata.Section{}}
	for _, x := range all {
		if r, err := kostkaService().Rule(context.Background(), x.ID); err == nil && len(r.Text) > len(longest.Text) {
			longest = r
		}
	}
	if whole := discordMarkdown(longest.Text); len([]rune(whole)) > maxEmbedDesc {
		res := noPage.Handle(context.Background(), interaction(t, slash("pl", "rule", fmt.Sprintf(`[{"name":"query","type":3,"value":%q}]`, longest.ID))))
		first := res.Data.Embeds[0].Description
		if len(longest.Aliases) > 0 {
			_, first, _ = strings.Cut(first, "\n\n")
		}
		first = strings.TrimSuffix(strings.TrimSuffix(first, "\n\n…"), "…")
		if !strings.HasPrefix(whole, first) {
			t.Fatalf("%s: the first embed does not start the text: %q", longest.ID, first[:80])
		}
		// Each "Read on" shows the next part, ephemeral, until the text
		// is read to its last character, with no gap.
		read := len([]rune(first))
		for part := 2; len(res.Data.Components) > 0; part++ {
			btn := res.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button)
			res = noPage.Handle(context.Background(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":"pl",
				"data":{"custom_id":%q,"component_type":2}}`, btn.CustomID)))
			if btn.Label != "Czytaj dalej" || res.Data.Flags != discordgo.MessageFlagsEphemeral || len(res.Data.Embeds) != 1 || !strings.HasSuffix(res.Data.Embeds[0].Title, fmt.Sprintf("(%d)", part)) {
				t.Fatalf("reading on %s: button %+v, part %d %+v", longest.ID, btn, part, res.Data)
			}
			chunk := res.Data.Embeds[0].Description
			at := strings.Index(whole, chunk)
			if at < 0 || len([]rune(whole[:at])) > read {
				t.Fatalf("%s: part %d is not the text's next part (read %d characters)", longest.ID, part, read)
			}
			read = len([]rune(whole[:at])) + len([]rune(chunk))
			checkLimits(t, res)
		}
		t.Logf("%s: %d characters read", longest.ID, read)
		if read != len([]rune(whole)) {
			t.Errorf("%s: read %d of %d characters when the buttons ended", longest.ID, read, len([]rune(whole)))
		}
	} else {
		t.Fatalf("no rule is longer than an embed (longest %s), so reading on is untested", longest.ID)
	}
	if got := discordMarkdown("A\n\n| a | b |\n|---|---|\n| 1 | 2 |\n### Sub"); got != "A\n\na · b\n1 · 2\n**Sub**" {
		t.Errorf("discordMarkdown = %q", got)
	}
}

// TestAttackEverySystem runs /attack and /test for each game system.
func TestAttackEverySystem(t *testing.T) {
	b := newBot(t)
	for _, tt := range []struct {
		cmd, system, options string
	}{
		{"attack", "quality-d6", `[{"name":"attacks","type":4,"value":10},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":5},{"name":"models","type":4,"value":5},{"name":"abilities","type":3,"value":"Brutalny, Furia"}]`},
		{"attack", "pool-k6", `[{"name":"attack","type":4,"value":4},{"name":"defense","type":4,"value":3},{"name":"damage","type":4,"value":6},{"name":"armour","type":4,"value":4}]`},
		{"attack", "wzr-d20", `[{"name":"skill","type":4,"value":13},{"name":"rate","type":4,"value":4},{"name":"strength","type":4,"value":9},{"name":"aim","type":5,"value":true},{"name":"armour","type":4,"value":14},{"name":"wounds","type":4,"value":2}]`},
		{"attack", "fantasy-k6", `[{"name":"attacks","type":4,"value":3},{"name":"pain","type":4,"value":3},{"name":"accuracy","type":4,"value":4}]`},
		// Options a mode needs that the player left out: the request
		// takes their defaults, and no error names a value never typed.
		{"attack", "fantasy-k6", `[{"name":"attacks","type":4,"value":3},{"name":"pain","type":4,"value":3}]`},
		{"attack", "wzr-d20", `[{"name":"skill","type":4,"value":13},{"name":"rate","type":4,"value":2},{"name":"strength","type":4,"value":9},{"name":"armour","type":4,"value":14}]`},
		{"test", "pool-k6", `[{"name":"dice","type":4,"value":3},{"name":"opponent-dice","type":4,"value":2}]`},
		{"test", "pool-k6", `[{"name":"dice","type":4,"value":3}]`}, // a plain test: no opponent
		{"test", "wzr-d20", `[{"name":"skill","type":4,"value":12}]`},
	} {
		t.Run(tt.cmd+" "+tt.system, func(t *testing.T) {
			js := fmt.Sprintf(`{"id":"1","application_id":"2","type":2,"token":"t","locale":"pl",
				"data":{"id":"3","name":%q,"type":1,"options":[{"name":%q,"type":1,"options":%s}]}}`, tt.cmd, tt.system, tt.options)
			res := b.Handle(context.Background(), interaction(t, js))
			if res.Data.Flags != 0 || len(res.Data.Embeds) != 1 {
				t.Fatalf("response %+v", res.Data)
			}
			e := res.Data.Embeds[0]
			if e.Description == "" || len(e.Fields) != 1 || e.Fields[0].Name != "Szanse" || !strings.ContainsAny(e.Fields[0].Value, "%⌀") {
				t.Errorf("embed %q fields %+v", e.Description, e.Fields)
			}
			checkLimits(t, res)
		})
	}
	// The reply is in the interaction's language, and a mean is a number
	// with a decimal comma, never a percentage.
	js := `{"id":"1","application_id":"2","type":2,"token":"t","locale":"cs",
		"data":{"id":"3","name":"attack","type":1,"options":[{"name":"pool-k6","type":1,"options":[{"name":"attack","type":4,"value":4},{"name":"defense","type":4,"value":3},{"name":"damage","type":4,"value":6},{"name":"armour","type":4,"value":4}]}]}}`
	res := b.Handle(context.Background(), interaction(t, js))
	if e := res.Data.Embeds; len(e) != 1 || !strings.Contains(e[0].Description, "úroveň úspěchu") ||
		!regexp.MustCompile(`(?m)^Průměrné poškození: \d+,\d+$`).MatchString(e[0].Fields[0].Value) {
		t.Errorf("Czech attack reply %+v", res.Data.Embeds)
	}
	// A value the system refuses is a polite ephemeral message naming the
	// option by its label in the player's language, not the JSON field.
	js = `{"id":"1","application_id":"2","type":2,"token":"t","locale":"en-US",
		"data":{"id":"3","name":"attack","type":1,"options":[{"name":"wzr-d20","type":1,"options":[{"name":"skill","type":4,"value":12},{"name":"rate","type":4,"value":1},{"name":"strength","type":4,"value":5},{"name":"mode","type":3,"value":"close_combat"},{"name":"aim","type":5,"value":true}]}]}}`
	res = b.Handle(context.Background(), interaction(t, js))
	if res.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(res.Data.Content, "Aim (") {
		t.Errorf("refused attack %+v", res.Data)
	}
}

func TestParseWeapons(t *testing.T) {
	got, err := parseWeapons(en, `2 24" AP1 Rozprysk(3), Brutalny; 3 melee;`)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"abilities":["Rozprysk(3)","Brutalny"],"ap":1,"attacks":2,"name":"#1","range":24},{"abilities":[],"attacks":3,"name":"#2","range":"melee"}]`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Errorf("parseWeapons = %s", b)
	}
	for _, bad := range []string{"two 24", "2", "2 24 APx"} {
		if _, err := parseWeapons(pl, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestAPIFailure checks that an unreachable API is a polite message.
func TestAPIFailure(t *testing.T) {
	remote, err := client.New("http://127.0.0.1:1", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(Config{Service: remote, Systems: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	res := b.Handle(context.Background(), interaction(t, slash("pl", "roll", `[{"name":"expr","type":3,"value":"2d6"}]`)))
	if res.Data.Flags != discordgo.MessageFlagsEphemeral || res.Data.Content != msg(pl, "error.server") {
		t.Errorf("response %+v", res.Data)
	}
	if _, err := client.New("ftp://x", nil); err == nil {
		t.Error("client.New accepted ftp")
	}
}

// TestOptionLimits checks what discordgo's types would lose: a maximum of
// 0, and that an optional nested object's fields are optional options.
func TestOptionLimits(t *testing.T) {
	b := newBot(t)
	find := func(cmd, sub, name string) *Option {
		for _, c := range b.Commands() {
			for _, s := range c.Options {
				if c.Name != cmd || s.Name != sub {
					continue
				}
				for _, o := range s.Options {
					if o.Name == name {
						return o
					}
				}
			}
		}
		t.Fatalf("no option %s %s %s", cmd, sub, name)
		return nil
	}
	for _, tt := range []struct{ cmd, sub, name string }{
		{"attack", "pool-k6", "attacker_wound_mod"}, {"attack", "pool-k6", "defender_wound_mod"}, {"attack", "wzr-d20", "heavy_cover"},
	} {
		if o := find(tt.cmd, tt.sub, tt.name); o.MaxValue == nil || *o.MaxValue != 0 {
			t.Errorf("%s %s %s: max_value %v, want 0", tt.cmd, tt.sub, tt.name, o.MaxValue)
		}
	}
	if o := find("test", "pool-k6", "opponent-dice"); o.Required {
		t.Error("/test pool-k6 opponent-dice is required; a plain test could not be sent")
	}
	var buf bytes.Buffer
	if err := b.WriteCommands(&buf); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), `"max_value": 0`); n < 3 {
		t.Errorf("the definitions send max_value 0 %d times, want at least 3", n)
	}
}

// TestUsageErrorsLocalized: what a player typed wrong is answered in the
// player's language (Polish and Czech here), with no word of another
// language (langcheck), naming the option by its localized label.
func TestUsageErrorsLocalized(t *testing.T) {
	b := newBot(t)
	cost := func(weapons string) string {
		return `[{"name":"models","type":4,"value":10},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":5},
			{"name":"weapons","type":3,"value":"` + weapons + `"}]`
	}
	for _, tt := range []struct {
		name, cmd, options, key string
	}{
		{"weapon without range", "cost", cost("2"), "weapon.shape"},
		{"weapon attacks", "cost", cost("two 24"), "weapon.attacks"},
		{"weapon AP", "cost", cost("2 24 APx"), "weapon.ap"},
		{"empty query", "rule", `[{"name":"query","type":3,"value":"  "}]`, "rule.query"},
		{"no system", "attack", `[]`, "system.choose"},
	} {
		for _, locale := range []string{"pl", "cs"} {
			t.Run(tt.name+"/"+locale, func(t *testing.T) {
				res := b.Handle(context.Background(), interaction(t, slash(locale, tt.cmd, tt.options)))
				got := res.Data.Content
				prefix := msg(l10n.Lang(locale), "error", "")
				if res.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.HasPrefix(got, prefix) {
					t.Fatalf("reply %+v, want an ephemeral %q…", res.Data, prefix)
				}
				for _, leak := range checker().Leaks(got, l10n.Lang(locale)) {
					t.Errorf("%q has %s", got, leak)
				}
			})
		}
	}
}

// TestRuleFooterAndAliases opens, through /rule, every section that has
// OCR misspellings among its search terms and a sample of the others, in
// each language: the footer is the system's name in the player's language
// and the chapter, never a section or system id; the "also" line lists the
// aliases and none of the misspellings.
func TestRuleFooterAndAliases(t *testing.T) {
	t.Parallel()
	b := newBot(t)
	var sections []*rulesdata.Section
	for _, book := range rulesdata.Embedded() {
		for i, s := range book.Sections {
			if len(s.SearchTerms) > 0 || i%40 == 0 {
				sections = append(sections, s)
			}
		}
	}
	withTerms := 0
	for _, s := range sections {
		if len(s.SearchTerms) > 0 {
			withTerms++
		}
		for _, locale := range []string{"pl", "cs", "en-US"} {
			l := lang(interaction(t, slash(locale, "help", `[]`)))
			res := b.Handle(context.Background(), interaction(t, slash(locale, "rule", fmt.Sprintf(`[{"name":"query","type":3,"value":%q}]`, s.ID))))
			if len(res.Data.Embeds) != 1 {
				t.Fatalf("%s in %s: %+v", s.ID, locale, res.Data)
			}
			e := res.Data.Embeds[0]
			sys, _ := b.cfg.Systems.Get(s.System)
			if want := sys.Name.In(l) + " · " + s.Chapter; e.Footer == nil || e.Footer.Text != want {
				t.Errorf("%s in %s: footer %+v, want %q", s.ID, locale, e.Footer, want)
			}
			also, _, _ := strings.Cut(e.Description, "\n")
			if len(s.Aliases) > 0 && !strings.Contains(also, strings.Join(s.Aliases, ", ")) {
				t.Errorf("%s in %s: the first line %q does not list the aliases %q", s.ID, locale, also, s.Aliases)
			}
			for _, typo := range s.SearchTerms {
				if strings.Contains(also, typo) || strings.Contains(e.Title, typo) {
					t.Errorf("%s in %s: the misspelling %q is shown: %q", s.ID, locale, typo, also)
				}
			}
		}
	}
	if withTerms == 0 {
		t.Fatal("no section has search terms, so hiding them is untested")
	}
}
