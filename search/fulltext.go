package search

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

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

	// idle are lexicons that searches have closed, kept with their
	// snapshot of the index and the term dictionaries they opened: the
	// index does not change, and opening them anew for every search cost
	// a short search ("oslona") 8% of its allocations. At most
	// maxIdleLexicons are kept; closing the index releases them.
	mu     sync.Mutex
	idle   []*lexicon
	closed bool
}

// maxIdleLexicons is how many closed lexicons an index keeps at most, a
// few for each search that runs at once.
var maxIdleLexicons = 4 * runtime.GOMAXPROCS(0)

// takeIdle returns a lexicon a search has closed, or nil if none is kept;
// errClosed if the index is closed.
func (ft *fullText) takeIdle() (*lexicon, error) {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	if ft.closed {
		return nil, errClosed
	}
	n := len(ft.idle)
	if n == 0 {
		return nil, nil
	}
	l := ft.idle[n-1]
	ft.idle[n-1] = nil
	ft.idle = ft.idle[:n-1]
	return l, nil
}

// keepIdle keeps a closed lexicon for a later search, unless the index is
// closed or keeps enough already; it reports whether it did.
func (ft *fullText) keepIdle(l *lexicon) bool {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	if ft.closed || len(ft.idle) >= maxIdleLexicons {
		return false
	}
	l.memory = nil
	ft.idle = append(ft.idle, l)
	return true
}

// newFullText indexes sections, in one batch, into a new scorch index: in
// memory if dir is "", or else written to dir, which must not exist.
func newFullText(dir string, sections []*rulesdata.Section) (*fullText, error) {
	m, err := newMapping()
	if err != nil {
		return nil, fmt.Errorf("search: mapping: %w", err)
	}
	config := map[string]any{"path": dir} // bleve takes an index's configuration as a decoded JSON object
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
	// scorch takes its configuration as a decoded JSON object.
	idx, err := scorch.NewScorch(scorch.Name, map[string]any{"path": dir, "read_only": true}, nil)
	if err == nil {
		err = idx.Open()
	}
	if err != nil {
		return nil, fmt.Errorf("search: opening the index: %w", err)
	}
	return &fullText{index: idx, mapping: m, dir: dir}, nil
}

// Close releases the lexicons kept and the index.
func (ft *fullText) Close() error {
	ft.mu.Lock()
	idle := ft.idle
	ft.idle, ft.closed = nil, true
	ft.mu.Unlock()
	var errs []error
	for _, l := range idle {
		errs = append(errs, l.reader.Close())
	}
	return errors.Join(append(errs, ft.index.Close())...)
}
