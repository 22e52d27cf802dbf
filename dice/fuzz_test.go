package dice

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"testing"

	"kostka/l10n"
)

// FuzzParse feeds the parser arbitrary input: it must never panic, every
// error must be a syntax error or a limit, and whatever parses must roll to
// a total its exact odds call possible.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"2d6", "3k6+2", "4d6kh3", "2d20kl1-1", "6d6dh2", "d", "2d", "1d0", "k", "1+", "-", "99999999999d6", "4d6k", "d6d6", "  1d8 + 2 ", "3K6DL1", "d%", "4dF", "(2d6+1)*2", "10/3", "-d6", "10d10!>=8>=7", "6x 4d6kh3", "2d6+3 # sword", "4d6r1", "4d6ro<3", "3d6!!", "3d6!p", "5d10>=7f1", "d1!", "8d6/(1d4)", "1d6/(1d6-1)", "３ｄ６", "2d6ł", "999999999*999999999*999999999", "d6-d6", "1d20 5", "-3d6!", "100d100", "2*(1d4-(1+1)) # x", "4dF!<0",
		// Other rollers' notation.
		"4d6!d1", "4d6d1!", "1d20r<20", "{4d6+2d8, 3d20}kh1", "(1d6, 2d8)kh1", "(1d4 + 1, 3, 2d6kl1)kh1", "4d6min3", "8d6mi2 ma5",
		"4dF.1", "1d20cs>=19cf<3", "5d10u", "2d10uo", "4d6u=5", "(4-2)d10", "3d(2*6)", "floor(7d6/2)", "ceil(3d6/2)", "round(3d6/4)",
		"abs(1d6-4)", "max(1d6, 1d8, 3)", "min(2d6, 7)", "1d10%3", "2**1d4", "1d3^2", "4d6sd", "4d6<>3", "3d6!!p", "3d6 e6", "10d6 e6 k8 +4",
		"6d10 t7", "5d10 t8 f1", "4d6 r2", "4d6 ir2", "+d20", "-d20", "+d%", "-d%", "3d10k1d1", "4d10dh1dl2", "(1, 2, 3, 4, 5)p3",
		"1d20 >= 15", "1 + 2 == 2", "2d6 ; 3d8", "6 4d6", "(Attack) 1d20 + 5", "4d6 ! fire", "4d6 /* ice */ + 2", "3d6 [fire] + 1d4 [cold]",
		"1d20 I rolled a d20", "0d6", "15 // 2", "10/0", "{3d20+5}>40f<15", "(1)k2", "()", "(2,)", "4d10!>=8d1", "5d10>=7kh3",
		"2d6 adv1", "4d10 dis2 t8", "2d6 ie6 adv1", "2d6 adv1 e6", "999d6 adv2", "1d20 adv1 k1",
		"5d10 t7ds10", "5d10 t7 ds", "5d10 ds10", "5d10 t7ds10 ds9", "4d10 t8 ie10 ds10 f1", "4d10 t8 b1", "4d10 b", "4d10 b oops"} {
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
		for _, r := range append([]Result{res}, res.Results...) {
			// The tree a roll builds from its dice adds up to its total.
			if tree := r.Tree(); (tree == nil) != (len(r.Results) > 0) || (tree != nil && tree.Value != r.Total) {
				t.Fatalf("%q: tree %+v, total %d", s, tree, r.Total)
			}
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("%q: the roll does not marshal: %v", s, err)
		}
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
			// Rerolls and explosions a limit stopped say so; otherwise
			// every total lies within the odds' true bounds.
			if slices.ContainsFunc(r.Notes, func(m l10n.Message) bool {
				return m.Def() == noteStoppedRerolls || m.Def() == noteStoppedExplosions
			}) {
				continue
			}
			if r.Total < odds.Min || r.Total > odds.Max {
				t.Fatalf("%q rolled %d outside %d..%d", s, r.Total, odds.Min, odds.Max)
			}
		}
		checkOdds(t, s, odds)
		if _, err := json.Marshal(odds); err != nil {
			t.Fatalf("%q: the odds do not marshal: %v", s, err)
		}
	})
}

// checkOdds checks what every answer of Odds must satisfy: the listed
// probabilities and the left-out tails sum to 1 within 1e-12, the totals
// lie within Min and Max in order, the tails cover the rest of the range,
// and P(≥ v) adds up.
func checkOdds(t *testing.T, expr string, o Odds) {
	t.Helper()
	sum := 0.0
	for _, d := range o.Distribution {
		sum += d.P
	}
	tails, high := 0.0, 0.0
	from, to := o.Min, o.Max
	for _, tail := range o.LeftOut {
		tails += tail.P
		switch {
		case tail.From == o.Min && tail.To < o.Max:
			from = tail.To + 1
		case tail.To == o.Max && tail.From > o.Min:
			to = tail.From - 1
			high = tail.P
		default:
			t.Fatalf("%q: tail %+v does not end at %d or %d", expr, tail, o.Min, o.Max)
		}
	}
	if math.Abs(sum+tails-1) > 1e-12 {
		t.Fatalf("%q: probabilities sum to %v + tails %v", expr, sum, tails)
	}
	if n := len(o.Distribution); n == 0 || o.Distribution[0].Value != from || o.Distribution[n-1].Value != to {
		t.Fatalf("%q: distribution %v, want %d..%d (min %d, max %d, left out %+v)", expr, o.Distribution, from, to, o.Min, o.Max, o.LeftOut)
	}
	above := high
	for i := len(o.Distribution) - 1; i >= 0; i-- {
		d := o.Distribution[i]
		above += d.P
		if d.P <= 0 || (i > 0 && o.Distribution[i-1].Value >= d.Value) {
			t.Fatalf("%q: outcome %+v", expr, d)
		}
		if want := above; math.Abs(d.PAtLeast-want) > 1e-12 {
			t.Fatalf("%q: P(≥%d) = %v, want %v", expr, d.Value, d.PAtLeast, want)
		}
		if d.PAtLeast > 1 || (i+1 < len(o.Distribution) && d.PAtLeast < o.Distribution[i+1].PAtLeast) {
			t.Fatalf("%q: P(≥%d) = %v, then P(≥%d) = %v", expr, d.Value, d.PAtLeast, o.Distribution[min(i+1, len(o.Distribution)-1)].Value, o.Distribution[min(i+1, len(o.Distribution)-1)].PAtLeast)
		}
	}
}
