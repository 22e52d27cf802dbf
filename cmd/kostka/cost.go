package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/catalog"
)

// runCost prints a quality-d6 unit's points cost with its breakdown.
func runCost(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "cost")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON")
	langFlag := fs.String("lang", "", "the language of the breakdown and notes: pl, cs or en (default: from $LANG, else en)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fs.usageError("cost needs one JSON file (or - for standard input)")
	}
	var r io.Reader = e.stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return fmt.Errorf("reading the unit: %w", err)
	}
	lang, err := cliLanguage(e, *langFlag)
	if err != nil {
		return err
	}
	s, _ := catalog.Registry().Get("quality-d6")
	priced, err := s.Pricer.Price(ctx, data)
	var (
		fe *systems.FieldError
		de *systems.DecodeError
	)
	switch {
	case errors.As(err, &fe):
		return fmt.Errorf("%s: %s", fe.Field, fe.Detail.In(lang))
	case errors.As(err, &de):
		return fmt.Errorf("reading the unit: %w", de.Err)
	case err != nil:
		return err
	}
	c := priced.Points()
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(l10n.Localize(priced, lang))
	}
	for _, l := range c.Breakdown {
		fmt.Fprintln(e.stdout, l.In(lang))
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(e.stdout, "⚠", w.In(lang))
	}
	for _, n := range c.Notes {
		fmt.Fprintln(e.stdout, "‣", n.In(lang))
	}
	fmt.Fprintf(e.stdout, "Total: %d points\n", c.Total)
	return nil
}
