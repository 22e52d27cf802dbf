package api

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"kostka"
	"kostka/internal/work"
	"kostka/l10n"
)

// ErrShuttingDown is the cause a server gives the contexts of its requests
// when it cancels them on shutdown (context.WithCancelCause). Work cut
// short by it is answered 503 with Retry-After.
var ErrShuttingDown = errors.New("the server is shutting down")

// retryAfter is the Retry-After of a 503, in seconds.
const retryAfter = 1

// newPool is the pool of expensive work of a Config's MaxConcurrent,
// MaxQueued and QueueWait.
func newPool(size, queue int, wait time.Duration) *work.Pool { return work.New(size, queue, wait) }

// limited runs next in a slot of p. The request body is read first, so
// that a slow client holds no slot. A request that cannot get one is
// answered 503 with Retry-After; a request whose client left while it
// waited is not served.
func limited(p *work.Pool, logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBodyBytes))
			if err != nil {
				writeError(w, r, logger, readProblem(err))
				return
			}
			r.Body = newReadBody(body)
		}
		release, err := p.Acquire(r.Context())
		if err != nil {
			writeProblem(w, r, unavailable(err))
			return
		}
		defer release()
		if err := r.Context().Err(); err != nil {
			writeProblem(w, r, unavailable(context.Cause(r.Context())))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// unavailable is the 503 for work that could not run or was cut short:
// the pool was full, the server is shutting down, or the request's time
// ran out. (When the client left, nobody reads it.)
func unavailable(err error) *kostka.Problem {
	p := &kostka.Problem{Type: kostka.TypeUnavailable, Title: "Service unavailable", Status: http.StatusServiceUnavailable, RetryAfter: retryAfter}
	switch {
	case errors.Is(err, work.ErrBusy):
		return p.Localized(msgBusy.New(l10n.Int("seconds", retryAfter)))
	case errors.Is(err, ErrShuttingDown):
		return p.Localized(msgShuttingDown.New(l10n.Int("seconds", retryAfter)))
	case errors.Is(err, context.DeadlineExceeded):
		return p.Localized(msgOutOfTime.New())
	}
	return p.Localized(msgCancelled.New())
}

// isCancellation reports whether err is the end of the request's context:
// its client left, its time ran out, or the server is shutting down.
func isCancellation(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrShuttingDown)
}
