package qualityd6

import (
	"context"
	"slices"

	vocab "kostka/systems/qualityd6/ability"
)

// Finezja with Przebijająca under a Rozprysk capped by the unit's models.
//
// A taken hit deals its hit die's face in wounds and Rozprysk makes X
// hits of it, all with that face; a normal hit rolls its defense. When
// the cap cuts hits, which ones go is the attacker's choice ("liczba
// trafień jest mnożona przez X, ale nie więcej, niż jest modeli"): it keeps
// the hits with no defense roll first, the highest first, then the normal
// hits (as the cut keeps Dezintegracja's hits before normal ones). The
// odds follow every attack die's outcome: its normal hits and the value of
// its taken hit, counted per value, so the cut is exact.

// cutChoice reports whether the request's taken hits differ and a cap
// cuts them: Finezja with Przebijająca, Rozprysk above 1, capped in total
// or literally (per_hit multiplies every hit alike; Rój is never capped).
func (r *AttackRequest) cutChoice(ru rules) bool {
	return ru.varTaken && ru.blast > 1 && !r.has(vocab.Roj) && r.BlastCap != BlastPerHit
}

// takenValues are the different wounds a hit with no defense roll can
// deal, highest first.
func (ru rules) takenValues() []int {
	var vals []int
	for face := 1; face <= 6; face++ {
		if w := ru.autoWoundsOf(face); w > 0 && !slices.Contains(vals, w) {
			vals = append(vals, w)
		}
	}
	slices.Sort(vals)
	slices.Reverse(vals)
	return vals
}

// cut applies Rozprysk and its cap to normal hits and taken hits counted
// per value (counts[i] of ru.takenValues()[i]): the hits after the cap,
// the normal ones among them, and the wounds of the taken ones.
func (r *AttackRequest) cut(ru rules, vals []int, normal int, counts []int) (hits, en, aw int) {
	t := 0
	for _, c := range counts {
		t += c
	}
	hits = r.effectiveHits(normal+t, ru)
	room := hits
	for i, c := range counts {
		kept := min(c*ru.blast, room)
		aw += kept * vals[i]
		room -= kept
	}
	return hits, min(normal*ru.blast, room), aw
}

// cutShape is the size of the table cutOutcomes builds: normal hits
// 0..rows-1 times a count 0..attacks of each taken value.
func (ru rules) cutShape() (cells int, vals []int) {
	vals = ru.takenValues()
	cells = ru.attacks*(1+ru.extraOnSix) + 1
	for range vals {
		cells = min(cells*(ru.attacks+1), 1<<40) // far past any budget, and no overflow
	}
	return cells, vals
}

// cutOutcome is one outcome of an attack under the cut: the hits after
// Rozprysk, the normal ones among them and the taken ones' wounds.
type cutOutcome struct {
	hits, en, aw int
	p            float64
}

// cutOutcomes is the exact distribution of an attack's hits under the
// cut: the attack dice's outcomes convolved over a table indexed by the
// normal hits and the count of taken hits of each value, then the cut
// applied to every cell. It returns nil when ctx ends.
func (r *AttackRequest) cutOutcomes(ctx context.Context, ru rules) []cutOutcome {
	cells, vals := ru.cutShape()
	k := len(vals)
	// strides: the normal hits vary fastest, then each value's count.
	stride := make([]int, k)
	size := ru.attacks*(1+ru.extraOnSix) + 1
	for i := range stride {
		stride[i] = size
		size *= ru.attacks + 1
	}
	type die struct {
		step int // the index step of this outcome
		p    float64
	}
	var dice []die
	for face := 1; face <= 6; face++ {
		dn, da := ru.hitsFrom(face)
		step := dn
		if da > 0 {
			step += stride[slices.Index(vals, ru.autoWoundsOf(face))]
		}
		i := slices.IndexFunc(dice, func(d die) bool { return d.step == step })
		if i < 0 {
			dice = append(dice, die{step, 0})
			i = len(dice) - 1
		}
		dice[i].p += 1.0 / 6
	}
	cur, next := make([]float64, cells), make([]float64, cells)
	cur[0] = 1
	for range ru.attacks {
		if ctx.Err() != nil {
			return nil
		}
		clear(next)
		for i, p := range cur {
			if p == 0 {
				continue
			}
			for _, d := range dice {
				next[i+d.step] += p * d.p
			}
		}
		cur, next = next, cur
	}
	var out []cutOutcome
	counts := make([]int, k)
	for i, p := range cur {
		if p == 0 {
			continue
		}
		normal := i % stride0(stride, size)
		for j := range counts {
			end := size
			if j+1 < k {
				end = stride[j+1]
			}
			counts[j] = i % end / stride[j]
		}
		hits, en, aw := r.cut(ru, vals, normal, counts)
		out = append(out, cutOutcome{hits, en, aw, p})
	}
	return out
}

// stride0 is the number of normal-hit values: the first stride, or the
// whole table when no value is taken.
func stride0(stride []int, size int) int {
	if len(stride) == 0 {
		return size
	}
	return stride[0]
}
