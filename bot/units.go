package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"kostka"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
	"kostka/systems"
	"kostka/units"
)

// Saved units (/unit), guild settings (/settings) and attacks and costs of
// saved units, when Config.Units is set.
//
// A guild's settings apply to every interaction in it: its game system is
// the one the "game" subcommand of /test and /attack uses when no saved
// unit names one, and its language, when set, is the language of every
// reply in the guild, whatever each member's client language: the answers
// in a shared channel are read by the whole group, which chose the
// language.

// What players read about units and settings.
var (
	msgUnitUnavailable = l10n.Define("bot.unit.unavailable", l10n.Texts{
		En: "This Kostka keeps no saved units or settings.",
		Pl: "Ta Kostka nie przechowuje oddziałów ani ustawień.",
		Cs: "Tato Kostka neukládá jednotky ani nastavení.",
	})
	msgUnitSaved = l10n.Define("bot.unit.saved", l10n.Texts{
		En: "Saved **{name}** ({system}), version {version}.",
		Pl: "Zapisano **{name}** ({system}), wersja {version}.",
		Cs: "Uloženo **{name}** ({system}), verze {version}.",
	})
	msgUnitDeleted = l10n.Define("bot.unit.deleted", l10n.Texts{
		En: "Deleted **{name}**.", Pl: "Usunięto **{name}**.", Cs: "Smazáno **{name}**.",
	})
	msgUnitNone = l10n.Define("bot.unit.none", l10n.Texts{
		En: "No units saved yet. Save one with /unit save.",
		Pl: "Brak zapisanych oddziałów. Zapisz oddział przez /unit save.",
		Cs: "Zatím žádné uložené jednotky. Uložte jednotku přes /unit save.",
	})
	msgUnitList = l10n.Define("bot.unit.list", l10n.Texts{
		En: "Saved units", Pl: "Zapisane oddziały", Cs: "Uložené jednotky",
	})
	msgUnitNotFound = l10n.Define("bot.unit.not-found", l10n.Texts{
		En: `There is no saved unit "{name}".`,
		Pl: `Nie ma zapisanego oddziału "{name}".`,
		Cs: `Uložená jednotka "{name}" neexistuje.`,
	})
	msgUnitNotValid = l10n.Define("bot.unit.notvalid", l10n.Texts{
		En: "its fields are not valid", Pl: "jego pola są niepoprawne", Cs: "její pole nejsou platná",
	})
	msgUnitInvalid = l10n.Define("bot.unit.invalid", l10n.Texts{
		En: "This unit cannot be saved: {detail}",
		Pl: "Nie można zapisać tego oddziału: {detail}",
		Cs: "Tuto jednotku nelze uložit: {detail}",
	})
	msgUnitLimit = l10n.Define("bot.unit.limit", l10n.Texts{
		En: "Over a limit: {what} at most {max}, not {got}.",
		Pl: "Przekroczony limit: {what} najwyżej {max}, a nie {got}.",
		Cs: "Překročen limit: {what} nejvýše {max}, ne {got}.",
	})
	msgUnitConflict = l10n.Define("bot.unit.conflict", l10n.Texts{
		En: "Someone changed this at the same moment. Please try again.",
		Pl: "Ktoś zmienił to w tej samej chwili. Spróbuj ponownie.",
		Cs: "Někdo to ve stejnou chvíli změnil. Zkuste to prosím znovu.",
	})
	msgUnitNotYours = l10n.Define("bot.unit.not-yours", l10n.Texts{
		En: `Only its author or a member with the Manage Server permission can change "{name}".`,
		Pl: `Tylko autor lub członek z uprawnieniem Zarządzanie serwerem może zmienić "{name}".`,
		Cs: `Jen autor nebo člen s oprávněním Spravovat server může změnit "{name}".`,
	})
	msgSettingsDenied = l10n.Define("bot.settings.denied", l10n.Texts{
		En: "Only members with the Manage Server permission can change this server's settings.",
		Pl: "Tylko członkowie z uprawnieniem Zarządzanie serwerem mogą zmieniać ustawienia tego serwera.",
		Cs: "Nastavení tohoto serveru mohou měnit jen členové s oprávněním Spravovat server.",
	})
	msgSettingsGuild = l10n.Define("bot.settings.guild", l10n.Texts{
		En: "Settings belong to a server; use /settings in one.",
		Pl: "Ustawienia dotyczą serwera; użyj /settings na serwerze.",
		Cs: "Nastavení patří serveru; použijte /settings na serveru.",
	})
	msgSettingsShow = l10n.Define("bot.settings.show", l10n.Texts{
		En: "Game system: {system} · language: {lang}",
		Pl: "System gry: {system} · język: {lang}",
		Cs: "Herní systém: {system} · jazyk: {lang}",
	})
	msgSettingsInvalid = l10n.Define("bot.settings.invalid", l10n.Texts{
		En: "These settings cannot be saved: {detail}",
		Pl: "Nie można zapisać tych ustawień: {detail}",
		Cs: "Toto nastavení nelze uložit: {detail}",
	})
	msgSettingsPrivate = l10n.Define("bot.settings.private", l10n.Texts{
		En: "answers private by default", Pl: "odpowiedzi domyślnie prywatne", Cs: "odpovědi ve výchozím stavu soukromé",
	})
	msgSettingsPublic = l10n.Define("bot.settings.public", l10n.Texts{
		En: "answers public by default", Pl: "odpowiedzi domyślnie publiczne", Cs: "odpovědi ve výchozím stavu veřejné",
	})
	msgSettingsUnset = l10n.Define("bot.settings.unset", l10n.Texts{
		En: "not set", Pl: "nie ustawiono", Cs: "nenastaveno",
	})
	msgUnitExported = l10n.Define("bot.unit.exported", l10n.Texts{
		En: "{n, plural, one {# unit} other {# units}}, ready for /unit import.",
		Pl: "{n, plural, one {# oddział} few {# oddziały} many {# oddziałów}}, gotowe do /unit import.",
		Cs: "{n, plural, one {# jednotka} few {# jednotky} other {# jednotek}}, připraveno pro /unit import.",
	})
	msgUnitImported = l10n.Define("bot.unit.imported", l10n.Texts{
		En: "Imported {n, plural, one {# unit} other {# units}}, {replaced} of them in place of saved ones.",
		Pl: "Zaimportowano {n, plural, one {# oddział} few {# oddziały} many {# oddziałów}}, w tym {replaced} w miejsce zapisanych.",
		Cs: "Importováno {n, plural, one {# jednotka} few {# jednotky} other {# jednotek}}, z toho {replaced} místo uložených.",
	})
	msgImportNoFile = l10n.Define("bot.unit.import-no-file", l10n.Texts{
		En: "Attach the JSON file that /unit export made.",
		Pl: "Załącz plik JSON utworzony przez /unit export.",
		Cs: "Přiložte soubor JSON, který vytvořil /unit export.",
	})
	msgImportFetch = l10n.Define("bot.unit.import-fetch", l10n.Texts{
		En: "The attached file could not be read from Discord. Please attach it again.",
		Pl: "Nie udało się odczytać załączonego pliku z Discorda. Załącz go ponownie.",
		Cs: "Přiložený soubor se nepodařilo přečíst z Discordu. Přiložte ho prosím znovu.",
	})
	msgImportOthers = l10n.Define("bot.unit.import-others", l10n.Texts{
		En: "The file would replace units other members saved ({names}); only a member with the Manage Server permission can do that. Nothing was imported.",
		Pl: "Plik zastąpiłby oddziały zapisane przez innych członków ({names}); może to zrobić tylko członek z uprawnieniem Zarządzanie serwerem. Nic nie zaimportowano.",
		Cs: "Soubor by nahradil jednotky uložené jinými členy ({names}); to může jen člen s oprávněním Spravovat server. Nic nebylo importováno.",
	})
	msgNoSystem = l10n.Define("bot.unit.no-system", l10n.Texts{
		En: "Which game system? Name a saved unit, pick the system's own subcommand, or set the server's game with /settings.",
		Pl: "Jaki system gry? Podaj zapisany oddział, wybierz podpolecenie systemu albo ustaw grę serwera przez /settings.",
		Cs: "Jaký herní systém? Zadejte uloženou jednotku, vyberte podpříkaz systému, nebo nastavte hru serveru přes /settings.",
	})
	msgNoAction = l10n.Define("bot.unit.no-action", l10n.Texts{
		En: "{system} has no such roll.", Pl: "{system} nie ma takiego rzutu.", Cs: "{system} takový hod nemá.",
	})
	msgOtherSystem = l10n.Define("bot.unit.other-system", l10n.Texts{
		En: "“{name}” is a unit of {unit}, not of {system}.",
		Pl: "„{name}” to oddział systemu {unit}, a nie {system}.",
		Cs: "„{name}” je jednotka systému {unit}, ne {system}.",
	})
	msgBadField = l10n.Define("bot.unit.bad-field", l10n.Texts{
		En: "“{field}” is not a field of {system}; its fields: {fields}",
		Pl: "„{field}” nie jest polem systemu {system}; jego pola: {fields}",
		Cs: "„{field}” není pole systému {system}; jeho pole: {fields}",
	})
	msgBadValue = l10n.Define("bot.unit.bad-value", l10n.Texts{
		En: "{field}: “{value}” is not a {kind}.",
		Pl: "{field}: „{value}” to nie {kind}.",
		Cs: "{field}: „{value}” není {kind}.",
	})
	msgBadSyntax = l10n.Define("bot.unit.bad-syntax", l10n.Texts{
		En: "Write the fields as name=value, separated by spaces, such as ap=2 cover=true; not “{part}”.",
		Pl: "Podaj pola jako nazwa=wartość, oddzielone spacjami, np. ap=2 cover=true; nie „{part}”.",
		Cs: "Zadejte pole jako název=hodnota, oddělená mezerami, např. ap=2 cover=true; ne „{part}”.",
	})
	msgSaveNoSystem = l10n.Define("bot.unit.save-no-system", l10n.Texts{
		En: "Which game system is the unit of? Choose the system option, or set the server's game with /settings.",
		Pl: "Z jakiego systemu gry jest ten oddział? Wybierz opcję system albo ustaw grę serwera przez /settings.",
		Cs: "Z jakého herního systému je jednotka? Vyberte volbu systém, nebo nastavte hru serveru přes /settings.",
	})
	msgSaveNothing = l10n.Define("bot.unit.save-nothing", l10n.Texts{
		En: "Give the unit's fields as name=value in fields (such as attacks=10 quality=4 ap=1, as in /attack game) or its profile as JSON.",
		Pl: "Podaj pola oddziału jako nazwa=wartość w opcji pola (np. ataki=10 jakość=4 ap=1, jak w /attack game) albo jego profil jako JSON.",
		Cs: "Zadejte pole jednotky jako název=hodnota ve volbě pole (např. útoky=10 kvalita=4 ap=1, jako v /attack game), nebo její profil jako JSON.",
	})
	msgKindNumber = l10n.Define("bot.unit.kind-number", l10n.Texts{En: "number", Pl: "liczba", Cs: "číslo"})
	msgKindWhole  = l10n.Define("bot.unit.kind-whole", l10n.Texts{En: "whole number", Pl: "liczba całkowita", Cs: "celé číslo"})
	msgKindYesNo  = l10n.Define("bot.unit.kind-yes-no", l10n.Texts{
		En: "yes or no (true, false)", Pl: "tak lub nie (true, false)", Cs: "ano nebo ne (true, false)",
	})
)

// limitNames name the limits of units.LimitError.
var limitNames = map[string]*l10n.Def{
	"units":           l10n.Define("bot.unit.limit.units", l10n.Texts{En: "units", Pl: "oddziałów", Cs: "jednotek"}),
	"profile bytes":   l10n.Define("bot.unit.limit.profile", l10n.Texts{En: "bytes of a profile", Pl: "bajtów profilu", Cs: "bajtů profilu"}),
	"name characters": l10n.Define("bot.unit.limit.name", l10n.Texts{En: "characters of a name", Pl: "znaków nazwy", Cs: "znaků názvu"}),
	"document bytes":  l10n.Define("bot.unit.limit.document", l10n.Texts{En: "bytes of all units", Pl: "bajtów wszystkich oddziałów", Cs: "bajtů všech jednotek"}),
	"file bytes":      l10n.Define("bot.unit.limit.file", l10n.Texts{En: "bytes of the file", Pl: "bajtów pliku", Cs: "bajtů souboru"}),
}

// say renders a message in the reply language l.
func say(l l10n.Lang, d *l10n.Def, args ...l10n.Arg) string { return d.New(args...).In(l) }

// gameSubcommand is the subcommand of /test and /attack whose game system
// comes from the saved unit or the server's settings.
const gameSubcommand = "game"

// unitOption is an option naming a saved unit, with suggestions.
func unitOption(name, plName, csName, desc, descPl, descCs string) *Option {
	return &Option{
		Type: discordgo.ApplicationCommandOptionString, Name: name, NameLocalizations: loc(plName, csName), Autocomplete: true, MaxLength: 64,
		Description: desc, DescriptionLocalizations: loc(descPl, descCs),
	}
}

// gameCommand is the "game" subcommand of /test (withUnits false) or
// /attack: the server's game system, or a saved unit's, with the fields
// typed as name=value.
func gameCommand(withUnits bool) *Option {
	fields := &Option{
		Type: discordgo.ApplicationCommandOptionString, Name: "fields", NameLocalizations: loc("pola", "pole"), MaxLength: 500,
		Description:              "Fields as name=value, such as ap=2 cover=true (they override the units')",
		DescriptionLocalizations: loc("Pola jako nazwa=wartość, np. ap=2 cover=true (zastępują pola oddziałów)", "Pole jako název=hodnota, např. ap=2 cover=true (mají přednost před jednotkami)"),
	}
	sub := &Option{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: gameSubcommand, NameLocalizations: loc("gra", "hra"),
		Description:              "The server's game (see /settings), fields as name=value",
		DescriptionLocalizations: loc("Gra serwera (zob. /settings), pola jako nazwa=wartość", "Hra serveru (viz /settings), pole jako název=hodnota"),
		Options:                  []*Option{fields, oddsOption(), privateOption()},
	}
	if withUnits {
		sub.Description = "A saved unit against a saved target, in its game or the server's"
		sub.DescriptionLocalizations = loc("Zapisany oddział przeciw zapisanemu celowi, w jego grze lub grze serwera", "Uložená jednotka proti uloženému cíli, v její hře nebo ve hře serveru")
		sub.Options = []*Option{
			unitOption("unit", "oddział", "jednotka", "The attacking saved unit", "Atakujący zapisany oddział", "Útočící uložená jednotka"),
			unitOption("target", "cel", "cíl", "The saved unit attacked", "Atakowany zapisany oddział", "Napadená uložená jednotka"),
			fields,
			oddsOption(),
			privateOption(),
		}
	}
	return sub
}

// unitCommands are /unit and /settings.
func unitCommands(systemChoices []*Choice) []*Command {
	nameOpt := func(autocomplete bool) *Option {
		return &Option{
			Type: discordgo.ApplicationCommandOptionString, Name: "name", NameLocalizations: loc("nazwa", "název"), Required: true, MaxLength: 64, Autocomplete: autocomplete,
			Description: "The unit's name", DescriptionLocalizations: loc("Nazwa oddziału", "Název jednotky"),
		}
	}
	private := &Option{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", NameLocalizations: loc("prywatnie", "soukromě"),
		Description: "Your own units instead of the server's", DescriptionLocalizations: loc("Twoje własne oddziały zamiast serwera", "Vaše vlastní jednotky místo serverových"),
	}
	subNames := map[string]map[string]string{
		"save": loc("zapisz", "uložit"), "list": loc("lista", "seznam"),
		"show": loc("pokaż", "ukázat"), "delete": loc("usuń", "smazat"),
		"export": loc("eksport", "export"), "import": loc("import", "import"),
	}
	sub := func(n, desc, descPl, descCs string, opts ...*Option) *Option {
		return &Option{Type: discordgo.ApplicationCommandOptionSubCommand, Name: n, NameLocalizations: subNames[n], Description: desc, DescriptionLocalizations: loc(descPl, descCs), Options: opts}
	}
	return []*Command{
		{
			Name: "unit", Description: "Save, list, show, delete, export or import units", DescriptionLocalizations: loc("Zapisz, wypisz, pokaż, usuń, eksportuj lub importuj oddziały", "Uložit, vypsat, ukázat, smazat, exportovat nebo importovat jednotky"),
			NameLocalizations: loc("oddział", "jednotka"),
			Options: []*Option{
				sub("save", "Save a unit: its fields as /attack takes them, or its profile as JSON", "Zapisz oddział: jego pola jak w /attack albo profil jako JSON", "Uložit jednotku: její pole jako v /attack, nebo profil jako JSON",
					nameOpt(false),
					&Option{Type: discordgo.ApplicationCommandOptionString, Name: "system", NameLocalizations: loc("system", "systém"), Choices: systemChoices,
						Description: "Game system (default: the server's, see /settings)", DescriptionLocalizations: loc("System gry (domyślnie serwera, zob. /settings)", "Herní systém (výchozí: serveru, viz /settings)")},
					&Option{Type: discordgo.ApplicationCommandOptionString, Name: "fields", NameLocalizations: loc("pola", "pole"), MaxLength: 1000,
						Description:              "The attack's fields as name=value, such as attacks=10 quality=4 ap=1 (as in /attack game)",
						DescriptionLocalizations: loc("Pola ataku jako nazwa=wartość, np. ataki=10 jakość=4 ap=1 (jak w /attack game)", "Pole útoku jako název=hodnota, např. útoky=10 kvalita=4 ap=1 (jako v /attack game)")},
					&Option{Type: discordgo.ApplicationCommandOptionString, Name: "profile", NameLocalizations: loc("profil", "profil"), MaxLength: 2048,
						Description: `The fields as JSON, such as {"attacks": 10, "quality": 4}`, DescriptionLocalizations: loc(`Pola jako JSON, np. {"attacks": 10, "quality": 4}`, `Pole jako JSON, např. {"attacks": 10, "quality": 4}`)},
					private),
				sub("list", "List the saved units", "Wypisz zapisane oddziały", "Vypsat uložené jednotky", private),
				sub("show", "Show a saved unit", "Pokaż zapisany oddział", "Ukázat uloženou jednotku", nameOpt(true), private),
				sub("delete", "Delete a saved unit", "Usuń zapisany oddział", "Smazat uloženou jednotku", nameOpt(true), private),
				sub("export", "All the saved units as a JSON file", "Wszystkie zapisane oddziały jako plik JSON", "Všechny uložené jednotky jako soubor JSON", private),
				sub("import", "Save every unit of a file from /unit export", "Zapisz wszystkie oddziały z pliku z /unit export", "Uložit všechny jednotky ze souboru z /unit export",
					&Option{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", NameLocalizations: loc("plik", "soubor"), Required: true,
						Description: "The JSON file", DescriptionLocalizations: loc("Plik JSON", "Soubor JSON")},
					private),
			},
		},
		{
			Name: "settings", Description: "This server's default game system and language", DescriptionLocalizations: loc("Domyślny system gry i język serwera", "Výchozí herní systém a jazyk serveru"),
			NameLocalizations: loc("ustawienia", "nastavení"),
			Options: []*Option{
				{Type: discordgo.ApplicationCommandOptionString, Name: "system", NameLocalizations: loc("system", "systém"), Choices: systemChoices,
					Description: "Default game system", DescriptionLocalizations: loc("Domyślny system gry", "Výchozí herní systém")},
				{Type: discordgo.ApplicationCommandOptionString, Name: "lang", NameLocalizations: loc("język", "jazyk"),
					Choices:     languageChoices,
					Description: "Language of the answers", DescriptionLocalizations: loc("Język odpowiedzi", "Jazyk odpovědí")},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", NameLocalizations: loc("prywatnie", "soukromě"),
					Description: "Answers only whoever asked sees, unless a command says otherwise", DescriptionLocalizations: loc("Odpowiedzi widzi tylko pytający, chyba że polecenie mówi inaczej", "Odpovědi vidí jen ten, kdo se ptal, pokud příkaz neřekne jinak")},
				{Type: discordgo.ApplicationCommandOptionString, Name: "unset", NameLocalizations: loc("wyczyść", "zrušit"),
					Choices: []*Choice{
						{Name: "game system", NameLocalizations: loc("system gry", "herní systém"), Value: "system"},
						{Name: "language", NameLocalizations: loc("język", "jazyk"), Value: "lang"},
						{Name: "private answers", NameLocalizations: loc("prywatne odpowiedzi", "soukromé odpovědi"), Value: "private"},
					},
					Description: "Clear one setting", DescriptionLocalizations: loc("Wyczyść jedno ustawienie", "Zrušit jedno nastavení")},
			},
		},
	}
}

// languageChoices are the languages a server can choose, each named in
// itself.
var languageChoices = []*Choice{{Name: "polski", Value: pl}, {Name: "čeština", Value: cs}, {Name: "English", Value: en}}

// userID is the id of whoever sent the interaction.
func userID(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User.ID
	}
	if i.User != nil {
		return i.User.ID
	}
	return ""
}

// canManage says whether the member has the Manage Server permission, as
// the interaction's member permissions say.
func canManage(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&discordgo.PermissionManageGuild != 0
}

// shelf is the owner the command addresses: the user's own units when
// private or outside a server, else the server's.
func shelf(i *discordgo.Interaction, private bool) units.Owner {
	if private || i.GuildID == "" {
		return units.User(userID(i))
	}
	return units.Guild(i.GuildID)
}

// replyLang is the language of the replies to i: the server's language
// when its settings name one, else the player's (see lang).
func (b *Bot) replyLang(ctx context.Context, i *discordgo.Interaction) l10n.Lang {
	l, _ := b.replySettings(ctx, i)
	return l
}

// unitError turns the units package's refusals into polite messages.
func unitError(l l10n.Lang, name string, err error) error { return labeledUnitError(l, name, err, nil) }

// labeledUnitError is unitError naming the field at fault by label(field)
// when label is not nil (else by its JSON path).
func labeledUnitError(l l10n.Lang, name string, err error, label func(field string) string) error {
	var limit *units.LimitError
	var field *systems.FieldError
	if ie := (*units.ImportError)(nil); errors.As(err, &ie) {
		name = ie.Name
	}
	switch {
	case errors.Is(err, units.ErrNotFound):
		return &usageError{say(l, msgUnitNotFound, nameArg(name))}
	case errors.Is(err, units.ErrConflict):
		return &usageError{say(l, msgUnitConflict)}
	case errors.As(err, &limit):
		what := limit.What
		if d, ok := limitNames[limit.What]; ok {
			what = say(l, d)
		}
		return &usageError{say(l, msgUnitLimit, l10n.Str("what", what), l10n.Int("max", limit.Max), l10n.Int("got", limit.Got))}
	case errors.As(err, &field):
		detail := field.Detail.In(l)
		switch {
		case field.Field != "" && label != nil:
			detail = label(field.Field) + ": " + detail
		case field.Field != "":
			detail = field.Field + ": " + detail
		}
		if name != "" {
			detail = escapeMarkdown(name) + ", " + detail
		}
		return &usageError{say(l, msgUnitInvalid, l10n.Str("detail", detail))}
	case errors.Is(err, units.ErrInvalid):
		// Every refusal of the units package carries a localized detail
		// (a *systems.FieldError); any other is never shown in English.
		return &usageError{say(l, msgUnitInvalid, l10n.Str("detail", say(l, msgUnitNotValid)))}
	}
	return err
}

// unit answers /unit.
func (b *Bot) unit(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) (*Response, error) {
	d := i.ApplicationCommandData()
	if len(d.Options) != 1 || d.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return ephemeral(msg(l, "unknown")), nil
	}
	sub := d.Options[0]
	res, err := b.unitSub(ctx, i, l, sub)
	if err == nil && res != nil && res.Data != nil && boolOpt(sub.Options, "private") {
		// A private shelf's answers are seen by their player only.
		res.Data.Flags |= discordgo.MessageFlagsEphemeral
	}
	return res, err
}

// unitSub answers a /unit subcommand.
func (b *Bot) unitSub(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, sub *discordgo.ApplicationCommandInteractionDataOption) (*Response, error) {
	owner := shelf(i, boolOpt(sub.Options, "private"))
	name := strings.TrimSpace(stringOpt(sub.Options, "name"))
	book := b.cfg.Units
	switch sub.Name {
	case "save":
		return b.saveUnit(ctx, i, l, owner, name, sub.Options)
	case "list":
		list, err := book.List(ctx, owner)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		if len(list) == 0 {
			return ephemeral(say(l, msgUnitNone)), nil
		}
		var lines []string
		for _, u := range list {
			lines = append(lines, fmt.Sprintf("**%s** · %s", escapeMarkdown(u.Name), u.System))
		}
		return message(&discordgo.MessageEmbed{Title: say(l, msgUnitList), Description: clip(strings.Join(lines, "\n"), maxEmbedDesc), Color: colour}), nil
	case "show":
		u, err := book.Get(ctx, owner, name)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		return message(&discordgo.MessageEmbed{Title: clip(escapeMarkdown(u.Name), maxEmbedTitle), Description: clip(u.System+"\n```json\n"+string(u.Profile)+"\n```", maxEmbedDesc), Color: colour}), nil
	case "delete":
		u, err := book.Get(ctx, owner, name)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		if owner.Scope == units.ScopeGuild && u.CreatedBy != userID(i) && !canManage(i) {
			return nil, &usageError{say(l, msgUnitNotYours, nameArg(u.Name))}
		}
		if err := book.Delete(ctx, owner, u.Name, u.Version); err != nil {
			return nil, unitError(l, name, err)
		}
		return ephemeral(say(l, msgUnitDeleted, nameArg(u.Name))), nil
	case "export":
		return b.exportUnits(ctx, l, owner)
	case "import":
		return b.importUnits(ctx, i, l, owner, sub.Options)
	}
	return ephemeral(msg(l, "unknown")), nil
}

// saveUnit answers /unit save: a unit of the given game system (else the
// server's) with its fields typed as /attack game takes them (name=value,
// the options' names in any language; quality-d6 also takes weapons as
// /cost types them), its profile pasted as JSON, or both, the typed
// fields overriding the JSON's. The units package validates it against
// the system's schema and writes nothing when it fails; an error names
// a typed field by its label in the reply's language.
func (b *Bot) saveUnit(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, owner units.Owner, name string, opts []*discordgo.ApplicationCommandInteractionDataOption) (*Response, error) {
	system := stringOpt(opts, "system")
	if system == "" && i.GuildID != "" {
		set, err := b.cfg.Units.Settings(ctx, i.GuildID)
		if err != nil {
			return nil, err
		}
		system = set.System
	}
	if system == "" {
		return nil, &usageError{say(l, msgSaveNoSystem)}
	}
	pasted, typed := strings.TrimSpace(stringOpt(opts, "profile")), strings.TrimSpace(stringOpt(opts, "fields"))
	if pasted == "" && typed == "" {
		return nil, &usageError{say(l, msgSaveNothing)}
	}
	var labeled func(field string) string
	profile := json.RawMessage(pasted)
	_, actions := b.definitions()
	ac, ok := actions[units.ProfileAction+" "+system]
	if ok {
		labeled = func(field string) string { return fieldLabel(l, ac, field) }
	}
	if typed != "" {
		if !ok {
			return nil, &usageError{say(l, msgNoAction, l10n.Str("system", b.systemName(l, system)))}
		}
		fields := kostka.Object{}
		if pasted != "" {
			dec := json.NewDecoder(strings.NewReader(pasted))
			if err := dec.Decode(&fields); err != nil || fields == nil || dec.More() {
				return nil, unitError(l, name, fmt.Errorf("%w: %w", units.ErrInvalid, systems.NotObject("profile")))
			}
		}
		if err := b.typedFields(l, ac, system, typed, fields); err != nil {
			return nil, err
		}
		var err error
		if profile, err = json.Marshal(fields); err != nil {
			return nil, err
		}
	}
	u := units.Unit{Name: name, System: system, Profile: profile, Owner: owner, CreatedBy: userID(i)}
	expected := int64(0)
	old, err := b.cfg.Units.Get(ctx, owner, name)
	switch {
	case err == nil:
		if owner.Scope == units.ScopeGuild && old.CreatedBy != userID(i) && !canManage(i) {
			return nil, &usageError{say(l, msgUnitNotYours, nameArg(old.Name))}
		}
		expected = old.Version
	case !errors.Is(err, units.ErrNotFound):
		return nil, err
	}
	saved, err := b.cfg.Units.Save(ctx, u, expected)
	if err != nil {
		return nil, labeledUnitError(l, name, err, labeled)
	}
	return ephemeral(say(l, msgUnitSaved, nameArg(saved.Name), l10n.Str("system", saved.System), l10n.Int("version", int(saved.Version)))), nil
}

// weaponsKeys are the names /unit save's fields take for a quality-d6
// unit's weapons: /cost's option, in every language.
var weaponsKeys = []string{"weapons", "broń", "zbraně"}

// weaponsLabel is the label of a unit's weapons, as /cost names its option.
var weaponsLabel = l10n.Texts{En: "Weapons", Pl: "Broń", Cs: "Zbraně"}

// typedFields reads fields typed as name=value for a unit of system into
// fields, each under its JSON path: the attack's fields as /attack game
// reads them and, for the system /cost prices, weapons as /cost reads
// them ("1 24 AP1 Rozprysk(3); 1 melee", quoted).
func (b *Bot) typedFields(l l10n.Lang, ac *actionCommand, system, typed string, fields kostka.Object) error {
	parts, err := splitFields(typed)
	if err != nil {
		return &usageError{say(l, msgBadSyntax, l10n.Str("part", err.Error()))}
	}
	var rest []string
	for _, part := range parts {
		key, value, _ := strings.Cut(part, "=")
		if system != costSystem || !slices.Contains(weaponsKeys, strings.ToLower(strings.TrimSpace(key))) {
			rest = append(rest, part)
			continue
		}
		weapons, err := parseWeapons(l, value)
		if err != nil {
			return err
		}
		if weapons == nil {
			weapons = []kostka.Object{}
		}
		fields["weapons"] = weapons
	}
	opts, err := partOptions(l, ac, b.systemName(l, system), rest)
	if err != nil {
		return err
	}
	if err := ac.setOptions(l, opts, fields); err != nil {
		return err
	}
	// No checkWhen: a unit may hold fields of several modes (x-when);
	// the units package checks each where it applies.
	return nil
}

// fieldLabel names a profile's field by its option's label in l
// ("profile.quality": "Jakość (N+)"), a weapon's by its number
// ("profile.weapons[0].range": "Broń 1"), or by its path when no option
// stands for it.
func fieldLabel(l l10n.Lang, ac *actionCommand, field string) string {
	path := strings.TrimPrefix(field, "profile.")
	if p, ok := ac.paramAt(path); ok {
		return p.label(l)
	}
	if m := weaponField.FindStringSubmatch(path); m != nil && ac.system == costSystem {
		if m[1] == "" {
			return weaponsLabel.In(l)
		}
		n, _ := strconv.Atoi(m[1])
		return weaponsLabel.In(l) + " " + strconv.Itoa(n+1) // numbered from 1, as /cost numbers them
	}
	if path == "profile" {
		return profileLabel.In(l)
	}
	return quote(l, path) // a field the system does not have, as the profile spells it
}

// profileLabel names /unit save's profile option, as its localized name.
var profileLabel = l10n.Texts{En: "profile", Pl: "profil", Cs: "profil"}

// quote quotes what a player typed in the quotation marks of l.
func quote(l l10n.Lang, s string) string {
	switch l {
	case pl:
		return "„" + s + "”"
	case cs:
		return "„" + s + "“"
	}
	return "“" + s + "”"
}

// weaponField matches a weapons field's path ("weapons", "weapons[0]",
// "weapons[1].range"), the weapon's index in group 1.
var weaponField = regexp.MustCompile(`^weapons(?:\[(\d+)\])?(?:[.\[]|$)`)

// exportUnits answers /unit export: the owner's units as a JSON file
// attached to an ephemeral reply (see units.Export for the format).
func (b *Bot) exportUnits(ctx context.Context, l l10n.Lang, owner units.Owner) (*Response, error) {
	e, err := b.cfg.Units.Export(ctx, owner)
	if err != nil {
		return nil, unitError(l, "", err)
	}
	if len(e.Units) == 0 {
		return ephemeral(say(l, msgUnitNone)), nil
	}
	file, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return nil, err
	}
	res := ephemeral(say(l, msgUnitExported, l10n.Int("n", len(e.Units))))
	res.Data.Files = []*discordgo.File{{Name: "kostka-units-" + string(owner.Scope) + "-" + owner.ID + ".json", ContentType: "application/json", Reader: bytes.NewReader(file)}}
	return res, nil
}

// importUnits answers /unit import: every unit of the attached file is
// saved, or none. On a server's shelf, replacing units that other members
// saved needs the Manage Server permission.
func (b *Bot) importUnits(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, owner units.Owner, opts []*discordgo.ApplicationCommandInteractionDataOption) (*Response, error) {
	var att *discordgo.MessageAttachment
	if id := stringOpt(opts, "file"); id != "" {
		if r := i.ApplicationCommandData().Resolved; r != nil {
			att = r.Attachments[id]
		}
	}
	if att == nil {
		return nil, &usageError{say(l, msgImportNoFile)}
	}
	file, err := b.fetchAttachment(ctx, att)
	if err != nil {
		var limit *units.LimitError
		if errors.As(err, &limit) {
			return nil, unitError(l, "", err)
		}
		b.cfg.Logger.WarnContext(ctx, "fetching an import file", "error", err, "url", att.URL)
		return nil, &usageError{say(l, msgImportFetch)}
	}
	current, err := b.cfg.Units.List(ctx, owner)
	if err != nil {
		return nil, err
	}
	var incoming struct {
		Units []struct {
			Name   string `json:"name"`
			System string `json:"system"`
		} `json:"units"`
	}
	_ = json.Unmarshal(file, &incoming) // a malformed file is refused by Import
	var others []string
	replaced := 0
	for _, x := range incoming.Units {
		k := slices.IndexFunc(current, func(u units.Unit) bool {
			return strings.EqualFold(strings.TrimSpace(u.Name), strings.TrimSpace(x.Name))
		})
		if k < 0 {
			continue
		}
		replaced++
		if owner.Scope == units.ScopeGuild && current[k].CreatedBy != userID(i) && !canManage(i) {
			others = append(others, current[k].Name)
		}
	}
	if len(others) > 0 {
		return nil, &usageError{say(l, msgImportOthers, l10n.Str("names", strings.Join(others, ", ")))}
	}
	n, err := b.cfg.Units.Import(ctx, owner, file, userID(i))
	if ie := (*units.ImportError)(nil); errors.As(err, &ie) && ie.Index >= 1 && ie.Index <= len(incoming.Units) {
		// Name the refused field by its label in the unit's system.
		_, actions := b.definitions()
		if ac, ok := actions[units.ProfileAction+" "+incoming.Units[ie.Index-1].System]; ok {
			return nil, labeledUnitError(l, "", err, func(field string) string { return fieldLabel(l, ac, field) })
		}
	}
	if err != nil {
		return nil, unitError(l, "", err)
	}
	return ephemeral(say(l, msgUnitImported, l10n.Int("n", n), l10n.Int("replaced", replaced))), nil
}

// settings answers /settings: without options it shows the server's
// settings; with them it changes them, for members with Manage Server.
func (b *Bot) settings(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) (*Response, error) {
	if i.GuildID == "" {
		return nil, &usageError{say(l, msgSettingsGuild)}
	}
	opts := i.ApplicationCommandData().Options
	current, err := b.cfg.Units.Settings(ctx, i.GuildID)
	if err != nil {
		return nil, err
	}
	if len(opts) > 0 {
		if !canManage(i) {
			return nil, &usageError{say(l, msgSettingsDenied)}
		}
		next := current
		if s := stringOpt(opts, "system"); s != "" {
			next.System = s
		}
		if s := stringOpt(opts, "lang"); s != "" {
			next.Lang = l10n.Lang(s)
		}
		if o := option(opts, "private"); o != nil {
			next.Private = boolOpt(opts, "private")
		}
		switch stringOpt(opts, "unset") {
		case "system":
			next.System = ""
		case "lang":
			next.Lang = ""
			l = lang(i)
		case "private":
			next.Private = false
		}
		if current, err = b.cfg.Units.SaveSettings(ctx, i.GuildID, next, current.Version); err != nil {
			if fe := (*systems.FieldError)(nil); errors.As(err, &fe) {
				return nil, &usageError{say(l, msgSettingsInvalid, l10n.Str("detail", fe.Detail.In(l)))}
			}
			return nil, unitError(l, "", err)
		}
		if current.Lang != "" {
			l = current.Lang // the answer is in the language just chosen, once it is saved
		}
	}
	unset := say(l, msgSettingsUnset)
	private := say(l, msgSettingsPublic)
	if current.Private {
		private = say(l, msgSettingsPrivate)
	}
	return ephemeral(say(l, msgSettingsShow, l10n.Str("system", orDefault(current.System, unset)), l10n.Str("lang", orDefault(string(current.Lang), unset))) + " · " + private), nil
}

// savedUnit finds a saved unit by name for an attack or a cost: the
// player's own first, then the server's.
func (b *Bot) savedUnit(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, name string) (*units.Unit, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, nil
	}
	if b.cfg.Units == nil {
		return nil, &usageError{say(l, msgUnitUnavailable)}
	}
	u, err := b.findUnit(ctx, i, name)
	if errors.Is(err, units.ErrNotFound) {
		return nil, unitError(l, name, err)
	}
	return u, err
}

// game answers the "game" subcommand of /test and /attack: the system is
// the saved unit's (or the target's), else the server's; the saved units
// give the attack's fields, and the fields typed as name=value override
// them.
func (b *Bot) game(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, action string, opts []*discordgo.ApplicationCommandInteractionDataOption) (*Response, error) {
	attacker, err := b.savedUnit(ctx, i, l, stringOpt(opts, "unit"))
	if err != nil {
		return nil, err
	}
	target, err := b.savedUnit(ctx, i, l, stringOpt(opts, "target"))
	if err != nil {
		return nil, err
	}
	system := ""
	switch {
	case attacker != nil:
		system = attacker.System
	case target != nil:
		system = target.System
	case b.cfg.Units != nil && i.GuildID != "":
		set, err := b.cfg.Units.Settings(ctx, i.GuildID)
		if err != nil {
			return nil, err
		}
		system = set.System
	}
	if system == "" {
		return nil, &usageError{say(l, msgNoSystem)}
	}
	_, actions := b.definitions()
	ac, ok := actions[action+" "+system]
	if !ok {
		return nil, &usageError{say(l, msgNoAction, l10n.Str("system", b.systemName(l, system)))}
	}
	if target != nil && target.System != system {
		return nil, &usageError{say(l, msgOtherSystem, nameArg(target.Name), l10n.Str("unit", b.systemName(l, target.System)), l10n.Str("system", b.systemName(l, system)))}
	}
	parts, err := splitFields(stringOpt(opts, "fields"))
	if err != nil {
		return nil, &usageError{say(l, msgBadSyntax, l10n.Str("part", err.Error()))}
	}
	parts, pick := pickedWeapons(action, system, parts)
	explicit, err := partOptions(l, ac, b.systemName(l, system), parts)
	if err != nil {
		return nil, err
	}
	sys, _ := b.cfg.Systems.Get(system)
	// The typed fields decide the modes; the saved fields that do not
	// apply in them are left out (a typed one is checked as typed).
	typed := kostka.Object{}
	for _, p := range ac.params {
		if o := option(explicit, p.option); o != nil {
			v, err := optionValue(l, p, o)
			if err != nil {
				return nil, err
			}
			setPath(typed, p.path, v)
		}
	}
	base, err := units.AttackRequest(sys, attacker, target, typed, pick)
	if fe := (*systems.FieldError)(nil); errors.As(err, &fe) {
		// A refused attack (the weapons picked), not a refused save.
		return nil, &usageError{fieldLabel(l, ac, fe.Field) + ": " + fe.Detail.In(l)}
	}
	if err != nil {
		return nil, unitError(l, "", err)
	}
	units.Applicable(sys.Actions[action], base, typed)
	return b.action(ctx, l, ac, explicit, base, actionMode(opts), boolOpt(opts, "private"))
}

// pickedWeapons takes out of an attack's typed fields of the system /cost
// prices the weapons the player picks of the saved attacker's
// (weapons=1,3 or weapons="rifle,plasma gun": numbers from 1, as /cost
// numbers them, or names, comma-separated; the key in any language, as
// /unit save takes weapons). Without a pick, the unit fires all of its
// weapons (see units.AttackRequest).
func pickedWeapons(action, system string, parts []string) (rest, pick []string) {
	for _, part := range parts {
		key, value, _ := strings.Cut(part, "=")
		if action != units.ProfileAction || system != costSystem || !slices.Contains(weaponsKeys, strings.ToLower(strings.TrimSpace(key))) {
			rest = append(rest, part)
			continue
		}
		for w := range strings.SplitSeq(value, ",") {
			if w = strings.TrimSpace(w); w != "" {
				pick = append(pick, w)
			}
		}
	}
	return rest, pick
}

// fieldOptions reads fields typed as name=value (a name is the field's
// option name, its JSON path, or its option name in Polish or Czech;
// double quotes keep spaces in a value) into the options Discord would
// have sent for them.
func fieldOptions(l l10n.Lang, ac *actionCommand, systemName, typed string) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	parts, err := splitFields(typed)
	if err != nil {
		return nil, &usageError{say(l, msgBadSyntax, l10n.Str("part", err.Error()))}
	}
	return partOptions(l, ac, systemName, parts)
}

// partOptions is fieldOptions of fields already split (see splitFields).
func partOptions(l l10n.Lang, ac *actionCommand, systemName string, parts []string) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	var out []*discordgo.ApplicationCommandInteractionDataOption
	for _, part := range parts {
		key, value, ok := strings.Cut(part, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || key == "" {
			return nil, &usageError{say(l, msgBadSyntax, l10n.Str("part", escapeMarkdown(part)))}
		}
		p, ok := ac.paramNamed(key)
		if !ok {
			var names []string
			for _, p := range ac.params {
				names = append(names, p.name(l))
			}
			// What was typed, and the names (snake_case), show as written.
			return nil, &usageError{say(l, msgBadField, l10n.Str("field", escapeMarkdown(key)), l10n.Str("system", systemName), l10n.Str("fields", escapeMarkdown(strings.Join(names, ", "))))}
		}
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: p.option, Value: value}
		switch p.kind {
		case "integer", "number":
			f, err := strconv.ParseFloat(strings.Replace(strings.TrimSpace(value), ",", ".", 1), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, &usageError{say(l, msgBadValue, l10n.Str("field", p.label(l)), l10n.Str("value", escapeMarkdown(value)), l10n.Term("kind", msgKindNumber.New()))}
			}
			if p.kind == "integer" && f != math.Trunc(f) {
				return nil, &usageError{say(l, msgBadValue, l10n.Str("field", p.label(l)), l10n.Str("value", escapeMarkdown(value)), l10n.Term("kind", msgKindWhole.New()))}
			}
			o.Value = f
		case "boolean":
			switch strings.ToLower(value) {
			case "true", "yes", "1", "tak", "ano":
				o.Value = true
			case "false", "no", "0", "nie", "ne":
				o.Value = false
			default:
				return nil, &usageError{say(l, msgBadValue, l10n.Str("field", p.label(l)), l10n.Str("value", escapeMarkdown(value)), l10n.Term("kind", msgKindYesNo.New()))}
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// splitFields splits typed fields at spaces outside double quotes, which
// it removes; an unclosed quote is an error naming the rest.
func splitFields(s string) ([]string, error) {
	var parts []string
	var cur strings.Builder
	quoted, started := false, false
	for _, r := range s {
		switch {
		case r == '"' || r == '“' || r == '”' || r == '„':
			quoted, started = !quoted, true
		case !quoted && (r == ' ' || r == '\t' || r == '\n'):
			if started {
				parts = append(parts, cur.String())
			}
			cur.Reset()
			started = false
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if quoted {
		return nil, errors.New(cur.String())
	}
	if started {
		parts = append(parts, cur.String())
	}
	return parts, nil
}

// paramNamed finds a parameter by its option name, its JSON path or one
// of its localized option names.
func (ac *actionCommand) paramNamed(key string) (param, bool) {
	for _, p := range ac.params {
		if p.option == key || strings.Join(p.path, ".") == key || slices.Contains(p.localNames, key) {
			return p, true
		}
	}
	// A name's first words, when they name one field alone: obrona for
	// obrona-celu, modele for modele-w-oddziale-celu.
	var found []param
	for _, p := range ac.params {
		for _, n := range append([]string{p.option}, p.localNames...) {
			if strings.HasPrefix(n, key+"-") {
				found = append(found, p)
				break
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return param{}, false
}

// unitAutocomplete suggests saved units' names for the options that name
// one (/attack game unit and target, /cost unit, /unit show and delete):
// the player's own and the server's, those containing what is typed
// first by where it occurs.
func (b *Bot) unitAutocomplete(ctx context.Context, i *discordgo.Interaction) (*Response, error) {
	if b.cfg.Units == nil {
		return choices(nil), nil
	}
	d := i.ApplicationCommandData()
	opts := d.Options
	private := false
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		private = boolOpt(opts[0].Options, "private")
		opts = opts[0].Options
	}
	typed := ""
	for _, o := range opts {
		if o.Focused {
			typed, _ = o.Value.(string)
		}
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var owners []units.Owner
	if d.Name == "unit" {
		owners = []units.Owner{shelf(i, private)}
	} else {
		owners = append(owners, units.User(userID(i)))
		if i.GuildID != "" {
			owners = append(owners, units.Guild(i.GuildID))
		}
	}
	system := compareSystem(i) // /compare offers its system's units
	type hit struct {
		u   units.Unit
		pos int
	}
	var hits []hit
	seen := map[string]bool{}
	for _, o := range owners {
		list, err := b.cfg.Units.List(ctx, o)
		if err != nil {
			return nil, err
		}
		for _, u := range list {
			k := strings.ToLower(u.Name)
			pos := strings.Index(k, typed)
			if pos < 0 || seen[k] || (d.Name == "cost" && u.System != costSystem) || (system != "" && u.System != system) {
				continue
			}
			seen[k] = true
			hits = append(hits, hit{u, pos})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.pos - b.pos })
	l := b.replyLang(ctx, i)
	out := []*Choice{}
	for _, h := range hits[:min(len(hits), maxChoices)] {
		if len(h.u.Name) > maxChoiceValue {
			continue
		}
		label := h.u.Name + " · " + b.systemName(l, h.u.System)
		if h.u.Owner.Scope == units.ScopeUser && i.GuildID != "" {
			label += " 🔒"
		}
		out = append(out, &Choice{Name: clip(label, maxChoiceValue), Value: h.u.Name})
	}
	return choices(out), nil
}

// unitOptionFocused reports whether an autocomplete interaction is about
// an option naming a saved unit.
func unitOptionFocused(i *discordgo.Interaction) bool {
	opts := i.ApplicationCommandData().Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		opts = opts[0].Options
	}
	for _, o := range opts {
		if o.Focused {
			return o.Name == "unit" || o.Name == "target" || (i.ApplicationCommandData().Name == "unit" && o.Name == "name")
		}
	}
	return false
}

// nameArg is a player-typed name as a message's {name}, its Markdown
// escaped, so that a unit named **Elita**_x_ reads as typed.
func nameArg(name string) l10n.Arg { return l10n.Str("name", escapeMarkdown(name)) }
