package api

import (
	"log/slog"
	"net/http"
	"strconv"

	"kostka"
)

// handleRoll rolls a dice expression given as ?expr= (GET) or as a JSON
// body (POST).
func handleRoll(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		req, err := readRollRequest(r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		req.Lang = lang
		res, err := svc.Roll(r.Context(), req)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, res)
	})
}

// readRollRequest reads a roll request from the query (GET) or the body
// (POST).
func readRollRequest(r *http.Request) (kostka.RollRequest, error) {
	var req kostka.RollRequest
	if r.Method == http.MethodPost {
		err := decode(r, &req)
		return req, err
	}
	q := r.URL.Query()
	req.Expr = q.Get("expr")
	if s := q.Get("seed"); s != "" {
		seed, err := parseSeed(s)
		if err != nil {
			return req, err
		}
		req.Seed = &seed
	}
	return req, nil
}

// parseSeed reads a seed parameter.
func parseSeed(s string) (uint64, error) {
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, kostka.BadRequest("seed").Localized(msgSeed.New())
	}
	return seed, nil
}
