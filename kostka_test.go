package kostka_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"kostka"
	"kostka/dice"
	"kostka/l10n"
)

// TestProblem checks a refused expression as every adapter sees it: a
// *Problem that keeps the dice error it explains, rendered in the reader's
// language by In (the problem itself unchanged), and written by Write as
// application/problem+json with its status and Retry-After.
func TestProblem(t *testing.T) {
	svc := kostka.New(kostka.Config{})
	_, err := svc.Roll(context.Background(), kostka.RollRequest{Expr: "2d", Lang: l10n.Polish})
	var (
		p      *kostka.Problem
		syntax *dice.SyntaxError
	)
	if !errors.As(err, &p) || !errors.As(err, &syntax) || p.Status != http.StatusBadRequest || p.Field != "expr" || p.Position != 3 {
		t.Fatalf("err = %#v, want a 400 problem about expr at 3 that wraps a *dice.SyntaxError", err)
	}
	pl := p.In(l10n.Polish)
	if pl.Title != "Nieprawidłowe wyrażenie z kośćmi" || pl.Label != "Wyrażenie z kośćmi" || pl.Detail == p.Detail || p.Title != "Invalid dice expression" {
		t.Errorf("in Polish %+v; in English %+v", *pl, *p)
	}
	busy := &kostka.Problem{Type: kostka.TypeUnavailable, Title: "Service unavailable", Status: http.StatusServiceUnavailable, RetryAfter: 1}
	rec := httptest.NewRecorder()
	busy.Write(rec)
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 503 || rec.Header().Get("Retry-After") != "1" ||
		rec.Header().Get("Content-Type") != "application/problem+json" || got["status"] != 503.0 || got["title"] != "Service unavailable" {
		t.Errorf("wrote %d %v %s (%v)", rec.Code, rec.Header(), rec.Body, err)
	}
}

// TestOutcome checks that an outcome tells its report however it was
// resolved: a roll's from the system's typed result, the odds alone in
// ModeOdds, and that its JSON is the result's, or {"odds": …}.
func TestOutcome(t *testing.T) {
	svc := kostka.New(kostka.Config{})
	seed := uint64(1)
	for _, mode := range []kostka.Mode{kostka.ModeRoll, kostka.ModeOdds} {
		out, err := svc.Act(context.Background(), kostka.ActionRequest{System: "pool-k6", Action: "test", Mode: mode, Seed: &seed,
			Lang: l10n.Czech, Fields: json.RawMessage(`{"dice": 2, "opponent": {"dice": 1}}`)})
		if err != nil {
			t.Fatal(err)
		}
		r := out.Report()
		if len(r.Odds) == 0 || (mode == kostka.ModeRoll) != (len(r.Steps) > 0) || r.Odds[0].Label.Text == "" {
			t.Errorf("%s: report %+v", mode, r)
		}
		b, err := json.Marshal(out)
		var shape map[string]json.RawMessage
		if err != nil || json.Unmarshal(b, &shape) != nil || shape["odds"] == nil || (mode == kostka.ModeOdds) != (len(shape) == 1) {
			t.Errorf("%s: JSON %s (%v)", mode, b, err)
		}
	}
}
