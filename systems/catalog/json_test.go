package catalog

import (
	"bytes"
	"encoding/json"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// TestAppendJSONAnswers: l10n.AppendJSON, which the API writes every
// localized answer with, gives the bytes encoding/json gives for the
// answer localized, for every action of every system (rolled with several
// seeds, and its odds), the points cost and dice rolls and odds, in every
// language.
func TestAppendJSONAnswers(t *testing.T) {
	t.Parallel()
	reg := Registry()
	var answers []any
	eachSample(t, reg, func(id, name, body string, a *systems.Action) {
		for seed := range uint64(4) {
			res, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(seed))
			if err != nil {
				t.Fatalf("%s %s %s: %v", id, name, body, err)
			}
			answers = append(answers, res)
		}
		odds, err := a.Odds(t.Context(), []byte(body))
		if err != nil {
			t.Fatalf("%s %s %s odds: %v", id, name, body, err)
		}
		answers = append(answers, struct {
			Odds any `json:"odds"`
		}{odds})
	})
	for _, c := range sampleCosts(t) {
		answers = append(answers, c)
	}
	for _, expr := range []string{"7/2", "4d6kh3+2", "2d6!", "3x 1d6", "1d6/2"} {
		e, err := dice.Parse(expr)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		answers = append(answers, e.Roll(dice.NewSeededSource(1)))
		if o, err := e.Odds(); err == nil {
			answers = append(answers, o)
		}
	}
	for i, answer := range answers {
		for _, lang := range l10n.Languages {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(l10n.Localize(answer, lang)); err != nil {
				t.Fatalf("answer %d (%T) in %s: %v", i, answer, lang, err)
			}
			got, err := l10n.AppendJSON(nil, answer, lang)
			if err != nil || !bytes.Equal(append(got, '\n'), want.Bytes()) {
				t.Errorf("answer %d (%T) in %s:\n got %s (%v)\nwant %s", i, answer, lang, got, err, want.Bytes())
			}
		}
	}
	if len(answers) < 100 {
		t.Errorf("only %d answers compared", len(answers))
	}
}

// BenchmarkAppendJSON measures writing a typical rolled quality-d6
// attack's answer (steps, dice and four distributions) in Polish, and the
// same with encoding/json after l10n.Localize, as the API wrote it before.
func BenchmarkAppendJSON(b *testing.B) {
	s, _ := Registry().Get("quality-d6")
	res, err := s.Actions["attack"].Roll(b.Context(), []byte(`{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`), dice.NewSeededSource(1))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("AppendJSON", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 8<<10)
		for b.Loop() {
			if buf, err = l10n.AppendJSON(buf[:0], res, l10n.Polish); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("Localize+encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		buf.Grow(8 << 10)
		for b.Loop() {
			buf.Reset()
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(l10n.Localize(res, l10n.Polish)); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(int64(buf.Len()))
	})
}
