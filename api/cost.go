package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"kostka/systems"
)

// handleCost answers POST /v1/systems/quality-d6/cost: a unit's points by
// the rulebook's cost formula (the system's systems.Pricer), with a line
// per factor. It is not a roll, so it takes neither mode nor seed.
func handleCost(reg *systems.Registry, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		s, ok := reg.Get("quality-d6")
		if !ok || s.Pricer == nil {
			writeError(w, r, logger, "", statusProblem(http.StatusNotFound))
			return
		}
		var body json.RawMessage
		if err := decode(r, &body); err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		c, err := s.Pricer.Price(r.Context(), body)
		var (
			fe *systems.FieldError
			de *systems.DecodeError
		)
		switch {
		case errors.As(err, &fe):
			writeProblem(w, r, fieldProblem(fe, nil, lang))
			return
		case errors.As(err, &de):
			writeError(w, r, logger, "", jsonProblem(de.Err))
			return
		case err != nil:
			writeError(w, r, logger, "", err)
			return
		}
		encodeLocalized(w, http.StatusOK, c, lang)
	})
}
