package dice

import (
	"bufio"
	"encoding/json"
	"flag"
	"math"
	"os"
	"testing"
	"time"
)

var (
	peerFile = flag.String("peer", "", "JSON lines written by conformance/peer.mjs (conformance/run.sh sets it)")
	rolls    = flag.Int("rolls", 1_000_000, "rolls per expression in the side-by-side speed comparison")
)

// peerLine is one line of the peer's answers.
type peerLine struct {
	Expr      string  `json:"expr"`
	Min       int     `json:"min"`
	Max       int     `json:"max"`
	Mean      float64 `json:"mean"`
	Speed     string  `json:"speed"`
	NsPerRoll float64 `json:"ns_per_roll"`
}

// TestConformance compares min, max and mean with the peer
// (@dice-roller/rpg-dice-roller) on every expression of
// conformance/expressions.txt, and rolls the speed expressions as many
// times as the peer did, reporting the ratio. It runs from
// conformance/run.sh, which CI calls.
func TestConformance(t *testing.T) {
	if *peerFile == "" {
		t.Skip("run conformance/run.sh to compare with the peer")
	}
	f, err := os.Open(*peerFile)
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
			e, err := Parse(p.Speed)
			if err != nil {
				t.Fatal(err)
			}
			src := NewSeededSource(1)
			start := time.Now()
			sum := 0
			for range *rolls {
				sum += e.Roll(src).Total
			}
			ours := float64(time.Since(start).Nanoseconds()) / float64(*rolls)
			t.Logf("%s rolled %d times: peer %.0f ns/roll, ours %.0f ns/roll: %.0f× faster", p.Speed, *rolls, p.NsPerRoll, ours, p.NsPerRoll/ours)
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
