package systems

import (
	"fmt"

	"kostka/l10n"
)

// Terms every system's steps share.
var (
	termSuccess = l10n.Define("term.success", l10n.Texts{En: "success", Pl: "sukces", Cs: "úspěch"})
	termFailure = l10n.Define("term.failure", l10n.Texts{En: "failure", Pl: "porażka", Cs: "neúspěch"})
)

// Verdict is the term for a test's outcome: success or failure.
func Verdict(ok bool) l10n.Message {
	if ok {
		return termSuccess.New()
	}
	return termFailure.New()
}

// Signed renders a modifier with its sign ("+1", "-2", "+0") as a verbatim
// argument.
func Signed(name string, v int) l10n.Arg {
	return l10n.Str(name, fmt.Sprintf("%+d", v))
}
