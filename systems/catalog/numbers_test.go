package catalog

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// TestNumbersRounded: every number of every action's answer (rolled with
// several seeds, and its odds) and of every points cost is written with at
// most 15 significant digits, the rule /v1/odds writes by: no
// 0.9953703703703707, no 126.20000000000002.
func TestNumbersRounded(t *testing.T) {
	t.Parallel()
	var answers []any
	eachSample(t, Registry(), func(id, name, body string, a *systems.Action) {
		for seed := range uint64(3) {
			res, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(seed))
			if err != nil {
				t.Fatalf("%s %s %s: %v", id, name, body, err)
			}
			answers = append(answers, res)
		}
	})
	for _, c := range sampleCosts(t) {
		answers = append(answers, c)
	}
	numbers := 0
	for i, answer := range answers {
		b, err := l10n.AppendJSON(nil, answer, l10n.English)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			n, ok := tok.(json.Number)
			if !ok {
				continue
			}
			numbers++
			if d := significantDigits(string(n)); d > 15 {
				t.Errorf("answer %d (%T): %s has %d significant digits", i, answer, n, d)
			}
		}
	}
	if numbers < 1000 {
		t.Errorf("only %d numbers checked", numbers)
	}
}

// significantDigits counts the significant digits of a JSON number.
func significantDigits(n string) int {
	mant, _, _ := strings.Cut(strings.ToLower(n), "e")
	digits := strings.TrimLeft(strings.NewReplacer("-", "", ".", "").Replace(mant), "0")
	if strings.Contains(mant, ".") {
		return len(digits)
	}
	return len(strings.TrimRight(digits, "0"))
}
