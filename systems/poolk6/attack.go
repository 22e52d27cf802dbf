package poolk6

import (
	"math"

	"kostka/l10n"
	"kostka/systems"
)

// Attack modes.
const (
	Direct   = "direct"   // direct fire or melee: Att against Def
	Indirect = "indirect" // indirect fire: threshold 4 to hit the aimed point
)

// Cover of the target, as the attack test sees it.
const (
	Open      = "open"      // +1 to the attack test
	Soft      = "soft"      // -1
	Hard      = "hard"      // -2
	Invisible = "invisible" // -2, and only indirect fire can attack
)

// coverModifiers are the rulebook's terrain modifiers to the attack test.
var coverModifiers = map[string]int{Open: 1, Soft: -1, Hard: -2, Invisible: -2}

// AttackRequest is one attack with one weapon against one model. Movement
// modifiers are the Att and Def rows of each model's movement table for the
// speed it moved at; modifiers from damage are those of each model's card.
type AttackRequest struct {
	Mode    string `json:"mode"`    // direct (default) or indirect
	Attack  int    `json:"attack"`  // the attacker's Att: dice rolled
	Defense int    `json:"defense"` // the defender's Def: dice rolled

	AttackerMovement int    `json:"attacker_movement"`  // Att row of the movement table
	DefenderMovement int    `json:"defender_movement"`  // Def row of the movement table
	Range            string `json:"range"`              // optimal (default, 0) or maximum (-1)
	Accuracy         int    `json:"accuracy"`           // the weapon's Acc
	Cover            string `json:"cover"`              // open (default, +1), soft (-1), hard (-2), invisible (-2)
	AttackerStunned  bool   `json:"attacker_stunned"`   // -1 to the attack test
	DefenderStunned  bool   `json:"defender_stunned"`   // -1 to the defence test
	AttackerWounds   int    `json:"attacker_wound_mod"` // modifier from the attacker's damage
	DefenderWounds   int    `json:"defender_wound_mod"` // modifier from the defender's damage
	Crossfire        bool   `json:"crossfire"`          // -1 to defence
	RangedInMelee    bool   `json:"ranged_in_melee"`    // a weapon without M within 3": -1 to hit
	FromBehind       bool   `json:"from_behind"`        // -1 to defence
	AttackModifier   int    `json:"attack_modifier"`    // any other modifier to the attack test
	DefenseModifier  int    `json:"defense_modifier"`   // any other modifier to the defence test

	Damage      int  `json:"damage"`       // the weapon's DAM
	ROF         int  `json:"rof"`          // the weapon's ROF
	ROFDamage   int  `json:"rof_damage"`   // ROF spent on DAM (+1 DAM each)
	ROFArea     int  `json:"rof_area"`     // ROF spent on an area radius (inches)
	LimitedAmmo bool `json:"limited_ammo"` // Mags "LA": one round a shot, never reloaded
	Incendiary  bool `json:"incendiary"`   // SB: a hit sets the target burning

	Armour  int `json:"armour"`  // the defender's armour: one wound per full armour of damage
	Stealth int `json:"stealth"` // the defender's Stealth N (0: none): avoids a direct attack on more than N

	// Indirect fire's scatter: the area's radius is AE + ROF on area; the
	// defender's base centre lies TargetDistance inches from the aiming
	// point (0: the defender is the model aimed at).
	AE             int     `json:"ae"`              // the weapon's AE radius (inches)
	TargetDistance float64 `json:"target_distance"` // aiming point to the centre of the defender's base (inches)
	BaseRadius     float64 `json:"base_radius"`     // the defender's base radius (inches; 0: 0.5)

	// Dowodzenie: a command point spent on a reroll of a failed test.
	AttackerReroll bool `json:"attacker_reroll"` // reroll a failed attack test (indirect: the aiming test)
	DefenderReroll bool `json:"defender_reroll"` // reroll a Def test that lets the attack through
}

// Limits of an attack request.
const (
	maxModifier = 10
	maxDamage   = 50
	maxROF      = 10
	maxArmour   = 50
	maxDistance = 100 // inches: beyond any table
	maxBase     = 6   // inches of base radius: beyond any model

	// defaultBaseRadius is a 25 mm base's radius in inches, rounded.
	defaultBaseRadius = 0.5
)

// Normalize fills defaults and validates the request, naming the field at
// fault.
func (r *AttackRequest) Normalize() error {
	if r.Mode == "" {
		r.Mode = Direct
	}
	if r.Range == "" {
		r.Range = "optimal"
	}
	if r.Cover == "" {
		r.Cover = Open
	}
	if r.BaseRadius == 0 {
		r.BaseRadius = defaultBaseRadius
	}
	errs := []error{
		systems.OneOf("mode", r.Mode, Direct, Indirect),
		systems.Check("attack", r.Attack, 1, MaxDice),
		systems.Check("defense", r.Defense, 1, MaxDice),
		systems.Check("attacker_movement", r.AttackerMovement, -maxModifier, maxModifier),
		systems.Check("defender_movement", r.DefenderMovement, -maxModifier, maxModifier),
		systems.OneOf("range", r.Range, "optimal", "maximum"),
		systems.Check("accuracy", r.Accuracy, -maxModifier, maxModifier),
		systems.OneOf("cover", r.Cover, Open, Soft, Hard, Invisible),
		systems.Check("attacker_wound_mod", r.AttackerWounds, -maxModifier, 0),
		systems.Check("defender_wound_mod", r.DefenderWounds, -maxModifier, 0),
		systems.Check("attack_modifier", r.AttackModifier, -maxModifier, maxModifier),
		systems.Check("defense_modifier", r.DefenseModifier, -maxModifier, maxModifier),
		systems.Check("damage", r.Damage, 0, maxDamage),
		systems.Check("rof", r.ROF, 0, maxROF),
		systems.Check("rof_damage", r.ROFDamage, 0, maxROF),
		systems.Check("rof_area", r.ROFArea, 0, maxROF),
		systems.Check("armour", r.Armour, 1, maxArmour),
		systems.Check("stealth", r.Stealth, 0, 5),
		systems.Check("ae", r.AE, 0, maxROF),
		checkInches("target_distance", r.TargetDistance, 0, maxDistance),
		checkInches("base_radius", r.BaseRadius, 0.1, maxBase),
	}
	if err := systems.First(errs...); err != nil {
		return err
	}
	switch {
	case r.ROFDamage+r.ROFArea > r.ROF:
		return systems.Invalid("rof_area", errROF.New(l10n.Int("used", r.ROFDamage+r.ROFArea), l10n.Int("rof", r.ROF)))
	case r.Mode == Direct && r.Cover == Invisible:
		return systems.Invalid("cover", errInvisible.New())
	case r.Mode == Indirect && r.Stealth > 0:
		return systems.Invalid("stealth", errStealthIndirect.New())
	case r.Mode == Direct && r.TargetDistance != 0:
		return systems.Invalid("target_distance", errDistanceDirect.New())
	case r.Mode == Indirect && r.TargetDistance != 0 && r.areaRadius() == 0:
		return systems.Invalid("target_distance", errDistanceNoArea.New())
	}
	return nil
}

// areaRadius is the radius of the attack's area in inches: the weapon's AE
// plus the ROF spent on the area; 0 for a shot without an area.
func (r *AttackRequest) areaRadius() int { return r.AE + r.ROFArea }

// checkInches returns a *FieldError unless lo <= v <= hi.
func checkInches(field string, v, lo, hi float64) error {
	if v < lo || v > hi || math.IsNaN(v) {
		return systems.Invalid(field, errInches.New(l10n.Float("min", lo), l10n.Float("max", hi), l10n.Float("value", v)))
	}
	return nil
}

// attackModifier is the total modifier to the attack test. Indirect fire's
// aiming test counts only the attacker's movement, range, damage, stun and
// the weapon's accuracy, plus the -2 for an invisible target.
func (r *AttackRequest) attackModifier() int {
	m := r.AttackerMovement + r.Accuracy + r.AttackerWounds + r.AttackModifier
	if r.Range == "maximum" {
		m--
	}
	if r.AttackerStunned {
		m--
	}
	if r.Mode == Indirect {
		if r.Cover == Invisible {
			m += coverModifiers[Invisible]
		}
		return m
	}
	m += coverModifiers[r.Cover]
	if r.RangedInMelee {
		m--
	}
	return m
}

// defenseModifier is the total modifier to the defender's Def test.
func (r *AttackRequest) defenseModifier() int {
	m := r.DefenderMovement + r.DefenderWounds + r.DefenseModifier
	for _, minus := range []bool{r.DefenderStunned, r.Crossfire, r.FromBehind} {
		if minus {
			m--
		}
	}
	return m
}

// indirectThreshold is what the aiming test of indirect fire must beat.
const indirectThreshold = 4

// dryUpTo is the highest unmodified attack result that empties the
// magazine for the ROF used: 1 with no ROF, 1-2 under half, 1-3 from half,
// 1-4 with the full ROF, and 1-3 for ROF 1 of a ROF 1 weapon.
func dryUpTo(used, rof int) int {
	switch {
	case rof == 1 && used == 1:
		return 3
	case used == 0:
		return 1
	case used == rof:
		return 4
	case 2*used >= rof:
		return 3
	default:
		return 2
	}
}
