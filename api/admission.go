package api

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"sync/atomic"
	"time"

	"kostka"
	"kostka/l10n"
)

// ErrShuttingDown is the cause a server gives the contexts of its requests
// when it cancels them on shutdown (context.WithCancelCause). Work cut
// short by it is answered 503 with Retry-After.
var ErrShuttingDown = errors.New("the server is shutting down")

// Limits of the pool that runs expensive work (odds, attacks, rolls,
// search), when Config leaves them unset.
const (
	// defaultQueuePerSlot is how many requests may wait for each slot.
	defaultQueuePerSlot = 32
	// defaultQueueWait is the longest a request waits for a slot.
	defaultQueueWait = 2 * time.Second
	// retryAfter is the Retry-After of a 503, in seconds.
	retryAfter = 1
)

// errBusy is a request that found the pool and its queue full, or waited
// too long.
var errBusy = errors.New("busy")

// pool bounds the expensive work running at once to a number of slots
// (the cores), and the requests waiting for one.
type pool struct {
	slots      chan struct{}
	waiting    atomic.Int64
	maxWaiting int64
	maxWait    time.Duration
}

// newPool returns a pool of size slots (GOMAXPROCS when 0) with room for
// queue waiting requests (32 a slot when 0) that wait at most wait (2 s
// when 0).
func newPool(size, queue int, wait time.Duration) *pool {
	if size <= 0 {
		size = runtime.GOMAXPROCS(0)
	}
	if queue <= 0 {
		queue = defaultQueuePerSlot * size
	}
	if wait <= 0 {
		wait = defaultQueueWait
	}
	return &pool{slots: make(chan struct{}, size), maxWaiting: int64(queue), maxWait: wait}
}

// acquire takes a slot, waiting in the bounded queue if there is room.
// It fails with errBusy when the queue is full or the wait too long, and
// with ctx's error when ctx ends first.
func (p *pool) acquire(ctx context.Context) (release func(), err error) {
	release = func() { <-p.slots }
	select {
	case p.slots <- struct{}{}:
		return release, nil
	default:
	}
	if p.waiting.Add(1) > p.maxWaiting {
		p.waiting.Add(-1)
		return nil, errBusy
	}
	defer p.waiting.Add(-1)
	timer := time.NewTimer(p.maxWait)
	defer timer.Stop()
	select {
	case p.slots <- struct{}{}:
		return release, nil
	case <-timer.C:
		return nil, errBusy
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// limited runs next in a slot of p. The request body is read first, so
// that a slow client holds no slot. A request that cannot get one is
// answered 503 with Retry-After; a request whose client left while it
// waited is not served.
func limited(p *pool, logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBodyBytes))
			if err != nil {
				writeError(w, r, logger, readProblem(err))
				return
			}
			r.Body = newReadBody(body)
		}
		release, err := p.acquire(r.Context())
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
	case errors.Is(err, errBusy):
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
