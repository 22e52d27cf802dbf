package search

import (
	"fmt"
	"testing"
)

// TestLexiconHas checks whether a field holds a term, for every term of
// a field and as many it does not hold, twice for some (the second time
// perhaps from the postings the lexicon keeps).
func TestLexiconHas(t *testing.T) {
	lex := embeddedLexicon(t)
	held := lex.listPrefix("text_fold", "")
	if len(held) < 1000 {
		t.Fatalf("text_fold holds only %d terms", len(held))
	}
	var terms []string
	for i, term := range held {
		terms = append(terms, term, fmt.Sprintf("%s~%d", term, i)) // the second held nowhere
	}
	for pass := range 2 {
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
