package bot

import (
	"fmt"
	"regexp"
	"strings"

	"kostka/l10n"

	"github.com/bwmarrin/discordgo"
)

// Languages the bot answers in.
const (
	en = l10n.English
	pl = l10n.Polish
	cs = l10n.Czech
)

// lang picks the reply language: the user's locale, then the guild's,
// then English.
func lang(i *discordgo.Interaction) l10n.Lang {
	for _, l := range []string{string(i.Locale), guildLocale(i)} {
		base, _, _ := strings.Cut(strings.ToLower(l), "-")
		if lang, ok := l10n.Parse(base); ok {
			return lang
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

// messages are the bot's own words players read, by key: each an l10n
// message "bot.KEY", its placeholders filled by msg in the order the
// English text names them.
var messages = map[string]*l10n.Def{
	"reroll":         define("reroll", l10n.Texts{En: "Reroll", Pl: "Rzuć ponownie", Cs: "Hodit znovu"}),
	"more":           define("more", l10n.Texts{En: "More results", Pl: "Więcej wyników", Cs: "Další výsledky"}),
	"odds.of":        define("odds.of", l10n.Texts{En: "Odds of {expr}", Pl: "Szanse: {expr}", Cs: "Šance: {expr}"}),
	"odds.summary":   define("odds.summary", l10n.Texts{En: "min {min} · max {max} · mean {mean} · σ {sd}", Pl: "min {min} · maks {max} · średnia {mean} · σ {sd}", Cs: "min {min} · max {max} · průměr {mean} · σ {sd}"}),
	"odds.key":       define("odds.key", l10n.Texts{En: "P(≥ {value}) = {p}", Pl: "P(≥ {value}) = {p}", Cs: "P(≥ {value}) = {p}"}),
	"chart.mean":     define("chart.mean", l10n.Texts{En: "mean", Pl: "średnia", Cs: "průměr"}),
	"chart.likely":   define("chart.likely", l10n.Texts{En: "most likely", Pl: "najczęściej", Cs: "nejčastěji"}),
	"chart.outside":  define("chart.outside", l10n.Texts{En: "outside the chart", Pl: "poza wykresem", Cs: "mimo graf"}),
	"chart.result":   define("chart.result", l10n.Texts{En: "Result", Pl: "Wynik", Cs: "Výsledek"}),
	"rules.applied":  define("rules.applied", l10n.Texts{En: "Rules applied", Pl: "Zastosowane zasady", Cs: "Použitá pravidla"}),
	"rolls.count":    define("rolls.count", l10n.Texts{En: "give 1 to {max} rolls separated by semicolons, not {count}", Pl: "podaj od 1 do {max} rzutów rozdzielonych średnikami, a nie {count}", Cs: "zadejte 1 až {max} hodů oddělených středníky, ne {count}"}),
	"odds":           define("odds", l10n.Texts{En: "Odds", Pl: "Szanse", Cs: "Šance"}),
	"rule.none":      define("rule.none", l10n.Texts{En: "No rule matches “{query}”. Try other words, fewer words, or another rulebook.", Pl: "Żadna zasada nie pasuje do „{query}”. Spróbuj innych lub mniej słów albo innego podręcznika.", Cs: "Pravidlu „{query}” nic neodpovídá. Zkuste jiná nebo méně slov, nebo jiná pravidla."}),
	"rule.weak":      define("rule.weak", l10n.Texts{En: "No close match for “{query}”. Did you mean:", Pl: "Nic nie pasuje dokładnie do „{query}”. Czy chodziło o:", Cs: "Pro „{query}” není žádná blízká shoda. Měli jste na mysli:"}),
	"rule.more":      define("rule.more", l10n.Texts{En: "{count} for “{query}”:", Pl: "{count} dla „{query}”:", Cs: "{count} pro „{query}”:"}),
	"rule.cut":       define("rule.cut", l10n.Texts{En: "The text goes on; read it whole at {link}", Pl: "Dalszy ciąg tekstu: {link}", Cs: "Pokračování textu: {link}"}),
	"when":           define("when", l10n.Texts{En: "{option} applies only when {other} is {values}; leave it out or change {other}.", Pl: "{option} dotyczy tylko sytuacji, gdy {other} to {values}; pomiń tę opcję albo zmień {other}.", Cs: "{option} platí jen tehdy, když {other} je {values}; vynechte ji, nebo změňte {other}."}),
	"rule.open":      define("rule.open", l10n.Texts{En: "Open a rule", Pl: "Otwórz zasadę", Cs: "Otevřít pravidlo"}),
	"rule.readon":    define("rule.readon", l10n.Texts{En: "Read on", Pl: "Czytaj dalej", Cs: "Číst dál"}),
	"rule.aliases":   define("rule.aliases", l10n.Texts{En: "Also: {aliases}", Pl: "Także: {aliases}", Cs: "Také: {aliases}"}),
	"rule.house":     define("rule.house", l10n.Texts{En: "House rule", Pl: "Zasada domowa", Cs: "Domácí pravidlo"}),
	"rule.query":     define("rule.query", l10n.Texts{En: "give words to look up", Pl: "podaj słowa do wyszukania", Cs: "zadejte slova k vyhledání"}),
	"system.choose":  define("system.choose", l10n.Texts{En: "choose a game system", Pl: "wybierz system gry", Cs: "vyberte herní systém"}),
	"option.type":    define("option.type", l10n.Texts{En: "{option} has a value of the wrong type", Pl: "{option} ma wartość złego typu", Cs: "{option} má hodnotu špatného typu"}),
	"weapon.shape":   define("weapon.shape", l10n.Texts{En: "weapon {n}: give attacks and range, such as “2 24” or “3 melee”", Pl: "broń {n}: podaj ataki i zasięg, np. „2 24” albo „3 melee”", Cs: "zbraň {n}: zadejte útoky a dostřel, např. „2 24“ nebo „3 melee“"}),
	"weapon.attacks": define("weapon.attacks", l10n.Texts{En: "weapon {n}: “{text}” is not a number of attacks", Pl: "broń {n}: „{text}” nie jest liczbą ataków", Cs: "zbraň {n}: „{text}“ není počet útoků"}),
	"weapon.ap":      define("weapon.ap", l10n.Texts{En: "weapon {n}: “{text}” is not AP with a number, such as AP1", Pl: "broń {n}: „{text}” to nie PP z liczbą, np. AP1", Cs: "zbraň {n}: „{text}“ není PP s číslem, např. AP1"}),
	"error":          define("error", l10n.Texts{En: "That did not work: {detail}", Pl: "Nie udało się: {detail}", Cs: "Nepovedlo se: {detail}"}),
	"error.server":   define("error.server", l10n.Texts{En: "Kostka could not answer right now. Please try again in a moment.", Pl: "Kostka nie może teraz odpowiedzieć. Spróbuj za chwilę.", Cs: "Kostka teď nemůže odpovědět. Zkuste to prosím za chvíli."}),
	"unknown":        define("unknown", l10n.Texts{En: "This command is not known to this version of Kostka.", Pl: "Ta wersja Kostki nie zna tego polecenia.", Cs: "Tato verze Kostky tento příkaz nezná."}),
	"cost.total":     define("cost.total", l10n.Texts{En: "{points} points", Pl: "{points} pkt", Cs: "{points} bodů"}),
	"rolled":         define("rolled", l10n.Texts{En: "{name} rolls", Pl: "{name} rzuca", Cs: "{name} hází"}),
	"help.private":   define("help.private", l10n.Texts{En: "Add `private: True` to {command} to roll where only you see it.", Pl: "Dodaj `prywatnie: True` do {command}, by rzucić tak, że widzisz to tylko ty.", Cs: "Přidejte `soukromě: True` k {command} a hod uvidíte jen vy."}),
}

// define defines the bot's message key.
func define(key string, t l10n.Texts) *l10n.Def { return l10n.Define("bot."+key, t) }

// placeholder finds a message's placeholders.
var placeholder = regexp.MustCompile(`\{(\w+)`)

// msg returns the message key in l, its placeholders filled with args in
// the order the English text first names them (an int as a number, any
// other value as its text).
func msg(l l10n.Lang, key string, args ...any) string {
	d, ok := messages[key]
	if !ok {
		panic("bot: no message " + key)
	}
	var (
		named []l10n.Arg
		seen  = map[string]bool{}
	)
	for _, m := range placeholder.FindAllStringSubmatch(d.Texts().En, -1) {
		if name := m[1]; !seen[name] && len(named) < len(args) {
			seen[name] = true
			switch v := args[len(named)].(type) {
			case int:
				named = append(named, l10n.Int(name, v))
			default:
				named = append(named, l10n.Str(name, fmt.Sprint(v)))
			}
		}
	}
	return d.New(named...).In(l)
}

// moreResults counts the further hits of "More results", with the right
// plural form ("Jeszcze 1 wynik", "Jeszcze 3 wyniki", "Jeszcze 5 wyników").
var moreResults = l10n.Define("bot.rule.more-results", l10n.Texts{
	En: "{n, plural, one {# more result} other {# more results}}",
	Pl: "{n, plural, one {Jeszcze # wynik} few {Jeszcze # wyniki} many {Jeszcze # wyników}}",
	Cs: "{n, plural, one {Další # výsledek} few {Další # výsledky} other {Dalších # výsledků}}",
})
