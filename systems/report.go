package systems

import "kostka/l10n"

// Report is what every action's answer holds whatever the system: the
// steps of the roll, the notes a player should know (the readings of the
// rulebook it took), the exact odds of the same request, and the rule
// sections it applied. Each system's result embeds it by value where its
// fields are written (encoding/json writes an embedded struct's fields at
// the embedding's position).
type Report struct {
	Steps []l10n.Message `json:"steps"`
	Notes []l10n.Message `json:"notes"`
	Odds  Odds           `json:"odds"`
	// Rules are the rulebook sections the answer applied, in the order it
	// applied them.
	Rules []RuleRef `json:"rules,omitempty"`
}

// RuleRef cites one section of a rulebook (package rulesdata): its id,
// which the rules lookup opens, and its title.
type RuleRef struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// Shared returns the report itself: through embedding, every system's
// result is a Result.
func (r *Report) Shared() *Report { return r }

// Result is what an action's roll returns: a system's typed outcome, which
// embeds the shared Report.
type Result interface {
	Shared() *Report
}
