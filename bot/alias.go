package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
	"kostka/systems"
	"kostka/units"
)

// Aliases: /alias save name:ostrzal expr:"{n}d6>=4" names a dice
// expression with parameters, for the player (private:True) or the
// server, kept beside the units under the same rules; /roll expr:"ostrzal
// 5" rolls 5d6>=4.

var (
	msgAliasSaved   = l10n.Define("bot.alias.saved", l10n.Texts{En: "Saved the alias {name}: {expr}", Pl: "Zapisano alias {name}: {expr}", Cs: "Alias {name} uložen: {expr}"})
	msgAliasDeleted = l10n.Define("bot.alias.deleted", l10n.Texts{En: "Deleted the alias {name}.", Pl: "Usunięto alias {name}.", Cs: "Alias {name} smazán."})
	msgAliasNone    = l10n.Define("bot.alias.none", l10n.Texts{En: "No aliases yet. Save one with /alias save.", Pl: "Brak aliasów. Zapisz alias przez /alias save.", Cs: "Zatím žádné aliasy. Uložte alias přes /alias save."})
	msgAliasList    = l10n.Define("bot.alias.list", l10n.Texts{En: "Aliases", Pl: "Aliasy", Cs: "Aliasy"})
	msgAliasInvalid = l10n.Define("bot.alias.invalid", l10n.Texts{En: "This alias cannot be saved: {detail}", Pl: "Nie można zapisać tego aliasu: {detail}", Cs: "Tento alias nelze uložit: {detail}"})
	msgAliasMissing = l10n.Define("bot.alias.missing", l10n.Texts{En: "There is no alias {name}.", Pl: "Nie ma aliasu {name}.", Cs: "Alias {name} neexistuje."})
)

// aliasCommand is /alias.
func aliasCommand() *Command {
	name := func(autocomplete bool) *Option {
		return &Option{Type: discordgo.ApplicationCommandOptionString, Name: "name", NameLocalizations: loc("nazwa", "název"), Required: true, MaxLength: 32, Autocomplete: autocomplete,
			Description: "The alias's name, one word", DescriptionLocalizations: loc("Nazwa aliasu, jedno słowo", "Název aliasu, jedno slovo")}
	}
	sub := func(n, pl, cs, desc, descPl, descCs string, opts ...*Option) *Option {
		return &Option{Type: discordgo.ApplicationCommandOptionSubCommand, Name: n, NameLocalizations: loc(pl, cs), Description: desc, DescriptionLocalizations: loc(descPl, descCs), Options: append(opts, privateShelfOption())}
	}
	return &Command{
		Name: "alias", NameLocalizations: loc("alias", "alias"),
		Description: "Named dice expressions with parameters", DescriptionLocalizations: loc("Nazwane wyrażenia kości z parametrami", "Pojmenované výrazy kostek s parametry"),
		Options: []*Option{
			sub("save", "zapisz", "uložit", "Save an alias, such as ostrzal for {n}d6>=4", "Zapisz alias, np. ostrzal dla {n}d6>=4", "Uložit alias, např. ostrel pro {n}d6>=4",
				name(false), &Option{Type: discordgo.ApplicationCommandOptionString, Name: "expr", NameLocalizations: loc("wyrażenie", "výraz"), Required: true, MaxLength: units.MaxAliasExpr,
					Description: "The expression; {n} marks a value given when rolling", DescriptionLocalizations: loc("Wyrażenie; {n} to wartość podana przy rzucie", "Výraz; {n} je hodnota zadaná při hodu")}),
			sub("list", "lista", "seznam", "List the aliases", "Wypisz aliasy", "Vypsat aliasy"),
			sub("show", "pokaż", "ukázat", "Show an alias", "Pokaż alias", "Ukázat alias", name(true)),
			sub("delete", "usuń", "smazat", "Delete an alias", "Usuń alias", "Smazat alias", name(true)),
		},
	}
}

// privateShelfOption picks the player's own aliases instead of the
// server's.
func privateShelfOption() *Option {
	return &Option{Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", NameLocalizations: loc("prywatnie", "soukromě"),
		Description: "Your own, not the server's", DescriptionLocalizations: loc("Twoje własne, nie serwera", "Vaše vlastní, ne serveru")}
}

// alias answers /alias.
func (b *Bot) alias(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) (*Response, error) {
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
		if owner.Scope == units.ScopeGuild {
			if old, err := book.Alias(ctx, owner, name); err == nil && old.CreatedBy != userID(i) && !canManage(i) {
				return nil, &usageError{say(l, msgUnitNotYours, nameArg(old.Name))}
			}
		}
		a := units.Alias{Name: name, Expr: stringOpt(sub.Options, "expr"), CreatedBy: userID(i)}
		if err := book.SaveAlias(ctx, owner, a); err != nil {
			if fe := (*systems.FieldError)(nil); errors.As(err, &fe) {
				return nil, &usageError{say(l, msgAliasInvalid, l10n.Str("detail", fe.Detail.In(l)))}
			}
			return nil, unitError(l, name, err)
		}
		return ephemeral(say(l, msgAliasSaved, nameArg(name), l10n.Str("expr", "`"+strings.ReplaceAll(strings.TrimSpace(a.Expr), "`", "")+"`"))), nil
	case "list":
		all, err := book.Aliases(ctx, owner)
		if err != nil {
			return nil, err
		}
		if len(all) == 0 {
			return ephemeral(say(l, msgAliasNone)), nil
		}
		var lines []string
		for _, a := range all {
			lines = append(lines, fmt.Sprintf("**%s** · `%s`", escapeMarkdown(a.Name), strings.ReplaceAll(a.Expr, "`", "")))
		}
		return message(&discordgo.MessageEmbed{Title: say(l, msgAliasList), Description: clip(strings.Join(lines, "\n"), maxEmbedDesc), Color: colour}), nil
	case "show", "delete":
		a, err := book.Alias(ctx, owner, name)
		if errors.Is(err, units.ErrNotFound) {
			return nil, &usageError{say(l, msgAliasMissing, nameArg(name))}
		}
		if err != nil {
			return nil, err
		}
		if sub.Name == "show" {
			return message(&discordgo.MessageEmbed{Title: clip(escapeMarkdown(a.Name), maxEmbedTitle), Description: "`" + strings.ReplaceAll(a.Expr, "`", "") + "`", Color: colour}), nil
		}
		if owner.Scope == units.ScopeGuild && a.CreatedBy != userID(i) && !canManage(i) {
			return nil, &usageError{say(l, msgUnitNotYours, nameArg(a.Name))}
		}
		if err := book.DeleteAlias(ctx, owner, a.Name); err != nil {
			return nil, unitError(l, name, err)
		}
		return ephemeral(say(l, msgAliasDeleted, nameArg(a.Name))), nil
	}
	return ephemeral(msg(l, "unknown")), nil
}

// expandAlias returns expr with an alias its first word names (the
// player's own, then the server's) filled in: "ostrzal 5" → "5d6>=4".
// An expression that names no alias is returned as it is.
func (b *Bot) expandAlias(ctx context.Context, i *discordgo.Interaction, expr string) (string, error) {
	if b.cfg.Units == nil {
		return expr, nil
	}
	words := strings.Fields(expr)
	if len(words) == 0 || !aliasWord(words[0]) {
		return expr, nil
	}
	owners := []units.Owner{units.User(userID(i))}
	if i.GuildID != "" {
		owners = append(owners, units.Guild(i.GuildID))
	}
	for _, o := range owners {
		if o.ID == "" {
			continue
		}
		a, err := b.cfg.Units.Alias(ctx, o, words[0])
		if errors.Is(err, units.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", err
		}
		return a.Expand(words[1:])
	}
	return expr, nil
}

// diceStart is how a dice expression begins (3d6, d20, k6, 2x…, a
// number): such a first word is never looked up as an alias.
var diceStart = regexp.MustCompile(`^(?i)(\d|[dk]\d)`)

// aliasWord reports whether w may name an alias.
func aliasWord(w string) bool { return !diceStart.MatchString(w) }

// aliasAutocomplete suggests the aliases' names (the player's own and the
// server's) containing what is typed.
func (b *Bot) aliasAutocomplete(ctx context.Context, i *discordgo.Interaction) (*Response, error) {
	if b.cfg.Units == nil {
		return choices(nil), nil
	}
	opts := i.ApplicationCommandData().Options
	private := false
	typed := ""
	if len(opts) == 1 {
		private = boolOpt(opts[0].Options, "private")
		for _, o := range opts[0].Options {
			if o.Focused {
				typed, _ = o.Value.(string)
			}
		}
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	all, err := b.cfg.Units.Aliases(ctx, shelf(i, private))
	if err != nil {
		return nil, err
	}
	var out []*Choice
	for _, a := range all {
		if strings.Contains(strings.ToLower(a.Name), typed) && len(out) < 25 {
			out = append(out, &Choice{Name: clip(a.Name+" · "+a.Expr, 100), Value: a.Name})
		}
	}
	return choices(out), nil
}
