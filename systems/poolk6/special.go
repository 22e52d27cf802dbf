package poolk6

import (
	"fmt"

	"kostka/dice"
	"kostka/systems"
)

// Special rolls of one die, from the rulebook's abilities.
const (
	Medic   = "medic"   // heals one wound on more than the Medic rating (Medic 4 heals on 5+)
	Stealth = "stealth" // avoids a direct attack on more than the Stealth rating (Stealth 5 on 6+)
	Burning = "burning" // a burning model at its activation: 1-4 the fire goes out, 5-6 it loses a wound and burns on
)

// SpecialRequest is one special roll: Kind, and the ability's Rating for
// Medic and Stealth.
type SpecialRequest struct {
	Kind   string `json:"kind"`
	Rating int    `json:"rating"`
}

// SpecialResult is a rolled special roll with its exact odds.
type SpecialResult struct {
	Kind    string  `json:"kind"`
	Die     int     `json:"die"`
	Needs   int     `json:"needs"` // the lowest face that succeeds (for burning: loses a wound)
	Success bool    `json:"success"`
	Outcome string  `json:"outcome"`
	Odds    float64 `json:"odds"` // P(success)
}

// needs returns the lowest face that succeeds, validating the request.
func (r SpecialRequest) needs() (int, error) {
	switch r.Kind {
	case Medic, Stealth:
		if err := systems.Check("rating", r.Rating, 1, 5); err != nil {
			return 0, err
		}
		return r.Rating + 1, nil
	case Burning:
		if r.Rating != 0 {
			return 0, &systems.FieldError{Field: "rating", Msg: "a burning roll has no rating"}
		}
		return 5, nil
	}
	return 0, systems.OneOf("kind", r.Kind, Medic, Stealth, Burning)
}

// outcomes names what a success and a failure mean for each kind.
var outcomes = map[string][2]string{
	Medic:   {"no wound healed", "one wound healed"},
	Stealth: {"not avoided", "attack avoided"},
	Burning: {"the fire goes out", "loses 1 wound and keeps burning"},
}

// SpecialOdds is the probability that a special roll succeeds.
func SpecialOdds(req SpecialRequest) (float64, error) {
	needs, err := req.needs()
	if err != nil {
		return 0, err
	}
	return float64(7-needs) / 6, nil
}

// RollSpecial rolls a special roll with src.
func RollSpecial(req SpecialRequest, src dice.Source) (SpecialResult, error) {
	needs, err := req.needs()
	if err != nil {
		return SpecialResult{}, err
	}
	die := src.IntN(6) + 1
	ok := die >= needs
	res := SpecialResult{Kind: req.Kind, Die: die, Needs: needs, Success: ok, Odds: float64(7-needs) / 6}
	res.Outcome = outcomes[req.Kind][0]
	if ok {
		res.Outcome = outcomes[req.Kind][1]
	}
	return res, nil
}

// String renders the roll for a log or a command line.
func (r SpecialResult) String() string {
	return fmt.Sprintf("%s: rolled %d, needs %d+: %s", r.Kind, r.Die, r.Needs, r.Outcome)
}
