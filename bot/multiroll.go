package bot

import (
	"context"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/chart"
	"kostka/l10n"
)

// Several rolls in one command: /roll expr:"atak: 2d6+1; obrona: 3d6"
// rolls each expression between semicolons, each under its label (the
// words before a colon, in any language), in one reply.

// maxRolls is the most rolls one command makes.
const maxRolls = 5

// maxRollLabel is the most characters of a roll's label.
const maxRollLabel = 32

// labelledRoll is one roll of several.
type labelledRoll struct{ label, expr string }

// splitRolls splits an expression of several rolls; ok is false for a
// single roll (no semicolon before any comment).
func splitRolls(expr string) (rolls []labelledRoll, ok bool) {
	head, _, _ := strings.Cut(expr, "#")
	if !strings.Contains(head, ";") {
		return nil, false
	}
	for _, part := range strings.Split(expr, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		r := labelledRoll{expr: part}
		if label, rest, found := strings.Cut(part, ":"); found && isLabel(strings.TrimSpace(label)) {
			r.label, r.expr = strings.TrimSpace(label), strings.TrimSpace(rest)
		}
		rolls = append(rolls, r)
	}
	return rolls, true
}

// isLabel reports whether s is a roll's label: letters and spaces, at
// most maxRollLabel characters.
func isLabel(s string) bool {
	if s == "" || len([]rune(s)) > maxRollLabel {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && r != ' ' {
			return false
		}
	}
	return true
}

// checkRolls refuses more than maxRolls rolls, or none.
func checkRolls(l l10n.Lang, rolls []labelledRoll) error {
	if len(rolls) == 0 || len(rolls) > maxRolls {
		return &usageError{msg(l, "rolls.count", maxRolls, len(rolls))}
	}
	return nil
}

// name is how a reply names the roll: its label, else its expression.
func (r labelledRoll) name() string {
	if r.label != "" {
		return escapeMarkdown(r.label)
	}
	expr, _, _ := strings.Cut(r.expr, "#")
	return escapeMarkdown(strings.TrimSpace(expr))
}

// multiRoll answers several rolls: a field for each, its total (or its
// rolls) under its label.
func (b *Bot) multiRoll(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, expr string, rolls []labelledRoll, private bool) (*Response, error) {
	if err := checkRolls(l, rolls); err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{Title: "🎲", Color: colour}
	for _, r := range rolls {
		out, err := b.cfg.Service.Roll(ctx, kostka.RollRequest{Expr: r.expr, Seed: b.seed, Lang: l})
		if err != nil {
			if p, ok := isProblem(err, l); ok {
				return nil, &usageError{r.name() + ": " + problemText(p)}
			}
			return nil, err
		}
		title, desc := rollReply(out)
		name := r.name() + ": " + title
		if r.label == "" && out.Comment != "" {
			name = title // the comment is the label: "cechy: 12"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: clip(name, maxEmbedTitle), Value: clip(desc, maxFieldValue)})
	}
	if name := playerName(i); name != "" {
		e.Author = &discordgo.MessageEmbedAuthor{Name: clip(msg(l, "rolled", name), maxEmbedTitle)}
	}
	res := message(e)
	prefix := rerollPrefix
	if private {
		prefix = privateRerollPrefix
		res.Data.Flags = discordgo.MessageFlagsEphemeral
	}
	res.Data.Components = b.rollButtons(ctx, l, prefix+expr, expr, private)
	return res, nil
}

// multiOdds answers the odds of several rolls: one chart of the first
// chart.MaxSeries, and a line for each.
func (b *Bot) multiOdds(ctx context.Context, l l10n.Lang, rolls []labelledRoll) (*Response, error) {
	if err := checkRolls(l, rolls); err != nil {
		return nil, err
	}
	var lines []string
	var drawn []chart.Series
	for _, r := range rolls {
		o, err := b.cfg.Service.Odds(ctx, kostka.OddsRequest{Expr: r.expr, Lang: l})
		if err != nil {
			if p, ok := isProblem(err, l); ok {
				return nil, &usageError{r.name() + ": " + problemText(p)}
			}
			return nil, err
		}
		dist := points(o.Distribution)
		lines = append(lines, "**"+r.name()+"** · "+msg(l, "odds.summary", o.Min, o.Max, l10n.FormatFloat(l, o.Mean, 2), l10n.FormatFloat(l, o.StdDev, 2)))
		label := r.label
		if label == "" {
			label = r.expr
		}
		if s, ok := series(label, dist); ok && len(drawn) < chart.MaxSeries {
			drawn = append(drawn, s)
		}
	}
	title := msg(l, "odds")
	e := &discordgo.MessageEmbed{Title: title, Description: clip(strings.Join(lines, "\n"), maxEmbedDesc), Color: colour}
	res := message(e)
	if len(drawn) > 0 {
		if _, err := attachChart(ctx, res, e, chartSpec(l, title, msg(l, "chart.result"), drawn)); err != nil {
			return nil, err
		}
	}
	return res, nil
}
