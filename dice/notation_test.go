package dice

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// fixed is a Source that returns the given faces (1-based) in turn.
type fixed struct {
	faces []int
	i     int
}

func (f *fixed) IntN(n int) int {
	v := f.faces[f.i%len(f.faces)] - 1
	f.i++
	if v >= n {
		panic("fixed: face out of range")
	}
	return v
}

func TestNotationOddsByHand(t *testing.T) {
	tests := []struct {
		expr     string
		min, max int
		mean     float64
		p        map[int]float64
	}{
		{"d%", 1, 100, 50.5, map[int]float64{1: .01, 100: .01}},
		{"4dF", -4, 4, 0, map[int]float64{0: 19. / 81, 4: 1. / 81}},
		{"2d6+1d8+3", 6, 23, 7 + 4.5 + 3, map[int]float64{6: 1. / 288}},
		{"(1d6+2)*2", 6, 16, 11, map[int]float64{6: 1. / 6, 7: 0, 16: 1. / 6}},
		{"7/2", 3, 3, 3, map[int]float64{3: 1}},
		{"-7/2", -4, -4, -4, map[int]float64{-4: 1}}, // rounds down
		{"2*3+4", 10, 10, 10, map[int]float64{10: 1}},
		{"-d6", -6, -1, -3.5, map[int]float64{-6: 1. / 6}},
		{"3D6", 3, 18, 10.5, map[int]float64{3: 1. / 216}},
		{"1d6*1d4", 1, 24, 3.5 * 2.5, map[int]float64{24: 1. / 24, 12: 3. / 24}}, // 3×4, 4×3, 6×2
		// Rerolling 1s until they are gone: faces 2..6.
		{"1d6r1", 1, 6, 4, map[int]float64{2: .2, 6: .2}},
		// Reroll once below 3: P(1) = P(2) = 2/6 × 1/6; P(6) = 1/6 + 2/6 × 1/6.
		{"1d6ro<3", 1, 6, 3.5*2./6 + (3+4+5+6)/6., map[int]float64{1: 2. / 36, 6: 8. / 36}},
		// Counting successes: each d10 succeeds on 7+ (0.4).
		{"3d10>=7", 0, 3, 1.2, map[int]float64{3: .064, 0: .216}},
		// With failures on 1 (0.1): a die scores +1 (0.4), -1 (0.1) or 0 (0.5).
		{"1d10>=7f1", -1, 1, 0.3, map[int]float64{-1: .1, 0: .5, 1: .4}},
		// Compounding d6: 6 then 3 is 9; a single roll never totals 6.
		{"1d6!!", 1, 0, 4.2, map[int]float64{6: 0, 9: 1. / 36, 12: 0}},
		// Penetrating d6: after a 6 the next die counts one less: 6 + (1-1) = 6.
		{"1d6!p", 1, 0, 3.5 + 3.5/5*1/(1.) - 0.2, map[int]float64{5: 1. / 6, 6: 1. / 36}},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			o := oddsOf(t, tt.expr)
			if tt.max >= tt.min && (o.Min != tt.min || o.Max != tt.max) {
				t.Errorf("range %d..%d, want %d..%d", o.Min, o.Max, tt.min, tt.max)
			}
			if !strings.Contains(tt.expr, "!p") && math.Abs(o.Mean-tt.mean) > 1e-9 {
				t.Errorf("mean %v, want %v", o.Mean, tt.mean)
			}
			got := map[int]float64{}
			sum := 0.0
			for _, tail := range o.LeftOut {
				sum += tail.P
			}
			for _, d := range o.Distribution {
				got[d.Value] = d.P
				sum += d.P
			}
			for v, want := range tt.p {
				if math.Abs(got[v]-want) > 1e-12 {
					t.Errorf("P(%d) = %v, want %v", v, got[v], want)
				}
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("probabilities add up to %v", sum)
			}
		})
	}
}

// TestFeatureOddsMatchRoller holds each notation feature's exact odds to
// the roller's frequencies (seeded, four standard errors).
func TestFeatureOddsMatchRoller(t *testing.T) {
	const trials = 50_000
	for _, expr := range []string{
		"4d6r1", "4d6ro<3", "3d6!", "2d6!!", "3d6!p", "2d4!>=3", "5d10>=7", "6d10>=8f1", "10d10!>=8>=7",
		"4dF", "d%", "(1d6+2)*2", "2d6/2", "1d6*1d4", "3d6!!kh2", "-2d4+1d8", "2d10!!>=9kl1", "3d6r<3!",
	} {
		t.Run(expr, func(t *testing.T) {
			e, err := Parse(expr)
			if err != nil {
				t.Fatal(err)
			}
			o, err := e.Odds()
			if err != nil {
				t.Fatal(err)
			}
			src := NewSeededSource(7)
			counts := map[int]int{}
			for range trials {
				counts[e.Roll(src).Total]++
			}
			// Values expected fewer than five times are checked together,
			// as one rare event.
			within := func(what string, n int, p float64) {
				se := math.Sqrt(p * (1 - p) / trials)
				if got := float64(n) / trials; math.Abs(got-p) > 4*se+1e-9 {
					t.Errorf("%s: rolled %.5f, exact %.5f", what, got, p)
				}
			}
			rareP, rareN := 0.0, 0
			for _, tail := range o.LeftOut {
				rareP += tail.P
			}
			for _, d := range o.Distribution {
				if d.P*trials < 5 {
					rareP += d.P
					rareN += counts[d.Value]
				} else {
					within(fmt.Sprintf("P(%d)", d.Value), counts[d.Value], d.P)
				}
				delete(counts, d.Value)
			}
			for v, n := range counts { // in the tails left out
				rareN += n
				if v < o.Min || v > o.Max {
					t.Errorf("rolled %d, outside %d..%d", v, o.Min, o.Max)
				}
			}
			within("the rare totals", rareN, rareP)
			checkOdds(t, expr, o)
		})
	}
}

func TestRenderings(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		text  string
		md    string
	}{
		{"4d6kh3", []int{6, 5, 3, 1}, "4d6kh3 → (6, 5, 3, [1]) = 14", "4d6kh3 → (**6**, 5, 3, [1]) = 14"},
		{"2d6+3 # sword", []int{2, 6}, "2d6+3 → (2, 6) + 3 = 11 # sword", "2d6+3 → (2, **6**) + 3 = 11 # sword"},
		{"3d6!", []int{6, 2, 1, 4}, "3d6! → (6!, 2, 1, 4) = 13", "3d6! → (**6**!, 2, 1, 4) = 13"},
		{"1d6!!", []int{6, 6, 3}, "1d6!! → (6+6+3!) = 15", "1d6!! → (6+6+3!) = 15"},
		{"2d6r1", []int{1, 4, 5}, "2d6r1 → (1→4, 5) = 9", "2d6r1 → (1→4, 5) = 9"},
		{"4d10>=7f1", []int{7, 1, 3, 10}, "4d10>=7f1 → (7✓, 1✗, 3, 10✓) = 1", "4d10>=7f1 → (7✓, 1✗, 3, **10**✓) = 1"},
		{"2dF", []int{3, 1}, "2dF → (+, −) = 0", "2dF → (**+**, −) = 0"},
		{"1d6+1d4", []int{3, 2}, "1d6+1d4 → 3 + 2 = 5", "1d6+1d4 → 3 + 2 = 5"},
		{"2x 1d6", []int{4, 5}, "1. 1d6 → 4 = 4\n2. 1d6 → 5 = 5", "1\\. 1d6 → 4 = 4\n2\\. 1d6 → 5 = 5"},
		// The structure, the modifiers and the operators stay.
		{"3k6+2", []int{2, 1, 5}, "3k6+2 → (2, 1, 5) + 2 = 10", "3k6+2 → (2, 1, 5) + 2 = 10"},
		{"d6-d6", []int{4, 4}, "d6-d6 → 4 − 4 = 0", "d6-d6 → 4 − 4 = 0"},
		{"(1d6+2)*2", []int{3}, "(1d6+2)*2 → (3 + 2) × 2 = 10", "(1d6+2)\\*2 → (3 + 2) × 2 = 10"},
		{"-1d6/2", []int{5}, "-1d6/2 → −5 ÷ 2 = -3", "-1d6/2 → −5 ÷ 2 = -3"},
		{"2*(1d4-(1+1))", []int{1}, "2*(1d4-(1+1)) → 2 × (1 − (1 + 1)) = -2", "2\\*(1d4-(1+1)) → 2 × (1 − (1 + 1)) = -2"},
		{"1dF+1", []int{3}, "1dF+1 → (+) + 1 = 2", "1dF+1 → (**+**) + 1 = 2"},
		// What a player typed cannot format a chat message.
		{"d6 # *bold* _it_ ~~x~~ <@1> [a](b)", []int{2}, "d6 → 2 = 2 # *bold* _it_ ~~x~~ <@1> [a](b)",
			"d6 → 2 = 2 # \\*bold\\* \\_it\\_ \\~\\~x\\~\\~ \\<\\@1> \\[a\\](b)"},
		{"d6 # two\n# lines", []int{3}, "d6 → 3 = 3 # two # lines", "d6 → 3 = 3 # two # lines"},
		{"2x d6 # stats", []int{1, 2}, "1. d6 → 1 = 1\n2. d6 → 2 = 2\n# stats", "1\\. d6 → 1 = 1\n2\\. d6 → 2 = 2\n\\# stats"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Parse(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			r := e.Roll(&fixed{faces: tt.faces})
			if got := r.Text(); got != tt.text {
				t.Errorf("Text() = %q, want %q", got, tt.text)
			}
			if got := r.Markdown(); got != tt.md {
				t.Errorf("Markdown() = %q, want %q", got, tt.md)
			}
		})
	}
}

// TestRollTree checks the tree a roll answers: every part with its value
// and position, and each die once.
func TestRollTree(t *testing.T) {
	e, err := Parse("6x (1d6+2)*2")
	if err != nil {
		t.Fatal(err)
	}
	r := e.Roll(&fixed{faces: []int{3, 1, 6, 2, 5, 4}})
	if len(r.Results) != 6 || r.Total != 0 || r.Tree() != nil || r.Expr != "6x (1d6+2)*2" {
		t.Fatalf("repeat: %+v", r)
	}
	one := r.Results[0]
	root := one.Tree()
	if one.Expr != "(1d6+2)*2" || one.Total != 10 || root.Kind != KindOp || root.Op != '*' || root.Value != 10 || root.Pos != 4 {
		t.Fatalf("root %+v of %+v", root, one)
	}
	group := root.Left
	sum := group.Operand
	if group.Kind != KindGroup || group.Value != 5 || group.Pos != 4 || sum.Kind != KindOp || sum.Op != '+' || sum.Value != 5 {
		t.Fatalf("group %+v, sum %+v", group, sum)
	}
	if d := sum.Left; d.Kind != KindDice || d.Expr != "1d6" || d.Pos != 5 || len(d.Dice) != 1 || d.Dice[0].Value != 3 || d.Value != 3 {
		t.Errorf("dice term %+v", d)
	}
	if n := sum.Right; n.Kind != KindNumber || n.Value != 2 || n.Pos != 9 {
		t.Errorf("number %+v", n)
	}
	if n := root.Right; n.Kind != KindNumber || n.Value != 2 || n.Pos != 12 {
		t.Errorf("number %+v", n)
	}
	// The JSON: a repeated roll has no total; each die appears once.
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if _, ok := doc["total"]; ok {
		t.Errorf("a repeated roll has a total: %s", data)
	}
	if n := strings.Count(string(data), `"sides":6`); n != 6 {
		t.Errorf("%d dice in the JSON of six rolls of one die: %s", n, data)
	}
	data, _ = json.Marshal(one)
	if !strings.Contains(string(data), `"total":10`) || !strings.Contains(string(data), `"kind":"group"`) {
		t.Errorf("one roll: %s", data)
	}
	// Negation.
	e, _ = Parse("-d6")
	if r := e.Roll(&fixed{faces: []int{4}}); r.Total != -4 || r.Tree().Kind != KindNeg || r.Tree().Operand.Value != 4 {
		t.Errorf("-d6: %+v", r.Tree())
	}
}

func TestRollMarks(t *testing.T) {
	e, _ := Parse("3d6!")
	r := e.Roll(&fixed{faces: []int{6, 6, 2, 3, 4}})
	dice := r.Dice()
	if len(dice) != 5 || !dice[0].Exploded || !dice[1].Exploded || !dice[1].Extra || dice[2].Exploded || r.Total != 21 {
		t.Errorf("dice %+v total %d", dice, r.Total)
	}
	e, _ = Parse("6x 4d6kh3")
	r = e.Roll(NewSeededSource(3))
	for _, x := range r.Results {
		if len(x.Dice()) != 4 || x.Expr != "4d6kh3" || x.Total < 3 || x.Total > 18 {
			t.Errorf("result %+v", x)
		}
	}
	if len(r.Results) != 6 || r.Total != 0 || r.Expr != "6x 4d6kh3" {
		t.Errorf("repeat: %d results, total %d, expr %q", len(r.Results), r.Total, r.Expr)
	}
	// Division says it rounds down.
	e, _ = Parse("7/2")
	if r := e.Roll(NewSeededSource(1)); r.Total != 3 || len(r.Notes) != 1 {
		t.Errorf("7/2: %+v", r)
	}
	// Explosions of a repeated roll share one budget of dice.
	e, _ = Parse("100x 100d2!")
	r = e.Roll(&fixed{faces: []int{2}})
	n := 0
	for _, x := range r.Results {
		n += len(x.Dice())
	}
	if n > 2*MaxRolled {
		t.Errorf("a repeated exploding roll rolled %d dice", n)
	}
	// d1! would explode forever; a d2 exploding on 2 stops at the cap.
	e, _ = Parse("1d2!")
	r = e.Roll(&fixed{faces: []int{2}})
	if len(r.Dice()) != MaxExplodeDepth+1 || len(r.Notes) != 1 {
		t.Errorf("capped explosion: %d dice, notes %v", len(r.Dice()), r.Notes)
	}
}

func TestNotationErrors(t *testing.T) {
	tests := []struct {
		expr, want string
		limit      bool
	}{
		{"2d", "expected the number of sides after 'd' at 3", false},
		{"(2d6", "expected ')' to close the '(' at 1 at 5", false},
		{"2d6+", "expected a number or a die at 5", false},
		{"2d6 3", "expected an operator (+ - * /), not '3' at 5", false},
		{"d6!>=1", "these dice would explode forever", false},
		{"d6r<7", "this reroll would never end", false},
		{"1d6/(1d6-1)", "a divisor that could be 0", false},
		{"4d6f1", "'f' (count failures) comes after a success condition", false},
		{"4d6r1r2", "a second reroll modifier", false},
		{"4d6>", "expected a number after '>'", false},
		{"101x d6", "repeat from 1 to 100 times", true},
		{"1001d6", "roll 1 to 1000 dice", true},
		{"600d6+600d6", "more than 1000 dice", true},
		{"1d2000000", "a die must have 1 to 1000000 sides", true},
		{"100x 200d6", "100 rolls of 200 dice are more than 10000 dice", true},
		// Whole characters, at their character positions.
		{"３ｄ６", "expected a number or a die, not '３' at 1", false},
		{"2d6ł", "expected an operator (+ - * /), not 'ł' at 4", false},
		{"2+ł", "expected a number or a die, not 'ł' at 3", false},
		{"(1d6+2ł", "expected ')' to close the '(' at 1, not 'ł' at 7", false},
		// The divisor's own position.
		{"1d6/(1d6-1)", "a divisor that could be 0 at 5", false},
		{"2d6+1d4/(2-2)", "a divisor that is 0 at 9", false},
		{"10/d6/(d4-d4)", "a divisor that could be 0 at 7", false},
		// A + sent unencoded in a URL query arrives as a space.
		{"1d20 5", "expected an operator (+ - * /), not '5' at 6 (a + typed into a URL's query string arrives as a space: write it as %2B)", false},
		{"2d6 d8", "not 'd' at 5 (a + typed into a URL's query string arrives as a space: write it as %2B)", false},
		// Values that could pass 2^53 - 1 are refused before rolling.
		{"999999999*999999999*999999999", "can be larger than 9007199254740991", true},
		{"500d1000000!*500d1000000!", "can be larger than 9007199254740991", true},
		{"-(999999999*999999999)*-999999999", "can be larger than 9007199254740991", true},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			_, err := Parse(tt.expr)
			var se *SyntaxError
			if tt.limit {
				if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("err = %v, want a limit error with %q", err, tt.want)
				}
				return
			}
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want a syntax error with %q", err, tt.want)
			}
		})
	}
	// No hint about + where a + could not have been.
	for _, expr := range []string{"d6 – d6", "2d6 x", "(1d6) )"} {
		var se *SyntaxError
		if _, err := Parse(expr); !errors.As(err, &se) || se.Kind != ErrExpectedOperator || se.Hint != "" {
			t.Errorf("%s: err = %v, want an expected operator without a hint", expr, err)
		}
	}
}

// abusive are expressions built to cost.
var abusive = []string{
	"1000000d1000000", "999999x d6", "1000d1000000", "1000d1000", strings.Repeat("(", 99) + "1d2!" + strings.Repeat(")", 99),
	"1000d6*1000d6", "500d100!!", "1000d2!", "d1000000*d1000000", "10d10!!>=2kh5",
}

// TestAbusiveInputIsRefused checks that expressions built to cost are
// refused with a clear error, or computed, and never hang (the speed of
// refusing is BenchmarkRefuseAbusive's).
func TestAbusiveInputIsRefused(t *testing.T) {
	for _, expr := range abusive {
		done := make(chan error, 1)
		go func() {
			e, err := Parse(expr)
			if err == nil {
				e.Roll(NewSeededSource(1))
				_, err = e.Odds()
			}
			done <- err
		}()
		select {
		case err := <-done:
			var se *SyntaxError
			if err != nil && !errors.Is(err, ErrLimit) && !errors.Is(err, ErrUnsupported) && !errors.As(err, &se) {
				t.Errorf("%.40s: %v", expr, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%.40s did not finish", expr)
		}
	}
}

// BenchmarkRefuseAbusive is the time to parse, roll and refuse (or
// compute) every abusive expression once.
func BenchmarkRefuseAbusive(b *testing.B) {
	for b.Loop() {
		for _, expr := range abusive {
			if e, err := Parse(expr); err == nil {
				e.Roll(NewSeededSource(1))
				e.Odds()
			}
		}
	}
}

func BenchmarkParseAndRoll(b *testing.B) {
	src := NewSeededSource(1)
	b.ReportAllocs()
	loopCPU(b, func() {
		e, err := Parse("4d6kh3+2")
		if err != nil {
			b.Fatal(err)
		}
		e.Roll(src)
	})
}

func BenchmarkOddsExploding(b *testing.B) {
	e, _ := Parse("20d10!>=8")
	b.ReportAllocs()
	loopCPU(b, func() {
		if _, err := e.Odds(); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkRoll rolls a parsed 4d6kh3+2, as the API does for a repeated
// expression.
func BenchmarkRoll(b *testing.B) {
	e, _ := Parse("4d6kh3+2")
	src := NewSeededSource(1)
	b.ReportAllocs()
	loopCPU(b, func() {
		e.Roll(src)
	})
}

// BenchmarkParse parses 4d6kh3+2.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	loopCPU(b, func() {
		if _, err := Parse("4d6kh3+2"); err != nil {
			b.Fatal(err)
		}
	})
}
