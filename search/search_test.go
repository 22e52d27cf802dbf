package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"kostka/lookup"
	"kostka/rulesdata"
)

// houseRules is a small rulebook of a group's own, in the rulesdata format.
const houseRules = `---
system: house
lang: en
title: House rules
---

## Cover
<!-- aliases: Osłona -->

A unit in cover gets +1 to defense. Use <script>alert(1)</script> never.

## Ambush
<!-- aliases: Zasadzka -->

Deploy the unit later, anywhere 9" away from enemies.
`

func houseIndex(t *testing.T) *Index {
	t.Helper()
	books, err := rulesdata.Load(fstest.MapFS{"house.md": {Data: []byte(houseRules)}})
	if err != nil {
		t.Fatal(err)
	}
	return New(append(rulesdata.Embedded(), books...))
}

func TestSearchBadQueries(t *testing.T) {
	ix := embeddedIndex()
	tests := []struct {
		name string
		q    lookup.Query
		want error
	}{
		{"empty", lookup.Query{Text: ""}, lookup.ErrEmptyQuery},
		{"only punctuation", lookup.Query{Text: " ?!… "}, lookup.ErrEmptyQuery},
		{"not UTF-8", lookup.Query{Text: "os\xffona"}, lookup.ErrNotUTF8},
		{"too long", lookup.Query{Text: strings.Repeat("a", lookup.MaxQueryLen+1)}, lookup.ErrLongQuery},
		{"limit too big", lookup.Query{Text: "oslona", Limit: lookup.MaxLimit + 1}, lookup.ErrBadLimit},
		{"negative limit", lookup.Query{Text: "oslona", Limit: -1}, lookup.ErrBadLimit},
		{"unknown language", lookup.Query{Text: "oslona", Lang: "de"}, lookup.ErrUnknownLang},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ix.Search(context.Background(), tt.q)
			if !errors.Is(err, tt.want) || !errors.Is(err, lookup.ErrBadQuery) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	t.Run("unknown system", func(t *testing.T) {
		_, err := ix.Search(context.Background(), lookup.Query{Text: "oslona", System: "chess"})
		var use *lookup.UnknownSystemError
		if !errors.As(err, &use) || use.System != "chess" || !errors.Is(err, lookup.ErrBadQuery) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("exactly the longest query", func(t *testing.T) {
		if _, err := ix.Search(context.Background(), lookup.Query{Text: strings.Repeat("ą", lookup.MaxQueryLen)}); err != nil {
			t.Errorf("err = %v", err)
		}
	})
}

func TestSearchFilters(t *testing.T) {
	ix := embeddedIndex()
	ctx := context.Background()
	t.Run("system", func(t *testing.T) {
		res, err := ix.Search(ctx, lookup.Query{Text: "test", System: "wzr-d20", Limit: lookup.MaxLimit})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Fatal("no hits")
		}
		for _, h := range res.Hits {
			if h.System != "wzr-d20" {
				t.Errorf("hit %s of system %s", h.ID, h.System)
			}
		}
	})
	t.Run("language", func(t *testing.T) {
		res, err := ix.Search(ctx, lookup.Query{Text: "test", Lang: "pl", Limit: lookup.MaxLimit})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			if s, _ := ix.Section(h.ID); s.Lang != "pl" {
				t.Errorf("hit %s in %s", h.ID, s.Lang)
			}
		}
		if len(res.Hits) == 0 {
			t.Error("no hits")
		}
	})
	t.Run("limit and total", func(t *testing.T) {
		res, err := ix.Search(ctx, lookup.Query{Text: "model", Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != 3 || res.Total <= 3 {
			t.Errorf("%d hits of %d", len(res.Hits), res.Total)
		}
		for i := 1; i < len(res.Hits); i++ {
			if res.Hits[i].Score > res.Hits[i-1].Score {
				t.Errorf("hits not sorted by score: %v", res.Hits)
			}
		}
	})
	t.Run("default limit", func(t *testing.T) {
		res, err := ix.Search(ctx, lookup.Query{Text: "model"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != lookup.DefaultLimit {
			t.Errorf("%d hits", len(res.Hits))
		}
	})
}

// TestExactNameFirst checks that a query equal to a title or alias, typed
// in any case and without diacritics, ranks that section first.
func TestExactNameFirst(t *testing.T) {
	ix := embeddedIndex()
	for _, s := range ix.sections {
		for _, n := range append([]string{s.Title}, s.Aliases...) {
			if len(words(n)) == 0 {
				continue
			}
			res, err := ix.Search(context.Background(), lookup.Query{Text: strings.ToUpper(n), System: s.System, Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 {
				t.Errorf("%q: no hits", n)
				continue
			}
			// Several sections may share a name ("Trudny"); the first hit
			// must be one of them.
			top, _ := ix.Section(res.Hits[0].ID)
			if !hasName(top, n) {
				t.Errorf("%q (%s): first hit is %s", n, s.ID, top.ID)
			}
		}
	}
}

func hasName(s *rulesdata.Section, n string) bool {
	return slices.ContainsFunc(sectionNames(s), func(name string) bool { return normalizeName(name) == normalizeName(n) })
}

func TestSnippets(t *testing.T) {
	ix := houseIndex(t)
	res, err := ix.Search(context.Background(), lookup.Query{Text: "defense script", System: "house"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != "house.cover" {
		t.Fatalf("hits = %+v", res.Hits)
	}
	sn := res.Hits[0].Snippet
	if !strings.Contains(sn, "<mark>defense</mark>") {
		t.Errorf("snippet %q does not mark the matched word", sn)
	}
	if strings.Contains(sn, "<script") || !strings.Contains(sn, "&lt;<mark>script</mark>&gt;") {
		t.Errorf("snippet %q does not escape the text", sn)
	}
	t.Run("title-only match gets the start of the text", func(t *testing.T) {
		res, err := ix.Search(context.Background(), lookup.Query{Text: "zasadzka", System: "house"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 || res.Hits[0].Snippet != "Deploy the unit later, anywhere 9&#34; away from enemies." {
			t.Errorf("hits = %+v", res.Hits)
		}
	})
}

// TestHouseRulesAreSearchable checks that a rulebook added as a file is
// found by title, alias and text, like the embedded ones.
func TestHouseRulesAreSearchable(t *testing.T) {
	ix := houseIndex(t)
	for q, want := range map[string]string{"cover": "house.cover", "oslona": "house.cover", "deploy later": "house.ambush", "ambsuh": "house.ambush"} {
		res, err := ix.Search(context.Background(), lookup.Query{Text: q, System: "house"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 || res.Hits[0].ID != want {
			t.Errorf("%q: hits %+v, want %s first", q, res.Hits, want)
		}
	}
}

func TestSuggest(t *testing.T) {
	ix := embeddedIndex()
	tests := []struct {
		q, system string
		first     string
		limit     int
	}{
		{"oslo", "", "quality-d6.oslona", 0},
		{"OSŁ", "quality-d6", "quality-d6.oslona", 0},
		{"power sh", "", "wzr-d20.do-cerneho", 0},
		{"focus", "", "wzr-d20.soustredena-palba", 0},
		{"prog b", "", "fantasy-k6.prog-bolu-pb", 0},
		{"rozprysk", "", "quality-d6.rozprysk-x", 0},
		{"rozpr", "", "quality-d6.rozprysk-x", 0},
		{"ap", "quality-d6", "quality-d6.ap-x", 0},
		{"amunic", "pool-k6", "pool-k6.amunicja", 0},
		{"regenr", "", "quality-d6.regeneracja", 0}, // one typo
		{"fumble", "", "wzr-d20.do-prazdna", 0},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			got, err := ix.Suggest(tt.q, tt.system, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 || got[0].ID != tt.first {
				t.Errorf("Suggest(%q) = %v, want %s first", tt.q, got, tt.first)
			}
			for _, s := range got {
				if tt.system != "" && s.System != tt.system {
					t.Errorf("suggestion %s outside %s", s.ID, tt.system)
				}
			}
		})
	}
	t.Run("limit", func(t *testing.T) {
		got, _ := ix.Suggest("m", "", 0)
		if len(got) != lookup.MaxSuggestions {
			t.Errorf("%d suggestions, want %d", len(got), lookup.MaxSuggestions)
		}
		got, _ = ix.Suggest("m", "", 3)
		if len(got) != 3 {
			t.Errorf("%d suggestions, want 3", len(got))
		}
	})
	t.Run("nothing typed", func(t *testing.T) {
		got, err := ix.Suggest("  ", "", 0)
		if err != nil || got == nil || len(got) != 0 {
			t.Errorf("Suggest(blank) = %v, %v", got, err)
		}
	})
	t.Run("no match", func(t *testing.T) {
		got, err := ix.Suggest("xyzzy", "", 0)
		if err != nil || len(got) != 0 {
			t.Errorf("Suggest(xyzzy) = %v, %v", got, err)
		}
	})
	t.Run("unknown system", func(t *testing.T) {
		if _, err := ix.Suggest("a", "chess", 0); !errors.Is(err, lookup.ErrBadQuery) {
			t.Errorf("err = %v", err)
		}
	})
}

func TestLazyBuild(t *testing.T) {
	ix := New(rulesdata.Embedded())
	if _, ok := ix.Section("quality-d6.oslona"); !ok {
		t.Error("Section before build")
	}
	if _, err := ix.Suggest("oslo", "", 0); err != nil {
		t.Error(err)
	}
	if ix.text != nil {
		t.Fatal("looking up and suggesting built the full-text index")
	}
	if err := ix.Warm(); err != nil {
		t.Fatal(err)
	}
	if ix.text == nil {
		t.Fatal("Warm did not build the index")
	}
}

func TestSections(t *testing.T) {
	ix := embeddedIndex()
	all, err := ix.Sections("")
	if err != nil {
		t.Fatal(err)
	}
	some, err := ix.Sections("pool-k6")
	if err != nil {
		t.Fatal(err)
	}
	if len(some) == 0 || len(some) >= len(all) {
		t.Errorf("%d of %d sections", len(some), len(all))
	}
	for _, s := range some {
		if s.System != "pool-k6" {
			t.Errorf("section %s", s.ID)
		}
	}
	if _, err := ix.Sections("chess"); !errors.Is(err, lookup.ErrBadQuery) {
		t.Errorf("err = %v", err)
	}
	if got := ix.Systems(); strings.Join(got, ",") != "fantasy-k6,pool-k6,quality-d6,wzr-d20" {
		t.Errorf("Systems() = %v", got)
	}
}

func TestWithinOne(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"regeneracja", "regeneracja", true}, {"regenracja", "regeneracja", true}, {"regenerakja", "regeneracja", true},
		{"rgeeneracja", "regeneracja", true}, {"regen", "regeneracja", false}, {"abcd", "abdc", true}, {"abcd", "badc", false},
		{"", "a", true}, {"", "ab", false},
	}
	for _, tt := range tests {
		if got := withinOne(tt.a, tt.b); got != tt.want {
			t.Errorf("withinOne(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func FuzzSearch(f *testing.F) {
	for _, q := range []string{"oslona", "power sh", "ile rund trwa gra", "a~2", "*", `"`, "title_pl:x", "(X)", "ł"} {
		f.Add(q)
	}
	ix := embeddedIndex()
	f.Fuzz(func(t *testing.T, q string) {
		res, err := ix.Search(context.Background(), lookup.Query{Text: q, Limit: 5})
		if err != nil {
			if !errors.Is(err, lookup.ErrBadQuery) {
				t.Fatalf("Search(%q): %v", q, err)
			}
			return
		}
		if len(res.Hits) > 5 || res.Total < len(res.Hits) {
			t.Fatalf("Search(%q) = %d hits of %d", q, len(res.Hits), res.Total)
		}
		if _, err := ix.Suggest(q, "", 0); err != nil {
			t.Fatalf("Suggest(%q): %v", q, err)
		}
	})
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"regeneracja", "regeneracja", 0}, {"regenracja", "regeneracja", 1}, {"rgeeneracja", "regeneracja", 1},
		{"amunicjaa", "amunicja", 1}, {"przyszpilny", "przyszpilony", 1}, {"kot", "pies", 3}, {"", "abc", 3},
		{"ab", "ba", 1}, {"abcdefgh", "hgfedcba", 3}, // capped at max+1 with max 2
	}
	for _, tt := range tests {
		if got := editDistance([]rune(tt.a), []rune(tt.b), 2); got != min(tt.want, 3) {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, min(tt.want, 3))
		}
	}
}

// TestEditDistanceBanded checks editDistance, which computes only the
// cells near the table's diagonal, against the whole table, on pairs of the
// rulebooks' words and on the words with letters dropped, doubled,
// swapped and changed.
func TestEditDistanceBanded(t *testing.T) {
	t.Parallel()
	full := func(a, b []rune) int {
		d := make([][]int, len(a)+1)
		for i := range d {
			d[i] = make([]int, len(b)+1)
			d[i][0] = i
		}
		for j := range d[0] {
			d[0][j] = j
		}
		for i := 1; i <= len(a); i++ {
			for j := 1; j <= len(b); j++ {
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
				if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
					d[i][j] = min(d[i][j], d[i-2][j-2]+1)
				}
			}
		}
		return d[len(a)][len(b)]
	}
	v := newVocabulary(rulesdata.Embedded()[2].Sections, nil) // quality-d6
	var ws [][]rune
	for i := range v.df.len() {
		w := v.df.word(i)
		r := []rune(w)
		ws = append(ws, r)
		if len(r) > 3 {
			ws = append(ws,
				append(slices.Clone(r[:2]), r[3:]...),                            // a letter dropped
				append(slices.Clone(r[:3]), r[2:]...),                            // doubled
				append(append(slices.Clone(r[:1]), r[2], r[1]), r[3:]...),        // swapped
				append(append(slices.Clone(r[:len(r)-1]), 'q'), r[len(r)-1:]...), // one more
				append(slices.Clone(r[:len(r)-2]), 'x', 'y'),                     // two changed
			)
		}
	}
	slices.SortFunc(ws, func(a, b []rune) int { return strings.Compare(string(a), string(b)) })
	checked := 0
	for i, a := range ws {
		for _, b := range ws[i+1 : min(len(ws), i+6)] { // neighbours share a start
			want := full(a, b)
			for _, max := range []int{0, 1, 2, 3} {
				if got := editDistance(a, b, max); got != min(want, max+1) {
					t.Fatalf("editDistance(%q, %q, %d) = %d, want %d", string(a), string(b), max, got, min(want, max+1))
				}
				checked++
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d pairs checked", checked)
	}
}

func TestVocabularyNear(t *testing.T) {
	v := newVocabulary(rulesdata.Embedded()[2].Sections, nil) // quality-d6
	got := v.near("regenracja", 1, false)
	if len(got) == 0 || got[0] != "regeneracja" {
		t.Errorf("near(regenracja) = %v", got)
	}
	if got := v.near("zzzzzzz", 2, false); len(got) != 0 {
		t.Errorf("near(zzzzzzz) = %v", got)
	}
}

// TestTypoCache checks that near answers from its cache what it computes,
// for more words than the cache holds, and that the cache stays bounded.
func TestTypoCache(t *testing.T) {
	v := newVocabulary(rulesdata.Embedded()[2].Sections, nil) // quality-d6
	var ws []string
	for i := range v.df.len() {
		w := v.df.word(i)
		if len(w) >= fuzzyMinLen {
			ws = append(ws, w, w+"x", "x"+w)
		}
	}
	if len(ws) < 3*typoCacheSize {
		t.Fatalf("only %d words", len(ws))
	}
	for round := range 2 {
		for _, w := range ws[:3*typoCacheSize] {
			if got, want := v.near(w, 1, false), v.nearAll(w, 1, false); !slices.Equal(got, want) {
				t.Fatalf("round %d: near(%q) = %v, computed %v", round, w, got, want)
			}
		}
	}
	if n := len(v.typos.cur) + len(v.typos.prev); n > 2*typoCacheSize {
		t.Errorf("the cache holds %d words, more than %d", n, 2*typoCacheSize)
	}
}

// TestDeterministicScores checks that every query of testdata/queries.tsv
// answers the same hits with the same scores every time.
func TestDeterministicScores(t *testing.T) {
	ix := embeddedIndex()
	for _, q := range readQueries(t) {
		first, err := ix.Search(t.Context(), lookup.Query{Text: q.text, System: q.system})
		if err != nil {
			t.Fatal(err)
		}
		for range 4 {
			again, err := ix.Search(t.Context(), lookup.Query{Text: q.text, System: q.system})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(first, again) {
				t.Errorf("%q: %+v, then %+v", q.text, first.Hits, again.Hits)
				break
			}
		}
	}
}

func TestSameRoot(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"oslona", "oslona", true}, {"oslona", "oslonie", true}, {"miekka", "miekkiej", true},
		{"teren", "terenie", true}, {"meri", "mereni", true}, {"kryticke", "kriticke", true},
		{"pady", "padla", true}, {"ap", "apx", false}, {"test", "teren", false},
		{"model", "modyfikator", false}, {"w", "walka", false}, {"zasadzka", "rozstawienie", false},
		{"ran", "rany", true}, {"ran", "rana", true}, {"mag", "magowie", false}, {"rof", "rozkaz", false},
	}
	for _, tt := range tests {
		if got := sameRoot(tt.a, tt.b); got != tt.want {
			t.Errorf("sameRoot(%q, %q) = %v", tt.a, tt.b, got)
		}
		if got := sameRoot(tt.b, tt.a); got != tt.want {
			t.Errorf("sameRoot(%q, %q) = %v", tt.b, tt.a, got)
		}
	}
}

func TestFormOf(t *testing.T) {
	tests := []struct {
		typed, name string
		want        bool
	}{
		{"oslonie", "oslona", true},
		{"zamireni", "mireni", true},  // Czech za-
		{"prehozeni", "hozeni", true}, // Czech pře-
		{"przerzut", "rzut", false},   // what remains is too short to tell
		{"zasadzka", "sadzka", true},  // a prefix the name has not
		{"mireni", "zamireni", false}, // only the word typed may have one
		{"napadeni", "padla", false},
	}
	for _, tt := range tests {
		if got := formOf(tt.typed, tt.name); got != tt.want {
			t.Errorf("formOf(%q, %q) = %v", tt.typed, tt.name, got)
		}
	}
}

func TestTextRoot(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"spadla", "spadne", true}, {"strzelanie", "strzal", true},
		{"ognia", "ogien", false}, {"test", "testy", false}, {"model", "mode", false},
	}
	for _, tt := range tests {
		if got := textRoot(tt.a, tt.b); got != tt.want {
			t.Errorf("textRoot(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestOneEdit(t *testing.T) {
	words := []string{"", "a", "ab", "ba", "abc", "acb", "abd", "abcd", "kryticke", "kriticke", "krytikce", "oslona", "oslonie", "oslna", "zażółć", "zazółć", "zażółćx"}
	for _, a := range words {
		for _, b := range words {
			want := editDistance([]rune(a), []rune(b), 1) <= 1
			if got := oneEdit(a, b); got != want {
				t.Errorf("oneEdit(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
}

// TestPrefixCache checks that the lexicon answers from the Index's cache
// the terms it reads from the index, for more prefixes than the cache
// holds, and that the cache stays bounded.
func TestPrefixCache(t *testing.T) {
	ix := embeddedIndex()
	idx, err := ix.index()
	if err != nil {
		t.Fatal(err)
	}
	cache := newRecent[fieldTerm, []string](prefixCacheSize)
	var prefixes []string
	for i := range ix.vocab.df.len() {
		w := ix.vocab.df.word(i)
		if len(w) >= 5 && !strings.Contains(w, ":") {
			prefixes = append(prefixes, w[:3], w[:4], w[:5])
		}
	}
	slices.Sort(prefixes)
	prefixes = slices.Compact(prefixes)
	if len(prefixes) < 3*prefixCacheSize {
		t.Fatalf("only %d prefixes", len(prefixes))
	}
	for round := range 2 {
		lex, err := newLexicon(idx, &lexiconMemory{prefixes: cache})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range prefixes[:3*prefixCacheSize] {
			if got, want := lex.withPrefix("text_fold", p), lex.listPrefix("text_fold", p); !slices.Equal(got, want) {
				t.Fatalf("round %d: withPrefix(%q) = %v, read %v", round, p, got, want)
			}
		}
		if err := cmp.Or(lex.err, lex.close()); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(cache.cur) + len(cache.prev); n > 2*prefixCacheSize {
		t.Errorf("the cache holds %d prefixes, more than %d", n, 2*prefixCacheSize)
	}
}

// TestRememberAnalysis checks that the remembered analysis answers what
// the analysis does, for more words than it remembers.
func TestRememberAnalysis(t *testing.T) {
	t.Parallel()
	ix := embeddedIndex()
	idx, err := ix.index()
	if err != nil {
		t.Fatal(err)
	}
	analyze := analyzerOf(idx.mapping)
	remembered := rememberAnalysis(analyze)
	var ws []string
	for _, s := range ix.sections {
		ws = append(ws, lowerWords(s.Text)...)
	}
	slices.Sort(ws)
	ws = slices.Compact(ws)
	if len(ws) < analysisCacheSize {
		t.Fatalf("only %d words", len(ws))
	}
	ws = ws[:min(len(ws), 3*analysisCacheSize)]
	for round := range 2 {
		for _, w := range ws {
			for _, lang := range []string{"pl", "cs", "en"} {
				if got, want := remembered(lang, w), analyze(lang, w); !slices.Equal(got, want) {
					t.Fatalf("round %d: %s %q: remembered %q, analyzed %q", round, lang, w, got, want)
				}
			}
		}
	}
	if rememberAnalysis(nil) != nil {
		t.Error("rememberAnalysis(nil) is not nil")
	}
}

// TestConcurrentSearch checks that searches running at once, sharing the
// index's remembered typos, prefixes and analyses, answer what the same
// searches answer one at a time.
func TestConcurrentSearch(t *testing.T) {
	t.Parallel()
	ix := New(rulesdata.Embedded())
	qs := readQueries(t)
	want := make([]*lookup.Result, len(qs))
	for i, q := range qs {
		res, err := embeddedIndex().Search(t.Context(), lookup.Query{Text: q.text, System: q.system})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = res
	}
	const workers = 4
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			for i := range qs {
				j := (i + w*len(qs)/workers) % len(qs) // each worker starts elsewhere
				q := qs[j]
				res, err := ix.Search(t.Context(), lookup.Query{Text: q.text, System: q.system})
				if err == nil && !reflect.DeepEqual(res, want[j]) {
					err = fmt.Errorf("%q: answered differently at once: %s", q.text, diffResults(res, want[j]))
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// diffResults describes the first difference of two results.
func diffResults(a, b *lookup.Result) string {
	if a.Total != b.Total || len(a.Hits) != len(b.Hits) {
		return fmt.Sprintf("total %d/%d hits %d/%d", a.Total, b.Total, len(a.Hits), len(b.Hits))
	}
	for i := range a.Hits {
		if !reflect.DeepEqual(a.Hits[i], b.Hits[i]) {
			return fmt.Sprintf("hit %d: %+v\n vs %+v", i, a.Hits[i], b.Hits[i])
		}
	}
	return fmt.Sprintf("weak %v/%v dym %v/%v", a.Weak, b.Weak, a.DidYouMean, b.DidYouMean)
}

// TestCounts checks the vocabulary's word table: lookups of words there
// and not, the range of words with a first letter (one byte or more), and
// the lines it refuses.
func TestCounts(t *testing.T) {
	c, err := parseCounts("abc 3\nabd 1\nkostka 7\nšance 2\nšíp 4\nžal 1\n")
	if err != nil {
		t.Fatal(err)
	}
	for w, want := range map[string]int{"abc": 3, "abd": 1, "kostka": 7, "šíp": 4, "žal": 1, "ab": 0, "abe": 0, "": 0, "zzz": 0, "ž": 0} {
		if got := c.get(w); got != want {
			t.Errorf("get(%q) = %d, want %d", w, got, want)
		}
	}
	v := vocabulary{df: c}
	for r, want := range map[rune][]string{'a': {"abc", "abd"}, 'š': {"šance", "šíp"}, 'ž': {"žal"}, 'b': nil, 'k': {"kostka"}} {
		lo, hi := v.withFirst(r)
		var got []string
		for i := lo; i < hi; i++ {
			got = append(got, c.word(i))
		}
		if !slices.Equal(got, want) {
			t.Errorf("withFirst(%q) = %v, want %v", r, got, want)
		}
	}
	for _, bad := range []string{"abc\n", "abc x\n", "abc 1\nabc 2\n", "b 1\na 1\n", " 1\n", "abc -1\n", "abc 99999999999\n"} {
		if _, err := parseCounts(bad); err == nil {
			t.Errorf("parseCounts(%q) read it", bad)
		}
	}
}

// TestAliasWords checks which words are whole aliases of one word, in the
// embedded rulebooks: "reroll" is one (Przerzuty), "fire" only a part of
// longer names (Focus Fire, Rapid Fire).
func TestAliasWords(t *testing.T) {
	words := aliasWords(embeddedIndex().sections)
	for w, want := range map[string]bool{"reroll": true, "stats": true, "fire": false, "rapid": false} {
		if words[w] != want {
			t.Errorf("aliasWords()[%q] = %v; want %v", w, words[w], want)
		}
	}
}
