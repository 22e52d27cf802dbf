package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/chart"
	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Discord's limits on replies.
const (
	maxContent     = 2000
	maxEmbedDesc   = 4096
	maxEmbedTitle  = 256
	maxFieldValue  = 1024
	maxCustomID    = 100
	maxChoiceValue = 100
	colour         = 0xb8232f
)

// Custom ids of buttons: the prefix, then what the button needs.
const (
	rerollPrefix        = "reroll:"
	privateRerollPrefix = "rerollp:" // the reroll of a private roll stays private
	morePrefix          = "more:"
)

// noMentions lets a reply mention nobody: whatever a player typed, no
// @everyone, role or user is pinged.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

func message(embeds ...*discordgo.MessageEmbed) *Response {
	return &Response{InteractionResponse: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: embeds, AllowedMentions: noMentions()},
	}}
}

func ephemeral(text string) *Response {
	return &Response{InteractionResponse: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: clip(text, maxContent), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions()},
	}}
}

func choices(c []*Choice) *Response {
	if c == nil {
		c = []*Choice{}
	}
	return &Response{InteractionResponse: &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult}, Choices: c}
}

func button(label, customID string) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: customID},
	}}
}

// rollReply lays a roll out to read at a glance: the total is the
// headline (after the comment, as its label), the description the
// expression once with its dice and modifiers ("3k6+2 → (2, 1, 5) + 2"),
// without repeating the total. A repeated roll (no Total) is a line per
// roll under the expression; Markdown is "expr → (6, 5✓, [1]) + 2 = 14 #
// comment", escaped, a line per repeat.
func rollReply(r *kostka.Roll) (title, desc string) {
	md := r.Markdown
	comment := ""
	if r.Comment != "" {
		if i := strings.LastIndex(md, " # "); i >= 0 {
			md, comment = md[:i], md[i+3:]
		} else if i := strings.LastIndex(md, "\n\\# "); i >= 0 {
			md, comment = md[:i], md[i+4:]
		}
	}
	if r.Total == nil {
		title = escapeMarkdown(r.Expr)
		if comment != "" {
			title = comment + ": " + title
		}
		return title, md
	}
	total := strconv.Itoa(*r.Total)
	desc = strings.TrimSuffix(md, " = "+total)
	title = total
	if comment != "" {
		title = comment + ": " + total
	}
	return title, desc
}

func (b *Bot) roll(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, expr string, private bool) (*Response, error) {
	expr, err := b.expandAlias(ctx, i, expr)
	var field *systems.FieldError
	if errors.As(err, &field) {
		return nil, &usageError{field.Detail.In(l)}
	}
	if err != nil {
		return nil, err
	}
	if rolls, ok := splitRolls(expr); ok {
		return b.multiRoll(ctx, i, l, expr, rolls, private)
	}
	r, err := b.cfg.Service.Roll(ctx, kostka.RollRequest{Expr: expr, Seed: b.seed, Lang: l})
	if err != nil {
		return nil, err
	}
	title, desc := rollReply(r)
	e := &discordgo.MessageEmbed{Title: "🎲 " + clip(title, maxEmbedTitle-3), Description: clip(desc, maxEmbedDesc), Color: colour}
	if name := playerName(i); name != "" {
		e.Author = &discordgo.MessageEmbedAuthor{Name: clip(msg(l, "rolled", name), maxEmbedTitle)}
	}
	res := message(e)
	prefix := rerollPrefix
	if private {
		prefix = privateRerollPrefix
	}
	res.Data.Components = b.rollButtons(ctx, l, prefix+r.Expr, r.Expr, private)
	if private {
		res.Data.Flags = discordgo.MessageFlagsEphemeral
	}
	return res, nil
}

func playerName(i *discordgo.Interaction) string {
	u := i.User
	if i.Member != nil {
		if i.Member.Nick != "" {
			return i.Member.Nick
		}
		u = i.Member.User
	}
	if u == nil {
		return ""
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// point is one value of a distribution the bot draws (a dice total's, or
// an action's).
type point = systems.Point

// points are a dice expression's outcomes as the bot draws them.
func points(d []dice.Outcome) []point {
	out := make([]point, len(d))
	for i, o := range d {
		out[i] = point(o)
	}
	return out
}

func (b *Bot) odds(ctx context.Context, l l10n.Lang, expr string) (*Response, error) {
	if rolls, ok := splitRolls(expr); ok {
		return b.multiOdds(ctx, l, rolls)
	}
	o, err := b.cfg.Service.Odds(ctx, kostka.OddsRequest{Expr: expr, Lang: l})
	if err != nil {
		return nil, err
	}
	dist := points(o.Distribution)
	summary := msg(l, "odds.summary", o.Min, o.Max, l10n.FormatFloat(l, o.Mean, 2), l10n.FormatFloat(l, o.StdDev, 2)) + "\n" + keyOdds(l, dist)
	title := msg(l, "odds.of", o.Expr)
	e := &discordgo.MessageEmbed{Title: clip(title, maxEmbedTitle), Description: clip(summary, maxEmbedDesc), Color: colour}
	res := message(e)
	// The picture, or where it cannot show every outcome, the text histogram.
	drawn := false
	if s, ok := series("", dist); ok {
		if drawn, err = attachChart(ctx, res, e, chartSpec(l, title, msg(l, "chart.result"), []chart.Series{s})); err != nil {
			return nil, err
		}
	}
	if !drawn {
		e.Description = clip(histogram(l, dist)+"\n"+summary, maxEmbedDesc)
	}
	return res, nil
}

// maxBarRows is the most values shown one per line; more are shown as a
// one-line sparkline.
const (
	maxBarRows = 24
	barWidth   = 20
	sparkWidth = 48
)

// histogram draws a distribution in a code block: a bar per value, or a
// sparkline when there are many values.
func histogram(l l10n.Lang, d []point) string {
	if len(d) == 0 {
		return ""
	}
	peak := 0.0
	for _, p := range d {
		peak = math.Max(peak, p.P)
	}
	var sb strings.Builder
	sb.WriteString("```\n")
	if len(d) <= maxBarRows {
		w := 0
		for _, p := range d {
			w = max(w, len(fmt.Sprint(p.Value)))
		}
		for _, p := range d {
			fmt.Fprintf(&sb, "%*d %-*s %7s\n", w, p.Value, barWidth, bar(p.P/peak*barWidth), percent(l, p.P))
		}
	} else {
		sb.WriteString(sparkline(d) + "\n")
		fmt.Fprintf(&sb, "%d%*d\n", d[0].Value, sparkWidth-len(fmt.Sprint(d[0].Value)), d[len(d)-1].Value)
	}
	sb.WriteString("```")
	return sb.String()
}

var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar draws a length in eighths of a character.
func bar(n float64) string {
	full := int(n)
	return strings.Repeat("█", full) + eighths[int((n-float64(full))*8)]
}

// sparkline draws many values as one line, each character the largest
// probability of the values it covers.
func sparkline(d []point) string {
	levels := []rune("▁▂▃▄▅▆▇█")
	buckets := min(sparkWidth, len(d))
	peak := 0.0
	vals := make([]float64, buckets)
	for i, p := range d {
		k := i * buckets / len(d)
		vals[k] = math.Max(vals[k], p.P)
		peak = math.Max(peak, p.P)
	}
	var sb strings.Builder
	for _, v := range vals {
		sb.WriteRune(levels[min(len(levels)-1, int(v/peak*float64(len(levels)-1)+0.5))])
	}
	return sb.String()
}

// keyOdds lists P(≥ v) at the quartiles: the chances players ask about.
func keyOdds(l l10n.Lang, d []point) string {
	var lines []string
	seen := map[int]bool{}
	for _, q := range []float64{0.75, 0.5, 0.25} {
		for _, p := range d {
			if p.PAtLeast <= q+1e-12 {
				if !seen[p.Value] {
					seen[p.Value] = true
					lines = append(lines, msg(l, "odds.key", p.Value, percent(l, p.PAtLeast)))
				}
				break
			}
		}
	}
	return strings.Join(lines, " · ")
}

// percent is a probability as players read it in l: a decimal comma in
// Polish and Czech, and never 0% or 100% for what merely rounds to it.
func percent(l l10n.Lang, p float64) string {
	lang := l
	switch {
	case p > 0 && p < 0.001:
		return "<" + l10n.FormatPercent(lang, 0.001)
	case p < 1 && p > 0.999:
		return ">" + l10n.FormatPercent(lang, 0.999)
	}
	return l10n.FormatPercent(lang, p)
}

// setOptions sets the fields of body that the options the player gave
// stand for (a value from an option overrides the one in body).
func (ac *actionCommand) setOptions(l l10n.Lang, opts []*discordgo.ApplicationCommandInteractionDataOption, body kostka.Object) error {
	for _, p := range ac.params {
		o := option(opts, p.option)
		if o == nil {
			continue
		}
		v, err := optionValue(l, p, o)
		if err != nil {
			return err
		}
		setPath(body, p.path, v)
	}
	return nil
}

// action answers /test or /attack for one system: the options, on top of
// body (the fields of saved units, or nil), become the request, the
// answer's steps and odds the reply; a private answer's (private) roll
// again button answers privately too.
func (b *Bot) action(ctx context.Context, l l10n.Lang, ac *actionCommand, opts []*discordgo.ApplicationCommandInteractionDataOption, body kostka.Object, mode kostka.Mode, private bool) (*Response, error) {
	if body == nil {
		body = kostka.Object{}
	}
	if err := ac.setOptions(l, opts, body); err != nil {
		return nil, err
	}
	if err := checkWhen(l, ac, opts, body); err != nil {
		return nil, err
	}
	fields, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	out, err := b.cfg.Service.Act(ctx, kostka.ActionRequest{System: ac.system, Action: ac.action, Mode: mode, Seed: b.seed, Lang: l, Fields: fields})
	if err != nil {
		// Name the option by its label in the player's language.
		if p, ok := isProblem(err, l); ok && p.Field != "" {
			if prm, ok := ac.paramAt(p.Field); ok {
				p.Label = prm.label(l)
			}
			return nil, p
		}
		return nil, err
	}
	report := out.Report()
	steps, notes := texts(report.Steps), texts(report.Notes)
	desc := strings.Join(steps, "\n")
	if len(notes) > 0 {
		desc += "\n\n*" + strings.Join(notes, "*\n*") + "*"
	}
	e := &discordgo.MessageEmbed{
		Title:       clip(ac.title.In(l), maxEmbedTitle),
		Description: clip(desc, maxEmbedDesc),
		Color:       colour,
	}
	if mode == kostka.ModeOdds {
		// Only the odds: their summary, and their distributions drawn.
		e.Description = clip(oddsLines(l, report.Odds), maxEmbedDesc)
		res := message(e)
		if s := distributions(report.Odds); len(s) > 0 {
			if _, err := attachChart(ctx, res, e, chartSpec(l, ac.title.In(l), "", s)); err != nil {
				return nil, err
			}
		}
		return res, nil
	}
	if odds := oddsLines(l, report.Odds); odds != "" {
		e.Fields = []*discordgo.MessageEmbedField{{Name: msg(l, "odds"), Value: clip(odds, maxFieldValue)}}
	}
	res := message(e)
	res.Data.Components = b.actionComponents(ctx, l, ac, body, report.Rules, private)
	return res, nil
}

// texts are the rendered texts of a list of messages.
func texts(msgs []l10n.Message) []string {
	out := make([]string, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, m.Text)
	}
	return out
}

// optionValue is an option's value as the request field p takes it; a
// value of the wrong type (Discord never sends one) is a usage error.
func optionValue(l l10n.Lang, p param, o *discordgo.ApplicationCommandInteractionDataOption) (any, error) {
	bad := &usageError{msg(l, "option.type", p.label(l))}
	switch p.kind {
	case "integer", "number":
		f, ok := o.Value.(float64)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, bad
		}
		if p.kind == "integer" {
			return int(f), nil
		}
		return f, nil
	case "boolean":
		b, ok := o.Value.(bool)
		if !ok {
			return nil, bad
		}
		return b, nil
	case "array":
		s, ok := o.Value.(string)
		if !ok {
			return nil, bad
		}
		items := []string{}
		for _, it := range strings.Split(s, ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
		return items, nil
	}
	s, ok := o.Value.(string)
	if !ok {
		return nil, bad
	}
	return s, nil
}

// getPath returns the value at a JSON path of a request.
func getPath(m kostka.Object, path []string) (any, bool) {
	for _, k := range path[:len(path)-1] {
		sub, ok := m[k].(kostka.Object)
		if !ok {
			return nil, false
		}
		m = sub
	}
	v, ok := m[path[len(path)-1]]
	return v, ok
}

func setPath(m kostka.Object, path []string, v any) {
	for _, k := range path[:len(path)-1] {
		sub, ok := m[k].(kostka.Object)
		if !ok {
			sub = kostka.Object{}
			m[k] = sub
		}
		m = sub
	}
	m[path[len(path)-1]] = v
}

// oddsLines renders an action's odds entries by their kind: a
// probability as a percentage, a mean as a number (never a percentage), a
// distribution as its mean and a sparkline; each under its label, which
// the API has rendered in the reply's language.
func oddsLines(l l10n.Lang, odds systems.Odds) string {
	lang := l
	var lines []string
	for _, e := range odds {
		switch {
		case e.Kind == systems.KindProbability && e.Value != nil:
			lines = append(lines, fmt.Sprintf("%s: %s", e.Label.Text, percent(l, *e.Value)))
		case e.Kind == systems.KindMean && e.Value != nil:
			lines = append(lines, fmt.Sprintf("%s: %s", e.Label.Text, l10n.FormatFloat(lang, *e.Value, 2)))
		case e.Kind == systems.KindDistribution && e.Distribution != nil && len(e.Distribution.Values) > 0:
			d := e.Distribution
			line := fmt.Sprintf("%s: ⌀ %s `%s` %d–%d", e.Label.Text, l10n.FormatFloat(lang, d.Mean, 2), sparkline(d.Values), d.Values[0].Value, d.Values[len(d.Values)-1].Value)
			for _, p := range d.Values {
				if p.Value >= 1 && d.Values[0].Value < 1 {
					line += fmt.Sprintf(" · P(≥ %d) %s", p.Value, percent(l, p.PAtLeast))
					break
				}
			}
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// checkWhen refuses an option given outside the mode it applies in
// (x-when), in the player's words: "Celność (C) applies only when Tryb is
// Strzelanie", naming both options by their labels and the values by
// theirs.
//
// A sibling's value is the request's (the option typed, or a saved
// unit's field), else its default.
func checkWhen(l l10n.Lang, ac *actionCommand, opts []*discordgo.ApplicationCommandInteractionDataOption, body kostka.Object) error {
	for _, p := range ac.params {
		if p.when == nil || option(opts, p.option) == nil {
			continue
		}
		for key, vals := range p.when {
			sibPath := append(append([]string{}, p.path[:len(p.path)-1]...), key)
			sib, ok := ac.paramAt(strings.Join(sibPath, "."))
			if !ok {
				continue
			}
			cur := sib.def
			if v, ok := getPath(body, sib.path); ok {
				cur = v
			}
			match := false
			var names []string
			for _, v := range vals {
				match = match || fmt.Sprint(v) == fmt.Sprint(cur)
				name := fmt.Sprint(v)
				if t, ok := sib.values[name]; ok {
					name = t.In(l)
				}
				names = append(names, name)
			}
			if !match {
				return &usageError{msg(l, "when", p.label(l), sib.label(l), strings.Join(names, " / "))}
			}
		}
	}
	return nil
}
