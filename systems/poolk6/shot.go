package poolk6

// A shot is one attack roll against one or more defenders: the attack
// action's single defender, or every model in an area. Seed 002, "Ataki
// obszarowe": "Atakujący wykonuje pojedynczy rzut na atak, każdy obrońca na
// obszarze ataku broni się przed nim indywidualnie". Its exact odds
// enumerate the attacker's pool and every defender's Def result; the
// defenders are independent once the attack roll and the area's landing
// are known, so the joint outcome is a product of per-defender outcomes.
//
// The order of play the odds follow (and the roller rolls):
//  1. Stealth: each defender with Stealth rolls to avoid a direct attack.
//  2. The attacker rolls the attack pool. Indirect fire: the aiming test
//     (threshold 4); failed, the attacker with a command point rerolls it
//     (Dowodzenie: "przerzut dowolnego testu"); failed again, the area
//     scatters 1d6" (see scatter.go).
//  3. Each defender the attack reaches (covered, not avoided) rolls Def.
//     Direct: if no defender is hit and one was not avoided, the attacker
//     with a command point rerolls the attack and the defenders keep their
//     rolls.
//  4. Each defender who is hit and has a command point rerolls Def once.
//  5. Damage: success level × (DAM + ROF on DAM), a wound per full armour;
//     a hit stuns. The magazine empties on the final unmodified roll.

// target is one defender as the odds see it.
type target struct {
	attMod int     // direct: the modifier to the attack result against this defender
	def    dist    // the defender's modified Def result
	avoid  float64 // P(Stealth avoids the attack)
	reroll bool    // a command point rerolls a Def test that is hit
	perSL  int     // damage per success level: DAM + ROF on DAM
	armour int
	place  placement // indirect fire: where the defender stands

	maxWounds int // the most wounds any roll deals, set by shot.odds
}

// shot is one attack roll and its defenders.
type shot struct {
	indirect bool
	att      dist    // the attacker's unmodified pool
	aimMod   int     // indirect: the aiming test's modifier
	reroll   bool    // a command point rerolls a failed attack or aiming test
	area     float64 // the area's radius in inches; 0: none
	dry      int     // unmodified results 1..dry empty the magazine (0: never)
	targets  []target

	rerolled map[[2]int]outcome // defender i's rerolled Def test against attack result a
	// scratch holds, per defender, the wounds of its outcome in the branch
	// add is adding: reused, as a branch's outcomes are summed at once
	// (with ten defenders of many wounds each, a fresh slice per branch
	// was two thirds of an area attack's 19 MB).
	scratch [][]float64
}

// result is the success level's outcome for one defender: hit or not,
// damage and wounds.
func (t target) result(sl int) (hit bool, damage, wounds int) {
	if sl <= 0 {
		return false, 0, 0
	}
	damage = sl * t.perSL
	return true, damage, damage / t.armour
}

// attackResult is what the final unmodified roll r puts against t's Def:
// the modified result for direct attacks, the unmodified roll for indirect
// fire ("niezmodyfikowany wynik rzutu na atak - rzut obrońcy na Def").
func (s *shot) attackResult(t target, r int) int {
	if s.indirect {
		return r
	}
	return r + t.attMod
}

// onTarget says whether the aiming test with unmodified roll r passes.
func (s *shot) onTarget(r int) bool { return r+s.aimMod > indirectThreshold }

// coversOnTarget says whether an area centred on the aiming point reaches
// t: within reach, or, without an area, only the model aimed at.
func (s *shot) coversOnTarget(t target) bool {
	if s.area == 0 {
		return t.place.distance == 0
	}
	return t.place.distance <= t.place.reach
}

// measure is a defender's state before damage: avoided by Stealth, or the
// Def result rolled (indexed like target.def.p), as probability masses
// that may sum to less than 1 on a conditioned branch.
type measure struct {
	avoided float64
	def     []float64
}

func fullMeasure(t target) measure {
	m := measure{avoided: t.avoid, def: make([]float64, len(t.def.p))}
	for i, p := range t.def.p {
		m.def[i] = p * (1 - t.avoid)
	}
	return m
}

func (m measure) mass() float64 {
	total := m.avoided
	for _, p := range m.def {
		total += p
	}
	return total
}

// outcome is one defender's outcome over a measure: the masses of a miss
// and of a hit with each number of wounds, the damage they carry, and the
// mass of hits before the defender's reroll (the point spent).
type outcome struct {
	miss, damage, rerolled float64
	hit                    []float64 // by number of wounds
}

func (o outcome) hits() float64 {
	total := 0.0
	for _, p := range o.hit {
		total += p
	}
	return total
}

// defend resolves defender ti against the final attack result a over
// measure m. The outcome's wounds are s.scratch[ti], valid until the next
// call for ti.
func (s *shot) defend(ti, a int, covered bool, m measure) outcome {
	t := s.targets[ti]
	hit := s.scratch[ti]
	clear(hit)
	o := outcome{miss: m.avoided, hit: hit}
	if !covered {
		o.miss = m.mass()
		return o
	}
	for i, p := range m.def {
		if p == 0 {
			continue
		}
		hit, damage, wounds := t.result(a - (t.def.min + i))
		switch {
		case !hit:
			o.miss += p
		case t.reroll:
			fresh := s.rerolledDef(ti, a)
			o.rerolled += p
			o.miss += p * fresh.miss
			o.damage += p * fresh.damage
			for w, q := range fresh.hit {
				o.hit[w] += p * q
			}
		default:
			o.damage += p * float64(damage)
			o.hit[wounds] += p
		}
	}
	return o
}

// rerolledDef is the outcome of defender ti's rerolled Def test against
// attack result a: a fresh roll of its pool, not rerolled again.
func (s *shot) rerolledDef(ti, a int) outcome {
	key := [2]int{ti, a}
	if o, ok := s.rerolled[key]; ok {
		return o
	}
	t := s.targets[ti]
	o := outcome{hit: make([]float64, t.maxWounds+1)}
	for i, p := range t.def.p {
		hit, damage, wounds := t.result(a - (t.def.min + i))
		if !hit {
			o.miss += p
			continue
		}
		o.damage += p * float64(damage)
		o.hit[wounds] += p
	}
	if s.rerolled == nil {
		s.rerolled = map[[2]int]outcome{}
	}
	s.rerolled[key] = o
	return o
}

// shotOdds are a shot's exact odds: per defender, and jointly.
type shotOdds struct {
	targets        []targetOdds
	modelsHit      []float64 // P(k defenders hit)
	magazine       float64   // P(the magazine empties)
	onTarget       float64   // indirect: P(the final aiming test passes)
	attackerReroll float64   // P(the attacker spends the command point)
}

// targetOdds are one defender's odds.
type targetOdds struct {
	covered        float64 // P(the attack reaches the defender)
	hit            float64
	wounds         map[int]float64 // P(n wounds); misses count as 0
	damage         float64         // mean damage
	defenderReroll float64         // P(the defender spends the command point)
}

func newShotOdds(n int) *shotOdds {
	o := &shotOdds{targets: make([]targetOdds, n), modelsHit: make([]float64, n+1)}
	for i := range o.targets {
		o.targets[i].wounds = map[int]float64{}
	}
	return o
}

// add adds weight × the product of the defenders' outcomes given the final
// unmodified roll r, which defenders the attack reaches, and their
// measures. A defender's own odds are scaled by the other measures' mass.
func (o *shotOdds) add(s *shot, weight float64, r int, covered []bool, ms []measure) {
	outs := make([]outcome, len(s.targets))
	masses := make([]float64, len(s.targets))
	for i, t := range s.targets {
		outs[i] = s.defend(i, s.attackResult(t, r), covered[i], ms[i])
		masses[i] = ms[i].mass()
	}
	count := []float64{weight}
	for i := range s.targets {
		others := weight
		for j, m := range masses {
			if j != i {
				others *= m
			}
		}
		to := &o.targets[i]
		if covered[i] {
			to.covered += others * masses[i]
		}
		to.wounds[0] += others * outs[i].miss
		for w, p := range outs[i].hit {
			if p != 0 {
				to.wounds[w] += others * p
				to.hit += others * p
			}
		}
		to.damage += others * outs[i].damage
		to.defenderReroll += others * outs[i].rerolled
		hit := outs[i].hits()
		next := make([]float64, len(count)+1)
		for k, p := range count {
			next[k] += p * outs[i].miss
			next[k+1] += p * hit
		}
		count = next
	}
	for k, p := range count {
		o.modelsHit[k] += p
	}
}

// allMiss adds weight × (an outcome where no defender is hit) to the odds:
// negative weights take such an outcome out of a branch.
func (o *shotOdds) allMiss(weight float64) {
	for i := range o.targets {
		o.targets[i].wounds[0] += weight
	}
	o.modelsHit[0] += weight
}

// odds computes a shot's exact odds.
func (s *shot) odds() *shotOdds {
	for i := range s.targets {
		t := &s.targets[i]
		best := s.att.max() // the highest attack result against t, unmodified for indirect fire
		if !s.indirect {
			best += t.attMod
		}
		_, _, t.maxWounds = t.result(best - t.def.min)
	}
	s.scratch = make([][]float64, len(s.targets))
	for i, t := range s.targets {
		s.scratch[i] = make([]float64, t.maxWounds+1)
	}
	o := newShotOdds(len(s.targets))
	full := make([]measure, len(s.targets))
	all := make([]bool, len(s.targets))
	for i, t := range s.targets {
		full[i] = fullMeasure(t)
		all[i] = true
	}
	pDry := 0.0
	for i, p := range s.att.p {
		if s.att.min+i <= s.dry {
			pDry += p
		}
	}
	if s.indirect {
		s.indirectOdds(o, full, pDry)
	} else {
		s.directOdds(o, full, all, pDry)
	}
	for i := range o.targets {
		for w, p := range o.targets[i].wounds {
			if p < 1e-15 && w != 0 {
				delete(o.targets[i].wounds, w) // rounding left by a branch taken out
			}
		}
	}
	return o
}

// directOdds: every defender is reached; the attacker rerolls when no
// defender is hit and not all of them avoided the attack.
func (s *shot) directOdds(o *shotOdds, full []measure, all []bool, pDry float64) {
	allAvoid := 1.0
	for _, t := range s.targets {
		allAvoid *= t.avoid
	}
	for i, pa := range s.att.p {
		r1 := s.att.min + i
		o.add(s, pa, r1, all, full)
		pReroll := 0.0
		if s.reroll {
			// The defenders' states that miss r1, kept for the reroll.
			missed := make([]measure, len(s.targets))
			pMiss := 1.0
			for j, t := range s.targets {
				m := measure{avoided: full[j].avoided, def: make([]float64, len(t.def.p))}
				for k, p := range full[j].def {
					if hit, _, _ := t.result(s.attackResult(t, r1) - (t.def.min + k)); !hit {
						m.def[k] = p
					}
				}
				missed[j] = m
				pMiss *= m.mass()
			}
			pReroll = pMiss - allAvoid
			if pReroll > 0 {
				o.allMiss(-pa * pReroll) // taken out of the first roll's outcomes
				for k, pb := range s.att.p {
					o.add(s, pa*pb, s.att.min+k, all, missed)
					o.allMiss(-pa * pb * allAvoid) // all avoided: no reroll
				}
			} else {
				pReroll = 0
			}
		}
		o.attackerReroll += pa * pReroll
		if r1 <= s.dry {
			o.magazine += pa * (1 - pReroll)
		}
		o.magazine += pa * pReroll * pDry
	}
}

// indirectOdds: the aiming test, rerolled once when it fails and a point
// is spent; on target the area is centred on the aiming point, otherwise
// it scatters.
func (s *shot) indirectOdds(o *shotOdds, full []measure, pDry float64) {
	pFail := 0.0
	for i, p := range s.att.p {
		if !s.onTarget(s.att.min + i) {
			pFail += p
		}
	}
	places := make([]placement, len(s.targets))
	onCovered := make([]bool, len(s.targets))
	for i, t := range s.targets {
		places[i] = t.place
		onCovered[i] = s.coversOnTarget(t)
	}
	cells := scatterCells(places, s.area)
	if s.reroll {
		o.attackerReroll = pFail
	}
	for i, pa := range s.att.p {
		r := s.att.min + i
		weight := pa // P(the final roll is r)
		if s.reroll {
			weight = pa * pFail
			if s.onTarget(r) {
				weight += pa
			}
		}
		if r <= s.dry {
			o.magazine += weight
		}
		if s.onTarget(r) {
			o.onTarget += weight
			o.add(s, weight, r, onCovered, full)
			continue
		}
		for _, c := range cells {
			o.add(s, weight*c.p, r, c.covered, full)
		}
	}
}
