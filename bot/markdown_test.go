package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
)

// span is formatting Discord would apply: its kind and what it covers.
type span struct{ kind, text string }

// renderMarkdown reads s the way Discord's Markdown does, strictly: it
// returns the text a player sees and every piece of formatting an
// unescaped marker opens (bold, italic, underline, strike, spoiler, code,
// a code block, a masked link, a heading, a quote, a list, a mention). An
// unclosed marker counts as opened, so what only might format is caught.
func renderMarkdown(s string) (plain string, spans []span) {
	var out strings.Builder
	open := map[string]int{} // kind → offset in out where it opened
	toggle := func(kind string) {
		if at, ok := open[kind]; ok {
			spans = append(spans, span{kind, out.String()[at:]})
			delete(open, kind)
			return
		}
		open[kind] = out.Len()
	}
	lineStart := true
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		rest := string(rs[i:])
		if lineStart {
			lineStart = false
			for _, p := range []struct{ prefix, kind string }{
				{"# ", "heading"}, {"## ", "heading"}, {"### ", "heading"}, {"-# ", "subtext"},
				{"> ", "quote"}, {">>> ", "quote"}, {"- ", "list"}, {"* ", "list"},
			} {
				if strings.HasPrefix(rest, p.prefix) {
					spans = append(spans, span{p.kind, ""})
				}
			}
			j := i
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			if j > i && strings.HasPrefix(string(rs[j:]), ". ") {
				spans = append(spans, span{"ordered list", ""})
			}
		}
		switch {
		case c == '\\' && i+1 < len(rs) && rs[i+1] < 128 && unicode.IsPunct(rs[i+1]) || c == '\\' && i+1 < len(rs) && strings.ContainsRune("<>|~`^+=$", rs[i+1]):
			out.WriteRune(rs[i+1])
			i++
		case c == '\n':
			out.WriteRune(c)
			lineStart = true
		case strings.HasPrefix(rest, "```"):
			toggle("code block")
			i += 2
		case c == '`':
			toggle("code")
		case strings.HasPrefix(rest, "**"):
			toggle("bold")
			i++
		case strings.HasPrefix(rest, "__"):
			toggle("underline")
			i++
		case strings.HasPrefix(rest, "~~"):
			toggle("strike")
			i++
		case strings.HasPrefix(rest, "||"):
			toggle("spoiler")
			i++
		case c == '*' || c == '_':
			toggle("italic")
		case c == '[' && strings.Contains(rest, "]("):
			spans = append(spans, span{"link", ""})
			out.WriteRune(c)
		case c == '<' && len(rest) > 1 && strings.ContainsRune("@#:/a", rs[i+1]):
			spans = append(spans, span{"mention", ""})
			out.WriteRune(c)
		case strings.HasPrefix(rest, "@everyone") || strings.HasPrefix(rest, "@here"):
			spans = append(spans, span{"mention", ""})
			out.WriteRune(c)
		default:
			out.WriteRune(c)
		}
	}
	for kind := range open {
		spans = append(spans, span{kind, "(unclosed)"})
	}
	return out.String(), spans
}

// checkMarkdown fails unless every piece of formatting s opens is allowed
// (allowed reports whether a span is one the bot intends), and returns the
// text a player sees.
func checkMarkdown(t *testing.T, s string, allowed func(span) bool) string {
	t.Helper()
	plain, spans := renderMarkdown(s)
	for _, sp := range spans {
		if allowed == nil || !allowed(sp) {
			t.Errorf("%q opens %s %q", s, sp.kind, sp.text)
		}
	}
	return plain
}

// boldNumbers allows bold digits only: a die's natural maximum, a total.
func boldNumbers(sp span) bool {
	return sp.kind == "bold" && sp.text != "" && strings.Trim(sp.text, "0123456789") == ""
}

// TestRenderMarkdown checks the checker: it must catch what it is for.
func TestRenderMarkdown(t *testing.T) {
	for _, tt := range []struct {
		in, plain string
		kinds     string
	}{
		{`a \*b\* c`, "a *b* c", ""},
		{"a *b* c", "a b c", "italic"},
		{"**6** ✓", "6 ✓", "bold"},
		{"x ``` y", "x  y", "code block"},
		{"[Free](https://e.example)", "[Free](https://e.example)", "link"},
		{"# big", "# big", "heading"},
		{`\# big`, "# big", ""},
		{"hi @everyone", "hi @everyone", "mention"},
		{`hi \@everyone`, "hi @everyone", ""},
		{"1. one", "1. one", "ordered list"},
		{`1\. one`, "1. one", ""},
		{"||spoiler||", "spoiler", "spoiler"},
	} {
		plain, spans := renderMarkdown(tt.in)
		var kinds []string
		for _, s := range spans {
			kinds = append(kinds, s.kind)
		}
		if plain != tt.plain || strings.Join(kinds, ",") != tt.kinds {
			t.Errorf("renderMarkdown(%q) = %q %v, want %q %s", tt.in, plain, kinds, tt.plain, tt.kinds)
		}
	}
}

// TestEscapeMarkdown: escaped, anything a player types shows as typed
// and opens nothing.
func TestEscapeMarkdown(t *testing.T) {
	for _, in := range []string{
		"```", "[Free Nitro](https://e.example)", "# heading", "> quote", "- list", "1. list", "**bold** _it_ __u__ ~~s~~ ||sp||",
		"@everyone <@123> <#1> </cmd:1>", `back\slash \*`, "a_b*c", "-# small",
	} {
		got := escapeMarkdown(in)
		if plain := checkMarkdown(t, got, nil); plain != in {
			t.Errorf("escapeMarkdown(%q) = %q shows %q", in, got, plain)
		}
	}
}

func TestMoreResultsPlurals(t *testing.T) {
	for _, tt := range []struct {
		l    l10n.Lang
		n    int
		want string
	}{
		{pl, 1, "Jeszcze 1 wynik"}, {pl, 3, "Jeszcze 3 wyniki"}, {pl, 5, "Jeszcze 5 wyników"}, {pl, 22, "Jeszcze 22 wyniki"},
		{cs, 1, "Další 1 výsledek"}, {cs, 4, "Další 4 výsledky"}, {cs, 8, "Dalších 8 výsledků"},
		{en, 1, "1 more result"}, {en, 2, "2 more results"},
	} {
		if got := moreResults.New(l10n.Int("n", tt.n)).In(tt.l); got != tt.want {
			t.Errorf("%s %d: %q, want %q", tt.l, tt.n, got, tt.want)
		}
	}
}

// TestOddsSummary: the true minimum of a large pool, numbers with a
// decimal comma in Polish and Czech.
func TestOddsSummary(t *testing.T) {
	b := newBot(t)
	for _, tt := range []struct{ locale, expr, want string }{
		{"en-US", "1000d6", "min 1000 · max 6000 · mean 3500 ·"},
		{"pl", "3k6", "min 3 · maks 18 · średnia 10,5 · σ 2,96"},
		{"cs", "3k6", "min 3 · max 18 · průměr 10,5 · σ 2,96"},
		{"pl", "3k6", "P(≥ 11) = 50%"},
		{"cs", "3k6", "P(≥ 9) = 74,1\u00a0%"},
	} {
		res := b.Handle(context.Background(), interaction(t, slash(tt.locale, "odds", fmt.Sprintf(`[{"name":"expr","type":3,"value":%q}]`, tt.expr))))
		if len(res.Data.Embeds) != 1 || !strings.Contains(res.Data.Embeds[0].Description, tt.want) {
			t.Errorf("/odds %s in %s: %+v, want %q", tt.expr, tt.locale, res.Data, tt.want)
		}
	}
}

// TestHelpMentionsEveryCommand: /help names every command (/cost, /unit
// and /settings too), by a mention once its id is known, else by its
// localized name, and its examples are in the player's language.
func TestHelpMentionsEveryCommand(t *testing.T) {
	b := newBot(t)
	before := b.help(pl)
	wants := []string{"**/rzut**", "**/szanse**", "**/zasada**", "**/test**", "**/atak**", "**/koszt**", "**/ustawienia**", "prywatnie", "`osłona`", "do **/rzut**"}
	for _, c := range b.Commands() {
		if c.Name != "help" {
			wants = append(wants, "**/"+c.NameLocalizations[string(discordgo.Polish)]+"**")
		}
	}
	for _, want := range wants {
		if !strings.Contains(before, want) {
			t.Errorf("/help in Polish without ids lacks %q:\n%s", want, before)
		}
	}
	ids := map[string]string{}
	for n, c := range b.Commands() {
		ids[c.Name] = fmt.Sprint(1000 + n)
		b.ids.set(c.Name, ids[c.Name])
	}
	for _, l := range []l10n.Lang{cs, pl, en} {
		after := b.help(l)
		for _, c := range b.Commands() {
			if c.Name == "help" {
				continue
			}
			name := c.Name
			if len(c.Options) > 0 && c.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
				name += " " + c.Options[0].Name
			}
			if want := "</" + name + ":" + ids[c.Name] + ">"; !strings.Contains(after, want) {
				t.Errorf("/help in %s with ids lacks %q:\n%s", l, want, after)
			}
		}
		if strings.Contains(after, "**/") {
			t.Errorf("/help in %s with ids still names a command by its name:\n%s", l, after)
		}
		checkMarkdown(t, after, func(sp span) bool { return sp.kind == "code" || sp.kind == "mention" })
	}
	for l, want := range map[l10n.Lang]string{cs: "`kryt`", en: "`cover`"} {
		if got := b.help(l); !strings.Contains(got, want) || strings.Contains(got, "osłona") || strings.Contains(got, "# atak") {
			t.Errorf("/help in %s: want the example %s and no Polish one:\n%s", l, want, got)
		}
	}
	if got := b.help(cs); !strings.Contains(got, "Hoď kostkami") || !strings.Contains(got, "k </roll:"+ids["roll"]+">") {
		t.Errorf("/help in Czech:\n%s", got)
	}
}
