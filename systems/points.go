package systems

import (
	"context"

	"kostka/l10n"
)

// Pricer is the points cost a system may offer (System.Pricer): the price
// of one of its units by its rulebook's formula. A system whose rulebook
// prices no units has none.
type Pricer interface {
	// Price prices a unit given as a JSON object. A refused field is a
	// *FieldError (a missing required one says so); JSON that does not
	// decode into the unit is a *DecodeError.
	Price(ctx context.Context, unit []byte) (Priced, error)
}

// Priced is a priced unit: a pointer to the system's typed answer, which
// is what the answer's JSON holds, and tells what every priced unit tells.
type Priced interface {
	Points() Points
}

// Points is what every priced unit tells, whatever its system: its
// points, the lines of the formula, what a player should be warned of and
// know, and the rule sections the price applied.
type Points struct {
	Total     int     // rounded as the rulebook rounds
	Exact     float64 // before rounding
	Breakdown []l10n.Message
	Warnings  []l10n.Message
	Notes     []l10n.Message
	Rules     []RuleRef
}

// DecodeError is JSON that does not decode into a request: a value of the
// wrong type, an unknown field, bad syntax. Err is encoding/json's error,
// unwrapped, for an adapter to explain.
type DecodeError struct{ Err error }

func (e *DecodeError) Error() string { return "systems: decoding the request: " + e.Err.Error() }

// Unwrap returns encoding/json's error.
func (e *DecodeError) Unwrap() error { return e.Err }
