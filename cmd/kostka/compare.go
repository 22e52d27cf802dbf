package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"kostka"
	"kostka/systems/compare"
)

// runCompare prints, for each target, the attackers ranked by the chance
// of wiping it out, then by models killed per 100 points.
func runCompare(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "compare")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON")
	langFlag := fs.String("lang", "", "the language of the notes and preset names: pl, cs or en (default: from $LANG, else en)")
	action := fs.String("action", "", "the attack action to compare (default: the system's; wzr-d20 also takes team)")
	api := apiFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return fs.usageError("compare needs a system and one JSON file (or - for standard input)")
	}
	system := fs.Arg(0)
	data, err := readInput(e, fs.Arg(1), "the comparison")
	if err != nil {
		return err
	}
	var req compare.Request
	if err := json.Unmarshal(data, &req); err != nil {
		return usageError{fmt.Sprintf("%s is not a comparison (a JSON object of attackers and targets): %v", fs.Arg(1), err)}
	}
	if *action != "" {
		req.Action = *action
	}
	lang, err := cliLanguage(e, *langFlag)
	if err != nil {
		return err
	}
	svc, err := service(*api, nil)
	if err != nil {
		return err
	}
	res, err := svc.Compare(ctx, kostka.CompareRequest{System: system, Lang: lang, Compare: req})
	if err != nil {
		return refused(err, lang)
	}
	if *asJSON {
		return printJSON(e, res)
	}
	printRanked(e.stdout, res)
	for _, n := range res.Notes {
		fmt.Fprintln(e.stdout, "‣", n.Text)
	}
	return nil
}

// printRanked writes a table per target, its attackers best first.
func printRanked(w io.Writer, res *compare.Result) {
	targets := 0
	for _, p := range res.Results {
		targets = max(targets, p.TargetIndex+1)
	}
	for j := range targets {
		ranked := res.Ranked(j)
		if j > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "Target: %s\n", ranked[0].Target)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "#\tAttacker\tWipe out\tKilled\tWounds\tPoints\tKilled/100 pts\tWounds/100 pts\t")
		for i, p := range ranked {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", i+1, p.Attacker, percent(p.WipeOut),
				decimal(p.ModelsKilled.Mean), decimal(p.Wounds.Mean), points(p.Points), optional(p.ModelsKilledPer100), optional(p.WoundsPer100))
		}
		tw.Flush()
	}
}

func percent(p float64) string { return strconv.FormatFloat(100*p, 'f', 2, 64) + "%" }

func decimal(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

func optional(v *float64) string {
	if v == nil {
		return "–"
	}
	return decimal(*v)
}

func points(v *float64) string {
	if v == nil {
		return "–"
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}
