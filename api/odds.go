package api

import (
	"log/slog"
	"net/http"
)

// oddsRequest is the body of POST /v1/odds.
type oddsRequest struct {
	Expr string `json:"expr"`
}

// handleOdds answers the exact distribution of a dice expression's total,
// given as ?expr= (GET) or a JSON body (POST).
func handleOdds(logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		var req oddsRequest
		if r.Method == http.MethodPost {
			if err := decode(r, &req); err != nil {
				writeError(w, r, logger, "", err)
				return
			}
		} else {
			req.Expr = r.URL.Query().Get("expr")
		}
		expr, err := parseExpr(req.Expr)
		if err != nil {
			writeError(w, r, logger, "expr", err)
			return
		}
		odds, err := expr.Odds()
		if err != nil {
			writeError(w, r, logger, "expr", err)
			return
		}
		encodeLocalized(w, http.StatusOK, odds, lang)
	})
}
