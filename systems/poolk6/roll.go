package poolk6

import (
	"math"

	"kostka/dice"
)

// pools are the dice a shot rolls, beside its odds: the attacker's pool and
// the modifier shown with it, and each defender's Def pool, modifier and
// Stealth.
type pools struct {
	attack     int
	attackMod  int
	defenders  []defenderPool
	directions string // what scatter directions are measured from
}

type defenderPool struct {
	dice, modifier, stealth int
}

// shotRoll is a rolled shot.
type shotRoll struct {
	first    *PoolRoll // the attack roll a command point replaced
	attack   PoolRoll
	onTarget bool // indirect: the final aiming test passed
	scatter  *Scatter
	targets  []targetRoll
}

// targetRoll is one defender's part of a rolled shot.
type targetRoll struct {
	stealth  *StealthRoll
	covered  bool
	distance float64   // indirect: the area's centre to the base's centre
	first    *PoolRoll // the Def roll a command point replaced
	defense  *PoolRoll // nil when the attack did not reach the defender
	sl       int
	hit      bool
	damage   int
	wounds   int
}

// randomAngle is a direction uniform over the circle, in radians, from 53
// random bits (no modulo bias: IntN is uniform).
func randomAngle(src dice.Source) float64 {
	return 2 * math.Pi * float64(src.IntN(1<<53)) / (1 << 53)
}

// roll rolls the shot in the order the odds follow (see shot.go).
func (s *shot) roll(src dice.Source, pl pools) shotRoll {
	var res shotRoll
	res.targets = make([]targetRoll, len(s.targets))
	for i, d := range pl.defenders {
		if d.stealth > 0 {
			die := src.IntN(6) + 1
			res.targets[i].stealth = &StealthRoll{Die: die, Needs: d.stealth + 1, Avoided: die > d.stealth}
		}
	}
	avoided := func(i int) bool { return res.targets[i].stealth != nil && res.targets[i].stealth.Avoided }

	res.attack = rollPool(src, pl.attack, pl.attackMod)
	reroll := func() {
		first := res.attack
		res.first = &first
		res.attack = rollPool(src, pl.attack, pl.attackMod)
	}
	if s.indirect {
		res.onTarget = s.onTarget(res.attack.Unmodified)
		if !res.onTarget && s.reroll {
			reroll()
			res.onTarget = s.onTarget(res.attack.Unmodified)
		}
		var inches int
		var theta float64
		if !res.onTarget {
			inches, theta = src.IntN(scatterFaces)+1, randomAngle(src)
			res.scatter = &Scatter{Inches: inches, Direction: math.Round(theta*180/math.Pi*10) / 10, From: pl.directions}
		}
		for i, t := range s.targets {
			tr := &res.targets[i]
			if res.onTarget {
				tr.covered = s.coversOnTarget(t)
				tr.distance = t.place.distance
				continue
			}
			tr.covered = s.area > 0 && t.place.covers(float64(inches), theta)
			tr.distance = t.place.distanceFrom(float64(inches), theta)
		}
	} else {
		for i := range res.targets {
			res.targets[i].covered = true
		}
	}

	defend := func() (anyRolled, anyHit bool) {
		for i, t := range s.targets {
			tr := &res.targets[i]
			if !tr.covered || avoided(i) || tr.defense == nil {
				continue
			}
			anyRolled = true
			tr.hit, tr.damage, tr.wounds = t.result(s.attackResult(t, res.attack.Unmodified) - tr.defense.Result)
			tr.sl = s.attackResult(t, res.attack.Unmodified) - tr.defense.Result
			anyHit = anyHit || tr.hit
		}
		return anyRolled, anyHit
	}
	for i := range s.targets {
		if tr := &res.targets[i]; tr.covered && !avoided(i) {
			d := rollPool(src, pl.defenders[i].dice, pl.defenders[i].modifier)
			tr.defense = &d
		}
	}
	if anyRolled, anyHit := defend(); !s.indirect && s.reroll && anyRolled && !anyHit {
		reroll()
		defend()
	}
	for i, t := range s.targets {
		if tr := &res.targets[i]; tr.hit && t.reroll {
			tr.first = tr.defense
			d := rollPool(src, pl.defenders[i].dice, pl.defenders[i].modifier)
			tr.defense = &d
		}
	}
	defend()
	return res
}
