package wzrd20

import (
	"fmt"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Critical Force (Kritické zranění): Strength 8 takes 2 Wounds per failed
// Armour test, Strength 9 takes 3, and the Strength the extracted text
// gives as "20" takes 4 (most likely 10: see CriticalFourFrom). No bonus
// raises it above 4.
const (
	maxCritical             = 4
	defaultCriticalFourFrom = 10
)

// critical is the Wounds one failed Armour test costs at strength, with a
// bonus (team actions), capped at 4.
func critical(strength, fourFrom, bonus int) int {
	c := 1
	switch {
	case strength >= fourFrom:
		c = 4
	case strength >= 9:
		c = 3
	case strength == 8:
		c = 2
	}
	return min(c+bonus, maxCritical)
}

// armourModifier is the weapon Strength's modifier to the target's
// Armour. The extracted table ("+9 7 +3 8 +2 9 + 0 0-2 -2 3-3...20-0")
// reads, with its lost 1s restored, 1 → +9, 7 → +3, 8 → +2, 9 → +1,
// 10 → 0, 11 → -1, 12 → -2, 13 → -3 … 20 → -10: 10 minus the Strength.
func armourModifier(strength int) int { return 10 - strength }

// Target is what a hit is resolved against: its Armour and Wounds.
type Target struct {
	// Armour is A, the target's Armour value; 0 means it takes no Armour
	// test (every hit wounds).
	Armour int `json:"armour"`
	// Impenetrable is the value in brackets after A (A 16(2)): modifiers
	// never take the Armour below it. 0 if none.
	Impenetrable int `json:"impenetrable"`
	// TypeModifier is the target profile's modifier against the weapon's
	// type, such as -2 against Piercing.
	TypeModifier int `json:"type_modifier"`
	// ArmourModifier is any other modifier to the Armour, such as +2 for a
	// pinned squad against shooting.
	ArmourModifier int `json:"armour_modifier"`
	// Wounds is W, the Wounds the target has left.
	Wounds int `json:"wounds"`
	// CriticalFourFrom is the Strength from which Critical Force is (4);
	// the extracted rulebook says "20", most likely 10 with its 1 lost.
	// Nil means 10.
	CriticalFourFrom *int `json:"critical_four_from"`
	// Vehicle makes the target a vehicle: Armour is then its Pancíř (AV),
	// which the hit's AVV lowers and the weapon Strength does not modify,
	// and Wounds its Body struktury (SP).
	Vehicle bool `json:"vehicle"`
	// ArmourRerolls is how many failed Armour (or Pancíř) tests the target
	// may roll again (Opakování hodu), the first failures first.
	ArmourRerolls int `json:"armour_rerolls"`
	// Healing is the target's Léčení (X), 0 if none: see healing.go.
	Healing int `json:"healing"`
}

func (t *Target) check() error {
	if err := systems.First(
		systems.Check("armour", t.Armour, 0, maxValue),
		systems.Check("impenetrable", t.Impenetrable, 0, maxValue),
		systems.Check("type_modifier", t.TypeModifier, -20, 20),
		systems.Check("armour_modifier", t.ArmourModifier, -20, 20),
		systems.Check("wounds", t.Wounds, 1, 50),
		systems.Check("armour_rerolls", t.ArmourRerolls, 0, maxRerolls),
		systems.Check("healing", t.Healing, 0, maxValue),
	); err != nil {
		return err
	}
	if t.Healing > 0 && t.Vehicle {
		return systems.Invalid("healing", errHealingVehicle.New())
	}
	if t.CriticalFourFrom != nil {
		return systems.Check("critical_four_from", *t.CriticalFourFrom, 10, 20)
	}
	return nil
}

func (t *Target) fourFrom() int {
	if t.CriticalFourFrom == nil {
		return defaultCriticalFourFrom
	}
	return *t.CriticalFourFrom
}

// armourTarget is the modified Armour a hit of strength is tested
// against: never below the impenetrable value, always within 1..20.
func (t *Target) armourTarget(strength int) int {
	a := t.Armour + armourModifier(strength) + t.TypeModifier + t.ArmourModifier
	return clamp(max(a, t.Impenetrable))
}

// shot is one test of an attack: the skill it is rolled against, and the
// Strength, Critical bonus and AVV of its hit.
type shot struct {
	skill     int // modified, within 1..20
	strength  int // within 1..20
	critBonus int
	avv       int  // lowers a vehicle's Pancíř
	auto      bool // an automatic hit (Automatický zásah): no skill test
	// con is, for Suppression Fire (Krycí palba), the target's modified
	// Constitution: the target tests it, and a failure is an automatic hit.
	// 0 for every other shot.
	con int
}

// Shot is one rolled test of an attack and what its hit did.
type Shot struct {
	// Roll is the skill test that decided the shot; none for an automatic hit.
	Roll *Roll `json:"roll,omitempty"`
	// Rerolled is the failed first roll that a reroll (Opakování hodu)
	// replaced; the second roll stands, even if it is worse.
	Rerolled *Roll `json:"rerolled,omitempty"`
	// Constitution is the target's Constitution test against Suppression
	// Fire: a failure is an automatic hit.
	Constitution *Roll `json:"constitution,omitempty"`
	Hit          bool  `json:"hit"`
	AutoHit      bool  `json:"auto_hit,omitempty"`
	Strength     int   `json:"strength"`
	// Armour is the target's Armour test (Pancíř of a vehicle), if it took one.
	Armour *Roll `json:"armour,omitempty"`
	// ArmourRerolled is the failed first Armour test that a reroll replaced.
	ArmourRerolled *Roll `json:"armour_rerolled,omitempty"`
	// Healing is the target's Léčení test against the wound, if it took
	// one: passed, the wound costs no Wounds.
	Healing *Roll `json:"healing,omitempty"`
	Wounds  int   `json:"wounds"` // Wounds (Body struktury of a vehicle) lost to this shot
}

// rerolls are the rerolls left while an attack is rolled.
type rerolls struct{ skill, armour int }

// resolve rolls one shot at t, spending rerolls on failed tests.
func (t *Target) resolve(s shot, src dice.Source, left *rerolls) Shot {
	out := Shot{Strength: s.strength}
	switch {
	case s.con > 0:
		c := roll(src, s.con)
		out.Constitution = &c
		out.Hit, out.AutoHit = !c.Success, !c.Success
	case s.auto:
		out.Hit, out.AutoHit = true, true
	default:
		r := roll(src, s.skill)
		if !r.Success && left.skill > 0 {
			left.skill--
			first := r
			out.Rerolled = &first
			r = roll(src, s.skill)
		}
		out.Roll = &r
		out.Hit = r.Success
	}
	if !out.Hit {
		return out
	}
	crit := critical(s.strength, t.fourFrom(), s.critBonus)
	if out.Roll != nil && out.Roll.PowerShot {
		out.Wounds = crit
		return out
	}
	if t.Armour == 0 {
		out.Wounds = t.heal(crit, src, &out)
		return out
	}
	a := roll(src, t.testTarget(s))
	if !a.Success && left.armour > 0 {
		left.armour--
		first := a
		out.ArmourRerolled = &first
		a = roll(src, t.testTarget(s))
	}
	out.Armour = &a
	if !a.Success {
		out.Wounds = t.heal(crit, src, &out)
	}
	return out
}

// Odds are an attack's exact odds.
type Odds struct {
	Hits    systems.Distribution `json:"hits"`
	Wounds  systems.Distribution `json:"wounds"`  // Wounds lost
	Removed float64              `json:"removed"` // the target loses all its Wounds
	vehicle bool                 // the labels name Structure Points and destruction
}

// Entries lists the odds for an answer.
func (o Odds) Entries() systems.Odds {
	wounds, removed := labelWounds, labelRemoved
	if o.vehicle {
		wounds, removed = labelStructureLost, labelDestroyed
	}
	return systems.Odds{
		systems.DistributionOf("hits", labelHits.New(), o.Hits),
		systems.DistributionOf("wounds", wounds.New(), o.Wounds),
		systems.Probability("removed", removed.New(), o.Removed),
	}
}

// odds are the exact odds of shots with the attacker's rerolls.
func (t *Target) odds(shots []shot, rerolls int) Odds {
	hits, wounds := t.exact(shots, rerolls)
	removed := 0.0
	for n := t.Wounds; n < len(wounds); n++ {
		removed += wounds[n]
	}
	return Odds{Hits: systems.NewDistribution(0, hits), Wounds: systems.NewDistribution(0, wounds), Removed: removed, vehicle: t.Vehicle}
}

// Outcome is a rolled attack or team action.
type Outcome struct {
	Shots       []Shot `json:"shots"`
	Hits        int    `json:"hits"`
	ArmourTests int    `json:"armour_tests"`
	Wounds      int    `json:"wounds"`
	Removed     bool   `json:"removed"`
	Fumble      bool   `json:"fumble"` // a Fumble: the model loses its remaining action points
	AVV         int    `json:"avv"`    // the attack's Anti Vehicle Value, bonuses included
	systems.Report
}

// roll rolls every shot at t and explains each.
func (t *Target) roll(shots []shot, skillRerolls int, src dice.Source) Outcome {
	// Room for a shot's steps with a reroll of each roll, and the total:
	// the steps are grown once.
	out := Outcome{Shots: make([]Shot, 0, len(shots)), Report: systems.Report{Notes: []l10n.Message{}, Odds: t.odds(shots, skillRerolls).Entries(),
		Steps: make([]l10n.Message, 0, 4*len(shots)+1)}}
	left := rerolls{skill: skillRerolls, armour: t.ArmourRerolls}
	for i, s := range shots {
		r := t.resolve(s, src, &left)
		out.Shots = append(out.Shots, r)
		switch {
		case r.Constitution != nil:
			out.Steps = append(out.Steps, describe(whatConstitution.New(), *r.Constitution, againstConstitution.New()))
		case r.AutoHit:
			out.Steps = append(out.Steps, stepAutoHit.New(l10n.Int("n", i+1)))
		default:
			if r.Rerolled != nil {
				out.Steps = append(out.Steps, stepRerolled.New(l10n.Term("roll", describe(whatShot.New(l10n.Int("n", i+1)), *r.Rerolled, againstShot.New()))),
					describe(whatReroll.New(), *r.Roll, againstShot.New()))
			} else {
				out.Steps = append(out.Steps, describe(whatShot.New(l10n.Int("n", i+1)), *r.Roll, againstShot.New()))
			}
			if r.Roll.Fumble {
				out.Fumble = true
			}
		}
		if !r.Hit {
			continue
		}
		out.Hits++
		crit := critical(s.strength, t.fourFrom(), s.critBonus)
		switch {
		case r.Roll != nil && r.Roll.PowerShot && t.Vehicle:
			out.Steps = append(out.Steps, stepPowerShotStructure.New(l10n.Term("term", termPowerShot.New()), l10n.Int("n", r.Wounds)))
		case r.Roll != nil && r.Roll.PowerShot:
			out.Steps = append(out.Steps, stepPowerShot.New(l10n.Term("term", termPowerShot.New()), l10n.Int("n", r.Wounds)))
		case r.Armour == nil && t.Vehicle:
			out.Steps = append(out.Steps, stepNoPancir.New(l10n.Int("n", r.Wounds)))
		case r.Armour == nil:
			out.Steps = append(out.Steps, stepNoArmour.New(l10n.Int("n", r.Wounds)))
		default:
			out.ArmourTests++
			out.Steps = t.appendArmourSteps(out.Steps, s, r, crit)
		}
		if r.Healing != nil {
			out.Steps = append(out.Steps, t.healingStep(*r.Healing, crit))
		}
		out.Wounds += r.Wounds
	}
	out.Removed = out.Wounds >= t.Wounds
	outcome, total := termStands.New(), stepTotal
	if out.Removed {
		outcome = termRemoved.New()
	}
	if t.Vehicle {
		outcome, total = termVehicleStands.New(), stepTotalStructure
		if out.Removed {
			outcome = termDestroyed.New()
		}
	}
	out.Steps = append(out.Steps, total.New(l10n.Int("hits", out.Hits), l10n.Int("wounds", out.Wounds), l10n.Int("of", t.Wounds),
		l10n.Term("outcome", outcome)))
	return out
}

// appendArmourSteps appends the steps that explain a hit's Armour (or
// Pancíř) test, its reroll, and the Wounds (or Structure Points) lost.
func (t *Target) appendArmourSteps(steps []l10n.Message, s shot, r Shot, crit int) []l10n.Message {
	other := ""
	if t.TypeModifier != 0 || t.ArmourModifier != 0 {
		other = fmt.Sprintf(" %+d", t.TypeModifier+t.ArmourModifier)
	}
	what := whatArmour.New()
	var against l10n.Message
	if t.Vehicle {
		what = whatPancir.New()
		args := []l10n.Arg{l10n.Int("armour", t.Armour), l10n.Int("avv", s.avv), l10n.Str("other", other)}
		against = againstPancir.New(args...)
		if t.Impenetrable > 0 {
			against = againstPancirFloor.New(append(args, l10n.Int("floor", t.Impenetrable))...)
		}
	} else {
		args := []l10n.Arg{l10n.Int("armour", t.Armour), systems.Signed("strength_mod", armourModifier(s.strength)),
			l10n.Int("strength", s.strength), l10n.Str("other", other)}
		against = againstArmour.New(args...)
		if t.Impenetrable > 0 {
			against = againstArmourFloor.New(append(args, l10n.Int("floor", t.Impenetrable))...)
		}
	}
	if r.ArmourRerolled != nil {
		steps = append(steps, stepRerolled.New(l10n.Term("roll", describe(what, *r.ArmourRerolled, against))))
		what = whatReroll.New()
	}
	step := describe(what, *r.Armour, against)
	switch {
	case r.Wounds > 0 && t.Vehicle && crit > 1:
		step = stepPancirCritical.New(l10n.Term("roll", step), l10n.Int("n", r.Wounds), l10n.Term("term", termCriticalDamage.New()), l10n.Int("x", crit))
	case r.Wounds > 0 && t.Vehicle:
		step = stepPancirStructure.New(l10n.Term("roll", step), l10n.Int("n", r.Wounds))
	case r.Wounds > 0 && crit > 1:
		step = stepArmourCritical.New(l10n.Term("roll", step), l10n.Int("n", r.Wounds), l10n.Term("term", termCritical.New()), l10n.Int("x", crit))
	case r.Wounds > 0:
		step = stepArmourWounds.New(l10n.Term("roll", step), l10n.Int("n", r.Wounds))
	}
	return append(steps, step)
}
