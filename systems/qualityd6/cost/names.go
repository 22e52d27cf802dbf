package cost

import vocab "kostka/systems/qualityd6/ability"

// Kinds of abilities, by where the cost rules use them (the shared
// vocabulary's kinds).
const (
	weaponAbility = vocab.Weapon
	modelAbility  = vocab.Model
	auraAbility   = vocab.Priced
	paramAbility  = vocab.Param
	numberAbility = vocab.Number
)

// abilityInfo is one ability the cost rules know.
type abilityInfo struct {
	name string // canonical, as the rulebook spells it
	kind vocab.Kind
}

// abilityByKey finds abilities by key (see key) in the shared vocabulary:
// every spelling package ability accepts, the attack's too.
var abilityByKey = func() map[string]*abilityInfo {
	m := map[string]*abilityInfo{}
	for _, a := range vocab.All {
		info := &abilityInfo{name: string(a.Name), kind: a.Kind}
		for _, s := range append([]string{string(a.Name), a.En}, a.Aliases...) {
			m[key(s)] = info
		}
	}
	return m
}()

// key is the form names are compared in (vocab.Key): letters only,
// lowercase, no diacritics. "Nieporęczny" and "nieporeczny" are one key.
func key(s string) string { return vocab.Key(s) }
