package qualityd6

import (
	"math/big"
	"testing"

	"kostka/dice"
)

// TestRecover: each ability by hand, quoting seed 001.
func TestRecover(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		key        string
		value      int
		want       *big.Rat
	}{
		// Regeneracja: "odzyskujesz K3 rany, ale nie więcej niż liczba
		// straconych w tej aktywacji": 2 lost, K3 of 2 or 3 (faces 3-6)
		// is capped at 2: P(2) = 4/6.
		{"Regeneracja capped", `{"ability": "Regeneracja", "models": 5, "toughness": 1, "models_lost": 4, "lost_this_activation": 2}`, "recovered", 2, big.NewRat(2, 3)},
		// Without the cap, K3 is 3 on a 5 or 6: 1/3.
		{"Regeneracja", `{"ability": "Regeneracja", "models": 5, "toughness": 1, "models_lost": 4, "lost_this_activation": 9}`, "recovered", 3, big.NewRat(1, 3)},
		// Odrodzenie: "rzuć tyloma kośćmi, ile ran może odzyskać ten
		// oddział. Na 4+ odzyskuje jedną ranę": one model of Toughness 3
		// lost: 3 dice, all three 4+ with 1/8.
		{"Odrodzenie", `{"ability": "Odrodzenie", "models": 2, "toughness": 3, "models_lost": 1}`, "recovered", 3, big.NewRat(1, 8)},
		// "Za każdą odrzuć znacznik ran lub, jeżeli oddział ich nie ma,
		// ustaw ... pokonany wcześniej jego model i dodaj rany równego jego
		// wytrzymałości minus 1": the first wound sets the model up, so
		// it is back with any wound: 7/8.
		{"Odrodzenie restores", `{"ability": "Odrodzenie", "models": 2, "toughness": 3, "models_lost": 1}`, "models_restored", 1, big.NewRat(7, 8)},
		// A marker is discarded before a model is set up: with one
		// marker and one model lost (Toughness 2), 3 dice; the model is
		// back with 2 wounds or more: 1/2.
		{"Odrodzenie markers first", `{"ability": "Odrodzenie", "models": 3, "toughness": 2, "models_lost": 1, "wounds": 1}`, "models_restored", 1, big.NewRat(1, 2)},
		// Łatanie: "leczy k3 rany": two models of Toughness 1 lost, both
		// back on a K3 of 2 or more: 2/3.
		{"Łatanie", `{"ability": "Łatanie", "models": 5, "toughness": 1, "models_lost": 2}`, "models_restored", 2, big.NewRat(2, 3)},
	} {
		o, err := System().Actions["recover"].Odds(t.Context(), []byte(tt.body))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := p(t, o, tt.key, tt.value); !exactly(got, tt.want) {
			t.Errorf("%s: P(%s = %d) = %v, want %v", tt.name, tt.key, tt.value, got, tt.want)
		}
	}
}

// TestRecoverRolled: a rolled recovery puts its wounds back as the odds
// do, and refuses a state no unit is in.
func TestRecoverRolled(t *testing.T) {
	a := System().Actions["recover"]
	for seed := range uint64(50) {
		out, err := a.Roll(t.Context(), []byte(`{"ability": "Odrodzenie", "models": 4, "toughness": 3, "models_lost": 2, "wounds": 2}`), dice.NewSeededSource(seed))
		if err != nil {
			t.Fatal(err)
		}
		r := out.(*RecoverResult)
		got := 0
		for _, d := range r.Dice {
			if d >= 4 {
				got++
			}
		}
		if len(r.Dice) != 8 || r.Recovered != got || r.ModelsLost+r.ModelsRestored != 2 || r.Wounds < 0 || r.Wounds > 2 || len(r.Rules) != 2 {
			t.Fatalf("seed %d: %+v", seed, r)
		}
	}
	for _, body := range []string{
		`{"ability": "Regeneracja", "models": 2, "toughness": 3, "models_lost": 2}`,
		`{"ability": "Regeneracja", "models": 2, "toughness": 3, "wounds": 3}`,
		`{"ability": "Furia", "models": 2, "toughness": 3}`,
	} {
		if _, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(1)); err == nil {
			t.Errorf("%s: accepted", body)
		}
	}
}
