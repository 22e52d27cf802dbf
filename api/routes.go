package api

import (
	"kostka/internal/httpbase"
	"kostka/web"
)

// addRoutes lists every route of the API. cfg has its defaults filled in;
// expensive routes run in a slot of work.
func addRoutes(mux router, cfg Config, work *pool) {
	logger := cfg.Logger
	mux.Handle("GET /healthz", httpbase.Healthz())
	mux.Handle("GET /openapi.json", handleOpenAPI())
	mux.Handle("GET /v1/roll", limited(work, logger, handleRoll(logger)))
	mux.Handle("POST /v1/roll", limited(work, logger, handleRoll(logger)))
	mux.Handle("GET /v1/odds", limited(work, logger, handleOdds(logger)))
	mux.Handle("POST /v1/odds", limited(work, logger, handleOdds(logger)))
	mux.Handle("GET /v1/systems", handleSystems(cfg.Systems))
	mux.Handle("GET /v1/systems/{id}", handleSystem(cfg.Systems, logger))
	mux.Handle("POST /v1/systems/{id}/{action}", limited(work, logger, handleSystemAction(cfg.Systems, logger)))
	mux.Handle("POST /v1/systems/quality-d6/cost", limited(work, logger, handleCost(cfg.Systems, logger)))
	finder := cfg.rulesFinder()
	mux.Handle("GET /v1/search", limited(work, logger, handleSearch(finder, cfg.Systems, logger)))
	mux.Handle("GET /v1/suggest", limited(work, logger, handleSuggest(finder, logger)))
	mux.Handle("GET /v1/rules", handleRules(finder, logger))
	mux.Handle("GET /v1/rules/{id}", handleRule(finder, cfg.Systems))

	mux.Handle("POST /discord/interactions", discordOrNotFound(cfg.Discord))

	// The page for the table (package web); it calls the routes above.
	web.AddRoutes(mux)
	mux.Handle("GET /r/{id}", web.RulePage(func(id string) bool { _, ok := finder.Section(id); return ok }))
}
