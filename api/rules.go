package api

import (
	"log/slog"
	"net/http"
	"strconv"

	"kostka"
	"kostka/lookup"
)

// handleSearch answers GET /v1/search?q=&system=&lang=&limit=.
func handleSearch(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		q := lookup.Query{Text: v.Get("q"), System: v.Get("system"), Lang: v.Get("lang")}
		if s := v.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				writeError(w, r, logger, kostka.LimitProblem(lookup.MaxLimit))
				return
			}
			if n == 0 {
				n = -1 // an explicit 0 is out of range, not "the default"
			}
			q.Limit = n
		}
		res, err := svc.Search(r.Context(), q)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, res)
	})
}

// handleSuggest answers GET /v1/suggest?q=&system=&limit=: sections whose
// title or alias starts with what was typed, for as-you-type completion.
func handleSuggest(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		req := kostka.SuggestRequest{Text: v.Get("q"), System: v.Get("system")}
		if s := v.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				writeError(w, r, logger, kostka.LimitProblem(lookup.MaxSuggestions))
				return
			}
			req.Limit = n
		}
		got, err := svc.Suggest(r.Context(), req)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, struct {
			Suggestions []lookup.Suggestion `json:"suggestions"`
		}{got})
	})
}

// handleRules answers GET /v1/rules?system=: every section's id, system and
// title, in rulebook order.
func handleRules(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, err := svc.Rules(r.Context(), r.URL.Query().Get("system"))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, struct {
			Rules []kostka.RuleSummary `json:"rules"`
		}{list})
	})
}

// handleRule answers GET /v1/rules/{id}: one section, whole.
func handleRule(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rule, err := svc.Rule(r.Context(), r.PathValue("id"))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, rule)
	})
}
