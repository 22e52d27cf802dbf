package dice

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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

// NodeKind is what a Node is. In JSON it is its name: "dice", "number",
// "op", "neg" or "group".
type NodeKind uint8

// The kinds of Node.
const (
	KindDice   NodeKind = iota + 1 // a dice term: Expr, Dice
	KindNumber                     // a number written in the expression
	KindOp                         // Left Op Right
	KindNeg                        // minus Operand
	KindGroup                      // (Operand)
)

var kindNames = [...]string{KindDice: "dice", KindNumber: "number", KindOp: "op", KindNeg: "neg", KindGroup: "group"}

func (k NodeKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("NodeKind(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k NodeKind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) || kindNames[k] == "" {
		return nil, fmt.Errorf("dice: no node kind %d", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *NodeKind) UnmarshalText(b []byte) error {
	if i := slices.Index(kindNames[:], string(b)); i > 0 {
		*k = NodeKind(i)
		return nil
	}
	return fmt.Errorf("dice: no node kind %q", b)
}

// Operator is an operation's operator: '+', '-', '*' or '/'. In JSON it
// is a string of that one character.
type Operator byte

// MarshalText writes the operator's character.
func (o Operator) MarshalText() ([]byte, error) {
	if o == 0 {
		return nil, nil
	}
	return []byte{byte(o)}, nil
}

// UnmarshalText reads an operator's character.
func (o *Operator) UnmarshalText(b []byte) error {
	if len(b) != 1 || !strings.Contains("+-*/", string(b)) {
		return fmt.Errorf("dice: no operator %q", b)
	}
	*o = Operator(b[0])
	return nil
}

// Node is one part of a rolled expression with the value it took. The
// nodes of a roll form the expression's tree: "(1d6+2)*2" is an op '*'
// whose left is a group holding an op '+' of a dice term and a number.
type Node struct {
	Kind NodeKind `json:"kind"`
	Op   Operator `json:"op,omitzero"` // an op's operator
	Pos  int32    `json:"position"`    // 1-based character where the part starts in the expression as typed
	// Value is a dice term's sum (or count of successes), a number, an
	// operation's result.
	Value int    `json:"value"`
	Expr  string `json:"expr,omitempty"` // a dice term as written
	// Dice are a dice term's dice, in the order rolled (an exploded
	// die's extra dice follow it).
	Dice    []Die `json:"dice,omitempty"`
	Left    *Node `json:"left,omitempty"`
	Right   *Node `json:"right,omitempty"`
	Operand *Node `json:"operand,omitempty"` // what a negation or a group holds
}

// Result is the outcome of rolling an Expr: one roll with its tree and
// total, or for a repeated expression ("6x 4d6kh3") the separate
// results, with no total of its own.
type Result struct {
	Expr    string   `json:"expr"`
	Total   int      `json:"total"` // 0 and left out of the JSON for a repeated roll
	Tree    *Node    `json:"tree,omitempty"`
	Comment string   `json:"comment,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	Results []Result `json:"results,omitempty"`
}

// MarshalJSON leaves the total out of a repeated roll's result.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	if len(r.Results) == 0 {
		return json.Marshal(plain(r))
	}
	return json.Marshal(struct {
		plain
		Total *int `json:"total,omitempty"`
	}{plain: plain(r)})
}

// Dice lists every die of a single roll, term by term in the order of the
// expression.
func (r Result) Dice() []Die {
	var out []Die
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		out = append(out, n.Dice...)
		walk(n.Left)
		walk(n.Right)
		walk(n.Operand)
	}
	walk(r.Tree)
	return out
}

// roller rolls one expression.
type roller struct {
	src    Source
	rolled int    // dice rolled by the whole expression, repetitions included, for MaxRolled
	nodes  []Node // the tree's nodes, allocated at once
	dice   []Die  // every die, allocated at once (explosions may grow it)
	notes  map[string]bool
}

// Roll rolls e with src: every die, the value of every part and the
// total. A repeated expression is rolled that many times.
func (e *Expr) Roll(src Source) Result {
	if e.repeat > 1 {
		out := Result{Expr: e.src, Comment: e.comment, Results: make([]Result, e.repeat)}
		rolled := 0 // MaxRolled holds for all the repetitions together
		for i := range out.Results {
			r := e.rollOnce(src, &rolled)
			r.Expr, r.Comment = e.body, ""
			out.Results[i] = r
			for _, n := range r.Notes {
				if !slices.Contains(out.Notes, n) {
					out.Notes = append(out.Notes, n)
				}
			}
		}
		slices.Sort(out.Notes)
		return out
	}
	rolled := 0
	return e.rollOnce(src, &rolled)
}

// smallRoll holds the nodes and dice of a short roll, such as 4d6kh3+2.
type smallRoll struct {
	nodes [3]Node
	dice  [4]Die
}

// rollOnce rolls the expression once; rolled counts the dice rolled so
// far, across repetitions.
func (e *Expr) rollOnce(src Source, rolled *int) Result {
	r := roller{src: src, rolled: *rolled}
	if e.nodes <= len(smallRoll{}.nodes) && e.ndice <= len(smallRoll{}.dice) {
		// A short roll's nodes and dice in one allocation (explosions may
		// move the dice elsewhere as they grow).
		s := new(smallRoll)
		r.nodes, r.dice = s.nodes[:0], s.dice[:0]
	} else {
		r.nodes, r.dice = make([]Node, 0, e.nodes), make([]Die, 0, e.ndice)
	}
	root := r.eval(e.root)
	*rolled = r.rolled
	res := Result{Expr: e.src, Comment: e.comment, Total: root.Value, Tree: root}
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

// node adds a node to the tree.
func (r *roller) node(n Node) *Node {
	r.nodes = append(r.nodes, n)
	return &r.nodes[len(r.nodes)-1]
}

// eval rolls n. Parse has checked every value stays within MaxValue.
func (r *roller) eval(n node) *Node {
	switch x := n.(type) {
	case *numNode:
		return r.node(Node{Kind: KindNumber, Pos: int32(x.pos), Value: x.v})
	case negNode:
		o := r.eval(x.x)
		return r.node(Node{Kind: KindNeg, Pos: int32(x.pos), Value: -o.Value, Operand: o})
	case groupNode:
		o := r.eval(x.x)
		return r.node(Node{Kind: KindGroup, Pos: int32(x.pos), Value: o.Value, Operand: o})
	case *binNode:
		a, b := r.eval(x.l), r.eval(x.r)
		out := Node{Kind: KindOp, Pos: a.Pos, Op: Operator(x.op), Left: a, Right: b}
		switch x.op {
		case '+':
			out.Value = a.Value + b.Value
		case '-':
			out.Value = a.Value - b.Value
		case '*':
			out.Value = a.Value * b.Value
		default:
			if a.Value%b.Value != 0 {
				r.note("Division rounds down.")
			}
			out.Value = floorDiv(a.Value, b.Value)
		}
		return r.node(out)
	case *diceNode:
		return r.rollDice(x)
	}
	panic("dice: unknown node")
}

// The notes of a roll whose rerolls or explosions a limit stopped; its
// total can then lie outside the odds' range.
var (
	stoppedRerolls    = fmt.Sprintf("Rerolls stop after %d rerolls of one die, or once %d dice were rolled.", maxRerolls, MaxRolled)
	stoppedExplosions = fmt.Sprintf("Explosions stop after %d extra rolls of one die, or once %d dice were rolled.", MaxExplodeDepth, MaxRolled)
)

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
			return f
		}
	}
	if d.reroll.match(f) {
		r.note(stoppedRerolls)
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
func (r *roller) rollDice(d *diceNode) *Node {
	first := len(r.dice)
	for range d.count {
		if d.explode == nil {
			// The die is written in place: no copy of it, and no write
			// barriers for one while the collector runs.
			r.dice = append(r.dice, Die{})
			die := &r.dice[len(r.dice)-1]
			die.Sides, die.Fudge = d.sides, d.fudge
			die.Value = r.face(d, die)
			continue
		}
		die := Die{Sides: d.sides, Fudge: d.fudge}
		f := r.face(d, &die)
		die.Value = f
		stopped := func(face int) {
			if d.explode.match(face) {
				r.note(stoppedExplosions)
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
			r.dice = append(r.dice, die)
			continue
		}
		// Explode or penetrate: each extra roll is a die of its own; whether
		// it explodes again depends on the face rolled, not the value counted.
		for depth := 0; ; depth++ {
			explodes := d.explode.match(f) && depth < MaxExplodeDepth && r.rolled < MaxRolled
			die.Exploded = explodes
			r.dice = append(r.dice, die)
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
	t := Node{Kind: KindDice, Pos: int32(d.pos), Expr: d.src, Dice: r.dice[first:len(r.dice):len(r.dice)]}
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
	return r.node(t)
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
