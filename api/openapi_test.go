package api

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"gopkg.in/yaml.v3"
)

var update = flag.Bool("update", false, "write openapi.gen.json from openapi.yaml (go generate)")

// TestOpenAPIJSONGenerated checks that openapi.gen.json, which GET
// /openapi.json serves, is openapi.yaml as JSON; with -update it writes
// it.
func TestOpenAPIJSONGenerated(t *testing.T) {
	var doc any
	if err := yaml.Unmarshal(openAPIYAML, &doc); err != nil {
		t.Fatalf("parsing openapi.yaml: %v", err)
	}
	want, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("openapi.gen.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(openAPIJSON, want) {
		t.Fatal("openapi.gen.json is not openapi.yaml as JSON: run go generate ./api")
	}
}
