package qualityd6

import (
	"fmt"
	"math"

	"kostka/dice"
	"kostka/systems"
)

// AttackResult is a rolled attack, every die shown, with the exact odds of
// the same request.
type AttackResult struct {
	HitDice       []int      `json:"hit_dice"`
	Hits          int        `json:"hits"` // after Rozprysk
	DefenseDice   []int      `json:"defense_dice"`
	Wounds        int        `json:"wounds"`
	ModelsKilled  int        `json:"models_killed"`
	WoundsLeft    int        `json:"wounds_left"` // on the unit, short of another model
	RegroupTests  int        `json:"regroup_tests"`
	Steps         []string   `json:"steps"`
	Notes         []string   `json:"notes"`
	Odds          AttackOdds `json:"odds"`
	HitNeeds      string     `json:"hit_needs"`
	DefenseNeeds  string     `json:"defense_needs"`
	WoundsPerFail int        `json:"wounds_per_failed_defense"`
}

// AttackOdds are the exact distributions of an attack's outcome.
type AttackOdds struct {
	Hits         systems.Distribution `json:"hits"`
	Wounds       systems.Distribution `json:"wounds"`
	ModelsKilled systems.Distribution `json:"models_killed"`
	RegroupTests systems.Distribution `json:"regroup_tests"`
}

// needs describes a d6 test's target for people, such as "4+ (-1)".
func needs(target, mod int) string {
	if mod == 0 {
		return fmt.Sprintf("%d+", target)
	}
	return fmt.Sprintf("%d+ (%+d)", target, mod)
}

// Attack rolls the attack with src and computes its odds.
func Attack(req AttackRequest, src dice.Source) (AttackResult, error) {
	if err := req.Normalize(); err != nil {
		return AttackResult{}, err
	}
	res := req.roll(src)
	res.Odds = req.odds()
	return res, nil
}

// roll rolls a normalized request, without its odds.
func (req *AttackRequest) roll(src dice.Source) AttackResult {
	ru := req.resolve()
	res := AttackResult{Notes: ru.notes, WoundsPerFail: ru.woundsPerFail,
		HitNeeds: needs(ru.hitNeed, ru.hitMod), DefenseNeeds: needs(ru.defNeed, ru.defMod)}
	step := func(format string, args ...any) { res.Steps = append(res.Steps, fmt.Sprintf(format, args...)) }

	hits := 0
	res.HitDice = make([]int, ru.attacks)
	for i := range res.HitDice {
		res.HitDice[i] = src.IntN(6) + 1
		hits += ru.hitsFrom(res.HitDice[i])
	}
	step("Quality %s, %d attacks: %v → %d hits", res.HitNeeds, ru.attacks, res.HitDice, hits)
	res.Hits = req.effectiveHits(hits, ru)
	if res.Hits != hits {
		step("Rozprysk(%d): %d hits", ru.blast, res.Hits)
	}
	failed := 0
	res.DefenseDice = make([]int, res.Hits)
	for i := range res.DefenseDice {
		res.DefenseDice[i] = src.IntN(6) + 1
		if !ru.saved(res.DefenseDice[i]) {
			failed++
		}
	}
	step("Defense %s: %v → %d failed", res.DefenseNeeds, res.DefenseDice, failed)
	res.Wounds = failed * ru.woundsPerFail
	res.ModelsKilled, res.WoundsLeft = req.allocate(res.Wounds)
	step("%d wounds (%d a failed defense): %d of %d models defeated (toughness %d), %d wounds left on the unit",
		res.Wounds, ru.woundsPerFail, res.ModelsKilled, req.Models, req.Toughness, res.WoundsLeft)
	res.RegroupTests = req.regroupTests(res.Wounds, res.ModelsKilled, res.WoundsLeft)
	step("Przegrupowanie: %d Quality tests", res.RegroupTests)
	return res
}

// AttackOddsOf computes the exact distributions of hits, wounds, models
// killed and regroup tests: the hits of all attacks by convolution, then
// for every number of hits a binomial over the defense tests.
func AttackOddsOf(req AttackRequest) (AttackOdds, error) {
	if err := req.Normalize(); err != nil {
		return AttackOdds{}, err
	}
	return req.odds(), nil
}

// odds computes the odds of a normalized request.
func (req *AttackRequest) odds() AttackOdds {
	ru := req.resolve()

	perAttack := make([]float64, 2+ru.extraOnSix)
	for face := 1; face <= 6; face++ {
		perAttack[ru.hitsFrom(face)] += 1.0 / 6
	}
	raw := []float64{1}
	for range ru.attacks {
		raw = convolve(raw, perAttack)
	}
	pFail := 0.0
	for face := 1; face <= 6; face++ {
		if !ru.saved(face) {
			pFail += 1.0 / 6
		}
	}

	maxHits := req.effectiveHits(len(raw)-1, ru)
	hits := make([]float64, maxHits+1)
	wounds := make([]float64, maxHits*ru.woundsPerFail+1)
	for h, ph := range raw {
		if ph == 0 {
			continue
		}
		e := req.effectiveHits(h, ru)
		hits[e] += ph
		for f, pf := range binomial(e, pFail) {
			wounds[f*ru.woundsPerFail] += ph * pf
		}
	}
	killed := make([]float64, req.Models+1)
	regroup := make([]float64, 4)
	for w, pw := range wounds {
		k, left := req.allocate(w)
		killed[k] += pw
		regroup[req.regroupTests(w, k, left)] += pw
	}
	return AttackOdds{
		Hits: distribution(hits), Wounds: distribution(wounds),
		ModelsKilled: distribution(killed), RegroupTests: distribution(regroup),
	}
}

// convolve is the distribution of the sum of two independent counts.
func convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, pa := range a {
		if pa == 0 {
			continue
		}
		for j, pb := range b {
			out[i+j] += pa * pb
		}
	}
	return out
}

// binomial returns P(k successes in n trials) for k = 0..n.
func binomial(n int, p float64) []float64 {
	out := make([]float64, n+1)
	switch {
	case p <= 0:
		out[0] = 1
		return out
	case p >= 1:
		out[n] = 1
		return out
	}
	lp, lq := math.Log(p), math.Log1p(-p)
	ln, _ := math.Lgamma(float64(n + 1))
	for k := range out {
		lk, _ := math.Lgamma(float64(k + 1))
		lnk, _ := math.Lgamma(float64(n - k + 1))
		out[k] = math.Exp(ln - lk - lnk + float64(k)*lp + float64(n-k)*lq)
	}
	return out
}
