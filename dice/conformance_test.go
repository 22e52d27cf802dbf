package dice

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"testing"
	"time"

	"kostka/internal/testenv"
)

// peerEnv names the file of the peer's answers, written by
// conformance/peer.sh.
const peerEnv = "KOSTKA_DICE_PEER"

// peerLine is one line of the peer's answers.
type peerLine struct {
	Expr      string  `json:"expr"`
	Min       int     `json:"min"`
	Max       int     `json:"max"`
	Mean      float64 `json:"mean"`
	Speed     string  `json:"speed"`
	NsPerRoll float64 `json:"ns_per_roll"`
	Rolls     int     `json:"rolls"`
}

// TestConformance compares min, max and mean with the peer
// (@dice-roller/rpg-dice-roller) on every expression of
// conformance/expressions.txt, and rolls the speed expressions as many
// times as the peer did, reporting the ratio (not under the race detector,
// which slows ours alone). It needs the peer's answers, written with
// Node.js: conformance/run.sh writes them and runs this test; CI writes
// them and runs it with every other test.
func TestConformance(t *testing.T) {
	peerFile := os.Getenv(peerEnv)
	if peerFile == "" {
		testenv.Missing(t, "the peer's answers ("+peerEnv+")", "run dice/conformance/run.sh (it needs Node.js and npm)")
	}
	f, err := os.Open(peerFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	compared := 0
	for sc.Scan() {
		var p peerLine
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		if p.Speed != "" {
			if raceEnabled {
				t.Logf("%s: no speed comparison under the race detector", p.Speed)
				continue
			}
			e, err := Parse(p.Speed)
			if err != nil {
				t.Fatal(err)
			}
			src := NewSeededSource(1)
			start := time.Now()
			sum := 0
			for range p.Rolls {
				sum += e.Roll(src).Total
			}
			ours := float64(time.Since(start).Nanoseconds()) / float64(p.Rolls)
			t.Logf("%s rolled %d times: peer %.0f ns/roll, ours %.0f ns/roll: %.0f× faster", p.Speed, p.Rolls, p.NsPerRoll, ours, p.NsPerRoll/ours)
			continue
		}
		e, err := Parse(p.Expr)
		if err != nil {
			t.Errorf("%s: %v", p.Expr, err)
			continue
		}
		o, err := e.Odds()
		if err != nil {
			t.Errorf("%s: %v", p.Expr, err)
			continue
		}
		compared++
		if o.Min != p.Min || o.Max != p.Max || math.Abs(o.Mean-p.Mean) > 1e-9 {
			t.Errorf("%s: ours %d..%d mean %v, peer %d..%d mean %v", p.Expr, o.Min, o.Max, o.Mean, p.Min, p.Max, p.Mean)
		}
	}
	if compared < 60 {
		t.Errorf("only %d expressions compared; want at least 60", compared)
	}
	t.Logf("%d expressions: min, max and mean equal the peer's", compared)
}
