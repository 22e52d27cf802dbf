package search

import (
	"fmt"
	"testing"
)

// TestLexiconHas checks that whether a field holds a term is answered
// alike read from the dictionaries and remembered by the index, for more
// terms than the index remembers, held and not.
func TestLexiconHas(t *testing.T) {
	lex := embeddedLexicon(t)
	held := lex.listPrefix("text_fold", "")
	if len(held) < heldCacheSize {
		t.Fatalf("text_fold holds %d terms, want over %d", len(held), heldCacheSize)
	}
	var terms []string
	for i, term := range held {
		terms = append(terms, term, fmt.Sprintf("%s~%d", term, i)) // the second held nowhere
	}
	for pass := range 2 { // the second, for some, from what the index remembers
		for i, term := range terms {
			if pass == 1 && i%5 != 0 {
				continue
			}
			want := i%2 == 0
			if got := lex.has("text_fold", term); got != want {
				t.Fatalf("pass %d: has(text_fold, %q) = %v, want %v", pass, term, got, want)
			}
		}
	}
	if lex.has("title_fold", "~") || !lex.has("title_fold", "oslona") {
		t.Error("title_fold: wrong answers")
	}
}
