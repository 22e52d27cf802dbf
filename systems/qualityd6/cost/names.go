package cost

import (
	"kostka/l10n"
	vocab "kostka/systems/qualityd6/ability"
)

// Kinds of abilities, by where the cost rules use them (the shared
// vocabulary's kinds).
const (
	weaponAbility = vocab.Weapon
	modelAbility  = vocab.Model
	auraAbility   = vocab.Priced
	paramAbility  = vocab.Param
	numberAbility = vocab.Number
)

// key is the form names are compared in (vocab.Key): letters only,
// lowercase, no diacritics. "Nieporęczny" and "nieporeczny" are one key.
func key(s string) string { return vocab.Key(s) }

// nameArg is a message argument naming an ability as the rulebook spells
// it.
func nameArg(arg string, n vocab.Name) l10n.Arg { return l10n.Str(arg, string(n)) }
