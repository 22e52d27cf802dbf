package bot

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
	"kostka/systems"
	"kostka/units"
)

// Discord's limits on command definitions.
const (
	maxDescription = 100
	maxOptions     = 25
	maxChoices     = 25
)

// loc are localized names or descriptions for Discord's pl and cs locales.
func loc(pl, cs string) map[string]string {
	return map[string]string{string(discordgo.Polish): pl, string(discordgo.Czech): cs}
}

// param is one request field a command option stands for.
type param struct {
	path   []string   // the JSON path: ["opponent", "dice"]
	kind   string     // integer, number, boolean, string, array
	option string     // the option's name
	labels l10n.Texts // the field's label in every language
	// when is the field's x-when: it applies only when each sibling
	// field named has one of the values.
	when map[string][]any
	// def is the field's default (nil: none); values label its enum values.
	def    any
	values map[string]l10n.Texts
	// localNames are the option's names in Polish and Czech; localName
	// has them by language.
	localNames []string
	localName  l10n.Texts
	// typedOnly says the field has no option of its own ("x-discord":
	// false): it is given only typed as name=value, in the fields option.
	typedOnly bool
}

// addLocalName records the option's name in a Discord locale.
func (p *param) addLocalName(locale, name string) {
	p.localNames = append(p.localNames, name)
	if locale == string(discordgo.Czech) {
		p.localName.Cs = name
	} else {
		p.localName.Pl = name
	}
}

// name is the option's name in l, as players type it in fields.
func (p param) name(l l10n.Lang) string { return orDefault(p.localName.In(l), p.option) }

// label is the field's label in l, for errors that name it.
func (p param) label(l l10n.Lang) string { return orDefault(p.labels.In(l), p.option) }

// paramAt is the parameter for the request field at a JSON path as the
// API's errors spell it ("opponent.dice").
func (ac *actionCommand) paramAt(field string) (param, bool) {
	for _, p := range ac.params {
		if strings.Join(p.path, ".") == field {
			return p, true
		}
	}
	return param{}, false
}

// actionCommand is one /test or /attack subcommand: a system's action.
type actionCommand struct {
	system string
	action string
	title  l10n.Texts // "Jakość i Obrona K6 · Atak": the system's and the action's names
	params []param
}

// Commands returns the bot's slash commands, with a /test and an /attack
// subcommand for every game system that has one, their options taken from
// the system's request schema.
func (b *Bot) Commands() []*Command {
	cmds, _ := b.definitions()
	return cmds
}

func buildCommands(reg *systems.Registry) ([]*Command, map[string]*actionCommand, error) {
	expr := func(required bool) *Option {
		return &Option{
			Type: discordgo.ApplicationCommandOptionString, Name: "expr", NameLocalizations: loc("wyrażenie", "výraz"), Required: required, MaxLength: 200,
			Description: "Dice expression, such as 3k6+2 or 4d6kh3", DescriptionLocalizations: loc("Wyrażenie, np. 3k6+2 lub 4k6kh3", "Výraz, např. 3k6+2 nebo 4k6kh3"),
		}
	}
	var systemChoices []*Choice
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		systemChoices = append(systemChoices, &Choice{
			Name: clip(s.Name.En, maxDescription), Value: id,
			NameLocalizations: loc(clip(s.Name.In(pl), maxDescription), clip(s.Name.In(cs), maxDescription)),
		})
	}
	cmds := []*Command{
		{
			Name: "roll", NameLocalizations: loc("rzut", "hod"),
			Description: "Roll dice", DescriptionLocalizations: loc("Rzuć kośćmi", "Hoď kostkami"),
			Options: []*Option{expr(true), {
				Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", NameLocalizations: loc("prywatnie", "soukromě"),
				Description: "Only you see the roll", DescriptionLocalizations: loc("Rzut widzisz tylko ty", "Hod uvidíte jen vy"),
			}},
		},
		{
			Name: "odds", NameLocalizations: loc("szanse", "šance"),
			Description: "Exact odds of every total", DescriptionLocalizations: loc("Dokładne szanse każdej sumy", "Přesné šance každého součtu"),
			Options: []*Option{expr(true), privateOption()},
		},
		{
			Name: "rule", NameLocalizations: loc("zasada", "pravidlo"),
			Description: "Look a rule up", DescriptionLocalizations: loc("Znajdź zasadę", "Najdi pravidlo"),
			Options: []*Option{
				{Type: discordgo.ApplicationCommandOptionString, Name: "query", NameLocalizations: loc("fraza", "dotaz"), Required: true, Autocomplete: true, MaxLength: 200,
					Description: "What to look up, such as cover or power shot", DescriptionLocalizations: loc("Czego szukasz, np. osłona", "Co hledáte, např. kryt")},
				{Type: discordgo.ApplicationCommandOptionString, Name: "system", NameLocalizations: loc("system", "systém"), Choices: systemChoices,
					Description: "Only this rulebook", DescriptionLocalizations: loc("Tylko ten podręcznik", "Jen tato pravidla")},
				privateOption(),
			},
		},
		{
			Name: "help", NameLocalizations: loc("pomoc", "pomoc"),
			Description: "What Kostka can do", DescriptionLocalizations: loc("Co potrafi Kostka", "Co umí Kostka"),
		},
	}
	actions := map[string]*actionCommand{}
	for _, action := range []struct{ name, pl, cs, desc, descPL, descCS string }{
		{"test", "test", "test", "A game system's test, every die and the exact odds", "Test systemu gry, każda kość i dokładne szanse", "Test herního systému, každá kostka a přesné šance"},
		{"attack", "atak", "útok", "A game system's attack, every die and the exact odds", "Atak systemu gry, każda kość i dokładne szanse", "Útok herního systému, každá kostka a přesné šance"},
	} {
		cmd := &Command{
			Name: action.name, NameLocalizations: loc(action.pl, action.cs),
			Description: action.desc, DescriptionLocalizations: loc(action.descPL, action.descCS),
		}
		for _, id := range reg.IDs() {
			s, _ := reg.Get(id)
			a, ok := s.Actions[action.name]
			if !ok {
				continue
			}
			title := func(l l10n.Lang) string { return s.Name.In(l) + " · " + a.Title.In(l) }
			ac := &actionCommand{system: id, action: action.name, title: l10n.Texts{En: title(en), Pl: title(pl), Cs: title(cs)}}
			opts, err := schemaOptions(a.Compiled(), ac)
			if err != nil {
				return nil, nil, fmt.Errorf("bot: %s %s: %w", id, action.name, err)
			}
			// Every field the options leave out can be typed in fields;
			// then the odds and privacy, as every subcommand has them.
			if slices.ContainsFunc(ac.params, func(p param) bool { return p.typedOnly }) {
				opts = append(opts, fieldsOption())
			}
			opts = append(opts, oddsOption(), privateOption())
			if len(opts) > maxOptions {
				return nil, nil, fmt.Errorf("bot: %s %s: %d options with fields, odds and private; Discord allows %d (mark the least-used fields \"x-discord\": false)", id, action.name, len(opts), maxOptions)
			}
			cmd.Options = append(cmd.Options, &Option{
				Type: discordgo.ApplicationCommandOptionSubCommand, Name: id,
				Description:              clip(s.Name.En+": "+a.Title.En, maxDescription),
				DescriptionLocalizations: loc(clip(s.Name.In(pl)+": "+a.Title.In(pl), maxDescription), clip(s.Name.In(cs)+": "+a.Title.In(cs), maxDescription)),
				Options:                  opts,
			})
			actions[action.name+" "+id] = ac
		}
		cmd.Options = append(cmd.Options, gameCommand(action.name == units.ProfileAction))
		cmds = append(cmds, cmd)
	}
	cmds = append(cmds, costCommand())
	return cmds, actions, nil
}

// schemaOptions turns a request schema into command options, required
// ones first (Discord's rule), nested objects flattened ("opponent.dice"
// becomes the option opponent-dice). A nested field is required only when
// its object is: an optional object's required fields are optional
// options (the API asks for them when the object is given). A field that
// applies only in some modes (x-when) is never a required option.
func schemaOptions(schema *systems.Schema, ac *actionCommand) ([]*Option, error) {
	var required, optional []*Option
	var hidden []param         // properties left out of the command, typed as name=value only
	taken := map[string]bool{} // localized names used, by "locale name"
	// objRequired says, by path, whether an object's fields can be
	// required options; left says which objects are out of the command.
	objRequired, left := map[string]bool{"": true}, map[string]bool{}
	for _, p := range schema.Fields() {
		parent, name := "", p.Path
		if i := strings.LastIndexByte(p.Path, '.'); i >= 0 {
			parent, name = p.Path[:i], p.Path[i+1:]
		}
		if left[parent] {
			left[p.Path] = true
			continue
		}
		path := strings.Split(p.Path, ".")
		if p.Discord != nil && !*p.Discord {
			if p.Required {
				return nil, fmt.Errorf("property %s is required and cannot be left out of the command", name)
			}
			if scalarTypes[p.Type] {
				prm, err := newParam(p, path, name)
				if err != nil {
					return nil, err
				}
				prm.typedOnly = true
				hidden = append(hidden, prm)
			}
			left[p.Path] = true
			continue
		}
		isRequired := objRequired[parent] && p.Required && p.When == nil
		if p.Type == "object" {
			objRequired[p.Path] = isRequired
			continue
		}
		opt := &Option{
			Name:                     strings.Join(path, "-"),
			Description:              clip(label(p, en, name), maxDescription),
			DescriptionLocalizations: loc(clip(label(p, pl, name), maxDescription), clip(label(p, cs, name), maxDescription)),
		}
		switch p.Type {
		case "integer":
			opt.Type = discordgo.ApplicationCommandOptionInteger
		case "number":
			opt.Type = discordgo.ApplicationCommandOptionNumber
		case "boolean":
			opt.Type = discordgo.ApplicationCommandOptionBoolean
		case "string", "array":
			opt.Type = discordgo.ApplicationCommandOptionString
		default:
			return nil, fmt.Errorf("property %s has type %q, which no option type fits", name, p.Type)
		}
		opt.NameLocalizations = optionNames(opt.Name, label(p, pl, name), label(p, cs, name), taken)
		if p.Type == "array" {
			opt.Description = clip(opt.Description+" (comma-separated)", maxDescription)
		}
		if opt.Type == discordgo.ApplicationCommandOptionInteger || opt.Type == discordgo.ApplicationCommandOptionNumber {
			opt.MinValue = p.Min
			opt.MaxValue = p.Max
		}
		for _, e := range p.Enum {
			v, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("property %s has enum value %v, not a string", name, e)
			}
			names := p.EnumLabels[v]
			c := &Choice{Name: clip(orDefault(names[string(en)], v), maxDescription), Value: v}
			if names != nil {
				c.NameLocalizations = loc(clip(orDefault(names[string(pl)], v), maxDescription), clip(orDefault(names[string(cs)], v), maxDescription))
			}
			opt.Choices = append(opt.Choices, c)
		}
		if len(opt.Choices) > maxChoices {
			return nil, fmt.Errorf("property %s has %d choices; Discord allows %d", name, len(opt.Choices), maxChoices)
		}
		prm, err := newParam(p, path, name)
		if err != nil {
			return nil, err
		}
		for locale, n := range opt.NameLocalizations {
			prm.addLocalName(locale, n)
		}
		ac.params = append(ac.params, prm)
		if isRequired {
			opt.Required = true
			required = append(required, opt)
		} else {
			optional = append(optional, opt)
		}
	}
	// The fields left out of the command can still be typed as
	// name=value (/attack game, /unit save), by their names or labels in
	// any language where no option has taken them.
	for _, prm := range hidden {
		for locale, n := range optionNames(prm.option, prm.labels.Pl, prm.labels.Cs, taken) {
			prm.addLocalName(locale, n)
		}
		ac.params = append(ac.params, prm)
	}
	opts := append(required, optional...)
	if len(opts) > maxOptions {
		return nil, fmt.Errorf("%d options; Discord allows %d", len(opts), maxOptions)
	}
	return opts, nil
}

// fieldsOptionName is the option of a /test or /attack subcommand that
// takes fields typed as name=value, read as /attack game reads its fields
// (fieldOptions): any field of the action, those with no option of their
// own ("x-discord": false) too.
const fieldsOptionName = "fields"

// fieldsOption is a subcommand's fields option; a subcommand has it when
// its schema leaves a field out of its options.
func fieldsOption() *Option {
	return &Option{
		Type: discordgo.ApplicationCommandOptionString, Name: fieldsOptionName, NameLocalizations: loc("pola", "pole"), MaxLength: 500,
		Description:              "Any field as name=value, separated by spaces, those with no option too",
		DescriptionLocalizations: loc("Dowolne pola jako nazwa=wartość, oddzielone spacjami, także te bez opcji", "Libovolná pole jako název=hodnota, oddělená mezerami, i ta bez volby"),
	}
}

// scalarTypes are the property types a typed name=value gives.
var scalarTypes = map[string]bool{"integer": true, "number": true, "boolean": true, "string": true}

// newParam is the parameter for a request property at path; its option
// is named by the path ("opponent.dice" is opponent-dice).
func newParam(p systems.Field, path []string, name string) (param, error) {
	prm := param{path: path, kind: p.Type, option: strings.Join(path, "-"), def: p.Default,
		labels: l10n.Texts{En: label(p, en, name), Pl: label(p, pl, name), Cs: label(p, cs, name)}}
	for k, vals := range p.When {
		if prm.when == nil {
			prm.when = map[string][]any{}
		}
		prm.when[k] = vals
	}
	for v, names := range p.EnumLabels {
		if prm.values == nil {
			prm.values = map[string]l10n.Texts{}
		}
		prm.values[v] = l10n.Texts{En: orDefault(names[string(en)], v), Pl: orDefault(names[string(pl)], v), Cs: orDefault(names[string(cs)], v)}
	}
	return prm, nil
}

func label(p systems.Field, l l10n.Lang, name string) string {
	return orDefault(orDefault(p.Labels[string(l)], p.Labels[string(en)]), orDefault(p.Title, name))
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// clip cuts s to at most n characters, ending with … when cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// optionNames are an option's localized names, made from its labels in pl
// and cs as Discord allows names: lower case, no spaces, at most 32
// characters. The name is the label's words before any parenthesis or
// colon; when another option of the command already has that name
// (taken), the label's last words, then its first, make one. A label that
// gives the option's own name, or no free name, leaves that locale to the
// option's name.
func optionNames(name, plLabel, csLabel string, taken map[string]bool) map[string]string {
	out := map[string]string{}
	for locale, lbl := range map[string]string{string(discordgo.Polish): plLabel, string(discordgo.Czech): csLabel} {
		for _, n := range []string{optionName(lbl, true, false), optionName(lbl, false, true), optionName(lbl, false, false)} {
			if n == name { // the label says the name: nothing to localize
				break
			}
			if n == "" || taken[locale+" "+n] {
				continue
			}
			taken[locale+" "+n] = true
			out[locale] = n
			break
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// optionName makes a Discord option name of a label: its words (before
// any parenthesis, comma or colon when short), lower case, joined by
// hyphens, dropping words from the end (or, with last, from the start)
// until it has at most 32 characters.
func optionName(label string, short, last bool) string {
	if i := strings.IndexAny(label, "(,:;"); short && i >= 0 {
		label = label[:i]
	}
	var words []string
	for _, w := range strings.Fields(strings.ToLower(label)) {
		w = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
				return r
			}
			return -1
		}, w)
		if w != "" {
			words = append(words, w)
		}
	}
	for len(words) > 0 && utf8.RuneCountInString(strings.Join(words, "-")) > 32 {
		if last {
			words = words[1:]
		} else {
			words = words[:len(words)-1]
		}
	}
	return strings.Join(words, "-")
}

// withTyped is a subcommand's options with the fields typed in its fields
// option added as the options Discord would have sent for them (read by
// fieldOptions, as /attack game reads its fields; an unknown field or a
// value of the wrong kind is refused in the player's language). An
// option the player gave wins over the same field typed.
func (ac *actionCommand) withTyped(l l10n.Lang, systemName string, opts []*discordgo.ApplicationCommandInteractionDataOption) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	typed := strings.TrimSpace(stringOpt(opts, fieldsOptionName))
	if typed == "" {
		return opts, nil
	}
	more, err := fieldOptions(l, ac, systemName, typed)
	if err != nil {
		return nil, err
	}
	return append(slices.Clone(opts), more...), nil
}
