package api

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	"gopkg.in/yaml.v3"
)

// openAPIYAML is the OpenAPI 3.1 description of every route. Tests check
// every response they see against it.
//
//go:embed openapi.yaml
var openAPIYAML []byte

// OpenAPIYAML returns the OpenAPI document as written (YAML).
func OpenAPIYAML() []byte { return openAPIYAML }

// openAPIJSON converts the document to JSON once, on first use, so that
// functions that never serve it never pay for it.
var openAPIJSON = sync.OnceValues(func() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(openAPIYAML, &doc); err != nil {
		return nil, fmt.Errorf("parsing openapi.yaml: %w", err)
	}
	return json.Marshal(doc)
})

// handleOpenAPI serves the OpenAPI document as JSON.
func handleOpenAPI(logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := openAPIJSON()
		if err != nil {
			writeError(w, r, logger, "", err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write(body)
	})
}
