package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// companions are values other fields need for a field's extremes to be a
// valid request: constraints between fields that a schema cannot state
// (the ROF spent is at most the weapon's ROF, losses at most the squad).
var companions = map[string]map[string]any{
	"pool-k6 attack rof_damage":  {"rof": 10},
	"pool-k6 attack cover":       {"mode": "indirect"},
	"pool-k6 attack rof_area":    {"rof": 10},
	"pool-k6 area rof_damage":    {"rof": 10},
	"pool-k6 area rof_area":      {"rof": 10},
	"wzr-d20 morale lost":        {"squad": 100},
	"wzr-d20 team no_clear_view": {"models": 100},
	"fantasy-k6 test modifier":   {"die": "k3"},
}

// TestEveryField walks every field of every action of every system, as its
// schema declares it: an omitted field behaves as its declared default; a
// required one is "required"; the minimum and maximum are accepted and one
// past each is refused naming the field; every enum value is accepted and
// another refused; an array takes maxItems items and no more; a
// conditional field (x-when) takes its default only under its condition
// and is refused outside it.
func TestEveryField(t *testing.T) {
	reg := Registry()
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		for _, name := range s.ActionNames() {
			a := s.Actions[name]
			fields := a.Compiled().Fields()
			base := baseRequest(fields)
			if _, err := a.Odds(t.Context(), mustJSON(base)); err != nil {
				t.Errorf("%s %s: the base request %v is refused: %v", id, name, base, err)
				continue
			}
			for _, f := range fields {
				if f.Type == "object" {
					continue
				}
				where := id + " " + name + " " + f.Path
				t.Run(where, func(t *testing.T) {
					walkField(t, a, fields, base, f, companions[where])
				})
			}
		}
	}
}

func walkField(t *testing.T, a *systems.Action, fields []systems.Field, base map[string]any, f systems.Field, extra map[string]any) {
	req := clone(base)
	parent, leaf := splitPath(f.Path)
	if parent != "" { // a nested object's field: give the object
		if _, ok := req[parent]; !ok {
			req[parent] = baseRequest(childFields(fields, parent))
		}
	}
	maps.Copy(req, extra)
	for other, vals := range f.When { // under the field's condition
		req[other] = vals[0]
	}
	prune(req, fields) // which may switch other fields off
	obj := req
	if parent != "" {
		obj = req[parent].(map[string]any)
	}
	delete(obj, leaf)
	omitted := clone(req)

	switch {
	case f.Required:
		expectRefused(t, a, omitted, f.Path, "is required")
	case f.Default != nil:
		with := clone(req)
		set(with, f.Path, f.Default)
		if got, want := answer(t, a, omitted), answer(t, a, with); got != want {
			t.Errorf("omitted: %s\nwith the default %v: %s", got, f.Default, want)
		}
	}

	switch f.Type {
	case "integer":
		if f.Min != nil {
			expectAccepted(t, a, with(req, f.Path, int(*f.Min)))
			expectRefused(t, a, with(req, f.Path, int(*f.Min)-1), f.Path, "must be from")
		}
		if f.Max != nil {
			expectAccepted(t, a, with(req, f.Path, int(*f.Max)))
			expectRefused(t, a, with(req, f.Path, int(*f.Max)+1), f.Path, "must be from")
		}
		expectRefused(t, a, with(req, f.Path, 1.5), f.Path, "must be a whole number")
	case "string":
		for _, v := range f.Enum {
			r := with(req, f.Path, v)
			expectAccepted(t, a, prune(r, fields))
		}
		if f.Enum != nil {
			expectRefused(t, a, with(req, f.Path, "nonsense"), f.Path, "must be one of")
		}
	case "boolean":
		expectRefused(t, a, with(req, f.Path, "yes"), f.Path, "must be true or false")
	case "array":
		if f.MaxItems != nil && len(f.Examples) > 0 {
			items := make([]any, *f.MaxItems+1)
			for i := range items {
				items[i] = f.Examples[i%len(f.Examples)]
			}
			expectAccepted(t, a, with(req, f.Path, items[:*f.MaxItems]))
			expectRefused(t, a, with(req, f.Path, items), f.Path, "at most")
		}
	}

	// Outside its condition a field takes no default and is refused.
	for other, vals := range f.When {
		outside := clone(omitted)
		v, ok := valueOutside(fields, other, vals)
		if !ok {
			t.Fatalf("no value of %s outside %v", other, vals)
		}
		outside[other] = v
		outside = prune(outside, fields)
		if f.Required {
			expectAccepted(t, a, outside)
		}
		if nd, ok := notDefault(f); ok {
			expectRefused(t, a, with(outside, f.Path, nd), f.Path, "applies only when")
		}
		if f.Default != nil {
			expectAccepted(t, a, with(outside, f.Path, f.Default))
		}
	}
}

// baseRequest gives every required field its first example, its first
// enum value or its minimum, in schema order, so that conditions see the
// values before them.
func baseRequest(fields []systems.Field) map[string]any {
	return complete(map[string]any{}, fields)
}

// complete gives every top-level required field that req lacks and whose
// condition holds its first example, its first enum value or its minimum.
func complete(req map[string]any, fields []systems.Field) map[string]any {
	for _, f := range fields {
		if _, ok := req[f.Path]; ok {
			continue
		}
		if strings.Contains(f.Path, ".") || !f.Required {
			continue
		}
		if !holds(f.When, req, fields) {
			continue
		}
		switch {
		case len(f.Examples) > 0 && f.Type == "array": // an array's examples are its items'
			req[f.Path] = []any{f.Examples[0]}
		case len(f.Examples) > 0:
			req[f.Path] = f.Examples[0]
		case len(f.Enum) > 0:
			req[f.Path] = f.Enum[0]
		case f.Min != nil:
			req[f.Path] = *f.Min
		}
	}
	return req
}

// prune drops the top-level fields whose condition does not hold, and
// completes the required ones whose condition has come to hold (a
// team action's kind switches its fields).
func prune(req map[string]any, fields []systems.Field) map[string]any {
	for _, f := range fields {
		if _, ok := req[f.Path]; ok && !holds(f.When, req, fields) {
			delete(req, f.Path)
		}
	}
	return complete(req, fields)
}

// childFields are the fields of a nested object, with paths relative to
// it.
func childFields(fields []systems.Field, parent string) []systems.Field {
	var out []systems.Field
	for _, f := range fields {
		if rest, ok := strings.CutPrefix(f.Path, parent+"."); ok {
			f.Path = rest
			out = append(out, f)
		}
	}
	return out
}

// holds evaluates a condition against a request, using defaults for
// omitted fields.
func holds(when map[string][]any, req map[string]any, fields []systems.Field) bool {
	for other, vals := range when {
		v, ok := req[other]
		if !ok {
			for _, f := range fields {
				if f.Path == other {
					v = f.Default
				}
			}
		}
		if !slices.ContainsFunc(vals, func(w any) bool { return fmt.Sprint(w) == fmt.Sprint(v) }) {
			return false
		}
	}
	return true
}

// valueOutside is a value of field name that is not among vals.
func valueOutside(fields []systems.Field, name string, vals []any) (any, bool) {
	for _, f := range fields {
		if f.Path != name {
			continue
		}
		for _, e := range f.Enum {
			if !slices.Contains(vals, e) {
				return e, true
			}
		}
		if f.Type == "boolean" {
			return !(vals[0] == true), true
		}
	}
	return nil, false
}

// notDefault is a valid value of f other than its default.
func notDefault(f systems.Field) (any, bool) {
	switch f.Type {
	case "boolean":
		return f.Default != true, true
	case "integer":
		for _, v := range []*float64{f.Max, f.Min} {
			if v != nil && (f.Default == nil || *v != f.Default) {
				return int(*v), true
			}
		}
	case "string":
		for _, e := range f.Enum {
			if e != f.Default {
				return e, true
			}
		}
	}
	return nil, false
}

// answer is a seeded roll and the odds of req, as JSON in English.
func answer(t *testing.T, a *systems.Action, req map[string]any) string {
	t.Helper()
	roll, err := a.Roll(t.Context(), mustJSON(req), dice.NewSeededSource(7))
	if err != nil {
		t.Fatalf("%v refused: %v", req, err)
	}
	odds, err := a.Odds(t.Context(), mustJSON(req))
	if err != nil {
		t.Fatalf("%v refused: %v", req, err)
	}
	return string(mustJSON(l10n.Localize(roll, l10n.English))) + string(mustJSON(l10n.Localize(odds, l10n.English)))
}

func expectAccepted(t *testing.T, a *systems.Action, req map[string]any) {
	t.Helper()
	if _, err := a.Odds(t.Context(), mustJSON(req)); err != nil {
		t.Errorf("%s refused: %v", mustJSON(req), err)
	}
}

func expectRefused(t *testing.T, a *systems.Action, req map[string]any, field, detail string) {
	t.Helper()
	_, err := a.Odds(t.Context(), mustJSON(req))
	var fe *systems.FieldError
	if !errors.As(err, &fe) || fe.Field != field || !strings.Contains(fe.Detail.In(l10n.English), detail) {
		t.Errorf("%s: err = %v, want a field error on %s: %s…", mustJSON(req), err, field, detail)
	}
}

func splitPath(p string) (parent, leaf string) {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i], p[i+1:]
	}
	return "", p
}

func set(req map[string]any, path string, v any) {
	parent, leaf := splitPath(path)
	if parent != "" {
		req = req[parent].(map[string]any)
	}
	req[leaf] = v
}

func with(req map[string]any, path string, v any) map[string]any {
	c := clone(req)
	set(c, path, v)
	return c
}

// clone copies a request, its nested objects too.
func clone(req map[string]any) map[string]any {
	c := map[string]any{}
	for k, v := range req {
		if m, ok := v.(map[string]any); ok {
			v = clone(m)
		}
		c[k] = v
	}
	return c
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
