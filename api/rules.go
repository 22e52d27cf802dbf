package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"unicode/utf8"

	"kostka/l10n"
	"kostka/rules"
	"kostka/rulesdata"
	"kostka/systems"
)

// ruleSummary is a section as GET /v1/rules lists it.
type ruleSummary struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Title  string `json:"title"`
	// HouseRule marks a group's house rule (see rulesdata.Overlay).
	HouseRule bool `json:"house_rule"`
}

// systemName returns the localized name of a system, or nil for a
// rulebook of a system Kostka does not resolve (a group's own).
func systemName(reg *systems.Registry, id string) map[string]string {
	if s, ok := reg.Get(id); ok {
		return s.Name
	}
	return nil
}

// handleSearch answers GET /v1/search?q=&system=&lang=&limit=.
func handleSearch(finder rules.Finder, reg *systems.Registry, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		q := rules.Query{Text: v.Get("q"), System: v.Get("system"), Lang: v.Get("lang")}
		if s := v.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				writeProblem(w, r, limitProblem(rules.MaxLimit))
				return
			}
			if n == 0 {
				n = -1 // an explicit 0 is out of range, not "the default"
			}
			q.Limit = n
		}
		res, err := finder.Search(r.Context(), q)
		if err != nil {
			writeError(w, r, logger, "", searchProblem(r, err))
			return
		}
		for i := range res.Hits {
			res.Hits[i].SystemName = systemName(reg, res.Hits[i].System)
		}
		encode(w, http.StatusOK, res)
	})
}

// handleSuggest answers GET /v1/suggest?q=&system=&limit=: sections whose
// title or alias starts with what was typed, for as-you-type completion.
func handleSuggest(finder rules.Finder, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		limit := 0
		if s := v.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > rules.MaxSuggestions {
				writeProblem(w, r, limitProblem(rules.MaxSuggestions))
				return
			}
			limit = n
		}
		q := v.Get("q")
		if err := checkText(q); err != nil {
			writeError(w, r, logger, "", searchProblem(r, err))
			return
		}
		got, err := finder.Suggest(q, v.Get("system"), limit)
		if err != nil {
			writeError(w, r, logger, "", searchProblem(r, err))
			return
		}
		encode(w, http.StatusOK, struct {
			Suggestions []rules.Suggestion `json:"suggestions"`
		}{got})
	})
}

// checkText rejects an empty, oversized or malformed query the way Search
// does.
func checkText(q string) error {
	if !utf8.ValidString(q) {
		return rules.ErrNotUTF8
	}
	if len([]rune(q)) > rules.MaxQueryLen {
		return rules.ErrLongQuery
	}
	for _, r := range q {
		if r != ' ' && r != '\t' {
			return nil
		}
	}
	return rules.ErrEmptyQuery
}

// handleRules answers GET /v1/rules?system=: every section's id, system and
// title, in rulebook order.
func handleRules(finder rules.Finder, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sections, err := finder.Sections(r.URL.Query().Get("system"))
		if err != nil {
			writeError(w, r, logger, "", searchProblem(r, err))
			return
		}
		out := struct {
			Rules []ruleSummary `json:"rules"`
		}{Rules: make([]ruleSummary, 0, len(sections))}
		for _, s := range sections {
			out.Rules = append(out.Rules, ruleSummary{ID: s.ID, System: s.System, Title: s.Title, HouseRule: s.HouseRule})
		}
		encode(w, http.StatusOK, out)
	})
}

// rule is a section as GET /v1/rules/{id} answers it: whole, with its
// system's localized name.
type rule struct {
	*rulesdata.Section
	SystemName map[string]string `json:"system_name,omitempty"`
}

// handleRule answers GET /v1/rules/{id}: one section, whole.
func handleRule(finder rules.Finder, reg *systems.Registry) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		s, ok := finder.Section(id)
		if !ok {
			writeProblem(w, r, statusProblem(http.StatusNotFound).localized(msgNoRule.New(l10n.Str("id", id))))
			return
		}
		encode(w, http.StatusOK, rule{s, systemName(reg, s.System)})
	})
}

// searchProblem turns a bad query into a 400 naming the parameter at fault,
// in the request's language; other errors pass through.
func searchProblem(r *http.Request, err error) error {
	var use *rules.UnknownSystemError
	switch {
	case errors.As(err, &use):
		return badRequest("system", "").localized(msgNoRulebook.New(l10n.Str("system", use.System)))
	case errors.Is(err, rules.ErrEmptyQuery):
		return badRequest("q", "").localized(msgQueryEmpty.New())
	case errors.Is(err, rules.ErrNotUTF8):
		return badRequest("q", "").localized(msgQueryNotUTF8.New())
	case errors.Is(err, rules.ErrLongQuery):
		return badRequest("q", "").localized(msgQueryLong.New(l10n.Int("max", rules.MaxQueryLen)))
	case errors.Is(err, rules.ErrBadLimit):
		return limitProblem(rules.MaxLimit)
	case errors.Is(err, rules.ErrUnknownLang):
		return langProblem(r.URL.Query().Get("lang"))
	}
	return err
}

// limitProblem is the 400 of a limit that is not a whole number from 1
// to most.
func limitProblem(most int) *Problem {
	return badRequest("limit", "").localized(msgLimit.New(l10n.Int("max", most)))
}

// rulesFinder returns cfg.Rules, or, when the process serves no rules, a
// finder that answers every lookup with a 404.
func (cfg Config) rulesFinder() rules.Finder {
	if cfg.Rules != nil {
		return cfg.Rules
	}
	return noRules{}
}

// noRules is the Finder of a process that serves no rules, such as the
// dice Lambda function.
type noRules struct{}

// errNoRules is the 404 of every lookup in a process that serves no rules.
func errNoRules() error { return statusProblem(http.StatusNotFound).localized(msgNoRules.New()) }

func (noRules) Search(context.Context, rules.Query) (*rules.Result, error) { return nil, errNoRules() }
func (noRules) Suggest(string, string, int) ([]rules.Suggestion, error)    { return nil, errNoRules() }
func (noRules) Section(string) (*rulesdata.Section, bool)                  { return nil, false }
func (noRules) Sections(string) ([]*rulesdata.Section, error)              { return nil, errNoRules() }
