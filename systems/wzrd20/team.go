package wzrd20

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Team actions (Zvláštní týmové akce): Focus Fire (Soustředěná palba) and
// Swarm (Přečíslení) resolve as one test at +6 with the highest skill
// among the models taking part. Suppression Fire (Krycí palba) rolls no
// test: a target model that moves more than 2" in the same round tests its
// Constitution, and a failure is an automatic hit.
const (
	focusFire       = "focus_fire"
	swarm           = "swarm"
	suppressionFire = "suppression_fire"

	teamBonus     = 6
	teamMinModels = 3
	teamPerBonus  = 3 // +1 Critical and +1 AVV per 3 models
)

// TeamRequest is a Focus Fire or Swarm team action.
type TeamRequest struct {
	Kind   string `json:"kind"`   // focus_fire (default), swarm or suppression_fire
	Models int    `json:"models"` // models taking part, at least 3
	Skill  int    `json:"skill"`  // the highest RS (focus fire) or CC (swarm) among them
	// Modifier is any other modifier to the skill.
	Modifier int `json:"modifier"`
	// NoClearView is how many of the models do not see the target clearly
	// (it is in light or heavy cover from them): -1 RS each (focus fire).
	NoClearView int `json:"no_clear_view"`
	// Strength is the lowest weapon Strength among the models (focus fire,
	// suppression fire), or the lowest model Strength plus weapon Strength
	// (swarm).
	Strength int `json:"strength"`
	// Rate is the sum of the RoF (focus fire) or RoA (swarm) of every
	// model's weapon.
	Rate int `json:"rate"`
	AVV  int `json:"avv"`
	// Rerolls is 1 if the team's failed test may be rolled again
	// (Opakování hodu); Suppression Fire rolls no test of its own.
	Rerolls int `json:"rerolls"`
	// AutoHit makes the test an automatic hit (Automatický zásah): Swarm
	// against a stunned model or a broken squad, or a rule that says so.
	AutoHit bool `json:"auto_hit"`
	// Constitution is the target model's Con, modified (suppression fire):
	// it tests it when it moves more than 2" in the round.
	Constitution int `json:"constitution"`
	// Weapons lists the team's weapons, each carried by some of its
	// models, in place of models, skill, strength and rate, which the team
	// action then pools (see team_weapons.go).
	Weapons []TeamWeapon `json:"weapons"`
	// The target; TypeModifier is its profile's modifier against Piercing
	// (focus fire) or Blast (swarm), the team action's weapon type.
	Target
}

func (r *TeamRequest) normalize() error {
	if r.Kind == "" {
		r.Kind = focusFire
	}
	if err := r.pool(); err != nil {
		return err
	}
	maxModels, maxRate := 100, 400 // the schema's bounds of the pooled figures
	if len(r.Weapons) > 0 {
		maxModels, maxRate = maxTeamWeapons*100, maxTeamWeapons*100*20
	}
	err := systems.First(
		systems.OneOf("kind", r.Kind, focusFire, swarm, suppressionFire),
		systems.Check("models", r.Models, teamMinModels, maxModels),
		systems.Check("strength", r.Strength, minValue, maxValue),
		systems.Check("avv", r.AVV, 0, 20),
	)
	if err != nil {
		return err
	}
	if r.Kind == suppressionFire {
		// Skill, modifier and rate are not used: the attacker rolls nothing.
		err = systems.First(
			systems.Check("constitution", r.Constitution, minValue, maxValue),
			systems.Check("no_clear_view", r.NoClearView, 0, 0),
			systems.Check("rerolls", r.Rerolls, 0, 0),
		)
		if err == nil && r.AutoHit {
			err = systems.Invalid("auto_hit", errSuppressionAuto.New())
		}
		if err != nil {
			return err
		}
		return r.Target.check()
	}
	err = systems.First(
		systems.Check("skill", r.Skill, minValue, maxValue),
		systems.Check("modifier", r.Modifier, -20, 20),
		systems.Check("no_clear_view", r.NoClearView, 0, r.Models),
		systems.Check("rate", r.Rate, 1, maxRate),
		systems.Check("rerolls", r.Rerolls, 0, 1),
	)
	if err != nil {
		return err
	}
	if r.Kind == swarm && r.NoClearView > 0 {
		return systems.Invalid("no_clear_view", errSwarmView.New())
	}
	if r.Constitution != 0 {
		return systems.Invalid("constitution", errConstitutionOnly.New())
	}
	return r.Target.check()
}

// shot is the team action's single test.
func (r *TeamRequest) shot() (s shot, avv int, notes []l10n.Message) {
	if r.Kind == suppressionFire {
		s = shot{con: clamp(r.Constitution), strength: r.Strength, avv: r.AVV}
		notes = []l10n.Message{
			noteSuppression.New(l10n.Int("con", s.con), l10n.Int("strength", s.strength), l10n.Int("models", r.Models)),
			noteSuppressionNoBonus.New(l10n.Term("critical", termCritical.New())),
			noteWeaponType.New(l10n.Term("type", termBlast.New())),
			noteTeamWeaponTypes.New(),
		}
		return s, r.AVV, notes
	}
	groups := r.Models / teamPerBonus
	skill := r.Skill + teamBonus + r.Modifier - r.NoClearView
	strength := r.Strength + r.Rate
	s = shot{skill: clamp(skill), strength: clamp(strength), critBonus: groups, avv: r.AVV + groups, auto: r.AutoHit}
	notes = []l10n.Message{noteTeam.New(l10n.Int("skill", r.Skill), systems.Signed("modifier", r.Modifier), systems.Signed("view", -r.NoClearView),
		l10n.Int("total", clamp(skill)), l10n.Int("strength", r.Strength), l10n.Int("rate", r.Rate), l10n.Int("total_strength", clamp(strength)),
		l10n.Int("groups", groups), l10n.Term("critical", termCritical.New()), l10n.Int("models", r.Models))}
	if strength > maxValue {
		notes = append(notes, noteStrengthCapped.New(l10n.Int("value", strength)))
	}
	// Focus Fire and Swarm are Piercing ("Typ zbraně je při této týmové
	// akci vždy Průrazný"); see noteTeamWeaponTypes for Swarm's.
	if r.Kind == swarm {
		notes = append(notes, noteSwarmNoCharge.New())
	}
	notes = append(notes, noteWeaponType.New(l10n.Term("type", termPiercing.New())))
	if r.Kind == swarm {
		notes = append(notes, noteTeamWeaponTypes.New())
	}
	switch {
	case r.AutoHit:
		notes = append(notes, autoHitNote())
	case r.Rerolls > 0:
		notes = append(notes, rerollNote(r.Rerolls))
	}
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
	return r.Target.odds([]shot{s}, r.Rerolls), nil
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
	out := r.Target.roll([]shot{s}, r.Rerolls, src)
	out.Rules = r.rules()
	out.AVV = avv
	out.Steps = append(r.weaponSteps(), out.Steps...)
	out.Notes = append(out.Notes, r.weaponNotes()...)
	out.Notes = append(out.Notes, notes...)
	out.Notes = append(out.Notes, r.Target.avvNote(avv)...)
	out.Notes = append(out.Notes, r.Target.notes()...)
	return out, nil
}
