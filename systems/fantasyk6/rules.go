package fantasyk6

import "kostka/systems"

// The rulebook's sections (rulesdata/fantasy-k6.md) the answers cite: each
// answer lists in Rules the sections it applied, which a rules lookup
// opens by id; systems.Cite gives each its title. A test checks every id
// against the rulebook.
const (
	ruleDice     = "fantasy-k6.rzuty-koscmi"
	ruleRerolls  = "fantasy-k6.przerzuty"
	ruleWalka    = "fantasy-k6.walka-w"
	ruleAccuracy = "fantasy-k6.celnosc-c"
	ruleAttacksA = "fantasy-k6.ataki-a"
	rulePain     = "fantasy-k6.prog-bolu-pb"
	ruleSaveO    = "fantasy-k6.odpornosc-o"
	ruleShooting = "fantasy-k6.trafianie-w-walce-strzeleckiej"
	ruleSave     = "fantasy-k6.rzut-odpornosci"
	ruleMelee    = "fantasy-k6.trafianie-w-walce-wrecz"
	ruleWeapons  = "fantasy-k6.bron-i-dokladna-ilosc-atakow"
	ruleTerrain  = "fantasy-k6.walka-a-teren"
	rulePanic    = "fantasy-k6.panika"
	ruleTerror   = "fantasy-k6.groza"
	ruleJumpDown = "fantasy-k6.skoki-w-dol-i-spadanie"
	ruleCavalry  = "fantasy-k6.kawaleria"
)

// ruleSet collects the ids of the sections an answer applied, in the order
// first applied (systems.Cite keeps each once).
type ruleSet []string

func (s *ruleSet) add(on bool, ids ...string) {
	if on {
		*s = append(*s, ids...)
	}
}

// rules are the sections an attack applies.
func (r *AttackRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(r.Mode == "shooting", ruleShooting, ruleAccuracy)
	s.add(r.Mode == "melee", ruleMelee, ruleWalka)
	s.add(r.Mode == "melee" && (r.DefenderSide >= 2*r.AttackerSide || r.AttackerSide >= 2*r.DefenderSide), rulePanic)
	s.add(true, ruleAttacksA, ruleDice)
	s.add(len(r.Weapons) > 0, ruleWeapons)
	s.add(r.LargeTarget, ruleCavalry)
	s.add(r.Save > 0 || r.SaveModifier != 0, ruleSave, ruleSaveO)
	s.add(true, rulePain)
	reroll := r.RerollHit || r.RerollSave || r.RerollPain
	for _, w := range r.Weapons {
		reroll = reroll || w.RerollHit
	}
	s.add(reroll, ruleRerolls)
	return systems.Cite(s...)
}

// rules are the sections a test applies.
func (r *TestRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleDice)
	s.add(r.Reroll, ruleRerolls)
	return systems.Cite(s...)
}

// Sections of the psyche and jump tests.
var (
	terrorRules = []string{ruleTerror, ruleDice}
	jumpRules   = []string{ruleJumpDown, rulePain, ruleDice}
)
