package rulesdata

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// seedsDir holds byte-for-byte copies of the seed texts the rulebooks were
// made from.
const seedsDir = "testdata/seeds"

// seedFile is a seed's file name in a rulebook's source.
var seedFile = regexp.MustCompile(`\b[0-9]{3}_[0-9a-f]{16}\.txt\b`)

// seedOf maps each embedded rulebook to the seed file it was made from.
func seedOf(t *testing.T) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, b := range Embedded() {
		seed := seedFile.FindString(b.Source)
		if seed == "" {
			t.Fatalf("%s: its source %q names no seed file", b.File, b.Source)
		}
		m[b.System] = filepath.Join(seedsDir, seed)
	}
	return m
}

// sentenceEnd splits a text into sentences: after . ! ? or a line break.
var sentenceEnd = regexp.MustCompile(`[.!?]+\s+|\n+`)

// words returns the lowercase words (runs of letters) of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

// sectionWords returns the words of a section in order: its chapter,
// title, aliases, search terms and text.
func sectionWords(s *Section) []string {
	return words(s.Chapter + " " + s.Title + " " + strings.Join(s.Aliases, " ") + " " +
		strings.Join(s.SearchTerms, " ") + " " + s.Text)
}

// htmlTag matches an HTML tag in a seed (fantasy-k6's table has <i>…</i>);
// tags are markup, not words of the rulebook.
var htmlTag = regexp.MustCompile(`</?[a-z]+>`)

// inOrder reports whether ws appear in text in the same order (with any
// words between them).
func inOrder(ws, text []string) bool {
	i := 0
	for _, w := range text {
		if i < len(ws) && w == ws[i] {
			i++
		}
	}
	return i == len(ws)
}

// TestEverySeedSentenceIsInASection checks, by words, that nothing of a
// rulebook was dropped: the words of every sentence of its seed appear, in
// order, in one section, or across two consecutive sections. wzr-d20, whose
// seed is a PDF extraction with interleaved columns, is checked word for
// word by TestWzrPagesInterleaveSections instead.
func TestEverySeedSentenceIsInASection(t *testing.T) {
	seeds := seedOf(t)
	for _, b := range Embedded() {
		if b.System == "wzr-d20" {
			continue
		}
		t.Run(b.System, func(t *testing.T) {
			data, err := os.ReadFile(seeds[b.System])
			if os.IsNotExist(err) {
				t.Fatalf("seed %s is missing: each rulebook's front matter names its source text, kept in %s", seeds[b.System], seedsDir)
			}
			if err != nil {
				t.Fatal(err)
			}
			texts := make([][]string, len(b.Sections))
			for i, s := range b.Sections {
				texts[i] = sectionWords(s)
			}
			sentences, missing := 0, 0
			for _, sentence := range sentenceEnd.Split(htmlTag.ReplaceAllString(string(data), " "), -1) {
				ws := words(sentence)
				if len(ws) == 0 {
					continue
				}
				sentences++
				ok := false
				for i := range texts {
					if inOrder(ws, texts[i]) || (i+1 < len(texts) && inOrder(ws, append(texts[i][:len(texts[i]):len(texts[i])], texts[i+1]...))) {
						ok = true
						break
					}
				}
				if !ok {
					missing++
					if missing <= 10 {
						t.Errorf("no section holds the words of %q", clip(strings.TrimSpace(sentence)))
					}
				}
			}
			if missing > 0 {
				t.Errorf("%d of %d sentences of %s are not in any section", missing, sentences, b.File)
			}
			t.Logf("%s: %d sentences, %d sections", b.File, sentences, len(b.Sections))
		})
	}
}
