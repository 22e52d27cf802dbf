package l10n

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Localize returns a copy of v with every Message in it (in struct fields,
// slices, arrays, maps, pointers and interfaces) rendered in lang. v is
// not changed, so values shared between answers stay as they are. With
// lang "" v is returned as it is (its messages rendered already, or not).
func Localize(v any, lang Lang) any {
	if v == nil || lang == "" {
		return v
	}
	rv := reflect.ValueOf(v)
	if !canHold(rv.Type()) {
		return v
	}
	out := reflect.New(rv.Type()).Elem()
	out.Set(rv)
	localizeIn(out, lang)
	return out.Interface()
}

var messageType = reflect.TypeFor[Message]()

// holds caches whether a type can contain a Message.
var holds sync.Map // reflect.Type -> bool

func canHold(t reflect.Type) bool {
	if v, ok := holds.Load(t); ok {
		return v.(bool)
	}
	holds.Store(t, true) // recursive types: assume yes while working out
	r := computeHold(t)
	holds.Store(t, r)
	return r
}

func computeHold(t reflect.Type) bool {
	if t == messageType {
		return true
	}
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return canHold(t.Elem())
	case reflect.Map:
		return canHold(t.Elem())
	case reflect.Struct:
		for f := range t.Fields() {
			if f.IsExported() && canHold(f.Type) {
				return true
			}
		}
	}
	return false
}

// localizeIn renders every Message in v, an addressable shallow copy of
// a value: what v shares with the value (the targets of pointers, the
// elements of slices and maps, what interfaces hold) is copied before it
// is rendered, never changed. The copies are made in place, so that a
// struct in a slice costs no allocation of its own.
func localizeIn(v reflect.Value, lang Lang) {
	t := v.Type()
	if !canHold(t) {
		return
	}
	if t == messageType {
		v.Set(reflect.ValueOf(v.Interface().(Message).Rendered(lang)))
		return
	}
	switch t.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		inner := v.Elem()
		if !canHold(inner.Type()) {
			return
		}
		c := reflect.New(inner.Type()).Elem()
		c.Set(inner)
		localizeIn(c, lang)
		v.Set(c)
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		c := reflect.New(t.Elem())
		c.Elem().Set(v.Elem())
		localizeIn(c.Elem(), lang)
		v.Set(c)
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		c := reflect.MakeSlice(t, v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := range c.Len() {
			localizeIn(c.Index(i), lang)
		}
		v.Set(c)
	case reflect.Array:
		for i := range v.Len() {
			localizeIn(v.Index(i), lang)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		c := reflect.MakeMapWithSize(t, v.Len())
		e := reflect.New(t.Elem()).Elem()
		for it := v.MapRange(); it.Next(); {
			e.Set(it.Value())
			localizeIn(e, lang)
			c.SetMapIndex(it.Key(), e)
		}
		v.Set(c)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && canHold(f.Type) {
				localizeIn(v.Field(i), lang)
			}
		}
	}
}

// Negotiate picks an answer's language: the lang parameter when given
// (an error when it is not pl, cs or en), else the first supported
// language of an Accept-Language header by its quality, else English.
func Negotiate(param, acceptLanguage string) (Lang, error) {
	if param != "" {
		l, ok := Parse(param)
		if !ok {
			return English, fmt.Errorf("lang must be pl, cs or en, not %q", param)
		}
		return l, nil
	}
	if l, ok := FromAcceptLanguage(acceptLanguage); ok {
		return l, nil
	}
	return English, nil
}

// FromAcceptLanguage returns the supported language an Accept-Language
// header prefers most (RFC 9110: language ranges with q weights; q=0
// means not acceptable).
func FromAcceptLanguage(header string) (Lang, bool) {
	type choice struct {
		lang Lang
		q    float64
	}
	var choices []choice
	for part := range strings.SplitSeq(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				q = f
			}
		}
		if l, ok := Parse(tag); ok && q > 0 {
			choices = append(choices, choice{l, q})
		}
	}
	if len(choices) == 0 {
		return "", false
	}
	best := slices.MaxFunc(choices, func(a, b choice) int {
		switch {
		case a.q < b.q:
			return -1
		case a.q > b.q:
			return 1
		}
		return 0
	})
	return best.lang, true
}

// CheckAll renders every defined message in every language with sample
// arguments in every plural category of that language, and reports any
// text that comes out empty or with a placeholder left, and any language
// whose placeholders differ from English's, and every malformed text
// (which Define refuses in a test binary and elsewhere parses on first use).
func CheckAll() []error {
	var errs []error
	for _, d := range All() {
		if d.parse(); d.err != nil {
			errs = append(errs, d.err)
			continue
		}
		for _, lang := range Languages {
			if p := d.tmpl[lang].params(); !slices.Equal(p, d.params) {
				errs = append(errs, fmt.Errorf("%s in %s: placeholders %v, English %v", d.id, lang, p, d.params))
			}
		}
		plural := d.PluralParams()
		for _, lang := range Languages {
			for _, cat := range PluralCategories(lang) {
				args := make([]Arg, 0, len(d.params))
				for _, p := range d.params {
					if slices.Contains(plural, p) {
						args = append(args, Int(p, samplePlural(lang, cat)))
					} else {
						args = append(args, Str(p, "X"))
					}
				}
				m := d.New(args...)
				text := m.In(lang)
				switch {
				case strings.TrimSpace(text) == "":
					errs = append(errs, fmt.Errorf("%s in %s (%s): empty", d.id, lang, cat))
				case strings.ContainsAny(text, "{}"):
					errs = append(errs, fmt.Errorf("%s in %s (%s): %q has a placeholder left", d.id, lang, cat, text))
				}
				if len(plural) == 0 {
					break
				}
			}
		}
	}
	return errs
}

// samplePlural is an integer of the plural category cat in lang.
func samplePlural(lang Lang, cat string) int {
	switch cat {
	case One:
		return 1
	case Few:
		return 3
	}
	if lang == English {
		return 2
	}
	return 5
}
