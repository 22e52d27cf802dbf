package search

import (
	"fmt"
	"runtime"

	bledoc "github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"kostka/rulesdata"
)

// fullText is a scorch index of sections and the mapping that analyzed
// them. Kostka uses scorch directly, not through bleve's top-level
// package: that package also links bleve's older index type (upsidedown)
// and, with it, the protocol buffers runtime and its key-value stores,
// about a tenth of every binary, and starts analysis workers in every
// process at start-up. The mapping is Kostka's own (newMapping), not one
// stored in the index: an index is only opened by the code that built it
// (TestPrebuiltIndex checks the embedded one).
type fullText struct {
	index   bleveindex.Index
	mapping *mapping.IndexMappingImpl
	dir     string // the directory it was opened from or written to; "" in memory
}

// newFullText indexes sections, in one batch, into a new scorch index: in
// memory if dir is "", or else written to dir, which must not exist.
func newFullText(dir string, sections []*rulesdata.Section) (*fullText, error) {
	m, err := newMapping()
	if err != nil {
		return nil, fmt.Errorf("search: mapping: %w", err)
	}
	config := map[string]any{"path": dir}
	if dir != "" {
		config["create_if_missing"] = true
		config["error_if_exists"] = true
	}
	// The analysis queue serves this one batch; the index is not written
	// to again.
	queue := bleveindex.NewAnalysisQueue(runtime.GOMAXPROCS(0))
	defer queue.Close()
	idx, err := scorch.NewScorch(scorch.Name, config, queue)
	if err == nil {
		err = idx.Open()
	}
	if err != nil {
		return nil, fmt.Errorf("search: creating the index: %w", err)
	}
	batch := bleveindex.NewBatch()
	for _, s := range sections {
		doc := bledoc.NewDocument(s.ID)
		if err := m.MapDocument(doc, document(s)); err != nil {
			idx.Close()
			return nil, fmt.Errorf("search: indexing %s: %w", s.ID, err)
		}
		batch.Update(doc)
	}
	if err := idx.Batch(batch); err != nil {
		idx.Close()
		return nil, fmt.Errorf("search: indexing: %w", err)
	}
	return &fullText{index: idx, mapping: m, dir: dir}, nil
}

// openFullText opens, read-only, the scorch index newFullText wrote to
// dir.
func openFullText(dir string) (*fullText, error) {
	m, err := newMapping()
	if err != nil {
		return nil, fmt.Errorf("search: mapping: %w", err)
	}
	idx, err := scorch.NewScorch(scorch.Name, map[string]any{"path": dir, "read_only": true}, nil)
	if err == nil {
		err = idx.Open()
	}
	if err != nil {
		return nil, fmt.Errorf("search: opening the index: %w", err)
	}
	return &fullText{index: idx, mapping: m, dir: dir}, nil
}

// Close releases the index.
func (ft *fullText) Close() error {
	return ft.index.Close()
}
