package rulesdata

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFromDirAddsHouseRules: a house-rules directory adds to the built-in
// rulebooks; its section with a built-in id replaces that section in
// place, and both of its sections are marked as house rules.
func TestFromDirAddsHouseRules(t *testing.T) {
	books, err := FromDir("testdata/house", false)
	if err != nil {
		t.Fatal(err)
	}
	embedded := Embedded()
	if len(books) != len(embedded) {
		t.Fatalf("%d books, want the %d built-in ones", len(books), len(embedded))
	}
	byID := map[string]*Section{}
	pos := map[string]int{}
	n := 0
	for _, b := range books {
		for i, s := range b.Sections {
			byID[s.ID] = s
			pos[s.ID] = i
			n++
		}
	}
	want := 0
	var cover int
	for _, b := range embedded {
		want += len(b.Sections)
		for i, s := range b.Sections {
			if s.ID == "quality-d6.oslona" {
				cover = i
			}
		}
	}
	if n != want+1 {
		t.Errorf("%d sections, want the %d built-in ones and one new", n, want)
	}
	over := byID["quality-d6.oslona"]
	if over == nil || !over.HouseRule || !strings.HasPrefix(over.Text, "Osłona daje zawsze +1") || pos[over.ID] != cover {
		t.Errorf("override: %+v at %d, want the house text at %d", over, pos["quality-d6.oslona"], cover)
	}
	if s := byID["quality-d6.nocna-zasadzka"]; s == nil || !s.HouseRule {
		t.Errorf("new section: %+v", s)
	}
	if s := byID["quality-d6.ap-x"]; s == nil || s.HouseRule {
		t.Errorf("a built-in section: %+v", s)
	}
	only, err := FromDir("testdata/house", true)
	if err != nil || len(only) != 1 || len(only[0].Sections) != 2 || only[0].Sections[0].HouseRule {
		t.Errorf("rules only: %v, %+v", err, only)
	}
}

func TestOverlay(t *testing.T) {
	base := []*Book{{System: "a", Lang: "pl", Sections: []*Section{{ID: "a.x", Text: "built in"}}}}
	t.Run("keeps base", func(t *testing.T) {
		house := []*Book{{System: "a", Lang: "pl", Sections: []*Section{{ID: "a.x", Text: "house"}, {ID: "a.y", Text: "new"}}}}
		got, err := Overlay(base, house)
		if err != nil {
			t.Fatal(err)
		}
		if len(got[0].Sections) != 2 || got[0].Sections[0].Text != "house" || !got[0].Sections[1].HouseRule {
			t.Errorf("overlay: %+v", got[0].Sections)
		}
		if len(base[0].Sections) != 1 || base[0].Sections[0].Text != "built in" || base[0].Sections[0].HouseRule {
			t.Errorf("base changed: %+v", base[0].Sections)
		}
		if house[0].Sections[0].HouseRule {
			t.Error("house books changed")
		}
	})
	t.Run("own system", func(t *testing.T) {
		got, err := Overlay(base, []*Book{{System: "0own", Lang: "en", Sections: []*Section{{ID: "0own.z", Text: "z"}}}})
		if err != nil || len(got) != 2 || got[0].System != "0own" || got[0].Sections[0].HouseRule {
			t.Errorf("%v, %+v", err, got)
		}
	})
	t.Run("other language", func(t *testing.T) {
		_, err := Overlay(base, []*Book{{System: "a", Lang: "cs", File: "h.md", Sections: []*Section{{ID: "a.x"}}}})
		if err == nil || !strings.Contains(err.Error(), "h.md: house rules for a must be written in its language (lang: pl)") {
			t.Errorf("err = %v", err)
		}
	})
}

func TestFromDirErrors(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "f.md")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir  string
		only bool
		want string
	}{
		{"", true, "needs a directory"},
		{filepath.Join(tmp, "missing"), false, "does not exist"},
		{file, false, "is not a directory"},
		{t.TempDir(), true, "holds no rulebooks"},
	} {
		if _, err := FromDir(tc.dir, tc.only); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FromDir(%q, %v) = %v, want an error saying %q", tc.dir, tc.only, err, tc.want)
		}
	}
}
