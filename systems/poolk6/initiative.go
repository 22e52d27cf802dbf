package poolk6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// maxCommand bounds the highest Command (Dowodzenie) of a side's models.
// The rulebook sets none; a card's Command is a few points.
const maxCommand = 20

// InitiativeRequest is the roll that decides who activates first (Aktywacja,
// seed 002: "każdy gracz rzuca K6+najwyższe dowodzenie wśród swoich
// modeli. Model z wyższym wynikiem wybiera, kto aktywuje pierwszy model").
type InitiativeRequest struct {
	Command         int `json:"command"`          // the highest Command among the player's models
	OpponentCommand int `json:"opponent_command"` // the same for the opponent
}

// InitiativeRoll is one round of the initiative roll: each player's d6 and
// total.
type InitiativeRoll struct {
	Die           int `json:"die"`
	Total         int `json:"total"`
	OpponentDie   int `json:"opponent_die"`
	OpponentTotal int `json:"opponent_total"`
}

// InitiativeOdds are the exact odds of the initiative roll. A tie is
// rolled again (the seed says only that the higher result chooses), so
// Chooses is P(a higher total on the first roll that is not a tie).
type InitiativeOdds struct {
	Chooses float64 `json:"chooses"` // the player chooses who activates first
	Tie     float64 `json:"tie"`     // one roll is a tie and is rolled again
	// Margin is the distribution of the player's total minus the
	// opponent's on one roll.
	Margin systems.Distribution `json:"margin"`
}

// Entries lists the odds for an answer.
func (o InitiativeOdds) Entries() systems.Odds {
	return systems.Odds{
		systems.Probability("chooses", labelChooses.New(), o.Chooses),
		systems.Probability("tie", labelTie.New(), o.Tie),
		systems.DistributionOf("margin", labelMargin.New(), o.Margin),
	}
}

func (r InitiativeRequest) check() error {
	return systems.First(systems.Check("command", r.Command, 0, maxCommand),
		systems.Check("opponent_command", r.OpponentCommand, 0, maxCommand))
}

// InitiativeOddsOf computes the exact odds of the initiative roll.
func InitiativeOddsOf(ctx context.Context, r InitiativeRequest) (InitiativeOdds, error) {
	if err := ctx.Err(); err != nil {
		return InitiativeOdds{}, err
	}
	if err := r.check(); err != nil {
		return InitiativeOdds{}, err
	}
	// The margin of one roll: (a + command) - (b + opponent) over the 36
	// pairs of faces.
	lo := 1 - 6 + r.Command - r.OpponentCommand
	p := make([]float64, 11)
	var win, tie float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			m := a + r.Command - b - r.OpponentCommand
			p[m-lo] += 1. / 36
			switch {
			case m > 0:
				win += 1. / 36
			case m == 0:
				tie += 1. / 36
			}
		}
	}
	return InitiativeOdds{Chooses: win / (1 - tie), Tie: tie, Margin: systems.NewDistribution(lo, p)}, nil
}

// rollInitiative rolls until the totals differ, each roll a step.
func rollInitiative(r InitiativeRequest, src dice.Source) (rolls []InitiativeRoll, steps []l10n.Message, chooses bool) {
	for {
		a, b := src.IntN(6)+1, src.IntN(6)+1
		ir := InitiativeRoll{Die: a, Total: a + r.Command, OpponentDie: b, OpponentTotal: b + r.OpponentCommand}
		rolls = append(rolls, ir)
		outcome := termInitiativeTie.New()
		switch {
		case ir.Total > ir.OpponentTotal:
			outcome = termInitiativePlayer.New()
		case ir.Total < ir.OpponentTotal:
			outcome = termInitiativeOpponent.New()
		}
		steps = append(steps, stepInitiative.New(l10n.Int("die", a), l10n.Int("command", r.Command), l10n.Int("total", ir.Total),
			l10n.Int("opponent_die", b), l10n.Int("opponent_command", r.OpponentCommand), l10n.Int("opponent_total", ir.OpponentTotal),
			l10n.Term("outcome", outcome)))
		if ir.Total != ir.OpponentTotal {
			return rolls, steps, ir.Total > ir.OpponentTotal
		}
	}
}

// InitiativeResult is a rolled initiative roll with its odds.
type InitiativeResult struct {
	Rolls   []InitiativeRoll `json:"rolls"` // every roll, ties included; the last decides
	Chooses bool             `json:"chooses"`
	systems.Report
}

// Initiative rolls the initiative roll.
func Initiative(ctx context.Context, r InitiativeRequest, src dice.Source) (InitiativeResult, error) {
	odds, err := InitiativeOddsOf(ctx, r)
	if err != nil {
		return InitiativeResult{}, err
	}
	res := InitiativeResult{Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{noteInitiativeTie.New()}, Rules: systems.Cite(ruleActivation)}}
	res.Rolls, res.Steps, res.Chooses = rollInitiative(r, src)
	return res, nil
}
