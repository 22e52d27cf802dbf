package systems

import (
	"errors"
	"testing"

	"kostka/dice"
)

type echoReq struct {
	N     int `json:"n"`
	Inner *struct {
		M int `json:"m"`
	} `json:"inner"`
}

func echoAction() *Action {
	roll := func(r echoReq, src dice.Source) (int, error) {
		if err := Check("n", r.N, 1, 6); err != nil {
			return 0, err
		}
		return r.N + src.IntN(1), nil
	}
	odds := func(r echoReq) (float64, error) { return 1, Check("n", r.N, 1, 6) }
	return NewAction(Localized{"en": "Echo"}, []byte(`{"type":"object"}`), roll, odds)
}

func TestActionDecoding(t *testing.T) {
	a := echoAction()
	if got, err := a.Roll([]byte(`{"n": 3}`), dice.NewSeededSource(1)); err != nil || got != 3 {
		t.Fatalf("Roll = %v, %v", got, err)
	}
	tests := []struct {
		body  string
		field string
	}{
		{`{"n": 9}`, "n"},
		{`{"n": "three"}`, "n"},
		{`{"n": 1, "extra": true}`, "extra"},
		{`{"n": 1, "inner": {"m": "x"}}`, "inner.m"},
		{`{"n": 1} {"n": 2}`, ""},
		{`[1, 2]`, ""},
		{`{"n": 1`, ""},
	}
	for _, tt := range tests {
		for name, call := range map[string]func() error{
			"roll": func() error { _, err := a.Roll([]byte(tt.body), dice.NewSeededSource(1)); return err },
			"odds": func() error { _, err := a.Odds([]byte(tt.body)); return err },
		} {
			err := call()
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field || !errors.Is(err, ErrInvalid) {
				t.Errorf("%s %s: err = %v, want a field error on %q", name, tt.body, err, tt.field)
			}
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
