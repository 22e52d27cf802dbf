package poolk6

import (
	"math"
	"testing"
)

// TestScatterByHand: the chance that a scatter of 1d6" in a uniform
// direction leaves a base within reach, computed by hand. With the
// defender's centre D from the aiming point and reach ρ (area radius plus
// base radius), a scatter of s covers the arc where
// cos φ >= (s² + D² - ρ²) / 2sD.
func TestScatterByHand(t *testing.T) {
	tests := []struct {
		name        string
		distance    float64
		area, base  float64
		want        float64
		description string
	}{
		{"aimed at, AE 2", 0, 2, 0.5, 2. / 6, "s = 1, 2 land within 2.5\""},
		{"aimed at, AE 1, large base", 0, 1, 2, 3. / 6, "s = 1, 2, 3 land within 3\""},
		// D = 3/4, ρ = 5/4: s = 1 gives cos φ >= 0, half the circle; s = 2
		// gives cos φ >= 1, none; more is out of reach. 1/2 / 6 = 1/12.
		{"right angle", 0.75, 1, 0.25, 1. / 12, ""},
		// D = 3/4, ρ = 7/4: s = 1 gives cos φ >= -1, the whole circle; s = 2
		// gives cos φ >= 1/2, a third. (1 + 1/3) / 6 = 2/9.
		{"third of a circle", 0.75, 1, 0.75, 2. / 9, ""},
		// D = 11/4, ρ = 31/4: s = 1..5 reach it from every direction; s = 6
		// gives cos φ >= -1/2, two thirds. (5 + 2/3) / 6 = 17/18.
		{"two thirds", 2.75, 7, 0.75, 17. / 18, ""},
		{"out of reach", 10, 2, 0.5, 0, "6 + 2.5 < 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := placement{distance: tt.distance, reach: tt.area + tt.base, bearing: 1}
			cells := scatterCells([]placement{p}, tt.area)
			got, total := 0.0, 0.0
			for _, c := range cells {
				total += c.p
				if c.covered[0] {
					got += c.p
				}
			}
			if !near(got, tt.want) || !near(total, 1) {
				t.Errorf("covered %v (cells sum to %v), want %v (%s)", got, total, tt.want, tt.description)
			}
		})
	}
	if cells := scatterCells([]placement{{distance: 0, reach: 6}}, 0); len(cells) != 1 || cells[0].covered[0] {
		t.Errorf("a scatter without an area covered: %+v", cells)
	}
}

// TestScatterCellsAgainstGrid checks the joint distribution of the
// defenders covered (the arcs cut at their ends) against a different
// computation: a count over a fine grid of directions, each tested with the
// distance from the landing point.
func TestScatterCellsAgainstGrid(t *testing.T) {
	ps := []placement{
		{distance: 0, reach: 2.5},
		{distance: 2, bearing: 0.3, reach: 2.5},
		{distance: 3.2, bearing: 2.9, reach: 3},
		{distance: 5, bearing: -1.2, reach: 2.6},
	}
	cells := scatterCells(ps, 2)
	exact := map[string]float64{}
	for _, c := range cells {
		exact[string(boolKey(c.covered))] += c.p
	}
	const directions = 200_000
	grid := map[string]float64{}
	for face := 1; face <= scatterFaces; face++ {
		s := float64(face)
		for k := range directions {
			theta := 2 * math.Pi * (float64(k) + 0.5) / directions
			covered := make([]bool, len(ps))
			for i, p := range ps {
				covered[i] = p.distanceFrom(s, theta) <= p.reach
			}
			grid[string(boolKey(covered))] += 1. / directions / scatterFaces
		}
	}
	if len(exact) < 4 {
		t.Errorf("only %d sets of defenders covered; the placements should overlap", len(exact))
	}
	for key, p := range grid {
		if math.Abs(exact[key]-p) > 1e-4 {
			t.Errorf("covered %v: exact %v, grid %v", []byte(key), exact[key], p)
		}
	}
	for key, p := range exact {
		if _, ok := grid[key]; !ok && p > 1e-4 {
			t.Errorf("covered %v: exact %v, never on the grid", []byte(key), p)
		}
	}
}

// TestCoversAgreesWithDistance: the roller decides with the arc; the arc
// must agree with the plain distance test away from its ends.
func TestCoversAgreesWithDistance(t *testing.T) {
	p := placement{distance: 3, bearing: 1.1, reach: 2.2}
	for face := 1; face <= scatterFaces; face++ {
		for k := range 3600 {
			theta := 2 * math.Pi * float64(k) / 3600
			d := p.distanceFrom(float64(face), theta)
			if math.Abs(d-p.reach) < 1e-9 {
				continue
			}
			if got := p.covers(float64(face), theta); got != (d <= p.reach) {
				t.Fatalf("s %d θ %v: covers %v at distance %v", face, theta, got, d)
			}
		}
	}
}
