package dice

import (
	"errors"
	"testing"
)

// FuzzParse feeds the parser arbitrary input: it must never panic, every
// error must be a syntax error or a limit, and whatever parses must roll to
// a total its exact odds call possible.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"2d6", "3k6+2", "4d6kh3", "2d20kl1-1", "6d6dh2", "d", "2d", "1d0", "k", "1+", "-", "99999999999d6", "4d6k", "d6d6", "  1d8 + 2 ", "3K6DL1", "d%", "4dF", "(2d6+1)*2", "10/3", "-d6", "10d10!>=8>=7", "6x 4d6kh3", "2d6+3 # sword", "4d6r1", "4d6ro<3", "3d6!!", "3d6!p", "5d10>=7f1", "d1!", "8d6/(1d4)", "1d6/(1d6-1)"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) && !errors.Is(err, ErrLimit) {
				t.Fatalf("Parse(%q): unexpected error type %T: %v", s, err, err)
			}
			return
		}
		res := e.Roll(NewSeededSource(1))
		_ = res.Text()
		_ = res.Markdown()
		odds, err := e.Odds()
		if err != nil {
			if !errors.Is(err, ErrLimit) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Odds(%q): %v", s, err)
			}
			return
		}
		results := res.Results
		if len(results) == 0 {
			results = []Result{res}
		}
		for _, r := range results {
			if odds.Truncated == 0 && (r.Total < odds.Min || r.Total > odds.Max) {
				t.Fatalf("%q rolled %d outside %d..%d", s, r.Total, odds.Min, odds.Max)
			}
		}
	})
}
