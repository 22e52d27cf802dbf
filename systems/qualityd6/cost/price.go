package cost

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"kostka/systems"
)

// Pricer prices quality-d6 units: the system's systems.Pricer.
type Pricer struct{}

// required are the unit's fields with no default, and requiredWeapon
// each weapon's: a unit without one is refused as missing it, not as
// holding 0.
var (
	required       = []string{"models", "quality", "defense", "toughness"}
	requiredWeapon = []string{"attacks"}
)

// Price decodes a unit strictly (no unknown field) and costs it.
func (Pricer) Price(ctx context.Context, b []byte) (systems.Priced, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var u Unit
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&u); err != nil {
		return nil, &systems.DecodeError{Err: err}
	}
	if err := missing(b); err != nil {
		return nil, err
	}
	c, err := Of(u)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// missing returns a "required" *systems.FieldError for the first required
// field b, which decodes into a Unit, leaves out.
func missing(b []byte) error {
	var unit struct {
		Weapons []map[string]json.RawMessage `json:"weapons"`
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(b, &fields) != nil || json.Unmarshal(b, &unit) != nil {
		return nil // it decoded into a Unit: it cannot fail here
	}
	for _, f := range required {
		if _, ok := fields[f]; !ok {
			return systems.Required(f)
		}
	}
	for i, w := range unit.Weapons {
		for _, f := range requiredWeapon {
			if _, ok := w[f]; !ok {
				return systems.Required(fmt.Sprintf("weapons[%d].%s", i, f))
			}
		}
	}
	return nil
}

// Points tells what every priced unit tells.
func (c *Cost) Points() systems.Points {
	return systems.Points{Total: c.Total, Exact: c.Exact, Breakdown: c.Breakdown, Warnings: c.Warnings, Notes: c.Notes, Rules: c.Rules}
}
