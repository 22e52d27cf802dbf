package search

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestStemCzech(t *testing.T) {
	f, err := os.Open("testdata/czech_stems.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, want, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		n++
		if got := StemCzech(word); got != want {
			t.Errorf("StemCzech(%q) = %q, want %q", word, got, want)
		}
	}
	if n < 50 {
		t.Errorf("only %d words in the list", n)
	}
}

func FuzzStemCzech(f *testing.F) {
	for _, w := range []string{"předsedové", "čt", "e", "ůz", "atech", ""} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		got := StemCzech(w)
		if len([]rune(got)) > len([]rune(w)) {
			t.Errorf("StemCzech(%q) = %q is longer than the word", w, got)
		}
	})
}
