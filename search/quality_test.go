package search

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"kostka/lookup"
	"kostka/rulesdata"
)

// Floors of search quality on testdata/queries.tsv, the set the ranking
// is tuned on, and on testdata/queries_heldout.tsv and
// testdata/queries_heldout5.tsv, which it is never tuned on. Measured
// figures are logged by the test (go test -run Quality -v ./search/).
const (
	minHitAt3 = 0.97
	minMRR    = 0.95

	minHeldOutHitAt3 = 0.93
	minHeldOutMRR    = 0.86

	minHeldOut5HitAt3 = 0.90
	minHeldOut5MRR    = 0.78
)

var embeddedIndex = sync.OnceValue(func() *Index { return New(rulesdata.Embedded()) })

type testQuery struct {
	text, want, system string
	set                string // the "# Held-out set" comment above it, if any
	file               string
	line               int
}

// The files of realistic queries in testdata: the ranking is tuned on the
// first and never on the others.
const (
	queriesFile  = "queries.tsv"
	heldOutFile  = "queries_heldout.tsv"
	heldOut5File = "queries_heldout5.tsv"
)

// readQueries reads testdata/queries.tsv.
func readQueries(t testing.TB) []testQuery {
	t.Helper()
	return readQueryFile(t, queriesFile)
}

// readQueryFile reads a file of queries in testdata: a query, the id of
// the section that answers it and an optional system filter,
// tab-separated, one a line; "#" starts a comment line, and a comment
// "# Held-out set NAME" names the set of the queries below it.
func readQueryFile(t testing.TB, name string) []testQuery {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []testQuery
	set := "original"
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "# Held-out set "); ok {
			set, _, _ = strings.Cut(name, ",")
			set = "held-out " + set
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) < 2 || len(parts) > 3 {
			t.Fatalf("%s:%d: want query, id and an optional system, tab-separated", name, n)
		}
		q := testQuery{text: parts[0], want: parts[1], set: set, file: name, line: n}
		if len(parts) == 3 {
			q.system = parts[2]
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return qs
}

// TestQuality measures hit@3 (the expected section is among the first
// three) and MRR (mean reciprocal rank, counting the first ten hits) on
// realistic queries, and fails below the floors: those of the tuning set
// and those of the held-out set apart.
func TestQuality(t *testing.T) {
	ix := embeddedIndex()
	for _, f := range []struct {
		file         string
		minN         int
		hit3, minMRR float64
	}{
		{queriesFile, 50, minHitAt3, minMRR},
		{heldOutFile, 50, minHeldOutHitAt3, minHeldOutMRR},
		{heldOut5File, 30, minHeldOut5HitAt3, minHeldOut5MRR},
	} {
		qs := readQueryFile(t, f.file)
		if len(qs) < f.minN {
			t.Fatalf("%s: only %d queries; want at least %d", f.file, len(qs), f.minN)
		}
		hit3, mrr := measureQuality(t, ix, qs)
		if hit3 < f.hit3 {
			t.Errorf("%s: hit@3 %.3f is below %.2f", f.file, hit3, f.hit3)
		}
		if mrr < f.minMRR {
			t.Errorf("%s: MRR %.3f is below %.2f", f.file, mrr, f.minMRR)
		}
	}
}

// measureQuality runs qs and returns their hit@3 and MRR, logging the
// queries not answered first and the figures of each set.
func measureQuality(t *testing.T, ix *Index, qs []testQuery) (hit3, mrr float64) {
	t.Helper()
	type figures struct{ n, hit3, rr float64 }
	sets := map[string]*figures{}
	var setNames []string
	for _, q := range qs {
		if _, ok := ix.Section(q.want); !ok {
			t.Errorf("%s:%d: no section %q", q.file, q.line, q.want)
			continue
		}
		res, err := ix.Search(context.Background(), lookup.Query{Text: q.text, System: q.system, Limit: 10})
		if err != nil {
			t.Fatalf("%q: %v", q.text, err)
		}
		rank := 0
		for i, h := range res.Hits {
			if h.ID == q.want {
				rank = i + 1
				break
			}
		}
		f := sets[q.set]
		if f == nil {
			f = &figures{}
			sets[q.set] = f
			setNames = append(setNames, q.set)
		}
		f.n++
		if rank >= 1 && rank <= 3 {
			hit3++
			f.hit3++
		}
		if rank > 0 {
			mrr += 1 / float64(rank)
			f.rr += 1 / float64(rank)
		}
		if rank != 1 {
			var got []string
			for _, h := range res.Hits[:min(3, len(res.Hits))] {
				got = append(got, h.ID)
			}
			t.Logf("%s:%d %q: %s at rank %d; top: %v", q.file, q.line, q.text, q.want, rank, got)
		}
	}
	file := qs[0].file
	if len(setNames) > 1 {
		for _, name := range setNames {
			f := sets[name]
			t.Logf("%s, %s: %.0f queries: hit@3 %.3f, MRR %.3f", file, name, f.n, f.hit3/f.n, f.rr/f.n)
		}
	}
	n := float64(len(qs))
	t.Logf("%s: %d queries: hit@3 %.3f, MRR %.3f", file, len(qs), hit3/n, mrr/n)
	return hit3 / n, mrr / n
}
