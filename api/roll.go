package api

import (
	"log/slog"
	"net/http"
	"strconv"

	"kostka/dice"
	"kostka/l10n"
)

// rollRequest is the body of POST /v1/roll.
type rollRequest struct {
	Expr string `json:"expr"`
	// Seed, when set, makes the roll reproducible.
	Seed *uint64 `json:"seed"`
}

// rollResponse is the answer of /v1/roll: one roll with its tree and
// total, or for a repeated expression ("6x 4d6kh3") the separate results,
// with no total of their sum.
type rollResponse struct {
	Expr     string         `json:"expr"`
	Total    *int           `json:"total,omitempty"`
	Tree     *dice.Node     `json:"tree,omitempty"`
	Text     string         `json:"text"`
	Markdown string         `json:"markdown"`
	Comment  string         `json:"comment,omitempty"`
	Notes    []l10n.Message `json:"notes,omitempty"`
	Results  []rollResponse `json:"results,omitempty"`
	Seed     *uint64        `json:"seed,omitempty"`
}

// newRollResponse is the answer for a roll's result.
func newRollResponse(r dice.Result) rollResponse {
	out := rollResponse{Expr: r.Expr, Tree: r.Tree(), Text: r.Text(), Markdown: r.Markdown(), Comment: r.Comment, Notes: r.Notes}
	if len(r.Results) == 0 {
		out.Total = &r.Total
	}
	for _, x := range r.Results {
		out.Results = append(out.Results, newRollResponse(x))
	}
	return out
}

// handleRoll rolls a dice expression given as ?expr= (GET) or as a JSON
// body (POST).
func handleRoll(logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang, ok := answerLang(w, r, logger)
		if !ok {
			return
		}
		req, err := readRollRequest(r)
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		expr, err := parseExpr(req.Expr)
		if err != nil {
			writeError(w, r, logger, "expr", err)
			return
		}
		src := dice.CryptoSource()
		if req.Seed != nil {
			src = dice.NewSeededSource(*req.Seed)
		}
		res := newRollResponse(expr.Roll(src))
		res.Seed = req.Seed
		encodeLocalized(w, http.StatusOK, res, lang)
	})
}

// parseExpr parses the expr field of a dice request, which is required.
func parseExpr(s string) (*dice.Expr, error) {
	if s == "" {
		return nil, badRequest("expr", "").localized(msgExprRequired.New())
	}
	return dice.Parse(s)
}

// readRollRequest reads a roll request from the query (GET) or the body
// (POST).
func readRollRequest(r *http.Request) (rollRequest, error) {
	var req rollRequest
	if r.Method == http.MethodPost {
		err := decode(r, &req)
		return req, err
	}
	q := r.URL.Query()
	req.Expr = q.Get("expr")
	if s := q.Get("seed"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return req, badRequest("seed", "").localized(msgSeed.New())
		}
		req.Seed = &seed
	}
	return req, nil
}
