package rulesdata

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

const front = "---\nsystem: house\nlang: pl\ntitle: Zasady domowe\n---\n"

func TestParse(t *testing.T) {
	src := front + `
# Walka
<!-- aliases: Combat -->

Tekst rozdziału.

## Osłona
<!-- aliases: Cover -->
<!-- search: Ostona, Cover -->

Model ma **osłonę**.

### Przykład

- punkt

## AP(X)
<!-- id: ap -->

-X do obrony.
`
	b, err := Parse("house.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if b.System != "house" || b.Lang != "pl" || b.Title != "Zasady domowe" {
		t.Errorf("book = %+v", b)
	}
	want := []struct {
		id, chapter, title, text string
		aliases, search          []string
		line                     int
	}{
		{"house.walka", "Walka", "Walka", "Tekst rozdziału.", []string{"Combat"}, []string{}, 7},
		{"house.oslona", "Walka", "Osłona", "Model ma **osłonę**.\n\n### Przykład\n\n- punkt", []string{"Cover"}, []string{"Ostona"}, 12},
		{"house.ap", "Walka", "AP(X)", "-X do obrony.", []string{}, []string{}, 22},
	}
	if len(b.Sections) != len(want) {
		t.Fatalf("%d sections, want %d", len(b.Sections), len(want))
	}
	for i, w := range want {
		s := b.Sections[i]
		if s.ID != w.id || s.Chapter != w.chapter || s.Title != w.title || s.Text != w.text ||
			!slices.Equal(s.Aliases, w.aliases) || !slices.Equal(s.SearchTerms, w.search) || s.Line != w.line || s.System != "house" || s.Lang != "pl" {
			t.Errorf("section %d = %+v, want %+v", i, *s, w)
		}
	}
	if got := b.Sections[1].Plain(); got != "Model ma osłonę .\n\nPrzykład\n\npunkt" {
		t.Errorf("Plain() = %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
		line            int
	}{
		{"no front matter", "## A\ntext\n", "starts with front matter", 1},
		{"unclosed front matter", "---\nsystem: a\n", "not closed", 2},
		{"missing lang", "---\nsystem: a\ntitle: T\n---\n## A\nx\n", `no "lang"`, 4},
		{"unknown key", "---\nsystem: a\nlang: pl\ntitle: T\nauthor: x\n---\n", `unknown front matter key "author"`, 5},
		{"bad system id", "---\nsystem: Quality D6\n", "must be lowercase", 2},
		{"unknown lang", "---\nsystem: a\nlang: de\n", `lang "de" is not one of`, 3},
		{"repeated key", "---\nsystem: a\nsystem: b\n", `repeats "system"`, 3},
		{"text before heading", front + "hello\n", "text before the first heading", 6},
		{"empty section", front + "## A\n\n## B\nx\n", `section "A" has no text`, 6},
		{"no sections", front + "\n", "no sections", 6},
		{"unknown attribute", front + "## A\n<!-- tags: x -->\nx\n", `unknown attribute "tags"`, 7},
		{"bad id", front + "## A\n<!-- id: Not A Slug -->\nx\n", "is not a slug", 7},
		{"empty alias", front + "## A\n<!-- aliases: a,,b -->\nx\n", "empty alias", 7},
		{"empty search term", front + "## A\n<!-- search: a, -->\nx\n", "empty search term", 7},
		{"heading without letters", front + "## !!!\nx\n", "no letters or digits", 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if !strings.Contains(pe.Msg, tt.want) || pe.Line != tt.line || pe.File != "x.md" {
				t.Errorf("err = %v, want %q at line %d", err, tt.want, tt.line)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	book := func(system, title string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\nsystem: " + system + "\nlang: cs\ntitle: T\n---\n## " + title + "\ntext\n")}
	}
	t.Run("reads every rulebook, skips README and NOTES, sorts by system", func(t *testing.T) {
		books, err := Load(fstest.MapFS{
			"b.md": book("bbb", "X"), "a.md": book("aaa", "X"),
			"README.md": {Data: []byte("# not a rulebook")}, "NOTES.md": {Data: []byte("notes")},
			"other.txt": {Data: []byte("ignored")},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(books) != 2 || books[0].System != "aaa" || books[1].System != "bbb" || books[0].File != "a.md" {
			t.Errorf("books = %v, %v", books[0], books[1])
		}
	})
	t.Run("duplicate section id", func(t *testing.T) {
		_, err := Load(fstest.MapFS{"a.md": {Data: []byte(front + "## Osłona\nx\n## oslona\ny\n")}})
		if err == nil || !strings.Contains(err.Error(), `section id "house.oslona" is already used at a.md:6`) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("duplicate system", func(t *testing.T) {
		_, err := Load(fstest.MapFS{"a.md": book("aaa", "X"), "b.md": book("aaa", "Y")})
		if err == nil || !strings.Contains(err.Error(), `system "aaa" is already defined by a.md`) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("no rulebooks", func(t *testing.T) {
		if _, err := Load(fstest.MapFS{"README.md": {Data: []byte("x")}}); err == nil {
			t.Error("no error")
		}
	})
}

func TestSlug(t *testing.T) {
	tests := map[string]string{
		"Osłona": "oslona", "AP(X)": "ap-x", "Szybki/Wolny": "szybki-wolny", "Waagh!": "waagh",
		"Do černého": "do-cerneho", "Model w miękkiej osłonie (do 1“ od osłony)": "model-w-miekkiej-oslonie-do-1-od-oslony",
		"  Próg bólu (PB) ": "prog-bolu-pb", "!!!": "",
	}
	for in, want := range tests {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEmbedded checks the shipped rulebooks: the four systems, each
// section with a title and text, and the ids players and the bot rely on.
func TestEmbedded(t *testing.T) {
	books := Embedded()
	var systems []string
	ids := map[string]*Section{}
	for _, b := range books {
		systems = append(systems, b.System)
		for _, s := range b.Sections {
			ids[s.ID] = s
		}
	}
	if want := []string{"fantasy-k6", "pool-k6", "quality-d6", "wzr-d20"}; !slices.Equal(systems, want) {
		t.Errorf("systems = %v, want %v", systems, want)
	}
	for id, alias := range map[string]string{
		"quality-d6.oslona": "Cover", "quality-d6.rozprysk-x": "Blast", "quality-d6.zabojczy-x": "Deadly",
		"wzr-d20.do-cerneho": "Power Shot", "wzr-d20.do-prazdna": "Fumble", "wzr-d20.straz": "Sentry",
		"wzr-d20.soustredena-palba": "Focus Fire", "fantasy-k6.prog-bolu-pb": "Pain threshold",
		"fantasy-k6.panika": "Panic", "pool-k6.amunicja": "Ammunition",
	} {
		s, ok := ids[id]
		if !ok {
			t.Errorf("no section %s", id)
			continue
		}
		if !slices.Contains(s.Aliases, alias) {
			t.Errorf("%s aliases = %v, want %q among them", id, s.Aliases, alias)
		}
	}
}

// TestEverySectionHasAChapter checks that every section of every shipped
// rulebook is filed under a chapter, and that the misspellings kept for
// search are not among the names shown to players.
func TestEverySectionHasAChapter(t *testing.T) {
	for _, b := range Embedded() {
		t.Run(b.System, func(t *testing.T) {
			for _, s := range b.Sections {
				if s.Chapter == "" {
					t.Errorf("%s (%s:%d) has no chapter", s.ID, b.File, s.Line)
				}
			}
		})
	}
	misspelt := map[string]string{
		"quality-d6.oslona": "Ostona", "quality-d6.swiezy": "Świerzy",
		"quality-d6.spaczenie": "Szaczenie", "quality-d6.ociezalosc": "Ocieężałość",
	}
	for _, b := range Embedded() {
		for _, s := range b.Sections {
			if m, ok := misspelt[s.ID]; ok {
				if slices.Contains(s.Aliases, m) || !slices.Contains(s.SearchTerms, m) {
					t.Errorf("%s: aliases %v, search terms %v; want %q only among the search terms", s.ID, s.Aliases, s.SearchTerms, m)
				}
				delete(misspelt, s.ID)
			}
		}
	}
	for id := range misspelt {
		t.Errorf("no section %s", id)
	}
}

// FuzzParse feeds the rulebook parser arbitrary files: it must never
// panic, every error must be a *ParseError, and every book it accepts must
// have sections with ids, titles and text.
func FuzzParse(f *testing.F) {
	f.Add(front + "## A\n<!-- aliases: x, y -->\ntext\n")
	f.Add(front + "# C\n\n## B\n<!-- id: b -->\n\nt\n### d\n")
	f.Add("---\nsystem: a\nlang: cs\ntitle: T\nsource: s\n---\n## Ł\nž\n")
	f.Add("---\n---\n")
	f.Fuzz(func(t *testing.T, src string) {
		b, err := Parse("f.md", []byte(src))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !strings.Contains(err.Error(), "token too long") {
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		for _, s := range b.Sections {
			if s.ID == "" || s.Title == "" || s.Text == "" || !strings.HasPrefix(s.ID, b.System+".") {
				t.Fatalf("%q: section %+v", src, *s)
			}
		}
	})
}
