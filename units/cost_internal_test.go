package units

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kostka/systems/catalog"
	"kostka/systems/qualityd6/cost"
)

// TestCostFields: CostFields are the cost request's fields, and those the
// attack takes too are exactly the attack schema's properties among them.
func TestCostFields(t *testing.T) {
	var names []string
	for f := range reflect.TypeFor[cost.Unit]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		names = append(names, name)
	}
	if !slices.Equal(names, CostFields) {
		t.Errorf("CostFields %v, the cost request's fields %v", CostFields, names)
	}
	sys, ok := catalog.Registry().Get(CostSystem)
	if !ok {
		t.Fatalf("no system %s", CostSystem)
	}
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(sys.Actions[ProfileAction].Schema, &schema); err != nil {
		t.Fatal(err)
	}
	var shared []string
	for _, f := range CostFields {
		// The attack takes weapons too (the same weapon type), but a saved
		// unit's attack does not fire them yet: cost-only.
		if f == "weapons" {
			if !costOnly(CostSystem, f) {
				t.Error("weapons are not cost-only")
			}
			continue
		}
		if schema.Properties[f] != nil {
			shared = append(shared, f)
		}
		if costOnly(CostSystem, f) == (schema.Properties[f] != nil) {
			t.Errorf("costOnly(%s) = %v, but the attack schema has it: %v", f, costOnly(CostSystem, f), schema.Properties[f] != nil)
		}
	}
	if !slices.Equal(shared, attackCostFields) {
		t.Errorf("attackCostFields %v, the attack schema's among CostFields %v", attackCostFields, shared)
	}
}
