package rulesdata

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// glossaryDir is the folder, beside the rulebooks, of their glossaries:
// glossary/<system>.yaml for the rulebook of that system.
const glossaryDir = "glossary"

// glossaryEntry is what a glossary says of one section: a short
// description of what the rule does and the words players use for it, by
// language.
type glossaryEntry struct {
	About map[string]string   `yaml:"about"`
	Terms map[string][]string `yaml:"terms"`
}

// readGlossaries reads glossary/<system>.yaml in fsys, if there are any,
// and gives each section named in them its About and Terms. A glossary
// must be of a system of books, name only sections of that system's book,
// describe each in every language of Languages, and hold no empty term.
// Errors name the file and the section.
func readGlossaries(fsys fs.FS, books []*Book) error {
	names, err := fs.Glob(fsys, glossaryDir+"/*.yaml")
	if err != nil {
		return err
	}
	for _, name := range names {
		system := strings.TrimSuffix(path.Base(name), ".yaml")
		i := slices.IndexFunc(books, func(b *Book) bool { return b.System == system })
		if i < 0 {
			return fmt.Errorf("%s: no rulebook of system %q here for this glossary", name, system)
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if err := applyGlossary(name, data, books[i]); err != nil {
			return err
		}
	}
	return nil
}

// applyGlossary parses one rulebook's glossary, data read from the file
// name, and gives its sections their About and Terms.
func applyGlossary(name string, data []byte, b *Book) error {
	var entries map[string]glossaryEntry
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&entries); err != nil && !errors.Is(err, io.EOF) { // io.EOF: an empty file
		return fmt.Errorf("%s: %w", name, err)
	}
	byID := make(map[string]*Section, len(b.Sections))
	for _, s := range b.Sections {
		byID[s.ID] = s
	}
	for _, id := range slices.Sorted(maps.Keys(entries)) {
		e := entries[id]
		s, ok := byID[id]
		if !ok {
			return fmt.Errorf("%s: %q is no section of %s", name, id, b.File)
		}
		if err := e.check(); err != nil {
			return fmt.Errorf("%s: %s: %w", name, id, err)
		}
		s.About = e.About
		s.Terms = e.Terms
	}
	return nil
}

// check validates a glossary entry.
func (e glossaryEntry) check() error {
	for _, lang := range Languages {
		if strings.TrimSpace(e.About[lang]) == "" {
			return fmt.Errorf("about: no description in %s (every one of %v is needed)", lang, Languages)
		}
	}
	for lang := range e.About {
		if !slices.Contains(Languages, lang) {
			return fmt.Errorf("about: unknown language %q (known: %v)", lang, Languages)
		}
	}
	for _, lang := range slices.Sorted(maps.Keys(e.Terms)) {
		if !slices.Contains(Languages, lang) {
			return fmt.Errorf("terms: unknown language %q (known: %v)", lang, Languages)
		}
		for i, t := range e.Terms[lang] {
			if strings.TrimSpace(t) == "" {
				return fmt.Errorf("terms: %s: term %d is empty", lang, i+1)
			}
		}
	}
	return nil
}

// AboutIn returns the section's description in lang (see Section.About),
// or in English when it has none in lang, or "" when it has none at all.
func (s *Section) AboutIn(lang string) string {
	if a := s.About[lang]; a != "" {
		return a
	}
	return s.About["en"]
}
