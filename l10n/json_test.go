package l10n

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// localizedJSON is what AppendJSON must write: encoding/json's bytes for
// Localize(v, lang), as the API wrote them before AppendJSON.
func localizedJSON(v any, lang Lang) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(Localize(v, lang))
	return strings.TrimSuffix(buf.String(), "\n"), err
}

// Types that encoding/json treats in ways of its own, which AppendJSON
// hands to it.
type (
	valueMarshaler struct{ Label Message }
	ptrMarshaler   struct{ N int }
	textKey        string
	textValue      int
	inner          struct {
		Label Message `json:"label"`
		X     int
	}
	embeds struct {
		inner
		Y int `json:"y"`
	}
	// Shared is embedded by value in the middle of Outer, as an answer
	// embeds the report every action shares.
	Shared struct {
		Steps []Message `json:"steps"`
		Rules []string  `json:"rules,omitempty"`
	}
	outer struct {
		A int `json:"a"`
		Shared
		Z *int `json:"z,omitempty"`
	}
	outerTagged struct {
		Shared `json:"shared"`
	}
	outerPtr struct {
		*Shared
	}
	quoted struct {
		N int     `json:"n,string"`
		F float32 `json:"f"`
	}
	zero struct {
		Label Message `json:"label,omitzero"`
		N     int     `json:"n,omitzero"`
	}
	oddName struct {
		A int `json:"a b"`
		B int `json:",omitempty"`
	}
	plainZero struct {
		N int      `json:"n,omitzero"`
		S []int    `json:"s,omitzero"`
		P *int     `json:"p,omitzero"`
		A [2]int   `json:"a,omitzero"`
		E []string `json:"e,omitempty,omitzero"`
	}
	// appends writes its own JSON; appendsLabel cannot (it holds a
	// message), so its method is not called.
	appends      struct{ N int }
	appendsLabel struct{ Label Message }
	zeroer       struct{ N int }
	ptrZeroer    struct{ N int }
	ptrText      struct{ N int }
	withZeroer   struct {
		Z zeroer `json:"z,omitzero"`
	}
	withPtrZeroer struct {
		Z ptrZeroer `json:"z,omitzero"`
	}
	list struct {
		Label Message `json:"label"`
		Next  *list   `json:"next,omitempty"`
	}
)

// clash is a struct with two fields of one JSON name, which encoding/json
// both leaves out (built at run time: vet refuses such a type).
func clash() any {
	t := reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
		{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
		{Name: "C", Type: reflect.TypeFor[int](), Tag: `json:"c"`},
	})
	v := reflect.New(t).Elem()
	for i := range 3 {
		v.Field(i).SetInt(int64(i + 1))
	}
	return v.Interface()
}

func (m valueMarshaler) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"text": m.Label.Text, "id": m.Label.ID(), "html": "<&>"})
}

func (m *ptrMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(`{ "n" : ` + string(rune('0'+m.N)) + ` }`), nil
}

func (textValue) MarshalText() ([]byte, error) { return []byte("<text>"), nil }

func (p *ptrText) MarshalText() ([]byte, error) { return []byte("ptr " + string(rune('0'+p.N))), nil }

func (a appends) AppendJSON(b []byte) ([]byte, error) {
	return append(b, `{"N":`+string(rune('0'+a.N))+`}`...), nil
}

func (appendsLabel) AppendJSON(b []byte) ([]byte, error) { return append(b, "wrong"...), nil }

func (z zeroer) IsZero() bool { return z.N == 1 }

func (z *ptrZeroer) IsZero() bool { return z.N == 2 }

// TestAppendJSON: AppendJSON writes exactly what encoding/json writes for
// the localized value, for every kind of value, in every language.
func TestAppendJSON(t *testing.T) {
	type answer struct {
		Hits    int       `json:"hits"`
		Dice    []int     `json:"dice"`
		NoDice  []int     `json:"no_dice"`
		Empty   []int     `json:"empty,omitempty"`
		Steps   []Message `json:"steps"`
		Note    *Message  `json:"note,omitempty"`
		NilNote *Message  `json:"nil_note"`
		Mean    float64   `json:"mean"`
		Small   float64   `json:"small"`
		Value   *float64  `json:"value,omitempty"`
		Name    string    `json:"name"`
		Flag    bool      `json:"flag,omitempty"`
		Count   uint8     `json:"count"`
		Any     any       `json:"any"`
		Map     map[textKey]Message
		Pair    [2]Message `json:"pair"`
		Skipped int        `json:"-"`
		//lint:ignore SA5008 the field is named "-", as encoding/json reads "-,"
		Dash     int `json:"-,"`
		unseen   Message
		Untagged int
	}
	note, half := testUses.New(Term("ability", testTerm.New()), Float("mean", 1.5)), 0.5
	hits := testHits.New(Int("n", 3), Str("dice", `6, 5 <&> "4" \ 1`+"\u2028\xff"), Percent("p", 0.125))
	full := answer{Hits: 3, Dice: []int{6, 5, 4}, NoDice: nil, Steps: []Message{hits, testTerm.New(), {}},
		Note: &note, Mean: 1.0 / 3, Small: 1.5e-9, Value: &half, Name: "a <b> & \"c\"\t\u2029", Flag: true, Count: 200,
		Any: map[string]any{"z": []any{testTerm.New(), 1.5, nil}, "a": &note, "m": Message{Text: "unrendered"}},
		Map: map[textKey]Message{"b": testTerm.New(), "a": hits}, Pair: [2]Message{testTerm.New()}, Skipped: 7, Dash: 8,
		unseen: testTerm.New(), Untagged: 9}
	head := &list{Label: testTerm.New(), Next: &list{Label: hits}}
	for name, v := range map[string]any{
		"nil":               nil,
		"answer":            full,
		"pointer":           &full,
		"zero answer":       answer{},
		"message":           hits,
		"messages":          []any{hits, &hits, []Message{note}},
		"repeated args":     testUses.New(Str("mean", "first"), Int("ability", 1), Str("mean", "last")),
		"nested list":       testUses.New(List("ability", []Message{testTerm.New(), note}), Str("mean", "<x>")),
		"recursive":         head,
		"value marshaler":   []valueMarshaler{{Label: testTerm.New()}},
		"ptr marshaler":     struct{ A, B ptrMarshaler }{A: ptrMarshaler{N: 1}, B: ptrMarshaler{N: 2}},
		"ptr marshalers":    []ptrMarshaler{{N: 3}},
		"ptr marshaler *":   []*ptrMarshaler{{N: 4}, nil},
		"text marshaler":    map[string]textValue{"k": 1},
		"text marshalers":   struct{ A, B textValue }{1, 2},
		"ptr text":          []ptrText{{N: 1}},
		"ptr text value":    struct{ P ptrText }{ptrText{N: 2}},
		"appender":          []any{appends{N: 3}, &appends{N: 4}, appendsLabel{Label: testTerm.New()}},
		"omitzero plain":    []plainZero{{}, {N: 1, S: []int{}, P: new(int), A: [2]int{0, 1}, E: []string{}}},
		"IsZero":            []withZeroer{{}, {Z: zeroer{N: 1}}},
		"ptr IsZero":        []withPtrZeroer{{}, {Z: ptrZeroer{N: 2}}},
		"ptr IsZero value":  withPtrZeroer{Z: ptrZeroer{N: 2}},
		"embedded":          embeds{inner: inner{Label: testTerm.New(), X: 1}, Y: 2},
		"embedded exported": []outer{{}, {A: 1, Shared: Shared{Steps: []Message{testTerm.New(), hits}, Rules: []string{"r"}}, Z: new(int)}},
		"embedded tagged":   outerTagged{Shared{Steps: []Message{hits}}},
		"embedded pointer":  []outerPtr{{}, {&Shared{Steps: []Message{hits}}}},
		"string option":     quoted{N: 5, F: 0.1},
		"omitzero":          []zero{{}, {Label: testTerm.New(), N: 1}},
		"clash":             clash(),
		"odd name":          oddName{A: 1},
		"bytes":             struct{ B []byte }{B: []byte("<>")},
		"byte array":        [3]byte{1, 2, 3},
		"int keys":          map[int]Message{2: testTerm.New(), 10: hits},
		"string":            "<&>",
		"nil map":           map[string]int(nil),
		"names":             struct{ N, Nil map[string]string }{N: map[string]string{"pl": "Pula <K6>", "cs": "Sada \"K6\"", "en": "K6\u2028pool"}},
		"empty names":       map[string]string{},
		"empty interfaces":  []any{nil, (*Message)(nil), struct{}{}},
	} {
		for _, lang := range Languages {
			want, werr := localizedJSON(v, lang)
			got, err := AppendJSON([]byte("prefix"), v, lang)
			if werr != nil || err != nil || string(got) != "prefix"+want {
				t.Errorf("%s in %s:\n got %s (%v)\nwant prefix%s (%v)", name, lang, got, err, want, werr)
			}
		}
	}
	if full.Steps[0].Text != "" || note.Text != "" {
		t.Error("AppendJSON changed its input")
	}
}

// TestAppendJSONUnsupported: what encoding/json refuses, AppendJSON
// refuses with the same error.
func TestAppendJSONUnsupported(t *testing.T) {
	for name, v := range map[string]any{
		"NaN":      struct{ F float64 }{math.NaN()},
		"infinity": testUses.New(Term("ability", testTerm.New()), Float("mean", math.Inf(1))),
		"channel":  []any{make(chan int)},
		"function": map[string]any{"f": func() {}},
	} {
		_, werr := localizedJSON(v, English)
		_, err := AppendJSON(nil, v, English)
		var want *json.UnsupportedValueError
		if errors.As(werr, &want) {
			var got *json.UnsupportedValueError
			if !errors.As(err, &got) || got.Str != want.Str {
				t.Errorf("%s: error %v, want %v", name, err, werr)
			}
			continue
		}
		if werr == nil || err == nil || err.Error() != werr.Error() {
			t.Errorf("%s: error %v, want %v", name, err, werr)
		}
	}
}

// raceNode is a recursive type that only TestAppendJSONConcurrent writes,
// so that its encoder is built while other goroutines ask for it.
type raceNode struct {
	Label Message     `json:"label"`
	Kids  []*raceNode `json:"kids,omitempty"`
}

// TestAppendJSONConcurrent: goroutines that meet a new (recursive) type
// at once all write it right (run with -race).
func TestAppendJSONConcurrent(t *testing.T) {
	v := &raceNode{Label: testTerm.New(), Kids: []*raceNode{{Label: testTerm.New()}, {Kids: []*raceNode{{}}}}}
	want, err := localizedJSON(v, Polish)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			got, err := AppendJSON(nil, v, Polish)
			if err == nil && string(got) != want {
				err = fmt.Errorf("got %s, want %s", got, want)
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
