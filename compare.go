package kostka

import (
	"context"
	"errors"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/compare"
)

// CompareRequest is a comparison of attackers and targets of one system.
type CompareRequest struct {
	System  string
	Lang    l10n.Lang
	Compare compare.Request
	// Units finds saved units by name, for a caller that has them (the
	// bot); nil refuses every "unit".
	Units compare.Units
}

// Compare resolves every attacker against every target of a system: each
// pair by the system's attack action, exact odds only.
func (s *Local) Compare(ctx context.Context, req CompareRequest) (*compare.Result, error) {
	sys, err := s.System(req.System)
	if err != nil {
		return nil, err
	}
	req.Compare.Lang = langOr(req.Lang)
	res, err := compare.Compare(ctx, sys, req.Compare, req.Units)
	if fe := (*systems.FieldError)(nil); errors.As(err, &fe) {
		return nil, fieldProblem(fe, nil, langOr(req.Lang))
	}
	if err != nil {
		return nil, err
	}
	return localized(res, req.Lang), nil
}
