package main

import (
	"fmt"
	"io"
	"strings"

	"kostka/l10n"
	"kostka/systems"
)

// What the odds table says of itself, in the player's language.
var (
	msgMean = l10n.Define("cli.odds.mean", l10n.Texts{
		En: "mean {mean}",
		Pl: "średnio {mean}",
		Cs: "průměr {mean}",
	})
	msgLeftOut = l10n.Define("cli.odds.left_out", l10n.Texts{
		En: "{n, plural, one {# value} other {# values}} under {p} each left out",
		Pl: "{n, plural, one {pominięto # wartość} few {pominięto # wartości} many {pominięto # wartości}} poniżej {p} każda",
		Cs: "{n, plural, one {vynechána # hodnota} few {vynechány # hodnoty} other {vynecháno # hodnot}} pod {p}",
	})
)

// negligible is the probability under which a value at either end of a
// distribution is left out of the table (and the table says so).
const negligible = 0.0005

// printOutcome prints a localized action answer for people: its steps and
// notes, one a line, then its odds: a probability as a percentage, a mean
// as a number, a distribution as one line per value (chance, chance of that
// or more, a bar), its negligible tails left out and said so.
func printOutcome(e env, a *systems.Report, lang l10n.Lang) error {
	w := e.stdout
	for _, s := range a.Steps {
		fmt.Fprintln(w, "•", s.Text)
	}
	for _, n := range a.Notes {
		fmt.Fprintln(w, "‣", n.Text)
	}
	if len(a.Odds) > 0 && len(a.Steps)+len(a.Notes) > 0 {
		fmt.Fprintln(w)
	}
	for _, o := range a.Odds {
		switch {
		case o.Distribution != nil:
			fmt.Fprintf(w, "%s (%s)\n", o.Label.Text, msgMean.New(l10n.Decimal("mean", o.Distribution.Mean, 2)).In(lang))
			printDistribution(w, lang, o.Distribution.Values)
		case o.Value != nil && o.Kind == systems.KindProbability:
			fmt.Fprintf(w, "%s: %s\n", o.Label.Text, l10n.FormatPercent(lang, *o.Value))
		case o.Value != nil:
			fmt.Fprintf(w, "%s: %s\n", o.Label.Text, l10n.FormatFloat(lang, *o.Value, 2))
		}
	}
	return nil
}

// printDistribution prints one line per value of a distribution, leaving
// out the values at either end less likely than negligible and the
// impossible ones between.
func printDistribution(w io.Writer, lang l10n.Lang, values []systems.Point) {
	lo, hi := 0, len(values)
	for lo < hi && values[lo].P < negligible {
		lo++
	}
	for hi > lo && values[hi-1].P < negligible {
		hi--
	}
	width := 1
	for _, v := range values[lo:hi] {
		width = max(width, len(fmt.Sprint(v.Value)))
	}
	for _, v := range values[lo:hi] {
		if v.P == 0 {
			continue // impossible (a damage that comes only in multiples)
		}
		fmt.Fprintf(w, "  %*d  %7s  ≥ %7s  %s\n", width, v.Value,
			l10n.FormatPercent(lang, v.P), l10n.FormatPercent(lang, v.PAtLeast), strings.Repeat("█", int(v.P*40+0.5)))
	}
	if left := len(values) - (hi - lo); left > 0 {
		fmt.Fprintf(w, "  (%s)\n", msgLeftOut.New(l10n.Int("n", left), l10n.Str("p", l10n.FormatFloat(lang, 100*negligible, 2)+"%")).In(lang))
	}
}
