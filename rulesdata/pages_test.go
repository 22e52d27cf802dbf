package rulesdata

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The wzr-d20 rulebook is reconstructed from a PDF extraction (seed 003)
// in which the columns, sidebars and examples of each spread are
// interleaved phrase by phrase. The test here proves that the
// reconstruction neither lost nor invented a word: every line of the seed
// (one spread of the printed book) is, token by token, an interleaving (a
// merge that keeps each side's order) of the stretches of the
// reconstructed book that came from it and of the page furniture that was
// dropped. testdata/wzr-d20-pages.txt lists where each stretch starts, the
// furniture, and every repair (a restored digit 1, a word joined across a
// line break).

const (
	wzrSeed  = "testdata/seeds/003_a212b8fd4f9261a4.txt"
	wzrPages = "testdata/wzr-d20-pages.txt"
)

// tokens returns the lowercase tokens of s: runs of letters and digits.
func tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// pagesSpec is testdata/wzr-d20-pages.txt: how the seed's lines map to
// the reconstructed book.
type pagesSpec struct {
	pages         []pageSpec
	repairs       []repair
	addedTitles   map[string]bool // section ids whose title is not a heading of the seed
	addedChapters map[string]bool // chapters whose heading is not in the seed
}

// pageSpec is one line of the seed: the book stretches that came from it,
// each starting at an anchor, and the furniture dropped from it.
type pageSpec struct {
	line      int
	anchors   []anchor
	furniture [][]string
}

// anchor is where a stretch of the book starts: a section, and optionally
// the first tokens of the stretch inside it.
type anchor struct {
	id    string
	words []string
	where string // place in the spec file, for errors
}

// repair is a place where the book's tokens differ from the seed's: in the
// section id, the book has book where the seed has seed, between before and
// after.
type repair struct {
	id                        string
	before, book, seed, after []string
	where                     string
}

// parsePagesSpec reads the spec format:
//
//	title SECTION-ID                 the section's title is not a seed heading
//	chapter CHAPTER                  the chapter's heading is not in the seed
//	repair SECTION-ID: before [book / seed] after
//	page N                           line N of the seed
//	stream SECTION-ID[: first words] a stretch of the book from that line
//	furniture TEXT                   dropped from that line (page number, running head)
func parsePagesSpec(data []byte) (*pagesSpec, error) {
	spec := &pagesSpec{addedTitles: map[string]bool{}, addedChapters: map[string]bool{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", wzrPages, n)
		key, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		var cur *pageSpec
		if len(spec.pages) > 0 {
			cur = &spec.pages[len(spec.pages)-1]
		}
		switch key {
		case "title":
			spec.addedTitles[rest] = true
		case "chapter":
			spec.addedChapters[rest] = true
		case "repair":
			id, text, ok := strings.Cut(rest, ":")
			open, close := strings.Index(text, "["), strings.Index(text, "]")
			if !ok || open < 0 || close < open {
				return nil, fmt.Errorf("%s: want \"repair ID: before [book / seed] after\"", where)
			}
			book, seed, ok := strings.Cut(text[open+1:close], "/")
			if !ok {
				return nil, fmt.Errorf("%s: the brackets need \"book / seed\"", where)
			}
			spec.repairs = append(spec.repairs, repair{
				id: strings.TrimSpace(id), before: tokens(text[:open]), book: tokens(book),
				seed: tokens(seed), after: tokens(text[close+1:]), where: where,
			})
		case "page":
			p, err := strconv.Atoi(rest)
			if err != nil || p != len(spec.pages)+1 {
				return nil, fmt.Errorf("%s: pages are numbered 1, 2, … in order, got %q", where, rest)
			}
			spec.pages = append(spec.pages, pageSpec{line: p})
		case "stream":
			if cur == nil {
				return nil, fmt.Errorf("%s: stream before the first page", where)
			}
			id, words, _ := strings.Cut(rest, ":")
			cur.anchors = append(cur.anchors, anchor{id: strings.TrimSpace(id), words: tokens(words), where: where})
		case "furniture":
			if cur == nil || len(tokens(rest)) == 0 {
				return nil, fmt.Errorf("%s: furniture needs a page and some text", where)
			}
			cur.furniture = append(cur.furniture, tokens(rest))
		default:
			return nil, fmt.Errorf("%s: unknown line %q", where, key)
		}
	}
	return spec, sc.Err()
}

// bookToken is one token of the reconstructed book with the seed tokens it
// stands for (itself, unless a repair says otherwise).
type bookToken struct {
	text    string
	seed    []string
	section int // index in Book.Sections
}

// bookTokens returns the book's tokens in reading order: for each section
// its chapter heading (where a chapter starts and the heading is from the
// seed), its title and its text, with the repairs applied. A title is not
// counted when it is listed as added or when the text starts with a bold
// run-in term ("**Do černého (Power Shot)** kostky…"), which is the seed's
// own heading of the section. starts[i] is the index of section i's first token.
func bookTokens(b *Book, spec *pagesSpec) (toks []bookToken, starts []int, err error) {
	chapter := ""
	for i, s := range b.Sections {
		starts = append(starts, len(toks))
		add := func(text string) {
			for _, t := range tokens(text) {
				toks = append(toks, bookToken{text: t, seed: []string{t}, section: i})
			}
		}
		if s.Chapter != chapter {
			chapter = s.Chapter
			if !spec.addedChapters[chapter] {
				add(chapter)
			}
		}
		if s.Title != s.Chapter && !spec.addedTitles[s.ID] && !strings.HasPrefix(s.Text, "**") {
			add(s.Title)
		}
		add(s.Text)
	}
	starts = append(starts, len(toks))
	index := map[string]int{}
	for i, s := range b.Sections {
		index[s.ID] = i
	}
	for _, r := range spec.repairs {
		i, ok := index[r.id]
		if !ok {
			return nil, nil, fmt.Errorf("%s: no section %s", r.where, r.id)
		}
		want := slices.Concat(r.before, r.book, r.after)
		at := findAll(toks[starts[i]:starts[i+1]], want)
		if len(at) != 1 {
			return nil, nil, fmt.Errorf("%s: %q is %d times in %s, want once", r.where, strings.Join(want, " "), len(at), r.id)
		}
		p := starts[i] + at[0] + len(r.before)
		switch {
		case len(r.book) > 0:
			toks[p].seed = r.seed
			for k := 1; k < len(r.book); k++ {
				toks[p+k].seed = nil
			}
		case p > starts[i]:
			toks[p-1].seed = slices.Concat(toks[p-1].seed, r.seed)
		default:
			return nil, nil, fmt.Errorf("%s: a seed-only repair needs a word before it", r.where)
		}
	}
	return toks, starts, nil
}

// findAll returns the positions at which want occurs in toks.
func findAll(toks []bookToken, want []string) []int {
	var at []int
	for i := 0; i+len(want) <= len(toks); i++ {
		ok := true
		for k, w := range want {
			if toks[i+k].text != w {
				ok = false
				break
			}
		}
		if ok {
			at = append(at, i)
		}
	}
	return at
}

// checkPages checks that every line of the seed is an interleaving of the
// book stretches the spec assigns to it and of its furniture, and that
// every token of the book is in some stretch.
func checkPages(b *Book, seed []byte, spec *pagesSpec) error {
	toks, starts, err := bookTokens(b, spec)
	if err != nil {
		return err
	}
	index := map[string]int{}
	chapters := map[string]bool{}
	for i, s := range b.Sections {
		index[s.ID] = i
		chapters[s.Chapter] = true
	}
	for id := range spec.addedTitles {
		if _, ok := index[id]; !ok {
			return fmt.Errorf("%s: title of an unknown section %s", wzrPages, id)
		}
	}
	for ch := range spec.addedChapters {
		if !chapters[ch] {
			return fmt.Errorf("%s: unknown chapter %q", wzrPages, ch)
		}
	}
	type cut struct {
		pos, page int
		where     string
	}
	var cuts []cut
	for pi, p := range spec.pages {
		for _, a := range p.anchors {
			i, ok := index[a.id]
			if !ok {
				return fmt.Errorf("%s: no section %s", a.where, a.id)
			}
			pos := starts[i]
			if len(a.words) > 0 {
				at := findAll(toks[starts[i]:starts[i+1]], a.words)
				if len(at) == 0 {
					return fmt.Errorf("%s: %q is not in %s", a.where, strings.Join(a.words, " "), a.id)
				}
				pos += at[0]
			}
			cuts = append(cuts, cut{pos, pi, a.where})
		}
	}
	slices.SortStableFunc(cuts, func(a, b cut) int { return a.pos - b.pos })
	if len(cuts) == 0 || cuts[0].pos != 0 {
		return errors.New("the first stream must start at the book's first section")
	}
	streams := make([][][]string, len(spec.pages)) // page -> stretches -> seed tokens
	for k, c := range cuts {
		end := len(toks)
		if k+1 < len(cuts) {
			end = cuts[k+1].pos
		}
		if end == c.pos {
			return fmt.Errorf("%s: the stream is empty (another starts at the same word)", c.where)
		}
		var st []string
		for _, t := range toks[c.pos:end] {
			st = append(st, t.seed...)
		}
		streams[c.page] = append(streams[c.page], st)
	}
	lines := strings.Split(strings.TrimRight(string(seed), "\n"), "\n")
	var errs []error
	if len(lines) != len(spec.pages) {
		errs = append(errs, fmt.Errorf("the seed has %d lines and the spec %d pages", len(lines), len(spec.pages)))
	}
	for pi, p := range spec.pages[:min(len(lines), len(spec.pages))] {
		if err := interleaves(tokens(lines[pi]), slices.Concat(streams[pi], p.furniture)); err != nil {
			errs = append(errs, fmt.Errorf("page %d: %w", p.line, err))
		}
	}
	return errors.Join(errs...)
}

// maxStates bounds the search of interleaves.
const maxStates = 1 << 18

// interleaves reports whether page is an interleaving of streams: every
// token of page is taken, in order, from the head of one stream, and every
// stream is used up. The search keeps every reachable combination of stream
// positions, so it does not depend on which stream a repeated word is
// taken from.
func interleaves(page []string, streams [][]string) error {
	n := len(streams)
	key := func(s []int32) string {
		var b strings.Builder
		for _, v := range s {
			b.WriteString(strconv.Itoa(int(v)))
			b.WriteByte(',')
		}
		return b.String()
	}
	frontier := [][]int32{make([]int32, n)}
	for i, tok := range page {
		next := [][]int32{}
		seen := map[string]bool{}
		for _, st := range frontier {
			for k := range n {
				if int(st[k]) < len(streams[k]) && streams[k][st[k]] == tok {
					ns := slices.Clone(st)
					ns[k]++
					if kk := key(ns); !seen[kk] {
						seen[kk] = true
						next = append(next, ns)
					}
				}
			}
		}
		if len(next) == 0 {
			return fmt.Errorf("seed word %d %q (…%s[%s]%s…) is at the head of no stream; heads: %s",
				i, tok, strings.Join(page[max(0, i-8):i], " "), tok,
				strings.Join(page[i+1:min(len(page), i+8)], " "), heads(streams, frontier[0]))
		}
		if len(next) > maxStates {
			return fmt.Errorf("seed word %d %q: too many ways to interleave (%d)", i, tok, len(next))
		}
		frontier = next
	}
	for _, st := range frontier {
		done := true
		for k := range n {
			done = done && int(st[k]) == len(streams[k])
		}
		if done {
			return nil
		}
	}
	return fmt.Errorf("the seed line ends before the streams do; left: %s", heads(streams, frontier[0]))
}

// heads describes the next few tokens of each stream at state st.
func heads(streams [][]string, st []int32) string {
	var parts []string
	for k, s := range streams {
		if int(st[k]) < len(s) {
			parts = append(parts, fmt.Sprintf("#%d %q", k, strings.Join(s[st[k]:min(len(s), int(st[k])+6)], " ")))
		}
	}
	return strings.Join(parts, "; ")
}

// wzrBook returns the embedded wzr-d20 rulebook.
func wzrBook(t *testing.T) *Book {
	t.Helper()
	for _, b := range Embedded() {
		if b.System == "wzr-d20" {
			return b
		}
	}
	t.Fatal("no wzr-d20 rulebook")
	return nil
}

func readPagesSpec(t *testing.T) ([]byte, *pagesSpec) {
	t.Helper()
	seed, err := os.ReadFile(wzrSeed)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(wzrPages)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := parsePagesSpec(data)
	if err != nil {
		t.Fatal(err)
	}
	return seed, spec
}

// TestWzrPagesInterleaveSections proves that the reconstructed wzr-d20
// rulebook holds every word of its seed, in the seed's order within each
// column, and no word the seed does not have, except the repairs listed.
func TestWzrPagesInterleaveSections(t *testing.T) {
	seed, spec := readPagesSpec(t)
	if err := checkPages(wzrBook(t), seed, spec); err != nil {
		t.Error(err)
	}
}

// TestWzrPagesMutations shows that the check of
// TestWzrPagesInterleaveSections fails when a word of the reconstruction
// is deleted or moved, or when a listed repair is dropped.
func TestWzrPagesMutations(t *testing.T) {
	seed, spec := readPagesSpec(t)
	orig := wzrBook(t)
	mutate := func(i int, f func(words []string) []string) *Book {
		b := *orig
		b.Sections = slices.Clone(orig.Sections)
		s := *b.Sections[i]
		s.Text = strings.Join(f(strings.Fields(s.Text)), " ")
		b.Sections[i] = &s
		return &b
	}
	// candidates returns the places of words worth mutating: real words of
	// at least four letters.
	candidates := func(s *Section) []int {
		var at []int
		for i, w := range strings.Fields(s.Text) {
			if tw := tokens(w); len(tw) == 1 && len([]rune(tw[0])) >= 4 {
				at = append(at, i)
			}
		}
		return at
	}
	tried := 0
	for i, s := range orig.Sections {
		at := candidates(s)
		if len(at) < 12 || i%3 != 0 {
			continue
		}
		w := at[len(at)/2]
		tried++
		t.Run("delete "+s.ID, func(t *testing.T) {
			b := mutate(i, func(ws []string) []string { return slices.Delete(ws, w, w+1) })
			if checkPages(b, seed, spec) == nil {
				t.Errorf("deleting %q from %s passed the check", strings.Fields(s.Text)[w], s.ID)
			}
		})
		t.Run("move "+s.ID, func(t *testing.T) {
			to := at[len(at)-1]
			b := mutate(i, func(ws []string) []string {
				moved := ws[w]
				ws = slices.Delete(ws, w, w+1)
				return slices.Insert(ws, to-1, moved)
			})
			if checkPages(b, seed, spec) == nil {
				t.Errorf("moving %q within %s passed the check", strings.Fields(s.Text)[w], s.ID)
			}
		})
	}
	if tried < 10 {
		t.Errorf("only %d sections were mutated", tried)
	}
	t.Run("word moved to another section", func(t *testing.T) {
		from, to := 1, len(orig.Sections)-1
		moved := ""
		b := mutate(from, func(ws []string) []string {
			moved = ws[len(ws)/2]
			return slices.Delete(ws, len(ws)/2, len(ws)/2+1)
		})
		s := *b.Sections[to]
		s.Text = moved + " " + s.Text
		b.Sections[to] = &s
		if checkPages(b, seed, spec) == nil {
			t.Errorf("moving %q from %s to %s passed the check", moved, orig.Sections[from].ID, s.ID)
		}
	})
	t.Run("repair dropped", func(t *testing.T) {
		if len(spec.repairs) == 0 {
			t.Fatal("no repairs listed")
		}
		less := *spec
		less.repairs = spec.repairs[1:]
		if checkPages(orig, seed, &less) == nil {
			t.Errorf("the check passed without the repair at %s", spec.repairs[0].where)
		}
	})
}

// TestInterleaves checks the interleaving search itself.
func TestInterleaves(t *testing.T) {
	tests := []struct {
		name    string
		page    string
		streams []string
		ok      bool
	}{
		{"two columns", "a x b y c", []string{"a b c", "x y"}, true},
		{"repeated word taken from the right stream", "a b a c", []string{"a c", "b a"}, true},
		{"order broken", "b a", []string{"a b"}, false},
		{"word missing from the streams", "a b c", []string{"a c"}, false},
		{"stream left over", "a", []string{"a b"}, false},
		{"three streams", "1 a x 2 b y", []string{"a b", "x y", "1 2"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var streams [][]string
			for _, s := range tt.streams {
				streams = append(streams, tokens(s))
			}
			if err := interleaves(tokens(tt.page), streams); (err == nil) != tt.ok {
				t.Errorf("interleaves = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
