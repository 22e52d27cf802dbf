package systems

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"kostka/internal/jsonappend"
	"kostka/internal/jsonobj"
)

// assign stores a request that the schema has checked and completed (the
// tree Apply builds: maps, slices, strings, bools, json.Numbers and the
// schema's float64 defaults) in dst, as encoding/json decodes the tree's
// JSON with DisallowUnknownFields, without writing the JSON and reading it
// again: that round trip was a tenth of a typical attack's cost. A part of
// the request type that this does not handle (a field with its own
// UnmarshalJSON, a map, an interface, an array, []byte, a ",string" field,
// an embedded pointer or a tagged embedded struct, two fields of one
// name) is decoded from its JSON, as before.
func assign(v any, dst reflect.Value) error {
	t := dst.Type()
	if v == nil {
		// null leaves a value as it is, and empties a pointer or slice.
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			dst.SetZero()
		}
		return nil
	}
	if unmarshals(t) {
		return assignJSON(v, dst)
	}
	switch t.Kind() {
	case reflect.Pointer:
		if dst.IsNil() {
			dst.Set(reflect.New(t.Elem()))
		}
		return assign(v, dst.Elem())
	case reflect.Struct:
		fields := structFields(t)
		if fields == nil {
			return assignJSON(v, dst)
		}
		obj, ok := v.(jsonobj.Object)
		if !ok {
			return typeError(v, t)
		}
		for k, x := range obj {
			path, ok := fields[k]
			if !ok {
				return fmt.Errorf("json: unknown field %q", k)
			}
			if err := assign(x, dst.FieldByIndex(path)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return assignJSON(v, dst)
		}
		list, ok := v.([]any)
		if !ok {
			return typeError(v, t)
		}
		s := reflect.MakeSlice(t, len(list), len(list))
		for i, x := range list {
			if err := assign(x, s.Index(i)); err != nil {
				return err
			}
		}
		dst.Set(s)
		return nil
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return typeError(v, t)
		}
		dst.SetString(s)
		return nil
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return typeError(v, t)
		}
		dst.SetBool(b)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lit, ok := numberLiteral(v)
		n, err := strconv.ParseInt(lit, 10, 64)
		if !ok || err != nil || dst.OverflowInt(n) {
			return typeError(v, t)
		}
		dst.SetInt(n)
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		lit, ok := numberLiteral(v)
		n, err := strconv.ParseUint(lit, 10, 64)
		if !ok || err != nil || dst.OverflowUint(n) {
			return typeError(v, t)
		}
		dst.SetUint(n)
		return nil
	case reflect.Float32, reflect.Float64:
		lit, ok := numberLiteral(v)
		f, err := strconv.ParseFloat(lit, t.Bits())
		if !ok || err != nil || dst.OverflowFloat(f) {
			return typeError(v, t)
		}
		dst.SetFloat(f)
		return nil
	}
	return assignJSON(v, dst)
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// unmarshalsCache caches unmarshals.
var unmarshalsCache sync.Map // reflect.Type -> bool

// unmarshals reports whether t or *t has its own UnmarshalJSON; the
// answer is kept, as asking reflect again for every field of every
// request was a tenth of a request's decoding.
func unmarshals(t reflect.Type) bool {
	if u, ok := unmarshalsCache.Load(t); ok {
		return u.(bool)
	}
	u := reflect.PointerTo(t).Implements(unmarshalerType) || t.Implements(unmarshalerType)
	unmarshalsCache.Store(t, u)
	return u
}

// assignJSON decodes v's JSON into dst, strictly.
func assignJSON(v any, dst reflect.Value) error {
	b, err := jsonappend.Value(nil, v)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(dst.Addr().Interface())
}

// numberLiteral is a number of the tree as its JSON text.
func numberLiteral(v any) (string, bool) {
	switch x := v.(type) {
	case json.Number:
		return string(x), true
	case float64:
		b, err := jsonappend.Float(nil, x)
		return string(b), err == nil
	}
	return "", false
}

func typeError(v any, t reflect.Type) error {
	return fmt.Errorf("json: cannot store %T %v in a Go value of type %v", v, v, t)
}

// fieldIndexes caches structFields.
var fieldIndexes sync.Map // reflect.Type -> map[string][]int (nil: decode from JSON)

// structFields maps the JSON names of a struct's fields to their index
// paths (a field of an embedded struct has the embedded field's index
// first), or returns nil when the struct needs encoding/json's own rules:
// an embedded pointer, a tagged embedded struct or one of another kind, a
// field with the ",string" option, or two fields of one name at any depth.
func structFields(t reflect.Type) map[string][]int {
	if m, ok := fieldIndexes.Load(t); ok {
		return m.(map[string][]int)
	}
	m := map[string][]int{}
	if !collectFields(t, nil, m) {
		m = nil
	}
	fieldIndexes.Store(t, m)
	return m
}

// collectFields adds the fields of t, a struct at index path at, to m. It
// returns false when encoding/json's own rules must decide.
func collectFields(t reflect.Type, at []int, m map[string][]int) bool {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		path := append(slices.Clip(at), i)
		switch {
		case strings.Contains(","+opts+",", ",string,"):
			return false
		case f.Anonymous:
			if tag != "" || f.Type.Kind() != reflect.Struct {
				return false
			}
			if !collectFields(f.Type, path, m) {
				return false
			}
			continue
		case !f.IsExported() || tag == "-":
			continue
		case name == "":
			name = f.Name
		}
		if _, dup := m[name]; dup {
			return false // two fields of one name: encoding/json's rules decide
		}
		m[name] = path
	}
	return true
}
