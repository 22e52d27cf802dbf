package bot

import (
	"fmt"
	"strings"

	"kostka/l10n"

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
	"total":          {en: "Total", pl: "Suma", cs: "Součet"},
	"reroll":         {en: "Reroll", pl: "Rzuć ponownie", cs: "Hodit znovu"},
	"more":           {en: "More results", pl: "Więcej wyników", cs: "Další výsledky"},
	"odds.of":        {en: "Odds of %s", pl: "Szanse: %s", cs: "Šance: %s"},
	"odds.summary":   {en: "min %d · max %d · mean %s · σ %s", pl: "min %d · maks %d · średnia %s · σ %s", cs: "min %d · max %d · průměr %s · σ %s"},
	"odds.key":       {en: "P(≥ %d) = %s", pl: "P(≥ %d) = %s", cs: "P(≥ %d) = %s"},
	"odds":           {en: "Odds", pl: "Szanse", cs: "Šance"},
	"steps":          {en: "Steps", pl: "Kroki", cs: "Kroky"},
	"rule.none":      {en: "No rule matches “%s”. Try other words, fewer words, or another rulebook.", pl: "Żadna zasada nie pasuje do „%s”. Spróbuj innych lub mniej słów albo innego podręcznika.", cs: "Pravidlu „%s” nic neodpovídá. Zkuste jiná nebo méně slov, nebo jiná pravidla."},
	"rule.weak":      {en: "No close match for “%s”. Did you mean:", pl: "Nic nie pasuje dokładnie do „%s”. Czy chodziło o:", cs: "Pro „%s” není žádná blízká shoda. Měli jste na mysli:"},
	"rule.more":      {en: "%s for “%s”:", pl: "%s dla „%s”:", cs: "%s pro „%s”:"},
	"rule.cut":       {en: "The text goes on; read it whole at %s", pl: "Dalszy ciąg tekstu: %s", cs: "Pokračování textu: %s"},
	"when":           {en: "%s applies only when %s is %s; leave it out or change %[2]s.", pl: "%s dotyczy tylko sytuacji, gdy %s to %s; pomiń tę opcję albo zmień %[2]s.", cs: "%s platí jen tehdy, když %s je %s; vynechte ji, nebo změňte %[2]s."},
	"rule.open":      {en: "Open a rule", pl: "Otwórz zasadę", cs: "Otevřít pravidlo"},
	"rule.readon":    {en: "Read on", pl: "Czytaj dalej", cs: "Číst dál"},
	"rule.aliases":   {en: "Also: %s", pl: "Także: %s", cs: "Také: %s"},
	"rule.house":     {en: "House rule", pl: "Zasada domowa", cs: "Domácí pravidlo"},
	"rule.query":     {en: "give words to look up", pl: "podaj słowa do wyszukania", cs: "zadejte slova k vyhledání"},
	"system.choose":  {en: "choose a game system", pl: "wybierz system gry", cs: "vyberte herní systém"},
	"option.type":    {en: "%s has a value of the wrong type", pl: "%s ma wartość złego typu", cs: "%s má hodnotu špatného typu"},
	"weapon.shape":   {en: "weapon %d: give attacks and range, such as “2 24” or “3 melee”", pl: "broń %d: podaj ataki i zasięg, np. „2 24” albo „3 melee”", cs: "zbraň %d: zadejte útoky a dostřel, např. „2 24“ nebo „3 melee“"},
	"weapon.attacks": {en: "weapon %d: “%s” is not a number of attacks", pl: "broń %d: „%s” nie jest liczbą ataków", cs: "zbraň %d: „%s“ není počet útoků"},
	"weapon.ap":      {en: "weapon %d: “%s” is not AP with a number, such as AP1", pl: "broń %d: „%s” to nie PP z liczbą, np. AP1", cs: "zbraň %d: „%s“ není PP s číslem, např. AP1"},
	"error":          {en: "That did not work: %s", pl: "Nie udało się: %s", cs: "Nepovedlo se: %s"},
	"error.server":   {en: "Kostka could not answer right now. Please try again in a moment.", pl: "Kostka nie może teraz odpowiedzieć. Spróbuj za chwilę.", cs: "Kostka teď nemůže odpovědět. Zkuste to prosím za chvíli."},
	"unknown":        {en: "This command is not known to this version of Kostka.", pl: "Ta wersja Kostki nie zna tego polecenia.", cs: "Tato verze Kostky tento příkaz nezná."},
	"cost.total":     {en: "%d points", pl: "%d pkt", cs: "%d bodů"},
	"rolled":         {en: "%s rolls", pl: "%s rzuca", cs: "%s hází"},
	"help.private":   {en: "Add `private: True` to %s to roll where only you see it.", pl: "Dodaj `prywatnie: True` do %s, by rzucić tak, że widzisz to tylko ty.", cs: "Přidejte `soukromě: True` k %s a hod uvidíte jen vy."},
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

// moreResults counts the further hits of "More results", with the right
// plural form ("Jeszcze 1 wynik", "Jeszcze 3 wyniki", "Jeszcze 5 wyników").
var moreResults = l10n.Define("bot.rule.more-results", l10n.Texts{
	En: "{n, plural, one {# more result} other {# more results}}",
	Pl: "{n, plural, one {Jeszcze # wynik} few {Jeszcze # wyniki} many {Jeszcze # wyników}}",
	Cs: "{n, plural, one {Další # výsledek} few {Další # výsledky} other {Dalších # výsledků}}",
})

// l10nLang is the l10n language of a reply language.
func l10nLang(l string) l10n.Lang {
	lang, _ := l10n.Parse(l)
	return lang
}
