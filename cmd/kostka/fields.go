package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"kostka"

	"kostka/systems"
	"kostka/systems/catalog"
)

// field is one field of an action's request, read from its JSON Schema.
type field struct {
	name     string // dotted for a field of a nested object: "opponent.dice"
	typ      string // integer, boolean, string or array
	values   string // the values it takes: "1..12", "open|soft|hard", "yes|no"
	def      string // its default; "" when it has none
	required bool
	title    string // what it means, in English
}

// schemaFields lists the fields of an action's request in the schema's
// order, a nested object's fields under their dotted names in place of the
// object. A field is required when it and every object it is in are.
func schemaFields(a *systems.Action) []field {
	var out []field
	required := map[string]bool{"": true}
	for _, f := range a.Compiled().Fields() {
		parent := ""
		if i := strings.LastIndexByte(f.Path, '.'); i >= 0 {
			parent = f.Path[:i]
		}
		required[f.Path] = f.Required && required[parent]
		if f.Type == "object" || strings.Contains(f.Path, "[]") {
			continue // an object's fields follow it; a list item's fields are not key=value fields
		}
		out = append(out, field{name: f.Path, typ: f.Type, values: fieldValues(f),
			def: fieldDefault(f.Default), required: required[f.Path], title: f.Title})
	}
	return out
}

// fieldValues says which values a field takes: "1..12", "open|soft|hard".
func fieldValues(f systems.Field) string {
	switch {
	case len(f.Enum) > 0:
		vals := make([]string, len(f.Enum))
		for i, v := range f.Enum {
			vals[i] = fmt.Sprint(v)
		}
		return strings.Join(vals, "|")
	case f.Type == "boolean":
		return "true|false"
	case f.Min != nil && f.Max != nil:
		return number(*f.Min) + ".." + number(*f.Max)
	case f.Type == "array":
		if f.MaxItems != nil {
			return "a,b,… (up to " + strconv.Itoa(*f.MaxItems) + ")"
		}
		return "a,b,…"
	}
	return f.Type
}

// fieldDefault writes a field's default as a person types it; "" when it
// has none.
func fieldDefault(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return number(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// runSystems lists the game systems, or one system's actions with their
// fields.
func runSystems(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "systems")
	asJSON := fs.Bool("json", false, "print the systems (or the system, with every action's schema) as JSON, as the API sends them")
	if err := fs.parse(args); err != nil {
		return err
	}
	reg := catalog.Registry()
	svc := kostka.New(kostka.Config{Systems: reg})
	switch fs.NArg() {
	case 0:
		if *asJSON {
			list, err := svc.Systems(ctx)
			if err != nil {
				return err
			}
			return printJSON(e, struct {
				Systems []kostka.SystemSummary `json:"systems"`
			}{list})
		}
		w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(w, "SYSTEM\tDICE\tACTIONS\tNAME")
		for _, id := range reg.IDs() {
			s, _ := reg.Get(id)
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", s.ID, s.Dice, strings.Join(s.ActionNames(), ", "), s.Name.En)
		}
		if err := w.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, "\nkostka systems SYSTEM lists a system's fields.")
		return nil
	case 1:
		s, ok := reg.Get(fs.Arg(0))
		if !ok {
			return usageError{fmt.Sprintf("no game system %q%s; the systems are %s",
				fs.Arg(0), didYouMean(fs.Arg(0), reg.IDs()), strings.Join(reg.IDs(), ", "))}
		}
		if *asJSON {
			return printJSON(e, s)
		}
		return printSystem(e.stdout, s)
	}
	return fs.usageError("systems takes at most one system")
}

// printSystem writes a system's actions, each with a table of its fields.
func printSystem(w io.Writer, s *systems.System) error {
	fmt.Fprintf(w, "%s: %s (%s)\n", s.ID, s.Name.En, s.Dice)
	for _, name := range s.ActionNames() {
		a := s.Actions[name]
		fields := schemaFields(a)
		how := fmt.Sprintf("kostka %s %s key=value…", name, s.ID)
		if !slices.Contains(actionCommands, name) {
			how = fmt.Sprintf("POST /v1/systems/%s/%s", s.ID, name)
		}
		fmt.Fprintf(w, "\n%s: %s\n", a.Title.En, how)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  FIELD\tVALUES\tDEFAULT\tMEANING")
		for _, f := range fields {
			def := f.def
			if f.required {
				def = "required"
			} else if def == "" {
				def = "-"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", f.name, f.values, def, f.title)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
