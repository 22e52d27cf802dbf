package qualityd6

import (
	"context"
	"slices"
	"strconv"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// AttackResult is a rolled attack, every die shown, with the exact odds of
// the same request.
type AttackResult struct {
	HitDice      []int `json:"hit_dice"`
	Hits         int   `json:"hits"` // after Rozprysk
	DefenseDice  []int `json:"defense_dice"`
	Wounds       int   `json:"wounds"`
	ModelsKilled int   `json:"models_killed"`
	WoundsLeft   int   `json:"wounds_left"` // on the unit, short of another model
	RegroupTests int   `json:"regroup_tests"`
	// RegroupDice are the regroup tests' dice, rolled when the request
	// gives the target's Quality; RegroupFailed counts the failed ones and
	// RegroupOutcome is the state they leave: "", "exhausted", "pinned"
	// (exhausted and pinned) or "destroyed" ("" for a Straceńczy unit, which
	// takes as many difficult-terrain tests instead).
	RegroupDice    []int   `json:"regroup_dice,omitempty"`
	RegroupFailed  int     `json:"regroup_failed"`
	RegroupOutcome Outcome `json:"regroup_outcome,omitempty"`
	systems.Report
	HitNeeds      string `json:"hit_needs"`
	DefenseNeeds  string `json:"defense_needs"`
	WoundsPerFail int    `json:"wounds_per_failed_defense"`
	// WoundsByAttacker and HeroesKilled are given for a unit in groups:
	// the wounds the attacker allocated (of natural 1s on defense, or all
	// with Precyzyjny) and the heroes defeated.
	WoundsByAttacker int `json:"wounds_by_attacker,omitempty"`
	HeroesKilled     int `json:"heroes_killed,omitempty"`
}

// AttackOdds are the exact distributions of an attack's outcome.
type AttackOdds struct {
	Hits         systems.Distribution `json:"hits"`
	Wounds       systems.Distribution `json:"wounds"`
	ModelsKilled systems.Distribution `json:"models_killed"`
	RegroupTests systems.Distribution `json:"regroup_tests"`
	// HeroesKilled is given when the unit has a hero (Heroes).
	Heroes       bool                 `json:"-"`
	HeroesKilled systems.Distribution `json:"heroes_killed"`
	// The outcome of the regroup tests, when the request gives the
	// target's Quality (Outcome is false otherwise).
	Outcome       bool                 `json:"-"`
	RegroupFailed systems.Distribution `json:"regroup_failed"`
	Exhausted     float64              `json:"exhausted"` // exhausted and not destroyed
	Pinned        float64              `json:"pinned"`    // pinned (and exhausted), not destroyed
	Destroyed     float64              `json:"destroyed"` // every model defeated, or destroyed by regroup
}

// Entries lists the odds for an answer.
func (o AttackOdds) Entries() systems.Odds {
	odds := systems.Odds{
		systems.DistributionOf("hits", labelHits.New(), o.Hits),
		systems.DistributionOf("wounds", labelWounds.New(), o.Wounds),
		systems.DistributionOf("models_killed", labelKilled.New(), o.ModelsKilled),
		systems.DistributionOf("regroup_tests", labelRegroup.New(), o.RegroupTests),
	}
	if o.Heroes {
		odds = append(odds, systems.DistributionOf("heroes_killed", labelHeroesKilled.New(), o.HeroesKilled))
	}
	if o.Outcome {
		odds = append(odds,
			systems.DistributionOf("regroup_failed", labelRegroupFailed.New(), o.RegroupFailed),
			systems.Probability("exhausted", labelExhausted.New(), o.Exhausted),
			systems.Probability("pinned", labelPinned.New(), o.Pinned),
			systems.Probability("destroyed", labelDestroyed.New(), o.Destroyed))
	}
	return odds
}

// needs describes a d6 test's target for people, such as "4+ (-1)".
func needs(target, mod int) string {
	if mod == 0 {
		return strconv.Itoa(target) + "+"
	}
	sign := "+"
	if mod < 0 {
		sign = "" // the digits have their minus
	}
	return strconv.Itoa(target) + "+ (" + sign + strconv.Itoa(mod) + ")"
}

// Attack rolls the attack with src and computes its odds.
func Attack(ctx context.Context, req AttackRequest, src dice.Source) (AttackResult, error) {
	if err := req.Normalize(); err != nil {
		return AttackResult{}, err
	}
	res := req.roll(src)
	odds, err := req.odds(ctx)
	if err != nil {
		return AttackResult{}, err
	}
	res.Odds = odds.Entries()
	return res, nil
}

// roll rolls a normalized request, without its odds.
func (req *AttackRequest) roll(src dice.Source) AttackResult {
	ru := req.resolve()
	res := AttackResult{WoundsPerFail: ru.woundsPerFail,
		HitNeeds: needs(ru.hitNeed, ru.hitMod), DefenseNeeds: needs(ru.defNeed, ru.defMod),
		Report: systems.Report{Notes: ru.notes, Steps: make([]l10n.Message, 0, 7)}} // room for every step, grown once
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	needs := l10n.Str("needs", res.HitNeeds)

	normal, auto, autoSum := 0, 0, 0
	res.HitDice = make([]int, ru.attacks)
	for i := range res.HitDice {
		res.HitDice[i] = src.IntN(6) + 1
		n, a := ru.hitsFrom(res.HitDice[i])
		normal, auto = normal+n, auto+a
		autoSum += ru.autoWoundsOf(res.HitDice[i])
	}
	if auto > 0 {
		var why []vocab.Name
		if ru.autoOnSix {
			why = append(why, vocab.Dezintegracja)
		}
		if ru.finesse {
			why = append(why, vocab.Finezja)
		}
		step(stepHitsAuto.New(needs, l10n.Int("attacks", ru.attacks), l10n.Ints("dice", res.HitDice), l10n.Int("hits", normal+auto),
			l10n.Int("auto", auto), abilityList("ability", why)))
	} else {
		step(stepHits.New(needs, l10n.Int("attacks", ru.attacks), l10n.Ints("dice", res.HitDice), l10n.Int("hits", normal)))
	}
	var n int
	if req.cutChoice(ru) {
		// Taken hits of differing wounds under a capped Rozprysk: the
		// attacker keeps the highest first.
		vals := ru.takenValues()
		counts := make([]int, len(vals))
		for _, face := range res.HitDice {
			if w := ru.autoWoundsOf(face); w > 0 {
				counts[slices.Index(vals, w)]++
			}
		}
		res.Hits, n, res.Wounds = req.cut(ru, vals, normal, counts)
	} else {
		var a int
		n, a = req.splitHits(normal, auto, ru)
		res.Hits = n + a
		// The hits with no defense roll: all alike, except the faces that
		// Finezja takes with Przebijająca, which Rozprysk multiplies whole.
		if auto > 0 {
			res.Wounds = a * autoSum / auto
		}
	}
	if res.Hits != normal+auto {
		step(stepBlast.New(l10n.Term("blast", termBlast.New()), l10n.Int("x", ru.blast), l10n.Int("hits", res.Hits)))
	}
	att := 0
	if ru.precise {
		att = res.Wounds
	}
	failed := 0
	res.DefenseDice = make([]int, n)
	for i := range res.DefenseDice {
		res.DefenseDice[i] = src.IntN(6) + 1
		if w := ru.woundsOf(res.DefenseDice[i]); w > 0 {
			failed++
			res.Wounds += w
			if ru.attackerAllocates(res.DefenseDice[i]) {
				att += w
			}
		}
	}
	step(stepDefense.New(l10n.Str("needs", res.DefenseNeeds), l10n.Ints("dice", res.DefenseDice), l10n.Int("failed", failed)))
	quality := req.TargetQuality
	if req.grouped() {
		al := req.allocateGroups(att, res.Wounds-att, nil)
		res.ModelsKilled, res.WoundsLeft, res.HeroesKilled, res.WoundsByAttacker = al.killed, al.left, al.heroes, att
		step(stepWoundsGroups.New(l10n.Int("wounds", res.Wounds), l10n.Int("att", att), l10n.Int("killed", al.killed),
			l10n.Int("models", req.Models), l10n.Int("heroes", al.heroes), l10n.Int("left", al.left)))
		res.RegroupTests = req.regroupTestsLeft(res.Wounds, al.killed == req.Models, req.remaining(al))
		quality = req.regroupQuality(al)
	} else {
		res.ModelsKilled, res.WoundsLeft = req.allocate(res.Wounds)
		step(stepWounds.New(l10n.Int("wounds", res.Wounds), l10n.Int("killed", res.ModelsKilled), l10n.Int("models", req.Models),
			l10n.Int("toughness", req.Toughness), l10n.Int("left", res.WoundsLeft)))
		res.RegroupTests = req.regroupTests(res.Wounds, res.ModelsKilled, res.WoundsLeft)
	}
	step(stepRegroup.New(l10n.Term("regroup", termRegroup.New()), l10n.Int("n", res.RegroupTests)))
	if quality > 0 && res.RegroupTests > 0 {
		res.RegroupDice = make([]int, res.RegroupTests)
		for i := range res.RegroupDice {
			res.RegroupDice[i] = src.IntN(6) + 1
			if !success(res.RegroupDice[i], quality, 0) {
				res.RegroupFailed++
			}
		}
		step(stepRegroupRoll.New(l10n.Term("regroup", termRegroup.New()), l10n.Ints("dice", res.RegroupDice),
			l10n.Int("target", quality), l10n.Int("failed", res.RegroupFailed)))
		if req.has(vocab.Stracenczy) {
			step(stepRegroupReckless.New(abilityTerm("ability", vocab.Stracenczy), l10n.Int("n", res.RegroupFailed)))
		} else {
			res.RegroupOutcome = regroupOutcomes[res.RegroupFailed]
			step(stepRegroupOutcome.New(l10n.Term("outcome", outcomeTerms[res.RegroupFailed].New())))
		}
	}
	return res
}

// AttackOddsOf computes the exact distributions of hits, wounds, models
// killed and regroup tests: the hits of all attacks by convolution, then
// for every number of hits a binomial over the defense tests.
func AttackOddsOf(ctx context.Context, req AttackRequest) (AttackOdds, error) {
	if err := req.Normalize(); err != nil {
		return AttackOdds{}, err
	}
	return req.odds(ctx)
}

// odds computes the odds of a normalized request: the (normal, automatic)
// hits of all attacks by convolution, Rozprysk on each outcome, then the
// wounds of the normal hits as a power of one hit's wound distribution,
// shifted by the automatic hits' fixed wounds. Its cost is what oddsCost
// estimates: two hit tables, and the powers of one hit's wounds built one
// from the other (kept, for Dezintegracja, for every number of normal
// hits). It stops with ctx's error when ctx ends.
func (req *AttackRequest) odds(ctx context.Context) (AttackOdds, error) {
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	ru := req.resolve()
	sh := ru.shape(req)

	// Under the cut (Finezja with Przebijająca, a capped Rozprysk) the
	// attack's outcomes come from their own table; otherwise from hits.
	cut := req.cutChoice(ru)
	var outs []cutOutcome
	var hits []float64
	rows, cols := 0, 0 // the part of the hit table in use
	if cut {
		if outs = req.cutOutcomes(ctx, ru); outs == nil {
			return AttackOdds{}, ctx.Err()
		}
	} else {
		var err error
		if hits, rows, cols, err = ru.hitTable(ctx, sh); err != nil {
			return AttackOdds{}, err
		}
	}

	perHit := make([]float64, 1)
	for face := 1; face <= 6; face++ {
		w := ru.woundsOf(face)
		for len(perHit) <= w {
			perHit = append(perHit, 0)
		}
		perHit[w] += 1.0 / 6
	}
	// The wounds of k normal hits: one power at a time, in two buffers
	// when the powers are needed in order (no Dezintegracja), else all
	// kept.
	maxW := len(perHit) - 1
	var powers [][]float64
	cur, spare := make([]float64, 1, sh.maxNormal*maxW+1), make([]float64, 0, sh.maxNormal*maxW+1)
	cur[0] = 1
	have := 0
	power := func(k int) []float64 {
		if sh.cols > 1 {
			if powers == nil {
				powers = [][]float64{{1}}
			}
			for len(powers) <= k {
				powers = append(powers, dice.Convolve(powers[len(powers)-1], perHit))
			}
			return powers[k]
		}
		for have < k {
			spare = spare[:len(cur)+maxW]
			clear(spare)
			for i, p := range cur {
				if p == 0 {
					continue
				}
				for j, q := range perHit {
					spare[i+j] += p * q
				}
			}
			cur, spare = spare, cur
			have++
		}
		return cur
	}

	effective := make([]float64, 0, sh.maxHits+1)
	wounds := make([]float64, 0, sh.maxWounds+1)
	autoW := ru.woundsOf(0)
	blastPer := 1 // Rozprysk's hits per hit, with Finezja and Przebijająca (no choice to make)
	switch {
	case ru.varTaken && req.has(vocab.Roj):
		blastPer = ru.blast
	case ru.varTaken && req.BlastCap == BlastPerHit:
		blastPer = min(ru.blast, req.Models)
	}
	if ru.varTaken && !cut {
		effective = req.rawHits(ctx, ru, blastPer)
	}
	// weights: the probability of en normal hits and aw wounds with no
	// defense roll, for a unit in groups (aw capped at its toughness).
	var weights []weight
	if req.grouped() {
		weights = make([]weight, 0, rows*cols)
	}
	capW := req.startToughness()
	for _, o := range outs {
		effective = addAt(effective, o.hits, o.p)
		for w, pw := range power(o.en) {
			wounds = addAt(wounds, w+o.aw, o.p*pw)
		}
		if req.grouped() {
			weights = append(weights, weight{o.en, min(o.aw, capW), o.p})
		}
	}
	for n := range rows {
		if err := ctx.Err(); err != nil {
			return AttackOdds{}, err
		}
		for a, p := range hits[n*sh.cols : n*sh.cols+cols] {
			if p == 0 {
				continue
			}
			var en, aw int
			if ru.varTaken {
				en, aw = n*blastPer, a*blastPer
			} else {
				var ea int
				en, ea = req.splitHits(n, a, ru)
				aw = ea * autoW
				effective = addAt(effective, en+ea, p)
			}
			for w, pw := range power(en) {
				wounds = addAt(wounds, w+aw, p*pw)
			}
			if req.grouped() {
				weights = append(weights, weight{en, min(aw, capW), p})
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	killed := make([]float64, req.Models+1)
	heroes := make([]float64, req.Models+1)
	// regroup[q][n]: the probability of n regroup tests taken with
	// Quality q (0 when the target's is not given).
	regroup := map[int][]float64{}
	addRegroup := func(q, n int, p float64) {
		if regroup[q] == nil {
			regroup[q] = make([]float64, 4)
		}
		regroup[q][n] += p
	}
	if req.grouped() {
		slices.SortStableFunc(weights, func(a, b weight) int { return a.en - b.en })
		joint, dimA := ru.groupedWounds(weights, capW)
		alive := make([]int, len(req.unit))
		dimD := capW + 1
		for i, p := range joint {
			if p == 0 {
				continue
			}
			att, def := i/dimD, i%dimD
			if att >= dimA {
				break
			}
			al := req.allocateGroups(att, def, alive)
			killed[al.killed] += p
			heroes[al.heroes] += p
			addRegroup(req.regroupQuality(al), req.regroupTestsLeft(att+def, al.killed == req.Models, req.remaining(al)), p)
		}
	} else {
		for w, pw := range wounds {
			k, left := req.allocate(w)
			killed[k] += pw
			addRegroup(req.TargetQuality, req.regroupTests(w, k, left), pw)
		}
	}
	tests := make([]float64, 4)
	for _, d := range regroup {
		for n, p := range d {
			tests[n] += p
		}
	}
	o := AttackOdds{
		Hits: distribution(effective), Wounds: distribution(wounds),
		ModelsKilled: distribution(killed), RegroupTests: distribution(tests),
	}
	if req.hasHero() {
		o.Heroes, o.HeroesKilled = true, distribution(heroes)
	}
	if req.TargetQuality > 0 {
		o.Outcome = true
		failed := make([]float64, 4)
		for q, d := range regroup {
			fail := 1 - chance(q, 0)
			for n, pn := range d {
				for f, pf := range binomial(n, fail) {
					failed[f] += pn * pf
				}
			}
		}
		o.RegroupFailed = distribution(failed)
		o.Destroyed = killed[req.Models]
		if !req.has(vocab.Stracenczy) {
			// Failed tests in order: exhausted, then pinned, then destroyed.
			o.Exhausted = failed[1] + failed[2]
			o.Pinned = failed[2]
			o.Destroyed += failed[3]
		}
	}
	return o, ctx.Err()
}

// hitTable is the distribution of an attack's hits: hits[n*sh.cols+a] is
// the probability of n normal and a automatic hits (of their wounds, for
// Finezja with Przebijająca). One attack adds one of its few outcomes
// (rules.outcomes). rows and cols are the part of the table in use.
func (ru rules) hitTable(ctx context.Context, sh oddsShape) (hits []float64, rows, cols int, err error) {
	type outcome struct {
		dn, da int
		p      float64
	}
	var outcomes []outcome
	for face := 1; face <= 6; face++ {
		dn, da := ru.hitsFrom(face)
		if ru.varTaken {
			da = ru.autoWoundsOf(face)
		}
		i := slices.IndexFunc(outcomes, func(o outcome) bool { return o.dn == dn && o.da == da })
		if i < 0 {
			outcomes = append(outcomes, outcome{dn, da, 0})
			i = len(outcomes) - 1
		}
		outcomes[i].p += 1.0 / 6
	}
	hits, next := make([]float64, sh.rows*sh.cols), make([]float64, sh.rows*sh.cols)
	hits[0] = 1
	rows, cols = 1, 1
	colStep := 1 // the most one attack adds to a column
	if ru.varTaken {
		colStep = ru.maxAutoWounds()
	}
	for range ru.attacks {
		if err := ctx.Err(); err != nil {
			return nil, 0, 0, err
		}
		nrows, ncols := min(rows+1+ru.extraOnSix, sh.rows), min(cols+colStep, sh.cols)
		for n := range nrows {
			clear(next[n*sh.cols : n*sh.cols+ncols])
		}
		for _, o := range outcomes {
			for n := range rows {
				row := hits[n*sh.cols : n*sh.cols+cols]
				out := next[(n+o.dn)*sh.cols+o.da:]
				for a, p := range row {
					out[a] += p * o.p
				}
			}
		}
		hits, next = next, hits
		rows, cols = nrows, ncols
	}
	return hits, rows, cols, nil
}

// rawHits is the distribution of the hits of a request whose taken hits
// Finezja and Przebijająca count by their wounds: the hits of each attack
// die added up, each times perHit (Rozprysk with Rój; no cap).
func (r *AttackRequest) rawHits(ctx context.Context, ru rules, perHit int) []float64 {
	var per [3 + 4]float64
	top := 0
	for face := 1; face <= 6; face++ {
		n, a := ru.hitsFrom(face)
		per[n+a] += 1.0 / 6
		top = max(top, n+a)
	}
	d := []float64{1}
	for range ru.attacks {
		if ctx.Err() != nil {
			return nil
		}
		d = dice.Convolve(d, per[:top+1])
	}
	out := make([]float64, (len(d)-1)*perHit+1)
	for h, p := range d {
		out[h*perHit] += p
	}
	return out
}

// binomial is the distribution of successes in n trials of chance p.
func binomial(n int, p float64) []float64 {
	d := []float64{1}
	for range n {
		d = dice.Convolve(d, []float64{1 - p, p})
	}
	return d
}

// regroupOutcomes are the states after 0 to 3 failed regroup tests, in
// the rulebook's order ("wyczerpany, przyszpilony lub zniszczony").
var regroupOutcomes = []Outcome{"", Exhausted, Pinned, Destroyed}

// Outcome is the state a unit's failed regroup tests leave it in.
type Outcome string

// The outcomes of regroup tests.
const (
	Exhausted Outcome = "exhausted"
	Pinned    Outcome = "pinned" // exhausted and pinned
	Destroyed Outcome = "destroyed"
)

// addAt adds p at index i of a growing slice.
func addAt(s []float64, i int, p float64) []float64 {
	for len(s) <= i {
		s = append(s, 0)
	}
	s[i] += p
	return s
}
