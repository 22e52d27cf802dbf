package api

import (
	"log/slog"
	"net/http"

	"kostka"
	"kostka/systems/compare"
)

// handleCompare answers POST /v1/systems/{id}/compare: every attacker
// against every target, each pair by the system's attack action, exact
// odds only (package systems/compare). A comparison over the budget is
// refused before any work.
func handleCompare(svc kostka.Service, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		req := kostka.CompareRequest{System: r.PathValue("id"), Lang: lang}
		if err := decode(r, &req.Compare); err != nil {
			writeError(w, r, logger, err)
			return
		}
		res, err := svc.Compare(r.Context(), req)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		encode(w, http.StatusOK, res)
	})
}

// handleTargets answers GET /v1/systems/{id}/targets: the preset targets
// a comparison takes by id, each citing its rulebook section.
func handleTargets(svc *kostka.Local, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, err := svc.System(r.PathValue("id"))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		list := compare.Presets[s.ID]
		if list == nil {
			list = []compare.Preset{}
		}
		encode(w, http.StatusOK, list)
	})
}
