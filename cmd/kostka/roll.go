package main

import (
	"context"
	"fmt"
	"strings"

	"kostka/dice"
)

// runRoll rolls the expression given as arguments and prints every die and
// the total.
func runRoll(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "roll")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fs.usageError("roll needs an expression, such as 2d6+1")
	}
	expr, err := dice.Parse(strings.Join(fs.Args(), " "))
	if err != nil {
		return err
	}
	res := expr.Roll(dice.CryptoSource())
	fmt.Fprintln(e.stdout, res.Text())
	for _, n := range res.Notes {
		fmt.Fprintln(e.stdout, n)
	}
	return nil
}
