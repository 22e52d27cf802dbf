// Package systems is the common frame of Kostka's game systems: each
// rulebook's dice mechanics (a test, an attack, …) as actions that take a
// JSON request, roll it with every die shown, and compute the exact odds of
// the same request.
//
// A system package (such as systems/poolk6) builds a *System with
// NewAction for each of its actions; package systems/catalog lists them
// all. Adding a system is: write its package, give each action a request
// type with a JSON Schema, add it to the catalog.
package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"kostka/dice"
)

// Localized is a text in several languages, keyed by language code (pl,
// cs, en). English is always present.
type Localized map[string]string

// In returns the text in lang, or in English.
func (l Localized) In(lang string) string {
	if s, ok := l[lang]; ok {
		return s
	}
	return l["en"]
}

// System is one rulebook's dice mechanics.
type System struct {
	ID          string             `json:"id"`
	Name        Localized          `json:"name"`
	Language    string             `json:"language"` // the rulebook's language
	Dice        string             `json:"dice"`
	Description Localized          `json:"description"`
	Actions     map[string]*Action `json:"actions"`
}

// ActionNames returns the names of the system's actions, sorted.
func (s *System) ActionNames() []string {
	names := make([]string, 0, len(s.Actions))
	for n := range s.Actions {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Action is one thing a system resolves, such as "test" or "attack".
type Action struct {
	Title Localized `json:"title"`
	// Schema is the JSON Schema of the request. Each property's title is
	// English; "x-labels" holds its label in every language.
	Schema json.RawMessage `json:"schema"`

	roll func(req []byte, src dice.Source) (any, error)
	odds func(req []byte) (any, error)
}

// NewAction makes an action from a typed roll function (which returns the
// rolled outcome with its odds) and a typed odds function. Requests are
// decoded strictly into Req: unknown fields and wrong types are
// *FieldErrors.
func NewAction[Req, Res, Odds any](title Localized, schema []byte,
	roll func(Req, dice.Source) (Res, error), odds func(Req) (Odds, error)) *Action {
	if !json.Valid(schema) {
		panic(fmt.Sprintf("systems: the schema of %q is not JSON", title["en"]))
	}
	return &Action{
		Title:  title,
		Schema: schema,
		roll: func(b []byte, src dice.Source) (any, error) {
			req, err := decode[Req](b)
			if err != nil {
				return nil, err
			}
			return roll(req, src)
		},
		odds: func(b []byte) (any, error) {
			req, err := decode[Req](b)
			if err != nil {
				return nil, err
			}
			return odds(req)
		},
	}
}

// Roll resolves a JSON request with src: every die, every step, and the
// odds of the same request.
func (a *Action) Roll(req []byte, src dice.Source) (any, error) { return a.roll(req, src) }

// Odds computes only the exact odds of a JSON request.
func (a *Action) Odds(req []byte) (any, error) { return a.odds(req) }

// ErrInvalid is matched by every *FieldError.
var ErrInvalid = errors.New("invalid request")

// FieldError is a request value that cannot be resolved. Field names it as
// the request spells it (for example "opponent.dice").
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// Is makes every *FieldError match ErrInvalid.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

// decode reads a request strictly: one JSON object, no unknown fields.
func decode[Req any](b []byte) (Req, error) {
	var req Req
	if len(bytes.TrimSpace(b)) == 0 {
		b = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, jsonFieldError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return req, &FieldError{Msg: "the request must be a single JSON object"}
	}
	return req, nil
}

// jsonFieldError turns a decoding error into a *FieldError naming the
// field where encoding/json says which.
func jsonFieldError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return &FieldError{Field: typeErr.Field, Msg: fmt.Sprintf("must be a JSON %s, not %s", kind(typeErr.Type.Kind().String()), typeErr.Value)}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		return &FieldError{Field: name, Msg: "is not a field of this request"}
	}
	return &FieldError{Msg: "the request is not valid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}
}

func kind(k string) string {
	switch k {
	case "bool":
		return "boolean"
	case "string":
		return "string"
	case "struct", "map":
		return "object"
	case "slice", "array":
		return "array"
	}
	return "integer in range"
}

// Check returns a *FieldError unless lo <= v <= hi.
func Check(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return &FieldError{Field: field, Msg: fmt.Sprintf("must be from %d to %d, not %d", lo, hi, v)}
	}
	return nil
}

// OneOf returns a *FieldError unless v is one of allowed.
func OneOf(field, v string, allowed ...string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	return &FieldError{Field: field, Msg: fmt.Sprintf("must be one of %s, not %q", strings.Join(allowed, ", "), v)}
}

// First returns the first non-nil error, so that an answer names one field.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Registry finds systems by id.
type Registry struct {
	byID map[string]*System
	ids  []string
}

// NewRegistry returns a registry of the given systems. Duplicate ids are a
// programming error.
func NewRegistry(list ...*System) *Registry {
	r := &Registry{byID: map[string]*System{}}
	for _, s := range list {
		if _, dup := r.byID[s.ID]; dup {
			panic("systems: duplicate system " + s.ID)
		}
		r.byID[s.ID] = s
		r.ids = append(r.ids, s.ID)
	}
	return r
}

// Get returns the system with the given id.
func (r *Registry) Get(id string) (*System, bool) {
	s, ok := r.byID[id]
	return s, ok
}

// IDs returns every system's id, in registration order.
func (r *Registry) IDs() []string { return slices.Clone(r.ids) }
