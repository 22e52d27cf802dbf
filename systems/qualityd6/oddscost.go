package qualityd6

// OddsCost returns the steps (multiply-adds) and bytes the odds of a
// normalized request take by the estimate Normalize checks against the
// limits of one attack: what a caller resolving several attacks at once
// (a comparison) adds up before any work.
func (r *AttackRequest) OddsCost() (steps, bytes int) { return r.oddsSteps, r.oddsBytes }

// MaxOddsSteps and MaxOddsBytes are the limits of one attack's odds,
// about 30 ms of CPU and 8 MB.
const (
	MaxOddsSteps = maxOddsSteps
	MaxOddsBytes = maxOddsBytes
)
