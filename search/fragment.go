package search

import (
	"iter"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search/highlight"
	simplefragmenter "github.com/blevesearch/bleve/v2/search/highlight/fragmenter/simple"
)

// fragmentLen is the length, in characters, of a snippet's fragment.
const fragmentLen = 200

// runeFragmenter cuts the same fragments as bleve's simple fragmenter
// (fragmentLen characters around each match, centred on the matches they
// hold), but finds a character's position from an index of the text's
// characters instead of stepping through the text character by character
// for every match: a long section with many matches cost the snippets most
// of their time. Texts that the index does not suit (invalid UTF-8, the
// replacement character, matches that do not start and end on a
// character) are cut by bleve's fragmenter itself.
type runeFragmenter struct {
	chars *charIndex // the index of the text's characters, if known
}

var bleveFragmenter = simplefragmenter.NewFragmenter(fragmentLen)

// Fragment implements highlight.Fragmenter.
func (rf runeFragmenter) Fragment(orig []byte, ot highlight.TermLocations) []*highlight.Fragment {
	var rv []*highlight.Fragment
	for f := range rf.fragments(orig, ot) {
		rv = append(rv, f)
	}
	return rv
}

// fragments yields, in order, the fragments Fragment returns, so that a
// caller that has found what it looks for can stop before the rest are
// cut.
func (rf runeFragmenter) fragments(orig []byte, ot highlight.TermLocations) iter.Seq[*highlight.Fragment] {
	return func(yield func(*highlight.Fragment) bool) {
		bleves := func() {
			for _, f := range bleveFragmenter.Fragment(orig, ot) {
				if !yield(f) {
					return
				}
			}
		}
		chars := rf.chars
		if !chars.of(orig) {
			var ok bool
			if chars, ok = newCharIndex(orig); !ok {
				bleves()
				return
			}
		}
		index, start := chars.index, chars.start
		// Every match must start and end on a character: the text is
		// valid UTF-8 (newCharIndex), so on a byte that starts one, or at
		// the end.
		onCharacter := func(b int) bool {
			return b >= 0 && b <= len(orig) && (b == len(orig) || utf8.RuneStart(orig[b]))
		}
		for _, tl := range ot {
			if !onCharacter(tl.Start) || !onCharacter(tl.End) {
				bleves()
				return
			}
		}
		n := chars.n // characters; start(n) is len(orig)
		if len(ot) == 0 {
			yield(&highlight.Fragment{Orig: orig, Start: 0, End: start(min(fragmentLen, n))})
			return
		}
		maxbegin := 0 // a byte offset
		for i, tl := range ot {
			startIdx, _ := index(tl.Start)
			endIdx := min(startIdx+fragmentLen, n)
			used := endIdx - startIdx
			// Back towards the beginning, not before maxbegin.
			low, _ := index(maxbegin) // maxbegin is the end of a match
			if back := min(fragmentLen-used, startIdx-low); back > 0 {
				startIdx -= back
			}
			begin, end := start(startIdx), start(endIdx)
			// Centre the matches: move back by half the smaller of the room
			// after the last match within the fragment and the room before
			// its start.
			minend := end
			for _, inner := range ot[i:] {
				if inner.End > end {
					break
				}
				minend = inner.End
			}
			minendIdx, _ := index(minend)
			room := endIdx - minendIdx
			roomStart := 0
			if begin >= maxbegin {
				maxbeginIdx, _ := index(maxbegin)
				roomStart = startIdx - maxbeginIdx
			}
			offset := min(room, roomStart) / 2
			startIdx -= offset
			endIdx -= offset
			if !yield(&highlight.Fragment{Orig: orig, Start: start(startIdx), End: start(endIdx)}) {
				return
			}
			maxbegin = tl.End
		}
	}
}

// charIndex finds where a text's characters start, and which character
// starts at a byte, without a table of every character: it keeps where
// every charStep'th character starts and steps through the few between
// (a table of every one held four bytes for each character of the
// rulebooks, which the collector marked and kept room for).
type charIndex struct {
	text  []byte
	marks []int32 // where characters 0, charStep, 2·charStep, … start
	n     int     // how many characters text has
}

// charStep is how many characters a charIndex steps through at most.
const charStep = 32

// newCharIndex indexes text's characters; false if text is not valid
// UTF-8, holds the replacement character (which bleve's fragmenter treats
// as an error) or is 2 GB or longer.
func newCharIndex(text []byte) (*charIndex, bool) {
	if len(text) > math.MaxInt32 {
		return nil, false
	}
	x := &charIndex{text: text, marks: make([]int32, 0, len(text)/charStep+1)}
	for i := 0; i < len(text); x.n++ {
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError {
			return nil, false
		}
		if x.n%charStep == 0 {
			x.marks = append(x.marks, int32(i))
		}
		i += size
	}
	return x, true
}

// of reports whether x indexes text itself (not a copy of it).
func (x *charIndex) of(text []byte) bool {
	return x != nil && len(x.text) == len(text) && (len(text) == 0 || &x.text[0] == &text[0])
}

// start returns where character i starts: len(text) for i = n.
func (x *charIndex) start(i int) int {
	if i >= x.n {
		return len(x.text)
	}
	b := int(x.marks[i/charStep])
	for range i % charStep {
		b += charLen(x.text[b])
	}
	return b
}

// index returns which character starts at byte b (n for len(text)), or
// false if none does.
func (x *charIndex) index(b int) (int, bool) {
	switch {
	case b < 0 || b > len(x.text):
		return 0, false
	case b == len(x.text):
		return x.n, true
	}
	m, found := slices.BinarySearch(x.marks, int32(b))
	if found {
		return m * charStep, true
	}
	m-- // the last mark before b
	i, at := m*charStep, int(x.marks[m])
	for at < b {
		at += charLen(x.text[at])
		i++
	}
	return i, at == b
}

// charLen returns the length of the character of valid UTF-8 text that
// starts with byte c.
func charLen(c byte) int {
	switch {
	case c < 0x80:
		return 1
	case c < 0xE0:
		return 2
	case c < 0xF0:
		return 3
	default:
		return 4
	}
}

// markFormatter formats a fragment as bleve's HTML fragment formatter
// does (the text HTML-escaped, matches in <mark>), writing it once into a
// buffer instead of concatenating a new string at every match.
type markFormatter struct{}

const (
	markBefore = "<mark>"
	markAfter  = "</mark>"
)

// Format implements highlight.FragmentFormatter.
func (markFormatter) Format(f *highlight.Fragment, orderedTermLocations highlight.TermLocations) string {
	var b strings.Builder
	b.Grow(f.End - f.Start + 64)
	writeMarked(&b, f, orderedTermLocations)
	return b.String()
}

// writeMarked writes the fragment f to b as markFormatter formats it.
func writeMarked(b *strings.Builder, f *highlight.Fragment, orderedTermLocations highlight.TermLocations) {
	curr := f.Start
	for _, tl := range orderedTermLocations {
		if tl == nil || !tl.ArrayPositions.Equals(f.ArrayPositions) || tl.Start < curr {
			continue
		}
		if tl.End > f.End {
			break
		}
		escapeHTML(b, f.Orig[curr:tl.Start])
		b.WriteString(markBefore)
		escapeHTML(b, f.Orig[tl.Start:tl.End])
		b.WriteString(markAfter)
		curr = tl.End
	}
	escapeHTML(b, f.Orig[curr:f.End])
}

// escapeHTML writes text to b escaped as html.EscapeString escapes it.
func escapeHTML(b *strings.Builder, text []byte) {
	last := 0
	for i, c := range text {
		var esc string
		switch c {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '"':
			esc = "&#34;"
		default:
			continue
		}
		b.Write(text[last:i])
		b.WriteString(esc)
		last = i + 1
	}
	b.Write(text[last:])
}
