// Package lookup is the port of looking a rule up: a search query and its hits,
// suggestions while a player types, and the errors of a bad query. Package
// search implements Finder over the rulebooks of package rulesdata; the
// API and the bot depend only on this package, so a binary that never
// searches does not link the search engine.
package lookup

import (
	"context"
	"errors"
	"fmt"

	"kostka/l10n"
	"kostka/rulesdata"
)

// Finder finds and looks up rulebook sections.
type Finder interface {
	// Search returns the sections that best answer q, best first.
	Search(ctx context.Context, q Query) (*Result, error)
	// Suggest returns up to limit sections (at most MaxSuggestions; 0
	// means MaxSuggestions) whose title or alias starts with what was
	// typed, for as-you-type completion.
	Suggest(typed, system string, limit int) ([]Suggestion, error)
	// Section returns the section with the given id.
	Section(id string) (*rulesdata.Section, bool)
	// Sections returns every section of a system's rulebook, or of every
	// rulebook when system is "", in rulebook order.
	Sections(system string) ([]*rulesdata.Section, error)
}

// Limits on queries.
const (
	MaxQueryLen  = 200 // characters
	DefaultLimit = 10
	MaxLimit     = 50
	// MaxSuggestions is the most suggestions Suggest returns (Discord shows
	// 25 autocomplete choices).
	MaxSuggestions = 25
)

// Errors of bad queries. They wrap ErrBadQuery.
var (
	ErrBadQuery    = errors.New("bad query")
	ErrEmptyQuery  = fmt.Errorf("%w: the query has no words", ErrBadQuery)
	ErrNotUTF8     = fmt.Errorf("%w: the query is not UTF-8 text", ErrBadQuery)
	ErrLongQuery   = fmt.Errorf("%w: the query is longer than %d characters", ErrBadQuery, MaxQueryLen)
	ErrBadLimit    = fmt.Errorf("%w: limit must be 1 to %d", ErrBadQuery, MaxLimit)
	ErrUnknownLang = fmt.Errorf("%w: unknown language", ErrBadQuery)
)

// UnknownSystemError is a filter by a system that has no rulebook.
type UnknownSystemError struct{ System string }

func (e *UnknownSystemError) Error() string {
	return fmt.Sprintf("no rulebook for system %q", e.System)
}

// Is makes an UnknownSystemError match ErrBadQuery.
func (e *UnknownSystemError) Is(target error) bool { return target == ErrBadQuery }

// Query is a search request.
type Query struct {
	Text   string // what the player typed
	System string // only this system's rulebook, if set
	Lang   string // only rulebooks in this language, if set
	Limit  int    // most hits to return; 0 means DefaultLimit
}

// Result is the answer to a search.
type Result struct {
	Total int   `json:"total"` // how many sections match
	Hits  []Hit `json:"hits"`  // the best of them, best first
	// Weak is true when no hit matches the query closely: its words are
	// in no rulebook, even with the usual typos, and only far typos or
	// common words matched. The hits are then guesses: show "no close
	// match" and offer DidYouMean.
	Weak bool `json:"weak"`
	// DidYouMean lists the sections to offer instead of a weak match (the
	// best hits), or, when nothing matched at all, the sections whose
	// names or glossary terms are closest to the query (each with its
	// Term); empty unless Weak.
	DidYouMean []Suggestion `json:"did_you_mean,omitempty"`
}

// Hit is one section found.
type Hit struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Title  string `json:"title"`
	// Aliases are the section's other names (rulesdata.Section.Aliases),
	// mostly its original English names, which a Polish or Czech rulebook
	// gives in parentheses after its own ("Vrhnout se do krytu (Dive for
	// Cover)"), so that a page can mark them as English where the title or
	// snippet quotes them.
	Aliases []string `json:"aliases,omitempty"`
	// Snippet is a passage of the section's text with the matched words in
	// <mark>…</mark>; everything else in it is HTML-escaped.
	Snippet string  `json:"snippet"`
	Score   float64 `json:"score"`
	// HouseRule is true when the section is a group's house rule, added
	// to a built-in rulebook or put in place of one of its sections.
	HouseRule bool `json:"house_rule"`
	// SystemName is the system's name by language (pl, cs, en), when the
	// API knows the system.
	SystemName l10n.Texts `json:"system_name,omitzero"`
}

// Suggestion is a section offered while the player types.
type Suggestion struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Title  string `json:"title"`
	// Term is the name or glossary term of the section that is close to
	// what was typed, when a search that found nothing suggests it.
	Term string `json:"term,omitempty"`
}
