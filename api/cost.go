package api

import (
	"log/slog"
	"net/http"

	"kostka/systems/qualityd6/cost"
)

// handleCost answers POST /v1/systems/quality-d6/cost: a unit's points by
// the rulebook's cost formula, with a line per factor. It is not a roll,
// so it takes neither mode nor seed.
func handleCost(logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var u cost.Unit
		if err := decode(r, &u); err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		c, err := cost.Of(u)
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		encode(w, http.StatusOK, c)
	})
}
