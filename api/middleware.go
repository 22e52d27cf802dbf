package api

import (
	"log/slog"
	"net/http"

	"kostka"
	"kostka/internal/httpbase"
	"kostka/l10n"
	"kostka/web"
)

// withProblems answers requests that no route matches (404) or that use a
// method the route does not allow (405, with Allow) with a problem body
// instead of ServeMux's plain text.
func withProblems(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		if pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		// Let the mux decide between 404, 405 (and the Allow header)
		// and a redirect to the clean path, then restate its answer as a
		// problem.
		rec := &headerRecorder{header: http.Header{}}
		h.ServeHTTP(rec, r)
		allow := rec.header.Get("Allow")
		status := rec.status
		if loc := rec.header.Get("Location"); status >= 300 && status < 400 {
			if redirectsToRoute(mux, r, loc) {
				w.Header().Set("Location", loc)
				w.WriteHeader(status)
				return
			}
			// A path such as /v1/../x cleans to no route.
			status = http.StatusNotFound
		}
		// A mistyped page address (/kosci, /dice/) gets the page's own
		// localized "no such page"; the API's paths keep problem bodies.
		if status == http.StatusNotFound && web.IsPagePath(r) {
			web.NotFoundPage().ServeHTTP(w, r)
			return
		}
		p := kostka.StatusProblem(status)
		switch status {
		case http.StatusNotFound:
			p.Localized(msgNoRoute.New(l10n.Str("path", r.URL.Path)))
		case http.StatusMethodNotAllowed:
			w.Header().Set("Allow", allow)
			p.Localized(msgMethod.New(l10n.Str("method", r.Method), l10n.Str("allow", allow)))
		}
		writeProblem(w, r, p)
	})
}

// redirectsToRoute reports whether the mux's redirect of r to loc (a
// cleaned path, or one with a slash added) leads to a route.
func redirectsToRoute(mux *http.ServeMux, r *http.Request, loc string) bool {
	if loc == "" {
		return false
	}
	u, err := r.URL.Parse(loc)
	if err != nil || u.Host != "" && u.Host != r.Host {
		return false
	}
	to := r.Clone(r.Context())
	to.URL = u
	_, pattern := mux.Handler(to)
	return pattern != ""
}

// headerRecorder keeps the status and headers a handler writes and discards
// its body.
type headerRecorder struct {
	header http.Header
	status int
}

func (r *headerRecorder) Header() http.Header { return r.header }

func (r *headerRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *headerRecorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return len(b), nil
}

// withRecover turns a panic in a handler into a logged 500 with a problem
// body (see httpbase.Recover).
func withRecover(logger *slog.Logger, next http.Handler) http.Handler {
	return httpbase.Recover(logger, next, internalError)
}

// internalError answers a request whose handler panicked.
func internalError(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, r, &kostka.Problem{Type: kostka.TypeInternal, Title: "Internal error", Status: http.StatusInternalServerError})
}
