package main

import (
	"fmt"
	"unicode/utf8"
)

// closest returns the candidate nearest to name in edit distance (a
// swapped pair of letters counts as one edit), if it is near enough to be
// what was meant: at most one edit for a name of up to four letters, two
// up to eight, and three beyond.
func closest(name string, candidates []string) (string, bool) {
	limit := 1 + min(2, (utf8.RuneCountInString(name)-1)/4)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, best != ""
}

// didYouMean returns `; did you mean "X"?` for the candidate closest to
// name, or "" when none is close.
func didYouMean(name string, candidates []string) string {
	if best, ok := closest(name, candidates); ok {
		return fmt.Sprintf("; did you mean %q?", best)
	}
	return ""
}

// editDistance is the optimal string alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of adjacent
// letters that turn a into b.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j].
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
