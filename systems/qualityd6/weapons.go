package qualityd6

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// maxWeapons is the most weapon profiles one attack takes.
const maxWeapons = 10

// normalizeWeapons normalizes an attack with weapons: the unit's fields
// as a request of its own, then each weapon as a single-weapon request
// with the unit's fields and abilities and its own attacks, ap, blast,
// deadly and abilities (parts). Seed 001, "Atak": "Za każde trafienie cel
// wykonuje test obrony, za każde niepowodzenie otrzymuje ranę. ...
// Przydziel je wszystkie razem na koniec ataku, zaczynając od
// atakującego": each weapon's hits take their own defense tests (its AP),
// and the wounds of all are allocated together; "Przegrupowanie": "Po
// każdej akcji, każdy oddział który otrzymał w niej więcej ran niż
// zadał, wykonuje test jakości": the tests count the action's wounds
// once. One weapon is the single-weapon request, with the same answer.
// The work of the odds of all weapons together is checked against the
// limits of one attack, before any work.
func (r *AttackRequest) normalizeWeapons() error {
	if err := systems.Check("weapons", len(r.Weapons), 1, maxWeapons); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"attacks", r.Attacks}, {"ap", r.AP}, {"blast", r.Blast}, {"deadly", r.Deadly}} {
		if f.v != 0 {
			return systems.Invalid(f.name, errInWeapons.New())
		}
	}
	weapons := make([]Weapon, len(r.Weapons))
	for i, w := range r.Weapons {
		var err error
		if weapons[i], err = numbered(w, i); err != nil {
			return err
		}
	}
	r.Weapons = weapons
	top := len(r.Abilities)
	if len(r.Weapons) == 1 {
		w := r.Weapons[0]
		r.Attacks, r.AP, r.Blast, r.Deadly = w.Attacks, w.AP, w.Blast, w.Deadly
		r.Abilities = append(slices.Clip(r.Abilities), w.Abilities...)
		r.Weapons = nil
		return weaponField(r.normalizeOne(), 0, top)
	}
	if r.grouped() {
		return systems.Invalid("weapons", errWeaponsGroups.New())
	}
	// The unit's fields and abilities, as a request of one attack.
	unit := *r
	unit.Weapons, unit.Attacks = nil, 1
	if err := unit.normalizeOne(); err != nil {
		return err
	}
	r.Blast, r.Deadly, r.Toughness, r.BlastCap, r.DefenderRemoves, r.Shock = 1, 1, unit.Toughness, unit.BlastCap, unit.DefenderRemoves, unit.Shock
	r.unit, r.abilitySet = unit.unit, unit.abilitySet
	r.parts, r.names = make([]*AttackRequest, len(r.Weapons)), make([]string, len(r.Weapons))
	steps, bytes := 0, 0
	wounds, shocks := 0, 0 // the most wounds of all weapons, and of those that shock
	for i, w := range r.Weapons {
		p := *r
		p.Weapons, p.parts, p.names = nil, nil, nil
		p.Attacks, p.AP, p.Blast, p.Deadly = w.Attacks, w.AP, w.Blast, w.Deadly
		p.Abilities = append(slices.Clone(r.Abilities), w.Abilities...)
		if err := weaponField(p.normalizeOne(), i, top); err != nil {
			return err
		}
		r.parts[i] = &p
		r.names[i] = w.Name
		if w.Name == "" {
			r.names[i] = "#" + strconv.Itoa(i+1) // a name in no language
		}
		s, b := p.OddsCost()
		steps, bytes = steps+s, bytes+b
		wounds += p.maxWounds
		if p.shocks() {
			shocks += p.maxWounds
		}
	}
	// Pooling: the weapons' hits and wounds convolved, then every number
	// of plain and of Porażenie's wounds allocated (a few steps each).
	const float = 8
	steps += 2*wounds*wounds + 8*(wounds-shocks+1)*(shocks+1)
	bytes += 4 * (wounds + 1) * float * (len(r.Weapons) + 2)
	r.oddsSteps, r.oddsBytes = steps, bytes
	if steps > maxOddsSteps || bytes > maxOddsBytes {
		const million = 1_000_000
		return systems.Invalid("weapons", errTooMuchWork.New(
			l10n.Int("steps", (steps+million-1)/million), l10n.Int("mb", (bytes+million-1)/million),
			l10n.Int("max", maxOddsSteps/million), l10n.Int("max_mb", maxOddsBytes/million),
			l10n.Term("blast", termBlast.New())))
	}
	return nil
}

// numbered checks weapon i's abilities, and takes Rozprysk(X) and
// Zabójczy(X) out of them into its blast and deadly, as the points cost
// reads them: the weapon the attack resolves.
func numbered(w Weapon, i int) (Weapon, error) {
	out := w
	out.Abilities = make([]string, 0, len(w.Abilities))
	for j, a := range w.Abilities {
		field := fmt.Sprintf("weapons[%d].abilities[%d]", i, j)
		ab, ok := vocab.Lookup(a)
		if !ok {
			return w, systems.Invalid(field, errUnknownAbility.New(l10n.Str("name", a), knownAbilities("known")))
		}
		x := &out.Blast
		switch ab.Name {
		case vocab.Zabojczy:
			x = &out.Deadly
			fallthrough
		case vocab.Rozprysk:
			_, arg, _ := strings.Cut(a, "(")
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(arg, ")")))
			if err != nil || n < 1 || n > 12 || *x > 1 {
				return w, systems.Invalid(field, errAbilityX.New(abilityTerm("ability", ab.Name)))
			}
			*x = n
			continue
		}
		if ab.Kind != vocab.Weapon {
			return w, systems.Invalid(field, errNotWeaponAbility.New(l10n.Str("ability", string(ab.Name))))
		}
		out.Abilities = append(out.Abilities, a)
	}
	return out, nil
}

// weaponField names a field error of weapon i's request as the request
// spells it: its attacks, ap, blast and deadly are the weapon's, and its
// abilities from top on are the weapon's own.
func weaponField(err error, i, top int) error {
	var fe *systems.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	out := *fe
	prefix := fmt.Sprintf("weapons[%d].", i)
	switch f := fe.Field; {
	case f == "attacks" || f == "ap" || f == "blast" || f == "deadly" || f == "abilities":
		out.Field = prefix + f
	case strings.HasPrefix(f, "abilities["):
		if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(f, "abilities["), "]")); err == nil && n >= top {
			out.Field = fmt.Sprintf("%sabilities[%d]", prefix, n-top)
		}
	}
	return &out
}

// notes are the notes of an attack with several weapons: the pooling's,
// then each weapon's, each said once.
func (r *AttackRequest) weaponsNotes() []l10n.Message {
	notes := []l10n.Message{noteWeaponsPooled.New()}
	for _, p := range r.parts {
		for _, n := range p.resolve().notes {
			if !slices.ContainsFunc(notes, func(m l10n.Message) bool { return m.In(l10n.English) == n.In(l10n.English) }) {
				notes = append(notes, n)
			}
		}
	}
	return notes
}

// weaponsRules cites the sections every weapon's attack applied, each
// once, and Ostrzał ("wszystkie bronie o tym samym profilu muszą mieć ten
// sam cel": a unit's weapons attack together).
func (r *AttackRequest) weaponsRules() []systems.RuleRef {
	var ids []string
	for _, p := range r.parts {
		ids = append(ids, p.resolve().rules...)
	}
	return systems.Cite(append(ids, "quality-d6.ostrzal")...)
}

// rollWeapons rolls each weapon's hits and defense tests, then allocates
// the wounds of all together and rolls the regroup tests.
func (r *AttackRequest) rollWeapons(src dice.Source) AttackResult {
	res := AttackResult{Report: systems.Report{Notes: r.weaponsNotes(), Steps: make([]l10n.Message, 0, 4*len(r.parts)+5), Rules: r.weaponsRules()},
		HitDice: []int{}, DefenseDice: []int{}, Weapons: make([]WeaponResult, len(r.parts))}
	step := func(m l10n.Message) { res.Steps = append(res.Steps, m) }
	att, shock := 0, 0
	hitNeeds, defNeeds := make([]string, len(r.parts)), make([]string, len(r.parts))
	for i, p := range r.parts {
		ru := p.resolve()
		step(stepWeapon.New(l10n.Str("name", r.names[i])))
		w := p.rollWeapon(src, ru, step)
		hitNeeds[i], defNeeds[i] = needs(ru.hitNeed, ru.hitMod), needs(ru.defNeed, ru.defMod)
		res.Weapons[i] = WeaponResult{Name: r.names[i], HitDice: w.hitDice, Hits: w.hits, DefenseDice: w.defenseDice, Wounds: w.wounds,
			HitNeeds: hitNeeds[i], DefenseNeeds: defNeeds[i], WoundsPerFail: ru.woundsPerFail}
		res.HitDice = append(res.HitDice, w.hitDice...)
		res.DefenseDice = append(res.DefenseDice, w.defenseDice...)
		res.Hits += w.hits
		res.Wounds += w.wounds
		att += w.att
		if p.shocks() {
			shock += w.wounds
		}
	}
	res.HitNeeds, res.DefenseNeeds = strings.Join(hitNeeds, ", "), strings.Join(defNeeds, ", ")
	res.WoundsPerFail = res.Weapons[0].WoundsPerFail
	step(stepPooled.New(l10n.Int("wounds", res.Wounds)))
	r.rollOutcome(src, &res, att, shock, step)
	return res
}

// weaponsOdds computes the odds of an attack with several weapons: each
// weapon's hits and wounds, their sums by convolution (the weapons roll
// apart), kept apart for the wounds that Porażenie counts double, then
// the outcome of all the wounds allocated together. The stages a batch
// shares come from batch (nil: none).
func (r *AttackRequest) weaponsOdds(ctx context.Context, batch *Batch) (AttackOdds, error) {
	hits, plain, shock := []float64{1}, []float64{1}, []float64{1}
	each := make([]systems.Distribution, len(r.parts))
	for i, p := range r.parts {
		eff, w, _, err := batch.woundOdds(ctx, p)
		if err != nil {
			return AttackOdds{}, err
		}
		hits = dice.Convolve(hits, eff)
		if p.shocks() {
			shock = dice.Convolve(shock, w)
		} else {
			plain = dice.Convolve(plain, w)
		}
		each[i] = distribution(w)
	}
	o, err := r.outcomeOdds(ctx, hits, plain, shock, nil)
	o.Weapons, o.WeaponNames = each, r.names
	return o, err
}
