package qualityd6

import (
	"fmt"
	"slices"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// Group is a number of alike models of the target unit: the unit's own
// models, or a Bohater (hero) joined to it. Seed 001 ("Oddziały") joins
// into a unit only models of one toughness, Quality and Defense, so a
// unit's models differ only when a hero is joined ("Bohater: Może być
// dołączony do dowolnego oddziału").
type Group struct {
	Count     int `json:"count"`     // models (1-100)
	Toughness int `json:"toughness"` // wounds to defeat one (1-30)
	// Defense is the group's Defense (2-6), 0 for the unit's: the unit
	// uses the Defense its attacker chooses ("oddział korzysta z obrony
	// wybranej przez przeciwnika"), the worst of its models.
	Defense int  `json:"defense"`
	Hero    bool `json:"hero"`
	// Quality is a hero's Quality (2-6), 0 when not given: a hero "może
	// wykonywać testy przegrupowania za cały oddział", so while one
	// stands the unit tests with the better Quality.
	Quality int `json:"quality"`
	// Bodyguard marks a hero with Ochroniarz ("Bohater. Oddział może
	// korzystać z twojej obrony. Kontrolujący nie może pokonywać innych
	// modeli w oddziale."): a hero by the ability's own words, whose
	// Defense the unit uses, and while it stands the defender defeats no
	// other model.
	Bodyguard bool `json:"bodyguard"`
}

// maxGroupToughness is the most toughness a unit given as groups has in
// all (so at most as many models): the allocation's table has a row and a
// column for every wound up to it.
const maxGroupToughness = 60

// normalizeGroups checks the groups and fills the unit the allocation
// works on: the groups, or one group of Models models of Toughness.
func (r *AttackRequest) normalizeGroups() error {
	if len(r.Groups) == 0 {
		r.unit = []Group{{Count: r.Models, Toughness: r.Toughness}}
		return nil
	}
	if len(r.Groups) > maxGroups {
		return systems.Check("groups", len(r.Groups), 1, maxGroups)
	}
	models, toughness := 0, 0
	low := 0
	for i := range r.Groups {
		g := &r.Groups[i]
		if g.Count == 0 {
			g.Count = 1
		}
		if g.Toughness == 0 {
			g.Toughness = 1
		}
		if g.Bodyguard { // "Ochroniarz: Bohater."
			g.Hero = true
		}
		path := fmt.Sprintf("groups[%d].", i)
		err := systems.First(
			systems.Check(path+"count", g.Count, 1, maxGroupToughness),
			systems.Check(path+"toughness", g.Toughness, 1, 30),
		)
		if err != nil {
			return err
		}
		if g.Defense != 0 {
			if err := systems.Check(path+"defense", g.Defense, 2, 6); err != nil {
				return err
			}
		}
		if g.Quality != 0 {
			if err := systems.Check(path+"quality", g.Quality, 2, 6); err != nil {
				return err
			}
		}
		models += g.Count
		toughness += g.Count * g.Toughness
		if low == 0 || g.Toughness < low {
			low = g.Toughness
		}
	}
	if toughness > maxGroupToughness {
		return systems.Invalid("groups", errGroupToughness.New(l10n.Int("n", toughness), l10n.Int("max", maxGroupToughness)))
	}
	r.unit = r.Groups
	r.Models, r.Toughness = models, low
	return nil
}

// maxGroups is the most groups a unit can be given in.
const maxGroups = 5

// grouped reports whether the target unit is given as groups.
func (r *AttackRequest) grouped() bool { return len(r.Groups) > 0 }

// startToughness is the unit's total toughness at the start of the attack.
func (r *AttackRequest) startToughness() int {
	t := 0
	for _, g := range r.unit {
		t += g.Count * g.Toughness
	}
	return t
}

// toughnessRange is the lowest and highest toughness in the unit.
func (r *AttackRequest) toughnessRange() (low, high int) {
	for i, g := range r.unit {
		if i == 0 || g.Toughness < low {
			low = g.Toughness
		}
		high = max(high, g.Toughness)
	}
	return low, high
}

// defenseChosen is the Defense the unit tests with: the worst (highest)
// of its models', which the attacker chooses; with a bodyguard
// (Ochroniarz: "Oddział może korzystać z twojej obrony"), the bodyguard's,
// which the defender chooses (it is never worse than the worst; of
// several bodyguards, the best).
func (r *AttackRequest) defenseChosen() int {
	if d, ok := r.bodyguardDefense(); ok {
		return d
	}
	d := r.Defense
	for _, g := range r.unit {
		if g.Defense > d {
			d = g.Defense
		}
	}
	return d
}

// bodyguardDefense is the best Defense of the unit's bodyguards, if it
// has one.
func (r *AttackRequest) bodyguardDefense() (int, bool) {
	d := 0
	for _, g := range r.unit {
		if !g.Bodyguard {
			continue
		}
		gd := g.Defense
		if gd == 0 {
			gd = r.Defense
		}
		if d == 0 || gd < d {
			d = gd
		}
	}
	return d, d > 0
}

// hasHero reports whether a hero is in the unit.
func (r *AttackRequest) hasHero() bool {
	for _, g := range r.unit {
		if g.Hero {
			return true
		}
	}
	return false
}

// allocation is where an attack's wounds went.
type allocation struct {
	alive  []int // models standing, per group
	left   int   // wounds left on the unit
	killed int   // models defeated
	heroes int   // heroes defeated
}

// allocateGroups allocates an attack's wounds to the unit's models as seed
// 001 says ("Atak", "Rany"): the attacker allocates the wounds of natural
// 1s (att), then the defender the others (def), all at the end of the
// attack. An allocator may discard a model's toughness in wounds to
// defeat it, and must while the unit has as many wounds as the highest
// toughness among its models; the rest stay on the unit. The attacker
// defeats the heroes it can first (the toughest first), then as many
// other models as it can (the least tough first); its wounds left over
// stay on the unit. The defender defeats a model only when it must: with
// models_first the other models before its heroes (the toughest first),
// with toughest_first the toughest model, hero or not (the fewest models
// lost). While a bodyguard (Ochroniarz) stands, the defender may defeat
// no other model ("Kontrolujący nie może pokonywać innych modeli w
// oddziale"): when it must defeat a model it defeats the bodyguard (the
// toughest standing model's toughness is at least the bodyguard's, so the
// wounds always suffice); the attacker's wounds are allocated as usual.
//
// alive, when long enough, holds the models standing (the odds reuse one
// buffer for every outcome).
func (r *AttackRequest) allocateGroups(att, def int, alive []int) allocation {
	if len(alive) < len(r.unit) {
		alive = make([]int, len(r.unit))
	}
	al := allocation{alive: alive[:len(r.unit)]}
	for i, g := range r.unit {
		al.alive[i] = g.Count
	}
	defeat := func(i int) {
		al.alive[i]--
		al.killed++
		if r.unit[i].Hero {
			al.heroes++
		}
	}
	for {
		pick := -1
		for i, g := range r.unit {
			if al.alive[i] > 0 && g.Hero && g.Toughness <= att && (pick < 0 || g.Toughness > r.unit[pick].Toughness) {
				pick = i
			}
		}
		if pick < 0 {
			for i, g := range r.unit {
				if al.alive[i] > 0 && !g.Hero && g.Toughness <= att && (pick < 0 || g.Toughness < r.unit[pick].Toughness) {
					pick = i
				}
			}
		}
		if pick < 0 {
			break
		}
		att -= r.unit[pick].Toughness
		defeat(pick)
	}
	pool := att + def
	for {
		guarded := false
		for i, g := range r.unit {
			guarded = guarded || g.Bodyguard && al.alive[i] > 0
		}
		highest, pick := 0, -1
		for i, g := range r.unit {
			if al.alive[i] == 0 {
				continue
			}
			highest = max(highest, g.Toughness)
			if guarded && !g.Bodyguard {
				continue
			}
			if pick < 0 || r.removedBefore(g, r.unit[pick]) {
				pick = i
			}
		}
		if pick < 0 || pool < highest {
			break
		}
		pool -= r.unit[pick].Toughness
		defeat(pick)
	}
	if al.killed < r.Models {
		al.left = pool
	}
	return al
}

// removedBefore reports whether the defender removes a model of group a
// before one of group b.
func (r *AttackRequest) removedBefore(a, b Group) bool {
	if r.DefenderRemoves == ModelsFirst && a.Hero != b.Hero {
		return !a.Hero
	}
	if a.Toughness != b.Toughness {
		return a.Toughness > b.Toughness
	}
	return !a.Hero && b.Hero
}

// remaining is the unit's toughness left after an allocation.
func (r *AttackRequest) remaining(al allocation) int {
	t := 0
	for i, g := range r.unit {
		t += al.alive[i] * g.Toughness
	}
	return t - al.left
}

// regroupQuality is the Quality the unit's regroup tests take: the
// target's, or a standing hero's when better; 0 when the target's is not
// given.
func (r *AttackRequest) regroupQuality(al allocation) int {
	q := r.TargetQuality
	if q == 0 {
		return 0
	}
	for i, g := range r.unit {
		if g.Hero && g.Quality > 0 && al.alive[i] > 0 && g.Quality < q {
			q = g.Quality
		}
	}
	return q
}

// perHit2 is one outcome of a normal hit's defense roll: the wounds the
// attacker and the defender allocate, with its probability.
type perHit2 struct {
	att, def int
	p        float64
}

// weight is the probability of en normal hits and aw wounds from hits
// with no defense roll.
type weight struct {
	en, aw int
	p      float64
}

// groupedWounds computes the joint distribution of the wounds the attacker
// and the defender allocate, each capped at the unit's total toughness c
// (more cannot change the allocation: every model is defeated), from the
// weights of the hits, sorted by en. The result is indexed
// [att*(c+1)+def], with att within 0..dimA-1.
func (ru rules) groupedWounds(weights []weight, c int) (joint []float64, dimA int) {
	var outs []perHit2
	dimA = 1
	for face := 1; face <= 6; face++ {
		w := ru.woundsOf(face)
		o := perHit2{p: 1.0 / 6}
		switch {
		case w == 0:
		case ru.attackerAllocates(face):
			o.att = w
			dimA = c + 1
		default:
			o.def = w
		}
		outs = append(outs, o)
	}
	if ru.precise {
		dimA = c + 1
	}
	// Faces with the same wounds are one outcome.
	merged := outs[:0:0]
	for _, o := range outs {
		i := slices.IndexFunc(merged, func(m perHit2) bool { return m.att == o.att && m.def == o.def })
		if i < 0 {
			merged = append(merged, o)
		} else {
			merged[i].p += o.p
		}
	}
	dimD := c + 1
	joint = make([]float64, dimA*dimD)
	cur, next := make([]float64, dimA*dimD), make([]float64, dimA*dimD)
	cur[0] = 1
	have := 0 // cur is the wounds of have normal hits
	for _, w := range weights {
		for ; have < w.en; have++ {
			clear(next)
			for a := range dimA {
				row := cur[a*dimD : (a+1)*dimD]
				for _, o := range merged {
					out := next[min(a+o.att, c)*dimD:][:dimD]
					// d + o.def below the cap, then the rest into the cap.
					split := max(dimD-o.def, 0)
					for d, p := range row[:split] {
						out[d+o.def] += p * o.p
					}
					for _, p := range row[split:] {
						out[c] += p * o.p
					}
				}
			}
			cur, next = next, cur
		}
		for a := range dimA {
			row := cur[a*dimD : (a+1)*dimD]
			if ru.precise {
				out := joint[min(a+w.aw, c)*dimD:][:dimD]
				for d, p := range row {
					out[d] += p * w.p
				}
				continue
			}
			out := joint[a*dimD:][:dimD]
			split := max(dimD-w.aw, 0)
			for d, p := range row[:split] {
				out[d+w.aw] += p * w.p
			}
			for _, p := range row[split:] {
				out[c] += p * w.p
			}
		}
	}
	return joint, dimA
}

// groupNotes says the readings an attack on a unit given as groups takes.
func (r *AttackRequest) groupNotes(ru rules, note func(l10n.Message)) {
	order := termModelsFirst
	if r.DefenderRemoves == ToughestFirst {
		order = termToughestFirst
	}
	if ru.precise {
		note(noteGroupsPrecise.New(abilityTerm("ability", vocab.Precyzyjny), l10n.Term("order", order.New())))
	} else {
		note(noteGroupsAllocation.New(l10n.Term("order", order.New())))
	}
	if d, ok := r.bodyguardDefense(); ok {
		note(noteBodyguard.New(abilityTerm("ability", vocab.Ochroniarz), l10n.Int("defense", d)))
	} else if d := r.defenseChosen(); d != r.Defense || r.hasHero() {
		note(noteGroupsDefense.New(l10n.Int("defense", d)))
	}
	if r.hasHero() {
		note(noteHeroAbilities.New())
		if r.TargetQuality > 0 {
			for _, g := range r.unit {
				if g.Hero && g.Quality > 0 && g.Quality < r.TargetQuality {
					note(noteHeroRegroup.New(l10n.Term("regroup", termRegroup.New()), l10n.Int("quality", g.Quality)))
					break
				}
			}
		}
	}
}
