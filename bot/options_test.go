package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
)

// TestEverySubcommandPrivateAndOdds: every system's /test and /attack
// subcommand has private and odds, and a subcommand whose schema leaves
// fields out of its options ("x-discord": false) has fields, where each of
// them can be typed by its name in every language.
func TestEverySubcommandPrivateAndOdds(t *testing.T) {
	b := newBot(t)
	_, actions := b.definitions()
	for _, c := range b.Commands() {
		if c.Name != "test" && c.Name != "attack" {
			continue
		}
		for _, sub := range c.Options {
			if sub.Name == gameSubcommand {
				continue
			}
			ac := actions[c.Name+" "+sub.Name]
			if ac == nil {
				t.Fatalf("/%s %s has no action", c.Name, sub.Name)
			}
			var names []string
			for _, o := range sub.Options {
				names = append(names, o.Name)
			}
			for _, want := range []string{oddsOptionName, "private"} {
				if !slices.Contains(names, want) {
					t.Errorf("/%s %s has no %s option: %v", c.Name, sub.Name, want, names)
				}
			}
			var typedOnly []param
			for _, p := range ac.params {
				if p.typedOnly {
					typedOnly = append(typedOnly, p)
				} else if !slices.Contains(names, p.option) {
					t.Errorf("/%s %s: the field %s is neither an option nor typed only", c.Name, sub.Name, p.option)
				}
			}
			if hasFields := slices.Contains(names, fieldsOptionName); hasFields != (len(typedOnly) > 0) {
				t.Errorf("/%s %s: a fields option %v, with %d fields typed only", c.Name, sub.Name, hasFields, len(typedOnly))
			}
			// Each field typed only is reached by its name in each
			// language, through the subcommand's fields option.
			for _, p := range typedOnly {
				for _, l := range []l10n.Lang{en, pl, cs} {
					opts := []*discordgo.ApplicationCommandInteractionDataOption{{Name: fieldsOptionName, Type: discordgo.ApplicationCommandOptionString, Value: p.name(l) + "=" + sample(p)}}
					got, err := ac.withTyped(l, "S", opts)
					if err != nil {
						t.Errorf("/%s %s fields:%v: %v", c.Name, sub.Name, opts[0].Value, err)
						continue
					}
					if o := option(got, p.option); o == nil {
						t.Errorf("/%s %s fields:%v does not give %s", c.Name, sub.Name, opts[0].Value, p.option)
					}
				}
			}
		}
	}
}

// sample is a value of a field's kind as a player types it.
func sample(p param) string {
	switch p.kind {
	case "boolean":
		return "true"
	case "integer", "number":
		return "1"
	}
	for v := range p.values {
		return v
	}
	return "x"
}

// TestCommandSize holds every command to Discord's limit on a command's
// size: at most 8000 characters of names, descriptions and choices' names
// and values, counting the longest of each text's localizations.
func TestCommandSize(t *testing.T) {
	longest := func(s string, loc map[string]string) int {
		n := len([]rune(s))
		for _, v := range loc {
			n = max(n, len([]rune(v)))
		}
		return n
	}
	var size func(opts []*Option) int
	size = func(opts []*Option) int {
		n := 0
		for _, o := range opts {
			n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations) + size(o.Options)
			for _, c := range o.Choices {
				n += longest(c.Name, c.NameLocalizations) + len([]rune(fmt.Sprint(c.Value)))
			}
		}
		return n
	}
	for _, c := range newBot(t).Commands() {
		n := longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations) + size(c.Options)
		if n > 8000 {
			t.Errorf("/%s has %d characters; Discord allows 8000", c.Name, n)
		}
		if c.Name == "attack" && n < 1000 {
			t.Errorf("/attack has only %d characters: the count reads nothing", n)
		}
	}
}

// TestSubcommandFieldsReplies checks, in golden replies in each language,
// /attack quality-d6 private (ephemeral), /attack pool-k6 odds (a chart),
// fields typed in a subcommand's fields option by their names in the
// player's language (a field with no option: Podkręcenie doubles the
// attacks in the last round), the private attack's roll again (private
// too), and the polite refusals of what is typed
// wrong there.
func TestSubcommandFieldsReplies(t *testing.T) {
	b := newBot(t)
	seed := uint64(7)
	b.seed = &seed
	sub := func(locale, cmd, system string, opts ...string) string {
		return fmt.Sprintf(`{"id":"100","application_id":"200","type":2,"token":"tok","locale":%q,"guild_locale":"en-US",
		"member":{"user":{"id":"7","username":"ala","global_name":"Ala"}},
		"data":{"id":"301","name":%q,"type":1,"options":%s}}`, locale, cmd, subcommand(system, opts...))
	}
	yes := `{"name":"private","type":5,"value":true}`
	odds := `{"name":"odds","type":5,"value":true}`
	q := []string{num("attacks", 6), num("quality", 4), num("defense", 4)}
	p := []string{num("attack", 4), num("defense", 3), num("damage", 6), num("armour", 4)}
	// byLang are a field's names as a player of each locale types them.
	byLang := func(pl, cs, en string) map[string]string { return map[string]string{"pl": pl, "cs": cs, "en-US": en} }
	for _, tc := range []struct {
		name, cmd, system string
		opts              func(locale string) []string
		check             func(t *testing.T, res *Response)
	}{
		{"attack-private", "attack", "quality-d6", func(string) []string { return append(slices.Clone(q), yes) }, func(t *testing.T, res *Response) {
			if res.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || len(res.Data.Embeds) != 1 {
				t.Errorf("a private attack: flags %v, %d embeds", res.Data.Flags, len(res.Data.Embeds))
			}
			// Its roll again answers privately too, with its own button
			// private again.
			ids := responseButtons(res)
			if len(ids) != 1 || !strings.HasPrefix(ids[0], privateActPrefix) {
				t.Fatalf("a private attack's buttons %q", ids)
			}
			again := b.Handle(context.Background(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":"pl",
				"data":{"custom_id":%q,"component_type":2}}`, ids[0])))
			if again.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || len(again.Data.Embeds) != 1 || !slices.Equal(responseButtons(again), ids) {
				t.Errorf("rolled again: flags %v, %d embeds, buttons %q", again.Data.Flags, len(again.Data.Embeds), responseButtons(again))
			}
		}},
		{"attack-pool-k6-odds", "attack", "pool-k6", func(string) []string { return append(slices.Clone(p), odds) }, func(t *testing.T, res *Response) {
			if !hasFiles(res) || res.Data.Files[0].ContentType != "image/png" || res.Data.Flags != 0 {
				t.Errorf("the odds of a pool-k6 attack: files %v, flags %v", res.Data.Files, res.Data.Flags)
			}
		}},
		{"attack-fields", "attack", "quality-d6", func(locale string) []string {
			return append(slices.Clone(q), str("abilities", "Podkręcenie"), str("fields", byLang("ostatnia-runda=tak", "poslední-kolo=ano", "last_round=yes")[locale]))
		}, func(t *testing.T, res *Response) {
			if res.Data.Flags != 0 || len(res.Data.Embeds) != 1 || !strings.Contains(res.Data.Embeds[0].Description, "12") {
				t.Errorf("a field typed in fields did not double the attacks: %+v", res.Data)
			}
		}},
		{"attack-fields-pool-k6", "attack", "pool-k6", func(locale string) []string {
			return append(slices.Clone(p), str("fields", byLang(`stealth-obrońcy=3 zapalająca=tak`, `stealth-obránce=3 zápalná=ano`, `stealth=3 incendiary=true`)[locale]))
		}, func(t *testing.T, res *Response) {
			if res.Data.Flags != 0 || len(res.Data.Embeds) != 1 || !strings.Contains(res.Data.Embeds[0].Description, "Stealth") {
				t.Errorf("stealth typed in fields is not in the attack: %+v", res.Data)
			}
		}},
		{"attack-fields-unknown", "attack", "quality-d6", func(string) []string { return append(slices.Clone(q), str("fields", "lasery=2")) }, refused},
		{"attack-fields-value", "attack", "quality-d6", func(locale string) []string {
			return append(slices.Clone(q), str("fields", byLang("ostatnia-runda=może", "poslední-kolo=možná", "last_round=maybe")[locale]))
		}, refused},
		{"attack-fields-when", "attack", "pool-k6", func(string) []string { return append(slices.Clone(p), str("fields", "ae=3")) }, refused},
		{"attack-fields-markdown", "attack", "quality-d6", func(string) []string { return append(slices.Clone(q), str("fields", "**x**=1")) }, func(t *testing.T, res *Response) {
			refused(t, res)
			if !strings.Contains(res.Data.Content, `\*\*x\*\*`) {
				t.Errorf("a typed name's Markdown is not escaped: %q", res.Data.Content)
			}
		}},
	} {
		for _, locale := range []string{"pl", "cs", "en-US"} {
			t.Run(tc.name+"/"+locale, func(t *testing.T) {
				res := b.Handle(context.Background(), interaction(t, sub(locale, tc.cmd, tc.system, tc.opts(locale)...)))
				golden(t, filepath.Join("replies", tc.name+"."+locale+".json"), indent(t, res))
				checkFiles(t, res)
				checkLimits(t, res)
				checkReplyMarkdown(t, tc.name, res)
				tc.check(t, res)
			})
		}
	}
}

// refused checks that a reply is a polite refusal, for its player only.
func refused(t *testing.T, res *Response) {
	t.Helper()
	if res.Data.Flags != discordgo.MessageFlagsEphemeral || len(res.Data.Embeds) != 0 || res.Data.Content == "" {
		t.Errorf("not a refusal: %+v", res.Data)
	}
}

// responseButtons are the custom ids of a response's buttons.
func responseButtons(res *Response) []string {
	var out []string
	for _, row := range res.Data.Components {
		if r, ok := row.(discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if btn, ok := c.(discordgo.Button); ok {
					out = append(out, btn.CustomID)
				}
			}
		}
	}
	return out
}

// FuzzSubcommandFields: whatever is typed in /attack pool-k6 fields, the
// answer is the attack or a polite refusal for its player only, never a
// panic or a server error.
func FuzzSubcommandFields(f *testing.F) {
	b := newBot(f)
	for _, seed := range []string{"stealth=3 incendiary=true", "ae=3", "mode=indirect ae=2 target_distance=1,5", "stealth-obrońcy=9", "=", `"`, "**x**=1", "range=daleki", "cover=hard"} {
		f.Add(seed)
	}
	serverError := msg(en, "error.server")
	f.Fuzz(func(t *testing.T, typed string) {
		opts := strings.Join([]string{num("attack", 4), num("defense", 3), num("damage", 6), num("armour", 4), str(fieldsOptionName, typed)}, ",")
		res := b.Handle(context.Background(), interaction(t, slash("en-US", "attack", `[{"name":"pool-k6","type":1,"options":[`+opts+`]}]`)))
		if res == nil || res.Data == nil {
			t.Fatalf("%q: no answer", typed)
		}
		refusal := res.Data.Flags == discordgo.MessageFlagsEphemeral && res.Data.Content != "" && len(res.Data.Embeds) == 0
		if res.Data.Content == serverError || !refusal && len(res.Data.Embeds) != 1 {
			t.Fatalf("%q: answered %+v", typed, res.Data)
		}
	})
}
