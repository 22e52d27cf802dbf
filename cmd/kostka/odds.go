package main

import (
	"context"
	"fmt"
	"strings"

	"kostka"
)

// histogramWidth is the length of the longest bar, in characters.
const histogramWidth = 40

// Histograms of more than maxHistogramRows totals leave out the totals in
// each tail that together have less than tailCut; a line after the
// histogram says which totals it left out and their probability.
const (
	maxHistogramRows = 60
	tailCut          = 0.0001
)

// runOdds prints the exact distribution of an expression's total as a text
// histogram, with P(=v) and P(≥v) for each total.
func runOdds(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "odds")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON, as the API sends it")
	api := apiFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fs.usageError("odds needs an expression, such as 3k6")
	}
	svc, err := service(*api, nil)
	if err != nil {
		return err
	}
	lang, err := cliLanguage(e, "")
	if err != nil {
		return err
	}
	o, err := svc.Odds(ctx, kostka.OddsRequest{Expr: strings.Join(fs.Args(), " "), Lang: lang})
	if err != nil {
		return refused(err, lang)
	}
	if *asJSON {
		return printJSON(e, o)
	}
	top := 0.0
	for _, d := range o.Distribution {
		top = max(top, d.P)
	}
	fmt.Fprintf(e.stdout, "%s: %d to %d, mean %.2f, standard deviation %.2f\n", o.Expr, o.Min, o.Max, o.Mean, o.StdDev)
	for _, n := range o.Notes {
		fmt.Fprintln(e.stdout, n.Text)
	}
	fmt.Fprintf(e.stdout, "%6s %8s %8s\n", "total", "P(=)", "P(≥)")
	// Long tails (exploding dice) are left out: totals beyond the first
	// and last 0.01% of the probability.
	first, last := 0, len(o.Distribution)-1
	if len(o.Distribution) > maxHistogramRows {
		for first < last && o.Distribution[first+1].PAtLeast > 1-tailCut {
			first++
		}
		for last > first && o.Distribution[last].PAtLeast < tailCut {
			last--
		}
	}
	for _, d := range o.Distribution[first : last+1] {
		bar := strings.Repeat("█", int(d.P/top*histogramWidth+0.5))
		fmt.Fprintf(e.stdout, "%6d %7.3f%% %7.3f%% %s\n", d.Value, 100*d.P, 100*d.PAtLeast, bar)
	}
	// What the histogram leaves out at each end: the tails trimmed here
	// and those the odds leave out (too unlikely to list, or explosions
	// longer than the odds follow).
	var left []string
	if lo, hi := o.Min, o.Distribution[first].Value-1; hi >= lo {
		left = append(left, fmt.Sprintf("totals %d to %d, %.3g%%", lo, hi, 100*(1-o.Distribution[first].PAtLeast)))
	}
	if d := o.Distribution[last]; d.Value < o.Max {
		left = append(left, fmt.Sprintf("totals %d to %d, %.3g%%", d.Value+1, o.Max, 100*(d.PAtLeast-d.P)))
	}
	if len(left) > 0 {
		fmt.Fprintf(e.stdout, "(left out: %s)\n", strings.Join(left, "; "))
	}
	return nil
}
