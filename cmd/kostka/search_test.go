package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSearch(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "search", "-limit", "2", "oslona")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "1. Osłona  [quality-d6.oslona]\n") || !strings.Contains(out, "2. ") || strings.Contains(out, "3. ") {
		t.Errorf("output:\n%s", out)
	}
	out, _, err = runCLI(t, "search", "-system", "wzr-d20", "power", "shot")
	if err != nil || !strings.Contains(out, "[wzr-d20.do-cerneho]") || !strings.Contains(out, "*Power*") {
		t.Errorf("err %v, output:\n%s", err, out)
	}
	out, _, err = runCLI(t, "search", "xyzzyqq")
	if err != nil || out != "Nothing found.\n" {
		t.Errorf("err %v, output %q", err, out)
	}
	// Only far typos match xyzzy: no confident hits, sections to try.
	out, _, err = runCLI(t, "search", "xyzzy")
	if err != nil || !strings.HasPrefix(out, "No close match. Did you mean:\n1. ") || strings.Contains(out, "*") {
		t.Errorf("err %v, output %q", err, out)
	}
	for _, args := range [][]string{{"search"}, {"search", "-system", "chess", "x"}, {"search", "-rules", "/nonexistent", "x"}} {
		if _, _, err := runCLI(t, args...); err == nil {
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
	out, _, err := runCLI(t, "search", "-rules", dir, "night", "ambush")
	if err != nil || !strings.HasPrefix(out, "1. Nocna zasadzka  [house.nocna-zasadzka]") {
		t.Errorf("err %v, output:\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.md"), []byte("no front matter"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "search", "-rules", dir, "x"); err == nil || !strings.Contains(err.Error(), "broken.md:1") {
		t.Errorf("err = %v, want the file and line", err)
	}
}

// TestSearchHouseRules: -rules adds a house-rules directory to the built-in
// rulebooks, marking its sections; -rules-only serves the directory alone.
func TestSearchHouseRules(t *testing.T) {
	const dir = "../../rulesdata/testdata/house"
	for _, tc := range []struct {
		name string
		args []string
		want string // the start of the output
	}{
		{"override", []string{"-rules", dir, "osłona"}, "1. Osłona  [quality-d6.oslona]  (house rule)\n   *Osłona* daje zawsze +1"},
		{"new", []string{"-rules", dir, "night", "ambush"}, "1. Nocna zasadzka  [quality-d6.nocna-zasadzka]  (house rule)\n"},
		{"built in", []string{"-rules", dir, "-system", "wzr-d20", "kriticke", "zraneni"}, "1. Kritické zranění"},
		{"only", []string{"-rules", dir, "-rules-only", "-system", "quality-d6", "osłona"}, "1. Osłona  [quality-d6.oslona]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := runCLI(t, append([]string{"search"}, tc.args...)...)
			if err != nil || !strings.HasPrefix(out, tc.want) {
				t.Errorf("err %v, output:\n%s\nwant it to start %q", err, out, tc.want)
			}
		})
	}
	// Only the directory: the built-in books are gone.
	if _, _, err := runCLI(t, "search", "-rules", dir, "-rules-only", "-system", "wzr-d20", "x"); err == nil || !strings.Contains(err.Error(), "wzr-d20") {
		t.Errorf("-rules-only, -system wzr-d20: %v", err)
	}
	if _, _, err := runCLI(t, "search", "-rules-only", "x"); err == nil || !strings.Contains(err.Error(), "-rules-only needs -rules DIR") {
		t.Errorf("-rules-only alone: %v", err)
	}
}
