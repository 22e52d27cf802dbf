package poolk6

import (
	"context"
	"math"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// StealthRoll is the defender's roll to avoid a direct attack.
type StealthRoll struct {
	Die     int  `json:"die"`
	Needs   int  `json:"needs"` // the lowest face that avoids
	Avoided bool `json:"avoided"`
}

// AimRoll is indirect fire's test to hit the aimed point.
type AimRoll struct {
	Roll      PoolRoll `json:"roll"`
	Threshold int      `json:"threshold"`
	OnTarget  bool     `json:"on_target"`
	// Scatter, on a miss: where the area's centre lands.
	Scatter *Scatter `json:"scatter,omitempty"`
}

// Scatter is where a missed indirect shot lands: 1d6 inches from the
// aiming point in a random direction.
type Scatter struct {
	Inches int `json:"inches"`
	// Direction in degrees clockwise from the direction named by From:
	// "line_of_fire", or "defender" (from the aiming point towards the
	// defender's base).
	Direction float64 `json:"direction_degrees"`
	From      string  `json:"from"`
	// The attack action: the distance from the landing point to the
	// centre of the defender's base, and whether the area reaches the base.
	// The area action gives these per defender.
	Distance *float64 `json:"distance,omitempty"`
	Covers   *bool    `json:"covers,omitempty"`
}

// Directions scatters are measured from.
const (
	fromLineOfFire = "line_of_fire"
	fromDefender   = "defender"
)

// Ammo says what the attack did to the weapon's ammunition.
type Ammo struct {
	ROFUsed       int  `json:"rof_used"`
	DryUpTo       int  `json:"dry_up_to"` // unmodified results 1..DryUpTo empty the magazine; 0 with LA
	MagazineEmpty bool `json:"magazine_empty"`
	RoundsSpent   int  `json:"rounds_spent"` // 1 for LA weapons, else 0
}

// AttackResult is a rolled attack with the exact odds of the same request.
type AttackResult struct {
	Mode    string       `json:"mode"`
	Stealth *StealthRoll `json:"stealth,omitempty"`
	Aim     *AimRoll     `json:"aim,omitempty"`
	Attack  PoolRoll     `json:"attack"`
	Defense *PoolRoll    `json:"defense,omitempty"` // nil when the attack did not reach the defender
	// The rolls a command point (Dowodzenie) replaced.
	AttackBeforeReroll  *PoolRoll `json:"attack_before_reroll,omitempty"`
	DefenseBeforeReroll *PoolRoll `json:"defense_before_reroll,omitempty"`
	SuccessLevel        int       `json:"success_level"`
	Hit                 bool      `json:"hit"`
	Damage              int       `json:"damage"`
	Wounds              int       `json:"wounds"`
	Stunned             bool      `json:"stunned"`
	Burning             bool      `json:"burning"`
	Ammo                Ammo      `json:"ammo"`
	systems.Report
}

// AttackOdds are the exact odds of an attack.
type AttackOdds struct {
	Hit           float64              `json:"hit"`
	Stun          float64              `json:"stun"`
	MagazineEmpty float64              `json:"magazine_empty"`
	OnTarget      *float64             `json:"on_target,omitempty"` // indirect fire only
	Covers        *float64             `json:"covers,omitempty"`    // indirect fire: P(the area reaches the defender)
	Wounds        systems.Distribution `json:"wounds"`
	MeanDamage    float64              `json:"mean_damage"`
	// P(a command point is spent on a reroll), when one is offered.
	AttackerReroll *float64 `json:"attacker_reroll_used,omitempty"`
	DefenderReroll *float64 `json:"defender_reroll_used,omitempty"`
}

// Entries lists the odds for an answer.
func (o AttackOdds) Entries() systems.Odds {
	out := systems.Odds{
		systems.Probability("hit", labelHit.New(), o.Hit),
		systems.Probability("stun", labelStun.New(), o.Stun),
		systems.Probability("magazine_empty", labelEmpty.New(), o.MagazineEmpty),
	}
	if o.OnTarget != nil {
		out = append(out, systems.Probability("on_target", labelOnTarget.New(), *o.OnTarget))
	}
	if o.Covers != nil {
		out = append(out, systems.Probability("covers", labelCovers.New(), *o.Covers))
	}
	if o.AttackerReroll != nil {
		out = append(out, systems.Probability("attacker_reroll_used", labelAttackerReroll.New(), *o.AttackerReroll))
	}
	if o.DefenderReroll != nil {
		out = append(out, systems.Probability("defender_reroll_used", labelDefenderReroll.New(), *o.DefenderReroll))
	}
	return append(out,
		systems.DistributionOf("wounds", labelWounds.New(), o.Wounds),
		systems.Mean("mean_damage", labelMeanDamage.New(), o.MeanDamage))
}

// notes explain the readings of the rulebook this resolution relies on.
func (r *AttackRequest) notes() []l10n.Message {
	n := []l10n.Message{noteModifiers.New(), noteOneDefender.New()}
	if r.Mode == Indirect {
		n = append(n, noteIndirectAim.New(), noteIndirectLevel.New(), scatterNote(r.areaRadius(), r.BaseRadius))
	}
	if r.AttackerReroll || r.DefenderReroll {
		n = append(n, noteCommandReroll.New())
	}
	return n
}

// scatterNote states the scatter geometry of scatter.go.
func scatterNote(area int, base float64) l10n.Message {
	if area == 0 {
		return noteScatterNoArea.New()
	}
	return noteScatterArea.New(l10n.Int("area", area), l10n.Float("base", base), l10n.Float("reach", float64(area)+base))
}

// shot is the request as one attack roll against one defender.
func (r *AttackRequest) shot() (*shot, pools) {
	s := &shot{
		indirect: r.Mode == Indirect,
		att:      poolDist(r.Attack),
		aimMod:   r.attackModifier(),
		reroll:   r.AttackerReroll,
		area:     float64(r.areaRadius()),
	}
	if !r.LimitedAmmo {
		s.dry = dryUpTo(r.ROFDamage+r.ROFArea, r.ROF)
	}
	t := target{
		attMod: r.attackModifier(),
		def:    poolDist(r.Defense).shift(r.defenseModifier()),
		reroll: r.DefenderReroll,
		perSL:  r.Damage + r.ROFDamage,
		armour: r.Armour,
		place:  placement{distance: r.TargetDistance, reach: s.area + r.BaseRadius},
	}
	if r.Stealth > 0 {
		t.avoid = float64(6-r.Stealth) / 6
	}
	s.targets = []target{t}
	pl := pools{attack: r.Attack, attackMod: r.attackModifier(), directions: fromLineOfFire,
		defenders: []defenderPool{{dice: r.Defense, modifier: r.defenseModifier(), stealth: r.Stealth}}}
	if r.TargetDistance > 0 {
		pl.directions = fromDefender
	}
	return s, pl
}

// pick is yes's message when ok, else no's.
func pick(ok bool, yes, no *l10n.Def) l10n.Message {
	if ok {
		return yes.New()
	}
	return no.New()
}

// stealthArgs are a Stealth roll's step arguments.
func stealthArgs(st *StealthRoll) []l10n.Arg {
	return []l10n.Arg{l10n.Int("rating", st.Needs-1), l10n.Int("die", st.Die), l10n.Int("needs", st.Needs),
		l10n.Term("outcome", pick(st.Avoided, termAvoided, termNotAvoided))}
}

// aimStep is the step of an aiming test.
func aimStep(p PoolRoll, onTarget bool) l10n.Message {
	return stepAim.New(l10n.Ints("dice", p.Dice), l10n.Int("unmodified", p.Unmodified), systems.Signed("modifier", p.Modifier),
		l10n.Int("result", p.Result), l10n.Int("threshold", indirectThreshold), l10n.Term("outcome", pick(onTarget, termOnTarget, termMissed)))
}

// directStep is the step of an attack test against a Def test.
func directStep(a, d PoolRoll) l10n.Message {
	return stepDirectLevel.New(
		l10n.Ints("adice", a.Dice), l10n.Int("aunmodified", a.Unmodified), systems.Signed("amodifier", a.Modifier), l10n.Int("aresult", a.Result),
		l10n.Ints("ddice", d.Dice), l10n.Int("dunmodified", d.Unmodified), systems.Signed("dmodifier", d.Modifier), l10n.Int("dresult", d.Result),
		l10n.Int("level", a.Result-d.Result))
}

// indirectStep is the step of the unmodified attack roll against a Def
// test.
func indirectStep(attack int, d PoolRoll) l10n.Message {
	return stepIndirectLevel.New(l10n.Int("attack", attack), l10n.Ints("dice", d.Dice), l10n.Int("unmodified", d.Unmodified),
		systems.Signed("modifier", d.Modifier), l10n.Int("result", d.Result), l10n.Int("level", attack-d.Result))
}

// rounded is v to a hundredth, as answers show distances.
func rounded(v float64) float64 { return math.Round(v*100) / 100 }

// Resolve rolls the attack with src and computes its odds.
func Resolve(ctx context.Context, req AttackRequest, src dice.Source) (AttackResult, error) {
	odds, err := OddsOf(ctx, &req)
	if err != nil {
		return AttackResult{}, err
	}
	return resolve(req, odds, src), nil
}

// resolve rolls the attack req, normalized by OddsOf, whose odds are odds.
// (The tests that roll one request thousands of times compute its odds
// once.)
func resolve(req AttackRequest, odds AttackOdds, src dice.Source) AttackResult {
	res := AttackResult{Mode: req.Mode, Report: systems.Report{Odds: odds.Entries(), Notes: req.notes(), Rules: req.rules()}}
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	s, pl := req.shot()
	rolled := s.roll(src, pl)
	tr := rolled.targets[0]
	res.Attack, res.AttackBeforeReroll, res.Stealth = rolled.attack, rolled.first, tr.stealth
	res.Defense, res.DefenseBeforeReroll = tr.defense, tr.first

	if st := tr.stealth; st != nil {
		step(stepStealth.New(stealthArgs(st)...))
	}
	if req.Mode == Indirect {
		aim := &AimRoll{Roll: rolled.attack, Threshold: indirectThreshold, OnTarget: rolled.onTarget, Scatter: rolled.scatter}
		if f := rolled.first; f != nil {
			step(aimStep(*f, false))
			step(stepCommandReroll.New())
		}
		step(aimStep(rolled.attack, aim.OnTarget))
		if sc := aim.Scatter; sc != nil {
			distance, covers := rounded(tr.distance), tr.covered
			sc.Distance, sc.Covers = &distance, &covers
			from := pick(sc.From == fromLineOfFire, termFromLineOfFire, termFromDefender)
			step(stepScatterLanded.New(l10n.Int("inches", sc.Inches), l10n.Float("degrees", sc.Direction), l10n.Term("from", from),
				l10n.Float("distance", distance), l10n.Term("outcome", pick(covers, termInArea, termNotInArea))))
		} else if !tr.covered {
			step(stepOutOfReach.New(l10n.Float("distance", req.TargetDistance), l10n.Float("reach", s.targets[0].place.reach)))
		}
		res.Aim = aim
		if tr.defense != nil {
			if f := tr.first; f != nil {
				step(indirectStep(rolled.attack.Unmodified, *f))
				step(stepDefenderReroll.New())
			}
			step(indirectStep(rolled.attack.Unmodified, *tr.defense))
		}
	} else if tr.defense != nil {
		if f := rolled.first; f != nil {
			step(directStep(*f, *defenseBefore(tr)))
			step(stepCommandReroll.New())
		}
		if f := tr.first; f != nil {
			step(directStep(rolled.attack, *f))
			step(stepDefenderReroll.New())
		}
		step(directStep(rolled.attack, *tr.defense))
	} else { // avoided by Stealth; the roll still counts for the magazine
		a := rolled.attack
		step(stepAttackNoDef.New(l10n.Ints("dice", a.Dice), l10n.Int("unmodified", a.Unmodified), systems.Signed("modifier", a.Modifier), l10n.Int("result", a.Result)))
	}
	res.SuccessLevel = tr.sl
	switch {
	case tr.stealth != nil && tr.stealth.Avoided:
		step(stepAvoided.New())
	case !tr.covered:
		step(stepNotReached.New())
	default:
		res.Hit, res.Damage, res.Wounds = tr.hit, tr.damage, tr.wounds
		res.Stunned = res.Hit
		res.Burning = res.Hit && req.Incendiary
		if res.Hit {
			def := stepHit
			if res.Burning {
				def = stepHitBurning
			}
			step(def.New(l10n.Int("level", res.SuccessLevel), l10n.Int("dam", req.Damage), l10n.Int("rof", req.ROFDamage),
				l10n.Int("damage", res.Damage), l10n.Int("armour", req.Armour), l10n.Int("wounds", res.Wounds)))
		} else {
			step(stepNoHit.New())
		}
	}
	res.Ammo = ammo(req.ROF, req.ROFDamage+req.ROFArea, req.LimitedAmmo, res.Attack.Unmodified, step)
	return res
}

// ammo is what an attack with final unmodified roll did to the magazine,
// with its step.
func ammo(rof, used int, limited bool, unmodified int, step func(l10n.Message)) Ammo {
	a := Ammo{ROFUsed: used}
	if limited {
		a.RoundsSpent = 1
		step(stepAmmoLA.New())
		return a
	}
	a.DryUpTo = dryUpTo(used, rof)
	a.MagazineEmpty = unmodified <= a.DryUpTo
	step(stepAmmoUsed.New(l10n.Int("used", used), l10n.Int("rof", rof), l10n.Int("dry", a.DryUpTo),
		l10n.Term("outcome", pick(a.MagazineEmpty, termEmpty, termHolds))))
	return a
}

// defenseBefore is the Def roll the attacker's reroll was set against: the
// first one when the defender rerolled later.
func defenseBefore(tr targetRoll) *PoolRoll {
	if tr.first != nil {
		return tr.first
	}
	return tr.defense
}

// OddsOf normalizes req and computes the exact odds of the attack, by
// enumerating the attacker's unmodified result and the defender's result
// (and for indirect fire the scatter: see scatter.go).
func OddsOf(ctx context.Context, req *AttackRequest) (AttackOdds, error) {
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	if err := req.Normalize(); err != nil {
		return AttackOdds{}, err
	}
	s, _ := req.shot()
	so := s.odds()
	t := so.targets[0]
	odds := AttackOdds{
		Hit:           t.hit,
		Stun:          t.hit,
		MagazineEmpty: so.magazine,
		Wounds:        fromMap(t.wounds).distribution(),
		MeanDamage:    t.damage,
	}
	if req.Mode == Indirect {
		odds.OnTarget, odds.Covers = &so.onTarget, &t.covered
	}
	if req.AttackerReroll {
		odds.AttackerReroll = &so.attackerReroll
	}
	if req.DefenderReroll {
		odds.DefenderReroll = &t.defenderReroll
	}
	return odds, nil
}
