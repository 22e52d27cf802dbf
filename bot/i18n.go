package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Languages the bot answers in.
const (
	en = "en"
	pl = "pl"
	cs = "cs"
)

// lang picks the reply language: the user's locale, then the guild's,
// then English.
func lang(i *discordgo.Interaction) string {
	for _, l := range []string{string(i.Locale), guildLocale(i)} {
		switch base, _, _ := strings.Cut(strings.ToLower(l), "-"); base {
		case pl, cs, en:
			return base
		}
	}
	return en
}

func guildLocale(i *discordgo.Interaction) string {
	if i.GuildLocale == nil {
		return ""
	}
	return string(*i.GuildLocale)
}

// text is one string in every language.
type text map[string]string

// messages are what players read.
var messages = map[string]text{
	"total":        {en: "Total", pl: "Suma", cs: "Součet"},
	"reroll":       {en: "Reroll", pl: "Rzuć ponownie", cs: "Hodit znovu"},
	"more":         {en: "More results", pl: "Więcej wyników", cs: "Další výsledky"},
	"odds.of":      {en: "Odds of %s", pl: "Szanse: %s", cs: "Šance: %s"},
	"odds.summary": {en: "min %d · max %d · mean %.2f · σ %.2f", pl: "min %d · maks %d · średnia %.2f · σ %.2f", cs: "min %d · max %d · průměr %.2f · σ %.2f"},
	"odds.key":     {en: "P(≥ %d) = %s", pl: "P(≥ %d) = %s", cs: "P(≥ %d) = %s"},
	"odds":         {en: "Odds", pl: "Szanse", cs: "Šance"},
	"steps":        {en: "Steps", pl: "Kroki", cs: "Kroky"},
	"rule.none":    {en: "No rule matches %q. Try other words, fewer words, or another rulebook.", pl: "Żadna zasada nie pasuje do %q. Spróbuj innych lub mniej słów albo innego podręcznika.", cs: "Pravidlu %q nic neodpovídá. Zkuste jiná nebo méně slov, nebo jiná pravidla."},
	"rule.more":    {en: "%d more results for %q:", pl: "Jeszcze %d wyników dla %q:", cs: "Dalších %d výsledků pro %q:"},
	"rule.cut":     {en: "The text goes on; read it whole at %s", pl: "Dalszy ciąg tekstu: %s", cs: "Pokračování textu: %s"},
	"rule.aliases": {en: "Also: %s", pl: "Także: %s", cs: "Také: %s"},
	"rule.house":   {en: "House rule", pl: "Zasada domowa", cs: "Domácí pravidlo"},
	"error":        {en: "That did not work: %s", pl: "Nie udało się: %s", cs: "Nepovedlo se: %s"},
	"error.server": {en: "Kostka could not answer right now. Please try again in a moment.", pl: "Kostka nie może teraz odpowiedzieć. Spróbuj za chwilę.", cs: "Kostka teď nemůže odpovědět. Zkuste to prosím za chvíli."},
	"unknown":      {en: "This command is not known to this version of Kostka.", pl: "Ta wersja Kostki nie zna tego polecenia.", cs: "Tato verze Kostky tento příkaz nezná."},
	"cost.total":   {en: "%d points", pl: "%d pkt", cs: "%d bodů"},
	"rolled":       {en: "%s rolled %s", pl: "%s rzuca %s", cs: "%s hází %s"},
	"help": {
		en: "**/roll** `3k6+2`, `4d6kh3`: roll dice (k or d is a die). **/odds** `3k6`: the exact odds of every total.\n" +
			"**/test** and **/attack** `system …`: a test or an attack of a game system, every die and the exact odds.\n" +
			"**/rule** `osłona`: look a rule up in the rulebooks (suggestions as you type; no diacritics needed).\n" +
			"Add `private: True` to /roll to roll where only you see it.",
		pl: "**/roll** `3k6+2`, `4k6kh3`: rzut kośćmi (k lub d to kość). **/odds** `3k6`: dokładne szanse każdej sumy.\n" +
			"**/test** i **/attack** `system …`: test lub atak systemu gry, każda kość i dokładne szanse.\n" +
			"**/rule** `osłona`: szukanie zasady w podręcznikach (podpowiedzi w trakcie pisania, polskie znaki niepotrzebne).\n" +
			"Dodaj `private: True` do /roll, by rzucić tak, że widzisz to tylko ty.",
		cs: "**/roll** `3k6+2`, `4k6kh3`: hod kostkami (k nebo d je kostka). **/odds** `3k6`: přesné šance každého součtu.\n" +
			"**/test** a **/attack** `systém …`: test nebo útok herního systému, každá kostka a přesné šance.\n" +
			"**/rule** `kryt`: hledání pravidla v pravidlech (návrhy při psaní, bez diakritiky stačí).\n" +
			"Přidejte `private: True` k /roll a hod uvidíte jen vy.",
	},
}

// msg returns a message in l, formatted with args.
func msg(l, key string, args ...any) string {
	t, ok := messages[key]
	if !ok {
		panic("bot: no message " + key)
	}
	s := t[l]
	if s == "" {
		s = t[en]
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}
