package poolk6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
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
	Kind           string       `json:"kind"`
	Die            int          `json:"die"`
	Needs          int          `json:"needs"` // the lowest face that succeeds (for burning: loses a wound)
	Success        bool         `json:"success"`
	Outcome        l10n.Message `json:"outcome"`
	systems.Report              // success: P(success)
}

// SpecialOddsOf is the exact chance that a special roll succeeds.
type SpecialOddsOf struct {
	Success float64 `json:"success"`
}

// Entries lists the odds for an answer.
func (o SpecialOddsOf) Entries() systems.Odds {
	return systems.Odds{systems.Probability("success", labelSuccess.New(), o.Success)}
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
			return 0, systems.Invalid("rating", errNoRating.New())
		}
		return 5, nil
	}
	return 0, systems.OneOf("kind", r.Kind, Medic, Stealth, Burning)
}

// SpecialOdds is the probability that a special roll succeeds.
func SpecialOdds(ctx context.Context, req SpecialRequest) (SpecialOddsOf, error) {
	if err := ctx.Err(); err != nil {
		return SpecialOddsOf{}, err
	}
	needs, err := req.needs()
	if err != nil {
		return SpecialOddsOf{}, err
	}
	return SpecialOddsOf{Success: float64(7-needs) / 6}, nil
}

// RollSpecial rolls a special roll with src.
func RollSpecial(ctx context.Context, req SpecialRequest, src dice.Source) (SpecialResult, error) {
	odds, err := SpecialOdds(ctx, req)
	if err != nil {
		return SpecialResult{}, err
	}
	needs, _ := req.needs()
	die := src.IntN(6) + 1
	ok := die >= needs
	res := SpecialResult{Kind: req.Kind, Die: die, Needs: needs, Success: ok, Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: systems.Cite(specialRules[req.Kind]...)}}
	res.Outcome = outcomes[req.Kind][0].New()
	if ok {
		res.Outcome = outcomes[req.Kind][1].New()
	}
	res.Steps = []l10n.Message{stepSpecial.New(l10n.Term("kind", termKinds[req.Kind].New()), l10n.Int("die", die),
		l10n.Int("needs", needs), l10n.Term("outcome", res.Outcome))}
	return res, nil
}

// String renders the roll in English, for a log.
func (r SpecialResult) String() string { return r.Steps[0].In(l10n.English) }
