package wzrd20

import (
	"strconv"

	"kostka/l10n"
	"kostka/systems"
)

// A team action resolves the weapons of every model taking part together,
// as one test (Zvláštní týmové akce: "Týmové akce jsou společná práce"):
// Focus Fire takes "tu nejvyšší hodnotu Střelby mezi modely", a Strength
// "rovna nejnižší hodnotě Síly zbraně použité pro soustředěnou palbu plus
// součet Kadence zbraní všech zúčastněných modelů"; Swarm the same with
// Close Combat, the lowest model plus weapon Strength and the sum of RoA;
// Suppression Fire hits "se silou rovnou nejnižší Síle zbraně modelu
// účastnícího se krycí palby". A request may give the pooled figures
// (models, skill, strength, rate) or the weapons, from which the action
// pools them. An ordinary shooting or close combat action is one model's,
// one weapon's: the rulebook resolves each separately.

// maxTeamWeapons bounds a team action's weapon list. Its models and their
// RoF or RoA add up to at most 20 × 100 and 20 × 100 × 20: the action is
// one test whatever they are (its Strength is held within 20).
const maxTeamWeapons = 20

// TeamWeapon is one weapon of a team action and the models that carry it.
type TeamWeapon struct {
	Name   string `json:"name"`
	Models int    `json:"models"` // the models with this weapon taking part
	// Skill is their RS (focus fire) or CC (swarm); the highest counts.
	Skill int `json:"skill"`
	// Strength is the weapon's Strength (focus fire, suppression fire) or
	// the model's Strength plus the weapon's (swarm); the lowest counts.
	Strength int `json:"strength"`
	// Rate is one model's RoF (focus fire) or RoA (swarm) with it.
	Rate int `json:"rate"`
}

// pool fills models, skill, strength and rate from the weapons, if the
// request lists them (its schema then requires none of the four).
func (r *TeamRequest) pool() error {
	if len(r.Weapons) == 0 {
		return nil
	}
	if len(r.Weapons) > maxTeamWeapons {
		return systems.Invalid("weapons", errTooManyWeapons.New(l10n.Int("max", maxTeamWeapons)))
	}
	r.Models, r.Skill, r.Strength, r.Rate = 0, 0, maxValue+1, 0
	for i, w := range r.Weapons {
		at := "weapons[" + strconv.Itoa(i) + "]."
		if r.Kind != suppressionFire {
			if w.Skill == 0 {
				return systems.Required(at + "skill")
			}
			if w.Rate == 0 {
				return systems.Required(at + "rate")
			}
		} else if w.Skill != 0 || w.Rate != 0 {
			return systems.Invalid(at+"skill", errSuppressionWeapon.New())
		}
		r.Models += w.Models
		r.Skill = max(r.Skill, w.Skill)
		r.Strength = min(r.Strength, w.Strength)
		r.Rate += w.Models * w.Rate
	}
	if r.Models < teamMinModels {
		return systems.Invalid("weapons", errTeamWeaponModels.New(l10n.Int("models", r.Models), l10n.Int("min", teamMinModels)))
	}
	return nil
}

// weaponSteps show how the weapons were pooled, one step each.
func (r *TeamRequest) weaponSteps() []l10n.Message {
	var steps []l10n.Message
	for i, w := range r.Weapons {
		name := w.Name
		if name == "" {
			name = "#" + strconv.Itoa(i+1)
		}
		args := []l10n.Arg{l10n.Str("name", name), l10n.Int("models", w.Models), l10n.Int("strength", w.Strength)}
		if r.Kind == suppressionFire {
			steps = append(steps, stepTeamWeaponSuppression.New(args...))
			continue
		}
		steps = append(steps, stepTeamWeapon.New(append(args, l10n.Int("skill", w.Skill), l10n.Int("rate", w.Rate), l10n.Int("total", w.Models*w.Rate))...))
	}
	return steps
}

// weaponNotes say how the weapons were pooled.
func (r *TeamRequest) weaponNotes() []l10n.Message {
	if len(r.Weapons) == 0 {
		return nil
	}
	if r.Kind == suppressionFire {
		return []l10n.Message{noteTeamWeaponsSuppression.New(l10n.Int("models", r.Models), l10n.Int("strength", r.Strength))}
	}
	return []l10n.Message{noteTeamWeapons.New(l10n.Int("models", r.Models), l10n.Int("skill", r.Skill), l10n.Int("strength", r.Strength), l10n.Int("rate", r.Rate))}
}

var (
	stepTeamWeapon = define("step.team_weapon", l10n.Texts{
		En: "{name}: {models} × RoF/RoA {rate} = {total}, skill {skill}, Strength {strength}",
		Pl: "{name}: {models} × RoF/RoA {rate} = {total}, umiejętność {skill}, Siła {strength}",
		Cs: "{name}: {models} × RoF/RoA {rate} = {total}, dovednost {skill}, Síla {strength}",
	})
	stepTeamWeaponSuppression = define("step.team_weapon_suppression", l10n.Texts{
		En: "{name}: {models, plural, one {# model} other {# models}}, Strength {strength}",
		Pl: "{name}: {models, plural, one {# model} few {# modele} many {# modeli}}, Siła {strength}",
		Cs: "{name}: {models, plural, one {# model} few {# modely} other {# modelů}}, Síla {strength}",
	})
	noteTeamWeapons = define("note.team_weapons", l10n.Texts{
		En: "The team action pools its weapons into one test: {models, plural, one {# model} other {# models}}, the highest skill {skill}, the lowest Strength {strength}, and the sum of every model's RoF/RoA {rate}.",
		Pl: "Akcja drużynowa łączy broń w jeden test: {models, plural, one {# model} few {# modele} many {# modeli}}, najwyższa umiejętność {skill}, najniższa Siła {strength} i suma RoF/RoA każdego modelu {rate}.",
		Cs: "Týmová akce spojuje zbraně do jediného testu: {models, plural, one {# model} few {# modely} other {# modelů}}, nejvyšší dovednost {skill}, nejnižší Síla {strength} a součet RoF/RoA všech modelů {rate}.",
	})
	noteTeamWeaponsSuppression = define("note.team_weapons_suppression", l10n.Texts{
		En: "Suppression Fire pools its weapons: {models, plural, one {# model} other {# models}}, and the lowest weapon Strength {strength} is the automatic hit's.",
		Pl: "Ogień zaporowy łączy broń: {models, plural, one {# model} few {# modele} many {# modeli}}, a najniższa Siła broni {strength} jest Siłą automatycznego trafienia.",
		Cs: "Krycí palba spojuje zbraně: {models, plural, one {# model} few {# modely} other {# modelů}}, a nejnižší Síla zbraně {strength} je Síla Automatického zásahu.",
	})
	errTeamWeaponModels = define("error.team_weapon_models", l10n.Texts{
		En: "the weapons' models add up to {models}; a team action takes at least {min}",
		Pl: "modele broni sumują się do {models}; akcja drużynowa wymaga co najmniej {min}",
		Cs: "modely zbraní dávají dohromady {models}; týmová akce vyžaduje nejméně {min}",
	})
	errSuppressionWeapon = define("error.suppression_weapon", l10n.Texts{
		En: "Suppression Fire rolls no test: a weapon gives only its models and Strength",
		Pl: "Ogień zaporowy nie rzuca testu: broń podaje tylko swoje modele i Siłę",
		Cs: "Krycí palba nehází žádný test: zbraň udává jen své modely a Sílu",
	})
	errTooManyWeapons = define("error.too_many_weapons", l10n.Texts{
		En: "at most {max} weapons",
		Pl: "najwyżej {max} rodzajów broni",
		Cs: "nejvýše {max} zbraní",
	})
)
