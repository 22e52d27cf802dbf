package api

import (
	"errors"
	"log/slog"
	"net/http"

	"kostka/systems"
	"kostka/systems/qualityd6/cost"
)

// handleCost answers POST /v1/systems/quality-d6/cost: a unit's points by
// the rulebook's cost formula, with a line per factor. It is not a roll,
// so it takes neither mode nor seed.
func handleCost(logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		var u cost.Unit
		if err := decode(r, &u); err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		c, err := cost.Of(u)
		var fe *systems.FieldError
		if errors.As(err, &fe) {
			writeProblem(w, r, fieldProblem(fe, nil, lang))
			return
		}
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		encodeLocalized(w, http.StatusOK, c, lang)
	})
}
