package search

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/search/polish"
)

// BenchmarkOpen measures what a cold Lambda pays before its first search,
// all of it: reading the Polish stemmer's table, loading the embedded
// rulebooks and opening the prebuilt index with its vocabulary.
func BenchmarkOpen(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := polish.New(); err != nil {
			b.Fatal(err)
		}
		ix := New(rulesdata.Embedded())
		if err := ix.Warm(); err != nil {
			b.Fatal(err)
		}
		ix.Close()
	}
}

// coldChild is set in the environment of the processes that
// BenchmarkColdProcess starts.
const coldChild = "KOSTKA_SEARCH_COLD_CHILD"

// TestColdChild is the process BenchmarkColdProcess starts: it opens the
// search and answers one query, and prints how long that took. Run
// otherwise, it does nothing.
func TestColdChild(t *testing.T) {
	if os.Getenv(coldChild) == "" {
		t.Skip("run by BenchmarkColdProcess")
	}
	start, cpu := time.Now(), processCPU()
	ix := New(rulesdata.Embedded())
	if err := ix.Warm(); err != nil {
		t.Fatal(err)
	}
	res, err := ix.Search(t.Context(), lookup.Query{Text: "oslona"})
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("%v, %v", res, err)
	}
	end := processCPU()
	fmt.Printf("cold-ns %d cpu-ns %d process-cpu-ns %d\n", time.Since(start).Nanoseconds(), end-cpu, end)
}

// BenchmarkColdProcess starts fresh processes that open the search and
// answer one query, and reports the median time that took in them, on the
// wall clock and in CPU time of the process (page faults of the embedded
// data and first-use costs included; the process's start and package
// initialization not), and the CPU time of the whole process up to its
// answer (process-cpu-ns: the runtime's start and every package's
// initialization too, such as bleve's, and the test framework's).
func BenchmarkColdProcess(b *testing.B) {
	var times, cpus, totals []float64
	for b.Loop() {
		cmd := exec.CommandContext(b.Context(), os.Args[0], "-test.run=^TestColdChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), coldChild+"=1")
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("%v: %s", err, out)
		}
		var ns, cpu, total float64
		_, after, _ := strings.Cut(string(out), "cold-ns ")
		if _, err := fmt.Sscanf(after, "%g cpu-ns %g process-cpu-ns %g", &ns, &cpu, &total); err != nil {
			b.Fatalf("no times in %q: %v", out, err)
		}
		times, cpus, totals = append(times, ns), append(cpus, cpu), append(totals, total)
	}
	slices.Sort(times)
	slices.Sort(cpus)
	slices.Sort(totals)
	b.ReportMetric(times[len(times)/2], "first-search-ns")
	b.ReportMetric(cpus[len(cpus)/2], "first-search-cpu-ns")
	b.ReportMetric(totals[len(totals)/2], "process-cpu-ns")
}

// BenchmarkBuild measures indexing the embedded rulebooks at start-up, as
// is done for a group's own rulebooks (kostka serve -rules DIR), with the
// Polish stemmer's table already loaded.
func BenchmarkBuild(b *testing.B) {
	if _, err := polish.Load(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ix := New(rulesdata.Embedded())
		ix.noPrebuilt = true
		if err := ix.Warm(); err != nil {
			b.Fatal(err)
		}
		ix.Close()
	}
}

// BenchmarkSearch measures a warm search, over the realistic queries in
// turn.
func BenchmarkSearch(b *testing.B) {
	ix := embeddedIndex()
	if err := ix.Warm(); err != nil {
		b.Fatal(err)
	}
	qs := readQueries(b)
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		if _, err := ix.Search(ctx, lookup.Query{Text: q.text, System: q.system}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSuggest measures one as-you-type suggestion.
func BenchmarkSuggest(b *testing.B) {
	ix := embeddedIndex()
	typed := []string{"o", "os", "osl", "oslo", "power s", "regenr", "prog b", "amuni"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ix.Suggest(typed[i%len(typed)], "", 0); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkParseVocabulary measures reading the embedded typo vocabulary,
// part of every cold start.
func BenchmarkParseVocabulary(b *testing.B) {
	for b.Loop() {
		if _, err := prebuiltVocabulary(nil); err != nil {
			b.Fatal(err)
		}
	}
}
