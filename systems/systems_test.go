package systems

import (
	"context"
	"errors"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
)

type echoReq struct {
	N     int    `json:"n"`
	Mode  string `json:"mode"`
	Range int    `json:"range"`
	Inner *struct {
		M int `json:"m"`
		K int `json:"k"`
	} `json:"inner"`
	List  []string `json:"list"`
	Other *int     `json:"other"`
}

const echoSchema = `{
 "type": "object", "additionalProperties": false, "required": ["n"],
 "properties": {
  "n": {"type": "integer", "minimum": 1, "maximum": 6, "x-labels": {"pl": "Liczba", "cs": "Počet", "en": "Number"}},
  "mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
  "range": {"type": "integer", "minimum": 0, "maximum": 9, "default": 3, "x-when": {"mode": ["b"]}},
  "inner": {"type": "object", "additionalProperties": false, "x-labels": {"pl": "Wnętrze", "cs": "Vnitřek", "en": "Inner"},
   "properties": {"m": {"type": "integer", "minimum": 0, "maximum": 5, "default": 2}, "k": {"type": "integer", "minimum": 0, "maximum": 5}}},
  "list": {"type": "array", "maxItems": 2, "items": {"type": "string"}, "x-labels": {"pl": "Lista", "cs": "Seznam", "en": "List"}},
  "other": {"type": "integer", "minimum": 0, "maximum": 5, "x-excludes": ["inner"]}
 }
}`

type echoOdds struct{ N int }

func (o echoOdds) Entries() Odds {
	return Odds{Probability("n", msgRequired.New(), float64(o.N)/6)}
}

// echoResult is the echo action's outcome: the request's n.
type echoResult struct {
	N int `json:"n"`
	Report
}

func echoAction() (*Action, *echoReq) {
	last := &echoReq{}
	roll := func(_ context.Context, r echoReq, src dice.Source) (echoResult, error) {
		*last = r
		return echoResult{N: r.N + src.IntN(1)}, nil
	}
	odds := func(_ context.Context, r echoReq) (echoOdds, error) { return echoOdds{r.N}, nil }
	return NewAction(l10n.Texts{En: "Echo"}, []byte(echoSchema), roll, odds), last
}

func TestActionDecoding(t *testing.T) {
	a, last := echoAction()
	got, err := a.Roll(t.Context(), []byte(`{"n": 3}`), dice.NewSeededSource(1))
	if err != nil {
		t.Fatal(err)
	}
	if res, ok := got.(*echoResult); !ok || res.N != 3 || res.Shared() != &res.Report {
		t.Fatalf("Roll = %#v, want *echoResult with n 3 and its own report", got)
	}
	if last.Mode != "a" || last.Range != 0 || last.Inner != nil {
		t.Errorf("defaults: %+v (range applies only in mode b; inner has no default)", last)
	}
	if _, err := a.Roll(t.Context(), []byte(`{"n": 3, "mode": "b", "inner": {}}`), dice.NewSeededSource(1)); err != nil {
		t.Fatal(err)
	}
	if last.Range != 3 || last.Inner == nil || last.Inner.M != 2 || last.Inner.K != 0 {
		t.Errorf("conditional and nested defaults: %+v %+v", last, last.Inner)
	}
	// A conditional field at its default outside its condition is dropped.
	if _, err := a.Roll(t.Context(), []byte(`{"n": 3, "range": 3}`), dice.NewSeededSource(1)); err != nil || last.Range != 0 {
		t.Errorf("range at its default in mode a: %v, %+v", err, last)
	}
	// A number with no fraction is an integer, however it is written.
	for _, n := range []string{"4.0", "4e0", "0.4e1"} {
		if _, err := a.Roll(t.Context(), []byte(`{"n": `+n+`}`), dice.NewSeededSource(1)); err != nil || last.N != 4 {
			t.Errorf("n = %s: %v, %+v", n, err, last)
		}
	}
	if odds, err := a.Odds(t.Context(), []byte(`{"n": 3}`)); err != nil || odds.Value("n") != 0.5 {
		t.Errorf("Odds = %v, %v", odds, err)
	}
	tests := []struct {
		body   string
		field  string
		detail string
	}{
		{`{}`, "n", "is required"},
		{`{"n": null}`, "n", "is required"},
		{`{"n": 9}`, "n", "must be from 1 to 6, not 9"},
		{`{"n": 0}`, "n", "must be from 1 to 6, not 0"},
		{`{"n": -0}`, "n", "must be from 1 to 6, not 0"},
		{`{"n": 1e300}`, "n", "must be from 1 to 6, not 1e+300"},
		{`{"n": 2.5}`, "n", "must be a whole number"},
		{`{"n": "three"}`, "n", "must be a whole number"},
		{`{"n": 1, "mode": "c"}`, "mode", "must be one of a, b, not “c”"},
		{`{"n": 1, "range": 4}`, "range", "applies only when mode is b"},
		{`{"n": 1, "mode": "b", "range": 10}`, "range", "must be from 0 to 9, not 10"},
		{`{"n": 1, "extra": true}`, "extra", "is not a field of this request"},
		{`{"n": 1, "inner": {"m": "x"}}`, "inner.m", "must be a whole number"},
		{`{"n": 1, "inner": {"m": 6}}`, "inner.m", "must be from 0 to 5, not 6"},
		{`{"n": 1, "inner": {"z": 1}}`, "inner.z", "is not a field of this request"},
		{`{"n": 1, "list": ["a", "b", "c"]}`, "list", "may hold at most 2 items"},
		{`{"n": 1, "list": ["a", 2]}`, "list[1]", "must be a string"},
		{`{"n": 1, "inner": {}, "other": 1}`, "inner", "cannot be given together with other"},
		{`{"n": 1} {"n": 2}`, "", "the request must be a single JSON object"},
		{`[1, 2]`, "", "the request must be a single JSON object"},
		{`{"n": 1`, "", "the request is not valid JSON"},
	}
	for _, tt := range tests {
		for name, call := range map[string]func() error{
			"roll": func() error { _, err := a.Roll(t.Context(), []byte(tt.body), dice.NewSeededSource(1)); return err },
			"odds": func() error { _, err := a.Odds(t.Context(), []byte(tt.body)); return err },
		} {
			err := call()
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field || !errors.Is(err, ErrInvalid) || fe.Detail.In(l10n.English) != tt.detail {
				t.Errorf("%s %s: err = %v, want a field error on %q: %s", name, tt.body, err, tt.field, tt.detail)
			}
		}
	}
	if l := a.Label("list[1]", l10n.Czech); l != "Seznam" {
		t.Errorf("label of list[1] = %q", l)
	}
	if l := a.Label("n", l10n.Polish); l != "Liczba" {
		t.Errorf("label of n = %q", l)
	}
}

func TestActionCancelled(t *testing.T) {
	a, _ := echoAction()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := a.Roll(ctx, []byte(`{"n": 1}`), dice.NewSeededSource(1)); !errors.Is(err, context.Canceled) {
		t.Errorf("Roll after cancel: %v", err)
	}
	if _, err := a.Odds(ctx, []byte(`{"n": 1}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("Odds after cancel: %v", err)
	}
}

// TestTopLevelCondition: an array item's field whose x-when names a
// top-level field ("/mode") applies by that field, its default included.
func TestTopLevelCondition(t *testing.T) {
	s, err := CompileSchema([]byte(`{"type": "object", "additionalProperties": false, "properties": {
		"mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
		"list": {"type": "array", "items": {"type": "object", "additionalProperties": false, "properties": {
			"x": {"type": "integer", "default": 0, "x-when": {"/mode": ["b"]}}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ req, want, field string }{
		{`{"mode": "b", "list": [{}]}`, `{"list":[{"x":0}],"mode":"b"}`, ""},
		{`{"mode": "b", "list": [{"x": 3}]}`, `{"list":[{"x":3}],"mode":"b"}`, ""},
		{`{"list": [{"x": 0}]}`, `{"list":[{}],"mode":"a"}`, ""},
		{`{"list": [{"x": 3}]}`, "", "list[0].x"},
	} {
		got, err := s.Apply([]byte(tt.req))
		var fe *FieldError
		switch {
		case tt.field != "" && (!errors.As(err, &fe) || fe.Field != tt.field || !strings.Contains(fe.Detail.In(l10n.English), "mode")):
			t.Errorf("%s: err = %v, want a field error on %s naming mode", tt.req, err, tt.field)
		case tt.field == "" && (err != nil || string(got) != tt.want):
			t.Errorf("%s: %s, %v; want %s", tt.req, got, err, tt.want)
		}
	}
}

// TestApplyIntegers: Apply writes every integer, given or by default,
// as the digits strconv.FormatInt writes, and a number field as given.
func TestApplyIntegers(t *testing.T) {
	s, err := CompileSchema([]byte(`{"type": "object", "additionalProperties": false, "properties": {
		"i": {"type": "integer", "default": -3}, "x": {"type": "number", "default": 2},
		"big": {"type": "integer", "default": 0}, "f": {"type": "number", "default": 0.5}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ req, want string }{
		{`{}`, `{"big":0,"f":0.5,"i":-3,"x":2}`},
		{`{"i": 4, "x": 4, "f": 1e-7}`, `{"big":0,"f":1e-7,"i":4,"x":4}`},
		{`{"i": 4.0, "big": 4e0}`, `{"big":4,"f":0.5,"i":4,"x":2}`},
		{`{"i": -0, "big": 0.4e1}`, `{"big":4,"f":0.5,"i":0,"x":2}`},
		{`{"i": -12, "x": 2.50}`, `{"big":0,"f":0.5,"i":-12,"x":2.50}`},
		{`{"big": 123456789012345}`, `{"big":123456789012345,"f":0.5,"i":-3,"x":2}`},
		{`{"big": 1234567890123456789}`, `{"big":1234567890123456768,"f":0.5,"i":-3,"x":2}`},
		{`{"big": 0012}`, ``},
	} {
		got, err := s.Apply([]byte(tt.req))
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: accepted as %s", tt.req, got)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: %s, %v; want %s", tt.req, got, err, tt.want)
		}
	}
}

func TestCompileSchemaRefuses(t *testing.T) {
	for _, schema := range []string{
		`{"type": "object", "properties": {}}`, // not closed
		`{"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer", "pattern": "x"}}}`,
		`{"type": "object", "additionalProperties": false, "required": ["a"], "properties": {"a": {"type": "integer", "default": 1}}}`,
		`{"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer", "minimum": 1, "default": 0}}}`,
		`{"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer", "x-when": {"b": [1]}}}}`,
		// An item's condition on a top-level field that is not there, or
		// is conditional itself.
		`{"type": "object", "additionalProperties": false, "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "integer", "x-when": {"/m": [1]}}}}}}}`,
		`{"type": "object", "additionalProperties": false, "properties": {"b": {"type": "boolean"}, "m": {"type": "integer", "x-when": {"b": [true]}}, "l": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "integer", "x-when": {"/m": [1]}}}}}}}`,
		`{"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer"}}, "oneOf": []}`,
	} {
		if _, err := CompileSchema([]byte(schema)); err == nil {
			t.Errorf("CompileSchema(%s) accepted it", schema)
		}
	}
}

func TestRegistry(t *testing.T) {
	r := NewRegistry(&System{ID: "a"}, &System{ID: "b"})
	if s, ok := r.Get("b"); !ok || s.ID != "b" {
		t.Error("Get(b) failed")
	}
	if _, ok := r.Get("c"); ok {
		t.Error("Get(c) found a system")
	}
	if ids := r.IDs(); len(ids) != 2 || ids[0] != "a" {
		t.Errorf("IDs = %v", ids)
	}
}

// TestRequiredExcluded: a required field is not required when a field
// that excludes it is given (quality-d6's attacks and weapons), and both
// together are refused naming the excluded field.
func TestRequiredExcluded(t *testing.T) {
	s, err := CompileSchema([]byte(`{"type": "object", "additionalProperties": false, "required": ["attacks"],
	 "properties": {"attacks": {"type": "integer", "minimum": 1},
	  "weapons": {"type": "array", "x-excludes": ["attacks"], "items": {"type": "object", "additionalProperties": false,
	   "required": ["attacks"], "properties": {"attacks": {"type": "integer", "minimum": 1}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for body, field := range map[string]string{
		`{"attacks": 2}`:                "",
		`{"weapons": [{"attacks": 1}]}`: "",
		`{}`:                            "attacks",
		`{"weapons": null}`:             "attacks",
		`{"weapons": [{}]}`:             "weapons[0].attacks",
		`{"attacks": 2, "weapons": [{"attacks": 1}]}`: "attacks",
	} {
		_, err := s.apply([]byte(body))
		var fe *FieldError
		switch {
		case field == "" && err != nil:
			t.Errorf("%s: %v", body, err)
		case field != "" && (!errors.As(err, &fe) || fe.Field != field):
			t.Errorf("%s: %v, want an error on %s", body, err, field)
		}
	}
}

// TestNumberOrString: a field of type ["integer", "string"] takes a whole
// number in its bounds or a string of its pattern (a weapon's range: 24
// or "melee").
func TestNumberOrString(t *testing.T) {
	s, err := CompileSchema([]byte(`{"type": "object", "additionalProperties": false,
	 "properties": {"range": {"type": ["integer", "string"], "minimum": 0, "maximum": 36, "pattern": "^(?i)(melee|wręcz)$"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for body, field := range map[string]string{
		`{"range": 24}`: "", `{"range": "melee"}`: "", `{"range": "Wręcz"}`: "",
		`{"range": 48}`: "range", `{"range": 2.5}`: "range", `{"range": "far"}`: "range", `{"range": true}`: "range",
	} {
		_, err := s.apply([]byte(body))
		var fe *FieldError
		switch {
		case field == "" && err != nil:
			t.Errorf("%s: %v", body, err)
		case field != "" && (!errors.As(err, &fe) || fe.Field != field):
			t.Errorf("%s: %v, want an error on %s", body, err, field)
		}
	}
	if _, err := CompileSchema([]byte(`{"type": "object", "additionalProperties": false, "properties": {"a": {"type": ["boolean", "string"]}}}`)); err == nil {
		t.Error(`["boolean", "string"] compiled`)
	}
}

// TestCite: a citation gives the section's id and title, each once, in
// order; an id no section has is left out.
func TestCite(t *testing.T) {
	got := Cite("quality-d6.atak", "quality-d6.rany", "quality-d6.atak", "quality-d6.nothing")
	if len(got) != 2 || got[0] != (RuleRef{"quality-d6.atak", "Atak"}) || got[1] != (RuleRef{"quality-d6.rany", "Rany"}) {
		t.Errorf("Cite = %+v", got)
	}
}
