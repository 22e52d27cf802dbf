package wzrd20

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Modes of an attack.
const (
	shooting    = "shooting"
	closeCombat = "close_combat"
)

// Cover penalties to the shooter's RS. Light cover is -2 (the rulebook's
// example under Stráž); the extracted text gives no figure for heavy
// cover, so it is a request field, -4 unless given.
const (
	lightCover          = -2
	defaultHeavyCover   = -4
	aimBonus            = 2 // Míření: +2 RS and weapon Strength on the first shot
	rapidFireRS         = -2
	rapidFireExtraShots = 1
)

// chargeBonus is the Strength and AVV bonus of a completed charge
// (Napadení), by base size, for the first close combat attack.
var chargeBonus = map[string]struct{ strength, avv int }{
	"none": {0, 0}, "small": {2, 1}, "medium": {4, 2}, "large": {6, 3},
}

// AttackRequest is a shooting or close combat action: one test per RoF or
// RoA die, then an Armour test per hit.
type AttackRequest struct {
	Mode     string `json:"mode"`     // shooting (default) or close_combat
	Skill    int    `json:"skill"`    // RS when shooting, CC in close combat
	Modifier int    `json:"modifier"` // other modifiers to the skill
	Rate     int    `json:"rate"`     // RoF or RoA: the number of tests
	// Strength is the hit's Strength: the weapon's when shooting; in close
	// combat the model's Strength as the weapon modifies it.
	Strength  int    `json:"strength"`
	AVV       int    `json:"avv"`
	Aim       bool   `json:"aim"`        // Míření: +2 RS and Strength on the first shot
	RapidFire bool   `json:"rapid_fire"` // Rychlopalba: +1 RoF, -2 RS
	Cover     string `json:"cover"`      // none (default), light or heavy
	// HeavyCover is the RS penalty of heavy cover; nil means -4.
	HeavyCover *int   `json:"heavy_cover"`
	Charge     string `json:"charge"` // close combat after a charge: the base size (small, medium, large)
	// Rerolls is how many failed tests the attacker may roll again
	// (Opakování hodu), the first failures first.
	Rerolls int `json:"rerolls"`
	// AutoHit makes every test an automatic hit (Automatický zásah): close
	// combat against a stunned model or a broken squad, or a rule that says
	// so. No test is rolled, so there is no Power Shot and no Fumble.
	AutoHit bool `json:"auto_hit"`
	Target
}

func (r *AttackRequest) normalize() error {
	if r.Mode == "" {
		r.Mode = shooting
	}
	if r.Cover == "" {
		r.Cover = "none"
	}
	if r.Charge == "" {
		r.Charge = "none"
	}
	err := systems.First(
		systems.OneOf("mode", r.Mode, shooting, closeCombat),
		systems.Check("skill", r.Skill, minValue, maxValue),
		systems.Check("modifier", r.Modifier, -20, 20),
		systems.Check("rate", r.Rate, 1, 20),
		systems.Check("strength", r.Strength, minValue, maxValue),
		systems.Check("avv", r.AVV, 0, 20),
		systems.Check("rerolls", r.Rerolls, 0, maxRerolls),
		systems.OneOf("cover", r.Cover, "none", "light", "heavy"),
		systems.OneOf("charge", r.Charge, "none", "small", "medium", "large"),
	)
	if err != nil {
		return err
	}
	if r.HeavyCover != nil {
		if err := systems.Check("heavy_cover", *r.HeavyCover, -20, 0); err != nil {
			return err
		}
	}
	if r.Mode == closeCombat {
		switch {
		case r.Aim:
			return systems.Invalid("aim", errShootingOnly.New(l10n.Term("what", termAim.New())))
		case r.RapidFire:
			return systems.Invalid("rapid_fire", errShootingOnly.New(l10n.Term("what", termRapidFire.New())))
		case r.Cover != "none":
			return systems.Invalid("cover", errCoverInCC.New())
		}
	} else if r.Charge != "none" {
		return systems.Invalid("charge", errChargeShooting.New())
	}
	return r.Target.check()
}

// shots lays the attack out as tests, first to last.
func (r *AttackRequest) shots() (shots []shot, avv int, notes []l10n.Message) {
	skill := r.Skill + r.Modifier
	n := r.Rate
	switch r.Cover {
	case "light":
		skill += lightCover
	case "heavy":
		heavy := defaultHeavyCover
		if r.HeavyCover != nil {
			heavy = *r.HeavyCover
		}
		skill += heavy
		if r.HeavyCover == nil || *r.HeavyCover == defaultHeavyCover {
			notes = append(notes, noteHeavyCover.New(l10n.Int("value", heavy)))
		}
	}
	if r.RapidFire {
		n += rapidFireExtraShots
		skill += rapidFireRS
	}
	bonus := chargeBonus[r.Charge]
	avv = r.AVV + bonus.avv
	for i := range n {
		s := shot{skill: clamp(skill), strength: clamp(r.Strength), avv: r.AVV, auto: r.AutoHit}
		if i == 0 {
			s.avv = avv // the charge bonus is for the first attack only
		}
		if i == 0 && r.Aim {
			s.skill = clamp(skill + aimBonus)
			s.strength = clamp(r.Strength + aimBonus)
		}
		if i == 0 && bonus.strength > 0 {
			s.strength = clamp(r.Strength + bonus.strength)
		}
		shots = append(shots, s)
	}
	if skill < minValue || skill > maxValue {
		notes = append(notes, noteClamped.New(l10n.Int("value", skill), l10n.Int("clamped", clamp(skill))))
	}
	return shots, avv, notes
}

// AttackOddsOf computes an attack's exact odds.
func AttackOddsOf(ctx context.Context, r AttackRequest) (Odds, error) {
	if err := ctx.Err(); err != nil {
		return Odds{}, err
	}
	if err := r.normalize(); err != nil {
		return Odds{}, err
	}
	shots, _, _ := r.shots()
	return r.Target.odds(shots, r.Rerolls), nil
}

// Attack rolls an attack: every test, every Armour test, the Wounds lost.
func Attack(ctx context.Context, r AttackRequest, src dice.Source) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	if err := r.normalize(); err != nil {
		return Outcome{}, err
	}
	shots, avv, notes := r.shots()
	out := r.Target.roll(shots, r.Rerolls, src)
	out.Rules = r.rules()
	out.AVV = avv
	out.Notes = append(out.Notes, notes...)
	out.Notes = append(out.Notes, r.mechanicNotes()...)
	if r.Aim {
		out.Notes = append(out.Notes, noteAim.New())
	}
	if r.RapidFire {
		out.Notes = append(out.Notes, noteRapidFire.New())
	}
	if b := chargeBonus[r.Charge]; b.strength > 0 {
		out.Notes = append(out.Notes, noteCharge.New(l10n.Term("base", termCharge[r.Charge].New()), l10n.Int("strength", b.strength), l10n.Int("avv", b.avv)))
	}
	if out.Fumble {
		out.Notes = append(out.Notes, noteFumble.New(l10n.Term("term", termFumble.New())))
	}
	return out, nil
}
