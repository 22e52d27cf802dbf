package api

import (
	"log/slog"
	"net/http"

	"kostka"
)

// handleOdds answers the exact distribution of a dice expression's total,
// given as ?expr= (GET) or a JSON body (POST).
func handleOdds(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		var req kostka.OddsRequest
		if r.Method == http.MethodPost {
			if err := decode(r, &req); err != nil {
				writeError(w, r, logger, err)
				return
			}
		} else {
			req.Expr = r.URL.Query().Get("expr")
		}
		req.Lang = lang
		odds, err := svc.Odds(r.Context(), req)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, odds)
	})
}
