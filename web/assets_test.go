package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path"
	"testing"

	"kostka/web/internal/assetgen"
)

// TestGeneratedAssetsAreCurrent regenerates the gzipped copies and the
// table from web/static and compares them with what is committed: a
// changed static file without "go generate ./web" fails here.
func TestGeneratedAssetsAreCurrent(t *testing.T) {
	want, err := assetgen.Generate(os.DirFS("static"))
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range want {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%v: run go generate ./web", err)
			continue
		}
		if !bytes.Equal(got, b) {
			t.Errorf("%s is stale: run go generate ./web", name)
		}
	}
	err = fs.WalkDir(os.DirFS("."), assetgen.GzipDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && want[p] == nil {
			t.Errorf("%s has no static file: run go generate ./web", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEmbeddedGzipMatchesStatic checks what the server embeds: every static
// file is listed, and each gzipped copy inflates to its file exactly.
func TestEmbeddedGzipMatchesStatic(t *testing.T) {
	all, err := assets()
	if err != nil {
		t.Fatal(err)
	}
	err = fs.WalkDir(staticFS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name := p[len("static/"):]
		t.Run(name, func(t *testing.T) {
			a, ok := all[name]
			if !ok {
				t.Fatalf("%s is not in the generated table", name)
			}
			plain, err := fs.ReadFile(staticFS, p)
			if err != nil {
				t.Fatal(err)
			}
			wantType := map[string]string{
				".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
				".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
			}[path.Ext(name)]
			if wantType == "" || a.contentType != wantType {
				t.Errorf("Content-Type %q, want %q", a.contentType, wantType)
			}
			if !bytes.Equal(contents(t, a.plain), plain) {
				t.Errorf("served plain body differs from %s", p)
			}
			if a.gzipped.name == "" {
				if path.Ext(name) != ".svg" && len(plain) > 1000 {
					t.Errorf("%s (%d bytes) has no gzipped copy", name, len(plain))
				}
				return
			}
			gzipped := contents(t, a.gzipped)
			zr, err := gzip.NewReader(bytes.NewReader(gzipped))
			if err != nil {
				t.Fatal(err)
			}
			inflated, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(inflated, plain) {
				t.Errorf("gzip/%s.gz does not inflate to %s", name, p)
			}
			if len(gzipped) >= len(plain) {
				t.Errorf("gzip/%s.gz (%d bytes) is not smaller than %s (%d bytes)", name, len(gzipped), p, len(plain))
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// contents returns what e.writeTo writes, and checks that it is e.size
// bytes long, as the Content-Length served says.
func contents(t *testing.T, e embedded) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := e.writeTo(&b); err != nil {
		t.Fatalf("%s: %v", e.name, err)
	}
	if int64(b.Len()) != e.size {
		t.Fatalf("%s: %d bytes written, size %d", e.name, b.Len(), e.size)
	}
	return b.Bytes()
}
