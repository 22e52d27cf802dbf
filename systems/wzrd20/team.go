package wzrd20

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Team actions (Zvláštní týmové akce): Focus Fire (Soustředěná palba) and
// Swarm (Přečíslení) resolve as one test at +6 with the highest skill
// among the models taking part.
const (
	teamBonus     = 6
	teamMinModels = 3
	teamPerBonus  = 3 // +1 Critical and +1 AVV per 3 models
)

// TeamRequest is a Focus Fire or Swarm team action.
type TeamRequest struct {
	Kind   string `json:"kind"`   // focus_fire (default) or swarm
	Models int    `json:"models"` // models taking part, at least 3
	Skill  int    `json:"skill"`  // the highest RS (focus fire) or CC (swarm) among them
	// Modifier is any other modifier to the skill.
	Modifier int `json:"modifier"`
	// NoClearView is how many of the models do not see the target clearly
	// (it is in light or heavy cover from them): -1 RS each (focus fire).
	NoClearView int `json:"no_clear_view"`
	// Strength is the lowest weapon Strength among the models (focus fire),
	// or the lowest model Strength plus weapon Strength (swarm).
	Strength int `json:"strength"`
	// Rate is the sum of the RoF (focus fire) or RoA (swarm) of every
	// model's weapon.
	Rate int `json:"rate"`
	AVV  int `json:"avv"`
	// The target; TypeModifier is its profile's modifier against Piercing
	// (focus fire) or Blast (swarm), the team action's weapon type.
	Target
}

func (r *TeamRequest) normalize() error {
	if r.Kind == "" {
		r.Kind = "focus_fire"
	}
	err := systems.First(
		systems.OneOf("kind", r.Kind, "focus_fire", "swarm"),
		systems.Check("models", r.Models, teamMinModels, 100),
		systems.Check("skill", r.Skill, minValue, maxValue),
		systems.Check("modifier", r.Modifier, -20, 20),
		systems.Check("no_clear_view", r.NoClearView, 0, r.Models),
		systems.Check("strength", r.Strength, minValue, maxValue),
		systems.Check("rate", r.Rate, 1, 400),
		systems.Check("avv", r.AVV, 0, 20),
	)
	if err != nil {
		return err
	}
	if r.Kind == "swarm" && r.NoClearView > 0 {
		return systems.Invalid("no_clear_view", errSwarmView.New())
	}
	return r.Target.check()
}

// shot is the team action's single test.
func (r *TeamRequest) shot() (s shot, avv int, notes []l10n.Message) {
	groups := r.Models / teamPerBonus
	skill := r.Skill + teamBonus + r.Modifier - r.NoClearView
	strength := r.Strength + r.Rate
	s = shot{skill: clamp(skill), strength: clamp(strength), critBonus: groups}
	notes = []l10n.Message{noteTeam.New(l10n.Int("skill", r.Skill), systems.Signed("modifier", r.Modifier), systems.Signed("view", -r.NoClearView),
		l10n.Int("total", clamp(skill)), l10n.Int("strength", r.Strength), l10n.Int("rate", r.Rate), l10n.Int("total_strength", clamp(strength)),
		l10n.Int("groups", groups), l10n.Term("critical", termCritical.New()), l10n.Int("models", r.Models))}
	if strength > maxValue {
		notes = append(notes, noteStrengthCapped.New(l10n.Int("value", strength)))
	}
	weaponType := termPiercing
	if r.Kind == "swarm" {
		weaponType = termBlast
		notes = append(notes, noteSwarmNoCharge.New())
	}
	notes = append(notes, noteWeaponType.New(l10n.Term("type", weaponType.New())))
	return s, r.AVV + groups, notes
}

// TeamOddsOf computes a team action's exact odds.
func TeamOddsOf(ctx context.Context, r TeamRequest) (Odds, error) {
	if err := ctx.Err(); err != nil {
		return Odds{}, err
	}
	if err := r.normalize(); err != nil {
		return Odds{}, err
	}
	s, _, _ := r.shot()
	return r.Target.odds([]shot{s}), nil
}

// Team rolls a team action.
func Team(ctx context.Context, r TeamRequest, src dice.Source) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	if err := r.normalize(); err != nil {
		return Outcome{}, err
	}
	s, avv, notes := r.shot()
	out := r.Target.roll([]shot{s}, src)
	out.AVV = avv
	out.Notes = append(out.Notes, notes...)
	return out, nil
}
