package rulesdata

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"
)

// glossaryBook is a small rulebook that the glossaries of the tests
// below describe.
const glossaryBook = `---
system: mini
lang: pl
title: Mini
---

# Zasady

## Osłona

Oddział za osłoną dostaje +1 do obrony.

## Szarża

Oddział rusza do walki wręcz.
`

// miniGlossary is a valid glossary of glossaryBook.
const miniGlossary = `mini.oslona:
  about:
    pl: "Oddział za osłoną broni się lepiej."
    cs: "Oddíl v krytu se brání lépe."
    en: "A unit in cover defends better."
  terms:
    en: ["cover", "cover save"]
    cs: ["kryt"]
`

func TestLoadGlossary(t *testing.T) {
	books, err := Load(fstest.MapFS{
		"mini.md":            {Data: []byte(glossaryBook)},
		"glossary/mini.yaml": {Data: []byte(miniGlossary)},
	})
	if err != nil {
		t.Fatal(err)
	}
	cover, charge := books[0].Sections[0], books[0].Sections[1]
	if got := cover.About["en"]; got != "A unit in cover defends better." {
		t.Errorf("About[en] = %q", got)
	}
	if got := cover.Terms["en"]; !slices.Equal(got, []string{"cover", "cover save"}) {
		t.Errorf("Terms[en] = %q", got)
	}
	if got := cover.AboutIn("cs"); got != "Oddíl v krytu se brání lépe." {
		t.Errorf("AboutIn(cs) = %q", got)
	}
	if charge.About != nil || charge.Terms != nil || charge.AboutIn("en") != "" {
		t.Errorf("a section the glossary does not name has About %v, Terms %v", charge.About, charge.Terms)
	}
}

func TestLoadGlossaryErrors(t *testing.T) {
	about := "  about: {pl: a, cs: b, en: c}\n"
	tests := []struct {
		name, file, yaml, want string
	}{
		{"unknown section", "mini", "mini.nope:\n" + about, `"mini.nope" is no section of mini.md`},
		{"another system's section", "mini", "other.oslona:\n" + about, `"other.oslona" is no section`},
		{"no rulebook", "other", "other.oslona:\n" + about, `no rulebook of system "other"`},
		{"missing language", "mini", "mini.oslona:\n  about: {pl: a, en: c}\n", "no description in cs"},
		{"blank description", "mini", "mini.oslona:\n  about: {pl: a, cs: ' ', en: c}\n", "no description in cs"},
		{"unknown about language", "mini", "mini.oslona:\n  about: {pl: a, cs: b, en: c, de: d}\n", `unknown language "de"`},
		{"unknown terms language", "mini", "mini.oslona:\n" + about + "  terms: {de: [x]}\n", `unknown language "de"`},
		{"empty term", "mini", "mini.oslona:\n" + about + "  terms: {en: [cover, '']}\n", "en: term 2 is empty"},
		{"unknown key", "mini", "mini.oslona:\n" + about + "  names: [x]\n", "field names not found"},
		{"not YAML", "mini", "mini.oslona: [\n", "glossary/mini.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(fstest.MapFS{
				"mini.md":                       {Data: []byte(glossaryBook)},
				"glossary/" + tt.file + ".yaml": {Data: []byte(tt.yaml)},
			})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one saying %q", err, tt.want)
			}
			if !strings.Contains(err.Error(), "glossary/"+tt.file+".yaml") {
				t.Errorf("error %v does not name the glossary", err)
			}
		})
	}
}

func TestLoadEmptyGlossary(t *testing.T) {
	books, err := Load(fstest.MapFS{
		"mini.md":            {Data: []byte(glossaryBook)},
		"glossary/mini.yaml": {Data: []byte("# nothing yet\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := books[0].Sections[0]; s.About != nil {
		t.Errorf("About = %v, want none", s.About)
	}
}

// TestEmbeddedGlossary checks the glossaries of the shipped rulebooks as
// written: every entry names a section that exists, describes it in every
// language and holds no empty term; and the embedded sections carry them.
func TestEmbeddedGlossary(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(glossaryDir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no glossary in %s", glossaryDir)
	}
	sections := map[string]*Section{}
	for _, b := range Embedded() {
		for _, s := range b.Sections {
			sections[s.ID] = s
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var entries map[string]glossaryEntry
		if err := yaml.Unmarshal(data, &entries); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		system := strings.TrimSuffix(filepath.Base(f), ".yaml")
		for id, e := range entries {
			s, ok := sections[id]
			switch {
			case !ok:
				t.Errorf("%s: %q is no section of the embedded rulebooks", f, id)
				continue
			case s.System != system:
				t.Errorf("%s: %q is a section of %s", f, id, s.System)
			}
			for _, lang := range Languages {
				if strings.TrimSpace(e.About[lang]) == "" {
					t.Errorf("%s: %s: no description in %s", f, id, lang)
				}
				if s.About[lang] != e.About[lang] {
					t.Errorf("%s: %s: the embedded section's description in %s is %q, the glossary's %q", f, id, lang, s.About[lang], e.About[lang])
				}
			}
			for lang, terms := range e.Terms {
				for _, term := range terms {
					if strings.TrimSpace(term) == "" {
						t.Errorf("%s: %s: an empty term in %s", f, id, lang)
					}
				}
			}
		}
	}
}

// FuzzGlossary feeds the glossary reader arbitrary files beside a small
// rulebook: it must never panic, every error must name the glossary, and
// every glossary it accepts must describe the sections it names in every
// language, with no empty term.
func FuzzGlossary(f *testing.F) {
	f.Add(miniGlossary)
	f.Add("mini.oslona:\n  about: {pl: a, cs: b, en: c}\n  terms: {en: [x, y]}\n")
	f.Add("mini.oslona: [\n")
	f.Add("- a\n- b\n")
	f.Add("mini.oslona:\n  about: &a {pl: a, cs: b, en: c}\nmini.szarza:\n  about: *a\n")
	f.Fuzz(func(t *testing.T, src string) {
		books, err := Load(fstest.MapFS{
			"mini.md":            {Data: []byte(glossaryBook)},
			"glossary/mini.yaml": {Data: []byte(src)},
		})
		if err != nil {
			if !strings.Contains(err.Error(), "glossary/mini.yaml") {
				t.Fatalf("%q: the error %v does not name the glossary", src, err)
			}
			return
		}
		for _, s := range books[0].Sections {
			if s.About == nil {
				continue
			}
			for _, lang := range Languages {
				if strings.TrimSpace(s.About[lang]) == "" {
					t.Fatalf("%q: %s has no description in %s", src, s.ID, lang)
				}
			}
			for _, terms := range s.Terms {
				if slices.ContainsFunc(terms, func(t string) bool { return strings.TrimSpace(t) == "" }) {
					t.Fatalf("%q: %s has an empty term", src, s.ID)
				}
			}
		}
	})
}

// TestReadDirGlossary: a rules directory brings its own glossary beside
// its rulebook.
func TestReadDirGlossary(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mini.md"), []byte(glossaryBook), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, glossaryDir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, glossaryDir, "mini.yaml"), []byte(miniGlossary), 0o644); err != nil {
		t.Fatal(err)
	}
	books, err := FromDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(books, func(b *Book) bool { return b.System == "mini" })
	if i < 0 {
		t.Fatal("no book mini")
	}
	if got := books[i].Sections[0].About["en"]; got != "A unit in cover defends better." {
		t.Errorf("About[en] = %q", got)
	}
}
