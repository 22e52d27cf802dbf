package poolk6

import (
	"context"

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
	// Scatter, on a miss: 1d6 inches in a random direction, in degrees
	// clockwise from the line of fire.
	Scatter *Scatter `json:"scatter,omitempty"`
}

// Scatter is where a missed indirect shot lands.
type Scatter struct {
	Inches    int `json:"inches"`
	Direction int `json:"direction_degrees"`
}

// Ammo says what the attack did to the weapon's ammunition.
type Ammo struct {
	ROFUsed       int  `json:"rof_used"`
	DryUpTo       int  `json:"dry_up_to"` // unmodified results 1..DryUpTo empty the magazine; 0 with LA
	MagazineEmpty bool `json:"magazine_empty"`
	RoundsSpent   int  `json:"rounds_spent"` // 1 for LA weapons, else 0
}

// AttackResult is a rolled attack with the exact odds of the same request.
type AttackResult struct {
	Mode         string         `json:"mode"`
	Stealth      *StealthRoll   `json:"stealth,omitempty"`
	Aim          *AimRoll       `json:"aim,omitempty"`
	Attack       PoolRoll       `json:"attack"`
	Defense      PoolRoll       `json:"defense"`
	SuccessLevel int            `json:"success_level"`
	Hit          bool           `json:"hit"`
	Damage       int            `json:"damage"`
	Wounds       int            `json:"wounds"`
	Stunned      bool           `json:"stunned"`
	Burning      bool           `json:"burning"`
	Ammo         Ammo           `json:"ammo"`
	Steps        []l10n.Message `json:"steps"`
	Notes        []l10n.Message `json:"notes"`
	Odds         systems.Odds   `json:"odds"`
}

// AttackOdds are the exact odds of an attack.
type AttackOdds struct {
	Hit           float64              `json:"hit"`
	Stun          float64              `json:"stun"`
	MagazineEmpty float64              `json:"magazine_empty"`
	OnTarget      *float64             `json:"on_target,omitempty"` // indirect fire only
	Wounds        systems.Distribution `json:"wounds"`
	MeanDamage    float64              `json:"mean_damage"`
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
	return append(out,
		systems.DistributionOf("wounds", labelWounds.New(), o.Wounds),
		systems.Mean("mean_damage", labelMeanDamage.New(), o.MeanDamage))
}

// notes explain the readings of the rulebook this resolution relies on.
func (r *AttackRequest) notes() []l10n.Message {
	n := []l10n.Message{noteModifiers.New(), noteOneDefender.New()}
	if r.Mode == Indirect {
		n = append(n, noteIndirectAim.New(), noteIndirectLevel.New())
	}
	return n
}

// Resolve rolls the attack with src and computes its odds.
func Resolve(ctx context.Context, req AttackRequest, src dice.Source) (AttackResult, error) {
	odds, err := OddsOf(ctx, &req)
	if err != nil {
		return AttackResult{}, err
	}
	res := AttackResult{Mode: req.Mode, Odds: odds.Entries(), Notes: req.notes()}
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	pick := func(ok bool, yes, no *l10n.Def) l10n.Message {
		if ok {
			return yes.New()
		}
		return no.New()
	}

	avoided := false
	if req.Stealth > 0 {
		die := src.IntN(6) + 1
		avoided = die > req.Stealth
		res.Stealth = &StealthRoll{Die: die, Needs: req.Stealth + 1, Avoided: avoided}
		step(stepStealth.New(l10n.Int("rating", req.Stealth), l10n.Int("die", die), l10n.Int("needs", req.Stealth+1),
			l10n.Term("outcome", pick(avoided, termAvoided, termNotAvoided))))
	}

	res.Attack = rollPool(src, req.Attack, req.attackModifier())
	res.Defense = rollPool(src, req.Defense, req.defenseModifier())
	if req.Mode == Indirect {
		aim := &AimRoll{Roll: res.Attack, Threshold: indirectThreshold, OnTarget: res.Attack.Result > indirectThreshold}
		step(stepAim.New(l10n.Ints("dice", res.Attack.Dice), l10n.Int("unmodified", res.Attack.Unmodified),
			systems.Signed("modifier", res.Attack.Modifier), l10n.Int("result", res.Attack.Result),
			l10n.Int("threshold", indirectThreshold), l10n.Term("outcome", pick(aim.OnTarget, termOnTarget, termMissed))))
		if !aim.OnTarget {
			aim.Scatter = &Scatter{Inches: src.IntN(6) + 1, Direction: src.IntN(360)}
			step(stepScatter.New(l10n.Int("inches", aim.Scatter.Inches), l10n.Int("degrees", aim.Scatter.Direction)))
		}
		res.Aim = aim
		res.SuccessLevel = res.Attack.Unmodified - res.Defense.Result
		step(stepIndirectLevel.New(l10n.Int("attack", res.Attack.Unmodified), l10n.Ints("dice", res.Defense.Dice),
			l10n.Int("unmodified", res.Defense.Unmodified), systems.Signed("modifier", res.Defense.Modifier),
			l10n.Int("result", res.Defense.Result), l10n.Int("level", res.SuccessLevel)))
	} else {
		res.SuccessLevel = res.Attack.Result - res.Defense.Result
		step(stepDirectLevel.New(
			l10n.Ints("adice", res.Attack.Dice), l10n.Int("aunmodified", res.Attack.Unmodified),
			systems.Signed("amodifier", res.Attack.Modifier), l10n.Int("aresult", res.Attack.Result),
			l10n.Ints("ddice", res.Defense.Dice), l10n.Int("dunmodified", res.Defense.Unmodified),
			systems.Signed("dmodifier", res.Defense.Modifier), l10n.Int("dresult", res.Defense.Result),
			l10n.Int("level", res.SuccessLevel)))
	}
	if avoided {
		step(stepAvoided.New())
	} else {
		res.Hit = res.SuccessLevel > 0
		res.Damage, res.Wounds = req.wounds(res.SuccessLevel)
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

	res.Ammo = Ammo{ROFUsed: req.ROFDamage + req.ROFArea}
	if req.LimitedAmmo {
		res.Ammo.RoundsSpent = 1
		step(stepAmmoLA.New())
	} else {
		res.Ammo.DryUpTo = dryUpTo(res.Ammo.ROFUsed, req.ROF)
		res.Ammo.MagazineEmpty = res.Attack.Unmodified <= res.Ammo.DryUpTo
		step(stepAmmoUsed.New(l10n.Int("used", res.Ammo.ROFUsed), l10n.Int("rof", req.ROF), l10n.Int("dry", res.Ammo.DryUpTo),
			l10n.Term("outcome", pick(res.Ammo.MagazineEmpty, termEmpty, termHolds))))
	}
	return res, nil
}

// OddsOf normalizes req and computes the exact odds of the attack, by
// enumerating the attacker's unmodified result and the defender's result.
func OddsOf(ctx context.Context, req *AttackRequest) (AttackOdds, error) {
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	if err := req.Normalize(); err != nil {
		return AttackOdds{}, err
	}
	att, def := poolDist(req.Attack), poolDist(req.Defense).shift(req.defenseModifier())
	attMod := req.attackModifier()
	pAvoid := 0.0
	if req.Stealth > 0 {
		pAvoid = float64(6-req.Stealth) / 6
	}
	var odds AttackOdds
	wounds := map[int]float64{}
	onTarget := 0.0
	dry := dryUpTo(req.ROFDamage+req.ROFArea, req.ROF)
	for i, pa := range att.p {
		r := att.min + i
		if !req.LimitedAmmo && r <= dry {
			odds.MagazineEmpty += pa
		}
		first := r + attMod // the attack test's result
		if req.Mode == Indirect {
			if first > indirectThreshold {
				onTarget += pa
			}
			first = r // the damage step uses the unmodified roll
		}
		for j, pd := range def.p {
			p := pa * pd
			sl := first - (def.min + j)
			if sl <= 0 {
				accumulate(wounds, 0, p)
				continue
			}
			hit := p * (1 - pAvoid)
			odds.Hit += hit
			damage, w := req.wounds(sl)
			odds.MeanDamage += hit * float64(damage)
			accumulate(wounds, w, hit)
			accumulate(wounds, 0, p*pAvoid)
		}
	}
	odds.Stun = odds.Hit
	odds.Wounds = fromMap(wounds).distribution()
	if req.Mode == Indirect {
		odds.OnTarget = &onTarget
	}
	return odds, nil
}
