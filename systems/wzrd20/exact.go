package wzrd20

// Rerolls (Opakování hodu): a player may roll a test again only once (a
// rerolled roll is never rolled again), and the second roll stands even if
// it is worse. A request gives how many failed tests may be rolled again;
// they are spent on the first failures, so an aimed first shot gets its
// reroll before the others.
const maxRerolls = 20

// testTarget is the value a hit's Armour test is rolled against: a
// model's Armour modified by the hit's Strength, or a vehicle's Pancíř (AV)
// lowered by the hit's AVV (the Strength table modifies Armour, which
// vehicles do not have). Either is never below the impenetrable value and
// always within 1..20.
func (t *Target) testTarget(s shot) int {
	if !t.Vehicle {
		return t.armourTarget(s.strength)
	}
	return clamp(max(t.Armour-s.avv+t.TypeModifier+t.ArmourModifier, t.Impenetrable))
}

// hitChances are the chances of one roll of a shot: a Power Shot, an
// ordinary hit (the target then tests its Armour), a miss; and whether a
// miss may be rolled again. An automatic hit always hits; Suppression
// Fire hits when the target fails its Constitution test, which no
// attacker's reroll changes.
func (s shot) hitChances() (power, hit, miss float64, rerollable bool) {
	switch {
	case s.con > 0:
		pass := testChances(s.con).pass()
		return 0, 1 - pass, pass, false
	case s.auto:
		return 0, 1, 0, false
	}
	c := testChances(s.skill)
	return c.power, c.success, c.fail + c.fumble, true
}

// branch is one way a shot can end, with its probability given the
// rerolls it may use: whether it spent the attacker's reroll or the
// target's Armour reroll, whether it hit, and whether it wounded.
type branch struct {
	p                    float64
	reroll, armourReroll bool
	hit, wound           bool
}

// ways are the branches of one shot: at most a Power Shot and three
// Armour outcomes per roll, the wounding ones split by Léčení, for two
// rolls, and a miss.
type ways struct {
	b [11]branch
	n int
}

func (w *ways) add(b branch) {
	if b.p > 0 {
		w.b[w.n] = b
		w.n++
	}
}

// branches lists the ways shot s can end at t. Their probabilities sum to 1.
func (t *Target) branches(s shot, canReroll, canArmourReroll bool) ways {
	power, hit, miss, rerollable := s.hitChances()
	var w ways
	f := 1.0 // the target's test fails: always if it takes none
	if t.Armour > 0 {
		f = 1 - testChances(t.testTarget(s)).pass()
	}
	healed := t.healed() // a wound not from a Power Shot is healed
	// test adds one roll of the shot, reached with probability p: a Power
	// Shot wounds; an ordinary hit wounds if the target's test fails, which
	// is rolled again once if the target has a reroll left.
	test := func(p float64, reroll bool) {
		w.add(branch{p: p * power, reroll: reroll, hit: true, wound: true})
		p *= hit
		if !canArmourReroll || t.Armour == 0 {
			w.add(branch{p: p * (1 - f), reroll: reroll, hit: true})
			w.add(branch{p: p * f * healed, reroll: reroll, hit: true})
			w.add(branch{p: p * f * (1 - healed), reroll: reroll, hit: true, wound: true})
			return
		}
		w.add(branch{p: p * (1 - f), reroll: reroll, hit: true})
		w.add(branch{p: p * f * (1 - f), reroll: reroll, armourReroll: true, hit: true})
		w.add(branch{p: p * f * f * healed, reroll: reroll, armourReroll: true, hit: true})
		w.add(branch{p: p * f * f * (1 - healed), reroll: reroll, armourReroll: true, hit: true, wound: true})
	}
	test(1, false)
	if rerollable && canReroll {
		test(miss, true)
		w.add(branch{p: miss * miss, reroll: true})
	} else {
		w.add(branch{p: miss})
	}
	return w
}

// exact returns the exact distributions of the number of hits and of the
// Wounds (or Structure Points) lost to shots, the attacker rolling again
// up to rerolls failed tests and the target up to its ArmourRerolls failed
// Armour tests, each on the first failures. The state carried from shot to
// shot is the rerolls left on each side and the count so far.
func (t *Target) exact(shots []shot, rerolls int) (hits, wounds []float64) {
	na := min(rerolls, len(shots)) + 1
	nd := min(t.ArmourRerolls, len(shots)) + 1
	nh, nw := len(shots)+1, 1
	crits := make([]int, len(shots))
	for i, s := range shots {
		crits[i] = critical(s.strength, t.fourFrom(), s.critBonus)
		nw += crits[i]
	}
	hitsNow, hitsNext := make([]float64, na*nd*nh), make([]float64, na*nd*nh)
	woundsNow, woundsNext := make([]float64, na*nd*nw), make([]float64, na*nd*nw)
	hitsNow[((na-1)*nd+nd-1)*nh] = 1
	woundsNow[((na-1)*nd+nd-1)*nw] = 1
	for i, s := range shots {
		var all [2][2]ways
		for a := range 2 {
			for d := range 2 {
				all[a][d] = t.branches(s, a > 0, d > 0)
			}
		}
		clear(hitsNext)
		clear(woundsNext)
		// Before shot i, at most i hits and the Critical of the shots before
		// it are possible, so the top counts of each row are still zero and
		// the ranges below never run past a row.
		for a := range na {
			for d := range nd {
				w := &all[min(a, 1)][min(d, 1)]
				for _, b := range w.b[:w.n] {
					a2, d2 := a, d
					if b.reroll {
						a2--
					}
					if b.armourReroll {
						d2--
					}
					from, to := (a*nd+d)*nh, (a2*nd+d2)*nh
					if b.hit {
						to++
					}
					for v, p := range hitsNow[from : from+nh-1] {
						hitsNext[to+v] += p * b.p
					}
					from, to = (a*nd+d)*nw, (a2*nd+d2)*nw
					if b.wound {
						to += crits[i]
					}
					for v, p := range woundsNow[from : from+nw-crits[i]] {
						woundsNext[to+v] += p * b.p
					}
				}
			}
		}
		hitsNow, hitsNext = hitsNext, hitsNow
		woundsNow, woundsNext = woundsNext, woundsNow
	}
	hits, wounds = make([]float64, nh), make([]float64, nw)
	for k := range na * nd {
		for v := range nh {
			hits[v] += hitsNow[k*nh+v]
		}
		for v := range nw {
			wounds[v] += woundsNow[k*nw+v]
		}
	}
	return hits, wounds
}
