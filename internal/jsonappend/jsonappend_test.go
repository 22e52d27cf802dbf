package jsonappend

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

// marshal is what encoding/json writes for v.
func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal(%#v): %v", v, err)
	}
	return string(b)
}

// stringCases are texts that every way of writing a JSON string must
// escape as encoding/json does.
var stringCases = []string{"", "plain", `quote " and \ backslash`, "tab\tnew\nline\rcr\bback\fform", "\x00\x01\x1f\x7f",
	"<b>&amp;</b>", "Zabójczy(3) → 2", "line\u2028para\u2029", "bad \xff utf-8 \xc3", "4+ (-1)", "12,5\u00a0%", "😀"}

func TestString(t *testing.T) {
	for _, s := range stringCases {
		if got, want := string(String(nil, s)), marshal(t, s); got != want {
			t.Errorf("String(%q) = %s, want %s", s, got, want)
		}
	}
}

// encodeKeepHTML is what an Encoder with SetEscapeHTML(false) writes for
// v, without its newline.
func encodeKeepHTML(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("Encode(%#v): %v", v, err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func TestStringKeepHTML(t *testing.T) {
	for _, s := range stringCases {
		if got, want := string(StringKeepHTML(nil, s)), encodeKeepHTML(t, s); got != want {
			t.Errorf("StringKeepHTML(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestQuote(t *testing.T) {
	for _, s := range append(stringCases, "\xe2\x80", "ends \xe2\x80\xa8", "ok → \xe2\x80\xa7") {
		for _, prefix := range []string{"", `{"text":`} {
			for _, spare := range []int{0, 64} { // appended in place, or grown
				b := make([]byte, 0, len(prefix)+len(s)+spare)
				b = append(append(b, prefix...), s...)
				if got, want := string(Quote(b, len(prefix))), prefix+marshal(t, s); got != want {
					t.Errorf("Quote(%q after %q) = %s, want %s", s, prefix, got, want)
				}
			}
		}
	}
}

func TestFloat(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.0 / 3, 0.0009765625, 12.499999999999995, 1e-6, 9.99e-7, 1e-7, 1.5e-9,
		1e20, 1e21, 123456789e15, -2.5e-300, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		got, err := Float(nil, f)
		if want := marshal(t, f); err != nil || string(got) != want {
			t.Errorf("Float(%v) = %s, %v; want %s", f, got, err, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := Float(nil, f)
		var unsupported *json.UnsupportedValueError
		if !errors.As(err, &unsupported) {
			t.Errorf("Float(%v): err = %v, want *json.UnsupportedValueError", f, err)
		}
	}
}

func TestValue(t *testing.T) {
	for _, v := range []any{nil, true, false, "x<y", json.Number("4"), json.Number("-0.5e+3"), 2.0, 7,
		map[string]any{"b": 1.0, "a": []any{"x", nil, map[string]any{}}, "A": json.Number("1")}, []any{}, []any(nil)} {
		got, err := Value(nil, v)
		if want := marshal(t, v); err != nil || string(got) != want {
			t.Errorf("Value(%#v) = %s, %v; want %s", v, got, err, want)
		}
	}
	if got, err := Value(nil, json.Number("")); err != nil || string(got) != "0" {
		t.Errorf(`Value(json.Number("")) = %s, %v; want 0`, got, err)
	}
	for _, v := range []any{json.Number("01"), json.Number("1."), json.Number(" 1"), json.Number("-"), json.Number("1e"), json.Number("\"1\""),
		math.NaN(), struct{}{}, []any{make(chan int)}, map[string]any{"a": math.Inf(1)}} {
		if _, err := Value(nil, v); err == nil {
			t.Errorf("Value(%#v) gave no error", v)
		}
		if _, err := json.Marshal(v); err == nil {
			if _, ok := v.(struct{}); !ok {
				t.Errorf("json.Marshal(%#v) gave no error either", v)
			}
		}
	}
}

// FuzzString checks String against encoding/json on any bytes.
func FuzzString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "<>&", "\u2028", "\xff", "żółw"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(String(nil, s)), marshal(t, s); got != want {
			t.Errorf("String(%q) = %s, want %s", s, got, want)
		}
	})
}

// FuzzFloat checks Float against encoding/json on any float64.
func FuzzFloat(f *testing.F) {
	for _, x := range []float64{0, 1e-7, 1e21, 0.1} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		got, err := Float(nil, x)
		want, werr := json.Marshal(x)
		if (err != nil) != (werr != nil) || err == nil && string(got) != string(want) {
			t.Errorf("Float(%v) = %s, %v; json.Marshal: %s, %v", x, got, err, want, werr)
		}
	})
}
