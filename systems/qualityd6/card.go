package qualityd6

import (
	"fmt"

	"kostka/l10n"
	"kostka/systems"
)

// The most attacks an attack, or one weapon of it, makes, and the most
// models of a unit (the cost formula's limit too).
const (
	maxAttacks = 200
	maxModels  = 100
)

// FiredWeapons returns the weapons a unit card fires in one attack: card,
// each with its attacks times models, and its name, range, ap, blast,
// deadly and abilities as they are.
//
// A unit card is a unit as the points cost reads it (cost.Unit): its
// weapons are each model's, "Koszt oddziału jest sumą kosztów modeli w
// nim" and each model carries each of the unit's weapons, whereas an
// attack's weapons[].attacks are the whole attack's ("Wykonaj jeden test
// jakości na atak"). So when the unit attacks, every model fires each of
// its weapons: a weapon of 2 attacks on a unit of 5 models makes 10.
// Saved units (units.FiredWeapons) and comparisons (package compare) fire
// a card by this one rule.
//
// A card of fewer than 1 or more than 100 models, or a weapon that would fire fewer than 1
// or more than an attack's 200 attacks, is refused: a *systems.FieldError
// on "models" or "weapons[i].attacks", the card's own fields.
func FiredWeapons(models int, card []Weapon) ([]Weapon, error) {
	if models < 1 || models > maxModels {
		return nil, systems.Check("models", models, 1, maxModels)
	}
	out := make([]Weapon, len(card))
	for i, w := range card {
		field := fmt.Sprintf("weapons[%d].attacks", i)
		if w.Attacks < 1 {
			return nil, systems.Check(field, w.Attacks, 1, max(1, maxAttacks/models))
		}
		if w.Attacks > maxAttacks/models {
			return nil, systems.Invalid(field, errCardAttacks.New(l10n.Int("attacks", w.Attacks), l10n.Int("models", models),
				l10n.Int("fired", w.Attacks*models), l10n.Int("max", maxAttacks), l10n.Int("most", maxAttacks/models)))
		}
		w.Attacks *= models
		out[i] = w
	}
	return out, nil
}

// errCardAttacks refuses a unit card's weapon that fires more attacks
// than an attack makes.
var errCardAttacks = l10n.Define("quality-d6.card.attacks", l10n.Texts{
	En: "{attacks, plural, one {# attack} other {# attacks}} a model × {models, plural, one {# model} other {# models}} = {fired, plural, one {# attack} other {# attacks}}, more than one attack makes ({max}): at most {most} a model",
	Pl: "{attacks, plural, one {# atak} few {# ataki} many {# ataków}} na model × {models, plural, one {# model} few {# modele} many {# modeli}} = {fired, plural, one {# atak} few {# ataki} many {# ataków}}, więcej niż w jednym ataku ({max}): najwyżej {most} na model",
	Cs: "{attacks, plural, one {# útok} few {# útoky} other {# útoků}} na model × {models, plural, one {# model} few {# modely} other {# modelů}} = {fired, plural, one {# útok} few {# útoky} other {# útoků}}, víc než v jednom útoku ({max}): nejvýše {most} na model",
})
