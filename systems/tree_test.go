package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// decodeTree is the request's tree as encoding/json decodes it, and
// whether it is one object with nothing after it.
func decodeTree(b []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, false
	}
	_, ok := v.(map[string]any)
	return v, ok
}

// treeCases are requests parseTree reads itself, and others it leaves to
// encoding/json.
var treeCases = []string{
	`{}`, ` {} `, "\t{\n}\r\n", `{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`,
	`{"abilities":["Przełamanie","Dezintegracja","Rój"],"cover":true,"x":false,"y":null,"z":[],"w":{}}`,
	`{"a":-0,"b":0.5,"c":1e3,"d":-2.5E-7,"e":12345678901234567890,"f":1E+2}`,
	`{"a":1,"a":2}`, `{"groups":[{"models":2,"toughness":3},{"models":1,"hero":true}]}`, `{"deep":[[[[[[1]]]]]]}`,
	`{"é":"ż ✓ 😀"}`, `{"ctl":"a` + "\x7f" + `"}`, `{"fffd":"` + "\uFFFD" + `"}`,
	// What encoding/json decides: escapes, bad UTF-8, syntax errors,
	// other values, trailing data, deep nesting.
	`{"a":"x\"y"}`, `{"a":"\u0041"}`, "{\"a\":\"\xff\"}", "{\"a\":\"\x01\"}", `{"a":01}`, `{"a":1.}`, `{"a":.5}`,
	`{"a":-}`, `{"a":1e}`, `{"a":+1}`, `{"a":tru}`, `{"a":truex}`, `{"a":1x}`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `{"a":[1,]}`,
	`{"a":[1 2]}`, `{"a":1`, `{"a":"x`, `{`, `[]`, `[{}]`, `1`, `"x"`, `null`, `{} {}`, `{} x`, `{}]`, ``, `   `,
	`{"a":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`,
}

// TestParseTree: what parseTree reads, it reads as encoding/json does;
// and it reads every plain request itself.
func TestParseTree(t *testing.T) {
	read := 0
	for _, c := range treeCases {
		got, ok := parseTree([]byte(c))
		want, wantOK := decodeTree([]byte(c))
		if !ok {
			continue
		}
		read++
		if !wantOK || !reflect.DeepEqual(any(got), want) {
			t.Errorf("parseTree(%q) = %#v, encoding/json: %#v, %v", c, got, want, wantOK)
		}
	}
	if read != 12 {
		t.Errorf("parseTree read %d of the 12 plain requests", read)
	}
	for _, c := range treeCases[:12] {
		if _, ok := parseTree([]byte(c)); !ok {
			t.Errorf("parseTree(%q) left a plain request to encoding/json", c)
		}
	}
}

func FuzzParseTree(f *testing.F) {
	for _, c := range treeCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := parseTree(b)
		if !ok {
			return
		}
		if want, wantOK := decodeTree(b); !wantOK || !reflect.DeepEqual(any(got), want) {
			t.Errorf("parseTree(%q) = %#v, encoding/json: %#v, %v", b, got, want, wantOK)
		}
	})
}
