package units

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"kostka"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/qualityd6"
	"kostka/systems/qualityd6/cost"
)

// AttackRequest builds an attack request of sys from an attacking unit
// and a target unit (either may be nil) and the fields the player gave
// explicitly, which override both.
//
// A profile describes its own unit: in quality-d6 its "defense", "models"
// and "toughness" are the unit's own, as the points cost reads them,
// although the attack request names the target's by the same fields. So
// the attacker gives every field of its profile except the attack fields
// that describe a target (the values of sys.TargetFields), and the target
// gives its fields of sys.TargetFields, each under the attack field it
// stands for (quality-d6's "quality" of the target is the attack's
// "target_quality"). A unit of another system is an ErrInvalid.
//
// An attacker of CostSystem with weapons fires them (see FiredWeapons):
// all of them of the attack's kind (a melee attack when explicit, or else
// the profile, gives "melee" true; a shooting attack otherwise), or those
// pick names (each a weapon's number from 1, in
// the profile's order, or its name). Its profile's own single-weapon
// fields (WeaponFields) are then left out, as the attack takes a weapon's
// fields either at its top or in its weapons, not both; but when explicit
// gives one of them, the player attacks with that single weapon and the
// saved weapons are left out instead (pick must then be empty).
func AttackRequest(sys *systems.System, attacker, target *Unit, explicit kostka.Object, pick []string) (kostka.Object, error) {
	req := kostka.Object{}
	system := sys.ID
	fields := sys.TargetFields
	targetOnly := map[string]bool{}
	for _, to := range fields {
		targetOnly[to] = true
	}
	if attacker != nil {
		profile, err := Profile(system, attacker)
		if err != nil {
			return nil, err
		}
		for k, v := range profile {
			if !targetOnly[k] && !costOnly(system, k) {
				req[k] = v
			}
		}
		single := slices.ContainsFunc(WeaponFields, func(f string) bool { _, ok := explicit[f]; return ok })
		if _, ok := profile["weapons"]; ok && system == CostSystem && !single {
			weapons, err := FiredWeapons(attacker, profile, pick, melee(explicit, profile))
			if err != nil {
				return nil, err
			}
			for _, f := range WeaponFields {
				delete(req, f)
			}
			req["weapons"] = weapons
		} else if len(pick) > 0 {
			return nil, pickError(msgNoWeapons.New())
		}
	} else if len(pick) > 0 {
		return nil, pickError(msgNoWeapons.New())
	}
	if target != nil {
		profile, err := Profile(system, target)
		if err != nil {
			return nil, err
		}
		for from, to := range fields {
			if v, ok := profile[from]; ok {
				req[to] = v
			}
		}
	}
	maps.Copy(req, explicit)
	return req, nil
}

// WeaponFields are the fields of a CostSystem attack that describe its
// one weapon when it has no weapons list.
var WeaponFields = []string{"attacks", "ap", "blast", "deadly"}

// FiredWeapons turns a CostSystem unit's saved weapons (profile's
// "weapons", the points cost's cost.Weapon) into the weapons of a
// shooting attack or, if melee, a melee one: all of them of that kind, or
// those pick names (a weapon's number from 1, in the profile's order, or
// its name, ignoring case), each once, in the profile's order.
//
// A saved profile is a unit card: its weapons are each model's, as the
// points cost reads them, and the unit fires them by qualityd6's one rule
// (qualityd6.FiredWeapons): the weapons of the attack's kind (ranged to
// shoot; melee, and Assault ranged ones, in melee), each weapon's attacks
// times the unit's models (its profile's "models"; a profile without them
// is one model), its name, ap, blast, deadly, range and abilities as
// saved. A weapon picked of the other kind, a card with no weapon of the
// attack's kind, and a card that fires more attacks than an attack makes
// are an ErrInvalid naming the field (the weapon by its place in the
// profile).
func FiredWeapons(u *Unit, profile kostka.Object, pick []string, melee bool) ([]cost.Weapon, error) {
	raw, err := json.Marshal(kostka.Object{"models": profile["models"], "weapons": profile["weapons"]})
	if err != nil {
		return nil, fmt.Errorf("units: the weapons of %q: %w", u.Name, err)
	}
	var saved struct {
		Models  *int          `json:"models"`
		Weapons []cost.Weapon `json:"weapons"`
	}
	if err := json.Unmarshal(raw, &saved); err != nil {
		return nil, fmt.Errorf("units: the weapons of %q: %w", u.Name, err)
	}
	models := 1
	if saved.Models != nil {
		models = *saved.Models
	}
	chosen := make([]bool, len(saved.Weapons))
	for _, p := range pick {
		p = strings.TrimSpace(p)
		i := slices.IndexFunc(saved.Weapons, func(w cost.Weapon) bool { return w.Name != "" && strings.EqualFold(w.Name, p) })
		if n, err := strconv.Atoi(p); i < 0 && err == nil && n >= 1 && n <= len(saved.Weapons) {
			i = n - 1
		}
		if i < 0 {
			return nil, pickError(msgNoSuchWeapon.New(l10n.Str("weapon", p), l10n.Str("name", u.Name), l10n.Int("count", len(saved.Weapons))))
		}
		if w := saved.Weapons[i]; !qualityd6.Fires(w, melee) {
			name := w.Name
			if name == "" {
				name = strconv.Itoa(i + 1)
			}
			msg := msgRangedInMelee
			if !melee {
				msg = msgMeleeShot
			}
			return nil, pickError(msg.New(l10n.Str("weapon", name), l10n.Str("name", u.Name)))
		}
		chosen[i] = true
	}
	// The card fired: every weapon, or those picked; place[k] is the
	// profile's place of the card's weapon k.
	var card []cost.Weapon
	var place []int
	for i, w := range saved.Weapons {
		if len(pick) == 0 || chosen[i] {
			card, place = append(card, w), append(place, i)
		}
	}
	out, err := qualityd6.FiredWeapons(models, card, melee)
	if fe := (*systems.FieldError)(nil); errors.As(err, &fe) {
		field := fe.Field
		if rest, ok := strings.CutPrefix(field, "weapons["); ok {
			k, tail, _ := strings.Cut(rest, "]")
			if n, err := strconv.Atoi(k); err == nil && n >= 0 && n < len(place) {
				field = fmt.Sprintf("weapons[%d]%s", place[n], tail)
			}
		}
		return nil, fmt.Errorf("%w: %w", ErrInvalid, systems.Invalid(field, fe.Detail))
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// melee reports whether an attack made of saved units is a melee attack:
// its "melee" as explicit gives it, or else as the attacker's profile
// does; a shooting attack (false) by default, as the attack's schema.
func melee(explicit, profile kostka.Object) bool {
	v, ok := explicit["melee"]
	if !ok {
		v = profile["melee"]
	}
	b, _ := v.(bool)
	return b
}

// The details of weapons picked wrongly.
var (
	msgNoSuchWeapon = l10n.Define("units.weapons.unknown", l10n.Texts{
		En: "unit “{name}” has no weapon “{weapon}” (give a number from 1 to {count} or a weapon's name)",
		Pl: "oddział „{name}” nie ma broni „{weapon}” (podaj numer od 1 do {count} lub nazwę broni)",
		Cs: "jednotka „{name}“ nemá zbraň „{weapon}“ (zadejte číslo od 1 do {count} nebo název zbraně)",
	})
	msgMeleeShot = l10n.Define("units.weapons.melee-shot", l10n.Texts{
		En: "weapon “{weapon}” of unit “{name}” is a melee weapon: it does not shoot (attack in melee to use it)",
		Pl: "broń „{weapon}” oddziału „{name}” służy do walki wręcz: nie strzela (zaatakuj wręcz, by jej użyć)",
		Cs: "zbraň „{weapon}“ jednotky „{name}“ je zbraň na boj zblízka: nestřílí (zaútočte zblízka, abyste ji použili)",
	})
	msgRangedInMelee = l10n.Define("units.weapons.ranged-melee", l10n.Texts{
		En: "weapon “{weapon}” of unit “{name}” is a ranged weapon and not Assault: it does not fight in melee (shoot to use it)",
		Pl: "broń „{weapon}” oddziału „{name}” jest dystansowa i nie jest Szturmowa: nie walczy wręcz (strzelaj, by jej użyć)",
		Cs: "zbraň „{weapon}“ jednotky „{name}“ je střelná a není Útočná: nebojuje zblízka (střílejte, abyste ji použili)",
	})
	msgNoWeapons = l10n.Define("units.weapons.none", l10n.Texts{
		En: "weapons are picked from the saved weapons of the attacking unit, which it does not fire here (it has none, or a single weapon is typed)",
		Pl: "broń wybiera się z zapisanej broni oddziału atakującego, której tu nie używa (nie ma jej albo podano jedną broń)",
		Cs: "zbraně se vybírají z uložených zbraní útočící jednotky, které zde nepoužívá (žádné nemá nebo je zadána jediná zbraň)",
	})
)

// pickError is an ErrInvalid naming the weapons picked.
func pickError(detail l10n.Message) error {
	return fmt.Errorf("%w: %w", ErrInvalid, systems.Invalid("weapons", detail))
}

// Profile returns a unit's profile fields, after checking that the unit
// is of system (for requests other than the attack, such as the cost).
func Profile(system string, u *Unit) (kostka.Object, error) {
	if u.System != system {
		return nil, invalid(msgOtherSystem.New(l10n.Str("name", u.Name), l10n.Str("unit", u.System), l10n.Str("system", system)))
	}
	var profile kostka.Object
	if err := json.Unmarshal(u.Profile, &profile); err != nil {
		return nil, fmt.Errorf("units: the profile of %q: %w", u.Name, err)
	}
	return profile, nil
}

// Applicable removes from req, an attack request made of saved units (see
// AttackRequest), the fields that do not apply to it by the action's
// schema (x-when), the fields typed decide the modes and are never
// removed: a unit saved with a shooting and a melee field attacks in
// either mode, and a target saved with a field of direct fire and one of
// indirect fire is attacked either way. The typed fields are not added to
// req. The action's schema is read by systems.Schema, as everywhere.
func Applicable(action *systems.Action, req, typed kostka.Object) {
	s := struct{ Properties map[string]schemaProp }{topFields(action)}
	value := func(field string) json.RawMessage {
		v, ok := typed[field]
		if !ok {
			v, ok = req[field]
		}
		if !ok {
			return s.Properties[field].Default
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil
		}
		return b
	}
	for changed := true; changed; {
		changed = false
		for _, name := range slices.Sorted(maps.Keys(req)) {
			when := s.Properties[name].When
			if _, ok := typed[name]; ok || when == nil || applies(when, value) {
				continue
			}
			delete(req, name)
			changed = true
		}
	}
}
