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
	starts []int32 // runeStarts of the text, if known
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
		starts := rf.starts
		if len(starts) == 0 || int(starts[len(starts)-1]) != len(orig) {
			var ok bool
			if starts, ok = runeStarts(orig); !ok {
				bleves()
				return
			}
		}
		// index returns the position of the character starting at byte
		// b, or false if none does.
		index := func(b int) (int, bool) {
			if b < 0 || b > math.MaxInt32 {
				return 0, false
			}
			return slices.BinarySearch(starts, int32(b))
		}
		// Every match must start and end on a character: the text is
		// valid UTF-8 (runeStarts), so on a byte that starts one, or at
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
		n := len(starts) - 1 // characters; starts[n] is len(orig)
		if len(ot) == 0 {
			yield(&highlight.Fragment{Orig: orig, Start: 0, End: int(starts[min(fragmentLen, n)])})
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
			start, end := int(starts[startIdx]), int(starts[endIdx])
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
			if start >= maxbegin {
				maxbeginIdx, _ := index(maxbegin)
				roomStart = startIdx - maxbeginIdx
			}
			offset := min(room, roomStart) / 2
			startIdx -= offset
			endIdx -= offset
			if !yield(&highlight.Fragment{Orig: orig, Start: int(starts[startIdx]), End: int(starts[endIdx])}) {
				return
			}
			maxbegin = tl.End
		}
	}
}

// runeStarts returns the byte offset of each character of text and, last,
// len(text); false if text is not valid UTF-8, holds the replacement
// character (which bleve's fragmenter treats as an error) or is 2 GB or
// longer.
func runeStarts(text []byte) ([]int32, bool) {
	if len(text) > math.MaxInt32 {
		return nil, false
	}
	starts := make([]int32, 0, utf8.RuneCount(text)+1)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError {
			return nil, false
		}
		starts = append(starts, int32(i))
		i += size
	}
	return append(starts, int32(len(text))), true
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
