package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"kostka"
)

// runCost prints a quality-d6 unit's points cost with its breakdown.
func runCost(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "cost")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON")
	langFlag := fs.String("lang", "", "the language of the breakdown and notes: pl, cs or en (default: from $LANG, else en)")
	api := apiFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fs.usageError("cost needs one JSON file (or - for standard input)")
	}
	data, err := readInput(e, fs.Arg(0), "the unit")
	if err != nil {
		return err
	}
	lang, err := cliLanguage(e, *langFlag)
	if err != nil {
		return err
	}
	svc, err := service(*api, nil)
	if err != nil {
		return err
	}
	priced, err := svc.Price(ctx, kostka.PriceRequest{System: "quality-d6", Lang: lang, Unit: data})
	if err != nil {
		return refused(err, lang)
	}
	c := priced.Points()
	if *asJSON {
		return printJSON(e, priced)
	}
	for _, l := range c.Breakdown {
		fmt.Fprintln(e.stdout, l.Text)
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(e.stdout, "⚠", w.Text)
	}
	for _, n := range c.Notes {
		fmt.Fprintln(e.stdout, "‣", n.Text)
	}
	fmt.Fprintf(e.stdout, "Total: %d points\n", c.Total)
	return nil
}

// readInput reads a command's JSON input, at most 1 MiB: the named file,
// or standard input for "-". what names the input in errors.
func readInput(e env, name, what string) ([]byte, error) {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", what, err)
	}
	return data, nil
}
