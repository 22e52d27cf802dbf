// Package poolk6 resolves the tests and attacks of the pool-k6 rulebook
// (seed 002), a Polish sci-fi skirmish game: a skill of x rolls x six-sided
// dice, the result is the highest die plus one for every further 6, and all
// modifiers apply to that result, never to the number of dice.
//
// Every resolution can be rolled (showing every die) and its exact odds
// computed; the odds are enumerated over the pool's exact distribution, so
// the two always agree.
package poolk6

import (
	"math"

	"kostka/dice"
	"kostka/systems"
)

// MaxDice is the largest pool a skill gives. The rulebook sets no limit;
// twelve dice is far beyond any profile and keeps every answer small.
const MaxDice = 12

// PoolRoll is one rolled pool: every die, the unmodified result (highest
// die, +1 for every further 6), the modifier and the final result.
type PoolRoll struct {
	Dice       []int `json:"dice"`
	Unmodified int   `json:"unmodified"`
	Modifier   int   `json:"modifier"`
	Result     int   `json:"result"`
}

// rollPool rolls n dice.
func rollPool(src dice.Source, n, modifier int) PoolRoll {
	r := PoolRoll{Dice: make([]int, n), Modifier: modifier}
	for i := range r.Dice {
		r.Dice[i] = src.IntN(6) + 1
	}
	r.Unmodified = poolResult(r.Dice)
	r.Result = r.Unmodified + modifier
	return r
}

// poolResult is the rulebook's reading of a pool: the highest die, +1 for
// each 6 beyond the first.
func poolResult(faces []int) int {
	high, sixes := 0, 0
	for _, f := range faces {
		high = max(high, f)
		if f == 6 {
			sixes++
		}
	}
	if sixes > 1 {
		return 6 + sixes - 1
	}
	return high
}

// dist is an exact probability distribution over consecutive integers
// starting at min.
type dist struct {
	min int
	p   []float64
}

func (d dist) max() int { return d.min + len(d.p) - 1 }

// at returns P(X = v).
func (d dist) at(v int) float64 {
	if v < d.min || v > d.max() {
		return 0
	}
	return d.p[v-d.min]
}

func (d dist) shift(k int) dist { return dist{min: d.min + k, p: d.p} }

// poolDist is the exact distribution of the unmodified result of n dice:
// P(result = r) = (r/6)^n - ((r-1)/6)^n for r = 1..5; a result of 6+k
// means exactly k+1 sixes, a binomial term.
func poolDist(n int) dist {
	d := dist{min: 1, p: make([]float64, 5+n)}
	for r := 1; r <= 5; r++ {
		d.p[r-1] = math.Pow(float64(r)/6, float64(n)) - math.Pow(float64(r-1)/6, float64(n))
	}
	for sixes := 1; sixes <= n; sixes++ {
		d.p[5+sixes-1] = binomial(n, sixes) * math.Pow(1.0/6, float64(sixes)) * math.Pow(5.0/6, float64(n-sixes))
	}
	return d
}

func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// distribution renders d for an answer.
func (d dist) distribution() systems.Distribution { return systems.NewDistribution(d.min, d.p) }

// fromMap turns a value -> probability map into a dist.
func fromMap(m map[int]float64) dist {
	if len(m) == 0 {
		return dist{min: 0, p: []float64{1}}
	}
	lo, hi := math.MaxInt, math.MinInt
	for v := range m {
		lo, hi = min(lo, v), max(hi, v)
	}
	d := dist{min: lo, p: make([]float64, hi-lo+1)}
	for v, p := range m {
		d.p[v-lo] = p
	}
	return d
}
