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
	t.Run("chapter", func(t *testing.T) {
		base := []*Book{{System: "a", Lang: "pl", Sections: []*Section{
			{ID: "a.x", Chapter: "Ruch", Text: "built in"}, {ID: "a.y", Chapter: "Strzelanie", Text: "built in"},
		}}}
		house := []*Book{{System: "a", Lang: "pl", Sections: []*Section{
			{ID: "a.x", Text: "no chapter"}, {ID: "a.y", Chapter: "Zasady domowe", Text: "own chapter"}, {ID: "a.z", Text: "new"},
		}}}
		got, err := Overlay(base, house)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []string{"Ruch", "Zasady domowe", "Zasady domowe"} {
			if s := got[0].Sections[i]; s.Chapter != want {
				t.Errorf("%s (%s) is under %q, want %q", s.ID, s.Text, s.Chapter, want)
			}
		}
		if house[0].Sections[0].Chapter != "" || house[0].Sections[2].Chapter != "" {
			t.Error("house books changed")
		}
		for lang, want := range map[string]string{"cs": "Domácí pravidla", "en": "House rules"} {
			got, err := Overlay([]*Book{{System: "a", Lang: lang}}, []*Book{{System: "a", Lang: lang, Sections: []*Section{{ID: "a.z"}}}})
			if err != nil || got[0].Sections[0].Chapter != want {
				t.Errorf("%s: %v, chapter %q, want %q", lang, err, got[0].Sections[0].Chapter, want)
			}
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

// TestFromDirOverrideChapter: a house rule written under no chapter
// heading of its own replaces a built-in section in that section's
// chapter; one under its own heading (testdata/house puts "Osłona" under
// "Zasady domowe") is in that chapter.
func TestFromDirOverrideChapter(t *testing.T) {
	t.Parallel()
	var builtIn string
	for _, b := range Embedded() {
		for _, s := range b.Sections {
			if s.ID == "quality-d6.oslona" {
				builtIn = s.Chapter
			}
		}
	}
	if builtIn == "" {
		t.Fatal("the built-in quality-d6.oslona has no chapter")
	}
	dir := t.TempDir()
	plain := "---\nsystem: quality-d6\nlang: pl\ntitle: Zasady domowe\nsource: klub\n---\n\n## Osłona\n\nOsłona daje zawsze +1 do obrony.\n"
	if err := os.WriteFile(filepath.Join(dir, "house.md"), []byte(plain), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, want string }{{dir, builtIn}, {"testdata/house", "Zasady domowe"}} {
		books, err := FromDir(tc.dir, false)
		if err != nil {
			t.Fatal(err)
		}
		var got *Section
		for _, b := range books {
			for _, s := range b.Sections {
				if s.ID == "quality-d6.oslona" {
					got = s
				}
			}
		}
		if got == nil || !got.HouseRule || got.Chapter != tc.want {
			t.Errorf("%s: the override %+v, want it under %q", tc.dir, got, tc.want)
		}
	}
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
