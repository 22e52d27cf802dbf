package api

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"kostka/l10n"
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
		p := statusProblem(status)
		switch status {
		case http.StatusNotFound:
			p.localized(msgNoRoute.New(l10n.Str("path", r.URL.Path)))
		case http.StatusMethodNotAllowed:
			w.Header().Set("Allow", allow)
			p.localized(msgMethod.New(l10n.Str("method", r.Method), l10n.Str("allow", allow)))
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

// withCORS lets browser apps on any origin call the API. The API holds no
// cookies or credentials, so a wildcard origin is safe. Preflight requests
// are answered here.
func withCORS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Expose-Headers", "Content-Length, Allow, Retry-After")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Content-Type")
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// withSecurityHeaders marks every response as what its Content-Type says,
// so that no browser sniffs a JSON answer into a page.
func withSecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		next.ServeHTTP(w, r)
	})
}

// withRecover turns a panic in a handler into a logged 500 with a problem
// body, so one bad request cannot take the process down.
func withRecover(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			logger.ErrorContext(r.Context(), "panic serving request", "method", r.Method,
				"path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			writeProblem(w, r, &Problem{Type: typeInternal, Title: "Internal error", Status: http.StatusInternalServerError})
		}()
		next.ServeHTTP(w, r)
	})
}

// withLogging logs one line per request: method, path, status, duration.
func withLogging(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		logger.InfoContext(r.Context(), "request", "method", r.Method, "path", r.URL.Path,
			"status", sw.status, "duration_ms", float64(time.Since(start).Microseconds())/1000)
	})
}

// statusWriter records the status code a handler writes.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
