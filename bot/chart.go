package bot

import (
	"bytes"
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/chart"
	"kostka/l10n"
	"kostka/systems"
)

// Odds as pictures: /odds, and /test and /attack with odds only, answer
// with a chart (kostka/chart) attached to the reply as a PNG, shown as the
// embed's image, its description (alt text) given with the attachment,
// and a short summary in the embed's text.

// chartFile is the attached picture's file name; the embed shows it as
// attachment://chartFile.
const chartFile = "odds.png"

// Attachment describes one of a response's files (Data.Files[ID]) as
// Discord takes it in "attachments": its name and its description, which
// Discord gives readers who cannot see the picture.
type Attachment struct {
	ID          int    `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// chartSpec is a chart of series in the reply language l: the chance of
// at least n of each outcome n, the words and number formats of l.
func chartSpec(l l10n.Lang, title, xLabel string, series []chart.Series) chart.Spec {
	lang := l
	return chart.Spec{
		Title:  clip(title, chart.MaxTitle),
		XLabel: clip(xLabel, chart.MaxLabel),
		YLabel: chart.AtLeast.Symbol("n"),
		View:   chart.AtLeast,
		Series: series,
		Format: chart.Format{
			Number:  func(v float64, decimals int) string { return l10n.FormatFloat(lang, v, decimals) },
			Percent: func(p float64) string { return l10n.FormatPercent(lang, p) },
		},
		Words: chart.Words{Mean: msg(l, "chart.mean"), MostLikely: msg(l, "chart.likely"), Outside: msg(l, "chart.outside")},
	}
}

// series is a distribution as a chart series: every value from the first
// to the last, an impossible one between them given 0.
func series(label string, d []point) (chart.Series, bool) {
	if len(d) == 0 {
		return chart.Series{}, false
	}
	lo, hi := d[0].Value, d[len(d)-1].Value
	if hi-lo+1 > chart.MaxOutcomes || hi < lo {
		return chart.Series{}, false
	}
	p := make([]float64, hi-lo+1)
	for _, pt := range d {
		p[pt.Value-lo] = pt.P
	}
	return chart.Series{Label: clip(label, chart.MaxLabel), Min: lo, P: p}, true
}

// distributions are an action's distribution odds as chart series (at
// most chart.MaxSeries), labelled by their labels; a sure outcome (one
// value, such as no regroup tests at all) is left out, as its line says
// nothing.
func distributions(odds systems.Odds) []chart.Series {
	var out []chart.Series
	for _, e := range odds {
		if e.Kind != systems.KindDistribution || e.Distribution == nil || len(e.Distribution.Values) < 2 || len(out) == chart.MaxSeries {
			continue
		}
		if s, ok := series(e.Label.Text, e.Distribution.Values); ok {
			out = append(out, s)
		}
	}
	return out
}

// attachChart draws spec and attaches it to res, shown as e's image. A
// spec the chart cannot draw (too many outcomes) leaves res without a
// picture and reports false; any other failure is an error.
func attachChart(ctx context.Context, res *Response, e *discordgo.MessageEmbed, spec chart.Spec) (bool, error) {
	png, alt, err := chart.Render(ctx, spec)
	if errors.Is(err, chart.ErrSpec) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + chartFile}
	res.Data.Files = append(res.Data.Files, &discordgo.File{Name: chartFile, ContentType: "image/png", Reader: bytes.NewReader(png)})
	res.Attachments = append(res.Attachments, &Attachment{ID: len(res.Attachments), Filename: chartFile, Description: alt})
	return true, nil
}

// oddsOptionName is the option of a /test or /attack subcommand that asks
// for only the exact odds, drawn as a chart. A system's subcommand with
// Discord's 25 options already has none (the request then rolls).
const oddsOptionName = "odds"

// oddsOption asks a /test or /attack for only its odds, as a chart.
func oddsOption() *Option {
	return &Option{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: oddsOptionName, NameLocalizations: loc("szanse", "šance"),
		Description:              "Only the exact odds, drawn as a chart (no roll)",
		DescriptionLocalizations: loc("Tylko dokładne szanse na wykresie (bez rzutu)", "Jen přesné šance v grafu (bez hodu)"),
	}
}

// actionMode is the mode a /test or /attack asks for: only the odds when
// its odds option is true.
func actionMode(opts []*discordgo.ApplicationCommandInteractionDataOption) kostka.Mode {
	if boolOpt(opts, oddsOptionName) {
		return kostka.ModeOdds
	}
	return kostka.ModeRoll
}

// privateOption asks for an answer only its player sees (every command
// has it where Discord's 25 options leave room; a server may make it the
// default, see /settings).
func privateOption() *Option {
	return &Option{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", NameLocalizations: loc("prywatnie", "soukromě"),
		Description: "Only you see the answer", DescriptionLocalizations: loc("Odpowiedź widzisz tylko ty", "Odpověď uvidíte jen vy"),
	}
}
