package poolk6

import (
	"errors"
	"testing"

	"kostka/dice"
	"kostka/systems"
	"kostka/systems/systemstest"
)

func TestSpecialRolls(t *testing.T) {
	tests := []struct {
		req   SpecialRequest
		needs int
		odds  float64
	}{
		{SpecialRequest{Kind: Medic, Rating: 4}, 5, 2. / 6},   // "Medic 4 leczy na 5+"
		{SpecialRequest{Kind: Stealth, Rating: 5}, 6, 1. / 6}, // "Stealth 5 unika na 6+"
		{SpecialRequest{Kind: Burning}, 5, 2. / 6},            // 5-6 loses a wound
	}
	for _, tt := range tests {
		src := dice.NewSeededSource(3)
		const trials = 30_000
		hits := 0
		for range trials {
			res, err := RollSpecial(t.Context(), tt.req, src)
			if err != nil {
				t.Fatal(err)
			}
			if res.Needs != tt.needs || !near(res.Odds.Value("success"), tt.odds) || res.Success != (res.Die >= tt.needs) {
				t.Fatalf("%+v: %+v", tt.req, res)
			}
			if res.Success {
				hits++
			}
		}
		systemstest.WithinFourSigma(t, tt.req.Kind, hits, trials, tt.odds)
	}
}

func TestSpecialValidation(t *testing.T) {
	for _, tt := range []struct {
		req   SpecialRequest
		field string
	}{
		{SpecialRequest{Kind: "prayer"}, "kind"},
		{SpecialRequest{Kind: Medic, Rating: 6}, "rating"},
		{SpecialRequest{Kind: Stealth}, "rating"},
		{SpecialRequest{Kind: Burning, Rating: 2}, "rating"},
	} {
		_, err := RollSpecial(t.Context(), tt.req, dice.NewSeededSource(1))
		var fe *systems.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: err = %v, want a field error on %s", tt.req, err, tt.field)
		}
	}
}
