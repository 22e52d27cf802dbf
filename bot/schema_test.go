package bot

import (
	"strings"
	"testing"
)

// TestSchemaOptionsLeaveOut: a property marked "x-discord": false is not
// an option; a required one cannot be left out.
func TestSchemaOptionsLeaveOut(t *testing.T) {
	schema := `{"type": "object", "required": ["dice"], "properties": {
		"dice": {"type": "integer", "minimum": 1},
		"distance": {"type": "number", "x-discord": false},
		"nested": {"type": "object", "properties": {"far": {"type": "boolean", "x-discord": false}, "near": {"type": "boolean"}}}}}`
	opts, err := schemaOptions([]byte(schema), &actionCommand{})
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
	required := `{"type": "object", "required": ["dice"], "properties": {"dice": {"type": "integer", "x-discord": false}}}`
	if _, err := schemaOptions([]byte(required), &actionCommand{}); err == nil || !strings.Contains(err.Error(), "required") {
		t.Errorf("a required property left out: err = %v", err)
	}
}
