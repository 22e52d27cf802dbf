package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Problem is an RFC 9457 problem details body, sent as
// application/problem+json with every error response.
type Problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
	// Field names the request field or query parameter that is wrong.
	Field string `json:"field,omitempty"`
	// Label is the field's label in the answer's language, when its
	// schema gives one.
	Label string `json:"label,omitempty"`
	// Position is the 1-based character position of a syntax error.
	Position int `json:"position,omitempty"`

	// retryAfter, in seconds, is sent as the Retry-After header when
	// not 0.
	retryAfter int
	// detail is Detail in every language, when it is a message.
	detail l10n.Message
}

// Problem types. Each is a URN naming one kind of error.
const (
	typeBlank          = "about:blank"
	typeInvalidRequest = "urn:kostka:problem:invalid-request"
	typeInvalidExpr    = "urn:kostka:problem:invalid-expression"
	typeLimit          = "urn:kostka:problem:limit-exceeded"
	typeTooLarge       = "urn:kostka:problem:body-too-large"
	typeTimeout        = "urn:kostka:problem:request-timeout"
	typeUnavailable    = "urn:kostka:problem:unavailable"
	typeInternal       = "urn:kostka:problem:internal"
)

// Error returns the problem as an error message.
func (p *Problem) Error() string {
	if p.Detail != "" {
		return p.Title + ": " + p.Detail
	}
	return p.Title
}

// langProblem is the 400 of a lang parameter that is no language Kostka
// answers in.
func langProblem(lang string) *Problem {
	return badRequest("lang", "").localized(msgLang.New(l10n.Str("lang", lang)))
}

// badRequest is a 400 about one field or query parameter.
func badRequest(field, detail string) *Problem {
	return &Problem{Type: typeInvalidRequest, Title: "Invalid request", Status: http.StatusBadRequest, Field: field, Detail: detail}
}

// unprocessable is a 422: the request is well formed but a value is not
// acceptable.
func unprocessable(field, detail string) *Problem {
	return &Problem{Type: typeInvalidRequest, Title: "Unprocessable request", Status: http.StatusUnprocessableEntity, Field: field, Detail: detail}
}

// statusProblem is a problem that says no more than its HTTP status.
func statusProblem(status int) *Problem {
	return &Problem{Type: typeBlank, Title: http.StatusText(status), Status: status}
}

// writeProblem writes p as the response, its title and detail in the
// request's language.
func writeProblem(w http.ResponseWriter, r *http.Request, p *Problem) {
	p = new(*p) // a problem may be shared; render a copy
	p.in(requestLang(r))
	if p.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.retryAfter))
	}
	writeJSON(w, "application/problem+json", p.Status, p)
}

// writeError turns err into a problem response. field names the input the
// error is about, when there is one. Errors the client cannot have caused
// are logged and answered with a 500 that reveals nothing of them.
func writeError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, field string, err error) {
	var (
		p      *Problem
		syntax *dice.SyntaxError
		tooBig *http.MaxBytesError
		fe     *systems.FieldError
	)
	switch {
	case errors.As(err, &p):
	case errors.As(err, &fe):
		p = fieldProblem(fe, nil, requestLang(r))
	case errors.As(err, &syntax):
		p = &Problem{Type: typeInvalidExpr, Title: "Invalid dice expression", Status: http.StatusBadRequest,
			Field: field, Position: syntax.Pos}
		diceDetail(p, r, err)
	case errors.Is(err, dice.ErrUnsupported):
		p = &Problem{Type: typeLimit, Title: "Not supported", Status: http.StatusUnprocessableEntity, Field: field}
		diceDetail(p, r, err)
	case errors.Is(err, dice.ErrLimit):
		p = &Problem{Type: typeLimit, Title: "Limit exceeded", Status: http.StatusUnprocessableEntity, Field: field}
		diceDetail(p, r, err)
	case errors.As(err, &tooBig):
		p = (&Problem{Type: typeTooLarge, Title: "Request body too large", Status: http.StatusRequestEntityTooLarge}).
			localized(msgBodyTooLarge.New(l10n.Int("size", int(tooBig.Limit>>10))))
	case isCancellation(err):
		p = unavailable(context.Cause(r.Context()))
	default:
		logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "error", err)
		p = &Problem{Type: typeInternal, Title: "Internal error", Status: http.StatusInternalServerError}
	}
	writeProblem(w, r, p)
}

// exprLabel is the label of the field a dice expression comes in.
var exprLabel = l10n.Define("api.field.expr", l10n.Texts{En: "Dice expression", Pl: "Wyrażenie z kośćmi", Cs: "Výraz s kostkami"})

// diceDetail sets the detail of a problem with a dice expression, and
// the label of its field, in the request's language (?lang=, else
// Accept-Language, else English). A limit that is not the expression's
// own (a wrapped ErrLimit without a dice message) keeps its text.
func diceDetail(p *Problem, r *http.Request, err error) {
	lang := requestLang(r)
	m, ok := dice.Message(err)
	if !ok {
		p.Detail = err.Error()
		return
	}
	p.Detail = m.In(lang)
	if p.Field == "expr" {
		p.Label = exprLabel.New().In(lang)
	}
}
