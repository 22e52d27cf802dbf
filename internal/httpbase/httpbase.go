// Package httpbase is the HTTP behaviour every Kostka handler shares: any
// origin may call it, every response is marked as what its Content-Type
// says, a panic becomes a logged 500, every request is logged in one line,
// and GET /healthz answers that the process is up. The API (package api)
// and the page served alone (web.Handler, the web Lambda function) both
// wrap their routes with it.
package httpbase

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"
)

// Wrap returns h with every shared behaviour: CORS, nosniff, panics
// recovered (answered by fail) and a log line per request.
func Wrap(logger *slog.Logger, h http.Handler, fail func(http.ResponseWriter, *http.Request)) http.Handler {
	h = CORS(h)
	h = NoSniff(h)
	h = Recover(logger, h, fail)
	return Log(logger, h)
}

// CORS lets browser apps on any origin call the handler. Kostka holds no
// cookies or credentials, so a wildcard origin is safe. Preflight requests
// are answered here.
func CORS(next http.Handler) http.Handler {
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

// NoSniff marks every response as what its Content-Type says, so that no
// browser sniffs a JSON answer into a page.
func NoSniff(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		next.ServeHTTP(w, r)
	})
}

// Recover turns a panic in a handler into a logged error, and answers the
// request with fail (a 500), so one bad request cannot take the process
// down. http.ErrAbortHandler is passed on, as net/http expects.
func Recover(logger *slog.Logger, next http.Handler, fail func(http.ResponseWriter, *http.Request)) http.Handler {
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
			fail(w, r)
		}()
		next.ServeHTTP(w, r)
	})
}

// Log logs one line per request: method, path, status, duration.
func Log(logger *slog.Logger, next http.Handler) http.Handler {
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

// healthBody is the health check's answer.
const healthBody = `{"status":"ok"}` + "\n"

// Healthz answers that the process is up: 200, {"status":"ok"}.
func Healthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(healthBody)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(healthBody))
	})
}
