package dice

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// agreeExprs are expressions of every construct, for TestRollsAgreeWithOdds.
var agreeExprs = []string{
	// Kostka's own notation.
	"3d6", "2d6+1d8+3", "(1d6+2)*2", "10/1d4", "d%", "4dF", "4d6kh3", "2d20kl1", "6d6dh2",
	"4d6r1", "4d6ro<3", "3d6!", "3d6!!", "3d6!p", "5d10>=7f1", "10d10!>=8>=7",
	// The reroll's cap, modelled exactly (and the roller's limit of
	// 10,000 dice far away: 300d20r<20 is refused, see TestRolledLimit).
	"1d20r<20", "1d100r<100", "2d6r<6", "100d20r<20",
	// Keep or drop with dice that explode, and with successes.
	"4d6!d1", "4d6d1!", "4d6!kh3", "4d6!kl2", "4d6!dh1", "3d10!>=8d1", "5d10>=7kh3", "6d6>=5f1dl2", "4d6!!kh2", "3d6r1!d1",
	// Other rollers' notation.
	"4d6min3", "8d6mi2 ma5", "4dF.1", "1d20cs>=19cf<3", "4d6sd", "3d6!!p", "4d6<>3",
	"4d6 k3", "3d6 e6", "3d6 ie6", "6d10 t7", "5d10 t8 f1", "4d6 r2", "4d6 ir2", "4d6 d1",
	"{4d6+2d8, 3d20}kh1", "(1d6, 2d8)kh1", "(1d4 + 1, 3, 2d6kl1)kh1", "{1d6, 1d8, 1d10}dl1", "{2d6, 1d12}>=7", "(1d20, 1d20)kl1",
	"floor(7d6/2)", "ceil(3d6/2)", "round(3d6/4)", "abs(1d6-4)", "max(1d6, 1d8)", "min(2d6, 7)",
	"1d10%3", "2**1d4", "1d3^2", "4d6e6", "4d6rr1", "4d6k>3", "4d6p1", "4d6pl1", "8d6mi2",
	"5d6u", "6d10ukh3", "4d8ukl2", "5d10udh1", "{1d6, 1d8, 1d10}d1dh1", "(1d6, 1d6, 1d6)k>3", "(1d4, 1d6, 1d8)p<3", "3d10k1d1", "5d6kh4dl1",
	"(4-2)d10", "3d(2*6)", "1d20 >= 10", "2d6 == 7", "1d6 != 1d6", "0d6+1d4", "3d6 [fire] + 1d4 /* cold */",
	"4d6 i1", "6d10 i3", "2d6 i6", "3d6 i",
	"2d6 adv1", "4d10 dis2", "1d20 adv1 + 5", "5d10 adv2 t8", "4dF dis1",
	"5d10 t7ds10", "5d10 t7 ds", "6d10 t7ds10 f1", "4d10 t8 ie10 ds10", "6d10 t6 ds9 kl4",
	"4d10 t8 b1", "4d10 b2 + 1", "5d10 t7 f1 b",
}

// TestRollsAgreeWithOdds rolls each expression 100,000 times with a seeded
// source and compares how often each total came with its exact odds: no
// total may fall outside Min..Max, and the counts must pass a chi-square
// test at a significance of 1e-6 (totals merged from the low end until
// each group expects at least 5 rolls).
func TestRollsAgreeWithOdds(t *testing.T) {
	rolls := 100_000
	if testing.Short() || raceEnabled {
		rolls = 10_000 // the race detector slows rolling tenfold
	}
	for _, s := range agreeExprs {
		t.Run(s, func(t *testing.T) {
			e, err := Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			o, err := e.Odds()
			if err != nil {
				t.Fatal(err)
			}
			src := NewSeededSource(36)
			counts := map[int]int{}
			for range rolls {
				r := e.Roll(src)
				if r.Total < o.Min || r.Total > o.Max {
					t.Fatalf("rolled %d outside %d..%d", r.Total, o.Min, o.Max)
				}
				counts[r.Total]++
			}
			chi, df := chiSquare(o, counts, rolls)
			crit := chiCritical(df)
			t.Logf("chi-square %.1f on %d degrees of freedom (critical %.1f)", chi, df, crit)
			if chi > crit {
				t.Errorf("the rolls disagree with the odds: chi-square %.1f > %.1f on %d degrees of freedom", chi, crit, df)
			}
		})
	}
}

// chiSquare is the chi-square statistic of counts against o, over groups
// of consecutive totals expecting at least 5 of n rolls each, and its
// degrees of freedom.
func chiSquare(o Odds, counts map[int]int, n int) (chi float64, df int) {
	type group struct{ p, seen float64 }
	var groups []group
	var cur group
	listed := map[int]bool{}
	add := func(p float64, seen int) {
		cur.p += p
		cur.seen += float64(seen)
		if cur.p*float64(n) >= 5 {
			groups = append(groups, cur)
			cur = group{}
		}
	}
	below, above := 0.0, 0.0
	for _, tl := range o.LeftOut {
		if tl.To < o.Distribution[0].Value {
			below += tl.P
		} else {
			above += tl.P
		}
	}
	seenOut := func(lo, hi int) int {
		k := 0
		for v, c := range counts {
			if v >= lo && v <= hi {
				k += c
			}
		}
		return k
	}
	first, last := o.Distribution[0].Value, o.Distribution[len(o.Distribution)-1].Value
	add(below, seenOut(math.MinInt, first-1))
	for _, x := range o.Distribution {
		listed[x.Value] = true
		add(x.P, counts[x.Value])
	}
	// Totals within the range that the odds give no probability.
	for v, c := range counts {
		if v >= first && v <= last && !listed[v] {
			cur.seen += float64(c)
		}
	}
	add(above, seenOut(last+1, math.MaxInt))
	if len(groups) > 0 {
		groups[len(groups)-1].p += cur.p
		groups[len(groups)-1].seen += cur.seen
	}
	for _, g := range groups {
		exp := g.p * float64(n)
		chi += (g.seen - exp) * (g.seen - exp) / exp
	}
	return chi, max(len(groups)-1, 1)
}

// chiCritical is the chi-square value exceeded with probability 1e-6 on
// df degrees of freedom (Wilson and Hilferty's approximation).
func chiCritical(df int) float64 {
	const z = 4.753 // the normal quantile of 1 - 1e-6
	k := float64(df)
	x := 1 - 2/(9*k) + z*math.Sqrt(2/(9*k))
	return k * x * x * x
}

// TestReadings checks what the answers say of expressions other rollers
// read in another way, and that each expression's String, parsed again,
// reads the same (the same odds): "3d6 >= 10" keeps its spaces, as
// "3d6>=10" counts dice.
func TestReadings(t *testing.T) {
	for _, tt := range []struct{ expr, reading, as string }{
		{"+d20", "dice.reading.advantage", "2d20kh1"},
		{"-d20 + 5", "dice.reading.disadvantage", "2d20kl1+5"},
		{"+d%", "dice.reading.percent-advantage", "(2d10kl1-1)*10+1d10"},
		{"-d%", "dice.reading.percent-disadvantage", "(2d10kh1-1)*10+1d10"},
		{"2d6 adv1", "dice.reading.advantage dice.reading.spaced", "2d6 adv1"},
		{"4d10 dis2 + 1", "dice.reading.disadvantage dice.reading.spaced", "4d10 dis2 + 1"},
		{"1d6-d20", "", "1d6-d20"},
		{"3d6 >= 10", "dice.reading.compare", "3d6 >= 10"},
		{"1d20 I rolled a d20", "dice.reading.comment", "1d20"},
		{"4d6 r2", "dice.reading.spaced", "4d6 r2"},
		{"4d10 t8 b", "dice.reading.spaced", "4d10 t8 b"},
		{"4d10 b oops", "dice.reading.comment", "4d10"},
		{"3d10k1d1", "dice.reading.chained", "3d10k1d1"},
		{"d%", "dice.reading.percent", "d%"},
		{"2d6+3", "", "2d6+3"},
	} {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Parse(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, m := range e.Reading() {
				ids = append(ids, m.ID())
			}
			if got := strings.Join(ids, " "); got != tt.reading || e.String() != tt.as {
				t.Errorf("read as %q with %q, want %q with %q", e.String(), got, tt.as, tt.reading)
			}
			o, err := e.Odds()
			if err != nil {
				t.Fatal(err)
			}
			if r := e.Roll(NewSeededSource(1)); len(r.Reading) != len(e.Reading()) || len(o.Reading) != len(e.Reading()) {
				t.Errorf("the roll says %v, the odds %v", r.Reading, o.Reading)
			}
		})
	}
	for _, s := range agreeExprs {
		e, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(e.String())
		if err != nil {
			t.Fatalf("%s, written %q: %v", s, e.String(), err)
		}
		a, _ := e.Odds()
		b, _ := again.Odds()
		if a.Min != b.Min || a.Max != b.Max || math.Abs(a.Mean-b.Mean) > 1e-9 {
			t.Errorf("%s is written %q, which reads otherwise: %d..%d mean %v, not %d..%d mean %v", s, e.String(), b.Min, b.Max, b.Mean, a.Min, a.Max, a.Mean)
		}
	}
}

// TestRolledLimit checks that the odds are refused, naming the term,
// where a roll could meet the roller's limit of MaxRolled dice rolled
// (rerolls and explosions stop there), and given where it is far away.
func TestRolledLimit(t *testing.T) {
	for expr, refused := range map[string]bool{
		"400d20r<20": true, "5x 100d100r<100": true, "100x 1d100r<100": true,
		"100d20r<20": false, "100x 100d6": false, "1000d6r1": false, "20d10!>=8": false, "100x 10d6!": false,
	} {
		e, err := Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Odds()
		var le *LimitError
		if got := errors.As(err, &le) && le.Kind == ErrOddsKeep && errors.Is(err, ErrUnsupported); got != refused {
			t.Errorf("%s: %v, want refused %v", expr, err, refused)
		}
	}
}

// TestDiceMaidenCounts checks what Dice Maiden's ds and b do to the dice
// rolled: a success of the ds face or more counts twice, and a die of the
// b face or less is marked a botch (a critical failure), the total as
// without it.
func TestDiceMaidenCounts(t *testing.T) {
	for seed := range uint64(20) {
		e, err := Parse("20d10 t7ds10 b2")
		if err != nil {
			t.Fatal(err)
		}
		r := e.Roll(NewSeededSource(seed))
		dice := r.Tree().Dice
		want, botches := 0, 0
		for _, d := range dice {
			switch {
			case d.Value >= 10:
				want += 2
			case d.Value >= 7:
				want++
			}
			if d.Fumble != (d.Value <= 2) {
				t.Errorf("seed %d: a %d marked fumble %v", seed, d.Value, d.Fumble)
			}
			if d.Fumble {
				botches++
			}
		}
		if r.Total != want || len(dice) != 20 {
			t.Errorf("seed %d: total %d of %d dice, want %d", seed, r.Total, len(dice), want)
		}
		if seed == 0 && botches == 0 {
			t.Errorf("seed 0 rolled no botch: pick a seed that shows one")
		}
	}
}
