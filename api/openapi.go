package api

import (
	_ "embed"
	"net/http"
	"strconv"
)

// openAPIYAML is the OpenAPI 3.1 description of every route. Tests check
// every response they see against it.
//
//go:embed openapi.yaml
var openAPIYAML []byte

// OpenAPIYAML returns the OpenAPI document as written (YAML).
func OpenAPIYAML() []byte { return openAPIYAML }

// openAPIJSON is the document as GET /openapi.json serves it: converted
// from openapi.yaml ahead (go generate; TestOpenAPIJSONGenerated keeps
// them equal), so that no function parses YAML, or links a YAML parser.
//
//go:generate go test -run TestOpenAPIJSONGenerated -update .
//go:embed openapi.gen.json
var openAPIJSON []byte

// handleOpenAPI serves the OpenAPI document as JSON.
func handleOpenAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(openAPIJSON)))
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write(openAPIJSON)
	})
}
