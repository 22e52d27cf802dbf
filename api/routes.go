package api

// addRoutes lists every route of the API. cfg has its defaults filled in.
func addRoutes(mux router, cfg Config) {
	logger := cfg.Logger
	mux.Handle("GET /healthz", handleHealthz())
	mux.Handle("GET /openapi.json", handleOpenAPI(logger))
	mux.Handle("GET /v1/roll", handleRoll(logger))
	mux.Handle("POST /v1/roll", handleRoll(logger))
}
