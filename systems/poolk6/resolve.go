package poolk6

import (
	"fmt"

	"kostka/dice"
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
	Mode         string       `json:"mode"`
	Stealth      *StealthRoll `json:"stealth,omitempty"`
	Aim          *AimRoll     `json:"aim,omitempty"`
	Attack       PoolRoll     `json:"attack"`
	Defense      PoolRoll     `json:"defense"`
	SuccessLevel int          `json:"success_level"`
	Hit          bool         `json:"hit"`
	Damage       int          `json:"damage"`
	Wounds       int          `json:"wounds"`
	Stunned      bool         `json:"stunned"`
	Burning      bool         `json:"burning"`
	Ammo         Ammo         `json:"ammo"`
	Steps        []string     `json:"steps"`
	Notes        []string     `json:"notes"`
	Odds         AttackOdds   `json:"odds"`
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

// notes explain the readings of the rulebook this resolution relies on.
func (r *AttackRequest) notes() []string {
	n := []string{
		"All modifiers apply to the result of a test, never to the number of dice.",
		"The defender is one model; in an area attack every model in the area defends against the same attack roll on its own.",
	}
	if r.Mode == Indirect {
		n = append(n,
			"Indirect fire: the aiming test counts the attacker's movement, range, damage, stun and the weapon's accuracy (and -2 for an invisible target), not cover.",
			"Indirect fire: the success level is the unmodified attack roll minus the defender's Def test with its own modifiers; on a miss the damage applies only if the scattered area still covers the target.")
	}
	return n
}

// Resolve rolls the attack with src and computes its odds.
func Resolve(req AttackRequest, src dice.Source) (AttackResult, error) {
	odds, err := OddsOf(&req)
	if err != nil {
		return AttackResult{}, err
	}
	res := AttackResult{Mode: req.Mode, Odds: odds, Notes: req.notes()}
	step := func(format string, args ...any) { res.Steps = append(res.Steps, fmt.Sprintf(format, args...)) }

	avoided := false
	if req.Stealth > 0 {
		die := src.IntN(6) + 1
		avoided = die > req.Stealth
		res.Stealth = &StealthRoll{Die: die, Needs: req.Stealth + 1, Avoided: avoided}
		step("Stealth %d: rolled %d, needs %d+: %s", req.Stealth, die, req.Stealth+1, map[bool]string{true: "attack avoided", false: "not avoided"}[avoided])
	}

	res.Attack = rollPool(src, req.Attack, req.attackModifier())
	res.Defense = rollPool(src, req.Defense, req.defenseModifier())
	if req.Mode == Indirect {
		aim := &AimRoll{Roll: res.Attack, Threshold: indirectThreshold, OnTarget: res.Attack.Result > indirectThreshold}
		step("Aim: %v → %d %+d = %d against %d: %s", res.Attack.Dice, res.Attack.Unmodified, res.Attack.Modifier,
			res.Attack.Result, indirectThreshold, map[bool]string{true: "on target", false: "missed"}[aim.OnTarget])
		if !aim.OnTarget {
			aim.Scatter = &Scatter{Inches: src.IntN(6) + 1, Direction: src.IntN(360)}
			step("Scatter: %d\" at %d° from the line of fire", aim.Scatter.Inches, aim.Scatter.Direction)
		}
		res.Aim = aim
		res.SuccessLevel = res.Attack.Unmodified - res.Defense.Result
		step("Attack (unmodified) %d − Def %v → %d %+d = %d: success level %d", res.Attack.Unmodified,
			res.Defense.Dice, res.Defense.Unmodified, res.Defense.Modifier, res.Defense.Result, res.SuccessLevel)
	} else {
		res.SuccessLevel = res.Attack.Result - res.Defense.Result
		step("Att %v → %d %+d = %d against Def %v → %d %+d = %d: success level %d",
			res.Attack.Dice, res.Attack.Unmodified, res.Attack.Modifier, res.Attack.Result,
			res.Defense.Dice, res.Defense.Unmodified, res.Defense.Modifier, res.Defense.Result, res.SuccessLevel)
	}
	if avoided {
		step("The attack is avoided: no damage, no stun")
	} else {
		res.Hit = res.SuccessLevel > 0
		res.Damage, res.Wounds = req.wounds(res.SuccessLevel)
		res.Stunned = res.Hit
		res.Burning = res.Hit && req.Incendiary
		if res.Hit {
			step("Damage %d × (DAM %d + ROF %d) = %d against armour %d: %d wound(s); stunned%s", res.SuccessLevel,
				req.Damage, req.ROFDamage, res.Damage, req.Armour, res.Wounds, map[bool]string{true: "; burning", false: ""}[res.Burning])
		} else {
			step("No hit")
		}
	}

	res.Ammo = Ammo{ROFUsed: req.ROFDamage + req.ROFArea}
	if req.LimitedAmmo {
		res.Ammo.RoundsSpent = 1
		step("Ammunition: one round spent (LA)")
	} else {
		res.Ammo.DryUpTo = dryUpTo(res.Ammo.ROFUsed, req.ROF)
		res.Ammo.MagazineEmpty = res.Attack.Unmodified <= res.Ammo.DryUpTo
		step("Ammunition: ROF %d of %d used, empty on 1–%d: %s", res.Ammo.ROFUsed, req.ROF, res.Ammo.DryUpTo,
			map[bool]string{true: "magazine empty", false: "magazine holds"}[res.Ammo.MagazineEmpty])
	}
	return res, nil
}

// OddsOf normalizes req and computes the exact odds of the attack, by
// enumerating the attacker's unmodified result and the defender's result.
func OddsOf(req *AttackRequest) (AttackOdds, error) {
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
