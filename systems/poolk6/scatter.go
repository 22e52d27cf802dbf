package poolk6

import (
	"math"
	"slices"
)

// The scatter of indirect fire. Seed 002, "Atak – ogień pośredni": "Udany
// test – trafienie w punkcie celowania, nieudany test – rozrzut o 1k6 w
// losowym kierunku"; "Ataki obszarowe": "jako środek obszaru traktujemy
// środek zaatakowanego modelu, celami są wszystkie modele, których
// podstawka jest choć częściowo w zaatakowanym obszarze".
//
// The geometry assumed: the aiming point is the centre of the model aimed
// at. A failed aiming test moves the area's centre 1d6 inches (1 to 6,
// each 1/6) in a direction uniform over the full circle. Bases are round;
// a base of radius b whose centre lies at distance x from the area's
// centre is at least partly in an area of radius R when x <= R + b. A shot
// without an area (R = 0) hits only the model aimed at, and only on target:
// a scattered shot without an area never hits.
//
// For a scatter of s inches and a defender whose centre is D inches from
// the aiming point, the landing point is within reach ρ = R + b of the
// centre when s² + D² - 2sD·cos φ <= ρ², φ being the angle between the
// scatter and the defender's direction: an arc of directions φ within
// ±arccos((s² + D² - ρ²) / 2sD), so the chance is that arccos over π (all
// or none of the circle when D = 0 or the arccos's argument is outside
// [-1, 1]). The odds integrate the direction in this closed form and sum
// the six distances; they are exact up to floating point.

// scatterFaces is the die of the scatter distance: 1k6 inches.
const scatterFaces = 6

// placement is where a defender stands, seen from the aiming point.
type placement struct {
	distance float64 // aiming point to the centre of the base (inches)
	bearing  float64 // radians clockwise from the reference direction
	reach    float64 // the area's radius plus the base's radius
}

// arc is the half-width in radians of the arc of scatter directions from
// which a landing point s inches from the aiming point is within reach of
// p: 0 for none, π for every direction.
func (p placement) arc(s float64) float64 {
	if p.distance == 0 {
		if s <= p.reach {
			return math.Pi
		}
		return 0
	}
	c := (s*s + p.distance*p.distance - p.reach*p.reach) / (2 * s * p.distance)
	switch {
	case c <= -1:
		return math.Pi
	case c >= 1:
		return 0
	}
	return math.Acos(c)
}

// covers says whether the area, landed s inches from the aiming point in
// direction theta (radians, same reference as the bearings), reaches p's
// base. It decides a rolled scatter with the same arithmetic as the odds.
func (p placement) covers(s, theta float64) bool {
	half := p.arc(s)
	switch half {
	case 0:
		return false
	case math.Pi:
		return true
	}
	return angleBetween(theta, p.bearing) <= half
}

// distanceFrom is how far p's base centre is from a landing point s inches
// from the aiming point in direction theta.
func (p placement) distanceFrom(s, theta float64) float64 {
	return math.Hypot(s*math.Cos(theta)-p.distance*math.Cos(p.bearing), s*math.Sin(theta)-p.distance*math.Sin(p.bearing))
}

// angleBetween is the smaller angle between two directions, 0 to π.
func angleBetween(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	return min(d, 2*math.Pi-d)
}

// cell is a set of scatters that cover the same defenders: its probability
// and which defenders it covers.
type cell struct {
	p       float64
	covered []bool
}

// scatterCells is the exact distribution of the set of defenders a
// scattered area covers: for each distance, the circle of directions is cut
// at every arc's ends, and every piece between two cuts covers the same
// defenders (decided at its middle). Pieces that cover the same set are
// merged. With no area a scatter covers nobody.
func scatterCells(ps []placement, area float64) []cell {
	if area == 0 {
		return []cell{{p: 1, covered: make([]bool, len(ps))}}
	}
	merged := map[string]int{}
	var cells []cell
	add := func(p float64, covered []bool) {
		key := string(boolKey(covered))
		if i, ok := merged[key]; ok {
			cells[i].p += p
			return
		}
		merged[key] = len(cells)
		cells = append(cells, cell{p: p, covered: covered})
	}
	for face := 1; face <= scatterFaces; face++ {
		s := float64(face)
		cuts := []float64{}
		for _, p := range ps {
			if half := p.arc(s); half > 0 && half < math.Pi {
				cuts = append(cuts, normAngle(p.bearing-half), normAngle(p.bearing+half))
			}
		}
		if len(cuts) == 0 {
			add(1.0/scatterFaces, coveredAt(ps, s, 0))
			continue
		}
		slices.Sort(cuts)
		for i, from := range cuts {
			to := cuts[(i+1)%len(cuts)]
			if i == len(cuts)-1 {
				to += 2 * math.Pi
			}
			if to <= from {
				continue
			}
			add((to-from)/(2*math.Pi)/scatterFaces, coveredAt(ps, s, (from+to)/2))
		}
	}
	return cells
}

func coveredAt(ps []placement, s, theta float64) []bool {
	covered := make([]bool, len(ps))
	for i, p := range ps {
		covered[i] = p.covers(s, theta)
	}
	return covered
}

func boolKey(bs []bool) []byte {
	key := make([]byte, len(bs))
	for i, b := range bs {
		if b {
			key[i] = 1
		}
	}
	return key
}

// normAngle brings an angle into [0, 2π).
func normAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a
}
