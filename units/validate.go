package units

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/qualityd6/cost"
)

// ProfileAction is the action whose request a profile fills in part.
const ProfileAction = "attack"

// CostSystem is the game system whose units also have a points cost
// (package systems/qualityd6/cost). Its profiles may hold the cost
// request's fields (CostFields) as well as the attack's: the page's cost
// view exports a unit with its weapons, and /cost prices a saved unit.
const CostSystem = "quality-d6"

// CostFields are the fields of the points cost request (cost.Unit) that a
// profile of CostSystem may hold. Those the attack takes too (models,
// quality, defense, toughness, abilities) are the same in both; the
// weapons are read as the cost reads them, each model's, and an attack
// with the unit fires them through FiredWeapons.
var CostFields = []string{"models", "quality", "defense", "toughness", "abilities", "weapons"}

// costOnly reports whether a profile field of system is one the attack
// does not take as saved (AttackRequest turns weapons into the attack's).
func costOnly(system, field string) bool {
	return system == CostSystem && slices.Contains(CostFields, field) && !slices.Contains(attackCostFields, field)
}

// attackCostFields are the CostFields the attack takes too.
var attackCostFields = []string{"models", "quality", "defense", "toughness", "abilities"}

// Validator checks a unit's profile for a game system. It returns an error
// matching ErrInvalid (and, when a field is at fault, a
// *systems.FieldError whose Field starts with "profile.").
type Validator func(ctx context.Context, system string, profile json.RawMessage) error

// SchemaValidator validates profiles with the registry's systems: the
// profile must be a JSON object of properties of the system's attack
// schema, and the attack request made of the schema's defaults with the
// profile on top must decode and resolve (types, ranges, allowed values)
// through the action itself. A field that applies only in some modes
// (x-when) is checked in a request of a mode it applies in, so a profile
// may hold the fields of several modes (see Applicable). A profile of
// CostSystem may also hold CostFields (the union; any other field is
// still refused): its attack fields are checked as above and, when it
// holds a field only the cost takes (weapons), its cost fields are
// checked by the cost itself.
func SchemaValidator(reg *systems.Registry) Validator {
	return func(ctx context.Context, system string, profile json.RawMessage) error {
		sys, ok := reg.Get(system)
		if !ok {
			return invalid(msgUnknownSystem.New(l10n.Str("system", system), l10n.Str("systems", strings.Join(reg.IDs(), ", "))))
		}
		action, ok := sys.Actions[ProfileAction]
		if !ok {
			return invalid(msgNoProfile.New(l10n.Str("system", system)))
		}
		return validateProfile(ctx, system, action, profile)
	}
}

// validateProfile is the one place that checks a profile against an
// action; it resolves the request through the action's own decoding.
func validateProfile(ctx context.Context, system string, action *systems.Action, profile json.RawMessage) error {
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(profile))
	if err := dec.Decode(&fields); err != nil || fields == nil || dec.More() {
		return fmt.Errorf("%w: %w", ErrInvalid, systems.NotObject("profile"))
	}
	schema := struct{ Properties map[string]schemaProp }{topFields(action)}
	costPart := map[string]json.RawMessage{}
	attackPart := map[string]json.RawMessage{}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		_, inAttack := schema.Properties[name]
		inCost := system == CostSystem && slices.Contains(CostFields, name)
		// The weapons are the attack's too (one weapon type), but saved
		// they are each model's, as the cost reads them: the cost checks
		// them, and AttackRequest fires them times the unit's models
		// (FiredWeapons).
		inAttack = inAttack && !costOnly(system, name)
		if !inAttack && !inCost {
			return fmt.Errorf("%w: %w", ErrInvalid, systems.Unknown("profile."+name))
		}
		if inAttack {
			attackPart[name] = fields[name]
		}
		if inCost {
			costPart[name] = fields[name]
		}
	}
	req := map[string]json.RawMessage{}
	for name, p := range schema.Properties {
		switch {
		case p.Default != nil:
			req[name] = p.Default
		case p.Type == "integer" && p.Minimum != nil:
			req[name] = p.Minimum
		}
	}
	maps.Copy(req, attackPart)
	// A field that applies only in some modes (x-when) is checked in a
	// request where it applies: the unit may hold a shooting field and a
	// melee one, or a target's fields for direct and indirect fire, and
	// an attack uses those that apply to it.
	requests := []map[string]json.RawMessage{req}
	for _, name := range slices.Sorted(maps.Keys(attackPart)) {
		if schema.Properties[name].When != nil {
			r := maps.Clone(req)
			satisfy(r, name, schema.Properties, 0)
			requests = append(requests, r)
		}
	}
	checked := map[string]bool{} // the requests resolved, each once
	for _, r := range requests {
		dropInapplicable(r, attackPart, schema.Properties)
		b, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("units: encoding the profile: %w", err)
		}
		if checked[string(b)] {
			continue
		}
		checked[string(b)] = true
		if _, err := action.Odds(ctx, b); err != nil {
			return profileError(err)
		}
	}
	if slices.ContainsFunc(slices.Collect(maps.Keys(costPart)), func(f string) bool { return costOnly(system, f) }) {
		return validateCost(costPart)
	}
	return nil
}

// schemaProp is what validation reads of a request's top-level field,
// its values as JSON.
type schemaProp struct {
	Type    string
	Default json.RawMessage
	Minimum json.RawMessage
	// When is the field's x-when: it applies only when each sibling named
	// has one of the values.
	When map[string][]json.RawMessage
}

// topFields are the top-level fields of an action's request, by name, as
// the one schema reader (systems.Schema's Fields) lists them.
func topFields(action *systems.Action) map[string]schemaProp {
	asJSON := func(v any) json.RawMessage {
		b, err := json.Marshal(v)
		if err != nil {
			panic(fmt.Sprintf("units: a schema value %v: %v", v, err)) // values decoded from JSON
		}
		return b
	}
	props := map[string]schemaProp{}
	for _, f := range action.Compiled().Fields() {
		if strings.Contains(f.Path, ".") {
			continue
		}
		p := schemaProp{Type: f.Type}
		if f.Default != nil {
			p.Default = asJSON(f.Default)
		}
		if f.Min != nil {
			p.Minimum = asJSON(*f.Min)
		}
		for sib, values := range f.When {
			if p.When == nil {
				p.When = map[string][]json.RawMessage{}
			}
			for _, v := range values {
				p.When[sib] = append(p.When[sib], asJSON(v))
			}
		}
		props[f.Path] = p
	}
	return props
}

// satisfy sets, in the request r, the siblings that field's x-when names
// to their first allowed value where they have none of them, and so on
// for the siblings' own conditions.
func satisfy(r map[string]json.RawMessage, field string, props map[string]schemaProp, depth int) {
	if depth > len(props) {
		return // a cycle of conditions; the schema's own check reports it
	}
	for _, sib := range slices.Sorted(maps.Keys(props[field].When)) {
		allowed := props[field].When[sib]
		if len(allowed) > 0 && !slices.ContainsFunc(allowed, func(v json.RawMessage) bool { return sameJSON(r[sib], v) }) {
			r[sib] = allowed[0]
			satisfy(r, sib, props, depth+1)
		}
	}
}

// dropInapplicable removes from the request r the profile's fields whose
// x-when does not hold in it (they return to their defaults), until
// every one left applies.
func dropInapplicable(r, profile map[string]json.RawMessage, props map[string]schemaProp) {
	for changed := true; changed; {
		changed = false
		for _, name := range slices.Sorted(maps.Keys(profile)) {
			v, ok := r[name]
			if !ok || sameJSON(v, props[name].Default) || applies(props[name].When, func(sib string) json.RawMessage { return r[sib] }) {
				continue
			}
			if d := props[name].Default; d != nil {
				r[name] = d
			} else {
				delete(r, name)
			}
			changed = true
		}
	}
}

// applies says whether an x-when condition holds, value giving each
// sibling's value (nil: none).
func applies(when map[string][]json.RawMessage, value func(sib string) json.RawMessage) bool {
	for sib, allowed := range when {
		v := value(sib)
		if !slices.ContainsFunc(allowed, func(a json.RawMessage) bool { return sameJSON(v, a) }) {
			return false
		}
	}
	return true
}

// sameJSON reports whether two JSON values are equal (nil equals nothing).
func sameJSON(a, b json.RawMessage) bool {
	if a == nil || b == nil {
		return false
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// msgCostType is the detail of a cost field of the wrong JSON type.
var msgCostType = l10n.Define("units.cost.type", l10n.Texts{
	En: "has a value of the wrong type",
	Pl: "ma wartość niewłaściwego typu",
	Cs: "má hodnotu nesprávného typu",
})

// msgCostUnknown is the detail of a weapon with a field no weapon has.
var msgCostUnknown = l10n.Define("units.cost.unknown", l10n.Texts{
	En: "a weapon has “{name}”, which is not a weapon's field (`name`, `attacks`, `range`, `ap`, `abilities`)",
	Pl: "broń ma pole „{name}”, którego broń nie ma (`name`, `attacks`, `range`, `ap`, `abilities`)",
	Cs: "zbraň má pole „{name}”, které zbraň nemá (`name`, `attacks`, `range`, `ap`, `abilities`)",
})

// scanUnknown reads the field name of encoding/json's unknown field error.
func scanUnknown(err error, name *string) bool {
	_, scanErr := fmt.Sscanf(err.Error(), "json: unknown field %q", name)
	return scanErr == nil
}

// validateCost checks a profile's cost fields by costing them, the fields
// the profile leaves out taking placeholders the cost accepts (a unit
// priced by /cost gets them from the player).
func validateCost(part map[string]json.RawMessage) error {
	b, err := json.Marshal(part)
	if err != nil {
		return fmt.Errorf("units: encoding the profile: %w", err)
	}
	u := cost.Unit{Models: 1, Quality: 4, Defense: 4, Toughness: 1}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&u); err != nil {
		var te *json.UnmarshalTypeError
		var unknown string
		switch {
		case errors.As(err, &te) && te.Field != "":
			return fmt.Errorf("%w: %w", ErrInvalid, systems.Invalid("profile."+te.Field, msgCostType.New()))
		case scanUnknown(err, &unknown):
			return fmt.Errorf("%w: %w", ErrInvalid, systems.Invalid("profile.weapons", msgCostUnknown.New(l10n.Str("name", unknown))))
		}
		return fmt.Errorf("%w: %w", ErrInvalid, systems.Invalid("profile", msgCostType.New()))
	}
	if _, err := cost.Of(u); err != nil {
		return profileError(err)
	}
	return nil
}

// profileError is an ErrInvalid for an error that checking a profile met;
// a field error names the field under "profile.".
func profileError(err error) error {
	var fe *systems.FieldError
	if errors.As(err, &fe) {
		prefixed := *fe
		prefixed.Field = strings.TrimSuffix("profile."+fe.Field, ".")
		err = &prefixed
	}
	return fmt.Errorf("%w: %w", ErrInvalid, err)
}
