// Package systemstest holds checks every game system's tests share.
package systemstest

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kostka/l10n"
	"kostka/systems"
)

// Requests maps each action's name to a value of its request type.
type Requests map[string]any // any: each action's request is a Go type of its own

// CheckSystem checks that every action's JSON Schema describes exactly the
// fields of its request type (reqs maps action name to a request value),
// with a label in pl, cs and en for each, and that names and descriptions
// exist in every language.
func CheckSystem(t *testing.T, s *systems.System, reqs Requests) {
	t.Helper()
	for _, text := range []l10n.Texts{s.Name, s.Description} {
		if text.En == "" || text.Pl == "" || text.Cs == "" {
			t.Errorf("%s: no name or description in some language: %+v", s.ID, text)
		}
	}
	for name, a := range s.Actions {
		req, ok := reqs[name]
		if !ok {
			t.Errorf("%s: no request type given for action %q", s.ID, name)
			continue
		}
		var schema objectSchema
		if err := json.Unmarshal(a.Schema, &schema); err != nil {
			t.Fatalf("%s %s: schema: %v", s.ID, name, err)
		}
		checkObject(t, s.ID+" "+name, schema, reflect.TypeOf(req))
	}
}

// objectSchema is the part of an object's JSON Schema CheckSystem reads.
type objectSchema struct {
	Type                 string                   `json:"type"`
	Properties           map[string]*objectSchema `json:"properties"`
	AdditionalProperties *bool                    `json:"additionalProperties"`
	Labels               map[string]string        `json:"x-labels"`
}

func checkObject(t *testing.T, where string, schema objectSchema, typ reflect.Type) {
	t.Helper()
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	props := schema.Properties
	if schema.AdditionalProperties == nil || *schema.AdditionalProperties {
		t.Errorf("%s: the schema must set additionalProperties: false (the API refuses unknown fields)", where)
	}
	var fields []string
	for _, f := range jsonFields(typ) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		fields = append(fields, name)
		p, ok := props[name]
		if !ok || p == nil {
			t.Errorf("%s: field %q is not in the schema", where, name)
			continue
		}
		for _, lang := range []string{"pl", "cs", "en"} {
			if p.Labels[lang] == "" {
				t.Errorf("%s.%s: no %s label", where, name, lang)
			}
		}
		if p.Type == "object" {
			checkObject(t, where+"."+name, *p, f.Type)
		}
	}
	for name := range props {
		if !slices.Contains(fields, name) {
			t.Errorf("%s: the schema has %q, which the request type lacks", where, name)
		}
	}
}

// jsonFields returns the fields encoding/json sees in a struct type: its
// own tagged fields and those of embedded structs without a tag.
func jsonFields(typ reflect.Type) []reflect.StructField {
	var out []reflect.StructField
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			out = append(out, jsonFields(f.Type)...)
		case name != "" && name != "-":
			out = append(out, f)
		}
	}
	return out
}

// WithinFourSigma fails the test when an observed frequency (hits in
// trials) is further than four standard errors from the exact probability
// p: how a system's roller is held to its exact odds.
func WithinFourSigma(t *testing.T, what string, hits, trials int, p float64) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(trials))
	if got := float64(hits) / float64(trials); math.Abs(got-p) > 4*se+1e-12 {
		t.Errorf("%s: observed %.5f over %d trials, exact %.5f (4σ = %.5f)", what, got, trials, p, 4*se)
	}
}

// Joined renders messages in lang, joined by spaces.
func Joined(msgs []l10n.Message, lang l10n.Lang) string {
	parts := make([]string, len(msgs))
	for i, m := range msgs {
		parts[i] = m.In(lang)
	}
	return strings.Join(parts, " ")
}
