package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"kostka/systems/qualityd6/cost"
)

// runCost prints a quality-d6 unit's points cost with its breakdown.
func runCost(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "cost")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON")
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
	dec := json.NewDecoder(io.LimitReader(r, 1<<20))
	dec.DisallowUnknownFields()
	var u cost.Unit
	if err := dec.Decode(&u); err != nil {
		return fmt.Errorf("reading the unit: %w", err)
	}
	c, err := cost.Of(u)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(c)
	}
	for _, l := range c.Breakdown {
		fmt.Fprintln(e.stdout, l)
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(e.stdout, "Warning:", w)
	}
	for _, n := range c.Notes {
		fmt.Fprintln(e.stdout, "Note:", n)
	}
	fmt.Fprintf(e.stdout, "Total: %d points\n", c.Total)
	return nil
}
