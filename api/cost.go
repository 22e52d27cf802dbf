package api

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"kostka"
)

// handleCost answers POST /v1/systems/quality-d6/cost: a unit's points by
// the rulebook's cost formula (the system's systems.Pricer), with a line
// per factor. It is not a roll, so it takes neither mode nor seed.
func handleCost(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		var body json.RawMessage
		if err := decode(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		priced, err := svc.Price(r.Context(), kostka.PriceRequest{System: "quality-d6", Lang: lang, Unit: body})
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, priced)
	})
}
