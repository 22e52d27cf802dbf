// Package work bounds the expensive work a process computes at once: one
// pool of slots (the cores) with a bounded queue of callers waiting for
// one, shared by the HTTP API and the Discord bot.
package work

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"time"
)

// Defaults of a pool.
const (
	// DefaultQueuePerSlot is how many callers may wait for each slot.
	DefaultQueuePerSlot = 32
	// DefaultWait is the longest a caller waits for a slot.
	DefaultWait = 2 * time.Second
)

// ErrBusy is a caller that found the pool and its queue full, or waited
// too long.
var ErrBusy = errors.New("busy")

// Pool bounds the expensive work running at once to a number of slots,
// and the callers waiting for one.
type Pool struct {
	slots      chan struct{}
	waiting    atomic.Int64
	maxWaiting int64
	maxWait    time.Duration
}

// New returns a pool of size slots (GOMAXPROCS when 0 or less) with room
// for queue waiting callers (DefaultQueuePerSlot a slot when 0 or less)
// that wait at most wait (DefaultWait when 0 or less).
func New(size, queue int, wait time.Duration) *Pool {
	if size <= 0 {
		size = runtime.GOMAXPROCS(0)
	}
	if queue <= 0 {
		queue = DefaultQueuePerSlot * size
	}
	if wait <= 0 {
		wait = DefaultWait
	}
	return &Pool{slots: make(chan struct{}, size), maxWaiting: int64(queue), maxWait: wait}
}

// Acquire takes a slot, waiting in the bounded queue if there is room;
// release gives it back. It fails with ErrBusy when the queue is full or
// the wait too long, and with ctx's cause when ctx ends first.
func (p *Pool) Acquire(ctx context.Context) (release func(), err error) {
	release = func() { <-p.slots }
	select {
	case p.slots <- struct{}{}:
		return release, nil
	default:
	}
	if p.waiting.Add(1) > p.maxWaiting {
		p.waiting.Add(-1)
		return nil, ErrBusy
	}
	defer p.waiting.Add(-1)
	timer := time.NewTimer(p.maxWait)
	defer timer.Stop()
	select {
	case p.slots <- struct{}{}:
		return release, nil
	case <-timer.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// Do runs f in a slot, or returns why it could not get one.
func (p *Pool) Do(ctx context.Context, f func()) error {
	release, err := p.Acquire(ctx)
	if err != nil {
		return err
	}
	defer release()
	f()
	return nil
}

// Waiting returns how many callers wait for a slot now.
func (p *Pool) Waiting() int { return int(p.waiting.Load()) }
