package api

import "log/slog"

// addRoutes lists every route of the API.
func addRoutes(mux router, logger *slog.Logger) {
	mux.Handle("GET /healthz", handleHealthz())
	mux.Handle("GET /openapi.json", handleOpenAPI(logger))
	mux.Handle("GET /v1/roll", handleRoll(logger))
	mux.Handle("POST /v1/roll", handleRoll(logger))
}
