package main

import (
	"context"
	"fmt"
	"strings"

	"kostka"
)

// runRoll rolls the expression given as arguments and prints every die and
// the total.
func runRoll(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "roll")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON, as the API sends it")
	seed := fs.Uint64("seed", 0, "roll reproducibly with this `seed` (0: from crypto/rand)")
	api := apiFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fs.usageError("roll needs an expression, such as 2d6+1")
	}
	svc, err := service(*api, nil)
	if err != nil {
		return err
	}
	lang, err := cliLanguage(e, "")
	if err != nil {
		return err
	}
	req := kostka.RollRequest{Expr: strings.Join(fs.Args(), " "), Lang: lang}
	if *seed != 0 {
		req.Seed = seed
	}
	res, err := svc.Roll(ctx, req)
	if err != nil {
		return refused(err, lang)
	}
	if *asJSON {
		return printJSON(e, res)
	}
	fmt.Fprintln(e.stdout, res.Text)
	for _, n := range res.Notes {
		fmt.Fprintln(e.stdout, n.Text)
	}
	return nil
}
