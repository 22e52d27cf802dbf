// Command discord is the Lambda function for Discord's HTTP interactions
// (POST /discord/interactions): slash commands answered in-process. The
// rulebooks and their prebuilt index are loaded in the background from the
// start, so an interaction that needs no rules (Discord's PING, /roll)
// never waits for them, and one that does waits only for what is left.
// Saved units live in the DynamoDB table named by KOSTKA_UNITS_TABLE.
// KOSTKA_RULES_DIR adds a directory of house rules; it is read during
// initialization, which fails if the directory cannot be read.
package main

import (
	"context"
	"log/slog"
	"os"

	"kostka/internal/rulesenv"
	"kostka/lambdahttp"
	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/units"
	"kostka/units/dynamostore"
	"kostka/wire"
)

func main() {
	logger := lambdahttp.Logger()
	finder := &backgroundRules{ready: make(chan struct{}), read: rulesdata.Embedded}
	if os.Getenv(rulesenv.EnvDir) != "" || os.Getenv(rulesenv.EnvOnly) != "" {
		books, err := rulesenv.Rulebooks(os.Getenv)
		if err != nil {
			logger.Error("reading the rulebooks", "error", err)
			os.Exit(1)
		}
		finder.read = func() []*rulesdata.Book { return books }
	}
	var store units.Store
	if table := os.Getenv(dynamostore.EnvTable); table != "" {
		s, err := dynamostore.Open(table, os.Getenv)
		if err != nil {
			logger.Error("opening the units table", "error", err)
			os.Exit(1)
		}
		store = s
	}
	h, err := wire.Handler(logger, finder, os.Getenv, store)
	if err != nil {
		logger.Error("starting", "error", err)
		os.Exit(1)
	}
	// Started last, so it does not slow the building of the handler.
	go finder.load(logger)
	lambdahttp.Start(h)
}

// backgroundRules is a lookup.Finder over the rulebooks that are
// still being loaded: each call waits until the rulebooks are read, and a
// search also until the index is open (search.Index opens it once, however
// many calls wait for it).
type backgroundRules struct {
	ready chan struct{}            // closed once ix is set
	read  func() []*rulesdata.Book // the rulebooks
	ix    *search.Index
}

// load reads the rulebooks, lets the calls waiting for them go on, and
// opens the index. It runs once, in its own goroutine.
func (r *backgroundRules) load(logger *slog.Logger) {
	r.ix = search.New(r.read())
	close(r.ready)
	if err := r.ix.Warm(); err != nil {
		logger.Error("opening the rules index", "error", err)
	}
}

// Search implements lookup.Finder.
func (r *backgroundRules) Search(ctx context.Context, q lookup.Query) (*lookup.Result, error) {
	select {
	case <-r.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return r.ix.Search(ctx, q)
}

// Suggest implements lookup.Finder.
func (r *backgroundRules) Suggest(typed, system string, limit int) ([]lookup.Suggestion, error) {
	<-r.ready
	return r.ix.Suggest(typed, system, limit)
}

// Section implements lookup.Finder.
func (r *backgroundRules) Section(id string) (*rulesdata.Section, bool) {
	<-r.ready
	return r.ix.Section(id)
}

// Sections implements lookup.Finder.
func (r *backgroundRules) Sections(system string) ([]*rulesdata.Section, error) {
	<-r.ready
	return r.ix.Sections(system)
}
