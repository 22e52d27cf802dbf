package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/chart"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/compare"
	"kostka/units"
)

// /compare: which of a player's saved units does best against a target,
// a saved unit or one of the system's preset targets (compare.Presets).
// The service compares them (kostka.Service.Compare, finding the saved
// units through compareUnits); the reply ranks the attackers as
// compare.Result.Ranked does (the chance of wiping the target out, then
// models killed per 100 points, then mean models killed), draws their
// chances of killing at least n models as one chart, and links the page's
// comparison (compare.PagePath).

// compareCommandName is /compare's name.
const compareCommandName = "compare"

// maxLinkButton is the longest URL Discord takes in a link button; a
// longer link goes in the embed's text.
const maxLinkButton = 512

// What players read of /compare.
var (
	msgCompareTitle = l10n.Define("bot.compare.title", l10n.Texts{
		En: "Comparison · target: {target}", Pl: "Porównanie · cel: {target}", Cs: "Porovnání · cíl: {target}",
	})
	msgCompareRanked = l10n.Define("bot.compare.ranked", l10n.Texts{
		En: "Best first: the chance of wiping the target out, then models killed per 100 points, then mean models killed.",
		Pl: "Najlepszy pierwszy: szansa zniszczenia celu, potem pokonane modele na 100 punktów, potem średnio pokonane modele.",
		Cs: "Nejlepší první: šance zničit cíl, pak poražené modely na 100 bodů, pak průměr poražených modelů.",
	})
	msgCompareWipe = l10n.Define("bot.compare.wipe", l10n.Texts{
		En: "Wipe-out: **{p}**", Pl: "Zniszczenie celu: **{p}**", Cs: "Zničení cíle: **{p}**",
	})
	msgCompareKilled = l10n.Define("bot.compare.killed", l10n.Texts{
		En: "Models killed: mean {mean}", Pl: "Pokonane modele: średnio {mean}", Cs: "Poražené modely: průměr {mean}",
	})
	msgCompareWounds = l10n.Define("bot.compare.wounds", l10n.Texts{
		En: "Wounds: mean {mean}", Pl: "Rany: średnio {mean}", Cs: "Rány: průměr {mean}",
	})
	msgComparePoints = l10n.Define("bot.compare.points", l10n.Texts{
		En: "Points: {points} · per 100 points: models killed {killed}, wounds {wounds}",
		Pl: "Punkty: {points} · na 100 punktów: pokonane modele {killed}, rany {wounds}",
		Cs: "Body: {points} · na 100 bodů: poražené modely {killed}, rány {wounds}",
	})
	msgCompareAxis = l10n.Define("bot.compare.axis", l10n.Texts{
		En: "Models killed", Pl: "Pokonane modele", Cs: "Poražené modely",
	})
	msgCompareOpen = l10n.Define("bot.compare.open", l10n.Texts{
		En: "Open on the page", Pl: "Otwórz na stronie", Cs: "Otevřít na stránce",
	})
	msgCompareNoLink = l10n.Define("bot.compare.no-link", l10n.Texts{
		En: "This comparison is too large for a link to the page; enter it there by hand.",
		Pl: "To porównanie jest za duże na odnośnik do strony; wpisz je tam ręcznie.",
		Cs: "Toto porovnání je příliš velké na odkaz na stránku; zadejte ho tam ručně.",
	})
	msgCompareFew = l10n.Define("bot.compare.few", l10n.Texts{
		En: "Compare at least two saved units: give {first} and {second}.",
		Pl: "Porównaj co najmniej dwa zapisane oddziały: podaj {first} i {second}.",
		Cs: "Porovnejte aspoň dvě uložené jednotky: zadejte {first} a {second}.",
	})
	msgCompareStore = l10n.Define("bot.compare.store", l10n.Texts{
		En: "The saved units cannot be read right now. Please try again in a moment.",
		Pl: "Nie można teraz odczytać zapisanych oddziałów. Spróbuj za chwilę.",
		Cs: "Uložené jednotky teď nelze přečíst. Zkuste to prosím za chvíli.",
	})
	msgCompareUnit = l10n.Define("bot.compare.unit", l10n.Texts{
		En: "Unit {n}", Pl: "Oddział {n}", Cs: "Jednotka {n}",
	})
	msgCompareTarget = l10n.Define("bot.compare.target", l10n.Texts{
		En: "Target", Pl: "Cel", Cs: "Cíl",
	})
	msgCompareShooting = l10n.Define("bot.compare.shooting", l10n.Texts{
		En: "Attack compared: **shooting** (ranged weapons).",
		Pl: "Porównany atak: **ostrzał** (broń dystansowa).",
		Cs: "Porovnávaný útok: **střelba** (střelné zbraně).",
	})
	msgCompareMelee = l10n.Define("bot.compare.melee", l10n.Texts{
		En: "Attack compared: **melee** (melee weapons and Assault ones).",
		Pl: "Porównany atak: **walka wręcz** (broń do walki wręcz i Szturmowa).",
		Cs: "Porovnávaný útok: **boj zblízka** (zbraně na boj zblízka a Útočné).",
	})
	msgCompareMixed = l10n.Define("bot.compare.mixed", l10n.Texts{
		En: "Attack compared: **shooting** (ranged weapons), but **melee** for the units saved to fight in melee: {units}. Give {option} to compare every unit the same way.",
		Pl: "Porównany atak: **ostrzał** (broń dystansowa), ale **walka wręcz** dla oddziałów zapisanych do walki wręcz: {units}. Podaj {option}, by porównać wszystkie oddziały tak samo.",
		Cs: "Porovnávaný útok: **střelba** (střelné zbraně), ale **boj zblízka** u jednotek uložených pro boj zblízka: {units}. Zadejte {option} a všechny jednotky se porovnají stejně.",
	})
	msgCompareNoRanged = l10n.Define("bot.compare.no-ranged", l10n.Texts{
		En: "Unit “{name}” has no ranged weapon to shoot with: compare it in melee with {option}.",
		Pl: "Oddział „{name}” nie ma broni dystansowej, z której mógłby strzelać: porównaj go w walce wręcz z opcją {option}.",
		Cs: "Jednotka „{name}“ nemá žádnou střelnou zbraň, ze které by mohla střílet: porovnejte ji v boji zblízka s volbou {option}.",
	})
	msgCompareNoMelee = l10n.Define("bot.compare.no-melee", l10n.Texts{
		En: "Unit “{name}” has no melee weapon, nor an Assault one: compare its shooting with {option}.",
		Pl: "Oddział „{name}” nie ma broni do walki wręcz ani Szturmowej: porównaj jego ostrzał z opcją {option}.",
		Cs: "Jednotka „{name}“ nemá žádnou zbraň na boj zblízka ani Útočnou: porovnejte její střelbu s volbou {option}.",
	})
	msgCompareNoMeleeOption = l10n.Define("bot.compare.no-melee-option", l10n.Texts{
		En: "A comparison in {system} has no option {option}: leave it out, and each unit attacks as it is saved.",
		Pl: "Porównanie w systemie {system} nie ma opcji {option}: pomiń ją, a każdy oddział zaatakuje tak, jak jest zapisany.",
		Cs: "Porovnání v systému {system} nemá volbu {option}: vynechte ji a každá jednotka zaútočí tak, jak je uložena.",
	})
)

// compareMeleeOption is /compare's option that makes every unit's attack
// a melee one (true) or a shooting one (false), in a system whose
// comparison attack has a melee field (see comparesMelee).
const compareMeleeOption = "melee"

// meleeField is the field of a comparison's attack that makes it a melee
// attack, a boolean, as units are saved with it and as the attack takes
// it (quality-d6's "melee": a charge fights with the melee weapons and
// the Assault ones, see qualityd6.Fires).
const meleeField = "melee"

// comparesMelee reports whether the system's comparison attack (its
// Spec's first action) is a shooting or a melee attack by its meleeField,
// read from the action's schema as /attack game reads its fields.
func comparesMelee(sys *systems.System) bool {
	spec, ok := compare.Specs[sys.ID]
	if !ok || len(spec.Actions) == 0 || sys.Actions[spec.Actions[0]] == nil {
		return false
	}
	return slices.ContainsFunc(sys.Actions[spec.Actions[0]].Compiled().Fields(), func(f systems.Field) bool {
		return f.Path == meleeField && f.Type == "boolean"
	})
}

// compareUnitOption is the option of the nth unit compared, from 1.
func compareUnitOption(n int) string { return "unit" + strconv.Itoa(n) }

// compareCommand is /compare: unit1 … unit4 (saved units, the first two
// required), target (a saved unit or a preset target; the system's first
// preset unless given), melee (where a system compares melee attacks:
// every unit fights in melee, or shoots; as each is saved unless given),
// system (the first unit's unless given) and private.
func compareCommand(reg *systems.Registry) *Command {
	var systemChoices []*Choice
	melee := false
	for _, id := range reg.IDs() {
		if _, ok := compare.Specs[id]; !ok {
			continue
		}
		s, _ := reg.Get(id)
		melee = melee || comparesMelee(s)
		systemChoices = append(systemChoices, &Choice{
			Name: clip(s.Name.En, maxDescription), Value: id,
			NameLocalizations: loc(clip(s.Name.In(pl), maxDescription), clip(s.Name.In(cs), maxDescription)),
		})
	}
	ordinals := [compare.MaxAttackers][3]string{{"first", "Pierwszy", "První"}, {"second", "Drugi", "Druhá"}, {"third", "Trzeci", "Třetí"}, {"fourth", "Czwarty", "Čtvrtá"}}
	unit := func(n int) *Option {
		o := ordinals[n-1]
		opt := unitOption(compareUnitOption(n), "oddział"+strconv.Itoa(n), "jednotka"+strconv.Itoa(n),
			"The "+o[0]+" saved unit to compare", o[1]+" zapisany oddział do porównania", o[2]+" uložená jednotka k porovnání")
		opt.Required = n <= compare.MinAttackers
		return opt
	}
	opts := []*Option{unit(1), unit(2),
		unitOption("target", "cel", "cíl", "A saved unit or a preset target (default: the system's first preset)",
			"Zapisany oddział lub gotowy cel (domyślnie pierwszy gotowy cel systemu)", "Uložená jednotka nebo přednastavený cíl (výchozí: první cíl systému)"),
	}
	for n := compare.MinAttackers + 1; n <= compare.MaxAttackers; n++ {
		opts = append(opts, unit(n))
	}
	if melee {
		opts = append(opts, &Option{Type: discordgo.ApplicationCommandOptionBoolean, Name: compareMeleeOption, NameLocalizations: loc("wręcz", "zblízka"),
			Description:              "True: every unit fights in melee; false: every unit shoots (default: as each is saved)",
			DescriptionLocalizations: loc("True: każdy oddział walczy wręcz; false: każdy strzela (domyślnie: jak go zapisano)", "True: každá jednotka bojuje zblízka; false: každá střílí (výchozí: jak je uložena)")})
	}
	opts = append(opts,
		&Option{Type: discordgo.ApplicationCommandOptionString, Name: "system", NameLocalizations: loc("system", "systém"), Choices: systemChoices,
			Description: "Game system (default: the first unit's)", DescriptionLocalizations: loc("System gry (domyślnie pierwszego oddziału)", "Herní systém (výchozí: systém první jednotky)")},
		privateOption())
	return &Command{
		Name: compareCommandName, NameLocalizations: loc("porównaj", "porovnej"),
		Description:              "Which saved unit does best against a target: exact odds, per 100 points, a chart",
		DescriptionLocalizations: loc("Który zapisany oddział najlepiej atakuje cel: dokładne szanse, na 100 punktów, wykres", "Která uložená jednotka nejlépe útočí na cíl: přesné šance, na 100 bodů, graf"),
		Options:                  opts,
	}
}

// compareUnits are the saved units a comparison names, as compare.Units
// finds them: each one's profile as saved, less the fields /attack game
// leaves out (see compareProfile), by its name in any case.
type compareUnits map[string]json.RawMessage

// Profile implements compare.Units.
func (c compareUnits) Profile(_ context.Context, _, name string) (json.RawMessage, error) {
	if p, ok := c[strings.ToLower(strings.TrimSpace(name))]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("%w: %q", compare.ErrUnknownUnit, name)
}

// compareRun is one /compare being answered.
type compareRun struct {
	l      l10n.Lang
	sys    *systems.System
	action string
	slots  []int // the unit option (from 1) of each attacker, in order
	units  compareUnits
	req    compare.Request
	// hasMelee says the system compares melee attacks (comparesMelee).
	hasMelee bool
	// melee is the melee option's value, nil when not given: each
	// attacker's profile's meleeField is then set to it (so the link
	// carries it).
	melee *bool
	// inMelee are the attackers that fight in melee, by name, in order,
	// in a system that compares melee attacks (comparesMelee).
	inMelee []string
}

// compare answers /compare.
func (b *Bot) compare(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) (*Response, error) {
	if b.cfg.Units == nil {
		return ephemeral(say(l, msgUnitUnavailable)), nil
	}
	opts := i.ApplicationCommandData().Options
	var names []string
	run := &compareRun{l: l, units: compareUnits{}}
	for n := 1; n <= compare.MaxAttackers; n++ {
		if name := strings.TrimSpace(stringOpt(opts, compareUnitOption(n))); name != "" {
			names = append(names, name)
			run.slots = append(run.slots, n)
		}
	}
	if len(names) < compare.MinAttackers {
		first, second := b.compareOptionName(l, compareUnitOption(1)), b.compareOptionName(l, compareUnitOption(2))
		return nil, &usageError{say(l, msgCompareFew, l10n.Str("first", first), l10n.Str("second", second))}
	}
	saved := make([]*units.Unit, len(names))
	for k, name := range names {
		u, err := b.compareUnit(ctx, i, l, name)
		if err != nil {
			return nil, err
		}
		saved[k] = u
	}
	system := stringOpt(opts, "system")
	if system == "" {
		system = saved[0].System
	}
	sys, ok := b.cfg.Systems.Get(system)
	spec, hasSpec := compare.Specs[system]
	if !ok || !hasSpec {
		return nil, &usageError{say(l, msgNoAction, l10n.Str("system", b.systemName(l, system)))}
	}
	run.sys, run.action, run.hasMelee = sys, spec.Actions[0], comparesMelee(sys)
	if o := option(opts, compareMeleeOption); o != nil {
		if !run.hasMelee {
			return nil, &usageError{say(l, msgCompareNoMeleeOption, l10n.Str("system", b.systemName(l, system)), l10n.Str("option", b.compareOptionName(l, compareMeleeOption)))}
		}
		v := boolOpt(opts, compareMeleeOption)
		run.melee = &v
	}
	target, err := b.compareTarget(ctx, i, run, strings.TrimSpace(stringOpt(opts, "target")))
	if err != nil {
		return nil, err
	}
	run.req.Targets = []compare.Side{target}
	for k, u := range saved {
		if u.System != system {
			return nil, &usageError{say(l, msgOtherSystem, nameArg(u.Name), l10n.Str("unit", b.systemName(l, u.System)), l10n.Str("system", b.systemName(l, system)))}
		}
		if err := b.compareProfile(run, u, true); err != nil {
			return nil, err
		}
		if err := b.compareKind(run, u); err != nil {
			return nil, err
		}
		run.req.Attackers = append(run.req.Attackers, compare.Side{Name: u.Name, Unit: names[k]})
	}
	res, err := b.cfg.Service.Compare(ctx, kostka.CompareRequest{System: system, Lang: l, Compare: run.req, Units: run.units})
	if err != nil {
		return nil, b.compareRefusal(run, err)
	}
	return b.compareReply(ctx, run, res)
}

// compareOptionName is the option's name as the player's client shows
// it, in l, in backticks.
func (b *Bot) compareOptionName(l l10n.Lang, name string) string {
	return "`" + b.compareOptionLocal(l, name) + "`"
}

// compareOptionSet is the boolean option set to v as the player's client
// shows it, in l, in backticks: "`wręcz: True`".
func (b *Bot) compareOptionSet(l l10n.Lang, name string, v bool) string {
	set := "False"
	if v {
		set = "True"
	}
	return "`" + b.compareOptionLocal(l, name) + ": " + set + "`"
}

// compareOptionLocal is /compare's option name in l.
func (b *Bot) compareOptionLocal(l l10n.Lang, name string) string {
	for _, c := range b.Commands() {
		if c.Name != compareCommandName {
			continue
		}
		for _, o := range c.Options {
			if o.Name == name {
				return orDefault(o.NameLocalizations[discordLocale(l)], name)
			}
		}
	}
	return name
}

// compareUnit finds a saved unit a comparison names: the player's own
// first, then the server's. A store that fails is logged and refused
// politely.
func (b *Bot) compareUnit(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, name string) (*units.Unit, error) {
	u, err := b.findUnit(ctx, i, name)
	switch {
	case errors.Is(err, units.ErrNotFound):
		return nil, unitError(l, name, err)
	case err != nil:
		b.cfg.Logger.ErrorContext(ctx, "reading saved units for a comparison", "error", err, "interaction", i.ID)
		return nil, &usageError{say(l, msgCompareStore)}
	}
	return u, nil
}

// findUnit finds a saved unit by name: the player's own first, then the
// server's; units.ErrNotFound when neither has it.
func (b *Bot) findUnit(ctx context.Context, i *discordgo.Interaction, name string) (*units.Unit, error) {
	owners := []units.Owner{units.User(userID(i))}
	if i.GuildID != "" {
		owners = append(owners, units.Guild(i.GuildID))
	}
	for _, o := range owners {
		u, err := b.cfg.Units.Get(ctx, o, name)
		if err == nil {
			return &u, nil
		}
		if !errors.Is(err, units.ErrNotFound) {
			return nil, err
		}
	}
	return nil, units.ErrNotFound
}

// compareTarget is the comparison's target: none given, the system's
// first preset; a preset by its id or its name in any language; else a
// saved unit.
func (b *Bot) compareTarget(ctx context.Context, i *discordgo.Interaction, run *compareRun, value string) (compare.Side, error) {
	presets := compare.Presets[run.sys.ID]
	if value == "" && len(presets) > 0 {
		return compare.Side{Preset: presets[0].ID}, nil
	}
	for _, p := range presets {
		if strings.EqualFold(value, p.ID) || strings.EqualFold(value, p.Name.En) || strings.EqualFold(value, p.Name.Pl) || strings.EqualFold(value, p.Name.Cs) {
			return compare.Side{Preset: p.ID}, nil
		}
	}
	u, err := b.compareUnit(ctx, i, run.l, value)
	if err != nil {
		return compare.Side{}, err
	}
	if u.System != run.sys.ID {
		return compare.Side{}, &usageError{say(run.l, msgOtherSystem, nameArg(u.Name), l10n.Str("unit", b.systemName(run.l, u.System)), l10n.Str("system", b.systemName(run.l, run.sys.ID)))}
	}
	if err := b.compareProfile(run, u, false); err != nil {
		return compare.Side{}, err
	}
	return compare.Side{Name: u.Name, Unit: value}, nil
}

// compareProfile keeps in run.units the profile a saved unit attacks and
// is attacked with: its profile as saved, a unit card, which the
// comparison fires and prices by the same rules as /attack game and /cost
// (a quality-d6 unit's weapons, each model's, fired by its models, see
// qualityd6.FiredWeapons; its points by the cost formula). Left out are
// the fields /attack game leaves out (units.AttackRequest): the attack
// fields that do not apply to the comparison's attack (units.Applicable),
// and a quality-d6 unit's single-weapon fields when it has weapons. The
// melee option, given, is the attack's kind, as /attack game's typed
// melee: the fields that apply to it are kept, and an attacker's profile
// has it as its meleeField (a target's takes its target fields only).
func (b *Bot) compareProfile(run *compareRun, u *units.Unit, attacker bool) error {
	raw, err := units.Profile(run.sys.ID, u)
	if err != nil {
		return unitError(run.l, u.Name, err)
	}
	fields := kostka.Object{}
	targetOnly := map[string]bool{}
	for _, to := range run.sys.TargetFields {
		targetOnly[to] = true
	}
	for k, v := range raw {
		if !targetOnly[k] {
			fields[k] = v
		}
	}
	if _, ok := raw["weapons"]; ok && run.sys.ID == units.CostSystem {
		for _, f := range units.WeaponFields {
			delete(fields, f)
		}
	}
	typed := kostka.Object{}
	if run.melee != nil {
		typed[meleeField] = *run.melee
	}
	units.Applicable(run.sys.Actions[run.action], fields, typed)
	if attacker {
		maps.Copy(fields, typed)
	}
	for k := range run.sys.TargetFields {
		if v, ok := raw[k]; ok {
			fields[k] = v
		}
	}
	profile, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	run.units[strings.ToLower(strings.TrimSpace(u.Name))] = profile
	return nil
}

// compareKind notes whether an attacker in a system that compares melee
// attacks fights in melee (its profile's meleeField, as compareProfile
// keeps it), and refuses, naming the unit and the option that makes it
// attack the other way, a unit card with no weapon of its attack's kind:
// the cards fired by qualityd6's one rule, as /attack game fires them
// (units.FiredWeapons).
func (b *Bot) compareKind(run *compareRun, u *units.Unit) error {
	if !run.hasMelee {
		return nil
	}
	var profile kostka.Object
	if err := json.Unmarshal(run.units[strings.ToLower(strings.TrimSpace(u.Name))], &profile); err != nil {
		return err
	}
	melee, _ := profile[meleeField].(bool)
	if melee {
		run.inMelee = append(run.inMelee, u.Name)
	}
	if _, ok := profile["weapons"]; !ok || run.sys.ID != units.CostSystem {
		return nil
	}
	_, err := units.FiredWeapons(u, profile, nil, melee)
	if fe := (*systems.FieldError)(nil); errors.As(err, &fe) && fe.Field == "weapons" {
		msg := msgCompareNoRanged
		if melee {
			msg = msgCompareNoMelee
		}
		return &usageError{say(run.l, msg, nameArg(u.Name), l10n.Str("option", b.compareOptionSet(run.l, compareMeleeOption, !melee)))}
	}
	// Any other fault of the card is the comparison's to refuse, naming
	// its field.
	return nil
}

// sideField reads a comparison's field: the side's list and index, and
// the field within it.
var sideField = regexp.MustCompile(`^(attackers|targets)\[(\d+)\](?:\.(.+))?$`)

// compareRefusal names the option a refused comparison's field comes
// from ("Oddział 3", "Cíl"), and the field within it by its label in the
// player's language, for a problem; any other error is returned as it is.
func (b *Bot) compareRefusal(run *compareRun, err error) error {
	p, ok := isProblem(err, run.l)
	if !ok {
		return err
	}
	m := sideField.FindStringSubmatch(p.Field)
	if m == nil {
		return p
	}
	label := say(run.l, msgCompareTarget)
	if k, _ := strconv.Atoi(m[2]); m[1] == "attackers" && k < len(run.slots) {
		label = say(run.l, msgCompareUnit, l10n.Int("n", run.slots[k]))
	}
	switch m[3] {
	case "", "unit", "preset", "profile", "name":
	default:
		_, actions := b.definitions()
		if ac, ok := actions["attack "+run.sys.ID]; ok {
			label += ", " + fieldLabel(run.l, ac, m[3])
		}
	}
	p.Label = label
	return p
}

// compareReply is the reply to a comparison: the attackers ranked, each
// with its chance of wiping the target out, its mean wounds and models
// killed, and its points and figures per 100 points where it has points;
// the chart of their models killed; and the link to the page's
// comparison. In a system that compares melee attacks it says first which
// attack it compared (compareAttack).
func (b *Bot) compareReply(ctx context.Context, run *compareRun, res *compare.Result) (*Response, error) {
	l := run.l
	ranked := res.Ranked(0)
	if len(ranked) == 0 {
		return nil, errors.New("bot: a comparison without results")
	}
	num := func(v float64) string { return l10n.FormatFloat(l, v, 2) }
	title := say(l, msgCompareTitle, l10n.Str("target", ranked[0].Target))
	shown := say(l, msgCompareTitle, l10n.Str("target", escapeMarkdown(ranked[0].Target)))
	e := &discordgo.MessageEmbed{Title: clip(shown, maxEmbedTitle), Color: colour, Footer: &discordgo.MessageEmbedFooter{Text: b.systemName(l, run.sys.ID)}}
	var drawn []chart.Series
	for k, p := range ranked {
		lines := []string{
			say(l, msgCompareWipe, l10n.Str("p", percent(l, p.WipeOut))),
			say(l, msgCompareKilled, l10n.Str("mean", num(p.ModelsKilled.Mean))),
			say(l, msgCompareWounds, l10n.Str("mean", num(p.Wounds.Mean))),
		}
		if p.Points != nil && p.ModelsKilledPer100 != nil && p.WoundsPer100 != nil {
			lines = append(lines, say(l, msgComparePoints, l10n.Str("points", l10n.FormatFloat(l, *p.Points, 1)),
				l10n.Str("killed", num(*p.ModelsKilledPer100)), l10n.Str("wounds", num(*p.WoundsPer100))))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{
			Name:  clip(strconv.Itoa(k+1)+". "+escapeMarkdown(p.Attacker), maxEmbedTitle),
			Value: clip(strings.Join(lines, "\n"), maxFieldValue),
		})
		if s, ok := series(p.Attacker, p.ModelsKilled.Values); ok {
			drawn = append(drawn, s)
		}
	}
	var desc []string
	if run.hasMelee {
		desc = append(desc, b.compareAttack(run))
	}
	desc = append(desc, say(l, msgCompareRanked))
	for _, n := range res.Notes {
		if n.ID() != "compare.reading" { // how the API computes; not what a player asks
			desc = append(desc, "*"+escapeMarkdown(n.In(l))+"*")
		}
	}
	reply := message(e)
	link, err := b.compareLink(ctx, run)
	switch {
	case errors.Is(err, compare.ErrLinkTooLong):
		desc = append(desc, "*"+say(l, msgCompareNoLink)+"*")
	case err != nil:
		return nil, err
	case link == "":
	case len(link) <= maxLinkButton:
		reply.Data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: say(l, msgCompareOpen), Style: discordgo.LinkButton, URL: link},
		}}}
	default:
		md := "[" + say(l, msgCompareOpen) + "](" + link + ")"
		if len([]rune(strings.Join(append(desc, md), "\n\n"))) <= maxEmbedDesc {
			desc = append(desc, md)
		} else {
			desc = append(desc, "*"+say(l, msgCompareNoLink)+"*")
		}
	}
	e.Description = clip(strings.Join(desc, "\n\n"), maxEmbedDesc)
	if len(drawn) == len(ranked) {
		if _, err := attachChart(ctx, reply, e, chartSpec(l, title, say(l, msgCompareAxis), drawn)); err != nil {
			return nil, err
		}
	}
	return reply, nil
}

// compareAttack says which attack a comparison in a system that compares
// melee attacks compared: shooting, melee, or shooting but for the units
// saved to fight in melee, named, with the option that makes every unit
// attack the same way.
func (b *Bot) compareAttack(run *compareRun) string {
	switch len(run.inMelee) {
	case 0:
		return say(run.l, msgCompareShooting)
	case len(run.req.Attackers):
		return say(run.l, msgCompareMelee)
	}
	names := make([]string, len(run.inMelee))
	for k, n := range run.inMelee {
		names[k] = escapeMarkdown(n)
	}
	return say(run.l, msgCompareMixed, l10n.Str("units", strings.Join(names, ", ")), l10n.Str("option", b.compareOptionName(run.l, compareMeleeOption)))
}

// compareLink is the page's address of the comparison, its saved units
// sent as their profiles (the page has no store): "" when the bot knows no
// page, compare.ErrLinkTooLong when the comparison is too large for one.
func (b *Bot) compareLink(ctx context.Context, run *compareRun) (string, error) {
	if b.cfg.PageURL == "" {
		return "", nil
	}
	inlined, err := compare.Inline(ctx, run.sys.ID, run.req, run.units)
	if err != nil {
		return "", err
	}
	path, err := compare.PagePath(run.sys.ID, inlined)
	if err != nil {
		return "", err
	}
	return b.cfg.PageURL + path, nil
}

// compareAutocomplete suggests /compare's units and targets: saved units
// of the comparison's system (see compareSystem), and for the target also
// the system's preset targets, named in the player's language, first.
func (b *Bot) compareAutocomplete(ctx context.Context, i *discordgo.Interaction) (*Response, error) {
	res, err := b.unitAutocomplete(ctx, i)
	if err != nil {
		return nil, err
	}
	opts := i.ApplicationCommandData().Options
	typed, focusedTarget := "", false
	for _, o := range opts {
		if o.Focused {
			typed, _ = o.Value.(string)
			focusedTarget = o.Name == "target"
		}
	}
	if !focusedTarget {
		return res, nil
	}
	system := compareSystem(i)
	if system == "" && b.cfg.Units != nil {
		if first := strings.TrimSpace(stringOpt(opts, compareUnitOption(1))); first != "" {
			if u, err := b.findUnit(ctx, i, first); err == nil {
				system = u.System
			}
		}
	}
	l := b.replyLang(ctx, i)
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []*Choice
	for _, p := range compare.Presets[system] {
		name := p.Name.In(l)
		if strings.Contains(strings.ToLower(name), typed) || strings.Contains(p.ID, typed) {
			out = append(out, &Choice{Name: clip("🎯 "+name, maxChoiceValue), Value: p.ID})
		}
	}
	out = append(out, res.Choices...)
	return choices(out[:min(len(out), maxChoices)]), nil
}

// compareSystem is the game system a /compare interaction names (its
// system option), whose saved units its autocomplete offers; "" for any
// other interaction, or none named.
func compareSystem(i *discordgo.Interaction) string {
	if i.ApplicationCommandData().Name != compareCommandName {
		return ""
	}
	return stringOpt(i.ApplicationCommandData().Options, "system")
}
