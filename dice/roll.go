package dice

import (
	"fmt"
	"slices"
)

// Die is one rolled die, with what happened to it.
type Die struct {
	Sides    int   `json:"sides"` // 3 for a Fudge die
	Value    int   `json:"value"` // the face counted (for !! the compounded total, for !p one less after the first)
	Fudge    bool  `json:"fudge,omitempty"`
	Dropped  bool  `json:"dropped,omitempty"`  // not counted: a keep or drop modifier left it out
	Exploded bool  `json:"exploded,omitempty"` // it matched the explode condition and rolled again
	Extra    bool  `json:"extra,omitempty"`    // rolled because the die before it exploded
	Rerolled []int `json:"rerolled,omitempty"` // faces rolled before, rerolled away
	Success  bool  `json:"success,omitempty"`
	Failure  bool  `json:"failure,omitempty"`
	// Rolls are the faces a compounding die (!!) added up.
	Rolls []int `json:"rolls,omitempty"`
}

// Term is one dice term of a roll: its dice and what it counted.
type Term struct {
	Expr  string `json:"expr"`
	Value int    `json:"value"` // the sum of its counted dice, or its successes
	Dice  []Die  `json:"dice"`
}

// Result is the outcome of rolling an Expr once.
type Result struct {
	Expr    string   `json:"expr"`
	Total   int      `json:"total"`
	Dice    []Die    `json:"dice"`  // every die of every term, in order
	Terms   []Term   `json:"terms"` // each dice term with its subtotal
	Comment string   `json:"comment,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	// Results are the separate results of a repeated roll ("6x 4d6kh3");
	// Total is then their sum.
	Results []Result `json:"results,omitempty"`
}

// roller rolls one expression.
type roller struct {
	src    Source
	rolled int // dice rolled by the whole expression, repetitions included, for MaxRolled
	terms  []Term
	notes  map[string]bool
}

// Roll rolls e with src: every die, each term's subtotal and the total.
// A repeated expression is rolled that many times.
func (e *Expr) Roll(src Source) Result {
	if e.repeat > 1 {
		out := Result{Expr: e.src, Comment: e.comment, Dice: []Die{}, Terms: []Term{}}
		rolled := 0 // MaxRolled holds for all the repetitions together
		for range e.repeat {
			r := e.rollOnce(src, &rolled)
			r.Expr, r.Comment = e.src[len(fmt.Sprint(e.repeat))+2:], ""
			out.Total += r.Total
			out.Results = append(out.Results, r)
		}
		return out
	}
	rolled := 0
	return e.rollOnce(src, &rolled)
}

// rollOnce rolls the expression once; rolled counts the dice rolled so
// far, across repetitions.
func (e *Expr) rollOnce(src Source, rolled *int) Result {
	r := roller{src: src, rolled: *rolled}
	total := r.eval(e.root)
	*rolled = r.rolled
	res := Result{Expr: e.src, Comment: e.comment, Total: total, Terms: r.terms}
	switch len(res.Terms) {
	case 0:
		res.Dice, res.Terms = []Die{}, []Term{}
	case 1:
		res.Dice = res.Terms[0].Dice
	default:
		for _, t := range res.Terms {
			res.Dice = append(res.Dice, t.Dice...)
		}
	}
	for n := range r.notes {
		res.Notes = append(res.Notes, n)
	}
	slices.Sort(res.Notes)
	return res
}

func (r *roller) note(s string) {
	if r.notes == nil {
		r.notes = map[string]bool{}
	}
	r.notes[s] = true
}

func (r *roller) eval(n node) int {
	switch x := n.(type) {
	case numNode:
		return x.v
	case negNode:
		return -r.eval(x.x)
	case binNode:
		a, b := r.eval(x.l), r.eval(x.r)
		switch x.op {
		case '+':
			return a + b
		case '-':
			return a - b
		case '*':
			return a * b
		}
		if a%b != 0 {
			r.note("Division rounds down.")
		}
		return floorDiv(a, b)
	case *diceNode:
		t := r.rollDice(x)
		r.terms = append(r.terms, t)
		return t.Value
	}
	panic("dice: unknown node")
}

// face rolls one face of d, with its reroll modifier.
func (r *roller) face(d *diceNode, die *Die) int {
	f := r.raw(d)
	if d.reroll == nil {
		return f
	}
	for n := 0; d.reroll.match(f) && n < maxRerolls && r.rolled < MaxRolled; n++ {
		die.Rerolled = append(die.Rerolled, f)
		f = r.raw(d)
		if d.once {
			break
		}
	}
	return f
}

func (r *roller) raw(d *diceNode) int {
	r.rolled++
	if d.fudge {
		return r.src.IntN(3) - 1
	}
	return r.src.IntN(d.sides) + 1
}

// rollDice rolls a dice term: rerolls, explosions, keep or drop, then the
// sum or the count of successes.
func (r *roller) rollDice(d *diceNode) Term {
	t := Term{Expr: d.src, Dice: make([]Die, 0, d.count)}
	for range d.count {
		die := Die{Sides: d.sides, Fudge: d.fudge}
		f := r.face(d, &die)
		die.Value = f
		if d.explode == nil {
			t.Dice = append(t.Dice, die)
			continue
		}
		stopped := func(face int) {
			if d.explode.match(face) {
				r.note(fmt.Sprintf("Explosions stop after %d extra rolls.", MaxExplodeDepth))
			}
		}
		if d.mode == 'c' { // compound: one die, the faces added up
			die.Rolls = []int{f}
			for depth := 0; d.explode.match(f) && depth < MaxExplodeDepth && r.rolled < MaxRolled; depth++ {
				die.Exploded = true
				f = r.face(d, &die)
				die.Rolls = append(die.Rolls, f)
				die.Value += f
			}
			stopped(f)
			t.Dice = append(t.Dice, die)
			continue
		}
		// Explode or penetrate: each extra roll is a die of its own; whether
		// it explodes again depends on the face rolled, not the value counted.
		for depth := 0; ; depth++ {
			explodes := d.explode.match(f) && depth < MaxExplodeDepth && r.rolled < MaxRolled
			die.Exploded = explodes
			t.Dice = append(t.Dice, die)
			if !explodes {
				stopped(f)
				break
			}
			die = Die{Sides: d.sides, Fudge: d.fudge, Extra: true}
			f = r.face(d, &die)
			die.Value = f
			if d.mode == 'p' {
				die.Value = f - 1
			}
		}
	}
	if d.keep < d.count {
		markDropped(t.Dice, d.keep, d.keepLow)
	}
	for i := range t.Dice {
		die := &t.Dice[i]
		if die.Dropped {
			continue
		}
		if d.success == nil {
			t.Value += die.Value
			continue
		}
		if d.success.match(die.Value) {
			die.Success = true
			t.Value++
		} else if d.failure != nil && d.failure.match(die.Value) {
			die.Failure = true
			t.Value--
		}
	}
	return t
}

// markDropped marks all but keep dice dropped: the lowest ones, or with
// keepLow the highest. Among equal faces the later dice are dropped. With
// exploding dice, every die (extra rolls included) is one die here, so
// keep counts dice, not chains.
func markDropped(dice []Die, keep int, keepLow bool) {
	var small [16]int
	order := small[:0]
	if len(dice) > len(small) {
		order = make([]int, 0, len(dice))
	}
	// A stable insertion sort of the dice's indexes, kept end first: pools
	// are small.
	before := func(a, b int) bool {
		if keepLow {
			return dice[a].Value < dice[b].Value
		}
		return dice[a].Value > dice[b].Value
	}
	for i := range dice {
		j := len(order)
		order = append(order, i)
		for j > 0 && before(i, order[j-1]) {
			order[j] = order[j-1]
			j--
		}
		order[j] = i
	}
	for _, i := range order[min(keep, len(order)):] {
		dice[i].Dropped = true
	}
}
