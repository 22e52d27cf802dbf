package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/l10n"
	"kostka/units"
)

// costSystem is the game system /cost prices.
const costSystem = units.CostSystem

// costCommand is /cost: a quality-d6 unit's points by the rulebook's
// formula, of the options or a saved unit (unit), the options overriding
// the unit's fields (units.CostFields: models, quality, defense,
// toughness, abilities, weapons). Weapons are typed in one option: "2 24
// AP1 Rozprysk(3), Brutalny; nóż: 3 melee" (an optional name, attacks,
// range, optional AP, abilities), separated by semicolons; typed, they
// replace the unit's.
func costCommand() *Command {
	names := map[string]map[string]string{
		"models": loc("modele", "modely"), "quality": loc("jakość", "kvalita"), "defense": loc("obrona", "obrana"), "toughness": loc("wytrzymałość", "odolnost"),
	}
	intOption := func(name, en, pl, cs string, lo, hi float64, required bool) *Option {
		return &Option{
			Type: discordgo.ApplicationCommandOptionInteger, Name: name, NameLocalizations: names[name], Required: required, MinValue: &lo, MaxValue: &hi,
			Description: en, DescriptionLocalizations: loc(pl, cs),
		}
	}
	return &Command{
		Name: "cost", NameLocalizations: loc("koszt", "cena"),
		Description: "Points cost of a quality-d6 unit", DescriptionLocalizations: loc("Koszt punktowy oddziału quality-d6", "Bodová cena jednotky quality-d6"),
		Options: []*Option{
			intOption("models", "Models in the unit", "Modele w oddziale", "Modely v jednotce", 1, 100, false),
			intOption("quality", "Quality (4 for 4+)", "Jakość (4 dla 4+)", "Kvalita (4 pro 4+)", 2, 6, false),
			intOption("defense", "Defense (4 for 4+)", "Obrona (4 dla 4+)", "Obrana (4 pro 4+)", 2, 6, false),
			intOption("toughness", "Toughness of each model", "Wytrzymałość modelu", "Odolnost modelu", 1, 30, false),
			{Type: discordgo.ApplicationCommandOptionString, Name: "weapons", NameLocalizations: loc("broń", "zbraně"), MaxLength: 1000,
				Description:              "e.g. rifle: 2 24 AP1 Blast(3), Brutal; 3 melee",
				DescriptionLocalizations: loc("np. karabin: 2 24 AP1 Rozprysk(3), Brutalny; 3 wręcz", "např. puška: 2 24 AP1 Rozprysk(3), Brutalny; 3 melee")},
			{Type: discordgo.ApplicationCommandOptionString, Name: "abilities", NameLocalizations: loc("zdolności", "schopnosti"), MaxLength: 1000,
				Description:              "Unit abilities, comma-separated",
				DescriptionLocalizations: loc("Zdolności oddziału, po przecinku", "Schopnosti jednotky, oddělené čárkou")},
			unitOption("unit", "oddział", "jednotka", "A saved unit; the options above override its fields", "Zapisany oddział; powyższe opcje zastępują jego pola", "Uložená jednotka; volby výše mají přednost před jejími poli"),
			privateOption(),
		},
	}
}

// parseWeapons reads /cost's weapons option: weapons separated by
// semicolons, each attacks, range, an optional AP and abilities, after an
// optional name and a colon ("karabin: 1 24 AP1; 1 melee"); a weapon
// without a name is named by its number (#2).
func parseWeapons(l l10n.Lang, s string) ([]kostka.Object, error) {
	var out []kostka.Object
	for n, part := range strings.Split(s, ";") {
		name := fmt.Sprintf("#%d", n+1)
		if before, after, ok := strings.Cut(part, ":"); ok && strings.TrimSpace(before) != "" {
			name, part = strings.TrimSpace(before), after
		}
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 {
			return nil, &usageError{msg(l, "weapon.shape", n+1)}
		}
		attacks, err := strconv.Atoi(f[0])
		if err != nil {
			return nil, &usageError{msg(l, "weapon.attacks", n+1, escapeMarkdown(f[0]))}
		}
		w := kostka.Object{"name": name, "attacks": attacks, "abilities": []string{}}
		r := strings.Trim(f[1], `"”`)
		if v, err := strconv.Atoi(r); err == nil {
			w["range"] = v
		} else {
			w["range"] = r
		}
		rest := f[2:]
		if len(rest) > 0 && strings.HasPrefix(strings.ToUpper(rest[0]), "AP") {
			ap, err := strconv.Atoi(strings.Trim(rest[0][2:], "()"))
			if err != nil {
				return nil, &usageError{msg(l, "weapon.ap", n+1, escapeMarkdown(rest[0]))}
			}
			w["ap"] = ap
			rest = rest[1:]
		}
		var abilities []string
		for _, a := range strings.Split(strings.Join(rest, " "), ",") {
			if a = strings.TrimSpace(a); a != "" {
				abilities = append(abilities, a)
			}
		}
		if abilities != nil {
			w["abilities"] = abilities
		}
		out = append(out, w)
	}
	return out, nil
}

func (b *Bot) cost(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, opts []*discordgo.ApplicationCommandInteractionDataOption) (*Response, error) {
	body := kostka.Object{"abilities": []string{}, "weapons": []kostka.Object{}}
	u, err := b.savedUnit(ctx, i, l, stringOpt(opts, "unit"))
	if err != nil {
		return nil, err
	}
	if u != nil {
		if u.System != costSystem {
			return nil, &usageError{say(l, msgOtherSystem, nameArg(u.Name), l10n.Str("unit", b.systemName(l, u.System)), l10n.Str("system", b.systemName(l, costSystem)))}
		}
		profile, err := units.Profile(costSystem, u)
		if err != nil {
			return nil, err
		}
		for _, k := range units.CostFields {
			if v, ok := profile[k]; ok {
				body[k] = v
			}
		}
	}
	if option(opts, "weapons") != nil {
		weapons, err := parseWeapons(l, stringOpt(opts, "weapons"))
		if err != nil {
			return nil, err
		}
		if weapons == nil {
			weapons = []kostka.Object{}
		}
		body["weapons"] = weapons
	}
	for _, k := range []string{"models", "quality", "defense", "toughness"} {
		if option(opts, k) != nil {
			body[k] = intOpt(opts, k)
		}
	}
	if option(opts, "abilities") != nil {
		abilities := []string{}
		for _, a := range strings.Split(stringOpt(opts, "abilities"), ",") {
			if a = strings.TrimSpace(a); a != "" {
				abilities = append(abilities, a)
			}
		}
		body["abilities"] = abilities
	}
	unit, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	priced, err := b.cfg.Service.Price(ctx, kostka.PriceRequest{System: costSystem, Lang: l, Unit: unit})
	if err != nil {
		return nil, err
	}
	c := priced.Points()
	desc := strings.Join(texts(c.Breakdown), "\n")
	for _, w := range texts(c.Warnings) {
		desc += "\n⚠ " + w
	}
	for _, n := range texts(c.Notes) {
		desc += "\n*" + n + "*"
	}
	return message(&discordgo.MessageEmbed{
		Title: msg(l, "cost.total", c.Total), Description: clip(desc, maxEmbedDesc), Color: colour,
	}), nil
}
