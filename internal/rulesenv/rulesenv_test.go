package rulesenv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kostka/rulesdata"
)

func TestRulebooks(t *testing.T) {
	dir := t.TempDir()
	house := "---\nsystem: quality-d6\nlang: pl\ntitle: Zasady domowe\n---\n\n## Szybki ruch\n\nRuch o 2\" dalej.\n"
	if err := os.WriteFile(filepath.Join(dir, "house.md"), []byte(house), 0o644); err != nil {
		t.Fatal(err)
	}
	embedded := len(rulesdata.Embedded())
	tests := []struct {
		name    string
		env     map[string]string
		books   int    // how many, when no error
		wantErr string // in the error
	}{
		{"nothing set", nil, embedded, ""},
		{"a directory", map[string]string{EnvDir: dir}, -1, ""},
		{"only the directory", map[string]string{EnvDir: dir, EnvOnly: "true"}, -1, ""},
		{"only, without a directory", map[string]string{EnvOnly: "true"}, 0, "KOSTKA_RULES_ONLY=true needs KOSTKA_RULES_DIR"},
		{"only, not a boolean", map[string]string{EnvDir: dir, EnvOnly: "yes please"}, 0, "KOSTKA_RULES_ONLY must be true or false"},
		{"a missing directory", map[string]string{EnvDir: filepath.Join(dir, "missing")}, 0, "KOSTKA_RULES_DIR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			books, err := Rulebooks(func(k string) string { return tt.env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.books >= 0 && len(books) != tt.books {
				t.Errorf("%d rulebooks, want %d", len(books), tt.books)
			}
			if tt.env[EnvDir] != "" && !hasSection(books, "Szybki ruch") {
				t.Error("the directory's house rule is not served")
			}
			if tt.env[EnvOnly] == "true" && hasSection(books, "Osłona") {
				t.Error("the embedded rulebooks are served with KOSTKA_RULES_ONLY=true")
			}
		})
	}
}

func hasSection(books []*rulesdata.Book, title string) bool {
	for _, b := range books {
		for _, s := range b.Sections {
			if s.Title == title {
				return true
			}
		}
	}
	return false
}
