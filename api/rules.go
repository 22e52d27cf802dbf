package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	"kostka/rulesdata"
	"kostka/search"
)

// ruleSummary is a section as GET /v1/rules lists it.
type ruleSummary struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Title  string `json:"title"`
}

// handleSearch answers GET /v1/search?q=&system=&lang=&limit=.
func handleSearch(rules func() *search.Index, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ix := rules()
		v := r.URL.Query()
		q := search.Query{Text: v.Get("q"), System: v.Get("system"), Lang: v.Get("lang")}
		if s := v.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				writeProblem(w, badRequest("limit", "limit must be a whole number from 1 to "+strconv.Itoa(search.MaxLimit)))
				return
			}
			if n == 0 {
				n = -1 // an explicit 0 is out of range, not "the default"
			}
			q.Limit = n
		}
		res, err := ix.Search(r.Context(), q)
		if err != nil {
			writeError(w, r, logger, "", searchProblem(err))
			return
		}
		encode(w, http.StatusOK, res)
	})
}

// handleSuggest answers GET /v1/suggest?q=&system=&limit=: sections whose
// title or alias starts with what was typed, for as-you-type completion.
func handleSuggest(rules func() *search.Index, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ix := rules()
		v := r.URL.Query()
		limit := 0
		if s := v.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > search.MaxSuggestions {
				writeProblem(w, badRequest("limit", "limit must be a whole number from 1 to "+strconv.Itoa(search.MaxSuggestions)))
				return
			}
			limit = n
		}
		q := v.Get("q")
		if err := checkText(q); err != nil {
			writeError(w, r, logger, "", searchProblem(err))
			return
		}
		got, err := ix.Suggest(q, v.Get("system"), limit)
		if err != nil {
			writeError(w, r, logger, "", searchProblem(err))
			return
		}
		encode(w, http.StatusOK, struct {
			Suggestions []search.Suggestion `json:"suggestions"`
		}{got})
	})
}

// checkText rejects an empty or oversized query the way Search does.
func checkText(q string) error {
	if len([]rune(q)) > search.MaxQueryLen {
		return search.ErrLongQuery
	}
	for _, r := range q {
		if r != ' ' && r != '\t' {
			return nil
		}
	}
	return search.ErrEmptyQuery
}

// handleRules answers GET /v1/rules?system=: every section's id, system and
// title, in rulebook order.
func handleRules(rules func() *search.Index, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ix := rules()
		sections, err := ix.Sections(r.URL.Query().Get("system"))
		if err != nil {
			writeError(w, r, logger, "", searchProblem(err))
			return
		}
		out := struct {
			Rules []ruleSummary `json:"rules"`
		}{Rules: make([]ruleSummary, 0, len(sections))}
		for _, s := range sections {
			out.Rules = append(out.Rules, ruleSummary{ID: s.ID, System: s.System, Title: s.Title})
		}
		encode(w, http.StatusOK, out)
	})
}

// handleRule answers GET /v1/rules/{id}: one section, whole.
func handleRule(rules func() *search.Index) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ix := rules()
		id := r.PathValue("id")
		s, ok := ix.Section(id)
		if !ok {
			p := statusProblem(http.StatusNotFound)
			p.Detail = "there is no rule with id " + strconv.Quote(id) + "; GET /v1/rules lists them, GET /v1/search finds them"
			writeProblem(w, p)
			return
		}
		encode(w, http.StatusOK, s)
	})
}

// searchProblem turns a bad query into a 400 naming the parameter at fault;
// other errors pass through.
func searchProblem(err error) error {
	var use *search.UnknownSystemError
	switch {
	case errors.As(err, &use):
		return badRequest("system", use.Error())
	case errors.Is(err, search.ErrEmptyQuery), errors.Is(err, search.ErrLongQuery):
		return badRequest("q", err.Error())
	case errors.Is(err, search.ErrBadLimit):
		return badRequest("limit", err.Error())
	case errors.Is(err, search.ErrUnknownLang):
		return badRequest("lang", err.Error())
	}
	return err
}

// rulesIndex returns the rules index of cfg: cfg.Rules, or the embedded
// rulebooks' index, made on first use.
func (cfg Config) rulesIndex() func() *search.Index {
	if ix := cfg.Rules; ix != nil {
		return func() *search.Index { return ix }
	}
	return embeddedRules
}

// embeddedRules is the index of the embedded rulebooks, shared by every
// handler of the process.
var embeddedRules = sync.OnceValue(func() *search.Index { return search.New(rulesdata.Embedded()) })
