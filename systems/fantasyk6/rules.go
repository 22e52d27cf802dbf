package fantasyk6

import "kostka/systems"

// The rulebook's sections (rulesdata/fantasy-k6.md) the answers cite: each
// answer lists in Rules the sections it applied, which a rules lookup
// opens by id. A test checks every id and title against the rulebook.
var (
	ruleDice     = systems.RuleRef{ID: "fantasy-k6.rzuty-koscmi", Title: "Rzuty kośćmi"}
	ruleRerolls  = systems.RuleRef{ID: "fantasy-k6.przerzuty", Title: "Przerzuty"}
	ruleWalka    = systems.RuleRef{ID: "fantasy-k6.walka-w", Title: "Walka (W)"}
	ruleAccuracy = systems.RuleRef{ID: "fantasy-k6.celnosc-c", Title: "Celność (C)"}
	ruleAttacksA = systems.RuleRef{ID: "fantasy-k6.ataki-a", Title: "Ataki (A)"}
	rulePain     = systems.RuleRef{ID: "fantasy-k6.prog-bolu-pb", Title: "Próg bólu (PB)"}
	ruleSaveO    = systems.RuleRef{ID: "fantasy-k6.odpornosc-o", Title: "Odporność (O)"}
	ruleShooting = systems.RuleRef{ID: "fantasy-k6.trafianie-w-walce-strzeleckiej", Title: "Trafianie w walce strzeleckiej"}
	ruleSave     = systems.RuleRef{ID: "fantasy-k6.rzut-odpornosci", Title: "Rzut Odporności"}
	ruleMelee    = systems.RuleRef{ID: "fantasy-k6.trafianie-w-walce-wrecz", Title: "Trafianie w walce wręcz"}
	ruleWeapons  = systems.RuleRef{ID: "fantasy-k6.bron-i-dokladna-ilosc-atakow", Title: "Broń i dokładna ilość ataków"}
	ruleTerrain  = systems.RuleRef{ID: "fantasy-k6.walka-a-teren", Title: "Walka a teren"}
	rulePanic    = systems.RuleRef{ID: "fantasy-k6.panika", Title: "Panika"}
	ruleTerror   = systems.RuleRef{ID: "fantasy-k6.groza", Title: "Groza"}
	ruleJumpDown = systems.RuleRef{ID: "fantasy-k6.skoki-w-dol-i-spadanie", Title: "Skoki w dół i spadanie"}
	ruleCavalry  = systems.RuleRef{ID: "fantasy-k6.kawaleria", Title: "Kawaleria"}
)

// ruleSet collects the sections an answer applied, each once, in the order
// first applied.
type ruleSet []systems.RuleRef

func (s *ruleSet) add(on bool, rules ...systems.RuleRef) {
	if !on {
		return
	}
	for _, r := range rules {
		dup := false
		for _, x := range *s {
			dup = dup || x.ID == r.ID
		}
		if !dup {
			*s = append(*s, r)
		}
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
	return s
}

// rules are the sections a test applies.
func (r *TestRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleDice)
	s.add(r.Reroll, ruleRerolls)
	return s
}

// Sections of the psyche and jump tests.
var (
	terrorRules = []systems.RuleRef{ruleTerror, ruleDice}
	jumpRules   = []systems.RuleRef{ruleJumpDown, rulePain, ruleDice}
)
