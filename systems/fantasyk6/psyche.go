package fantasyk6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// TerrorRequest is a Groza (Terror) test: 4, 5 for Odważny (brave), 3 for
// Tchórz (coward); a model that causes Terror is immune.
type TerrorRequest struct {
	Trait        string `json:"trait"` // none (default), brave or coward
	CausesTerror bool   `json:"causes_terror"`
	Modifier     int    `json:"modifier"`
}

// terrorChance is the test's chance by trait.
var terrorChance = map[string]int{"none": 4, "brave": 5, "coward": 3}

// RollResult is a rolled single test with its chance.
type RollResult struct {
	Dice    []int `json:"dice"`
	Chance  int   `json:"chance"`
	Success bool  `json:"success"`
	Removed *bool `json:"removed,omitempty"` // jumps: a failed jump's Próg bólu test
	systems.Report
}

// RollOdds are a single test's odds.
type RollOdds struct {
	Success float64  `json:"success"`
	Removed *float64 `json:"removed,omitempty"`
}

// Entries lists the odds for an answer.
func (o RollOdds) Entries() systems.Odds {
	out := systems.Odds{systems.Probability("success", labelSuccess.New(), o.Success)}
	if o.Removed != nil {
		out = append(out, systems.Probability("removed", labelJumpRem.New(), *o.Removed))
	}
	return out
}

func (r *TerrorRequest) normalize() error {
	if r.Trait == "" {
		r.Trait = "none"
	}
	return systems.First(systems.OneOf("trait", r.Trait, "none", "brave", "coward"), systems.Check("modifier", r.Modifier, -5, 5))
}

// TerrorOdds is the chance of passing a Terror test.
func TerrorOdds(ctx context.Context, r TerrorRequest) (RollOdds, error) {
	if err := ctx.Err(); err != nil {
		return RollOdds{}, err
	}
	if err := r.normalize(); err != nil {
		return RollOdds{}, err
	}
	if r.CausesTerror {
		return RollOdds{Success: 1}, nil
	}
	return RollOdds{Success: pass(terrorChance[r.Trait] + r.Modifier)}, nil
}

// Terror rolls a Terror test.
func Terror(ctx context.Context, r TerrorRequest, src dice.Source) (RollResult, error) {
	// Normalize here too, so that the roll uses the chance its odds use
	// (an omitted trait is "none", a chance of 4).
	if err := r.normalize(); err != nil {
		return RollResult{}, err
	}
	odds, err := TerrorOdds(ctx, r)
	if err != nil {
		return RollResult{}, err
	}
	terror := l10n.Term("terror", termTerror.New())
	if r.CausesTerror {
		return RollResult{Dice: []int{}, Success: true, Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: systems.Cite(terrorRules...),
			Steps: []l10n.Message{stepImmune.New(terror)}}}, nil
	}
	chance := terrorChance[r.Trait] + r.Modifier
	face := src.IntN(6) + 1
	ok := passes(face, chance)
	return RollResult{Dice: []int{face}, Chance: chance, Success: ok, Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: systems.Cite(terrorRules...),
		Steps: []l10n.Message{stepTerror.New(terror, l10n.Int("face", face), l10n.Int("chance", chance), l10n.Term("verdict", systems.Verdict(ok)))}}}, nil
}

// JumpRequest is a jump down from a height in full inches: it fails on a
// d6 at or under the height, and a failed jump makes the model take a
// Próg bólu test at -1 for each inch above 3.
type JumpRequest struct {
	Height int `json:"height"`
	Pain   int `json:"pain"` // the model's Próg bólu
}

func (r JumpRequest) validate() error {
	return systems.First(systems.Check("height", r.Height, 1, 30), systems.Check("pain", r.Pain, 1, 6))
}

func (r JumpRequest) painChance() int { return r.Pain - max(0, r.Height-3) }

// jumpFails decides the jump die: it fails at or under the height. Seed
// 004, Skoki w dół: "wysokość w pełnych calach […] potraktuj jako trudność
// (szansę porażki) […] skok z 3 cali nie uda się na 3 i mniej, skok z 6
// cali nie uda się praktycznie na pewno". The die is a chance of failure,
// not a test of a characteristic, so "1 always succeeds" does not apply:
// from 6" or more every face fails.
func jumpFails(face, height int) bool { return face <= height }

// JumpOdds are the chances that the jump succeeds and that the model is
// removed.
func JumpOdds(ctx context.Context, r JumpRequest) (RollOdds, error) {
	if err := ctx.Err(); err != nil {
		return RollOdds{}, err
	}
	if err := r.validate(); err != nil {
		return RollOdds{}, err
	}
	fail := float64(min(r.Height, 6)) / 6
	removed := fail * (1 - pass(r.painChance()))
	return RollOdds{Success: 1 - fail, Removed: &removed}, nil
}

// Jump rolls a jump down.
func Jump(ctx context.Context, r JumpRequest, src dice.Source) (RollResult, error) {
	odds, err := JumpOdds(ctx, r)
	if err != nil {
		return RollResult{}, err
	}
	face := src.IntN(6) + 1
	res := RollResult{Dice: []int{face}, Chance: r.Height, Success: !jumpFails(face, r.Height), Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Rules: systems.Cite(jumpRules...)}}
	removed := false
	res.Steps = append(res.Steps, stepJump.New(l10n.Int("height", r.Height), l10n.Int("face", face), l10n.Term("verdict", systems.Verdict(res.Success))))
	if !res.Success {
		pain := src.IntN(6) + 1
		res.Dice = append(res.Dice, pain)
		removed = !passes(pain, r.painChance())
		outcome := termStays.New()
		if removed {
			outcome = termRemoved.New()
		}
		res.Steps = append(res.Steps, stepJumpPain.New(l10n.Term("pain", termPain.New()), l10n.Int("value", r.Pain),
			systems.Signed("modifier", -max(0, r.Height-3)), l10n.Int("face", pain), l10n.Term("outcome", outcome)))
	}
	res.Removed = &removed
	if r.Height >= 6 {
		res.Notes = append(res.Notes, noteJumpCertain.New(l10n.Int("height", r.Height)))
	}
	return res, nil
}
