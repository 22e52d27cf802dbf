//go:build ignore

// gen.go writes the gzipped copies of the static files to gzip/ and their
// table to assets_gen.go; "go generate ./web" runs it.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"kostka/web/internal/assetgen"
)

func main() {
	out, err := assetgen.Generate(os.DirFS("static"))
	if err == nil {
		// Start gzip/ afresh, so a deleted static file leaves no copy.
		err = os.RemoveAll(assetgen.GzipDir)
	}
	for name, b := range out {
		if err != nil {
			break
		}
		if err = os.MkdirAll(filepath.Dir(name), 0o755); err == nil {
			err = os.WriteFile(name, b, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "web/gen.go:", err)
		os.Exit(1)
	}
}
