// Package cost computes a quality-d6 unit's points cost by the rulebook's
// formula (seed 001, "Koszt punktowy"): each model's base cost from its
// Quality, Defense and Toughness, its weapons' cost, and its abilities'
// cost; a unit's cheaper weapon category (melee or ranged) costs half.
//
// Every table is data (tables.go). Where the text is ambiguous or a value
// falls between table columns, the reading chosen is documented in
// rulesdata/NOTES.md and said in the answer's notes.
package cost

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// Unit is a unit to cost: its models are alike.
type Unit struct {
	Models    int      `json:"models"`
	Quality   int      `json:"quality"`   // 2 to 6 (Quality 4+ is 4)
	Defense   int      `json:"defense"`   // 2 to 6
	Toughness int      `json:"toughness"` // per model
	Abilities []string `json:"abilities"` // model abilities, with X in brackets: "Mag(2)", "Aura(Tarcza)"
	Weapons   []Weapon `json:"weapons"`   // each model's weapons
}

// Weapon is one weapon of each model: the same weapon profile a
// quality-d6 attack with several weapons takes (qualityd6.Weapon).
// Rozprysk(X) and Zabójczy(X) are given in blast and deadly, or in the
// abilities ("Rozprysk(3)"), not both.
type Weapon struct {
	Name      string   `json:"name"`
	Attacks   int      `json:"attacks"`
	Range     Range    `json:"range"` // inches, or "melee"; a unit card fires its weapons by it (FiredWeapons)
	AP        int      `json:"ap"`
	Blast     int      `json:"blast"`  // Rozprysk(X), 0 or 1 for none
	Deadly    int      `json:"deadly"` // Zabójczy(X), 0 or 1 for none
	Abilities []string `json:"abilities"`
}

// Range is a weapon's range in inches; 0 is melee. In JSON it is a number
// or the string "melee".
type Range int

// Melee is the range of a melee weapon.
const Melee Range = 0

// UnmarshalJSON accepts a number of inches or "melee" (also "wręcz"). A
// bad value is a *json.UnmarshalTypeError, which encoding/json completes
// with the field's path.
func (r *Range) UnmarshalJSON(b []byte) error {
	bad := func(what string) error {
		return &json.UnmarshalTypeError{Value: what + `; give inches or "melee"`, Type: reflect.TypeFor[int]()}
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		switch key(s) {
		case "melee", "wrecz":
			*r = Melee
			return nil
		}
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(s), `"`))
		if err != nil {
			return bad(strconv.Quote(s))
		}
		*r = Range(n)
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return bad(string(b))
	}
	*r = Range(n)
	return nil
}

// MarshalJSON writes "melee" or the inches.
func (r Range) MarshalJSON() ([]byte, error) {
	if r == Melee {
		return []byte(`"melee"`), nil
	}
	return []byte(strconv.Itoa(int(r))), nil
}

// Kind is a weapon's kind, by its range.
type Kind string

// The kinds of weapons.
const (
	KindMelee  Kind = "melee"
	KindRanged Kind = "ranged"
)

// Cost is a costed unit.
type Cost struct {
	Total    int     `json:"total"` // the unit's points, rounded
	Exact    float64 `json:"exact"` // before rounding
	Models   int     `json:"models"`
	PerModel Model   `json:"per_model"`
	// Category is the unit's kind by its dearer weapons: melee (a
	// warrior unit) or ranged (a shooter unit); the other kind costs half.
	Category  Kind           `json:"category"`
	Weapons   []WeaponCost   `json:"weapons"`
	Abilities []AbilityCost  `json:"abilities"`
	Breakdown []l10n.Message `json:"breakdown"`
	Warnings  []l10n.Message `json:"warnings"`
	Notes     []l10n.Message `json:"notes"`
	// Rules are the rulebook sections the price applied.
	Rules []systems.RuleRef `json:"rules,omitempty"`
}

// Model is one model's cost, in parts.
type Model struct {
	Base              float64 `json:"base"`
	MoraleModifier    float64 `json:"morale_modifier"`
	DefenseModifier   float64 `json:"defense_modifier"`
	ToughnessModifier float64 `json:"toughness_modifier"`
	Weapons           float64 `json:"weapons"` // after halving the cheaper category
	Abilities         float64 `json:"abilities"`
	Total             float64 `json:"total"`
}

// WeaponCost is one weapon's cost per model.
type WeaponCost struct {
	Name            string  `json:"name"`
	Kind            Kind    `json:"kind"`
	RangeModifier   float64 `json:"range_modifier"`
	HitChance       float64 `json:"hit_chance"`
	AbilityModifier float64 `json:"ability_modifier"`
	Cost            float64 `json:"cost"`   // as the formula gives it
	Halved          bool    `json:"halved"` // of the unit's cheaper category
	Paid            float64 `json:"paid"`   // after halving
}

// AbilityCost is one model ability's cost per model.
type AbilityCost struct {
	Name string       `json:"name"`
	Cost float64      `json:"cost"`
	How  l10n.Message `json:"how"`
}

// ability is a parsed ability: its info and its X, a number or another
// ability.
type ability struct {
	info    *vocab.Info
	x       int
	param   *vocab.Info
	range12 bool // Aura 12": an aura with a 12" range
}

func (a ability) String() string {
	switch {
	case a.param != nil && a.range12:
		return fmt.Sprintf("%s 12\"(%s)", a.info.Name, a.param.Name)
	case a.param != nil:
		return fmt.Sprintf("%s(%s)", a.info.Name, a.param.Name)
	case a.info.Kind == numberAbility:
		return fmt.Sprintf("%s(%d)", a.info.Name, a.x)
	}
	return string(a.info.Name)
}

// parseAbility reads "Name", "Name(X)" or "Name X" in Polish or English.
func parseAbility(field, s string) (ability, error) {
	name, x := strings.TrimSpace(s), ""
	if i := strings.IndexByte(name, '('); i >= 0 {
		if !strings.HasSuffix(name, ")") {
			return ability{}, systems.Invalid(field, errParen.New(l10n.Str("text", s)))
		}
		name, x = strings.TrimSpace(name[:i]), strings.TrimSpace(name[i+1:len(name)-1])
	} else if f := strings.Fields(name); len(f) > 1 {
		if _, err := strconv.Atoi(f[len(f)-1]); err == nil {
			name, x = strings.Join(f[:len(f)-1], " "), f[len(f)-1]
		}
	}
	a := ability{}
	if lower := strings.ToLower(name); strings.HasPrefix(lower, "aura") {
		if rest := strings.Trim(lower[len("aura"):], `" ”`); rest == "12" {
			a.range12 = true
			name = string(vocab.Aura)
		}
	}
	info, ok := vocab.Lookup(name)
	if !ok {
		return ability{}, systems.Invalid(field, errUnknown.New(l10n.Str("text", s)))
	}
	a.info = info
	switch info.Kind {
	case numberAbility:
		n, err := strconv.Atoi(x)
		if err != nil || n < 1 || n > 20 {
			return ability{}, systems.Invalid(field, errNumberX.New(nameArg("name", info.Name)))
		}
		a.x = n
	case paramAbility:
		p, ok := vocab.Lookup(x)
		if x == "" || !ok || p.Kind == paramAbility {
			return ability{}, systems.Invalid(field, errAbilityX.New(nameArg("name", info.Name)))
		}
		if info.Name == vocab.Mistrzostwo && p.Kind != weaponAbility {
			return ability{}, systems.Invalid(field, errMastery.New(nameArg("param", p.Name)))
		}
		if info.Name != vocab.Mistrzostwo && p.Kind != modelAbility {
			return ability{}, systems.Invalid(field, errPassiveX.New(nameArg("name", info.Name), nameArg("param", p.Name)))
		}
		a.param = p
	default:
		if x != "" {
			return ability{}, systems.Invalid(field, errNoX.New(nameArg("name", info.Name)))
		}
	}
	if a.range12 && info.Name != vocab.Aura {
		return ability{}, systems.Invalid(field, errUnknown.New(l10n.Str("text", s)))
	}
	return a, nil
}

// set is a model's or weapon's abilities by rulebook name and X (an
// ability's parameter: Aura(Tarcza) and Aura(Furia) are two).
type set map[abilityKey]ability

// abilityKey is an ability's rulebook name with its parameter, if it takes
// another ability as X.
type abilityKey struct{ name, param vocab.Name }

// String is the name as the answer's list of abilities shows it:
// "Aura(Tarcza)".
func (n abilityKey) String() string {
	if n.param == "" {
		return string(n.name)
	}
	return string(n.name) + "(" + string(n.param) + ")"
}

func (s set) has(name vocab.Name) bool { _, ok := s[abilityKey{name: name}]; return ok }

// round2 rounds for display.
func round2(v float64) float64 { return math.Round(v*1000) / 1000 }
