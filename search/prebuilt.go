package search

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"kostka/rulesdata"
)

// The embedded rulebooks' index is built ahead (go generate ./search) and
// embedded, because building it at start-up would cost a cold process
// well over 100 ms; so is their typo vocabulary. Both are used whenever
// the sections are exactly those they were built from (the quick hash of
// the sections' fields in prebuilt/sections.sha256, a fraction of a
// millisecond to check, and not checked at all for the shipped rulebooks
// themselves, rulesdata.IsEmbedded); any other rulebooks, such as a group's own, are
// indexed at start-up. Whether the index is also current with the mapping
// and the analysis code (the hash of everything indexed, in
// prebuilt/inputs.sha256, about 10 ms to compute) is checked by the tests
// (TestPrebuiltIndex), not at every start.
//
// The rulebooks' compiled-in data and the Polish stemmer's table are
// regenerated first, then the index.
//
//go:generate go test ../rulesdata -run TestGeneratedBooks -update
//go:generate go test ./polish -run TestTable -update
//go:generate go test . -run TestPrebuiltIndex -update
//
// The index is embedded as prebuilt (prebuilt_embed.go), except in a build
// with the tag norulebooks, which has no rulebooks of its own to index.

const (
	prebuiltIndexDir     = "prebuilt/index"
	prebuiltHashFile     = "prebuilt/inputs.sha256"
	prebuiltSectionsFile = "prebuilt/sections.sha256"
	prebuiltVocabFile    = "prebuilt/vocabulary.txt"
)

// sectionsHash identifies a list of sections by every field the index
// holds, quickly: it is checked at every start.
func sectionsHash(sections []*rulesdata.Section) string {
	h := sha256.New()
	field := func(s string) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		io.WriteString(h, s)
	}
	for _, s := range sections {
		field(s.ID)
		field(s.System)
		field(s.Lang)
		field(s.Title)
		field(strconv.Itoa(len(s.Aliases)))
		for _, a := range s.Aliases {
			field(a)
		}
		field(strconv.Itoa(len(s.SearchTerms)))
		for _, a := range s.SearchTerms {
			field(a)
		}
		field(s.Text)
		for _, lang := range rulesdata.Languages {
			field(s.About[lang])
			field(strconv.Itoa(len(s.Terms[lang])))
			for _, t := range s.Terms[lang] {
				field(t)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// inputsHash identifies what an index is built from: every section's
// indexed content and the index mapping (analyzers included).
func inputsHash(sections []*rulesdata.Section) (string, error) {
	m, err := newMapping()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	enc := json.NewEncoder(h)
	if err := enc.Encode(m); err != nil {
		return "", err
	}
	for _, s := range sections {
		if err := enc.Encode(document(s)); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// isPrebuilt reports whether the embedded index and vocabulary were built
// from sections.
func isPrebuilt(sections []*rulesdata.Section) bool {
	want, err := prebuilt.ReadFile(prebuiltSectionsFile)
	return err == nil && strings.TrimSpace(string(want)) == sectionsHash(sections)
}

// openPrebuilt opens the embedded index. Scorch opens an index only from
// a directory (bbolt maps root.bolt, zap maps each segment, both by path),
// so the index is copied into a new temporary directory, opened, and the
// directory removed at once: the open files stay readable until the index
// is closed, and nothing is left behind however the process ends.
func openPrebuilt() (*fullText, error) {
	dir, err := os.MkdirTemp("", "kostka-index-")
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer os.RemoveAll(dir)
	sub, err := fs.Sub(prebuilt, prebuiltIndexDir)
	if err == nil {
		err = os.CopyFS(dir, sub)
	}
	var idx *fullText
	if err == nil {
		idx, err = openFullText(dir)
	}
	if err != nil {
		return nil, fmt.Errorf("search: opening the prebuilt index: %w", err)
	}
	return idx, nil
}

// prebuiltVocabulary returns the embedded typo vocabulary. analyze may be
// nil and set later (with rememberAnalysis), as Index does once the index
// is open.
func prebuiltVocabulary(analyze analyzeFunc) (vocabulary, error) {
	b, err := prebuilt.ReadFile(prebuiltVocabFile)
	if err != nil {
		return vocabulary{}, fmt.Errorf("search: %w", err)
	}
	return parseVocabulary(string(b), analyze)
}

// writePrebuilt builds the index of sections into dir (which must not
// exist) as scorch files, with the hash of its inputs beside it in
// hashFile, the quick hash of the sections in sectionsFile and their typo
// vocabulary in vocabFile.
func writePrebuilt(sections []*rulesdata.Section, dir, hashFile, sectionsFile, vocabFile string) error {
	idx, err := newFullText(dir, sections)
	if err != nil {
		return err
	}
	m := idx.mapping
	if err := idx.Close(); err != nil {
		return err
	}
	hash, err := inputsHash(sections)
	if err != nil {
		return err
	}
	if err := os.WriteFile(vocabFile, []byte(newVocabulary(sections, analyzerOf(m)).String()), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(sectionsFile, []byte(sectionsHash(sections)+"\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(hashFile, []byte(hash+"\n"), 0o644)
}
