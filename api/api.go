// Package api is Kostka's HTTP API: dice rolls, rules search and game-system
// resolution as JSON over HTTP. The same handler serves the local server
// (kostka serve) and every AWS Lambda function.
//
// Errors are RFC 9457 problem details (application/problem+json). Every
// route allows cross-origin calls. GET /openapi.json describes every route.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"kostka"
	"kostka/internal/httpbase"
	"kostka/internal/work"
	"kostka/lookup"
	"kostka/systems"
	"kostka/systems/catalog"
)

// Config holds what the API's handlers depend on.
type Config struct {
	// Logger receives one line per request and every server-side error.
	// Nil discards logs.
	Logger *slog.Logger
	// Systems are the game systems served under /v1/systems/{id}. Nil
	// means every system (systems/catalog).
	Systems *systems.Registry
	// Rules finds rulebook sections (package search implements it). Nil
	// means this process serves no rules: the rules routes answer 404, and
	// the binary does not link the search engine.
	Rules lookup.Finder
	// Discord answers Discord's HTTP interactions at POST
	// /discord/interactions (package bot). Nil means this process does not
	// serve them: the route answers 404.
	Discord http.Handler

	// MaxConcurrent bounds the expensive requests (rolls, odds, game-system
	// actions, costs, search and suggestions) computed at once; 0 means
	// GOMAXPROCS, one a core. MaxQueued bounds the requests waiting for
	// one of them (0: 32 a slot), and QueueWait how long each waits (0:
	// 2 s); beyond either the API answers 503 with Retry-After. Cheap
	// routes (/healthz, the page, the rules) are not limited.
	MaxConcurrent int
	MaxQueued     int
	QueueWait     time.Duration
}

// NewHandler returns the API as an http.Handler.
func NewHandler(cfg Config) http.Handler {
	return newHandler(cfg, newPool(cfg.MaxConcurrent, cfg.MaxQueued, cfg.QueueWait))
}

// newHandler is NewHandler with its pool of expensive work given.
func newHandler(cfg Config, work *work.Pool) http.Handler {
	cfg = cfg.withDefaults()
	mux := http.NewServeMux()
	addRoutes(mux, cfg, cfg.service(), work)
	return httpbase.Wrap(cfg.Logger, withProblems(mux), internalError)
}

// withDefaults fills in what cfg leaves unset.
func (cfg Config) withDefaults() Config {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Systems == nil {
		cfg.Systems = catalog.Registry()
	}
	return cfg
}

// Patterns returns the ServeMux pattern of every route, such as
// "GET /v1/roll", in the order routes.go lists them.
func Patterns() []string {
	var rec patternRecorder
	cfg := Config{Discord: http.NotFoundHandler()}.withDefaults()
	addRoutes(&rec, cfg, cfg.service(), newPool(1, 1, time.Second))
	return rec
}

// service is the Service the API adapts.
func (cfg Config) service() *kostka.Local {
	return kostka.New(kostka.Config{Systems: cfg.Systems, Rules: cfg.Rules})
}

// router is the part of *http.ServeMux that addRoutes uses.
type router interface {
	Handle(pattern string, handler http.Handler)
}

// patternRecorder is a router that only records patterns.
type patternRecorder []string

func (p *patternRecorder) Handle(pattern string, _ http.Handler) { *p = append(*p, pattern) }
