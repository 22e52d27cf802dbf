package units

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"kostka"

	"kostka/l10n"
	"kostka/systems"
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
// "target_quality"). The fields only the points cost takes (CostFields
// such as weapons) are left out. A unit of another system is an
// ErrInvalid.
func AttackRequest(sys *systems.System, attacker, target *Unit, explicit kostka.Object) (kostka.Object, error) {
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
