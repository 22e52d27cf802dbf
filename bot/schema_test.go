package bot

import (
	"kostka/systems"
	"strings"
	"testing"
)

// TestSchemaOptionsLeaveOut: a property marked "x-discord": false is not
// an option; a required one cannot be left out.
func TestSchemaOptionsLeaveOut(t *testing.T) {
	schema := `{"type": "object", "additionalProperties": false, "required": ["dice"], "properties": {
		"dice": {"type": "integer", "minimum": 1},
		"distance": {"type": "number", "x-discord": false},
		"nested": {"type": "object", "properties": {"far": {"type": "boolean", "x-discord": false}, "near": {"type": "boolean"}}}}}`
	opts, err := schemaOptions(compiled(t, schema), &actionCommand{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range opts {
		names = append(names, o.Name)
	}
	if got := strings.Join(names, " "); got != "dice nested-near" {
		t.Errorf("options %q, want dice nested-near", got)
	}
	required := `{"type": "object", "additionalProperties": false, "required": ["dice"], "properties": {"dice": {"type": "integer", "x-discord": false}}}`
	if _, err := schemaOptions(compiled(t, required), &actionCommand{}); err == nil || !strings.Contains(err.Error(), "required") {
		t.Errorf("a required property left out: err = %v", err)
	}
}

func compiled(t *testing.T, schema string) *systems.Schema {
	t.Helper()
	s, err := systems.CompileSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
