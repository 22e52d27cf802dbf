package fantasyk6

import (
	"context"
	"math"
	"strings"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// meleeTable is the rulebook's melee hit chance: row the attacker's Walka,
// column the defender's Walka, each 1 to 5.
var meleeTable = [5][5]int{
	{4, 3, 2, 1, 1},
	{5, 4, 3, 2, 1},
	{5, 5, 4, 3, 2},
	{5, 5, 5, 4, 3},
	{5, 5, 5, 5, 4},
}

// AttackRequest is one model's attacks on one model, shooting or in melee.
type AttackRequest struct {
	Mode    string `json:"mode"`    // shooting (default) or melee
	Attacks int    `json:"attacks"` // attacks (shots) made

	// Shooting.
	Accuracy    int  `json:"accuracy"`     // Celność (C)
	Cover       bool `json:"cover"`        // -1
	Moved       bool `json:"moved"`        // -1
	Ran         bool `json:"ran"`          // -2
	HalfRange   bool `json:"half_range"`   // +1: under half the weapon's range
	LargeTarget bool `json:"large_target"` // +1: Duży, cavalry included

	// Melee.
	AttackerFighting int `json:"attacker_fighting"` // attacker's Walka (W)
	DefenderFighting int `json:"defender_fighting"` // defender's Walka; 0 is always hit
	AttackerSide     int `json:"attacker_side"`     // models on the attacker's side of the fight, large ones counting 2
	DefenderSide     int `json:"defender_side"`     // the same for the defender's side

	HitModifier  int `json:"hit_modifier"`  // any other modifier to the hit (e.g. -1 across a barricade)
	Save         int `json:"save"`          // the target's Odporność (O); 0: no save
	SaveModifier int `json:"save_modifier"` // the attacker's modifiers against the save (subtracted)
	Pain         int `json:"pain"`          // the target's Próg bólu (PB)
	PainModifier int `json:"pain_modifier"` // modifier to the Próg bólu test

	// Rerolls of failed rolls (Przerzuty): each failed roll of the kind is
	// rolled once more and the second result stands.
	RerollHit  bool `json:"reroll_hit"`  // the attacker rerolls a missed hit
	RerollSave bool `json:"reroll_save"` // the target rerolls a failed Odporność save
	RerollPain bool `json:"reroll_pain"` // the target rerolls a failed Próg bólu test

	// Weapons are the model's weapons (and its mount's attacks), in place
	// of attacks: see weapons.go.
	Weapons []Weapon `json:"weapons"`

	ignored []string // fields of the other mode, set by normalize
}

// AttackResult is a rolled attack with its odds.
type AttackResult struct {
	HitChance  int          `json:"hit_chance"`              // 0 with an automatic hit
	Automatic  bool         `json:"automatic_hit,omitempty"` // Walka 0: every attack hits, no hit roll
	SaveChance int          `json:"save_chance"`             // 0: no save
	PainChance int          `json:"pain_chance"`
	Attacks    []AttackDice `json:"attacks"`
	// Weapons are each weapon's chances, in an attack with weapons.
	Weapons []WeaponChances `json:"weapons,omitempty"`
	Wounds  int             `json:"wounds"` // failed saves whose pain test was passed
	Removed bool            `json:"removed"`
	systems.Report
}

// AttackDice are the dice of one attack: hit, save and pain, as far as the
// attack went.
type AttackDice struct {
	Hit        int `json:"hit,omitempty"` // 0: an automatic hit, no roll
	HitReroll  int `json:"hit_reroll,omitempty"`
	Save       int `json:"save,omitempty"`
	SaveReroll int `json:"save_reroll,omitempty"`
	Pain       int `json:"pain,omitempty"`
	PainReroll int `json:"pain_reroll,omitempty"`
}

// AttackOdds are the exact odds of an attack: each outcome of one attack,
// and over all of them the chance the target is removed and the wounds it
// shrugs off.
type AttackOdds struct {
	PerAttack perAttack            `json:"per_attack"`
	Removed   float64              `json:"removed"`
	Wounds    systems.Distribution `json:"wounds"`
	// weapons are each weapon's per-attack odds, which an attack with
	// weapons lists in place of PerAttack.
	weapons systems.Odds
}

// Entries lists the odds for an answer.
func (o AttackOdds) Entries() systems.Odds {
	if o.weapons != nil {
		return append(systems.Odds{
			systems.Probability("removed", labelRemoved.New(), o.Removed),
			systems.DistributionOf("wounds", labelWounds.New(), o.Wounds),
		}, o.weapons...)
	}
	return systems.Odds{
		systems.Probability("removed", labelRemoved.New(), o.Removed),
		systems.DistributionOf("wounds", labelWounds.New(), o.Wounds),
		systems.Probability("per_attack.miss", labelMiss.New(), o.PerAttack.Miss),
		systems.Probability("per_attack.saved", labelSaved.New(), o.PerAttack.Saved),
		systems.Probability("per_attack.wounded", labelWounded.New(), o.PerAttack.Wounded),
		systems.Probability("per_attack.removed", labelOneRem.New(), o.PerAttack.Removed),
	}
}

func (r *AttackRequest) normalize() error {
	if r.Mode == "" {
		r.Mode = "shooting"
	}
	attacks := systems.Check("attacks", r.Attacks, 1, 20)
	if len(r.Weapons) > 0 {
		attacks = systems.Check("weapons", len(r.Weapons), 1, maxWeapons)
	}
	err := systems.First(
		systems.OneOf("mode", r.Mode, "shooting", "melee"),
		attacks,
		systems.Check("hit_modifier", r.HitModifier, -5, 5),
		systems.Check("save", r.Save, 0, 6),
		systems.Check("save_modifier", r.SaveModifier, -5, 6),
		systems.Check("pain", r.Pain, 1, 6),
		systems.Check("pain_modifier", r.PainModifier, -5, 5),
	)
	if err != nil {
		return err
	}
	// A form shows the fields of both modes; those of the other mode are
	// ignored, and the answer says so.
	r.ignored = nil
	ignore := func(set bool, name string) {
		if set {
			r.ignored = append(r.ignored, name)
		}
	}
	if r.Mode == "shooting" {
		ignore(r.AttackerFighting != 0, "attacker_fighting")
		ignore(r.DefenderFighting != 0, "defender_fighting")
		ignore(r.AttackerSide > 1, "attacker_side")
		ignore(r.DefenderSide > 1, "defender_side")
		r.AttackerFighting, r.DefenderFighting, r.AttackerSide, r.DefenderSide = 0, 0, 0, 0
		if r.Moved && r.Ran {
			return systems.Invalid("ran", errMovedRan.New())
		}
		return systems.Check("accuracy", r.Accuracy, 1, 10)
	}
	ignore(r.Accuracy != 0, "accuracy")
	ignore(r.Cover, "cover")
	ignore(r.Moved, "moved")
	ignore(r.Ran, "ran")
	ignore(r.HalfRange, "half_range")
	ignore(r.LargeTarget, "large_target")
	r.Accuracy, r.Cover, r.Moved, r.Ran, r.HalfRange, r.LargeTarget = 0, false, false, false, false, false
	if r.AttackerSide == 0 {
		r.AttackerSide = 1
	}
	if r.DefenderSide == 0 {
		r.DefenderSide = 1
	}
	return systems.First(
		systems.Check("attacker_fighting", r.AttackerFighting, 1, 5),
		systems.Check("defender_fighting", r.DefenderFighting, 0, 5),
		systems.Check("attacker_side", r.AttackerSide, 1, 100),
		systems.Check("defender_side", r.DefenderSide, 1, 100),
	)
}

// hitChance is the target number to hit, and notes on how it was reached.
func (r *AttackRequest) hitChance() (int, []l10n.Message) {
	var notes []l10n.Message
	if r.Mode == "shooting" {
		c := r.Accuracy + r.HitModifier
		for _, m := range []struct {
			on  bool
			mod int
		}{{r.Cover, -1}, {r.Moved, -1}, {r.Ran, -2}, {r.HalfRange, 1}, {r.LargeTarget, 1}} {
			if m.on {
				c += m.mod
			}
		}
		return c, notes
	}
	att, def := r.AttackerFighting, r.DefenderFighting
	// Panika: the side outnumbered 2:1 or worse has -1 Walka, never
	// below 1.
	if r.DefenderSide >= 2*r.AttackerSide {
		att = max(1, att-1)
		notes = append(notes, notePanicAttacker.New(l10n.Term("panic", termPanic.New()), l10n.Term("walka", termWalka.New())))
	}
	if r.AttackerSide >= 2*r.DefenderSide && def > 0 {
		def = max(1, def-1)
		notes = append(notes, notePanicDefender.New(l10n.Term("panic", termPanic.New()), l10n.Term("walka", termWalka.New())))
	}
	if def == 0 {
		notes = append(notes, noteAlwaysHit.New(l10n.Term("walka", termWalka.New())))
		return 0, notes
	}
	return meleeTable[att-1][def-1] + r.HitModifier, notes
}

// automaticHit says whether every attack hits without a roll: a defender
// with Walka 0 "automatycznie w niej trafiany" (seed 004, Charakterystyki).
func (r *AttackRequest) automaticHit() bool { return r.Mode == "melee" && r.DefenderFighting == 0 }

// rerolled is the chance of passing a test against chance when a failure
// is rolled once more: p + (1-p)p. Seed 004, Przerzuty: "przy nieudanym
// wyniku jednego rzutu, można ponownie rzucić kością […] wynik przerzutu
// musi być zaakceptowany i nigdy nie może on być ponownie przerzucany."
func rerolled(p float64, reroll bool) float64 {
	if reroll {
		return p + (1-p)*p
	}
	return p
}

// hitProbability is the chance that one attack hits. Seed 004, Rzuty
// kośćmi: "1 zawsze oznacza sukces testu (niezależnie od modyfikatorów), a
// 6 jego porażkę (również niezależnie od modyfikacji)": a modified chance
// of 6 or more still misses on a 6, in shooting and in melee alike.
func (r *AttackRequest) hitProbability(chance int) float64 {
	if r.automaticHit() {
		return 1
	}
	return rerolled(pass(chance), r.RerollHit)
}

// saveChance is the save after the attacker's modifiers; 0 means none.
func (r *AttackRequest) saveChance() int { return max(0, r.Save-r.SaveModifier) }

// AttackOddsOf computes the exact odds of an attack.
func AttackOddsOf(ctx context.Context, r AttackRequest) (AttackOdds, error) {
	if err := ctx.Err(); err != nil {
		return AttackOdds{}, err
	}
	if err := r.normalize(); err != nil {
		return AttackOdds{}, err
	}
	if len(r.Weapons) > 0 {
		return r.weaponsOdds()
	}
	return r.odds(), nil
}

func (r *AttackRequest) odds() AttackOdds { return oddsOf([]AttackRequest{*r}) }

// perAttack are the chances of each outcome of one attack.
type perAttack struct {
	Miss    float64 `json:"miss"`
	Saved   float64 `json:"saved"`
	Wounded float64 `json:"wounded"` // failed save, passed pain test
	Removed float64 `json:"removed"`
}

func (r *AttackRequest) perAttack() perAttack {
	hit, _ := r.hitChance()
	pHit := r.hitProbability(hit)
	pSave := 0.0
	if s := r.saveChance(); s > 0 {
		pSave = rerolled(pass(s), r.RerollSave)
	}
	pPain := rerolled(pass(r.Pain+r.PainModifier), r.RerollPain)
	return perAttack{Miss: 1 - pHit, Saved: pHit * pSave, Wounded: pHit * (1 - pSave) * pPain, Removed: pHit * (1 - pSave) * (1 - pPain)}
}

// oddsOf are the exact odds of the attacks of profiles, one weapon each,
// made in order until the target is removed; the per-attack odds are the
// first profile's.
func oddsOf(profiles []AttackRequest) AttackOdds {
	var o AttackOdds
	o.PerAttack = profiles[0].perAttack()
	standing, removed := []float64{1}, []float64{0}
	survives := 1.0
	for _, pr := range profiles {
		a := pr.perAttack()
		survives *= math.Pow(1-a.Removed, float64(pr.Attacks))
		// Wounds shrugged off: the attacks stop when the target is
		// removed, so track the wounds of standing and of removed targets
		// apart.
		for range pr.Attacks {
			nextStanding := make([]float64, len(standing)+1)
			nextRemoved := append(removed, 0)
			for w, p := range standing {
				nextStanding[w] += p * (a.Miss + a.Saved)
				nextStanding[w+1] += p * a.Wounded
				nextRemoved[w] += p * a.Removed
			}
			standing, removed = nextStanding, nextRemoved
		}
	}
	o.Removed = 1 - survives
	for w := range standing {
		standing[w] += removed[w]
	}
	o.Wounds = systems.NewDistribution(0, standing)
	return o
}

// notes are the readings an attack answer relies on.
func (r *AttackRequest) notes(hit int) []l10n.Message {
	var n []l10n.Message
	if len(r.ignored) > 0 {
		n = append(n, noteIgnored.New(l10n.Term("mode", termModes[r.Mode].New()), l10n.Str("fields", strings.Join(r.ignored, ", "))))
	}
	if !r.automaticHit() && hit >= 6 {
		n = append(n, noteSixMisses.New(l10n.Int("chance", hit)))
	}
	if r.RerollHit || r.RerollSave || r.RerollPain {
		n = append(n, noteRerolls.New())
	}
	return append(n, noteWounds.New(l10n.Term("pain", termPain.New())))
}

// rollTest rolls a test against chance, with one reroll of a failure when
// reroll is set: the first die, the reroll (0 if none) and the verdict.
func rollTest(src dice.Source, chance int, reroll bool) (first, second int, ok bool) {
	first = src.IntN(6) + 1
	ok = passes(first, chance)
	if !ok && reroll {
		second = src.IntN(6) + 1
		ok = passes(second, chance)
	}
	return first, second, ok
}

// die is a rolled die for a step: the face, and the reroll if there was
// one (0: none).
func die(name string, first, second int) l10n.Arg {
	if second == 0 {
		return l10n.Term(name, termDie.New(l10n.Int("face", first)))
	}
	return l10n.Term(name, termRerolled.New(l10n.Int("face", first), l10n.Int("reroll", second)))
}

// Attack rolls the attacks one at a time until they run out or the target
// is removed: for each, the hit (none with Walka 0), the save if there is
// one, and the Próg bólu test of a failed save.
func Attack(ctx context.Context, r AttackRequest, src dice.Source) (AttackResult, error) {
	if err := ctx.Err(); err != nil {
		return AttackResult{}, err
	}
	if err := r.normalize(); err != nil {
		return AttackResult{}, err
	}
	if len(r.Weapons) > 0 {
		return r.attackWeapons(src)
	}
	hit, notes := r.hitChance()
	res := AttackResult{HitChance: hit, Automatic: r.automaticHit(), SaveChance: r.saveChance(), PainChance: r.Pain + r.PainModifier,
		Report: systems.Report{Notes: append(notes, r.notes(hit)...), Odds: r.odds().Entries(), Rules: r.rules()}}
	r.rollAttacks(&res, hit, 0, src)
	return res, nil
}

// rollAttacks rolls the attacks of profile r, whose hit chance is hit,
// numbering them from first+1, into res; it reports whether the target
// was removed.
func (r *AttackRequest) rollAttacks(res *AttackResult, hit, first int, src dice.Source) bool {
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	automatic, saveChance, painChance := r.automaticHit(), r.saveChance(), r.Pain+r.PainModifier
	pain := l10n.Term("pain", termPain.New())
	for i := range r.Attacks {
		n := l10n.Int("n", first+i+1)
		var d AttackDice
		hitPart := termHitAutomatic.New(l10n.Term("walka", termWalka.New()))
		if !automatic {
			var ok bool
			d.Hit, d.HitReroll, ok = rollTest(src, hit, r.RerollHit)
			if !ok {
				res.Attacks = append(res.Attacks, d)
				step(stepMiss.New(n, die("face", d.Hit, d.HitReroll), l10n.Int("chance", hit)))
				continue
			}
			hitPart = termHitRolled.New(die("face", d.Hit, d.HitReroll), l10n.Int("chance", hit))
		}
		args := []l10n.Arg{n, l10n.Term("hit", hitPart)}
		if saveChance > 0 {
			var saved bool
			d.Save, d.SaveReroll, saved = rollTest(src, saveChance, r.RerollSave)
			args = append(args, l10n.Term("save", termSave.New()), die("save_face", d.Save, d.SaveReroll), l10n.Int("save_chance", saveChance))
			if saved {
				res.Attacks = append(res.Attacks, d)
				step(stepSaved.New(args...))
				continue
			}
		}
		var fightsOn bool
		d.Pain, d.PainReroll, fightsOn = rollTest(src, painChance, r.RerollPain)
		res.Attacks = append(res.Attacks, d)
		outcome := termFightsOn.New()
		if fightsOn {
			res.Wounds++
		} else {
			res.Removed = true
			outcome = termRemoved.New()
		}
		args = append(args, pain, die("pain_face", d.Pain, d.PainReroll), l10n.Int("pain_chance", painChance), l10n.Term("outcome", outcome))
		if saveChance > 0 {
			step(stepPainAfterSave.New(args...))
		} else {
			step(stepPainNoSave.New(args...))
		}
		if res.Removed {
			return true
		}
	}
	return false
}
