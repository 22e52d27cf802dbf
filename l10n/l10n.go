// Package l10n holds what players read, in Polish, Czech and English: a
// catalogue of messages defined in Go, instantiated with typed arguments
// and rendered in the language a request asks for.
//
// A message is defined once, at package level, so that call sites refer to
// a Go variable the compiler checks rather than a string key:
//
//	var stepHits = l10n.Define("quality-d6.step.hits", l10n.Texts{
//		En: "{n, plural, one {# hit} other {# hits}}",
//		Pl: "{n, plural, one {# trafienie} few {# trafienia} many {# trafień}}",
//		Cs: "{n, plural, one {# zásah} few {# zásahy} other {# zásahů}}",
//	})
//	m := stepHits.New(l10n.Int("n", 3))
//	m.In(l10n.Polish) // "3 trafienia"
//
// # Templates
//
// A text is literal except for placeholders in braces:
//
//   - {name} inserts the argument name, formatted for the language: an
//     integer as digits, a number with a decimal comma in Polish and Czech,
//     a probability as a percentage, a verbatim string as it is, a term (a
//     nested message, such as an ability's name) or a list of messages
//     rendered in the same language.
//   - {name, plural, one {…} few {…} many {…} other {…}} picks a branch by
//     the CLDR plural category of the integer argument name: English has
//     one and other; Polish one, few and many; Czech one, few and other.
//     Each text must give exactly the categories of its language. Inside a
//     branch, # is the number and {other} placeholders work as above.
//
// Braces and # have no other meaning; a text cannot contain a literal
// brace. In a test binary Define checks every text when the program starts
// (a malformed text, a missing language or placeholders that differ
// between the languages panic), so a mistake fails every test at once. In
// any other program a text is parsed on its first use, so that a process
// pays at start-up for none of the hundreds of messages it links (a
// Lambda function's cold start); CheckAll checks the whole catalogue.
package l10n

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"kostka/internal/jsonappend"
)

// Lang is a language code: "pl", "cs" or "en".
type Lang string

// The languages every message has.
const (
	Polish  Lang = "pl"
	Czech   Lang = "cs"
	English Lang = "en"
)

// Languages lists every language, English first.
var Languages = []Lang{English, Polish, Czech}

// Parse returns the language a code names ("pl", "cs", "en"; case and a
// region such as "cs-CZ" do not matter).
func Parse(code string) (Lang, bool) {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(code)), "-")
	base, _, _ = strings.Cut(base, "_")
	switch l := Lang(base); l {
	case Polish, Czech, English:
		return l, true
	}
	return "", false
}

// Texts is one text in every language: a message's, or a name's or a
// title's (a game system's, an action's). In JSON it is an object keyed
// by language code ({"cs": …, "en": …, "pl": …}), empty texts left out.
type Texts struct {
	En, Pl, Cs string
}

// In returns the text in lang, or in English when it has none in lang.
func (t Texts) In(lang Lang) string {
	if s := t.exactly(lang); s != "" {
		return s
	}
	return t.En
}

// exactly returns the text in lang, "" when it has none.
func (t Texts) exactly(lang Lang) string {
	switch lang {
	case Polish:
		return t.Pl
	case Czech:
		return t.Cs
	}
	return t.En
}

// byCode is the JSON form of Texts.
func (t Texts) byCode() map[Lang]string {
	m := make(map[Lang]string, len(Languages))
	for _, l := range Languages {
		if s := t.exactly(l); s != "" {
			m[l] = s
		}
	}
	return m
}

// MarshalJSON writes the texts as an object keyed by language code, in
// code order, as encoding/json writes a map. It leaves <, > and & as they
// are: encoding/json escapes them after, when its caller asks for it.
func (t Texts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(t.byCode()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads an object keyed by language code; other keys are
// ignored.
func (t *Texts) UnmarshalJSON(b []byte) error {
	var m map[Lang]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*t = Texts{En: m[English], Pl: m[Polish], Cs: m[Czech]}
	return nil
}

// Def is a defined message: an id, its texts and, once parsed, their
// templates.
type Def struct {
	id    string
	texts Texts

	once   sync.Once
	tmpl   map[Lang]template // set by parse
	params []string          // sorted; set by parse
	err    error             // set by parse: why the texts are malformed
}

// catalogSize is room for every message a program defines (about 520 in
// the Discord function, which links them all), so that the catalogue is
// not rehashed as the packages' messages are defined at start.
const catalogSize = 768

var (
	mu      sync.RWMutex
	catalog = make(map[string]*Def, catalogSize)
)

// Define adds a message to the catalogue. It panics when the id is taken.
// Its texts are parsed on the message's first use, which panics when a
// language's text is missing or malformed or the languages use different
// placeholders: programming errors, which CheckAll reports (the tests of
// cmd/kostka and systems/catalog run it over the whole program's
// catalogue).
func Define(id string, t Texts) *Def {
	d := &Def{id: id, texts: t}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := catalog[id]; dup {
		panic(fmt.Sprintf("l10n: message %q defined twice", id))
	}
	catalog[id] = d
	return d
}

// parse parses the texts, once; d.err says what is wrong with them.
func (d *Def) parse() {
	d.once.Do(func() {
		tmpl := make(map[Lang]template, len(Languages))
		var first []string
		for _, lang := range Languages {
			text := d.texts.exactly(lang)
			if strings.TrimSpace(text) == "" {
				d.err = fmt.Errorf("l10n: message %q has no %s text", d.id, lang)
				return
			}
			tm, err := parse(text)
			if err != nil {
				d.err = fmt.Errorf("l10n: message %q, %s: %w", d.id, lang, err)
				return
			}
			if err := tm.checkPlurals(lang); err != nil {
				d.err = fmt.Errorf("l10n: message %q, %s: %w", d.id, lang, err)
				return
			}
			params := tm.params()
			if lang == English {
				first = params
			} else if !slices.Equal(params, first) {
				d.err = fmt.Errorf("l10n: message %q: %s uses placeholders %v, English %v", d.id, lang, params, first)
				return
			}
			tmpl[lang] = tm
		}
		d.tmpl, d.params = tmpl, first
	})
}

// parsed returns d with its templates parsed. Malformed texts are a
// programming error the tests catch (see Define), so they panic here.
func (d *Def) parsed() *Def {
	d.parse()
	if d.err != nil {
		panic(d.err.Error())
	}
	return d
}

// ID returns the message's id.
func (d *Def) ID() string { return d.id }

// Texts returns the message's texts.
func (d *Def) Texts() Texts { return d.texts }

// Params returns the names of the message's placeholders, sorted.
func (d *Def) Params() []string { return slices.Clone(d.parsed().params) }

// PluralParams returns the names of the placeholders that select a plural
// form, sorted.
func (d *Def) PluralParams() []string {
	var out []string
	d.parsed()
	for _, lang := range Languages {
		for _, p := range d.tmpl[lang].pluralParams() {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// New instantiates the message with arguments.
func (d *Def) New(args ...Arg) Message { return Message{def: d, args: args} }

// All returns every defined message, sorted by id.
func All() []*Def {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]*Def, 0, len(catalog))
	for _, d := range catalog {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b *Def) int { return strings.Compare(a.id, b.id) })
	return out
}

// Lookup returns the message with the given id.
func Lookup(id string) (*Def, bool) {
	mu.RLock()
	defer mu.RUnlock()
	d, ok := catalog[id]
	return d, ok
}

// Message is a defined message with its arguments. Its JSON form is
// {"id": …, "args": {…}, "text": …}; Text is empty until the message is
// rendered (see Localize).
type Message struct {
	def  *Def
	args []Arg
	// Text is the message rendered in the answer's language.
	Text string
}

// ID returns the message's id ("" for the zero Message).
func (m Message) ID() string {
	if m.def == nil {
		if m.decoded() {
			return m.args[0].name
		}
		return ""
	}
	return m.def.id
}

// IsZero reports whether m is the zero Message.
func (m Message) IsZero() bool { return m.def == nil && m.args == nil }

// decoded reports whether m was read from JSON (UnmarshalJSON): its
// arguments are the JSON it was given, and its Text is its only
// rendering.
func (m Message) decoded() bool { return len(m.args) == 1 && m.args[0].kind == kindDecoded }

// UnmarshalJSON reads a message as MarshalJSON writes it, rendered: its
// Text is its text in every language it is asked for (In), and its JSON
// is what it was read from. A client of Kostka's API reads its answers'
// messages so.
func (m *Message) UnmarshalJSON(b []byte) error {
	var in struct {
		ID   string          `json:"id"`
		Args json.RawMessage `json:"args"`
		Text string          `json:"text"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	args := "{}"
	if len(in.Args) > 0 && string(in.Args) != "null" {
		args = string(in.Args)
	}
	d, _ := Lookup(in.ID)
	*m = Message{def: d, args: []Arg{{name: in.ID, kind: kindDecoded, s: args}}, Text: in.Text}
	return nil
}

// Def returns the message's definition.
func (m Message) Def() *Def { return m.def }

// Args returns the message's arguments.
func (m Message) Args() []Arg { return slices.Clone(m.args) }

// Arg returns the argument called name.
func (m Message) Arg(name string) (Arg, bool) {
	for _, a := range m.args {
		if a.name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// In renders the message in lang.
func (m Message) In(lang Lang) string {
	if m.decoded() {
		return m.Text
	}
	if m.def == nil {
		return ""
	}
	// One allocation of about the text's length, which the string takes
	// over as strings.Builder does: nothing else holds the bytes.
	b := m.appendText(make([]byte, 0, len(m.def.texts.In(lang))+16), lang)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// appendText appends the message rendered in lang to b.
func (m Message) appendText(b []byte, lang Lang) []byte {
	if m.def == nil {
		return b
	}
	d := m.def.parsed()
	tm, ok := d.tmpl[lang]
	if !ok {
		tm = d.tmpl[English]
	}
	return tm.render(b, lang, m.args, nil)
}

// String renders the message in English.
func (m Message) String() string { return m.In(English) }

// Rendered returns a copy of m with Text, and the text of every term among
// its arguments, in lang. m itself is not changed.
func (m Message) Rendered(lang Lang) Message {
	if m.def == nil || m.decoded() {
		return m
	}
	out := Message{def: m.def, args: m.args, Text: m.In(lang)}
	// The arguments are shared unless a term or a list among them is
	// rendered too: nothing changes them after New.
	cloned := false
	for i, a := range m.args {
		if a.kind != kindTerm && a.kind != kindList {
			continue
		}
		if !cloned {
			out.args, cloned = slices.Clone(m.args), true
		}
		switch a.kind {
		case kindTerm:
			out.args[i].list = []Message{a.term().Rendered(lang)}
		case kindList:
			list := make([]Message, len(a.list))
			for j, item := range a.list {
				list[j] = item.Rendered(lang)
			}
			out.args[i].list = list
		}
	}
	return out
}

// Check reports an error when the arguments are not exactly the message's
// placeholders, or a plural placeholder's argument is not an integer.
func (m Message) Check() error {
	if m.def == nil {
		return fmt.Errorf("l10n: an empty message")
	}
	names := make([]string, 0, len(m.args))
	for _, a := range m.args {
		names = append(names, a.name)
		switch a.kind {
		case kindTerm:
			if err := a.term().Check(); err != nil {
				return fmt.Errorf("%s, term %s: %w", m.def.id, a.name, err)
			}
		case kindList:
			for _, item := range a.list {
				if err := item.Check(); err != nil {
					return fmt.Errorf("%s, list %s: %w", m.def.id, a.name, err)
				}
			}
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, m.def.parsed().params) {
		return fmt.Errorf("l10n: message %q has arguments %v, needs %v", m.def.id, names, m.def.params)
	}
	for _, p := range m.def.PluralParams() {
		if a, _ := m.Arg(p); a.kind != kindInt {
			return fmt.Errorf("l10n: message %q: plural argument %q is not an integer", m.def.id, p)
		}
	}
	return nil
}

// MarshalJSON writes {"id", "args", "text"}, the arguments by name in
// the order encoding/json writes a map's keys.
//
// The JSON is appended directly rather than built through a map and
// reflection: an answer holds dozens of messages, and their encoding was
// a large part of the cost of a typical attack (issue 22).
func (m Message) MarshalJSON() ([]byte, error) {
	return m.appendJSON(make([]byte, 0, 64+len(m.Text)+32*len(m.args)), "")
}

// appendJSON appends m's JSON (see MarshalJSON) to b: with its Text when
// lang is "", else as m.Rendered(lang) would write it, each text rendered
// straight into b.
func (m Message) appendJSON(b []byte, lang Lang) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = jsonappend.String(b, m.ID())
	if m.decoded() {
		b = append(b, `,"args":`...)
		b = append(b, m.args[0].s...)
		b = append(b, `,"text":`...)
		return append(jsonappend.String(b, m.Text), '}'), nil
	}
	b = append(b, `,"args":{`...)
	// The arguments sorted by name, found by selection (a message has a
	// few); of several with one name, the last is written, as a map would
	// keep it.
	var prev *Arg
	for range m.args {
		var next *Arg
		for i := range m.args {
			a := &m.args[i]
			if (prev == nil || a.name > prev.name) && (next == nil || a.name <= next.name) {
				next = a
			}
		}
		if next == nil {
			break
		}
		if prev != nil {
			b = append(b, ',')
		}
		prev = next
		b = jsonappend.String(b, next.name)
		b = append(b, ':')
		var err error
		if b, err = next.appendJSON(b, lang); err != nil {
			return b, err
		}
	}
	b = append(b, `},"text":`...)
	if lang == "" || m.def == nil {
		b = jsonappend.String(b, m.Text)
	} else {
		start := len(b)
		b = jsonappend.Quote(m.appendText(b, lang), start)
	}
	return append(b, '}'), nil
}

// argKind is the type of an argument.
type argKind uint8

const (
	kindInt argKind = iota
	kindFloat
	kindPercent
	kindString
	kindInts
	kindTerm
	kindList
	// kindLabel is a text given in every language, s holding its English,
	// Polish and Czech texts joined by labelSep.
	kindLabel
	// kindDecoded is the one argument of a message read from JSON: its
	// name the message's id, s its arguments' JSON object.
	kindDecoded
)

// Arg is one named, typed argument of a message. It is kept small (104
// bytes): the steps of every rolled answer hold dozens.
type Arg struct {
	name string
	i    int
	f    float64
	s    string
	ints []int
	// list holds a list's messages, or a term as its one message.
	list   []Message
	kind   argKind
	signed bool  // a number shown with its sign
	digits int16 // decimals of a number (see decimals)
}

// decimals is digits as an Arg holds it: -1 for any negative number
// (the shortest decimals, as for strconv.FormatFloat), and no more than
// 1100, more than any float64 has.
func decimals(digits int) int16 { return int16(max(-1, min(digits, 1100))) }

// term returns a term argument's message.
func (a *Arg) term() *Message { return &a.list[0] }

// Int is an integer argument; plural placeholders need one.
func Int(name string, v int) Arg { return Arg{name: name, kind: kindInt, i: v} }

// Float is a number shown with up to two decimals (a decimal comma in
// Polish and Czech).
func Float(name string, v float64) Arg { return Arg{name: name, kind: kindFloat, f: v, digits: 2} }

// Decimal is a number shown with up to digits decimals.
func Decimal(name string, v float64, digits int) Arg {
	return Arg{name: name, kind: kindFloat, f: v, digits: decimals(digits)}
}

// SignedDecimal is a number shown with its sign ("+0,65", "-1") and up to
// digits decimals.
func SignedDecimal(name string, v float64, digits int) Arg {
	return Arg{name: name, kind: kindFloat, f: v, digits: decimals(digits), signed: true}
}

// List is a sequence of messages rendered one after another, separated by
// spaces, in the holder's language. The list is copied, so the caller may
// reuse items.
func List(name string, items []Message) Arg {
	return Arg{name: name, kind: kindList, list: slices.Clone(items)}
}

// Percent is a probability from 0 to 1, shown as a percentage with up to
// one decimal.
func Percent(name string, p float64) Arg { return Arg{name: name, kind: kindPercent, f: p} }

// Str is a verbatim string, shown as it is in every language (a name, a
// dice expression).
func Str(name, v string) Arg { return Arg{name: name, kind: kindString, s: v} }

// Ints is a list of integers, such as rolled dice, shown as "1, 4, 6"; an
// empty list (no dice to roll) is shown as a dash.
func Ints(name string, v []int) Arg { return Arg{name: name, kind: kindInts, ints: slices.Clone(v)} }

// Term is a nested message (a rule's term, an outcome) rendered in the
// same language as the message that holds it.
func Term(name string, m Message) Arg {
	return Arg{name: name, kind: kindTerm, list: []Message{m}}
}

// Label is a text the code gives in every language rather than defines
// as a message (a schema field's label, x-labels), shown in the holder's
// language: English where t has no text in it.
func Label(name string, t Texts) Arg {
	return Arg{name: name, kind: kindLabel, s: t.En + labelSep + t.Pl + labelSep + t.Cs}
}

// labelSep joins a label's texts: no label holds it.
const labelSep = "\x00"

// label returns a label argument's text in lang.
func (a Arg) label(lang Lang) string {
	en, rest, _ := strings.Cut(a.s, labelSep)
	pl, cs, _ := strings.Cut(rest, labelSep)
	t := Texts{En: en, Pl: pl, Cs: cs}
	if t.exactly(lang) == "" {
		return en
	}
	return t.exactly(lang)
}

// Name returns the argument's name.
func (a Arg) Name() string { return a.name }

// Int returns an integer argument's value.
func (a Arg) Int() int { return a.i }

// Value returns the argument's value as its JSON form shows it.
func (a Arg) Value() any { return a.jsonValue() }

func (a Arg) jsonValue() any {
	switch a.kind {
	case kindInt:
		return a.i
	case kindFloat, kindPercent:
		return a.f
	case kindString:
		return a.s
	case kindLabel:
		return a.label(English)
	case kindInts:
		if a.ints == nil {
			return []int{}
		}
		return a.ints
	case kindTerm:
		return *a.term()
	case kindList:
		return a.list
	}
	return nil
}

// appendJSON appends the argument's value as JSON, as encoding/json
// writes its jsonValue: its terms and lists with their Text when lang is
// "", else rendered in lang (see Message.appendJSON).
func (a Arg) appendJSON(b []byte, lang Lang) ([]byte, error) {
	switch a.kind {
	case kindInt:
		return strconv.AppendInt(b, int64(a.i), 10), nil
	case kindFloat, kindPercent:
		return jsonappend.Float(b, a.f)
	case kindString:
		return jsonappend.String(b, a.s), nil
	case kindLabel:
		if lang == "" {
			lang = English
		}
		return jsonappend.String(b, a.label(lang)), nil
	case kindInts:
		b = append(b, '[')
		for i, v := range a.ints {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		return append(b, ']'), nil
	case kindTerm:
		return a.term().appendJSON(b, lang)
	case kindList:
		if a.list == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, m := range a.list {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = m.appendJSON(b, lang); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	}
	return append(b, "null"...), nil
}

// appendText appends the argument rendered in lang to b: integers, lists
// and terms straight into the text, without a string of their own.
func (a Arg) appendText(b []byte, lang Lang) []byte {
	switch a.kind {
	case kindInt:
		b = strconv.AppendInt(b, int64(a.i), 10)
	case kindFloat:
		s := FormatFloat(lang, a.f, int(a.digits))
		if a.signed && !strings.HasPrefix(s, "-") {
			b = append(b, '+')
		}
		b = append(b, s...)
	case kindPercent:
		b = append(b, FormatPercent(lang, a.f)...)
	case kindString:
		b = append(b, a.s...)
	case kindLabel:
		b = append(b, a.label(lang)...)
	case kindInts:
		if len(a.ints) == 0 {
			return append(b, "—"...)
		}
		for i, v := range a.ints {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
	case kindTerm:
		b = a.term().appendText(b, lang)
	case kindList:
		for i, m := range a.list {
			if i > 0 {
				b = append(b, ' ')
			}
			b = m.appendText(b, lang)
		}
	}
	return b
}

// FormatFloat renders v with at most digits decimals, trailing zeros
// dropped, with a decimal comma in Polish and Czech.
func FormatFloat(lang Lang, v float64, digits int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	if lang != English {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// FormatPercent renders a probability as a percentage with at most one
// decimal: "12.5%" in English and Polish style ("12,5%"), "12,5 %" in
// Czech (with a no-break space), as CLDR writes them.
func FormatPercent(lang Lang, p float64) string {
	s := FormatFloat(lang, 100*p, 1)
	if lang == Czech {
		return s + "\u00a0%"
	}
	return s + "%"
}

// Plural categories.
const (
	One   = "one"
	Few   = "few"
	Many  = "many"
	Other = "other"
)

// PluralCategories returns the CLDR plural categories of integers in lang.
func PluralCategories(lang Lang) []string {
	switch lang {
	case Polish:
		return []string{One, Few, Many}
	case Czech:
		return []string{One, Few, Other}
	}
	return []string{One, Other}
}

// PluralCategory returns the CLDR plural category of the integer n in
// lang.
func PluralCategory(lang Lang, n int) string {
	if n < 0 {
		n = -n
	}
	switch lang {
	case Polish:
		switch {
		case n == 1:
			return One
		case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
			return Few
		}
		return Many
	case Czech:
		switch {
		case n == 1:
			return One
		case n >= 2 && n <= 4:
			return Few
		}
		return Other
	}
	if n == 1 {
		return One
	}
	return Other
}
