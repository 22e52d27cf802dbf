package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka/units"
)

// Saved units (/unit) and guild settings (/settings), when Config.Units is
// set.

func init() { maps.Copy(messages, unitMessages) }

var unitMessages = map[string]text{
	"unit.unavailable": {en: "This Kostka keeps no saved units or settings.", pl: "Ta Kostka nie przechowuje oddziałów ani ustawień.", cs: "Tato Kostka neukládá jednotky ani nastavení."},
	"unit.saved":       {en: "Saved **%s** (%s), version %d.", pl: "Zapisano **%s** (%s), wersja %d.", cs: "Uloženo **%s** (%s), verze %d."},
	"unit.deleted":     {en: "Deleted **%s**.", pl: "Usunięto **%s**.", cs: "Smazáno **%s**."},
	"unit.none":        {en: "No units saved yet. Save one with /unit save.", pl: "Brak zapisanych oddziałów. Zapisz oddział przez /unit save.", cs: "Zatím žádné uložené jednotky. Uložte jednotku přes /unit save."},
	"unit.list":        {en: "Saved units", pl: "Zapisane oddziały", cs: "Uložené jednotky"},
	"unit.notfound":    {en: "There is no saved unit %q.", pl: "Nie ma zapisanego oddziału %q.", cs: "Uložená jednotka %q neexistuje."},
	"unit.invalid":     {en: "This unit cannot be saved: %s", pl: "Nie można zapisać tego oddziału: %s", cs: "Tuto jednotku nelze uložit: %s"},
	"unit.limit":       {en: "Over a limit: %s", pl: "Przekroczony limit: %s", cs: "Překročen limit: %s"},
	"unit.conflict":    {en: "Someone changed this at the same moment. Please try again.", pl: "Ktoś zmienił to w tej samej chwili. Spróbuj ponownie.", cs: "Někdo to ve stejnou chvíli změnil. Zkuste to prosím znovu."},
	"unit.notyours":    {en: "Only its author or a member with the Manage Server permission can change %q.", pl: "Tylko autor lub członek z uprawnieniem Zarządzanie serwerem może zmienić %q.", cs: "Jen autor nebo člen s oprávněním Spravovat server může změnit %q."},
	"settings.denied":  {en: "Only members with the Manage Server permission can change this server's settings.", pl: "Tylko członkowie z uprawnieniem Zarządzanie serwerem mogą zmieniać ustawienia tego serwera.", cs: "Nastavení tohoto serveru mohou měnit jen členové s oprávněním Spravovat server."},
	"settings.guild":   {en: "Settings belong to a server; use /settings in one.", pl: "Ustawienia dotyczą serwera; użyj /settings na serwerze.", cs: "Nastavení patří serveru; použijte /settings na serveru."},
	"settings.show":    {en: "Game system: %s · language: %s", pl: "System gry: %s · język: %s", cs: "Herní systém: %s · jazyk: %s"},
	"settings.unset":   {en: "not set", pl: "nie ustawiono", cs: "nenastaveno"},
}

// unitCommands are /unit and /settings.
func unitCommands(systemChoices []*Choice) []*Command {
	name := &Option{
		Type: discordgo.ApplicationCommandOptionString, Name: "name", NameLocalizations: loc("nazwa", "nazev"), Required: true, MaxLength: 64,
		Description: "The unit's name", DescriptionLocalizations: loc("Nazwa oddziału", "Název jednotky"),
	}
	private := &Option{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", NameLocalizations: loc("prywatnie", "soukromě"),
		Description: "Your own units instead of the server's", DescriptionLocalizations: loc("Twoje własne oddziały zamiast serwera", "Vaše vlastní jednotky místo serverových"),
	}
	subNames := map[string]map[string]string{
		"save": loc("zapisz", "uložit"), "list": loc("lista", "seznam"),
		"show": loc("pokaż", "ukázat"), "delete": loc("usuń", "smazat"),
	}
	sub := func(n, desc, descPl, descCs string, opts ...*Option) *Option {
		return &Option{Type: discordgo.ApplicationCommandOptionSubCommand, Name: n, NameLocalizations: subNames[n], Description: desc, DescriptionLocalizations: loc(descPl, descCs), Options: opts}
	}
	return []*Command{
		{
			Name: "unit", Description: "Save, list, show or delete units", DescriptionLocalizations: loc("Zapisz, wypisz, pokaż lub usuń oddziały", "Uložit, vypsat, ukázat nebo smazat jednotky"),
			NameLocalizations: loc("oddzial", "jednotka"),
			Options: []*Option{
				sub("save", "Save a unit: its game system and profile (JSON)", "Zapisz oddział: system gry i profil (JSON)", "Uložit jednotku: herní systém a profil (JSON)",
					name,
					&Option{Type: discordgo.ApplicationCommandOptionString, Name: "system", NameLocalizations: loc("system", "systém"), Required: true, Choices: systemChoices,
						Description: "Game system", DescriptionLocalizations: loc("System gry", "Herní systém")},
					&Option{Type: discordgo.ApplicationCommandOptionString, Name: "profile", NameLocalizations: loc("profil", "profil"), Required: true, MaxLength: 2048,
						Description: `The attack's fields as JSON, such as {"attacks": 10, "quality": 4}`, DescriptionLocalizations: loc(`Pola ataku jako JSON, np. {"attacks": 10, "quality": 4}`, `Pole útoku jako JSON, např. {"attacks": 10, "quality": 4}`)},
					private),
				sub("list", "List the saved units", "Wypisz zapisane oddziały", "Vypsat uložené jednotky", private),
				sub("show", "Show a saved unit", "Pokaż zapisany oddział", "Ukázat uloženou jednotku", name, private),
				sub("delete", "Delete a saved unit", "Usuń zapisany oddział", "Smazat uloženou jednotku", name, private),
			},
		},
		{
			Name: "settings", Description: "This server's default game system and language", DescriptionLocalizations: loc("Domyślny system gry i język serwera", "Výchozí herní systém a jazyk serveru"),
			NameLocalizations: loc("ustawienia", "nastaveni"),
			Options: []*Option{
				{Type: discordgo.ApplicationCommandOptionString, Name: "system", NameLocalizations: loc("system", "systém"), Choices: systemChoices,
					Description: "Default game system", DescriptionLocalizations: loc("Domyślny system gry", "Výchozí herní systém")},
				{Type: discordgo.ApplicationCommandOptionString, Name: "lang", NameLocalizations: loc("język", "jazyk"),
					Choices: []*Choice{
						{Name: "polski", Value: pl}, {Name: "čeština", Value: cs}, {Name: "English", Value: en},
					},
					Description: "Language of the answers", DescriptionLocalizations: loc("Język odpowiedzi", "Jazyk odpovědí")},
			},
		},
	}
}

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

// unitError turns the units package's refusals into polite messages.
func unitError(l, name string, err error) error {
	switch {
	case errors.Is(err, units.ErrNotFound):
		return &usageError{msg(l, "unit.notfound", name)}
	case errors.Is(err, units.ErrConflict):
		return &usageError{msg(l, "unit.conflict")}
	case errors.Is(err, units.ErrLimit):
		return &usageError{msg(l, "unit.limit", err.Error())}
	case errors.Is(err, units.ErrInvalid):
		return &usageError{msg(l, "unit.invalid", err.Error())}
	}
	return err
}

// unit answers /unit.
func (b *Bot) unit(ctx context.Context, i *discordgo.Interaction, l string) (*Response, error) {
	d := i.ApplicationCommandData()
	if len(d.Options) != 1 || d.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return ephemeral(msg(l, "unknown")), nil
	}
	sub := d.Options[0]
	owner := shelf(i, boolOpt(sub.Options, "private"))
	name := strings.TrimSpace(stringOpt(sub.Options, "name"))
	book := b.cfg.Units
	switch sub.Name {
	case "save":
		u := units.Unit{Name: name, System: stringOpt(sub.Options, "system"), Profile: json.RawMessage(stringOpt(sub.Options, "profile")), Owner: owner, CreatedBy: userID(i)}
		expected := int64(0)
		old, err := book.Get(ctx, owner, name)
		switch {
		case err == nil:
			if owner.Scope == units.ScopeGuild && old.CreatedBy != userID(i) && !canManage(i) {
				return nil, &usageError{msg(l, "unit.notyours", old.Name)}
			}
			expected = old.Version
		case !errors.Is(err, units.ErrNotFound):
			return nil, err
		}
		saved, err := book.Save(ctx, u, expected)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		return ephemeral(msg(l, "unit.saved", saved.Name, saved.System, saved.Version)), nil
	case "list":
		list, err := book.List(ctx, owner)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		if len(list) == 0 {
			return ephemeral(msg(l, "unit.none")), nil
		}
		var lines []string
		for _, u := range list {
			lines = append(lines, fmt.Sprintf("**%s** · %s", u.Name, u.System))
		}
		return message(&discordgo.MessageEmbed{Title: msg(l, "unit.list"), Description: clip(strings.Join(lines, "\n"), 4000), Color: colour}), nil
	case "show":
		u, err := book.Get(ctx, owner, name)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		return message(&discordgo.MessageEmbed{Title: u.Name, Description: clip(u.System+"\n```json\n"+string(u.Profile)+"\n```", 4000), Color: colour}), nil
	case "delete":
		u, err := book.Get(ctx, owner, name)
		if err != nil {
			return nil, unitError(l, name, err)
		}
		if owner.Scope == units.ScopeGuild && u.CreatedBy != userID(i) && !canManage(i) {
			return nil, &usageError{msg(l, "unit.notyours", u.Name)}
		}
		if err := book.Delete(ctx, owner, u.Name, u.Version); err != nil {
			return nil, unitError(l, name, err)
		}
		return ephemeral(msg(l, "unit.deleted", u.Name)), nil
	}
	return ephemeral(msg(l, "unknown")), nil
}

// settings answers /settings: without options it shows the server's
// settings; with them it changes them, for members with Manage Server.
func (b *Bot) settings(ctx context.Context, i *discordgo.Interaction, l string) (*Response, error) {
	if i.GuildID == "" {
		return nil, &usageError{msg(l, "settings.guild")}
	}
	opts := i.ApplicationCommandData().Options
	current, err := b.cfg.Units.Settings(ctx, i.GuildID)
	if err != nil {
		return nil, err
	}
	if len(opts) > 0 {
		if !canManage(i) {
			return nil, &usageError{msg(l, "settings.denied")}
		}
		next := current
		if s := stringOpt(opts, "system"); s != "" {
			next.System = s
		}
		if s := stringOpt(opts, "lang"); s != "" {
			next.Lang = s
		}
		if current, err = b.cfg.Units.SaveSettings(ctx, i.GuildID, next, current.Version); err != nil {
			return nil, unitError(l, "", err)
		}
	}
	return ephemeral(msg(l, "settings.show", orDefault(current.System, msg(l, "settings.unset")), orDefault(current.Lang, msg(l, "settings.unset")))), nil
}
