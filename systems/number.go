package systems

import (
	"math"
	"strconv"

	"kostka/internal/jsonappend"
)

// Round returns x rounded to 15 significant digits, the rule /v1/odds
// writes its numbers by: it takes off the floating-point noise of the
// last bits (126.20000000000002 is 126.2, 0.9953703703703707 is
// 0.995370370370371) while keeping every figure the odds compute exactly
// enough to tell apart. Every probability, mean and point cost of a
// system's answer is written rounded (Probability, Mean, Distribution,
// the points of a Pricer), in encoding/json's number format.
func Round(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 15, 64), 64)
	if err != nil { // past the largest float64
		return x
	}
	return r
}

// appendNumber appends x rounded (Round) as encoding/json writes a
// float64.
func appendNumber(b []byte, x float64) ([]byte, error) { return jsonappend.Float(b, Round(x)) }
