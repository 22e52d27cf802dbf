package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
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
	// A unit of 100 models may have lost 99; of Toughness 30, have 29
	// wounds on it.
	"quality-d6 recover models_lost": {"models": 100},
	"quality-d6 recover wounds":      {"toughness": 30},
	// An indirect shot away from the model aimed at needs an area (as do
	// a defender's distance and bearing, which apply to indirect fire),
	// and only indirect fire can attack an invisible model.
	"pool-k6 attack target_distance":    {"ae": 1},
	"pool-k6 area defenders[].distance": {"ae": 1},
	"pool-k6 area defenders[].bearing":  {"ae": 1},
	"pool-k6 area defenders[].cover":    {"mode": "indirect"},
}

// TestEveryField walks every field of every action of every system, as its
// schema declares it: an omitted field behaves as its declared default; a
// required one is "required"; the minimum and maximum are accepted and one
// past each is refused naming the field; every enum value is accepted and
// another refused; an array takes maxItems items and no more; a
// conditional field (x-when) takes its default only under its condition
// and is refused outside it. The fields of an array's object items
// ("groups[].count") are walked the same way, in the first item.
func TestEveryField(t *testing.T) {
	reg := Registry()
	walked := 0
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
				for _, item := range f.Items {
					if item.Type == "object" {
						continue
					}
					where := id + " " + name + " " + f.Path + "[]." + item.Path
					walked++
					t.Run(where, func(t *testing.T) {
						walkItemField(t, a, fields, base, f, item, companions[where], notFirstItem[where])
					})
				}
			}
		}
	}
	// quality-d6 groups (5 fields) and pool-k6 defenders (14) at least.
	if walked < 19 {
		t.Errorf("%d fields of array items walked, want every field of groups and defenders (19)", walked)
	}
}

func walkField(t *testing.T, a *systems.Action, fields []systems.Field, base map[string]any, f systems.Field, extra map[string]any) {
	req := clone(base)
	parent, _ := splitPath(f.Path)
	if parent != "" { // a nested object's field: give the object
		if _, ok := req[parent]; !ok {
			req[parent] = baseRequest(childFields(fields, parent))
		}
	}
	maps.Copy(req, extra)
	for other, vals := range f.When { // under the field's condition
		req[other] = vals[0]
	}
	for _, ex := range f.Excludes { // without the fields it excludes
		delete(req, ex)
	}
	checkField(t, a, fields, fields, req, f)
}

// notFirstItem are the item fields that only an item after the first may
// have: the first defender is the model aimed at, at the area's centre.
var notFirstItem = map[string]bool{
	"pool-k6 area defenders[].distance": true,
	"pool-k6 area defenders[].bearing":  true,
}

// walkItemField walks field item of the object items of array field arr,
// in the array's first item (the last if last): the array is given as its
// examples (or one item with its required fields completed), and item's
// path is "arr[i].name", as a field error spells it.
func walkItemField(t *testing.T, a *systems.Action, fields []systems.Field, base map[string]any, arr, item systems.Field, extra map[string]any, last bool) {
	req := clone(base)
	items := baseItems(arr)
	i := 0
	if last {
		i = len(items) - 1
	}
	req[arr.Path] = items
	for _, ex := range arr.Excludes { // without the fields it excludes
		delete(req, ex)
	}
	maps.Copy(req, extra)
	for other, vals := range arr.When { // under the array's condition
		req[other] = vals[0]
	}
	at := fmt.Sprintf("%s[%d]", arr.Path, i)
	f := item
	f.Path = at + "." + item.Path
	for other, vals := range f.When { // under the field's condition, in the item or at the top
		set(req, whenPath(at, other), vals[0])
	}
	checkField(t, a, fields, arr.Items, req, f)
}

// baseItems are items of an array of objects: its examples, or one item
// with its required fields completed.
func baseItems(arr systems.Field) []any {
	var items []any
	for _, e := range arr.Examples {
		if m, ok := e.(map[string]any); ok {
			items = append(items, clone(m))
		}
	}
	if len(items) == 0 {
		items = []any{complete(map[string]any{}, arr.Items)}
	}
	return items
}

// checkField checks field f of req (under its condition): its default,
// bounds, values and condition. scope are the fields of the object that
// holds f (its condition's fields), fields the request's top-level ones.
func checkField(t *testing.T, a *systems.Action, fields, scope []systems.Field, req map[string]any, f systems.Field) {
	prune(req, fields) // which may switch other fields off
	parent, leaf := splitPath(f.Path)
	delete(object(req, parent), leaf)
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
	case "number":
		if f.Min != nil {
			expectAccepted(t, a, with(req, f.Path, *f.Min))
			expectRefused(t, a, with(req, f.Path, *f.Min-0.5), f.Path, "must be from")
		}
		if f.Max != nil {
			expectAccepted(t, a, with(req, f.Path, *f.Max))
			expectRefused(t, a, with(req, f.Path, *f.Max+0.5), f.Path, "must be from")
		}
		expectRefused(t, a, with(req, f.Path, "1"), f.Path, "must be a number")
	case "string":
		for _, v := range f.Enum {
			r := with(req, f.Path, v)
			expectAccepted(t, a, prune(r, fields))
		}
		if len(f.Enum) > 0 {
			expectRefused(t, a, with(req, f.Path, "nonsense"), f.Path, "must be one of")
		}
	case "boolean":
		expectRefused(t, a, with(req, f.Path, "yes"), f.Path, "must be true or false")
	case "array":
		examples := f.Examples
		if len(examples) == 0 && f.Items != nil {
			examples = baseItems(f)
		}
		if f.MaxItems != nil && len(examples) > 0 {
			items := make([]any, *f.MaxItems+1)
			for i := range items {
				items[i] = examples[i%len(examples)]
			}
			without := clone(req) // the fields the array excludes
			for _, ex := range f.Excludes {
				delete(without, ex)
			}
			expectAccepted(t, a, with(without, f.Path, items[:*f.MaxItems]))
			expectRefused(t, a, with(without, f.Path, items), f.Path, "at most")
		}
	}

	// Outside its condition a field takes no default and is refused.
	for other, vals := range f.When {
		outside := clone(omitted)
		within := scope
		if strings.HasPrefix(other, "/") {
			within = fields
		}
		v, ok := valueOutside(within, strings.TrimPrefix(other, "/"), vals)
		if !ok {
			t.Fatalf("no value of %s outside %v", other, vals)
		}
		set(outside, whenPath(parent, other), v)
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
		if !holds(f.When, req, fields) || excluded(req, fields, f.Path) {
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

// excluded reports whether a field given in req excludes the field path
// (which then is not required).
func excluded(req map[string]any, fields []systems.Field, path string) bool {
	for _, f := range fields {
		if _, given := req[f.Path]; given && slices.Contains(f.Excludes, path) {
			return true
		}
	}
	return false
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

// whenPath is the path of the field an x-when of a field under parent
// names: a sibling, or a top-level field ("/mode").
func whenPath(parent, other string) string {
	if top, ok := strings.CutPrefix(other, "/"); ok {
		return top
	}
	return join(parent, other)
}

func join(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// object is the object at a path of req ("" for req itself), as a field
// error spells it: "opponent", "groups[0]".
func object(req map[string]any, path string) map[string]any {
	if path == "" {
		return req
	}
	for part := range strings.SplitSeq(path, ".") {
		name, index, isItem := strings.Cut(part, "[")
		v := req[name]
		if isItem {
			i, err := strconv.Atoi(strings.TrimSuffix(index, "]"))
			if err != nil {
				panic(fmt.Sprintf("bad path %q", path))
			}
			v = v.([]any)[i]
		}
		req = v.(map[string]any)
	}
	return req
}

func set(req map[string]any, path string, v any) {
	parent, leaf := splitPath(path)
	object(req, parent)[leaf] = v
}

func with(req map[string]any, path string, v any) map[string]any {
	c := clone(req)
	set(c, path, v)
	return c
}

// clone copies a request, its nested objects and arrays too.
func clone(req map[string]any) map[string]any {
	c := map[string]any{}
	for k, v := range req {
		c[k] = cloneValue(v)
	}
	return c
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return clone(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cloneValue(e)
		}
		return out
	}
	return v
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
