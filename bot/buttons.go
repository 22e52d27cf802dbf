package bot

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/l10n"
	"kostka/systems"
)

// Buttons instead of retyping. They are stateless: what a button does
// rides in its custom id (at most 100 characters), and a reply whose
// request does not fit has no such button.
const (
	// oddsPrefix + a dice expression: the odds of a roll; privateOddsPrefix
	// those of a private roll, answered privately.
	oddsPrefix        = "odds:"
	privateOddsPrefix = "oddsp:"
	// actPrefix + "action system " + the request's fields as JSON: the
	// same test or attack rolled again.
	actPrefix = "act:"
	// appliedRuleID is the select menu of the rules an answer applied;
	// the chosen rule's text opens where only its player sees it.
	appliedRuleID = "applied"
)

// rollButtons are a roll's buttons: roll again, and its odds when the
// expression fits a custom id.
func rollButtons(l l10n.Lang, rerollID, expr string, private bool) []discordgo.MessageComponent {
	var row []discordgo.MessageComponent
	if len(rerollID) <= maxCustomID {
		row = append(row, discordgo.Button{Label: msg(l, "reroll"), Style: discordgo.SecondaryButton, CustomID: rerollID})
	}
	odds := oddsPrefix
	if private {
		odds = privateOddsPrefix
	}
	if id := odds + expr; len(id) <= maxCustomID {
		row = append(row, discordgo.Button{Label: msg(l, "odds"), Style: discordgo.SecondaryButton, CustomID: id})
	}
	if len(row) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// actionComponents are a rolled test's or attack's buttons: roll it again
// (when its request fits a custom id) and the rules it applied, each
// opening its text privately.
func (b *Bot) actionComponents(l l10n.Lang, ac *actionCommand, body kostka.Object, rules []systems.RuleRef) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if fields, err := json.Marshal(body); err == nil {
		if id := actPrefix + ac.action + " " + ac.system + " " + string(fields); len(id) <= maxCustomID {
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
// from the custom id, rolled anew.
func (b *Bot) rollAgain(ctx context.Context, l l10n.Lang, id string) (*Response, error) {
	action, rest, _ := strings.Cut(strings.TrimPrefix(id, actPrefix), " ")
	system, fields, _ := strings.Cut(rest, " ")
	_, actions := b.definitions()
	ac, ok := actions[action+" "+system]
	var body kostka.Object
	if !ok || json.Unmarshal([]byte(fields), &body) != nil || body == nil {
		return ephemeral(msg(l, "unknown")), nil
	}
	return b.action(ctx, l, ac, nil, body, kostka.ModeRoll)
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
