package bot

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/l10n"
	"kostka/systems"
	"kostka/units"
)

// Buttons instead of retyping. They are stateless: what a button does
// rides in its custom id (at most 100 characters), or, when that is
// longer, in the units store for units.ButtonTTL under a random key that
// the custom id carries instead (keyPrefix + key). A deployment without a
// store gives such a button no custom id, and so no button.
const (
	// oddsPrefix + a dice expression: the odds of a roll; privateOddsPrefix
	// those of a private roll, answered privately.
	oddsPrefix        = "odds:"
	privateOddsPrefix = "oddsp:"
	// actPrefix + "action system " + the request's fields as JSON: the
	// same test or attack rolled again; privateActPrefix that of a private
	// one, rolled again privately.
	actPrefix        = "act:"
	privateActPrefix = "actp:"
	// appliedRuleID is the select menu of the rules an answer applied;
	// the chosen rule's text opens where only its player sees it.
	appliedRuleID = "applied"
	// keyPrefix + a key of units.SaveButton: a button whose custom id is
	// kept in the store; privateKeyPrefix that of a private roll's button,
	// so that its deferral is private before the store is read.
	keyPrefix        = "key:"
	privateKeyPrefix = "keyp:"
	// buttonTimeout bounds keeping a reply's buttons' custom ids in the
	// store: a write takes milliseconds, and past it the reply goes
	// without those buttons rather than later.
	buttonTimeout = time.Second
)

var (
	msgButtonExpired = l10n.Define("bot.button.expired", l10n.Texts{
		En: "This button has expired: a request this long is kept for {hours, plural, one {# hour} other {# hours}}. Please run the command again.",
		Pl: "Ten przycisk wygasł: tak długie polecenie jest przechowywane przez {hours, plural, one {# godzinę} few {# godziny} many {# godzin}}. Użyj polecenia ponownie.",
		Cs: "Platnost tohoto tlačítka vypršela: takto dlouhý požadavek se uchovává {hours, plural, one {# hodinu} few {# hodiny} other {# hodin}}. Zadejte příkaz znovu.",
	})
	msgButtonStore = l10n.Define("bot.button.store", l10n.Texts{
		En: "Kostka could not read what this button does right now. Please try again in a moment.",
		Pl: "Kostka nie może teraz odczytać, co robi ten przycisk. Spróbuj za chwilę.",
		Cs: "Kostka teď nemůže přečíst, co toto tlačítko dělá. Zkuste to prosím za chvíli.",
	})
)

// privateButton reports whether the button of custom id id answers
// privately: a private roll's Reroll or Odds, inline or kept.
func privateButton(id string) bool {
	for _, p := range []string{privateRerollPrefix, privateOddsPrefix, privateActPrefix, privateKeyPrefix} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// keepable reports whether id is a custom id the store may keep: a
// reroll, odds or roll-again button's (not a kept one's, so that a kept
// id never leads to another).
func keepable(id string) bool {
	for _, p := range []string{rerollPrefix, privateRerollPrefix, oddsPrefix, privateOddsPrefix, actPrefix, privateActPrefix} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// customID returns the custom id of a button that does id: id when it
// fits Discord's 100 characters, else keyPrefix (or privateKeyPrefix)
// and the key the store keeps id under; "" when it neither fits nor can
// be kept (no store, a request over units.MaxButtonBytes, a failing
// store, which is logged). Its callers bound ctx by buttonTimeout.
func (b *Bot) customID(ctx context.Context, id string) string {
	if len(id) <= maxCustomID {
		return id
	}
	if b.cfg.Units == nil || !keepable(id) || len(id) > units.MaxButtonBytes {
		return ""
	}
	key, err := b.cfg.Units.SaveButton(ctx, id)
	if err != nil {
		b.cfg.Logger.WarnContext(ctx, "keeping a button's request; the reply goes without that button", "bytes", len(id), "error", err)
		return ""
	}
	if privateButton(id) {
		return privateKeyPrefix + key
	}
	return keyPrefix + key
}

// pressKept answers a button whose custom id is kept in the store: it
// reads the id and answers it as if the button carried it. An unknown or
// expired key gets a polite refusal, and so does a store that cannot be
// read (logged).
func (b *Bot) pressKept(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, id string) (*Response, error) {
	private := strings.HasPrefix(id, privateKeyPrefix)
	key := strings.TrimPrefix(id, keyPrefix)
	if private {
		key = strings.TrimPrefix(id, privateKeyPrefix)
	}
	if !units.ValidButtonKey(key) {
		return ephemeral(msg(l, "unknown")), nil
	}
	expired := ephemeral(say(l, msgButtonExpired, l10n.Int("hours", int(units.ButtonTTL/time.Hour))))
	if b.cfg.Units == nil {
		return expired, nil
	}
	kept, err := b.cfg.Units.Button(ctx, key)
	if errors.Is(err, units.ErrNotFound) {
		return expired, nil
	}
	if err != nil {
		b.cfg.Logger.ErrorContext(ctx, "reading a button's request", "key", key, "error", err)
		return ephemeral(say(l, msgButtonStore)), nil
	}
	if !keepable(kept) || privateButton(kept) != private {
		b.cfg.Logger.ErrorContext(ctx, "a kept button's request is not a button's", "key", key)
		return ephemeral(msg(l, "unknown")), nil
	}
	data := i.MessageComponentData()
	data.CustomID = kept
	pressed := *i
	pressed.Data = data
	return b.component(ctx, &pressed, l)
}

// rollButtons are a roll's buttons: roll again, and its odds, each when
// its request fits a custom id or the store keeps it.
func (b *Bot) rollButtons(ctx context.Context, l l10n.Lang, rerollID, expr string, private bool) []discordgo.MessageComponent {
	ctx, cancel := context.WithTimeout(ctx, buttonTimeout)
	defer cancel()
	var row []discordgo.MessageComponent
	if id := b.customID(ctx, rerollID); id != "" {
		row = append(row, discordgo.Button{Label: msg(l, "reroll"), Style: discordgo.SecondaryButton, CustomID: id})
	}
	odds := oddsPrefix
	if private {
		odds = privateOddsPrefix
	}
	if id := b.customID(ctx, odds+expr); id != "" {
		row = append(row, discordgo.Button{Label: msg(l, "odds"), Style: discordgo.SecondaryButton, CustomID: id})
	}
	if len(row) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// actionComponents are a rolled test's or attack's buttons: roll it again
// (when its request fits a custom id or the store keeps it; privately
// for a private one) and the rules it applied, each opening its text
// privately.
func (b *Bot) actionComponents(ctx context.Context, l l10n.Lang, ac *actionCommand, body kostka.Object, rules []systems.RuleRef, private bool) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if fields, err := json.Marshal(body); err == nil {
		ctx, cancel := context.WithTimeout(ctx, buttonTimeout)
		defer cancel()
		prefix := actPrefix
		if private {
			prefix = privateActPrefix
		}
		if id := b.customID(ctx, prefix+ac.action+" "+ac.system+" "+string(fields)); id != "" {
			rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: msg(l, "reroll"), Style: discordgo.SecondaryButton, CustomID: id},
			}})
		}
	}
	var options []discordgo.SelectMenuOption
	for _, r := range rules {
		if r.ID == "" || len(r.ID) > maxChoiceValue || len(options) == 25 {
			continue
		}
		system, _, _ := strings.Cut(r.ID, ".")
		options = append(options, discordgo.SelectMenuOption{Label: clip(r.Title, 100), Value: r.ID, Description: clip(b.systemName(l, system), 100)})
	}
	if len(options) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: appliedRuleID, Placeholder: msg(l, "rules.applied"), Options: options},
		}})
	}
	return rows
}

// rollAgain answers the "roll again" of a test or attack: its request,
// from the custom id (or the store), rolled anew; a private one's
// privately (the interaction's privacy follows its custom id, see
// private), with its button private again.
func (b *Bot) rollAgain(ctx context.Context, l l10n.Lang, id string) (*Response, error) {
	private := strings.HasPrefix(id, privateActPrefix)
	action, rest, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(id, privateActPrefix), actPrefix), " ")
	system, fields, _ := strings.Cut(rest, " ")
	_, actions := b.definitions()
	ac, ok := actions[action+" "+system]
	var body kostka.Object
	if !ok || json.Unmarshal([]byte(fields), &body) != nil || body == nil {
		return ephemeral(msg(l, "unknown")), nil
	}
	return b.action(ctx, l, ac, nil, body, kostka.ModeRoll, private)
}

// appliedRule opens a rule an answer applied, for its player only.
func (b *Bot) appliedRule(ctx context.Context, l l10n.Lang, values []string) (*Response, error) {
	if len(values) != 1 || !ruleID.MatchString(values[0]) {
		return ephemeral(msg(l, "unknown")), nil
	}
	res, err := b.rule(ctx, l, values[0], "")
	if err == nil && res != nil && res.Data != nil {
		res.Data.Flags |= discordgo.MessageFlagsEphemeral
	}
	return res, err
}
