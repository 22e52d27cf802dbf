package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

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

// schemaNode is the part of a JSON Schema a field listing reads.
type schemaNode struct {
	Type       string          `json:"type"`
	Title      string          `json:"title"`
	Minimum    *json.Number    `json:"minimum"`
	Maximum    *json.Number    `json:"maximum"`
	MaxItems   *int            `json:"maxItems"`
	Default    json.RawMessage `json:"default"`
	Enum       []string        `json:"enum"`
	Required   []string        `json:"required"`
	Properties json.RawMessage `json:"properties"`
	Items      *schemaNode     `json:"items"`
}

// schemaFields lists the fields of a request schema in the schema's
// order, nested objects' fields after their parent's dotted name.
func schemaFields(schema []byte) ([]field, error) {
	var root schemaNode
	if err := json.Unmarshal(schema, &root); err != nil {
		return nil, fmt.Errorf("reading the schema: %w", err)
	}
	var fields []field
	err := collectFields(&root, "", true, &fields)
	return fields, err
}

// collectFields appends n's fields to out. A field is required when it
// and every object it is in are.
func collectFields(n *schemaNode, prefix string, required bool, out *[]field) error {
	names, props, err := orderedProperties(n.Properties)
	if err != nil {
		return err
	}
	for i, name := range names {
		p := props[i]
		req := false
		for _, r := range n.Required {
			req = req || (r == name && required)
		}
		if p.Type == "object" {
			if err := collectFields(p, prefix+name+".", req, out); err != nil {
				return err
			}
			continue
		}
		f := field{name: prefix + name, typ: p.Type, required: req, title: p.Title}
		switch {
		case len(p.Enum) > 0:
			f.values = strings.Join(p.Enum, "|")
		case p.Type == "boolean":
			f.values = "true|false"
		case p.Minimum != nil && p.Maximum != nil:
			f.values = fmt.Sprintf("%s..%s", *p.Minimum, *p.Maximum)
		case p.Type == "array":
			f.values = "a,b,…"
			if p.MaxItems != nil {
				f.values += " (up to " + strconv.Itoa(*p.MaxItems) + ")"
			}
		default:
			f.values = p.Type
		}
		if len(p.Default) > 0 {
			f.def = strings.Trim(string(p.Default), `"`)
		}
		*out = append(*out, f)
	}
	return nil
}

// orderedProperties decodes a schema's "properties" object keeping the
// order its author wrote them in.
func orderedProperties(raw json.RawMessage) ([]string, []*schemaNode, error) {
	if len(raw) == 0 {
		return nil, nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, nil, err
	}
	var names []string
	var nodes []*schemaNode
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		name, _ := tok.(string)
		var n schemaNode
		if err := dec.Decode(&n); err != nil {
			return nil, nil, fmt.Errorf("property %s: %w", name, err)
		}
		names = append(names, name)
		nodes = append(nodes, &n)
	}
	return names, nodes, nil
}

// runSystems lists the game systems, or one system's actions with their
// fields.
func runSystems(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "systems")
	if err := fs.parse(args); err != nil {
		return err
	}
	reg := catalog.Registry()
	switch fs.NArg() {
	case 0:
		w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(w, "SYSTEM\tDICE\tACTIONS\tNAME")
		for _, id := range reg.IDs() {
			s, _ := reg.Get(id)
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", s.ID, s.Dice, strings.Join(s.ActionNames(), ", "), s.Name.In("en"))
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
		return printSystem(e.stdout, s)
	}
	return fs.usageError("systems takes at most one system")
}

// printSystem writes a system's actions, each with a table of its fields.
func printSystem(w io.Writer, s *systems.System) error {
	fmt.Fprintf(w, "%s: %s (%s)\n", s.ID, s.Name.In("en"), s.Dice)
	for _, name := range s.ActionNames() {
		a := s.Actions[name]
		fields, err := schemaFields(a.Schema)
		if err != nil {
			return fmt.Errorf("%s %s: %w", s.ID, name, err)
		}
		how := fmt.Sprintf("kostka %s %s key=value…", name, s.ID)
		if !slices.Contains(actionCommands, name) {
			how = fmt.Sprintf("POST /v1/systems/%s/%s", s.ID, name)
		}
		fmt.Fprintf(w, "\n%s: %s\n", a.Title.In("en"), how)
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
