package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/catalog"
)

// actionCommand returns the subcommand that resolves one action of a game
// system from key=value arguments, such as
//
//	kostka attack pool-k6 attack=4 defense=3 damage=6 armour=4 opponent.dice=2
//
// Numbers and true/false are typed; dotted keys make nested objects.
func actionCommand(action string) func(ctx context.Context, e env, args []string) error {
	return func(ctx context.Context, e env, args []string) error {
		reg := catalog.Registry()
		usage := "[-odds] SYSTEM key=value…"
		fs := newFlagSet(e, action, usage, fmt.Sprintf(
			"Resolves a %s of a game system and prints every step and the exact odds.\nSystems: %s.\n"+
				"The keys are the request's fields (see GET /v1/systems/SYSTEM).", action, strings.Join(reg.IDs(), ", ")))
		odds := fs.Bool("odds", false, "print only the odds")
		langFlag := fs.String("lang", "", "the language of steps and notes: pl, cs or en (default: from $LANG, else en)")
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			fs.Usage()
			return usageError{action + " needs a system: " + strings.Join(reg.IDs(), ", ")}
		}
		s, ok := reg.Get(fs.Arg(0))
		if !ok {
			return usageError{fmt.Sprintf("no game system %q; the systems are %s", fs.Arg(0), strings.Join(reg.IDs(), ", "))}
		}
		a, ok := s.Actions[action]
		if !ok {
			return usageError{fmt.Sprintf("%s has no %s", s.ID, action)}
		}
		body, err := keyValuesJSON(fs.Args()[1:])
		if err != nil {
			return usageError{err.Error()}
		}
		lang, err := cliLanguage(e, *langFlag)
		if err != nil {
			return err
		}
		var out any
		if *odds {
			var o systems.Odds
			o, err = a.Odds(ctx, body)
			out = struct {
				Odds systems.Odds `json:"odds"`
			}{o}
		} else {
			out, err = a.Roll(ctx, body, dice.CryptoSource())
		}
		var fe *systems.FieldError
		if errors.As(err, &fe) {
			return fmt.Errorf("%s: %s", fe.Field, fe.Detail.In(lang))
		}
		if err != nil {
			return err
		}
		return printOutcome(e, l10n.Localize(out, lang))
	}
}

// cliLanguage is the language a -lang flag names, else $LANG's, else
// English.
func cliLanguage(e env, flag string) (l10n.Lang, error) {
	if flag != "" {
		l, ok := l10n.Parse(flag)
		if !ok {
			return "", usageError{fmt.Sprintf("-lang must be pl, cs or en, not %q", flag)}
		}
		return l, nil
	}
	if l, ok := l10n.Parse(e.getenv("LANG")); ok {
		return l, nil
	}
	return l10n.English, nil
}

// keyValuesJSON turns key=value arguments into a JSON object.
func keyValuesJSON(args []string) ([]byte, error) {
	root := map[string]any{}
	for _, arg := range args {
		key, raw, ok := strings.Cut(arg, "=")
		if !ok || key == "" {
			return nil, fmt.Errorf("argument %q is not key=value", arg)
		}
		var v any = raw
		if n, err := strconv.Atoi(raw); err == nil {
			v = n
		} else if f, err := strconv.ParseFloat(raw, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			v = f // inches: target_distance=2.5
		} else if b, err := strconv.ParseBool(raw); err == nil {
			v = b
		}
		obj := root
		parts := strings.Split(key, ".")
		for _, p := range parts[:len(parts)-1] {
			next, ok := obj[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				obj[p] = next
			}
			obj = next
		}
		obj[parts[len(parts)-1]] = v
	}
	return json.Marshal(root)
}

// printOutcome prints an action's steps and notes (their text), one a
// line, then everything else (the dice and the odds) as indented JSON.
func printOutcome(e env, out any) error {
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		return err
	}
	for _, list := range []struct{ key, bullet string }{{"steps", "•"}, {"notes", "‣"}} {
		if items, ok := fields[list.key].([]any); ok {
			for _, item := range items {
				m, _ := item.(map[string]any)
				fmt.Fprintln(e.stdout, list.bullet, m["text"])
			}
			delete(fields, list.key)
		}
	}
	pretty, err := json.MarshalIndent(fields, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, string(pretty))
	return nil
}
