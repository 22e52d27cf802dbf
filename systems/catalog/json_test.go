package catalog

import (
	"bytes"
	"encoding/json"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems/qualityd6/cost"
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
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		for _, name := range s.ActionNames() {
			a := s.Actions[name]
			bodies := append([]string{string(mustJSON(baseRequest(a.Compiled().Fields())))}, samples[id+" "+name]...)
			for _, body := range bodies {
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
			}
		}
	}
	for _, body := range costSamples {
		var u cost.Unit
		if err := json.Unmarshal([]byte(body), &u); err != nil {
			t.Fatal(err)
		}
		c, err := cost.Of(u)
		if err != nil {
			t.Fatalf("cost %s: %v", body, err)
		}
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
