package work

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestPool fills a pool of one slot and a queue of one: the next caller is
// busy at once, the queued one gets the slot when it is released, a caller
// whose context ends leaves the queue, and one that waits too long is busy.
func TestPool(t *testing.T) {
	p := New(1, 1, time.Minute)
	release, err := p.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() { got <- p.Do(context.Background(), func() {}) }()
	for p.Waiting() != 1 {
		time.Sleep(time.Millisecond)
	}
	if _, err := p.Acquire(context.Background()); !errors.Is(err, ErrBusy) {
		t.Errorf("with the queue full: %v, want ErrBusy", err)
	}
	release()
	if err := <-got; err != nil {
		t.Errorf("the queued caller: %v", err)
	}
	release, _ = p.Acquire(context.Background())
	defer release()
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("shutting down")
	cancel(cause)
	if _, err := p.Acquire(ctx); !errors.Is(err, cause) {
		t.Errorf("with its context ended: %v, want its cause", err)
	}
	short := New(1, 1, time.Millisecond)
	r, _ := short.Acquire(context.Background())
	defer r()
	if _, err := short.Acquire(context.Background()); !errors.Is(err, ErrBusy) {
		t.Errorf("after waiting too long: %v, want ErrBusy", err)
	}
}
