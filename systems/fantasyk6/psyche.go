package fantasyk6

import (
	"fmt"

	"kostka/dice"
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
	Dice    []int    `json:"dice"`
	Chance  int      `json:"chance"`
	Success bool     `json:"success"`
	Removed *bool    `json:"removed,omitempty"` // jumps: a failed jump's Próg bólu test
	Steps   []string `json:"steps"`
	Odds    RollOdds `json:"odds"`
}

// RollOdds are a single test's odds.
type RollOdds struct {
	Success float64  `json:"success"`
	Removed *float64 `json:"removed,omitempty"`
}

func (r *TerrorRequest) normalize() error {
	if r.Trait == "" {
		r.Trait = "none"
	}
	return systems.First(systems.OneOf("trait", r.Trait, "none", "brave", "coward"), systems.Check("modifier", r.Modifier, -5, 5))
}

// TerrorOdds is the chance of passing a Terror test.
func TerrorOdds(r TerrorRequest) (RollOdds, error) {
	if err := r.normalize(); err != nil {
		return RollOdds{}, err
	}
	if r.CausesTerror {
		return RollOdds{Success: 1}, nil
	}
	return RollOdds{Success: pass(terrorChance[r.Trait] + r.Modifier)}, nil
}

// Terror rolls a Terror test.
func Terror(r TerrorRequest, src dice.Source) (RollResult, error) {
	odds, err := TerrorOdds(r)
	if err != nil {
		return RollResult{}, err
	}
	if r.CausesTerror {
		return RollResult{Dice: []int{}, Success: true, Odds: odds, Steps: []string{"A model that causes Terror is immune to it: no roll."}}, nil
	}
	chance := terrorChance[r.Trait] + r.Modifier
	face := src.IntN(6) + 1
	ok := passes(face, chance)
	return RollResult{Dice: []int{face}, Chance: chance, Success: ok, Odds: odds,
		Steps: []string{fmt.Sprintf("Terror: d6 %d against %d: %s", face, chance, verdict(ok))}}, nil
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

// jumpFails decides the jump die: it fails at or under the height.
func jumpFails(face, height int) bool { return face <= height }

// JumpOdds are the chances that the jump succeeds and that the model is
// removed.
func JumpOdds(r JumpRequest) (RollOdds, error) {
	if err := r.validate(); err != nil {
		return RollOdds{}, err
	}
	fail := float64(min(r.Height, 6)) / 6
	removed := fail * (1 - pass(r.painChance()))
	return RollOdds{Success: 1 - fail, Removed: &removed}, nil
}

// Jump rolls a jump down.
func Jump(r JumpRequest, src dice.Source) (RollResult, error) {
	odds, err := JumpOdds(r)
	if err != nil {
		return RollResult{}, err
	}
	face := src.IntN(6) + 1
	res := RollResult{Dice: []int{face}, Chance: r.Height, Success: !jumpFails(face, r.Height), Odds: odds}
	removed := false
	res.Steps = append(res.Steps, fmt.Sprintf("Jump from %d\": d6 %d, fails on %d or less: %s", r.Height, face, r.Height, verdict(res.Success)))
	if !res.Success {
		pain := src.IntN(6) + 1
		res.Dice = append(res.Dice, pain)
		removed = !passes(pain, r.painChance())
		res.Steps = append(res.Steps, fmt.Sprintf("Próg bólu %d%+d: d6 %d: %s", r.Pain, -max(0, r.Height-3), pain,
			map[bool]string{true: "removed", false: "stays in the game"}[removed]))
	}
	res.Removed = &removed
	return res, nil
}
