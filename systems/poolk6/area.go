package poolk6

import (
	"context"
	"errors"
	"fmt"
	"math"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// AreaRequest is one area attack against several models. Seed 002, "Ataki
// obszarowe (pośrednie i bezpośrednie)": "Atakujący wykonuje pojedynczy
// rzut na atak, każdy obrońca na obszarze ataku broni się przed nim
// indywidualnie (do wyniku rzutu atakującego i obrońcy liczone są
// odpowiednie modyfikatory)". The attacker's fields are those of
// AttackRequest; each defender has its own Def, modifiers and armour. The
// first defender is the model attacked, the area's centre.
type AreaRequest struct {
	Mode             string `json:"mode"`               // direct (default) or indirect
	Attack           int    `json:"attack"`             // the attacker's Att: dice rolled
	AttackerMovement int    `json:"attacker_movement"`  // Att row of the movement table
	Range            string `json:"range"`              // optimal (default, 0) or maximum (-1)
	Accuracy         int    `json:"accuracy"`           // the weapon's Acc
	AttackerStunned  bool   `json:"attacker_stunned"`   // -1 to the attack test
	AttackerWounds   int    `json:"attacker_wound_mod"` // modifier from the attacker's damage
	RangedInMelee    bool   `json:"ranged_in_melee"`    // a weapon without M within 3": -1 to hit
	AttackModifier   int    `json:"attack_modifier"`    // any other modifier to the attack test

	Damage      int  `json:"damage"`       // the weapon's DAM
	ROF         int  `json:"rof"`          // the weapon's ROF
	ROFDamage   int  `json:"rof_damage"`   // ROF spent on DAM (+1 DAM each)
	ROFArea     int  `json:"rof_area"`     // ROF spent on the area's radius (inches)
	AE          int  `json:"ae"`           // the weapon's AE radius (inches)
	LimitedAmmo bool `json:"limited_ammo"` // Mags "LA": one round a shot, never reloaded
	Incendiary  bool `json:"incendiary"`   // SB: a hit sets the target burning

	AttackerReroll bool `json:"attacker_reroll"` // Dowodzenie: reroll a failed aiming test, or an attack that hit nobody

	Defenders []AreaDefender `json:"defenders"`
}

// AreaDefender is one model in the area.
type AreaDefender struct {
	Defense    int    `json:"defense"`     // Def: dice rolled
	Movement   int    `json:"movement"`    // Def row of the movement table
	Cover      string `json:"cover"`       // open (default), soft, hard; invisible: indirect fire only
	Stunned    bool   `json:"stunned"`     // -1 to the defence test
	WoundMod   int    `json:"wound_mod"`   // modifier from the model's damage
	Crossfire  bool   `json:"crossfire"`   // -1 to defence
	FromBehind bool   `json:"from_behind"` // -1 to defence
	Modifier   int    `json:"modifier"`    // any other modifier to the defence test
	Armour     int    `json:"armour"`      // one wound per full armour of damage
	Stealth    int    `json:"stealth"`     // Stealth N: the model attacked (first) only, direct fire
	Reroll     bool   `json:"reroll"`      // Dowodzenie: reroll a Def test that lets the attack through

	// Indirect fire: where the base stands, seen from the aiming point.
	Distance   float64 `json:"distance"`    // aiming point to the base's centre (inches); the first defender's is 0
	Bearing    float64 `json:"bearing"`     // degrees clockwise from the line of fire
	BaseRadius float64 `json:"base_radius"` // inches; 0: 0.5
}

// MaxDefenders is the most models one area request resolves.
const MaxDefenders = 10

// AreaResult is a rolled area attack with the exact odds of the same
// request.
type AreaResult struct {
	Mode               string               `json:"mode"`
	Aim                *AimRoll             `json:"aim,omitempty"`
	Attack             PoolRoll             `json:"attack"` // the modifier shared by every defender
	AttackBeforeReroll *PoolRoll            `json:"attack_before_reroll,omitempty"`
	Defenders          []AreaDefenderResult `json:"defenders"`
	ModelsHit          int                  `json:"models_hit"`
	Ammo               Ammo                 `json:"ammo"`
	systems.Report
}

// AreaDefenderResult is one defender's part of a rolled area attack.
type AreaDefenderResult struct {
	Stealth             *StealthRoll `json:"stealth,omitempty"`
	InArea              bool         `json:"in_area"`
	Distance            *float64     `json:"distance,omitempty"` // indirect: from where the area's centre landed to the base's centre
	AttackResult        int          `json:"attack_result"`      // what its Def is set against: modified (direct) or unmodified (indirect)
	Defense             *PoolRoll    `json:"defense,omitempty"`  // nil when the attack did not reach the model
	DefenseBeforeReroll *PoolRoll    `json:"defense_before_reroll,omitempty"`
	SuccessLevel        int          `json:"success_level"`
	Hit                 bool         `json:"hit"`
	Stunned             bool         `json:"stunned"`
	Burning             bool         `json:"burning"`
	Damage              int          `json:"damage"`
	Wounds              int          `json:"wounds"`
}

// AreaOdds are the exact odds of an area attack: each defender's own, and
// how many models are hit together (one roll makes them dependent).
type AreaOdds struct {
	Defenders      []AreaDefenderOdds   `json:"defenders"`
	ModelsHit      systems.Distribution `json:"models_hit"`
	AnyHit         float64              `json:"any_hit"`
	MeanWounds     float64              `json:"mean_wounds"` // all defenders together
	MagazineEmpty  float64              `json:"magazine_empty"`
	OnTarget       *float64             `json:"on_target,omitempty"` // indirect fire only
	AttackerReroll *float64             `json:"attacker_reroll_used,omitempty"`
}

// AreaDefenderOdds are one defender's odds in an area attack.
type AreaDefenderOdds struct {
	Hit            float64              `json:"hit"`              // hit and stunned
	Covers         *float64             `json:"covers,omitempty"` // indirect fire: P(the area reaches the base)
	Wounds         systems.Distribution `json:"wounds"`
	MeanDamage     float64              `json:"mean_damage"`
	DefenderReroll *float64             `json:"defender_reroll_used,omitempty"`
}

// single is the request as an attack on defender i: the rulebook's
// modifiers and checks are those of one attack.
func (r *AreaRequest) single(i int) AttackRequest {
	d := r.Defenders[i]
	return AttackRequest{
		Mode: r.Mode, Attack: r.Attack, Defense: d.Defense,
		AttackerMovement: r.AttackerMovement, DefenderMovement: d.Movement, Range: r.Range, Accuracy: r.Accuracy,
		Cover: d.Cover, AttackerStunned: r.AttackerStunned, DefenderStunned: d.Stunned,
		AttackerWounds: r.AttackerWounds, DefenderWounds: d.WoundMod, Crossfire: d.Crossfire,
		RangedInMelee: r.RangedInMelee, FromBehind: d.FromBehind,
		AttackModifier: r.AttackModifier, DefenseModifier: d.Modifier,
		Damage: r.Damage, ROF: r.ROF, ROFDamage: r.ROFDamage, ROFArea: r.ROFArea, LimitedAmmo: r.LimitedAmmo,
		Incendiary: r.Incendiary, Armour: d.Armour, Stealth: d.Stealth,
		AE: r.AE, TargetDistance: d.Distance, BaseRadius: d.BaseRadius,
		AttackerReroll: r.AttackerReroll, DefenderReroll: d.Reroll,
	}
}

// defenderFields names an attack request's defender fields as a defender
// in the area request spells them.
var defenderFields = map[string]string{
	"defense": "defense", "defender_movement": "movement", "cover": "cover", "defender_stunned": "stunned",
	"defender_wound_mod": "wound_mod", "crossfire": "crossfire", "from_behind": "from_behind",
	"defense_modifier": "modifier", "armour": "armour", "stealth": "stealth",
	"target_distance": "distance", "base_radius": "base_radius",
}

// Normalize fills defaults and validates the request, naming the field at
// fault as the request spells it ("defenders[1].armour").
func (r *AreaRequest) Normalize() error {
	if len(r.Defenders) == 0 || len(r.Defenders) > MaxDefenders {
		return systems.Invalid("defenders", errDefenders.New(l10n.Int("max", MaxDefenders), l10n.Int("count", len(r.Defenders))))
	}
	for i := range r.Defenders {
		d := &r.Defenders[i]
		field := fmt.Sprintf("defenders[%d]", i)
		one := r.single(i)
		if err := one.Normalize(); err != nil {
			var fe *systems.FieldError
			if errors.As(err, &fe) {
				if name, ok := defenderFields[fe.Field]; ok {
					return systems.Invalid(field+"."+name, fe.Detail)
				}
			}
			return err
		}
		r.Mode, r.Range = one.Mode, one.Range
		d.Cover, d.BaseRadius = one.Cover, one.BaseRadius
		switch {
		case d.Bearing < -360 || d.Bearing > 360 || math.IsNaN(d.Bearing):
			return systems.Invalid(field+".bearing", errBearing.New(l10n.Float("value", d.Bearing)))
		case i > 0 && d.Stealth > 0:
			return systems.Invalid(field+".stealth", errStealthBystander.New())
		case i == 0 && r.Mode == Indirect && d.Distance != 0:
			return systems.Invalid(field+".distance", errAimedDistance.New())
		case r.Mode == Direct && d.Bearing != 0:
			return systems.Invalid(field+".bearing", errBearingDirect.New())
		}
	}
	return nil
}

// shot is the request as one attack roll against every defender.
func (r *AreaRequest) shot() (*shot, pools) {
	first := r.single(0)
	s, pl := first.shot()
	pl.directions = fromLineOfFire
	if !s.indirect {
		pl.attackMod -= coverModifiers[first.Cover] // each defender's cover is its own
	}
	s.targets, pl.defenders = nil, nil
	for i := range r.Defenders {
		one := r.single(i)
		ts, tpl := one.shot()
		t := ts.targets[0]
		t.place.bearing = r.Defenders[i].Bearing * math.Pi / 180
		s.targets = append(s.targets, t)
		pl.defenders = append(pl.defenders, tpl.defenders[0])
	}
	return s, pl
}

// Entries lists the odds for an answer: the joint odds first, then each
// model's.
func (o AreaOdds) Entries() systems.Odds {
	out := systems.Odds{
		systems.DistributionOf("models_hit", labelModelsHit.New(), o.ModelsHit),
		systems.Probability("any_hit", labelAnyHit.New(), o.AnyHit),
		systems.Mean("mean_wounds", labelMeanWounds.New(), o.MeanWounds),
		systems.Probability("magazine_empty", labelEmpty.New(), o.MagazineEmpty),
	}
	if o.OnTarget != nil {
		out = append(out, systems.Probability("on_target", labelOnTarget.New(), *o.OnTarget))
	}
	if o.AttackerReroll != nil {
		out = append(out, systems.Probability("attacker_reroll_used", labelAttackerReroll.New(), *o.AttackerReroll))
	}
	for i, d := range o.Defenders {
		n := l10n.Int("n", i+1)
		key := fmt.Sprintf("defenders[%d].", i)
		out = append(out, systems.Probability(key+"hit", labelModelHit.New(n), d.Hit))
		if d.Covers != nil {
			out = append(out, systems.Probability(key+"covers", labelModelCovers.New(n), *d.Covers))
		}
		if d.DefenderReroll != nil {
			out = append(out, systems.Probability(key+"defender_reroll_used", labelModelReroll.New(n), *d.DefenderReroll))
		}
		out = append(out,
			systems.DistributionOf(key+"wounds", labelModelWounds.New(n), d.Wounds),
			systems.Mean(key+"mean_damage", labelModelDamage.New(n), d.MeanDamage))
	}
	return out
}

// AreaOddsOf normalizes req and computes the exact odds of the area attack.
func AreaOddsOf(ctx context.Context, req *AreaRequest) (AreaOdds, error) {
	if err := ctx.Err(); err != nil {
		return AreaOdds{}, err
	}
	if err := req.Normalize(); err != nil {
		return AreaOdds{}, err
	}
	s, _ := req.shot()
	so := s.odds()
	odds := AreaOdds{
		ModelsHit:     systems.NewDistribution(0, so.modelsHit),
		AnyHit:        1 - so.modelsHit[0],
		MagazineEmpty: so.magazine,
	}
	for i, t := range so.targets {
		d := AreaDefenderOdds{Hit: t.hit, Wounds: fromMap(t.wounds).distribution(), MeanDamage: t.damage}
		if s.indirect {
			covers := t.covered
			d.Covers = &covers
		}
		if req.Defenders[i].Reroll {
			used := t.defenderReroll
			d.DefenderReroll = &used
		}
		odds.MeanWounds += d.Wounds.Mean
		odds.Defenders = append(odds.Defenders, d)
	}
	if s.indirect {
		odds.OnTarget = &so.onTarget
	}
	if req.AttackerReroll {
		odds.AttackerReroll = &so.attackerReroll
	}
	return odds, nil
}

// notes are the readings an area answer relies on.
func (r *AreaRequest) notes() []l10n.Message {
	n := []l10n.Message{noteModifiers.New(), noteAreaOneRoll.New(), noteAreaStealth.New()}
	if r.Mode == Indirect {
		n = append(n, noteAreaAim.New(), scatterNote(r.AE+r.ROFArea, r.Defenders[0].BaseRadius))
	}
	if r.AttackerReroll || r.anyDefenderReroll() {
		n = append(n, noteCommandReroll.New())
	}
	return n
}

func (r *AreaRequest) anyDefenderReroll() bool {
	for _, d := range r.Defenders {
		if d.Reroll {
			return true
		}
	}
	return false
}

// ResolveArea rolls the area attack with src and computes its odds.
func ResolveArea(ctx context.Context, req AreaRequest, src dice.Source) (AreaResult, error) {
	odds, err := AreaOddsOf(ctx, &req)
	if err != nil {
		return AreaResult{}, err
	}
	return resolveArea(req, odds, src), nil
}

// resolveArea rolls the area attack req, normalized by AreaOddsOf, whose
// odds are odds. (The tests that roll one request thousands of times
// compute its odds once.)
func resolveArea(req AreaRequest, odds AreaOdds, src dice.Source) AreaResult {
	res := AreaResult{Mode: req.Mode, Report: systems.Report{Odds: odds.Entries(), Notes: req.notes(), Rules: req.rules()}}
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	s, pl := req.shot()
	rolled := s.roll(src, pl)
	res.Attack, res.AttackBeforeReroll = rolled.attack, rolled.first
	poolArgs := func(p PoolRoll) []l10n.Arg {
		return []l10n.Arg{l10n.Ints("dice", p.Dice), l10n.Int("unmodified", p.Unmodified), systems.Signed("modifier", p.Modifier), l10n.Int("result", p.Result)}
	}

	for i, tr := range rolled.targets {
		if st := tr.stealth; st != nil {
			step(stepModelStealth.New(append([]l10n.Arg{l10n.Int("n", i+1)}, stealthArgs(st)...)...))
		}
	}
	if s.indirect {
		res.Aim = &AimRoll{Roll: rolled.attack, Threshold: indirectThreshold, OnTarget: rolled.onTarget, Scatter: rolled.scatter}
		if f := rolled.first; f != nil {
			step(aimStep(*f, false))
			step(stepCommandReroll.New())
		}
		step(aimStep(rolled.attack, rolled.onTarget))
		if sc := rolled.scatter; sc != nil {
			step(stepScatter.New(l10n.Int("inches", sc.Inches), l10n.Float("degrees", sc.Direction)))
		}
	} else {
		if f := rolled.first; f != nil {
			step(stepAreaAttack.New(poolArgs(*f)...))
			step(stepCommandReroll.New())
		}
		step(stepAreaAttack.New(poolArgs(rolled.attack)...))
	}

	for i, tr := range rolled.targets {
		t := s.targets[i]
		n := l10n.Int("n", i+1)
		d := AreaDefenderResult{Stealth: tr.stealth, InArea: tr.covered, Defense: tr.defense, DefenseBeforeReroll: tr.first,
			AttackResult: s.attackResult(t, rolled.attack.Unmodified)}
		if s.indirect {
			distance := rounded(tr.distance)
			d.Distance = &distance
		}
		level := func(p PoolRoll) l10n.Message {
			return stepModelLevel.New(append([]l10n.Arg{n, l10n.Int("attack", d.AttackResult), l10n.Int("level", d.AttackResult-p.Result)}, poolArgs(p)...)...)
		}
		switch {
		case tr.stealth != nil && tr.stealth.Avoided:
			step(stepModelAvoided.New(n))
		case !tr.covered:
			step(stepModelOutside.New(n, l10n.Float("distance", *d.Distance), l10n.Float("reach", t.place.reach)))
		default:
			if f := tr.first; f != nil {
				step(level(*f))
				step(stepModelReroll.New(n))
			}
			d.SuccessLevel = tr.sl
			step(level(*tr.defense))
			if tr.hit {
				d.Hit, d.Stunned, d.Burning, d.Damage, d.Wounds = true, true, req.Incendiary, tr.damage, tr.wounds
				res.ModelsHit++
				def := stepModelHit
				if d.Burning {
					def = stepModelHitBurning
				}
				step(def.New(n, l10n.Int("damage", tr.damage), l10n.Int("armour", req.Defenders[i].Armour), l10n.Int("wounds", tr.wounds)))
			} else {
				step(stepModelNoHit.New(n))
			}
		}
		res.Defenders = append(res.Defenders, d)
	}
	res.Ammo = ammo(req.ROF, req.ROFDamage+req.ROFArea, req.LimitedAmmo, res.Attack.Unmodified, step)
	return res
}
