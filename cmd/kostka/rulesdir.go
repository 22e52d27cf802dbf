package main

import (
	"context"
	"fmt"

	"kostka/search"
)

// loadRulesCtx is loadRules that gives up when ctx ends (SIGTERM during
// start-up).
func loadRulesCtx(ctx context.Context, r rulesFlags) (*search.Index, error) {
	type loaded struct {
		ix  *search.Index
		err error
	}
	done := make(chan loaded, 1)
	go func() {
		ix, err := loadRules(r)
		done <- loaded{ix, err}
	}()
	select {
	case l := <-done:
		return l.ix, l.err
	case <-ctx.Done():
		return nil, fmt.Errorf("stopped while loading the rulebooks: %w", context.Cause(ctx))
	}
}
