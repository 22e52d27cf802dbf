package systems

import (
	"encoding/json"
	"kostka/internal/jsonobj"
	"unicode/utf8"
)

// parseTree reads a request that is one JSON object, as the tree a
// json.Decoder with UseNumber decodes it into (jsonobj.Object, []any,
// string, bool, nil and json.Number), without the decoder's reflection
// and buffers: a typical request's decoding was a fifth of its cost.
//
// It reads only plain requests: strings without escapes, nesting no
// deeper than maxTreeDepth. For anything else (another kind of value,
// trailing data, a syntax error, an escape) ok is false, and the caller
// decodes with encoding/json, which decides what the request is and how
// it is wrong.
func parseTree(b []byte) (tree jsonobj.Object, ok bool) {
	p := treeParser{b: b}
	p.space()
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return nil, false
	}
	v, ok := p.value(0)
	if !ok {
		return nil, false
	}
	if p.space(); p.i != len(p.b) {
		return nil, false
	}
	return v.(jsonobj.Object), true
}

// maxTreeDepth is the deepest nesting parseTree reads itself.
const maxTreeDepth = 32

type treeParser struct {
	b []byte
	i int
}

// space skips JSON whitespace.
func (p *treeParser) space() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value reads the value at p.i, which is not whitespace.
func (p *treeParser) value(depth int) (any, bool) {
	if p.i >= len(p.b) || depth > maxTreeDepth {
		return nil, false
	}
	switch c := p.b[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, ok := p.string()
		return s, ok
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(p.b)-p.i >= len(lit.text) && string(p.b[p.i:p.i+len(lit.text)]) == lit.text {
			p.i += len(lit.text)
			return lit.v, true
		}
	}
	return nil, false
}

// object reads an object; the last of several values of one key stays,
// as encoding/json keeps it.
func (p *treeParser) object(depth int) (any, bool) {
	m := jsonobj.Object{}
	ok := p.items('}', func() bool {
		if p.i >= len(p.b) || p.b[p.i] != '"' {
			return false
		}
		k, ok := p.string()
		if !ok {
			return false
		}
		if p.space(); p.i >= len(p.b) || p.b[p.i] != ':' {
			return false
		}
		p.i++
		p.space()
		v, ok := p.value(depth + 1)
		m[k] = v
		return ok
	})
	if !ok {
		return nil, false
	}
	return m, true
}

// array reads an array ([] is an empty, not a nil, slice).
func (p *treeParser) array(depth int) (any, bool) {
	list := []any{}
	ok := p.items(']', func() bool {
		v, ok := p.value(depth + 1)
		list = append(list, v)
		return ok
	})
	if !ok {
		return nil, false
	}
	return list, true
}

// items reads the items of an object or an array, from its opening
// bracket to end, its closing one: none, or item (called at each item's
// start, after white space) for each, separated by commas.
func (p *treeParser) items(end byte, item func() bool) bool {
	p.i++ // { or [
	p.space()
	if p.i < len(p.b) && p.b[p.i] == end {
		p.i++
		return true
	}
	for {
		p.space()
		if !item() {
			return false
		}
		p.space()
		if p.i >= len(p.b) {
			return false
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case end:
			p.i++
			return true
		default:
			return false
		}
	}
}

// string reads a string with no escapes, of valid UTF-8 and no control
// characters (those encoding/json reads as they are).
func (p *treeParser) string() (string, bool) {
	start := p.i + 1
	ascii := true
	for i := start; i < len(p.b); i++ {
		switch c := p.b[i]; {
		case c == '"':
			s := p.b[start:i]
			if !ascii && !utf8.Valid(s) {
				return "", false
			}
			p.i = i + 1
			return string(s), true
		case c == '\\' || c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}

// number reads a number as its literal:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *treeParser) number() (any, bool) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.b[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.b) && p.b[p.i] == '0':
		p.i++
	case digits() == 0:
		return nil, false
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, false
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	return json.Number(p.b[start:p.i]), true
}
