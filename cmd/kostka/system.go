package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kostka"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/catalog"
)

// actionCommand returns the subcommand that resolves one action of a game
// system from key=value arguments, such as
//
//	kostka attack pool-k6 attack=4 defense=3 damage=6 armour=4 opponent.dice=2
//
// Numbers and true/false are typed; dotted keys make nested objects; a list
// field takes values separated by commas. A key that is not a field of the
// action is a usage error that names the closest field.
func actionCommand(action string) func(ctx context.Context, e env, args []string) error {
	return func(ctx context.Context, e env, args []string) error {
		reg := catalog.Registry()
		fs := newFlagSet(e, action)
		odds := fs.Bool("odds", false, "print only the odds")
		asJSON := fs.Bool("json", false, "print the whole answer as JSON")
		langFlag := fs.String("lang", "", "the language of steps and notes: pl, cs or en (default: from $LANG, else en)")
		api := apiFlag(fs.FlagSet)
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			return fs.usageError(action + " needs a system: " + strings.Join(reg.IDs(), ", "))
		}
		s, a, err := findAction(reg, fs.Arg(0), action)
		if err != nil {
			return err
		}
		fields := schemaFields(a)
		body, err := keyValuesJSON(fs.Args()[1:], fields, s.ID)
		if err != nil {
			return usageError{fmt.Sprintf("%s %s: %v", action, s.ID, err)}
		}
		lang, err := cliLanguage(e, *langFlag)
		if err != nil {
			return err
		}
		svc, err := service(*api, nil)
		if err != nil {
			return err
		}
		req := kostka.ActionRequest{System: s.ID, Action: action, Lang: lang, Fields: body}
		if *odds {
			req.Mode = kostka.ModeOdds
		}
		out, err := svc.Act(ctx, req)
		if err != nil {
			return refused(err, lang)
		}
		if *asJSON {
			return printJSON(e, out)
		}
		return printOutcome(e, out.Report(), lang)
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

// findAction returns the system called id and its action, or a usage error
// that names the closest system.
func findAction(reg *systems.Registry, id, action string) (*systems.System, *systems.Action, error) {
	s, ok := reg.Get(id)
	if !ok {
		return nil, nil, usageError{fmt.Sprintf("no game system %q%s; the systems are %s",
			id, didYouMean(id, reg.IDs()), strings.Join(reg.IDs(), ", "))}
	}
	a, ok := s.Actions[action]
	if !ok {
		return nil, nil, usageError{fmt.Sprintf("%s has no %s; its actions are %s", s.ID, action, strings.Join(s.ActionNames(), ", "))}
	}
	return s, a, nil
}

// keyValuesJSON turns key=value arguments into a JSON object. Every key
// must be one of the fields of system's action (dotted for nested objects).
func keyValuesJSON(args []string, fields []field, system string) ([]byte, error) {
	byName := map[string]field{}
	var names []string
	for _, f := range fields {
		byName[f.name] = f
		names = append(names, f.name)
	}
	root := kostka.Object{}
	for _, arg := range args {
		key, raw, ok := strings.Cut(arg, "=")
		if !ok || key == "" {
			return nil, fmt.Errorf("argument %q is not key=value", arg)
		}
		f, ok := byName[key]
		if !ok {
			return nil, fmt.Errorf("no field %q%s (\"kostka systems %s\" lists them)", key, didYouMean(key, names), system)
		}
		var v any = raw
		if f.typ == "array" {
			v = strings.Split(raw, ",")
		} else if n, err := strconv.Atoi(raw); err == nil {
			v = n
		} else if f, err := strconv.ParseFloat(raw, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			v = f // inches: target_distance=2.5
		} else if b, err := strconv.ParseBool(raw); err == nil {
			v = b
		}
		obj := root
		parts := strings.Split(key, ".")
		for _, p := range parts[:len(parts)-1] {
			next, ok := obj[p].(kostka.Object)
			if !ok {
				next = kostka.Object{}
				obj[p] = next
			}
			obj = next
		}
		obj[parts[len(parts)-1]] = v
	}
	return json.Marshal(root)
}

// printJSON prints an answer as indented JSON, as the API sends it.
func printJSON(e env, out any) error {
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(e.stdout, string(b))
	return err
}
