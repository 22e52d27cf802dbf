package qualityd6

import (
	"fmt"
	"slices"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
	"kostka/systems/qualityd6/cost"
)

// The most attacks an attack, or one weapon of it, makes, and the most
// models of a unit (the cost formula's limit too).
const (
	maxAttacks = 200
	maxModels  = 100
)

// FiredWeapons returns the weapons a unit card fires in one attack, a
// shooting attack or, if melee, a melee one: the card's weapons of that
// kind (Fires), in the card's order, each with its attacks times models,
// and its name, range, ap, blast, deadly and abilities as they are.
//
// A unit card is a unit as the points cost reads it (cost.Unit): its
// weapons are each model's, "Koszt oddziału jest sumą kosztów modeli w
// nim" and each model carries each of the unit's weapons, whereas an
// attack's weapons[].attacks are the whole attack's ("Wykonaj jeden test
// jakości na atak"). So when the unit attacks, every model fires each of
// its weapons of the attack's kind: a weapon of 2 attacks on a unit of 5
// models makes 10. Saved units (units.FiredWeapons) and comparisons
// (package compare) fire a card by this one rule.
//
// A card of fewer than 1 or more than 100 models, a card with no weapon
// of the attack's kind, or a weapon that would fire fewer than 1 or more
// than an attack's 200 attacks, is refused: a *systems.FieldError on
// "models", "weapons" or "weapons[i].attacks" (i the weapon's place in
// card), the card's own fields.
func FiredWeapons(models int, card []Weapon, melee bool) ([]Weapon, error) {
	if models < 1 || models > maxModels {
		return nil, systems.Check("models", models, 1, maxModels)
	}
	var out []Weapon
	for i, w := range card {
		if !Fires(w, melee) {
			continue
		}
		field := fmt.Sprintf("weapons[%d].attacks", i)
		if w.Attacks < 1 {
			return nil, systems.Check(field, w.Attacks, 1, max(1, maxAttacks/models))
		}
		if w.Attacks > maxAttacks/models {
			return nil, systems.Invalid(field, errCardAttacks.New(l10n.Int("attacks", w.Attacks), l10n.Int("models", models),
				l10n.Int("fired", w.Attacks*models), l10n.Int("max", maxAttacks), l10n.Int("most", maxAttacks/models)))
		}
		w.Attacks *= models
		out = append(out, w)
	}
	if len(out) == 0 {
		if melee {
			return nil, systems.Invalid("weapons", errNoMelee.New())
		}
		return nil, systems.Invalid("weapons", errNoRanged.New())
	}
	return out, nil
}

// Fires reports whether a unit's weapon w attacks in a shooting attack
// or, if melee, a melee one. Shooting ("Ostrzał") fires the ranged
// weapons: "Modele mogą atakować bronią dystansową która ma cel w
// zasięgu". A charge ("Szarża") fights with the melee weapons: "Modele
// znajdujące się w odległości do 2" od nich wykonują atak bronią wręcz",
// and with the ranged weapons that are Szturmowa (Assault): "Można nią
// wykonywać również ataki wręcz".
func Fires(w Weapon, melee bool) bool {
	if !melee {
		return w.Range != cost.Melee
	}
	return w.Range == cost.Melee || slices.ContainsFunc(w.Abilities, func(a string) bool {
		info, ok := vocab.Lookup(a)
		return ok && info.Name == vocab.Szturmowa
	})
}

// The refusals of a card with no weapon of the attack's kind.
var (
	errNoRanged = l10n.Define("quality-d6.card.no-ranged", l10n.Texts{
		En: "the unit has no ranged weapon to shoot with, only melee weapons: it can attack in melee",
		Pl: "oddział nie ma broni dystansowej, z której mógłby strzelać, tylko broń do walki wręcz: może zaatakować wręcz",
		Cs: "jednotka nemá žádnou střelnou zbraň, ze které by mohla střílet, jen zbraně na boj zblízka: může zaútočit zblízka",
	})
	errNoMelee = l10n.Define("quality-d6.card.no-melee", l10n.Texts{
		En: "the unit has no melee weapon to fight in melee with, only ranged weapons, none of them Assault: it can shoot",
		Pl: "oddział nie ma broni do walki wręcz, tylko broń dystansową, żadnej Szturmowej: może strzelać",
		Cs: "jednotka nemá žádnou zbraň na boj zblízka, jen střelné zbraně, žádnou Útočnou: může střílet",
	})
)

// errCardAttacks refuses a unit card's weapon that fires more attacks
// than an attack makes.
var errCardAttacks = l10n.Define("quality-d6.card.attacks", l10n.Texts{
	En: "{attacks, plural, one {# attack} other {# attacks}} a model × {models, plural, one {# model} other {# models}} = {fired, plural, one {# attack} other {# attacks}}, more than one attack makes ({max}): at most {most} a model",
	Pl: "{attacks, plural, one {# atak} few {# ataki} many {# ataków}} na model × {models, plural, one {# model} few {# modele} many {# modeli}} = {fired, plural, one {# atak} few {# ataki} many {# ataków}}, więcej niż w jednym ataku ({max}): najwyżej {most} na model",
	Cs: "{attacks, plural, one {# útok} few {# útoky} other {# útoků}} na model × {models, plural, one {# model} few {# modely} other {# modelů}} = {fired, plural, one {# útok} few {# útoky} other {# útoků}}, víc než v jednom útoku ({max}): nejvýše {most} na model",
})
