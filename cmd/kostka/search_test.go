package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSearch(t *testing.T) {
	t.Parallel()
	err, out, _ := runCLI(t, "search", "-limit", "2", "oslona")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "1. Osłona  [quality-d6.oslona]\n") || !strings.Contains(out, "2. ") || strings.Contains(out, "3. ") {
		t.Errorf("output:\n%s", out)
	}
	err, out, _ = runCLI(t, "search", "-system", "wzr-d20", "power", "shot")
	if err != nil || !strings.Contains(out, "[wzr-d20.do-cerneho]") || !strings.Contains(out, "*Power*") {
		t.Errorf("err %v, output:\n%s", err, out)
	}
	err, out, _ = runCLI(t, "search", "xyzzyqq")
	if err != nil || out != "Nothing found.\n" {
		t.Errorf("err %v, output %q", err, out)
	}
	for _, args := range [][]string{{"search"}, {"search", "-system", "chess", "x"}, {"search", "-rules", "/nonexistent", "x"}} {
		if err, _, _ := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestSearchOwnRulebook checks that a rulebook dropped into a directory is
// searched with no code change.
func TestSearchOwnRulebook(t *testing.T) {
	dir := t.TempDir()
	book := "---\nsystem: house\nlang: pl\ntitle: Domowe\n---\n\n## Nocna zasadzka\n<!-- aliases: Night ambush -->\n\nOddział rozstawia się w nocy.\n"
	if err := os.WriteFile(filepath.Join(dir, "house.md"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	err, out, _ := runCLI(t, "search", "-rules", dir, "night", "ambush")
	if err != nil || !strings.HasPrefix(out, "1. Nocna zasadzka  [house.nocna-zasadzka]") {
		t.Errorf("err %v, output:\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.md"), []byte("no front matter"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err, _, _ := runCLI(t, "search", "-rules", dir, "x"); err == nil || !strings.Contains(err.Error(), "broken.md:1") {
		t.Errorf("err = %v, want the file and line", err)
	}
}
