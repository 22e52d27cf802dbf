package api

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"kostka"
)

// handleSystems lists every game system.
func handleSystems(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, err := svc.Systems(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, struct {
			Systems []kostka.SystemSummary `json:"systems"`
		}{list})
	})
}

// handleSystem describes one game system: its names and every action's
// parameter schema with localized labels.
func handleSystem(svc *kostka.Local, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, err := svc.System(r.PathValue("id"))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, s)
	})
}

// handleSystemAction resolves one action of a game system: rolled, with
// every die, every step and the odds; or only the odds with ?mode=odds.
// ?seed= makes a roll reproducible.
func handleSystemAction(svc *kostka.Local, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := kostka.ActionRequest{System: r.PathValue("id"), Action: r.PathValue("action")}
		if _, err := svc.Action(req.System, req.Action); err != nil {
			writeError(w, r, logger, err)
			return
		}
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		req.Lang = lang
		var body json.RawMessage
		if err := decode(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		req.Fields = body
		q := r.URL.Query()
		req.Mode = kostka.Mode(q.Get("mode"))
		if err := kostka.CheckMode(req.Mode); err != nil {
			writeError(w, r, logger, err)
			return
		}
		if s := q.Get("seed"); s != "" && req.Mode != kostka.ModeOdds {
			seed, err := parseSeed(s)
			if err != nil {
				writeError(w, r, logger, err)
				return
			}
			req.Seed = &seed
		}
		out, err := svc.Act(r.Context(), req)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, out.Value())
	})
}
