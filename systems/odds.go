package systems

import (
	"math"

	"kostka/l10n"
)

// OddsKind says what an odds entry holds.
type OddsKind string

// The kinds of odds entries.
const (
	KindProbability  OddsKind = "probability"  // value: a probability from 0 to 1
	KindDistribution OddsKind = "distribution" // distribution: every value with its probability
	KindMean         OddsKind = "mean"         // value: an expected number (of wounds, damage…), not a probability
)

// OddsEntry is one exact figure of an answer's odds. Key is stable for
// programs; Label says what it is in the answer's language.
type OddsEntry struct {
	Key          string        `json:"key"`
	Kind         OddsKind      `json:"kind"`
	Label        l10n.Message  `json:"label"`
	Value        *float64      `json:"value,omitempty"`
	Distribution *Distribution `json:"distribution,omitempty"`
}

// Odds are an answer's exact odds, in the order a client shows them.
type Odds []OddsEntry

// Entries returns o itself, so that Odds is an odds type of NewAction.
func (o Odds) Entries() Odds { return o }

// Probability is an entry holding a probability, rounded (Round).
func Probability(key string, label l10n.Message, p float64) OddsEntry {
	p = Round(p)
	return OddsEntry{Key: key, Kind: KindProbability, Label: label, Value: &p}
}

// Mean is an entry holding an expected number, rounded (Round).
func Mean(key string, label l10n.Message, v float64) OddsEntry {
	v = Round(v)
	return OddsEntry{Key: key, Kind: KindMean, Label: label, Value: &v}
}

// DistributionOf is an entry holding a distribution.
func DistributionOf(key string, label l10n.Message, d Distribution) OddsEntry {
	return OddsEntry{Key: key, Kind: KindDistribution, Label: label, Distribution: &d}
}

// Get returns the entry with key.
func (o Odds) Get(key string) (OddsEntry, bool) {
	for _, e := range o {
		if e.Key == key {
			return e, true
		}
	}
	return OddsEntry{}, false
}

// Value returns the value of the probability or mean entry with key, NaN
// when there is none.
func (o Odds) Value(key string) float64 {
	if e, ok := o.Get(key); ok && e.Value != nil {
		return *e.Value
	}
	return math.NaN()
}
