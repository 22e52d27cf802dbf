package dice

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"kostka/l10n"
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
	Critical bool  `json:"critical,omitempty"` // a critical success (cs), as marked; the value is unchanged
	Fumble   bool  `json:"fumble,omitempty"`   // a critical failure (cf)
	Penalty  bool  `json:"penalty,omitempty"`  // a fresh die an implode (i) takes off: Value is minus its face
	// Rolls are the faces a compounding die (!!) added up.
	Rolls []int `json:"rolls,omitempty"`
}

// NodeKind is what a Node is. In JSON it is its name: "dice", "number",
// "op", "neg", "group", "func" or "set".
type NodeKind uint8

// The kinds of Node.
const (
	KindDice   NodeKind = iota + 1 // a dice term: Expr, Dice
	KindNumber                     // a number written in the expression
	KindOp                         // Left Op Right
	KindNeg                        // minus Operand
	KindGroup                      // (Operand)
	KindFunc                       // Func(Items…)
	KindSet                        // a set or group: (Items…) or {Items…}
)

var kindNames = [...]string{KindDice: "dice", KindNumber: "number", KindOp: "op", KindNeg: "neg", KindGroup: "group", KindFunc: "func", KindSet: "set"}

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

// Operator is an operation's operator: '+', '-', '*', '/', '%' (modulo),
// '^' (power), or a comparison (1 when it holds, else 0): "==", "!=",
// ">=", "<=", ">", "<". In JSON it is that string.
type Operator byte

// operatorNames are the operators written with two characters.
var operatorNames = map[Operator]string{'=': "==", '!': "!=", 'g': ">=", 'l': "<="}

// MarshalText writes the operator.
func (o Operator) MarshalText() ([]byte, error) {
	if o == 0 {
		return nil, nil
	}
	if s, ok := operatorNames[o]; ok {
		return []byte(s), nil
	}
	return []byte{byte(o)}, nil
}

// UnmarshalText reads an operator.
func (o *Operator) UnmarshalText(b []byte) error {
	for code, s := range operatorNames {
		if s == string(b) {
			*o = code
			return nil
		}
	}
	if len(b) != 1 || !strings.Contains("+-*/%^<>", string(b)) {
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
	// Func is a function's name (abs, floor, ceil, round, sign, max,
	// min), Items its arguments or a set's values.
	Func  string  `json:"func,omitempty"`
	Items []*Node `json:"items,omitempty"`
	Brace bool    `json:"brace,omitempty"` // a set written {…}, as rpg-dice-roller's groups
	// Dropped marks a value of a set that a keep or drop left out;
	// Success and Failure one that a set's condition counts.
	Dropped bool `json:"dropped,omitempty"`
	Success bool `json:"success,omitempty"`
	Failure bool `json:"failure,omitempty"`
}

// Result is the outcome of rolling an Expr: one roll with its total (and
// its tree, see Tree), or for a repeated expression ("6x 4d6kh3") the
// separate results, with no total of their own.
//
// A Result keeps only the dice rolled; Tree builds the expression's tree
// from them on demand, so that rolling allocates nothing for a short
// expression.
type Result struct {
	Expr    string         // the expression, spaces removed ("6x 4d6kh3"; in Results "4d6kh3")
	Total   int            // 0 and left out of the JSON for a repeated roll
	Comment string         // the text after "#"
	Notes   []l10n.Message // what a player should know of the roll (a division rounded down, a limit that stopped explosions)
	Reading []l10n.Message // how parts other rollers read in another way were read (Expr.Reading)
	Results []Result       // the separate rolls of a repeated expression

	expr *Expr // what was rolled; nil for a repeated roll
	dice rolledDice
}

// rolledDice are the dice of one roll.
type rolledDice struct {
	small    [8]rolledDie // the dice of a short roll
	n        int          // dice in small
	more     []rolledDie  // every die, once small is too small
	rerolled []int32      // the rerolled faces of all dice (rolledDie.reOff)
	rolls    []int32      // the rolls of all compounding dice (rolledDie.rollOff)
}

// rolledDie is one die of a roll as a Result keeps it; (*rolledDice).die
// turns it into a Die.
type rolledDie struct {
	value   int32 // Die.Value: at most MaxExplodeDepth+1 faces of MaxSides
	flags   uint8
	nrolls  uint8  // Die.Rolls: rolls[rollOff:rollOff+nrolls]
	nre     uint16 // Die.Rerolled: rerolled[reOff:reOff+nre]
	reOff   int32
	rollOff int32
}

// The flags of a rolledDie.
const (
	dieDropped uint8 = 1 << iota
	dieExploded
	dieExtra
	dieSuccess
	dieFailure
	dieCritical
	dieFumble
	diePenalty
)

// list is the dice in the order rolled.
func (r *rolledDice) list() []rolledDie {
	if r.more != nil {
		return r.more
	}
	return r.small[:r.n]
}

// add appends a die.
func (r *rolledDice) add(d rolledDie) {
	if r.more == nil && r.n < len(r.small) {
		r.small[r.n] = d
		r.n++
		return
	}
	if r.more == nil {
		r.more = make([]rolledDie, r.n, 2*len(r.small))
		copy(r.more, r.small[:r.n])
	}
	r.more = append(r.more, d)
}

// die is the Die of a rolled die of term d.
func (r *rolledDice) die(d *diceNode, x rolledDie) Die {
	out := Die{
		Sides: d.sides, Value: int(x.value), Fudge: d.fudge,
		Dropped:  x.flags&dieDropped != 0,
		Exploded: x.flags&dieExploded != 0,
		Extra:    x.flags&dieExtra != 0,
		Success:  x.flags&dieSuccess != 0,
		Failure:  x.flags&dieFailure != 0,
		Critical: x.flags&dieCritical != 0,
		Fumble:   x.flags&dieFumble != 0,
		Penalty:  x.flags&diePenalty != 0,
	}
	if x.nre > 0 {
		out.Rerolled = ints(r.rerolled[x.reOff : x.reOff+int32(x.nre)])
	}
	if x.nrolls > 0 {
		out.Rolls = ints(r.rolls[x.rollOff : x.rollOff+int32(x.nrolls)])
	}
	return out
}

// ints converts faces to ints.
func ints(s []int32) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}

// Tree is the expression's tree with the value of every part and every
// die; nil for a repeated roll (each of its Results has one). It is built
// anew on each call.
func (r Result) Tree() *Node {
	if r.expr == nil {
		return nil
	}
	b := treeBuilder{all: &r.dice, dice: r.dice.list()}
	return b.build(r.expr.root)
}

// treeBuilder builds a roll's tree from its dice.
type treeBuilder struct {
	all  *rolledDice
	dice []rolledDie // the dice not yet placed in the tree
}

func (b *treeBuilder) build(n node) *Node {
	switch x := n.(type) {
	case *numNode:
		return &Node{Kind: KindNumber, Pos: int32(x.pos), Value: x.v}
	case negNode:
		o := b.build(x.x)
		return &Node{Kind: KindNeg, Pos: int32(x.pos), Value: -o.Value, Operand: o}
	case groupNode:
		o := b.build(x.x)
		return &Node{Kind: KindGroup, Pos: int32(x.pos), Value: o.Value, Operand: o}
	case *binNode:
		l, r := b.build(x.l), b.build(x.r)
		v, _ := apply(x, l.Value, r.Value)
		return &Node{Kind: KindOp, Pos: l.Pos, Op: Operator(x.op), Value: v, Left: l, Right: r}
	case *funcNode:
		out := &Node{Kind: KindFunc, Pos: int32(x.pos), Func: x.name, Items: make([]*Node, len(x.args))}
		vals := make([]int, len(x.args))
		for i, a := range x.args {
			out.Items[i] = b.build(a)
			vals[i] = out.Items[i].Value
		}
		out.Value = x.apply(vals)
		return out
	case *setNode:
		out := &Node{Kind: KindSet, Pos: int32(x.pos), Brace: x.brace, Items: make([]*Node, len(x.items))}
		vals := make([]int, len(x.items))
		for i, a := range x.items {
			out.Items[i] = b.build(a)
			vals[i] = out.Items[i].Value
		}
		kept := x.kept(vals)
		for i, it := range out.Items {
			it.Dropped = !kept[i]
			if kept[i] && x.success != nil {
				it.Success = x.success.match(it.Value)
				it.Failure = !it.Success && x.failure != nil && x.failure.match(it.Value)
			}
		}
		out.Value = x.value(vals, kept)
		return out
	case *diceNode:
		// The term's dice: count dice, each followed by the extra dice
		// its explosion rolled.
		k := 0
		for range x.count {
			k++
			for k < len(b.dice) && b.dice[k].flags&dieExtra != 0 {
				k++
			}
		}
		t := &Node{Kind: KindDice, Pos: int32(x.pos), Expr: x.src, Value: termValue(x, b.dice[:k]), Dice: make([]Die, k)}
		for i, d := range b.dice[:k] {
			t.Dice[i] = b.all.die(x, d)
		}
		switch x.sort { // shown sorted; the value does not change
		case 'a':
			slices.SortStableFunc(t.Dice, func(a, b Die) int { return a.Value - b.Value })
		case 'd':
			slices.SortStableFunc(t.Dice, func(a, b Die) int { return b.Value - a.Value })
		}
		b.dice = b.dice[k:]
		return t
	}
	panic("dice: unknown node")
}

// MarshalJSON writes the roll with its tree, and leaves the total out of
// a repeated roll's result.
func (r Result) MarshalJSON() ([]byte, error) {
	out := struct {
		Expr    string         `json:"expr"`
		Total   *int           `json:"total,omitempty"`
		Tree    *Node          `json:"tree,omitempty"`
		Comment string         `json:"comment,omitempty"`
		Notes   []l10n.Message `json:"notes,omitempty"`
		Reading []l10n.Message `json:"reading,omitempty"`
		Results []Result       `json:"results,omitempty"`
	}{Expr: r.Expr, Tree: r.Tree(), Comment: r.Comment, Notes: r.Notes, Reading: r.Reading, Results: r.Results}
	if len(r.Results) == 0 {
		out.Total = &r.Total
	}
	return json.Marshal(out)
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
	walk(r.Tree())
	return out
}

// notes is a set of a roll's notes.
type notes uint8

// The notes of a roll, in the order of Result.Notes.
const (
	noteDivision notes = 1 << iota
	noteExplosions
	noteRerolls
)

// list is the notes as messages, in a fixed order; nil for none.
func (n notes) list() []l10n.Message {
	if n == 0 {
		return nil
	}
	var out []l10n.Message
	if n&noteDivision != 0 {
		out = append(out, noteRoundedDown.New())
	}
	if n&noteExplosions != 0 {
		out = append(out, noteStoppedExplosions.New(l10n.Int("depth", MaxExplodeDepth), l10n.Int("rolled", MaxRolled)))
	}
	if n&noteRerolls != 0 {
		out = append(out, noteStoppedRerolls.New(l10n.Int("depth", maxRerolls), l10n.Int("rolled", MaxRolled)))
	}
	return out
}

// roller rolls one expression.
type roller struct {
	src    Source
	pcg    *pcgSource // src, when it is the package's own (no dynamic call per die)
	rolled int        // dice rolled by the whole expression, repetitions included, for MaxRolled
	dice   rolledDice // of the roll under way
	notes  notes      // of the roll under way
}

// Roll rolls e with src: every die, the value of every part and the
// total. A repeated expression is rolled that many times.
func (e *Expr) Roll(src Source) Result {
	r := roller{src: src}
	r.pcg, _ = src.(*pcgSource)
	if len(e.parts) > 0 {
		out := Result{Expr: e.src, Comment: e.comment, Reading: e.reading, Results: make([]Result, len(e.parts))}
		for i, x := range e.parts {
			out.Results[i] = x.Roll(src)
		}
		return out
	}
	if e.repeat > 1 {
		out := Result{Expr: e.src, Comment: e.comment, Reading: e.reading, Results: make([]Result, e.repeat)}
		var all notes // MaxRolled holds for all the repetitions together
		for i := range out.Results {
			x := &out.Results[i]
			r.roll(e, x)
			x.Expr, x.Comment, x.Reading = e.body, "", nil
			all |= r.notes
		}
		out.Notes = all.list()
		return out
	}
	var res Result
	r.roll(e, &res)
	return res
}

// roll rolls the expression once into res; r.rolled counts the dice
// rolled so far, across repetitions.
func (r *roller) roll(e *Expr, res *Result) {
	r.dice, r.notes = rolledDice{}, 0
	if e.ndice > len(r.dice.small) {
		r.dice.more = make([]rolledDie, 0, e.ndice)
	}
	total := r.eval(e.root)
	*res = Result{Expr: e.src, Total: total, Comment: e.comment, Notes: r.notes.list(), Reading: e.reading, expr: e, dice: r.dice}
}

// apply applies an operation; rounded reports a division that rounded
// down. Parse has checked every value stays within MaxValue.
func apply(x *binNode, a, b int) (v int, rounded bool) {
	switch x.op {
	case '+':
		return a + b, false
	case '-':
		return a - b, false
	case '*':
		return a * b, false
	case '%':
		return floorMod(a, b), false
	case '^':
		v, _ := pow(a, b)
		return v, false
	case '=', '!', 'g', 'l', '>', '<':
		return compare(x.op, a, b), false
	}
	return roundDiv(a, b, x.round), x.round == 0 && a%b != 0
}

// compare is 1 when a op b holds, else 0.
func compare(op byte, a, b int) int {
	var ok bool
	switch op {
	case '=':
		ok = a == b
	case '!':
		ok = a != b
	case 'g':
		ok = a >= b
	case 'l':
		ok = a <= b
	case '>':
		ok = a > b
	case '<':
		ok = a < b
	}
	if ok {
		return 1
	}
	return 0
}

// apply is the function's value of the values of its arguments.
func (f *funcNode) apply(v []int) int {
	switch f.name {
	case "abs":
		return abs(v[0])
	case "sign":
		return sign(v[0])
	case "max":
		return slices.Max(v)
	case "min":
		return slices.Min(v)
	}
	return v[0] // floor, ceil, round: a division inside rounds as they say
}

// kept reports which of a set's values its keep or drop modifier keeps:
// the keep highest (or lowest); among equal values the later ones are
// dropped.
func (s *setNode) kept(v []int) []bool {
	kept := make([]bool, len(v))
	order := make([]int, len(v))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if s.keepLow {
			return v[a] - v[b]
		}
		return v[b] - v[a]
	})
	for _, i := range order[s.skip : s.skip+s.keep] {
		kept[i] = s.keeps(v[i])
	}
	return kept
}

// value is the set's value: the sum of the values kept, or the count of
// the kept values that succeed less those that fail.
func (s *setNode) value(v []int, kept []bool) int {
	out := 0
	for i, x := range v {
		switch {
		case !kept[i]:
		case s.success == nil:
			out += x
		case s.success.match(x):
			out++
		case s.failure != nil && s.failure.match(x):
			out--
		}
	}
	return out
}

// eval rolls n and returns its value.
func (r *roller) eval(n node) int {
	switch x := n.(type) {
	case *numNode:
		return x.v
	case negNode:
		return -r.eval(x.x)
	case groupNode:
		return r.eval(x.x)
	case *binNode:
		a := r.eval(x.l)
		v, rounded := apply(x, a, r.eval(x.r))
		if rounded {
			r.notes |= noteDivision
		}
		return v
	case *diceNode:
		return r.rollDice(x)
	case *funcNode:
		var small [4]int
		v := small[:0]
		for _, a := range x.args {
			v = append(v, r.eval(a))
		}
		return x.apply(v)
	case *setNode:
		v := make([]int, len(x.items))
		for i, a := range x.items {
			v[i] = r.eval(a)
		}
		return x.value(v, x.kept(v))
	}
	panic("dice: unknown node")
}

// face rolls one face of d, with its reroll modifier.
func (r *roller) face(d *diceNode, die *rolledDie) int {
	f := r.raw(d)
	if d.reroll == nil {
		return f
	}
	for n := 0; d.reroll.match(f) && n < maxRerolls && r.rolled < MaxRolled; n++ {
		if die.nre == 0 {
			die.reOff = int32(len(r.dice.rerolled))
		}
		r.dice.rerolled = append(r.dice.rerolled, int32(f))
		die.nre++
		f = r.raw(d)
		if d.once {
			return f
		}
	}
	if d.reroll.match(f) {
		r.notes |= noteRerolls
	}
	return f
}

// raw rolls one face of d.
func (r *roller) raw(d *diceNode) int {
	r.rolled++
	var v int
	if r.pcg != nil {
		v = r.pcg.IntN(d.rollN())
	} else {
		v = r.src.IntN(d.rollN())
	}
	return d.rollFace(v)
}

// rollDice rolls a dice term: rerolls, explosions, keep or drop, then the
// sum or the count of successes.
func (r *roller) rollDice(d *diceNode) int {
	res := &r.dice
	first := len(res.list())
	n := d.count
	if d.drawsUnique() {
		r.drawUnique(d)
		n = 0
	}
	for range n {
		var die rolledDie
		f := r.face(d, &die)
		die.value = int32(f)
		if d.explode == nil {
			res.add(die)
			continue
		}
		if d.mode == 'c' || d.mode == 'q' { // compound: one die, the faces added up
			die.rollOff, die.nrolls = int32(len(res.rolls)), 1
			res.rolls = append(res.rolls, int32(f))
			for depth := 0; d.explode.match(f) && depth < d.explodeDepth() && r.rolled < MaxRolled; depth++ {
				die.flags |= dieExploded
				f = r.face(d, &die)
				res.rolls = append(res.rolls, int32(f))
				die.nrolls++
				die.value += int32(f)
				if d.mode == 'q' {
					die.value-- // penetrating: each extra roll counts one less
				}
			}
			r.stopped(d, f)
			res.add(die)
			continue
		}
		// Explode or penetrate: each extra roll is a die of its own; whether
		// it explodes again depends on the face rolled, not the value counted.
		for depth := 0; ; depth++ {
			explodes := d.explode.match(f) && depth < d.explodeDepth() && r.rolled < MaxRolled
			if explodes {
				die.flags |= dieExploded
			}
			res.add(die)
			if !explodes {
				r.stopped(d, f)
				break
			}
			die = rolledDie{flags: dieExtra}
			f = r.face(d, &die)
			die.value = int32(f)
			if d.mode == 'p' {
				die.value = int32(f - 1)
			}
		}
	}
	dice := res.list()[first:]
	if d.unique && !d.drawsUnique() {
		r.rerollRepeats(d, dice)
	}
	switch {
	case d.dropping && d.explode != nil && d.mode != 'c' && d.mode != 'q':
		// A drop counts the dice rolled, extra dice included: d1 drops
		// one die however many explode.
		markDropped(dice, 0, len(dice)-(d.count-d.keep), d.keepLow)
	case d.keep < d.count:
		markDropped(dice, d.skip, d.keep, d.keepLow)
	}
	if d.keepIf != nil || d.dropIf != nil {
		for i := range dice {
			v := int(dice[i].value)
			if (d.keepIf != nil && !d.keepIf.match(v)) || (d.dropIf != nil && d.dropIf.match(v)) {
				dice[i].flags |= dieDropped
			}
		}
	}
	if d.implode != nil {
		// Each die written that matches takes a fresh die off: the fresh
		// dice follow, never kept or dropped.
		for i, n := 0, len(dice); i < n; i++ {
			if dice[i].flags&dieExtra == 0 && d.implode.match(int(dice[i].value)) {
				pen := rolledDie{flags: dieExtra | diePenalty}
				pen.value = -int32(r.face(d, &pen))
				res.add(pen)
			}
		}
		dice = res.list()[first:]
	}
	if d.critical != nil || d.fumble != nil {
		for i := range dice {
			if d.critical != nil && d.critical.match(int(dice[i].value)) {
				dice[i].flags |= dieCritical
			}
			if d.fumble != nil && d.fumble.match(int(dice[i].value)) {
				dice[i].flags |= dieFumble
			}
		}
	}
	if d.success != nil {
		for i := range dice {
			die := &dice[i]
			switch {
			case die.flags&dieDropped != 0:
			case d.success.match(int(die.value)):
				die.flags |= dieSuccess
			case d.failure != nil && d.failure.match(int(die.value)):
				die.flags |= dieFailure
			}
		}
	}
	return termValue(d, dice)
}

// drawUnique rolls d's dice without replacement: each die is uniform over
// the faces no die before it shows, which is what rerolling a repeated
// face until it is new gives.
func (r *roller) drawUnique(d *diceNode) {
	used := make([]int, 0, d.count) // the faces drawn, ascending
	for range d.count {
		r.rolled++
		var v int
		n := d.highFace() - d.lowFace() + 1 - len(used)
		if r.pcg != nil {
			v = r.pcg.IntN(n)
		} else {
			v = r.src.IntN(n)
		}
		f := d.lowFace() + v // the v-th face not used
		for _, u := range used {
			if u <= f {
				f++
			}
		}
		used = append(used, f)
		slices.Sort(used)
		r.dice.add(rolledDie{value: int32(f)})
	}
}

// rerollRepeats rerolls each die that shows the face of a die before it
// (and matches uniqueIf, if any), at most maxRerolls times, or once.
func (r *roller) rerollRepeats(d *diceNode, dice []rolledDie) {
	for i := range dice {
		repeated := func() bool {
			v := int(dice[i].value)
			if d.uniqueIf != nil && !d.uniqueIf.match(v) {
				return false
			}
			for j := range i {
				if int(dice[j].value) == v {
					return true
				}
			}
			return false
		}
		for n := 0; repeated() && n < maxRerolls && r.rolled < MaxRolled; n++ {
			die := &dice[i]
			if die.nre == 0 {
				die.reOff = int32(len(r.dice.rerolled))
			}
			r.dice.rerolled = append(r.dice.rerolled, die.value)
			die.nre++
			die.value = int32(r.raw(d))
			if d.uniqueOnce {
				break
			}
		}
	}
}

// stopped notes a chain of explosions that a limit stopped.
func (r *roller) stopped(d *diceNode, face int) {
	if d.explode.match(face) {
		r.notes |= noteExplosions
	}
}

// termValue is the value of a dice term whose dice are marked: the sum of
// the dice kept, or the successes less the failures.
func termValue(d *diceNode, dice []rolledDie) int {
	v := 0
	for _, die := range dice {
		switch {
		case die.flags&dieDropped != 0:
		case d.success == nil:
			v += int(die.value)
		case die.flags&dieSuccess != 0:
			v++
			if d.double != nil && d.double.match(int(die.value)) {
				v++
			}
		case die.flags&dieFailure != 0:
			v--
		}
	}
	return v
}

// markDropped marks all but keep dice dropped: the lowest ones, or with
// keepLow the highest. Among equal faces the later dice are dropped. With
// exploding dice, every die (extra rolls included) is one die here, so
// keep counts dice, not chains.
func markDropped(dice []rolledDie, skip, keep int, keepLow bool) {
	var small [16]int
	order := small[:0]
	if len(dice) > len(small) {
		order = make([]int, 0, len(dice))
	}
	// A stable insertion sort of the dice's indexes, kept end first: pools
	// are small.
	before := func(a, b int) bool {
		if keepLow {
			return dice[a].value < dice[b].value
		}
		return dice[a].value > dice[b].value
	}
	if len(dice) > 64 {
		// Exploding dice can make a pool of thousands: an insertion sort
		// of 10,000 dice took 40 ms.
		for i := range dice {
			order = append(order, i)
		}
		slices.SortStableFunc(order, func(a, b int) int {
			if before(a, b) {
				return -1
			}
			if before(b, a) {
				return 1
			}
			return 0
		})
	}
	for i := range dice {
		if len(dice) > 64 {
			break
		}
		j := len(order)
		order = append(order, i)
		for j > 0 && before(i, order[j-1]) {
			order[j] = order[j-1]
			j--
		}
		order[j] = i
	}
	for _, i := range order[:min(skip, len(order))] {
		dice[i].flags |= dieDropped
	}
	for _, i := range order[min(skip+keep, len(order)):] {
		dice[i].flags |= dieDropped
	}
}
