package api

import (
	"fmt"
	"net/url"
	"testing"

	"kostka/internal/testenv"
)

// TestBudgetDice holds the notation Kostka reads from other rollers
// (dice/NOTATION.md) to the same budget as TestBudget: 50 ms of CPU and
// 16 MB for each odds and roll, at and near the limits of each construct,
// and every refusal before the work. It runs in a step of its own in
// .ci/run: KOSTKA_BUDGET=1 go test -run 'TestBudgetDice$' ./api
func TestBudgetDice(t *testing.T) {
	testenv.Gated(t, "KOSTKA_BUDGET", "go test -count=1 -run 'TestBudgetDice$' ./api")
	if testing.Short() || raceEnabled {
		t.Skip("measures time and memory: not with -short or -race")
	}
	b := &budgetChecker{t: t, h: NewHandler(Config{}), heaviest: map[string]measured{}}
	for _, expr := range otherNotationSweep() {
		b.check("odds", "/v1/odds?expr="+url.QueryEscape(expr), "")
		b.check("roll", "/v1/roll?seed=1&expr="+url.QueryEscape(expr), "")
	}
	b.report(t)
}

// otherNotationSweep lists expressions of every construct read from other
// rollers, at and near their limits: keeps and drops of exploding dice,
// capped rerolls, unique dice, sets and groups of up to 20 values, clamps,
// functions, comparisons, powers and remainders, and the costliest of each
// that the odds accept.
func otherNotationSweep() []string {
	var out []string
	for _, n := range []int{1, 2, 10, 50, 100, 200, 1000} {
		for _, s := range []int{2, 6, 20, 100, 1000} {
			d := fmt.Sprintf("%dd%d", n, s)
			half := max(1, n/2)
			out = append(out, d+"!d1", fmt.Sprintf("%s!kh%d", d, half), fmt.Sprintf("%s!>=%dd1", d, s/2+1), fmt.Sprintf("%s>=%dkh%d", d, s/2, half),
				d+"r<"+fmt.Sprint(s), d+"u", fmt.Sprintf("%sukh%d", d, half), d+"k1d1dh1", fmt.Sprintf("%smin%d", d, s/2), d+" e6 k1", d+" ie6 d1",
				fmt.Sprintf("%s%%%d", d, s/3+1), d+"^2", fmt.Sprintf("max(%s, %s)", d, d), fmt.Sprintf("%s == %s", d, d), fmt.Sprintf("round(%s/7)", d),
				d+"cs>=2cf<2sd", d+"!!p", d+" adv1", fmt.Sprintf("%s t%dds f1 b1", d, s/2+1), fmt.Sprintf("%s dis%d t%d", d, half, s/2+1))
		}
	}
	for m := 2; m <= 20; m += 3 {
		for _, s := range []int{6, 100, 1000} {
			set := "{"
			for i := range m {
				if i > 0 {
					set += ","
				}
				set += fmt.Sprintf("10d%d", s)
			}
			out = append(out, set+"}", set+"}kh1", set+"}dl1dh1", set+"}>=30")
		}
	}
	out = append(out, "+d20", "-d%", "1000dF.1", "(999+1)d(1000*1000)", "2d6 ; 3d8 ; 1d20 ; 4d10", "100 10d6",
		// The costliest the odds accept (dice.BenchmarkOtherNotation).
		"100d100r<100", "60d100>=50kh30", "200d100k1d1dh1", "10d100ukh5", "3d100!d1", "{1d6,1d6,1d6,1d6,1d6,1d6,1d6,1d6}kh1",
		"max(40d20, 40d20)")
	return out
}
