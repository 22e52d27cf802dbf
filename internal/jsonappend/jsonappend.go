// Package jsonappend appends JSON values to a byte slice exactly as
// encoding/json's Marshal writes them. The answers' hot paths (a
// localized message, a distribution, a request with its defaults) write
// their JSON with it instead of through reflection, and their bytes stay
// what Marshal would give.
package jsonappend

import (
	"encoding/json"
	"fmt"
	"kostka/internal/jsonobj"
	"math"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// Appender is a type that appends its own JSON: the bytes encoding/json
// writes for it (with or without HTML escaping: an Appender writes no
// string that tells them apart). A writer that knows Appender (such as
// l10n.AppendJSON) calls it instead of walking the value by reflection;
// encoding/json, which does not, writes the same bytes.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// String appends s as a JSON string, escaped as Marshal escapes it: the
// quote, the backslash and control characters, the HTML characters <, >
// and &, U+2028 and U+2029; invalid UTF-8 becomes U+FFFD.
func String(b []byte, s string) []byte { return appendString(b, s, true) }

// StringKeepHTML appends s as a JSON string as an Encoder with
// SetEscapeHTML(false) writes it: like String, but <, > and & as they are.
func StringKeepHTML(b []byte, s string) []byte { return appendString(b, s, false) }

// Quote turns the text appended to b from start on into a JSON string as
// String writes it, so that a text can be written straight into the JSON
// around it: in place when nothing in it needs escaping, as is usual.
func Quote(b []byte, start int) []byte {
	text := b[start:]
	if !needsEscape(text) {
		b = append(b, 0)
		copy(b[start+1:], text)
		b[start] = '"'
		return append(b, '"')
	}
	return String(b[:start], string(text))
}

// needsEscape reports whether String would write any byte of text other
// than as it is.
func needsEscape(text []byte) bool {
	for i, c := range text {
		switch {
		case c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&':
			return true
		case c == 0xE2 && i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0xA8 || text[i+2] == 0xA9):
			return true // U+2028, U+2029
		}
	}
	return !utf8.Valid(text)
}

// appendString appends s as a JSON string, the HTML characters escaped
// when html is true.
func appendString(b []byte, s string, html bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Float appends f as a JSON number, as Marshal writes a float64: the
// shortest decimal that reads back as f, in exponent form below 1e-6 and
// from 1e21. NaN and the infinities are no JSON number: they are an
// error, the *json.UnsupportedValueError that Marshal returns.
func Float(b []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// Value appends a JSON value decoded into Go: nil, a bool, a string, a
// json.Number, a float64, an int, a jsonobj.Object (its keys sorted, as
// Marshal sorts them) or a []any of these. Any other type is an error.
func Value(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case string:
		return String(b, x), nil
	case json.Number:
		if x == "" {
			return append(b, '0'), nil
		}
		if !isNumber(string(x)) {
			return b, fmt.Errorf("json: invalid number literal %q", string(x))
		}
		return append(b, x...), nil
	case float64:
		return Float(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case jsonobj.Object:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = String(b, k)
			b = append(b, ':')
			var err error
			if b, err = Value(b, x[k]); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	case []any:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = Value(b, e); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	}
	return b, fmt.Errorf("jsonappend: unsupported type %T", v)
}

// isNumber reports whether s is a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
	}
	digits := func() int {
		n := 0
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		s = s[n:]
		return n
	}
	switch {
	case s == "":
		return false
	case s[0] == '0':
		s = s[1:]
	case digits() == 0:
		return false
	}
	if s != "" && s[0] == '.' {
		s = s[1:]
		if digits() == 0 {
			return false
		}
	}
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s != "" && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		if digits() == 0 {
			return false
		}
	}
	return s == ""
}
