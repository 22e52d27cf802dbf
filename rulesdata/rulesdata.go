// Package rulesdata holds Kostka's rulebooks as data: Markdown documents,
// one per rulebook, split into the sections a player looks up (a rule, an
// ability, a table, a phase). The four rulebooks Kostka ships with are
// embedded in the binary; Load reads the same format from any directory, so
// a group can add its own rulebook or house rules without a code change.
//
// The format is described in README.md beside this file. In short: front
// matter with the system id, language, title and source; "# " headings
// group sections into chapters; every "## " heading starts a section, whose
// id is the system id and a slug of its title ("quality-d6.oslona").
// HTML comments right under a heading give aliases and, where needed, an
// explicit id.
package rulesdata

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// The rulebooks that ship with Kostka, the *.md files of this folder, are
// compiled in already parsed (books_gen.go, which TestGeneratedBooks keeps
// equal to them), so a process pays nothing at start to read them.
//
//go:generate go test -run TestGeneratedBooks -update .

// Languages are the languages a rulebook may be written in.
var Languages = []string{"pl", "cs", "en"}

// Book is one rulebook.
type Book struct {
	System string // system id, such as "quality-d6"
	Lang   string // language of the text: pl, cs or en
	Title  string // title of the rulebook
	Source string // where the text comes from, such as a seed file name
	File   string // the Markdown file it was read from

	Sections []*Section
}

// Section is one rule, ability, table or phase of a rulebook: the unit that
// search finds and players look up.
type Section struct {
	ID      string   `json:"id"`      // unique across all rulebooks: "quality-d6.oslona"
	System  string   `json:"system"`  // the book's system id
	Lang    string   `json:"lang"`    // the book's language
	Chapter string   `json:"chapter"` // the "# " heading it is under, if any
	Title   string   `json:"title"`
	Aliases []string `json:"aliases"` // other names shown to players: English names, names without "(X)"
	// SearchTerms are further strings the section is found by but that are
	// never shown to players: misspellings of its title in the source
	// text ("Ostona" for "Osłona"). Search indexes them like aliases.
	SearchTerms []string `json:"-"`
	Text        string   `json:"text"` // Markdown, the rulebook's own wording
	// About is a short description of what the rule does, by language
	// (pl, cs, en), from the rulebook's glossary (glossary/<system>.yaml
	// beside it); nil when the glossary does not describe the section.
	// Search finds sections by it too.
	About map[string]string `json:"about,omitempty"`
	// Terms are the words players use for the rule, by language, from the
	// glossary: names in other languages and games, table slang, words
	// for its effect. Search finds the section by them, after its names;
	// they are not shown to players.
	Terms map[string][]string `json:"-"`
	// HouseRule is true for a section a group's house rules add to a
	// built-in rulebook or put in place of one of its sections (Overlay).
	HouseRule bool `json:"house_rule"`
	Line      int  `json:"-"` // line of the heading in File
}

// Names returns every name the section is found by: its title, its
// aliases and its search terms, in that order.
func (s *Section) Names() []string {
	names := make([]string, 0, 1+len(s.Aliases)+len(s.SearchTerms))
	names = append(names, s.Title)
	names = append(names, s.Aliases...)
	return append(names, s.SearchTerms...)
}

// Plain returns the section's text without Markdown markup (emphasis,
// table pipes, list markers), for indexing and snippets.
func (s *Section) Plain() string {
	return plain(s.Text)
}

// Embedded returns the rulebooks that ship with Kostka, sorted by system
// id. The books and their sections are shared by every caller, who must
// not change them; the slice is the caller's own.
func Embedded() []*Book {
	return slices.Clone(embeddedBooks)
}

// IsEmbedded reports whether books are the rulebooks that ship with
// Kostka, exactly as Embedded returns them: the same books in the same
// order. Whatever was built ahead from them (the search index) serves them
// without checking their contents again.
func IsEmbedded(books []*Book) bool {
	return slices.Equal(books, embeddedBooks)
}

// docFiles are Markdown files in a rules directory that document the format
// and are not rulebooks.
var docFiles = []string{"README.md", "NOTES.md"}

// Load reads every rulebook (*.md, except README.md and NOTES.md) at the
// top of fsys, sorted by system id, with their glossaries
// (glossary/<system>.yaml, see Section.About and Section.Terms). Section
// ids must be unique across all of them. Errors name the file and line,
// or the glossary and section.
func Load(fsys fs.FS) ([]*Book, error) {
	names, err := fs.Glob(fsys, "*.md")
	if err != nil {
		return nil, err
	}
	var books []*Book
	ids := map[string]string{} // section id -> where it was defined
	systems := map[string]string{}
	for _, name := range names {
		if slices.Contains(docFiles, path.Base(name)) {
			continue
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		b, err := Parse(name, data)
		if err != nil {
			return nil, err
		}
		if prev, ok := systems[b.System]; ok {
			return nil, fmt.Errorf("%s: system %q is already defined by %s", name, b.System, prev)
		}
		systems[b.System] = name
		for _, s := range b.Sections {
			where := fmt.Sprintf("%s:%d", name, s.Line)
			if prev, ok := ids[s.ID]; ok {
				return nil, fmt.Errorf("%s: section id %q is already used at %s; give one of them an <!-- id: … --> comment", where, s.ID, prev)
			}
			ids[s.ID] = where
		}
		books = append(books, b)
	}
	if len(books) == 0 {
		return nil, errors.New("no rulebooks (*.md files with front matter) found")
	}
	if err := readGlossaries(fsys, books); err != nil {
		return nil, err
	}
	slices.SortFunc(books, func(a, b *Book) int { return strings.Compare(a.System, b.System) })
	return books, nil
}
