package units

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"kostka/systems"
)

// ProfileAction is the action whose request a profile fills in part.
const ProfileAction = "attack"

// Validator checks a unit's profile for a game system. It returns an error
// matching ErrInvalid (and, when a field is at fault, a
// *systems.FieldError whose Field starts with "profile.").
type Validator func(ctx context.Context, system string, profile json.RawMessage) error

// SchemaValidator validates profiles with the registry's systems: the
// profile must be a JSON object of properties of the system's attack
// schema, and the attack request made of the schema's defaults with the
// profile on top must decode and resolve (types, ranges, allowed values)
// through the action itself.
func SchemaValidator(reg *systems.Registry) Validator {
	return func(ctx context.Context, system string, profile json.RawMessage) error {
		sys, ok := reg.Get(system)
		if !ok {
			return fmt.Errorf("%w: unknown game system %q (one of %s)", ErrInvalid, system, strings.Join(reg.IDs(), ", "))
		}
		action, ok := sys.Actions[ProfileAction]
		if !ok {
			return fmt.Errorf("%w: game system %q has no %s to save units for", ErrInvalid, system, ProfileAction)
		}
		return validateProfile(ctx, action, profile)
	}
}

// validateProfile is the one place that checks a profile against an
// action; it resolves the request through the action's own decoding.
func validateProfile(ctx context.Context, action *systems.Action, profile json.RawMessage) error {
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(profile))
	if err := dec.Decode(&fields); err != nil || fields == nil || dec.More() {
		return fmt.Errorf("%w: %w", ErrInvalid, systems.NotObject("profile"))
	}
	var schema struct {
		Properties map[string]struct {
			Type    string          `json:"type"`
			Default json.RawMessage `json:"default"`
			Minimum json.RawMessage `json:"minimum"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(action.Schema, &schema); err != nil {
		return fmt.Errorf("units: the action's schema: %w", err)
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
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		if _, ok := schema.Properties[name]; !ok {
			return fmt.Errorf("%w: %w", ErrInvalid, systems.Unknown("profile."+name))
		}
		req[name] = fields[name]
	}
	b, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("units: encoding the profile: %w", err)
	}
	if _, err := action.Odds(ctx, b); err != nil {
		var fe *systems.FieldError
		if errors.As(err, &fe) {
			prefixed := *fe
			prefixed.Field = strings.TrimSuffix("profile."+fe.Field, ".")
			err = &prefixed
		}
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return nil
}
