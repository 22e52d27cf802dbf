package search

import (
	"bufio"
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"kostka/rules"
	"kostka/rulesdata"
)

// Floors of search quality on testdata/queries.tsv. Measured figures are
// logged by the test (go test -run Quality -v ./search/).
const (
	minHitAt3 = 0.97
	minMRR    = 0.92
)

var embeddedIndex = sync.OnceValue(func() *Index { return New(rulesdata.Embedded()) })

type testQuery struct {
	text, want, system string
	set                string // the "# Held-out set" comment above it, if any
	line               int
}

func readQueries(t testing.TB) []testQuery {
	t.Helper()
	f, err := os.Open("testdata/queries.tsv")
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
			t.Fatalf("queries.tsv:%d: want query, id and an optional system, tab-separated", n)
		}
		q := testQuery{text: parts[0], want: parts[1], set: set, line: n}
		if len(parts) == 3 {
			q.system = parts[2]
		}
		qs = append(qs, q)
	}
	return qs
}

// TestQuality measures hit@3 (the expected section is among the first
// three) and MRR (mean reciprocal rank, counting the first ten hits) on
// realistic queries, and fails below the floors.
func TestQuality(t *testing.T) {
	ix := embeddedIndex()
	qs := readQueries(t)
	if len(qs) < 50 {
		t.Fatalf("only %d queries; want at least 50", len(qs))
	}
	var hit3, rr float64
	type figures struct{ n, hit3, rr float64 }
	sets := map[string]*figures{}
	var setNames []string
	for _, q := range qs {
		if _, ok := ix.Section(q.want); !ok {
			t.Errorf("queries.tsv:%d: no section %q", q.line, q.want)
			continue
		}
		res, err := ix.Search(context.Background(), rules.Query{Text: q.text, System: q.system, Limit: 10})
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
			rr += 1 / float64(rank)
			f.rr += 1 / float64(rank)
		}
		if rank != 1 {
			var got []string
			for _, h := range res.Hits[:min(3, len(res.Hits))] {
				got = append(got, h.ID)
			}
			t.Logf("queries.tsv:%d %q: %s at rank %d; top: %v", q.line, q.text, q.want, rank, got)
		}
	}
	for _, name := range setNames {
		f := sets[name]
		t.Logf("%s: %.0f queries: hit@3 %.3f, MRR %.3f", name, f.n, f.hit3/f.n, f.rr/f.n)
	}
	n := float64(len(qs))
	t.Logf("%d queries: hit@3 %.3f, MRR %.3f", len(qs), hit3/n, rr/n)
	if hit3/n < minHitAt3 {
		t.Errorf("hit@3 %.3f is below %.2f", hit3/n, minHitAt3)
	}
	if rr/n < minMRR {
		t.Errorf("MRR %.3f is below %.2f", rr/n, minMRR)
	}
}
