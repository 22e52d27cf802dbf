package main

import (
	"context"
	"fmt"
	"strings"

	"kostka/dice"
)

// histogramWidth is the length of the longest bar, in characters.
const histogramWidth = 40

// runOdds prints the exact distribution of an expression's total as a text
// histogram, with P(=v) and P(≥v) for each total.
func runOdds(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "odds", "EXPR", "Prints the exact odds of every total of a dice expression, as a histogram.")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return usageError{"odds needs an expression, such as 3k6"}
	}
	expr, err := dice.Parse(strings.Join(fs.Args(), " "))
	if err != nil {
		return err
	}
	o, err := expr.Odds()
	if err != nil {
		return err
	}
	top := 0.0
	for _, d := range o.Distribution {
		top = max(top, d.P)
	}
	fmt.Fprintf(e.stdout, "%s: %d to %d, mean %.2f, standard deviation %.2f\n", o.Expr, o.Min, o.Max, o.Mean, o.StdDev)
	fmt.Fprintf(e.stdout, "%6s %8s %8s\n", "total", "P(=)", "P(≥)")
	for _, d := range o.Distribution {
		bar := strings.Repeat("█", int(d.P/top*histogramWidth+0.5))
		fmt.Fprintf(e.stdout, "%6d %7.3f%% %7.3f%% %s\n", d.Value, 100*d.P, 100*d.PAtLeast, bar)
	}
	return nil
}
