package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"kostka/internal/jsonappend"
	"kostka/internal/jsonobj"
	"kostka/l10n"
)

// Schema is an action's request schema, compiled: the one source of truth
// for the request's fields. The decoder applies exactly what it declares:
//
//   - type (integer, number, boolean, string, object, array, or a number
//     or a string: ["integer", "string"]), minimum, maximum (of a number),
//     pattern (of a string), enum, maxItems, items, required, properties
//     and additionalProperties: false;
//   - default: an omitted field takes its default, in nested objects and
//     array items too (a nested object without a default stays omitted);
//   - x-when: {"other": [values…]} makes a field conditional: it applies
//     only when the sibling field other (after its default) has one of the
//     values; "/other" names a field of the request's top level instead (a
//     field of an array's items that applies only in one mode). Outside its condition a field takes no default, is not
//     required, and a value other than its default is refused ("applies
//     only when …"); a value equal to its default is dropped, so a form
//     may send every field.
//   - x-excludes: [names…]: the field cannot be given with those sibling
//     fields (the error names the excluded field); a required field it
//     excludes is not required when it is given.
//
// title (the field's meaning in English), description, examples (the value a form starts with when there
// is no default), x-labels (the field's label in pl, cs and
// en), x-enum-labels and x-discord (false: the bot leaves the field out of
// its slash command) are annotations. Any other keyword is refused when
// the schema is compiled, so a schema cannot promise what the decoder does
// not do.
type Schema struct {
	root *node
	// topLevel says whether some x-when names a top-level field
	// ("/mode"): only then does a request's top level, its defaults
	// applied, need a map of its own while it is applied.
	topLevel bool
}

// node is one compiled schema object.
type node struct {
	typ        string
	props      []*property
	required   []string
	closed     bool // additionalProperties: false
	min, max   *float64
	enum       []any
	def        any // nil: no default
	intDef     any // an integer's default as the request type reads it: a json.Number
	maxItems   *int
	items      *node
	title      string // the field's meaning, in English
	labels     map[string]string
	enumLabels map[string]map[string]string // x-enum-labels: each value's label by language
	discord    *bool                        // x-discord
	examples   []any
	when       map[string][]any
	whenFields []string // the keys of when, in order
	// whenNodes are the fields the keys of when name that are top-level
	// ("/mode"), by key: a refusal names them by their labels.
	whenNodes map[string]*node
	excludes  []string
	orString  bool           // type [typ, "string"]: a number or a string
	pattern   *regexp.Regexp // a string's form
}

type property struct {
	name string
	*node
}

var annotations = []string{"description"}

// CompileSchema compiles a JSON Schema in the subset the decoder applies.
// The top level must be an object with additionalProperties: false.
func CompileSchema(b []byte) (*Schema, error) {
	v, err := parseOrdered(b)
	if err != nil {
		return nil, err
	}
	root, err := compile(v, "")
	if err != nil {
		return nil, err
	}
	if root.typ != "object" || !root.closed {
		return nil, errors.New("the top level must be an object with additionalProperties: false")
	}
	if err := root.checkTopLevelWhen(root, ""); err != nil {
		return nil, err
	}
	return &Schema{root: root, topLevel: root.namesTopLevel()}, nil
}

// namesTopLevel reports whether an x-when under n names a top-level field.
func (n *node) namesTopLevel() bool {
	for _, p := range n.props {
		for _, f := range p.whenFields {
			if strings.HasPrefix(f, "/") {
				return true
			}
		}
		child := p.node
		if p.items != nil {
			child = p.items
		}
		if child.namesTopLevel() {
			return true
		}
	}
	return false
}

// checkTopLevelWhen checks that every x-when naming a top-level field
// ("/mode") names one, and that it is not itself conditional.
func (n *node) checkTopLevelWhen(root *node, path string) error {
	for _, p := range n.props {
		for _, f := range p.whenFields {
			name, top := strings.CutPrefix(f, "/")
			if !top {
				continue
			}
			t := root.prop(name)
			if t == nil || len(t.when) > 0 {
				return fmt.Errorf("%s: x-when refers to %q, not an unconditional top-level property", join(path, p.name), f)
			}
			if p.whenNodes == nil {
				p.whenNodes = map[string]*node{}
			}
			p.whenNodes[f] = t.node
		}
		child := p.node
		if p.items != nil {
			child = p.items
		}
		if err := child.checkTopLevelWhen(root, join(path, p.name)); err != nil {
			return err
		}
	}
	return nil
}

func compile(v any, path string) (*node, error) {
	obj, ok := v.(*ordered)
	if !ok {
		return nil, fmt.Errorf("%s: a schema must be an object", path)
	}
	n := &node{}
	for _, k := range obj.keys {
		val := obj.vals[k]
		var err error
		switch k {
		case "type":
			if list, isList := val.([]any); isList && len(list) == 2 && list[1] == "string" {
				// A number or a string: ["integer", "string"].
				n.typ, _ = list[0].(string)
				n.orString = true
				if n.typ != "integer" && n.typ != "number" {
					err = fmt.Errorf("unsupported type %v", val)
				}
				break
			}
			n.typ, ok = val.(string)
			if !ok || !slices.Contains([]string{"integer", "number", "boolean", "string", "object", "array"}, n.typ) {
				err = fmt.Errorf("unsupported type %v", val)
			}
		case "pattern":
			p, isString := val.(string)
			if !isString {
				err = errors.New("pattern must be a string")
				break
			}
			n.pattern, err = regexp.Compile(p)
		case "properties":
			props, ok := val.(*ordered)
			if !ok {
				err = errors.New("properties must be an object")
				break
			}
			for _, name := range props.keys {
				child, cerr := compile(props.vals[name], join(path, name))
				if cerr != nil {
					return nil, cerr
				}
				n.props = append(n.props, &property{name: name, node: child})
			}
		case "required":
			n.required, err = strings_(val)
		case "additionalProperties":
			if val != false {
				err = errors.New("only additionalProperties: false is supported")
			}
			n.closed = true
		case "minimum", "maximum":
			f, ferr := number(val)
			if ferr != nil {
				err = ferr
				break
			}
			if k == "minimum" {
				n.min = &f
			} else {
				n.max = &f
			}
		case "enum":
			list, ok := val.([]any)
			if !ok || len(list) == 0 {
				err = errors.New("enum must be a non-empty array")
			}
			n.enum = list
		case "default":
			n.def = plain(val)
			if f, ok := n.def.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1e15 {
				n.intDef = json.Number(strconv.FormatInt(int64(f), 10))
			}
		case "maxItems":
			f, ferr := number(val)
			if ferr != nil || f < 0 || f != math.Trunc(f) {
				err = errors.New("maxItems must be a whole number")
				break
			}
			m := int(f)
			n.maxItems = &m
		case "items":
			n.items, err = compile(val, path+"[]")
		case "examples":
			list, ok := val.([]any)
			if !ok {
				err = errors.New("examples must be an array")
			}
			n.examples = plain(list).([]any)
		case "title":
			n.title, ok = val.(string)
			if !ok {
				err = errors.New("title must be a string")
			}
		case "x-labels":
			n.labels = map[string]string{}
			if o, ok := val.(*ordered); ok {
				for _, lang := range o.keys {
					s, _ := o.vals[lang].(string)
					n.labels[lang] = s
				}
			}
		case "x-enum-labels":
			o, ok := val.(*ordered)
			if !ok {
				err = errors.New("x-enum-labels must be an object")
				break
			}
			n.enumLabels = map[string]map[string]string{}
			for _, v := range o.keys {
				byLang, ok := o.vals[v].(*ordered)
				if !ok {
					err = fmt.Errorf("x-enum-labels %q must be an object", v)
					break
				}
				n.enumLabels[v] = map[string]string{}
				for _, lang := range byLang.keys {
					s, _ := byLang.vals[lang].(string)
					n.enumLabels[v][lang] = s
				}
			}
		case "x-discord":
			b, ok := val.(bool)
			if !ok {
				err = errors.New("x-discord must be true or false")
			}
			n.discord = &b
		case "x-when":
			o, ok := val.(*ordered)
			if !ok {
				err = errors.New("x-when must be an object")
				break
			}
			n.when = map[string][]any{}
			for _, f := range o.keys {
				list, ok := o.vals[f].([]any)
				if !ok {
					err = errors.New("x-when values must be arrays")
					break
				}
				n.when[f] = plain(list).([]any)
				n.whenFields = append(n.whenFields, f)
			}
		case "x-excludes":
			n.excludes, err = strings_(val)
		default:
			if !slices.Contains(annotations, k) {
				err = fmt.Errorf("keyword %q is not applied by the decoder", k)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, k, err)
		}
	}
	if n.typ == "" {
		return nil, fmt.Errorf("%s: no type", path)
	}
	if n.pattern != nil && n.typ != "string" && !n.orString {
		return nil, fmt.Errorf("%s: a pattern applies to a string", path)
	}
	for _, r := range n.required {
		if n.prop(r) == nil {
			return nil, fmt.Errorf("%s: required %q is not a property", path, r)
		}
	}
	for _, p := range n.props {
		for _, f := range append(slices.Clone(p.whenFields), p.excludes...) {
			if strings.HasPrefix(f, "/") && slices.Contains(p.whenFields, f) {
				continue // a top-level field, checked with the whole schema
			}
			if n.prop(f) == nil {
				return nil, fmt.Errorf("%s: %s refers to %q, not a property", path, p.name, f)
			}
		}
		if p.def != nil && slices.Contains(n.required, p.name) {
			return nil, fmt.Errorf("%s: %s is required and has a default", join(path, p.name), p.name)
		}
		if p.def != nil {
			if fe := p.check(p.def, join(path, p.name)); fe != nil {
				return nil, fmt.Errorf("%s: the default does not pass its own schema: %v", join(path, p.name), fe)
			}
		}
	}
	return n, nil
}

func (n *node) prop(name string) *property {
	for _, p := range n.props {
		if p.name == name {
			return p
		}
	}
	return nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func strings_(v any) ([]string, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, errors.New("must be an array of strings")
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, errors.New("must be an array of strings")
		}
		out = append(out, s)
	}
	return out, nil
}

func number(v any) (float64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, errNotNumber
	}
	return n.Float64()
}

var errNotNumber = errors.New("must be a number")

// plainInteger reports whether n is written as the request type reads an
// integer, as the digits strconv.FormatInt writes: no fraction, exponent,
// leading zero or "-0", and few enough digits that a float64 holds it
// exactly.
func plainInteger(n json.Number) bool {
	s := string(n)
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || len(s) > 15 || s[0] == '0' && (len(s) > 1 || n[0] == '-') {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Apply checks a request against the schema and returns it with every
// default applied, as JSON for the request type.
func (s *Schema) Apply(b []byte) ([]byte, error) {
	out, err := s.apply(b)
	if err != nil {
		return nil, err
	}
	return jsonappend.Value(make([]byte, 0, len(b)+16*len(s.root.props)), out)
}

// apply is Apply before the JSON is written: the request as a tree of
// maps, slices, strings, bools, json.Numbers and float64 defaults.
func (s *Schema) apply(b []byte) (any, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		b = []byte("{}")
	}
	var v any
	if tree, ok := parseTree(b); ok {
		v = tree
	} else {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, Invalid("", msgNotJSON.New())
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return nil, Invalid("", msgNotObject.New())
		}
		if _, ok := v.(jsonobj.Object); !ok {
			return nil, Invalid("", msgNotObject.New())
		}
	}
	// The top level's unconditional fields with their defaults first, for
	// the conditions of nested fields that name them ("/mode").
	var top jsonobj.Object
	if s.topLevel {
		top = make(jsonobj.Object, len(s.root.props))
		for k, x := range v.(jsonobj.Object) {
			top[k] = x
		}
		for _, p := range s.root.props {
			if _, given := top[p.name]; (!given || top[p.name] == nil) && p.def != nil && len(p.when) == 0 {
				top[p.name] = p.def
			}
		}
	}
	out, fe := s.root.apply(v, "", top)
	if fe != nil {
		return nil, fe
	}
	return out, nil
}

// apply checks v at path and fills defaults; top is the request's top
// level, its defaults applied, for the conditions that name it.
func (n *node) apply(v any, path string, top jsonobj.Object) (any, *FieldError) {
	if fe := n.check(v, path); fe != nil {
		return nil, fe
	}
	if _, isString := v.(string); isString && n.orString {
		return v, nil
	}
	switch n.typ {
	case "integer":
		// 4.0 and 4e0 are the integer 4 (JSON Schema counts a number with
		// no fraction as an integer); the request type reads digits.
		var f float64
		switch x := v.(type) {
		case json.Number:
			if plainInteger(x) {
				return v, nil // already the digits
			}
			f, _ = x.Float64()
		case float64:
			if n.intDef != nil && x == n.def {
				return n.intDef, nil
			}
			f = x
		}
		return json.Number(strconv.FormatInt(int64(f), 10)), nil
	case "object":
		return n.applyObject(v.(jsonobj.Object), path, top)
	case "array":
		list := v.([]any)
		out := make([]any, len(list))
		for i, item := range list {
			if n.items == nil {
				out[i] = item
				continue
			}
			x, fe := n.items.apply(item, path+"["+strconv.Itoa(i)+"]", top)
			if fe != nil {
				return nil, fe
			}
			out[i] = x
		}
		return out, nil
	}
	return v, nil
}

func (n *node) applyObject(obj jsonobj.Object, path string, top jsonobj.Object) (any, *FieldError) {
	if n.closed {
		var unknown []string
		for k := range obj {
			if n.prop(k) == nil {
				unknown = append(unknown, k)
			}
		}
		if len(unknown) > 0 {
			slices.Sort(unknown)
			return nil, Invalid(join(path, unknown[0]), msgUnknown.New())
		}
	}
	out := make(jsonobj.Object, len(n.props))
	for k, v := range obj {
		if v != nil { // null is the same as omitted
			out[k] = v
		}
	}
	// Unconditional fields first, so that conditions see their defaults.
	for _, pass := range []bool{false, true} {
		for _, p := range n.props {
			if (len(p.when) > 0) != pass {
				continue
			}
			fp := join(path, p.name)
			val, given := out[p.name]
			if !p.applies(out, top) {
				if given {
					if p.def != nil && equalJSON(val, p.def) {
						delete(out, p.name)
						continue
					}
					f := p.whenFields[0]
					name, other := join(path, f), n.prop(f)
					if t, ok := strings.CutPrefix(f, "/"); ok {
						name, other = t, &property{name: t, node: p.whenNodes[f]}
					}
					if other == nil {
						other = &property{name: f}
					}
					return nil, Invalid(fp, msgWhen.New(other.label("field", name), other.node.valuesLabel("values", p.when[f])))
				}
				continue
			}
			if !given {
				switch {
				case slices.Contains(n.required, p.name) && !n.excluded(obj, p.name):
					return nil, Required(fp)
				case slices.Contains(n.required, p.name):
					continue
				case p.def != nil:
					val, given = p.def, true
				default:
					continue
				}
			}
			x, fe := p.apply(val, fp, top)
			if fe != nil {
				return nil, fe
			}
			out[p.name] = x
		}
	}
	for _, p := range n.props {
		if _, given := obj[p.name]; !given || obj[p.name] == nil {
			continue
		}
		for _, ex := range p.excludes {
			if v, ok := obj[ex]; ok && v != nil {
				return nil, Invalid(join(path, ex), msgExcludes.New(p.label("field", join(path, p.name))))
			}
		}
	}
	return out, nil
}

// excluded reports whether a field given in obj excludes the field name
// (x-excludes): a required field is not required then.
func (n *node) excluded(obj jsonobj.Object, name string) bool {
	for _, p := range n.props {
		if v, given := obj[p.name]; given && v != nil && slices.Contains(p.excludes, name) {
			return true
		}
	}
	return false
}

// applies reports whether a conditional field's condition holds in obj
// (and top, for "/field").
func (n *node) applies(obj, top jsonobj.Object) bool {
	for _, f := range n.whenFields {
		v, ok := obj[f]
		if t, isTop := strings.CutPrefix(f, "/"); isTop {
			v, ok = top[t]
		}
		if !ok || !slices.ContainsFunc(n.when[f], func(w any) bool { return equalJSON(v, w) }) {
			return false
		}
	}
	return true
}

// check checks one value's type, bounds, enum and length.
func (n *node) check(v any, path string) *FieldError {
	if s, isString := v.(string); isString && (n.orString || n.typ == "string") {
		if n.pattern != nil && !n.pattern.MatchString(s) {
			return Invalid(path, msgPattern.New(l10n.Str("value", s)))
		}
		if n.orString {
			return nil
		}
	}
	switch n.typ {
	case "integer", "number":
		num, ok := v.(json.Number)
		if !ok {
			if f, isFloat := v.(float64); isFloat { // a default, decoded without UseNumber
				num = json.Number(strconv.FormatFloat(f, 'f', -1, 64))
			} else {
				return n.typeError(path)
			}
		}
		f, err := num.Float64()
		if err != nil || math.IsInf(f, 0) {
			return n.typeError(path)
		}
		if n.typ == "integer" && f != math.Trunc(f) {
			return n.typeError(path)
		}
		lo, hi := math.Inf(-1), math.Inf(1)
		if n.min != nil {
			lo = *n.min
		}
		if n.max != nil {
			hi = *n.max
		}
		if f < lo || f > hi {
			return rangeError(path, f, lo, hi)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return n.typeError(path)
		}
	case "string":
		if _, ok := v.(string); !ok {
			return n.typeError(path)
		}
	case "object":
		if _, ok := v.(jsonobj.Object); !ok {
			return n.typeError(path)
		}
	case "array":
		list, ok := v.([]any)
		if !ok {
			return n.typeError(path)
		}
		if n.maxItems != nil && len(list) > *n.maxItems {
			return Invalid(path, msgMaxItems.New(l10n.Int("max", *n.maxItems)))
		}
	}
	if n.enum != nil && !slices.ContainsFunc(n.enum, func(e any) bool { return equalJSON(v, e) }) {
		return Invalid(path, msgEnum.New(n.valuesLabel("allowed", n.enum), l10n.Str("value", fmt.Sprint(plain(v)))))
	}
	return nil
}

// typeError is the error of a value of another type than n's.
func (n *node) typeError(path string) *FieldError {
	return Invalid(path, msgTypes[n.typ].New())
}

// valuesText lists JSON values for a message.
// label is the argument name of a refusal that names the field p (at
// path): its label in the refusal's language (x-labels), so that a
// Polish or Czech sentence never holds an English id; its path where it
// has no label.
func (p *property) label(name, path string) l10n.Arg {
	if p == nil || p.node == nil || p.labels["en"] == "" {
		return l10n.Str(name, path)
	}
	return l10n.Label(name, l10n.Texts{En: p.labels["en"], Pl: p.labels["pl"], Cs: p.labels["cs"]})
}

// valuesLabel is the argument name of values of the field n: each
// value's label (x-enum-labels) in the refusal's language, or the value
// where it has none, joined by commas.
func (n *node) valuesLabel(name string, vals []any) l10n.Arg {
	if n == nil || len(n.enumLabels) == 0 {
		return l10n.Str(name, valuesText(vals))
	}
	var t l10n.Texts
	for i, v := range vals {
		labels := n.enumLabels[fmt.Sprint(plain(v))]
		sep := ""
		if i > 0 {
			sep = ", "
		}
		for lang, dst := range map[string]*string{"en": &t.En, "pl": &t.Pl, "cs": &t.Cs} {
			text := labels[lang]
			if text == "" {
				text = fmt.Sprint(plain(v))
			}
			*dst += sep + text
		}
	}
	return l10n.Label(name, t)
}

func valuesText(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = fmt.Sprint(plain(v))
	}
	return strings.Join(parts, ", ")
}

// equalJSON compares two JSON values, numbers by value.
func equalJSON(a, b any) bool {
	a, b = plain(a), plain(b)
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	if _, ok := b.(float64); ok {
		return false
	}
	// Objects and arrays.
	ab, _ := json.Marshal(a)
	bb, _ := json.Marshal(b)
	return bytes.Equal(ab, bb)
}

// plain turns json.Numbers into float64 and ordered objects into maps,
// recursively.
func plain(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		return f
	case *ordered:
		m := jsonobj.Object{}
		for _, k := range x.keys {
			m[k] = plain(x.vals[k])
		}
		return m
	case jsonobj.Object:
		m := jsonobj.Object{}
		for k, e := range x {
			m[k] = plain(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	}
	return v
}

// Label returns the localized label (x-labels) of the field at a path as
// a FieldError spells it ("opponent.dice", "abilities[1]"): an array
// item's label is its array's. It returns "" for an unknown path.
func (s *Schema) Label(path string, lang l10n.Lang) string {
	if path == "" {
		return ""
	}
	n := s.root
	for part := range strings.SplitSeq(path, ".") {
		if n.typ == "array" && n.items != nil { // "defenders[1].armour": a field of an item
			n = n.items
		}
		name, _, _ := strings.Cut(part, "[")
		p := n.prop(name)
		if p == nil {
			return ""
		}
		n = p.node
	}
	if l := n.labels[string(lang)]; l != "" {
		return l
	}
	return n.labels["en"]
}

// Field is one leaf field of a schema, for tests and clients that walk
// every field.
type Field struct {
	Path     string
	Type     string
	Title    string // what the field means, in English
	Min, Max *float64
	Enum     []any
	Default  any // nil: none
	Required bool
	When     map[string][]any
	MaxItems *int
	Examples []any // the schema's examples; of an array, its items' examples
	// Items are the fields of an array's items when they are objects,
	// with paths relative to an item ("count" of "groups[].count"), listed
	// as Fields lists a schema's.
	Items []Field
	// Excludes are the sibling fields that cannot be given with this one
	// (x-excludes).
	Excludes []string
	// Labels are the field's labels by language (x-labels).
	Labels map[string]string
	// EnumLabels are the labels of each enum value by language
	// (x-enum-labels).
	EnumLabels map[string]map[string]string
	// Discord is x-discord: false keeps the field out of the bot's slash
	// command (Discord allows 25 options a command); nil is unset.
	Discord *bool
}

// Fields lists the schema's fields, nested objects' fields with dotted
// paths, in schema order; the fields of an array's object items are in
// its Items.
func (s *Schema) Fields() []Field {
	return s.root.fields("")
}

// fields lists the fields of an object node with paths under path.
func (n *node) fields(path string) []Field {
	var out []Field
	for _, p := range n.props {
		fp := join(path, p.name)
		examples := p.examples
		if p.items != nil {
			examples = p.items.examples
		}
		f := Field{Path: fp, Type: p.typ, Title: p.title, Min: p.min, Max: p.max, Enum: plain(p.enum).([]any),
			Default: plain(p.def), Required: slices.Contains(n.required, p.name), When: p.when, MaxItems: p.maxItems,
			Examples: examples, Excludes: p.excludes, Labels: p.labels, EnumLabels: p.enumLabels, Discord: p.discord}
		if p.items != nil && p.items.typ == "object" {
			f.Items = p.items.fields("")
		}
		out = append(out, f)
		if p.typ == "object" {
			out = append(out, p.node.fields(fp)...)
		}
	}
	return out
}

// ordered is a JSON object with its keys in order.
type ordered struct {
	keys []string
	vals jsonobj.Object
}

// parseOrdered parses JSON keeping objects' key order and numbers exact.
func parseOrdered(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("trailing data after the schema")
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &ordered{vals: jsonobj.Object{}}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				o.keys = append(o.keys, k)
				o.vals[k] = v
			}
			_, err := dec.Token()
			return o, err
		case '[':
			list := []any{}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		}
	}
	return tok, nil
}
