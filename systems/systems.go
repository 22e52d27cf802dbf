// Package systems is the common frame of Kostka's game systems: each
// rulebook's dice mechanics (a test, an attack, …) as actions that take a
// JSON request, roll it with every die shown, and compute the exact odds of
// the same request.
//
// A system package (such as systems/poolk6) builds a *System with
// NewAction for each of its actions; package systems/catalog lists them
// all. Adding a system is: write its package, give each action a request
// type with a JSON Schema, add it to the catalog.
//
// The schema is the request's contract: the decoder applies its defaults,
// bounds, enums, required fields and conditions (see Schema), so Go code
// never fills a default of its own. Action functions take a
// context.Context first. Every answer embeds a Report: steps and notes,
// lists of l10n.Message (ids with typed arguments, rendered in the
// request's language where the answer leaves the program), odds, a list of
// OddsEntry that says whether each figure is a probability, a mean or a
// distribution, and the rule sections it applied. A refused field is a *FieldError with a localized detail.
package systems

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"kostka/dice"
	"kostka/l10n"
)

// System is one rulebook's dice mechanics.
type System struct {
	ID          string             `json:"id"`
	Name        l10n.Texts         `json:"name"`
	Language    string             `json:"language"` // the rulebook's language
	Dice        string             `json:"dice"`
	Description l10n.Texts         `json:"description"`
	Actions     map[string]*Action `json:"actions"`
	// TargetFields says, for a system with an attack, which fields of a
	// unit's profile fill which fields of the attack request when the unit
	// is the attack's target. A profile describes its own unit (in
	// quality-d6 its "defense" is the unit's own), while the attack request
	// holds the attacker's fields and the target's; the attack fields named
	// here (the map's values) are the target's, every other is the
	// attacker's.
	TargetFields map[string]string `json:"target_fields,omitempty"`
	// Pricer is the points cost of the system's units, for a system whose
	// rulebook prices them; nil otherwise.
	Pricer Pricer `json:"-"`
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
	Title l10n.Texts `json:"title"`
	// Schema is the JSON Schema of the request, the one source of truth of
	// its fields (see type Schema for what the decoder applies). Each
	// property's title is English; "x-labels" holds its label in every
	// language.
	Schema json.RawMessage `json:"schema"`

	schema func() *Schema // compiled on first use
	roll   func(ctx context.Context, req []byte, src dice.Source) (Result, error)
	odds   func(ctx context.Context, req []byte) (Odds, error)
}

// OddsLister is what an action's odds function returns: a typed result
// that lists its entries.
type OddsLister interface{ Entries() Odds }

// NewAction makes an action from a typed roll function (which returns the
// rolled outcome, a struct that embeds the Report of its steps, notes and
// odds) and a typed odds function; Roll returns a pointer to the outcome. Requests are checked against the schema, which fills their
// defaults, then decoded strictly into Req. The schema is compiled the
// first time the action is used, not when the program starts (a cold
// Lambda function that only rolls dice never pays for it); a schema the
// decoder cannot apply is a programming error, a panic then, which the
// catalog's tests reach for every action.
func NewAction[Req, Res any, PRes interface {
	*Res
	Result
}, O OddsLister](title l10n.Texts, schema []byte,
	roll func(context.Context, Req, dice.Source) (Res, error), odds func(context.Context, Req) (O, error)) *Action {
	compiled := sync.OnceValue(func() *Schema {
		s, err := CompileSchema(schema)
		if err != nil {
			panic(fmt.Sprintf("systems: the schema of %q: %v", title.En, err))
		}
		return s
	})
	return &Action{
		Title:  title,
		Schema: schema,
		schema: compiled,
		roll: func(ctx context.Context, b []byte, src dice.Source) (Result, error) {
			req, err := decode[Req](compiled(), b)
			if err != nil {
				return nil, err
			}
			res, err := roll(ctx, req, src)
			if err != nil {
				return nil, err
			}
			return PRes(&res), nil
		},
		odds: func(ctx context.Context, b []byte) (Odds, error) {
			req, err := decode[Req](compiled(), b)
			if err != nil {
				return nil, err
			}
			o, err := odds(ctx, req)
			if err != nil {
				return nil, err
			}
			return o.Entries(), nil
		},
	}
}

// Roll resolves a JSON request with src: every die, every step, and the
// odds of the same request. The Result is a pointer to the system's typed
// outcome (such as *qualityd6.AttackResult).
func (a *Action) Roll(ctx context.Context, req []byte, src dice.Source) (Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return a.roll(ctx, req, src)
}

// Odds computes only the exact odds of a JSON request.
func (a *Action) Odds(ctx context.Context, req []byte) (Odds, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return a.odds(ctx, req)
}

// Compiled returns the action's compiled schema.
func (a *Action) Compiled() *Schema { return a.schema() }

// Label returns the localized label of a request field, as a FieldError
// names it, or "".
func (a *Action) Label(field string, lang l10n.Lang) string { return a.schema().Label(field, lang) }

// decode checks a request against the schema, applies its defaults, and
// stores it strictly in Req.
func decode[Req any](s *Schema, b []byte) (Req, error) {
	var req Req
	applied, err := s.apply(b)
	if err != nil {
		return req, err
	}
	if err := assign(applied, reflect.ValueOf(&req).Elem()); err != nil {
		// The schema and the request type disagree: the schema test of
		// every system keeps them equal.
		return req, fmt.Errorf("systems: a request the schema accepts does not decode: %w", err)
	}
	return req, nil
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
