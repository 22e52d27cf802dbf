package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Types of the shapes request types have, and of those assign leaves to
// encoding/json.
type (
	assignKind string
	assignSide struct {
		Dice     int  `json:"dice"`
		Modifier int8 `json:"modifier"`
		Reroll   bool `json:"reroll"`
	}
	assignEmbedded struct {
		assignSide
		Extra string `json:"extra"`
	}
	// AssignShared is exported: encoding/json cannot set an embedded
	// pointer to an unexported struct.
	AssignShared struct {
		Dice int `json:"dice"`
	}
	assignPtrEmbedded struct {
		*AssignShared
		Extra string `json:"extra"`
	}
	assignClash struct {
		assignSide
		Dice int `json:"dice"` // the outer field wins
	}
	assignTagged struct {
		assignSide `json:"side"`
		Extra      string `json:"extra"`
	}
	assignDeep   struct{ assignEmbedded }
	assignQuoted struct {
		N int `json:"n,string"`
	}
	assignUnmarshaler struct{ got string }
	assignRequest     struct {
		Count    int               `json:"count"`
		Big      uint16            `json:"big"`
		Ratio    float64           `json:"ratio"`
		Small    float32           `json:"small"`
		Name     string            `json:"name"`
		Kind     assignKind        `json:"kind"`
		Flag     bool              `json:"flag"`
		Kinds    []assignKind      `json:"kinds"`
		Sides    []assignSide      `json:"sides"`
		Opponent *assignSide       `json:"opponent,omitempty"`
		Embedded assignEmbedded    `json:"embedded"`
		Deep     assignDeep        `json:"deep"`
		Pointer  assignPtrEmbedded `json:"pointer"`
		Clash    assignClash       `json:"clash"`
		Tagged   assignTagged      `json:"tagged"`
		Custom   assignUnmarshaler `json:"custom"`
		Bytes    []byte            `json:"bytes"`
		Table    map[string]int    `json:"table"`
		Any      any               `json:"any"`
		Array    [2]int            `json:"array"`
		Quoted   assignQuoted      `json:"quoted"`
		NoTag    int
		Skipped  int `json:"-"`
	}
)

func (u *assignUnmarshaler) UnmarshalJSON(b []byte) error {
	u.got = "custom " + string(b)
	return nil
}

// tree parses JSON as Apply does: numbers as json.Number.
func tree(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// TestAssign: assign stores a tree as encoding/json decodes its JSON
// (with DisallowUnknownFields), and refuses what it refuses.
func TestAssign(t *testing.T) {
	// The request and its embedding structs are stored field by field;
	// what they hold that assign leaves to encoding/json is each a field.
	for _, typ := range []reflect.Type{reflect.TypeFor[assignRequest](), reflect.TypeFor[assignEmbedded](), reflect.TypeFor[assignDeep]()} {
		if structFields(typ) == nil {
			t.Errorf("%v is left to encoding/json", typ)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[assignPtrEmbedded](), reflect.TypeFor[assignClash](), reflect.TypeFor[assignTagged](), reflect.TypeFor[assignQuoted]()} {
		if structFields(typ) != nil {
			t.Errorf("%v is not left to encoding/json", typ)
		}
	}
	for _, tt := range []struct {
		name string
		v    any
		ok   bool
	}{
		{"empty", tree(t, `{}`), true},
		{"scalars", tree(t, `{"count": -3, "big": 65535, "ratio": 0.25, "small": 1.5e3, "name": "<Rój>", "kind": "a", "flag": true, "NoTag": 7}`), true},
		{"defaults", map[string]any{"count": 4.0, "ratio": 2.5, "small": float64(1 << 40)}, true},
		{"nested", tree(t, `{"kinds": ["x", "y"], "sides": [{"dice": 2}, {"reroll": true, "modifier": -1}], "opponent": {"dice": 3}}`), true},
		{"empty lists", tree(t, `{"kinds": [], "sides": []}`), true},
		{"nulls", tree(t, `{"opponent": null, "kinds": null, "count": null, "sides": [null]}`), true},
		{"embedded", tree(t, `{"embedded": {"dice": 1, "reroll": true, "extra": "e"}, "deep": {"modifier": 2, "extra": "d"}}`), true},
		{"left to json", tree(t, `{"custom": {"a": [1]}, "bytes": "AQI=", "table": {"a": 1}, "any": {"n": 1.5}, "array": [1, 2], "quoted": {"n": "12"}}`), true},
		{"embedded left to json", tree(t, `{"pointer": {"dice": 2, "extra": "p"}, "clash": {"dice": 3, "reroll": true}, "tagged": {"side": {"dice": 4}, "extra": "t"}}`), true},
		{"embedded left to json, unknown", tree(t, `{"tagged": {"dice": 4}}`), false},
		{"deep unknown", tree(t, `{"deep": {"assignEmbedded": {}}}`), false},
		{"unknown field", tree(t, `{"count": 1, "nope": 2}`), false},
		{"skipped field", tree(t, `{"Skipped": 1}`), false},
		{"unexported field", tree(t, `{"unchanged": 1}`), false},
		{"nested unknown", tree(t, `{"sides": [{"dice": 1, "x": 0}]}`), false},
		{"embedded unknown", tree(t, `{"embedded": {"x": 0}}`), false},
		{"fraction into int", tree(t, `{"count": 1.5}`), false},
		{"default fraction into int", map[string]any{"count": 1.5}, false},
		{"int overflow", tree(t, `{"big": 65536}`), false},
		{"negative uint", tree(t, `{"big": -1}`), false},
		{"int8 overflow", tree(t, `{"sides": [{"modifier": 128}]}`), false},
		{"float32 overflow", tree(t, `{"small": 1e39}`), false},
		{"string for int", tree(t, `{"count": "1"}`), false},
		{"number for string", tree(t, `{"name": 1}`), false},
		{"number for bool", tree(t, `{"flag": 0}`), false},
		{"object for list", tree(t, `{"kinds": {}}`), false},
		{"list for object", tree(t, `{"opponent": []}`), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got assignRequest
			err := assign(tt.v, reflect.ValueOf(&got).Elem())
			b, merr := json.Marshal(tt.v)
			if merr != nil {
				t.Fatal(merr)
			}
			var want assignRequest
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.DisallowUnknownFields()
			werr := dec.Decode(&want)
			if (err == nil) != tt.ok || (werr == nil) != tt.ok {
				t.Fatalf("assign: %v, encoding/json: %v; want success %v", err, werr, tt.ok)
			}
			if tt.ok && !reflect.DeepEqual(got, want) {
				t.Errorf("assign stored\n%+v\nencoding/json decodes\n%+v", got, want)
			}
		})
	}
}

// TestDecodeRefusesMismatch: a request type that lacks a field the schema
// has is a programming error decode reports, not a request it accepts.
func TestDecodeRefusesMismatch(t *testing.T) {
	s, err := CompileSchema([]byte(`{"type": "object", "additionalProperties": false, "properties": {
		"a": {"type": "integer", "default": 1}, "b": {"type": "string", "default": "x"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	type onlyA struct {
		A int `json:"a"`
	}
	if _, err := decode[onlyA](s, []byte(`{}`)); err == nil || errors.Is(err, ErrInvalid) {
		t.Errorf("decode into a type without b: %v, want an error that is no field error", err)
	}
	type both struct {
		A int    `json:"a"`
		B string `json:"b"`
	}
	if got, err := decode[both](s, []byte(`{"a": 5}`)); err != nil || got != (both{5, "x"}) {
		t.Errorf("decode = %+v, %v; want {5 x}", got, err)
	}
}
