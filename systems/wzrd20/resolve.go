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
}

func (t *Target) check() error {
	if err := systems.First(
		systems.Check("armour", t.Armour, 0, maxValue),
		systems.Check("impenetrable", t.Impenetrable, 0, maxValue),
		systems.Check("type_modifier", t.TypeModifier, -20, 20),
		systems.Check("armour_modifier", t.ArmourModifier, -20, 20),
		systems.Check("wounds", t.Wounds, 1, 50),
	); err != nil {
		return err
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
// Strength and Critical bonus of its hit.
type shot struct {
	skill     int // modified, within 1..20
	strength  int // within 1..20
	critBonus int
}

// Shot is one rolled test of an attack and what its hit did.
type Shot struct {
	Roll     Roll  `json:"roll"`
	Strength int   `json:"strength"`
	Armour   *Roll `json:"armour,omitempty"` // the target's Armour test, if it took one
	Wounds   int   `json:"wounds"`           // Wounds lost to this shot
}

// resolve rolls one shot at t.
func (t *Target) resolve(s shot, src dice.Source) Shot {
	out := Shot{Roll: roll(src, s.skill), Strength: s.strength}
	if !out.Roll.Success {
		return out
	}
	crit := critical(s.strength, t.fourFrom(), s.critBonus)
	if out.Roll.PowerShot || t.Armour == 0 {
		out.Wounds = crit
		return out
	}
	a := roll(src, t.armourTarget(s.strength))
	out.Armour = &a
	if !a.Success {
		out.Wounds = crit
	}
	return out
}

// shotOdds are the exact odds of one shot: of a hit, and of wounding
// (a Power Shot, or a hit whose Armour test fails), which costs crit.
func (t *Target) shotOdds(s shot) (hit, wound float64, crit int) {
	c := testChances(s.skill)
	crit = critical(s.strength, t.fourFrom(), s.critBonus)
	if t.Armour == 0 {
		return c.pass(), c.pass(), crit
	}
	armourFails := 1 - testChances(t.armourTarget(s.strength)).pass()
	return c.pass(), c.power + c.success*armourFails, crit
}

// Odds are an attack's exact odds.
type Odds struct {
	Hits    systems.Distribution `json:"hits"`
	Wounds  systems.Distribution `json:"wounds"`  // Wounds lost
	Removed float64              `json:"removed"` // the target loses all its Wounds
}

// Entries lists the odds for an answer.
func (o Odds) Entries() systems.Odds {
	return systems.Odds{
		systems.DistributionOf("hits", labelHits.New(), o.Hits),
		systems.DistributionOf("wounds", labelWounds.New(), o.Wounds),
		systems.Probability("removed", labelRemoved.New(), o.Removed),
	}
}

// odds combines the shots' independent outcomes.
func (t *Target) odds(shots []shot) Odds {
	hits := []float64{1}
	wounds := []float64{1}
	for _, s := range shots {
		hit, wound, crit := t.shotOdds(s)
		hits = dice.Convolve(hits, []float64{1 - hit, hit})
		w := make([]float64, crit+1)
		w[0], w[crit] = 1-wound, wound
		wounds = dice.Convolve(wounds, w)
	}
	removed := 0.0
	for n := t.Wounds; n < len(wounds); n++ {
		removed += wounds[n]
	}
	return Odds{Hits: systems.NewDistribution(0, hits), Wounds: systems.NewDistribution(0, wounds), Removed: removed}
}

// Outcome is a rolled attack or team action.
type Outcome struct {
	Shots       []Shot         `json:"shots"`
	Hits        int            `json:"hits"`
	ArmourTests int            `json:"armour_tests"`
	Wounds      int            `json:"wounds"`
	Removed     bool           `json:"removed"`
	Fumble      bool           `json:"fumble"` // a Fumble: the model loses its remaining action points
	AVV         int            `json:"avv"`    // the attack's Anti Vehicle Value, bonuses included
	Steps       []l10n.Message `json:"steps"`
	Notes       []l10n.Message `json:"notes"`
	Odds        systems.Odds   `json:"odds"`
}

// roll rolls every shot at t and explains each.
func (t *Target) roll(shots []shot, src dice.Source) Outcome {
	out := Outcome{Shots: make([]Shot, 0, len(shots)), Notes: []l10n.Message{}, Odds: t.odds(shots).Entries()}
	for i, s := range shots {
		r := t.resolve(s, src)
		out.Shots = append(out.Shots, r)
		out.Steps = append(out.Steps, describe(whatShot.New(l10n.Int("n", i+1)), r.Roll, againstShot.New()))
		if r.Roll.Fumble {
			out.Fumble = true
		}
		if !r.Roll.Success {
			continue
		}
		out.Hits++
		crit := critical(s.strength, t.fourFrom(), s.critBonus)
		switch {
		case r.Roll.PowerShot:
			out.Steps = append(out.Steps, stepPowerShot.New(l10n.Term("term", termPowerShot.New()), l10n.Int("n", r.Wounds)))
		case r.Armour == nil:
			out.Steps = append(out.Steps, stepNoArmour.New(l10n.Int("n", r.Wounds)))
		default:
			out.ArmourTests++
			other := ""
			if t.TypeModifier != 0 || t.ArmourModifier != 0 {
				other = fmt.Sprintf(" %+d", t.TypeModifier+t.ArmourModifier)
			}
			args := []l10n.Arg{l10n.Int("armour", t.Armour), systems.Signed("strength_mod", armourModifier(s.strength)),
				l10n.Int("strength", s.strength), l10n.Str("other", other)}
			against := againstArmour.New(args...)
			if t.Impenetrable > 0 {
				against = againstArmourFloor.New(append(args, l10n.Int("floor", t.Impenetrable))...)
			}
			step := describe(whatArmour.New(), *r.Armour, against)
			switch {
			case r.Wounds > 0 && crit > 1:
				step = stepArmourCritical.New(l10n.Term("roll", step), l10n.Int("n", r.Wounds), l10n.Term("term", termCritical.New()), l10n.Int("x", crit))
			case r.Wounds > 0:
				step = stepArmourWounds.New(l10n.Term("roll", step), l10n.Int("n", r.Wounds))
			}
			out.Steps = append(out.Steps, step)
		}
		out.Wounds += r.Wounds
	}
	out.Removed = out.Wounds >= t.Wounds
	outcome := termStands.New()
	if out.Removed {
		outcome = termRemoved.New()
	}
	out.Steps = append(out.Steps, stepTotal.New(l10n.Int("hits", out.Hits), l10n.Int("wounds", out.Wounds), l10n.Int("of", t.Wounds),
		l10n.Term("outcome", outcome)))
	return out
}
