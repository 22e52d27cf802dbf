package api

import (
	"kostka"
	"kostka/internal/httpbase"
	"kostka/internal/work"
	"kostka/web"
)

// addRoutes lists every route of the API: each an adapter of svc. cfg has
// its defaults filled in; expensive routes run in a slot of work.
func addRoutes(mux router, cfg Config, svc *kostka.Local, work *work.Pool) {
	logger := cfg.Logger
	mux.Handle("GET /healthz", httpbase.Healthz())
	mux.Handle("GET /openapi.json", handleOpenAPI())
	mux.Handle("GET /v1/roll", limited(work, logger, handleRoll(svc, logger)))
	mux.Handle("POST /v1/roll", limited(work, logger, handleRoll(svc, logger)))
	mux.Handle("GET /v1/odds", limited(work, logger, handleOdds(svc, logger)))
	mux.Handle("POST /v1/odds", limited(work, logger, handleOdds(svc, logger)))
	mux.Handle("GET /v1/systems", handleSystems(svc, logger))
	mux.Handle("GET /v1/systems/{id}", handleSystem(svc, logger))
	mux.Handle("POST /v1/systems/{id}/{action}", limited(work, logger, handleSystemAction(svc, logger)))
	mux.Handle("POST /v1/systems/quality-d6/cost", limited(work, logger, handleCost(svc, logger)))
	mux.Handle("POST /v1/systems/{id}/compare", limited(work, logger, handleCompare(svc, logger)))
	mux.Handle("GET /v1/systems/{id}/targets", handleTargets(svc, logger))
	mux.Handle("GET /v1/search", limited(work, logger, handleSearch(svc, logger)))
	mux.Handle("GET /v1/suggest", limited(work, logger, handleSuggest(svc, logger)))
	mux.Handle("GET /v1/rules", handleRules(svc, logger))
	mux.Handle("GET /v1/rules/{id}", handleRule(svc, logger))

	mux.Handle("POST /discord/interactions", discordOrNotFound(cfg.Discord))

	// The page for the table (package web); it calls the routes above.
	web.AddRoutes(mux)
	finder := svc.Finder()
	mux.Handle("GET /r/{id}", web.RulePage(func(id string) bool { _, ok := finder.Section(id); return ok }))
}
