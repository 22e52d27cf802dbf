package search

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"

	"kostka/rulesdata"
)

// The embedded rulebooks' index is built ahead (go generate ./search) and
// embedded, because building it at start-up would cost a cold process
// well over 100 ms. It is used whenever the rulebooks and the mapping are
// exactly those it was built from (the hash in prebuilt/inputs.sha256);
// any other rulebooks, such as a group's own, are indexed at start-up.
//
//go:generate go test -run TestPrebuiltIndex -update .
//go:embed prebuilt
var prebuilt embed.FS

const (
	prebuiltIndexDir = "prebuilt/index"
	prebuiltHashFile = "prebuilt/inputs.sha256"
)

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

// openPrebuilt opens the embedded index if it was built from sections. ok
// is false when it was not. bleve opens indexes from files, so the index
// is copied into a new temporary directory, opened, and the directory
// removed at once: the open files stay readable until the index is closed,
// and nothing is left behind however the process ends.
func openPrebuilt(sections []*rulesdata.Section) (idx bleve.Index, ok bool, err error) {
	want, err := prebuilt.ReadFile(prebuiltHashFile)
	if err != nil {
		return nil, false, nil // not generated yet
	}
	got, err := inputsHash(sections)
	if err != nil {
		return nil, false, err
	}
	if strings.TrimSpace(string(want)) != got {
		return nil, false, nil
	}
	dir, err := os.MkdirTemp("", "kostka-index-")
	if err != nil {
		return nil, false, fmt.Errorf("search: %w", err)
	}
	defer os.RemoveAll(dir)
	sub, err := fs.Sub(prebuilt, prebuiltIndexDir)
	if err == nil {
		err = os.CopyFS(dir, sub)
	}
	if err == nil {
		idx, err = bleve.OpenUsing(dir, map[string]any{"read_only": true})
	}
	if err != nil {
		return nil, false, fmt.Errorf("search: opening the prebuilt index: %w", err)
	}
	return idx, true, nil
}

// writePrebuilt builds the index of sections into dir (which must not
// exist) as scorch files, with the hash of its inputs beside it in
// hashFile.
func writePrebuilt(sections []*rulesdata.Section, dir, hashFile string) error {
	m, err := newMapping()
	if err != nil {
		return err
	}
	idx, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return err
	}
	if err := indexSections(idx, sections); err != nil {
		idx.Close()
		return err
	}
	if err := idx.Close(); err != nil {
		return err
	}
	hash, err := inputsHash(sections)
	if err != nil {
		return err
	}
	return os.WriteFile(hashFile, []byte(hash+"\n"), 0o644)
}
