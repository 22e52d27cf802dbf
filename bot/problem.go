package bot

import (
	"errors"
	"strings"

	"kostka/l10n"

	"kostka"
)

// isProblem reports whether err is the service's refusal of the request
// (a 4xx problem), which the player can fix; the problem comes rendered
// in l.
func isProblem(err error, l l10n.Lang) (*kostka.Problem, bool) {
	var p *kostka.Problem
	if errors.As(err, &p) && p.Status < 500 {
		return p.In(l), true
	}
	return nil, false
}

// problemText is what a player reads of a problem: its detail (else its
// title), after the field's label (else its name, unless the detail says
// it).
func problemText(p *kostka.Problem) string {
	msg := p.Title
	if p.Detail != "" {
		msg = p.Detail
	}
	switch {
	case p.Label != "":
		msg = p.Label + ": " + msg
	case p.Field != "" && !strings.Contains(msg, p.Field):
		msg = p.Field + ": " + msg
	}
	return msg
}
