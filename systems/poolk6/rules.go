package poolk6

import "kostka/systems"

// The rulebook's sections (rulesdata/pool-k6.md) the answers cite: each
// answer lists in Rules the sections it applied, which a rules lookup
// opens by id. A test checks every id and title against the rulebook.
var (
	ruleTests         = systems.RuleRef{ID: "pool-k6.testy", Title: "Testy"}
	ruleOpposed       = systems.RuleRef{ID: "pool-k6.testy-przeciwstawne", Title: "Testy przeciwstawne"}
	ruleThreshold     = systems.RuleRef{ID: "pool-k6.testy-z-progiem", Title: "Testy z progiem"}
	ruleActivation    = systems.RuleRef{ID: "pool-k6.aktywacja", Title: "Aktywacja"}
	ruleMovement      = systems.RuleRef{ID: "pool-k6.ruch", Title: "Ruch"}
	ruleCommand       = systems.RuleRef{ID: "pool-k6.dowodzenie", Title: "Dowodzenie"}
	ruleDirect        = systems.RuleRef{ID: "pool-k6.atak-ogien-bezposredni-walka-wrecz", Title: "Atak – ogień bezpośredni, walka wręcz"}
	ruleIndirect      = systems.RuleRef{ID: "pool-k6.atak-ogien-posredni", Title: "Atak – ogień pośredni"}
	ruleArea          = systems.RuleRef{ID: "pool-k6.ataki-obszarowe-posrednie-i-bezposrednie", Title: "Ataki obszarowe (pośrednie i bezpośrednie)"}
	ruleROF           = systems.RuleRef{ID: "pool-k6.rof", Title: "ROF"}
	ruleAmmo          = systems.RuleRef{ID: "pool-k6.amunicja", Title: "Amunicja"}
	ruleStun          = systems.RuleRef{ID: "pool-k6.ogluszenie", Title: "Ogłuszenie"}
	ruleIF            = systems.RuleRef{ID: "pool-k6.if", Title: "IF"}
	ruleAE            = systems.RuleRef{ID: "pool-k6.ae", Title: "AE"}
	ruleLA            = systems.RuleRef{ID: "pool-k6.la", Title: "LA"}
	ruleM             = systems.RuleRef{ID: "pool-k6.m", Title: "M"}
	ruleSB            = systems.RuleRef{ID: "pool-k6.sb", Title: "SB"}
	ruleMedic         = systems.RuleRef{ID: "pool-k6.medic", Title: "Medic"}
	ruleStealth       = systems.RuleRef{ID: "pool-k6.stealth", Title: "Stealth"}
	ruleDamage        = systems.RuleRef{ID: "pool-k6.obrazenia", Title: "Obrażenia"}
	ruleRange         = systems.RuleRef{ID: "pool-k6.zasieg-broni", Title: "Zasięg broni"}
	ruleModifiers     = systems.RuleRef{ID: "pool-k6.modyfikatory-uwaga", Title: "Modyfikatory (UWAGA!!!!)"}
	ruleCoverOpen     = systems.RuleRef{ID: "pool-k6.model-w-otwartym-terenie", Title: "Model w otwartym terenie"}
	ruleCoverSoft     = systems.RuleRef{ID: "pool-k6.model-w-miekkiej-oslonie-do-1-od-oslony", Title: "Model w miękkiej osłonie (do 1“ od osłony)"}
	ruleCoverHard     = systems.RuleRef{ID: "pool-k6.model-w-twardej-oslonie-do-1-od-oslony", Title: "Model w twardej osłonie (do 1“ od osłony)"}
	ruleCoverInvisble = systems.RuleRef{ID: "pool-k6.model-niewidoczny", Title: "Model niewidoczny"}
)

// coverRules are the sections of each cover.
var coverRules = map[string]systems.RuleRef{Open: ruleCoverOpen, Soft: ruleCoverSoft, Hard: ruleCoverHard, Invisible: ruleCoverInvisble}

// ruleSet collects the sections an answer applied, each once, in the order
// first applied.
type ruleSet []systems.RuleRef

func (s *ruleSet) add(on bool, rules ...systems.RuleRef) {
	if !on {
		return
	}
	for _, r := range rules {
		if !s.has(r) {
			*s = append(*s, r)
		}
	}
}

func (s ruleSet) has(r systems.RuleRef) bool {
	for _, x := range s {
		if x.ID == r.ID {
			return true
		}
	}
	return false
}

// rules are the sections a test applies.
func (r TestRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleTests)
	s.add(r.Opponent != nil, ruleOpposed)
	s.add(r.Threshold != nil, ruleThreshold)
	s.add(r.Reroll || (r.Opponent != nil && r.Opponent.Reroll), ruleCommand)
	s.add(r.Modifier != 0 || (r.Opponent != nil && r.Opponent.Modifier != 0), ruleModifiers)
	return s
}

// rules are the sections an attack applies.
func (r *AttackRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(r.Mode == Direct, ruleDirect, ruleOpposed, coverRules[r.Cover])
	s.add(r.Mode == Indirect, ruleIndirect, ruleIF, ruleThreshold, ruleOpposed)
	s.add(r.Mode == Indirect && r.Cover == Invisible, ruleCoverInvisble)
	s.add(true, ruleModifiers)
	s.add(r.AttackerMovement != 0 || r.DefenderMovement != 0, ruleMovement)
	s.add(r.Range == "maximum", ruleRange)
	s.add(r.AttackerStunned || r.DefenderStunned, ruleStun)
	s.add(r.RangedInMelee, ruleM)
	s.add(r.Stealth > 0, ruleStealth)
	s.add(r.ROF > 0, ruleROF)
	s.add(r.areaRadius() > 0, ruleArea)
	s.add(r.AE > 0, ruleAE)
	s.add(true, ruleDamage, ruleStun, ruleAmmo)
	s.add(r.LimitedAmmo, ruleLA)
	s.add(r.Incendiary, ruleSB)
	s.add(r.AttackerReroll || r.DefenderReroll, ruleCommand)
	return s
}

// rules are the sections an area attack applies.
func (r *AreaRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleArea)
	s.add(r.Mode == Direct, ruleDirect, ruleOpposed)
	s.add(r.Mode == Indirect, ruleIndirect, ruleIF, ruleThreshold, ruleOpposed)
	s.add(true, ruleModifiers)
	for _, d := range r.Defenders {
		if d.Cover != "" {
			s.add(true, coverRules[d.Cover])
		}
		s.add(d.Movement != 0, ruleMovement)
		s.add(d.Stunned, ruleStun)
		s.add(d.Stealth > 0, ruleStealth)
		s.add(d.Reroll, ruleCommand)
	}
	s.add(r.AttackerMovement != 0, ruleMovement)
	s.add(r.Range == "maximum", ruleRange)
	s.add(r.AttackerStunned, ruleStun)
	s.add(r.RangedInMelee, ruleM)
	s.add(r.ROF > 0, ruleROF)
	s.add(r.AE > 0, ruleAE)
	s.add(true, ruleDamage, ruleStun, ruleAmmo)
	s.add(r.LimitedAmmo, ruleLA)
	s.add(r.Incendiary, ruleSB)
	s.add(r.AttackerReroll, ruleCommand)
	return s
}

// specialRules are the sections of each special roll.
var specialRules = map[string][]systems.RuleRef{Medic: {ruleMedic}, Stealth: {ruleStealth}, Burning: {ruleSB}}
