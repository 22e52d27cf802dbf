package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// systemSummary is a system as GET /v1/systems lists it.
type systemSummary struct {
	ID          string            `json:"id"`
	Name        systems.Localized `json:"name"`
	Language    string            `json:"language"`
	Dice        string            `json:"dice"`
	Description systems.Localized `json:"description"`
	Actions     []string          `json:"actions"`
}

// handleSystems lists every game system.
func handleSystems(reg *systems.Registry) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		out := struct {
			Systems []systemSummary `json:"systems"`
		}{Systems: []systemSummary{}}
		for _, id := range reg.IDs() {
			s, _ := reg.Get(id)
			out.Systems = append(out.Systems, systemSummary{ID: s.ID, Name: s.Name, Language: s.Language,
				Dice: s.Dice, Description: s.Description, Actions: s.ActionNames()})
		}
		encode(w, http.StatusOK, out)
	})
}

// handleSystem describes one game system: its names and every action's
// parameter schema with localized labels.
func handleSystem(reg *systems.Registry, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, err := lookupSystem(reg, r.PathValue("id"))
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		encode(w, http.StatusOK, s)
	})
}

// handleSystemAction resolves one action of a game system: rolled, with
// every die, every step and the odds; or only the odds with ?mode=odds.
// ?seed= makes a roll reproducible.
func handleSystemAction(reg *systems.Registry, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, err := lookupSystem(reg, r.PathValue("id"))
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		action, ok := s.Actions[r.PathValue("action")]
		if !ok {
			p := statusProblem(http.StatusNotFound).localized(msgNoAction.New(l10n.Str("system", s.ID),
				l10n.Str("action", r.PathValue("action")), l10n.Str("list", strings.Join(s.ActionNames(), ", "))))
			writeProblem(w, r, p)
			return
		}
		q := r.URL.Query()
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		var body json.RawMessage
		if err := decode(r, &body); err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		var out any
		switch mode := q.Get("mode"); mode {
		case "", "roll":
			src := dice.CryptoSource()
			if seed := q.Get("seed"); seed != "" {
				n, err := strconv.ParseUint(seed, 10, 64)
				if err != nil {
					writeError(w, r, logger, "", badRequest("seed", "").localized(msgSeed.New()))
					return
				}
				src = dice.NewSeededSource(n)
			}
			out, err = action.Roll(r.Context(), body, src)
		case "odds":
			var odds systems.Odds
			odds, err = action.Odds(r.Context(), body)
			out = struct {
				Odds systems.Odds `json:"odds"`
			}{odds}
		default:
			writeError(w, r, logger, "", badRequest("mode", "").localized(msgMode.New(l10n.Str("mode", mode))))
			return
		}
		var fe *systems.FieldError
		if errors.As(err, &fe) {
			writeProblem(w, r, fieldProblem(fe, action, lang))
			return
		}
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		// Every message is rendered here, at the boundary, in one place
		// (answerLang has set Content-Language).
		encodeLocalized(w, http.StatusOK, out, lang)
	})
}

// fieldProblem is the 422 of a refused request field: the field as the
// request spells it, its label from the action's schema and the detail,
// both in lang.
func fieldProblem(fe *systems.FieldError, action *systems.Action, lang l10n.Lang) *Problem {
	p := unprocessable(fe.Field, "").localized(fe.Detail)
	if action != nil {
		p.Label = action.Label(fe.Field, lang)
	}
	return p
}

func lookupSystem(reg *systems.Registry, id string) (*systems.System, error) {
	s, ok := reg.Get(id)
	if !ok {
		return nil, statusProblem(http.StatusNotFound).localized(msgNoSystem.New(l10n.Str("id", id), l10n.Str("list", strings.Join(reg.IDs(), ", "))))
	}
	return s, nil
}
