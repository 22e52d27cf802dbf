package l10n

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"kostka/internal/jsonappend"
)

// AppendJSON appends the JSON of v with every Message in it rendered in
// lang: the bytes a json.Encoder with SetEscapeHTML(false) writes for
// Localize(v, lang), without its final newline.
//
// It writes them straight from v, each message's text rendered into the
// output, without Localize's copy of the answer and without encoding/json's
// reflection on every value: for each type an encoder is built once, and a
// type that appends its own JSON (jsonappend.Appender) appends it.
// Values of a type it does not write itself (one with its own MarshalJSON
// or MarshalText on the pointer, an embedded field, a ",string" option, a
// []byte, a float32, a map whose keys are not strings, …) are localized and
// handed to encoding/json, so the bytes are always the same.
func AppendJSON(b []byte, v any, lang Lang) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	e := encStates.Get().(*encState)
	e.b, e.lang = b, lang
	err := encoderOf(reflect.TypeOf(v))(e, reflect.ValueOf(v))
	b = e.b
	e.b = nil
	encStates.Put(e)
	return b, err
}

// encState is one AppendJSON call's output and language.
type encState struct {
	b    []byte
	lang Lang
}

// encStates are reused: the encoders, called through function values,
// would move a new one to the heap for every answer.
var encStates = sync.Pool{New: func() any { return new(encState) }}

// encoderFunc appends the JSON of v to e.b.
type encoderFunc func(e *encState, v reflect.Value) error

// encoders holds the encoder of each type met so far.
var encoders sync.Map // reflect.Type -> encoderFunc

// encoderOf returns t's encoder, built on first use. A recursive type
// meets its own encoder while it is being built: it gets one that waits
// for the real encoder and calls it.
func encoderOf(t reflect.Type) encoderFunc {
	if f, ok := encoders.Load(t); ok {
		return f.(encoderFunc)
	}
	var (
		wg sync.WaitGroup
		f  encoderFunc
	)
	wg.Add(1)
	fi, loaded := encoders.LoadOrStore(t, encoderFunc(func(e *encState, v reflect.Value) error {
		wg.Wait()
		return f(e, v)
	}))
	if loaded {
		return fi.(encoderFunc)
	}
	f = newEncoder(t)
	wg.Done()
	encoders.Store(t, f)
	return f
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	appenderType      = reflect.TypeFor[jsonappend.Appender]()
)

// newEncoder builds t's encoder.
func newEncoder(t reflect.Type) encoderFunc {
	if t == messageType {
		return encodeMessage
	}
	// A pointer or an interface is written as what it holds, which
	// encoding/json marshals with its own methods as the value does.
	if k := t.Kind(); k != reflect.Pointer && k != reflect.Interface {
		switch {
		case t.Implements(appenderType) && !canHold(t):
			return encodeAppender
		case t.Implements(marshalerType):
			return encodeMarshaler
		case t.Implements(textMarshalerType) && !reflect.PointerTo(t).Implements(marshalerType):
			return encodeTextMarshaler
		}
		for _, m := range []reflect.Type{marshalerType, textMarshalerType} {
			if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
				return encodeFallback
			}
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(e *encState, v reflect.Value) error {
			e.b = strconv.AppendBool(e.b, v.Bool())
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(e *encState, v reflect.Value) error {
			e.b = strconv.AppendInt(e.b, v.Int(), 10)
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *encState, v reflect.Value) error {
			e.b = strconv.AppendUint(e.b, v.Uint(), 10)
			return nil
		}
	case reflect.Float64:
		return func(e *encState, v reflect.Value) (err error) {
			e.b, err = jsonappend.Float(e.b, v.Float())
			return err
		}
	case reflect.String:
		return func(e *encState, v reflect.Value) error {
			e.b = jsonappend.StringKeepHTML(e.b, v.String())
			return nil
		}
	case reflect.Interface:
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.b = append(e.b, "null"...)
				return nil
			}
			return encoderOf(v.Elem().Type())(e, v.Elem())
		}
	case reflect.Pointer:
		elem := encoderOf(t.Elem())
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.b = append(e.b, "null"...)
				return nil
			}
			return elem(e, v.Elem())
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 { // base64, or a marshaler's bytes
			return encodeFallback
		}
		elem := encoderOf(t.Elem())
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.b = append(e.b, "null"...)
				return nil
			}
			return encodeElems(e, v, elem)
		}
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return encodeFallback
		}
		elem := encoderOf(t.Elem())
		return func(e *encState, v reflect.Value) error { return encodeElems(e, v, elem) }
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return encodeFallback
		}
		return mapEncoder(t)
	case reflect.Struct:
		return structEncoder(t)
	}
	// Channels, functions and complex numbers: encoding/json's error.
	return encodeFallback
}

// encodeFallback localizes v and writes it with encoding/json, from its
// address when it has one (as encoding/json calls a method of the
// pointer then).
func encodeFallback(e *encState, v reflect.Value) error {
	var x any
	if v.CanAddr() {
		x = v.Addr().Interface()
	} else {
		x = v.Interface()
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(Localize(x, e.lang)); err != nil {
		return err
	}
	e.b = append(e.b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
	return nil
}

// encodeMarshaler writes a value of a type with its own MarshalJSON (on
// the value) as encoding/json does: the method's JSON, checked and
// compacted, of the value localized when it can hold messages.
func encodeMarshaler(e *encState, v reflect.Value) error {
	if e.lang != "" && canHold(v.Type()) {
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		localizeIn(c, e.lang)
		v = c
	}
	m, _ := reflect.TypeAssert[json.Marshaler](v)
	out, err := m.MarshalJSON()
	if err != nil {
		return &json.MarshalerError{Type: v.Type(), Err: err}
	}
	buf := bytes.NewBuffer(e.b)
	if err := json.Compact(buf, out); err != nil {
		return &json.MarshalerError{Type: v.Type(), Err: err}
	}
	e.b = buf.Bytes()
	return nil
}

// encodeAppender writes a value of a type that appends its own JSON (a
// jsonappend.Appender on the value, holding no message).
func encodeAppender(e *encState, v reflect.Value) (err error) {
	if v.CanAddr() {
		v = v.Addr() // the value as an interface without a copy
	}
	m, _ := reflect.TypeAssert[jsonappend.Appender](v)
	e.b, err = m.AppendJSON(e.b)
	return err
}

// encodeTextMarshaler writes a value of a type with its own MarshalText
// (on the value) as encoding/json does: the text as a JSON string.
func encodeTextMarshaler(e *encState, v reflect.Value) error {
	m, _ := reflect.TypeAssert[encoding.TextMarshaler](v)
	text, err := m.MarshalText()
	if err != nil {
		return &json.MarshalerError{Type: v.Type(), Err: err}
	}
	e.b = jsonappend.StringKeepHTML(e.b, string(text))
	return nil
}

// encodeMessage writes a message rendered in e.lang, as Rendered and
// MarshalJSON would.
func encodeMessage(e *encState, v reflect.Value) (err error) {
	var m *Message
	if v.CanAddr() {
		m = v.Addr().Interface().(*Message)
	} else {
		c := v.Interface().(Message)
		m = &c
	}
	e.b, err = m.appendJSON(e.b, e.lang)
	return err
}

// encodeElems writes a slice's or an array's elements.
func encodeElems(e *encState, v reflect.Value, elem encoderFunc) error {
	e.b = append(e.b, '[')
	for i := range v.Len() {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if err := elem(e, v.Index(i)); err != nil {
			return err
		}
	}
	e.b = append(e.b, ']')
	return nil
}

// mapEncoder writes a map with string keys, sorted as encoding/json sorts
// them.
func mapEncoder(t reflect.Type) encoderFunc {
	if t == reflect.TypeFor[map[string]string]() {
		return encodeStringMap
	}
	elem := encoderOf(t.Elem())
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			e.b = append(e.b, "null"...)
			return nil
		}
		keys := make([]reflect.Value, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			keys = append(keys, it.Key())
		}
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		e.b = append(e.b, '{')
		for i, k := range keys {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.b = jsonappend.StringKeepHTML(e.b, k.String())
			e.b = append(e.b, ':')
			if err := elem(e, v.MapIndex(k)); err != nil {
				return err
			}
		}
		e.b = append(e.b, '}')
		return nil
	}
}

// encodeStringMap is mapEncoder for map[string]string (names in each
// language), without reflect's copy of every key and value.
func encodeStringMap(e *encState, v reflect.Value) error {
	if v.IsNil() {
		e.b = append(e.b, "null"...)
		return nil
	}
	m, _ := reflect.TypeAssert[map[string]string](v)
	var few [4]string // a name in each language, without allocating
	keys := few[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.b = append(e.b, '{')
	for i, k := range keys {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = jsonappend.StringKeepHTML(e.b, k)
		e.b = append(e.b, ':')
		e.b = jsonappend.StringKeepHTML(e.b, m[k])
	}
	e.b = append(e.b, '}')
	return nil
}

// field is a struct field as structEncoder writes it.
type field struct {
	index     []int  // the path to the field, through embedded structs
	key       []byte // "name":
	omitEmpty bool
	omitZero  bool
	encode    encoderFunc
}

// structEncoder writes a struct's exported fields in their order, under
// their JSON names; the fields of an embedded struct (an exported value,
// without a JSON tag) are written where it is embedded, as encoding/json writes
// them. A struct with a field encoding/json treats in ways of its own (an
// embedded pointer, non-struct or unexported type, ",string", "omitzero" of a type with an
// IsZero method, a name it would not take, two fields of one name) is
// written by encoding/json.
func structEncoder(t reflect.Type) encoderFunc {
	var fields []field
	seen := map[string]bool{}
	if !structFields(t, nil, seen, &fields) {
		return encodeFallback
	}
	return func(e *encState, v reflect.Value) error {
		e.b = append(e.b, '{')
		first := true
		for i := range fields {
			f := &fields[i]
			fv := v.FieldByIndex(f.index)
			if f.omitEmpty && isEmpty(fv) || f.omitZero && fv.IsZero() {
				continue
			}
			if !first {
				e.b = append(e.b, ',')
			}
			first = false
			e.b = append(e.b, f.key...)
			if err := f.encode(e, fv); err != nil {
				return err
			}
		}
		e.b = append(e.b, '}')
		return nil
	}
}

// structFields appends t's fields as structEncoder writes them to fields,
// the fields of untagged exported embedded structs in their place; prefix is the
// path to t. It reports false where encoding/json must write t.
func structFields(t reflect.Type, prefix []int, seen map[string]bool, fields *[]field) bool {
	for sf := range t.Fields() {
		tag := sf.Tag.Get("json")
		if sf.Anonymous {
			// Localize cannot reach into an unexported embedded struct.
			if sf.Type.Kind() != reflect.Struct || tag != "" || !sf.IsExported() {
				return false
			}
			if !structFields(sf.Type, append(slices.Clone(prefix), sf.Index[0]), seen, fields) {
				return false
			}
			continue
		}
		if !sf.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		}
		omitEmpty, omitZero := false, false
		for opt := range strings.SplitSeq(opts, ",") {
			switch opt {
			case "":
			case "omitempty":
				omitEmpty = true
			case "omitzero":
				// A type's own IsZero method is encoding/json's to call.
				if _, ok := sf.Type.MethodByName("IsZero"); ok {
					return false
				}
				if _, ok := reflect.PointerTo(sf.Type).MethodByName("IsZero"); ok {
					return false
				}
				omitZero = true
			default:
				return false
			}
		}
		if !plainName(name) || seen[name] {
			return false
		}
		seen[name] = true
		*fields = append(*fields, field{index: append(slices.Clone(prefix), sf.Index[0]),
			key: append(jsonappend.StringKeepHTML(nil, name), ':'), omitEmpty: omitEmpty, omitZero: omitZero,
			encode: encoderOf(sf.Type)})
	}
	return true
}

// plainName reports whether a JSON field name is letters, digits and
// underscores, which encoding/json takes as they are.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// isEmpty reports whether omitempty leaves v out, as encoding/json
// decides.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}
