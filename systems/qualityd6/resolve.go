package qualityd6

import (
	"context"
	"fmt"
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
	// HitNeeds and DefenseNeeds are the tests' targets; with several
	// weapons, each weapon's, separated by commas, and WoundsPerFail the
	// first weapon's (Weapons holds each weapon's).
	HitNeeds      string `json:"hit_needs"`
	DefenseNeeds  string `json:"defense_needs"`
	WoundsPerFail int    `json:"wounds_per_failed_defense"`
	// WoundsByAttacker and HeroesKilled are given for a unit in groups:
	// the wounds the attacker allocated (of natural 1s on defense, or all
	// with Precyzyjny) and the heroes defeated.
	WoundsByAttacker int `json:"wounds_by_attacker,omitempty"`
	HeroesKilled     int `json:"heroes_killed,omitempty"`
	// FreshLost: a Świeży target took more wounds than its toughness,
	// discarded them all and lost the state.
	FreshLost bool `json:"fresh_lost,omitempty"`
	// Weapons are each weapon's dice, for an attack with several; the
	// fields above then hold the totals (the dice of all, in order).
	Weapons []WeaponResult `json:"weapons,omitempty"`
}

// WeaponResult is one weapon's dice in an attack with several.
type WeaponResult struct {
	Name          string `json:"name"`
	HitDice       []int  `json:"hit_dice"`
	Hits          int    `json:"hits"` // after Rozprysk
	DefenseDice   []int  `json:"defense_dice"`
	Wounds        int    `json:"wounds"`
	HitNeeds      string `json:"hit_needs"`
	DefenseNeeds  string `json:"defense_needs"`
	WoundsPerFail int    `json:"wounds_per_failed_defense"`
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
	// FreshLost is the probability that a Świeży target takes more wounds
	// than its toughness and loses the state (Fresh is false when the
	// target is not Świeży).
	Fresh     bool    `json:"-"`
	FreshLost float64 `json:"fresh_lost"`
	// Weapons are each weapon's wounds, apart, for an attack with several
	// (WeaponNames names them).
	Weapons     []systems.Distribution `json:"weapons,omitempty"`
	WeaponNames []string               `json:"-"`
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
	if o.Fresh {
		odds = append(odds, systems.Probability("fresh_lost", labelFreshLost.New(l10n.Term("fresh", termFresh.New())), o.FreshLost))
	}
	for i, d := range o.Weapons {
		odds = append(odds, systems.DistributionOf(fmt.Sprintf("weapons[%d].wounds", i), labelWeaponWounds.New(l10n.Str("name", o.WeaponNames[i])), d))
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
	if len(req.parts) > 0 {
		return req.rollWeapons(src)
	}
	ru := req.resolve()
	res := AttackResult{WoundsPerFail: ru.woundsPerFail,
		HitNeeds: needs(ru.hitNeed, ru.hitMod), DefenseNeeds: needs(ru.defNeed, ru.defMod),
		Report: systems.Report{Notes: ru.notes, Steps: make([]l10n.Message, 0, 7), Rules: systems.Cite(ru.rules...)}} // room for every step, grown once
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	w := req.rollWeapon(src, ru, step)
	res.HitDice, res.Hits, res.DefenseDice, res.Wounds = w.hitDice, w.hits, w.defenseDice, w.wounds
	shock := 0
	if req.shocks() {
		shock = w.wounds
	}
	req.rollOutcome(src, &res, w.att, shock, step)
	return res
}

// weaponRoll is what one weapon's dice gave.
type weaponRoll struct {
	hitDice, defenseDice []int
	hits                 int // after Rozprysk
	wounds               int
	att                  int // the wounds the attacker allocates
}

// rollWeapon rolls one weapon's hits and defense tests.
func (req *AttackRequest) rollWeapon(src dice.Source, ru rules, step func(l10n.Message)) weaponRoll {
	var res weaponRoll
	hitNeeds := l10n.Str("needs", needs(ru.hitNeed, ru.hitMod))
	normal, auto, autoSum := 0, 0, 0
	res.hitDice = make([]int, ru.attacks)
	for i := range res.hitDice {
		res.hitDice[i] = src.IntN(6) + 1
		n, a := ru.hitsFrom(res.hitDice[i])
		normal, auto = normal+n, auto+a
		autoSum += ru.autoWoundsOf(res.hitDice[i])
	}
	if auto > 0 {
		var why []vocab.Name
		if ru.autoOnSix {
			why = append(why, vocab.Dezintegracja)
		}
		if ru.finesse {
			why = append(why, vocab.Finezja)
		}
		step(stepHitsAuto.New(hitNeeds, l10n.Int("attacks", ru.attacks), l10n.Ints("dice", res.hitDice), l10n.Int("hits", normal+auto),
			l10n.Int("auto", auto), abilityList("ability", why)))
	} else {
		step(stepHits.New(hitNeeds, l10n.Int("attacks", ru.attacks), l10n.Ints("dice", res.hitDice), l10n.Int("hits", normal)))
	}
	var n int
	if req.cutChoice(ru) {
		// Taken hits of differing wounds under a capped Rozprysk: the
		// attacker keeps the highest first.
		vals := ru.takenValues()
		counts := make([]int, len(vals))
		for _, face := range res.hitDice {
			if w := ru.autoWoundsOf(face); w > 0 {
				counts[slices.Index(vals, w)]++
			}
		}
		res.hits, n, res.wounds = req.cut(ru, vals, normal, counts)
	} else {
		var a int
		n, a = req.splitHits(normal, auto, ru)
		res.hits = n + a
		// The hits with no defense roll: all alike, except the faces that
		// Finezja takes with Przebijająca, which Rozprysk multiplies whole.
		if auto > 0 {
			res.wounds = a * autoSum / auto
		}
	}
	if res.hits != normal+auto {
		step(stepBlast.New(l10n.Term("blast", termBlast.New()), l10n.Int("x", ru.blast), l10n.Int("hits", res.hits)))
	}
	if ru.precise {
		res.att = res.wounds
	}
	failed := 0
	res.defenseDice = make([]int, n)
	for i := range res.defenseDice {
		res.defenseDice[i] = src.IntN(6) + 1
		if w := ru.woundsOf(res.defenseDice[i]); w > 0 {
			failed++
			res.wounds += w
			if ru.attackerAllocates(res.defenseDice[i]) {
				res.att += w
			}
		}
	}
	step(stepDefense.New(l10n.Str("needs", needs(ru.defNeed, ru.defMod)), l10n.Ints("dice", res.defenseDice), l10n.Int("failed", failed)))
	return res
}

// rollOutcome allocates res.Wounds (att of them by the attacker; shock of
// them Porażenie's, which count double for the regroup test) and rolls
// the regroup tests.
func (req *AttackRequest) rollOutcome(src dice.Source, res *AttackResult, att, shock int, step func(l10n.Message)) {
	quality := req.TargetQuality
	counted := res.Wounds + shock
	if shock > 0 {
		step(stepShock.New(abilityTerm("ability", vocab.Porazenie), l10n.Int("counted", counted), l10n.Int("dealt", req.WoundsDealtBack)))
	}
	if req.grouped() {
		al := req.allocateGroups(att, res.Wounds-att, nil)
		res.ModelsKilled, res.WoundsLeft, res.HeroesKilled, res.WoundsByAttacker = al.killed, al.left, al.heroes, att
		step(stepWoundsGroups.New(l10n.Int("wounds", res.Wounds), l10n.Int("att", att), l10n.Int("killed", al.killed),
			l10n.Int("models", req.Models), l10n.Int("heroes", al.heroes), l10n.Int("left", al.left)))
		res.RegroupTests = req.regroupTestsLeft(counted, al.killed == req.Models, req.remaining(al))
		quality = req.regroupQuality(al)
	} else {
		var lost bool
		res.ModelsKilled, res.WoundsLeft, lost = req.allocate(res.Wounds)
		switch {
		case lost:
			res.FreshLost = true
			step(stepFreshLost.New(l10n.Term("fresh", termFresh.New()), l10n.Int("wounds", res.Wounds), l10n.Int("start", req.startToughness())))
		case req.is(TargetFresh):
			step(stepFresh.New(l10n.Term("fresh", termFresh.New()), l10n.Int("wounds", res.Wounds)))
		default:
			step(stepWounds.New(l10n.Int("wounds", res.Wounds), l10n.Int("killed", res.ModelsKilled), l10n.Int("models", req.Models),
				l10n.Int("toughness", req.Toughness), l10n.Int("left", res.WoundsLeft)))
		}
		res.RegroupTests = req.regroupTests(counted, res.ModelsKilled, res.WoundsLeft)
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
	return req.oddsIn(ctx, nil)
}

// oddsIn is odds, taking the stages it shares from batch (nil: none).
func (req *AttackRequest) oddsIn(ctx context.Context, batch *Batch) (AttackOdds, error) {
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	if len(req.parts) > 0 {
		return req.weaponsOdds(ctx, batch)
	}
	effective, wounds, weights, err := batch.woundOdds(ctx, req)
	if err != nil {
		return AttackOdds{}, err
	}
	plain, shock := wounds, []float64{1}
	if req.shocks() {
		plain, shock = shock, plain
	}
	return req.outcomeOdds(ctx, effective, plain, shock, weights)
}

// woundOdds computes the distributions of a normalized single-weapon
// request's hits (after Rozprysk) and wounds, and for a unit in groups
// the weights of its normal hits and wounds with no defense roll. Its hit
// table comes from batch (nil: its own); Batch.woundOdds shares the rest.
func (req *AttackRequest) woundOdds(ctx context.Context, batch *Batch) (effective, wounds []float64, weights []weight, err error) {
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
			return nil, nil, nil, ctx.Err()
		}
	} else {
		if hits, rows, cols, err = batch.hitTable(ctx, req.hitStage.key); err != nil {
			return nil, nil, nil, err
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

	effective = make([]float64, 0, sh.maxHits+1)
	wounds = make([]float64, 0, sh.maxWounds+1)
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
			return nil, nil, nil, err
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
	return effective, wounds, weights, ctx.Err()
}

// outcomeOdds computes the odds of an attack's outcome from the
// distributions of its hits and of its wounds, apart: plain wounds, and
// the wounds of Porażenie that count double for the regroup test
// (shocks); all wounds are allocated together. weights are given for a
// unit in groups, with one weapon.
func (req *AttackRequest) outcomeOdds(ctx context.Context, effective, plain, shock []float64, weights []weight) (AttackOdds, error) {
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	wounds := dice.Convolve(plain, shock)
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
	fresh := 0.0 // P(Świeży lost)
	if req.grouped() {
		ru := req.resolve()
		capW := req.startToughness()
		counted := 1 // the wounds counted for the regroup test, per wound
		if len(shock) > 1 {
			counted = 2
		}
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
			addRegroup(req.regroupQuality(al), req.regroupTestsLeft(counted*(att+def), al.killed == req.Models, req.remaining(al)), p)
		}
	} else {
		for w1, p1 := range plain {
			if err := ctx.Err(); err != nil {
				return AttackOdds{}, err
			}
			for w2, p2 := range shock {
				p := p1 * p2
				if p == 0 {
					continue
				}
				k, left, lost := req.allocate(w1 + w2)
				killed[k] += p
				if lost {
					fresh += p
				}
				addRegroup(req.TargetQuality, req.regroupTests(w1+2*w2, k, left), p)
			}
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
		Fresh: req.is(TargetFresh), FreshLost: fresh,
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

// hitOutcome is one outcome of an attack die: dn normal and da automatic
// hits (with Finezja and Przebijająca, da is the taken hit's wounds), of
// probability p.
type hitOutcome struct {
	dn, da int
	p      float64
}

// hitKey is everything an attack's hit table is made of: the outcomes of
// one attack die in the order the table adds them, the number of attacks,
// the table's shape, and the most one attack adds to a row and to a
// column. Two attacks of equal keys have hit tables equal to the last bit,
// whatever their targets (a Batch shares them).
type hitKey struct {
	outcomes         [6]hitOutcome
	n                int // outcomes in use
	attacks          int
	rows, cols       int // the table's shape (oddsShape)
	rowStep, colStep int
}

// hitKey is the key of the hit table of an attack of shape sh.
func (ru rules) hitKey(sh oddsShape) hitKey {
	k := hitKey{attacks: ru.attacks, rows: sh.rows, cols: sh.cols, rowStep: 1 + ru.extraOnSix, colStep: 1}
	for face := 1; face <= 6; face++ {
		dn, da := ru.hitsFrom(face)
		if ru.varTaken {
			da = ru.autoWoundsOf(face)
		}
		i := slices.IndexFunc(k.outcomes[:k.n], func(o hitOutcome) bool { return o.dn == dn && o.da == da })
		if i < 0 {
			k.outcomes[k.n] = hitOutcome{dn, da, 0}
			i = k.n
			k.n++
		}
		k.outcomes[i].p += 1.0 / 6
	}
	if ru.varTaken {
		k.colStep = ru.maxAutoWounds()
	}
	return k
}

// table is the distribution of an attack's hits: hits[n*k.cols+a] is the
// probability of n normal and a automatic hits (of their wounds, for
// Finezja with Przebijająca). One attack adds one of its few outcomes
// (rules.outcomes). rows and cols are the part of the table in use.
func (k hitKey) table(ctx context.Context) (hits []float64, rows, cols int, err error) {
	outcomes := k.outcomes[:k.n]
	hits, next := make([]float64, k.rows*k.cols), make([]float64, k.rows*k.cols)
	hits[0] = 1
	rows, cols = 1, 1
	for range k.attacks {
		if err := ctx.Err(); err != nil {
			return nil, 0, 0, err
		}
		nrows, ncols := min(rows+k.rowStep, k.rows), min(cols+k.colStep, k.cols)
		for n := range nrows {
			clear(next[n*k.cols : n*k.cols+ncols])
		}
		for _, o := range outcomes {
			for n := range rows {
				row := hits[n*k.cols : n*k.cols+cols]
				out := next[(n+o.dn)*k.cols+o.da:]
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
