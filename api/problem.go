package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"kostka"
	"kostka/l10n"
)

// writeProblem writes p as the response, its title, detail and label in
// the request's language.
func writeProblem(w http.ResponseWriter, r *http.Request, p *kostka.Problem) {
	p.In(requestLang(r)).Write(w) // a problem may be shared: In renders a copy
}

// writeError turns err into a problem response. Errors the client cannot
// have caused are logged and answered with a 500 that reveals nothing of
// them.
func writeError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	var (
		p      *kostka.Problem
		tooBig *http.MaxBytesError
	)
	switch {
	case errors.As(err, &p):
	case errors.As(err, &tooBig):
		p = (&kostka.Problem{Type: kostka.TypeTooLarge, Title: "Request body too large", Status: http.StatusRequestEntityTooLarge}).
			Localized(msgBodyTooLarge.New(l10n.Int("size", int(tooBig.Limit>>10))))
	case isCancellation(err):
		p = unavailable(context.Cause(r.Context()))
	default:
		logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "error", err)
		p = &kostka.Problem{Type: kostka.TypeInternal, Title: "Internal error", Status: http.StatusInternalServerError}
	}
	writeProblem(w, r, p)
}
