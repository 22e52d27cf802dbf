package poolk6

import "kostka/systems"

// The rulebook's sections (rulesdata/pool-k6.md) the answers cite: each
// answer lists in Rules the sections it applied, which a rules lookup
// opens by id; systems.Cite gives each its title. A test checks every id
// against the rulebook.
const (
	ruleTests          = "pool-k6.testy"
	ruleOpposed        = "pool-k6.testy-przeciwstawne"
	ruleThreshold      = "pool-k6.testy-z-progiem"
	ruleActivation     = "pool-k6.aktywacja"
	ruleMovement       = "pool-k6.ruch"
	ruleCommand        = "pool-k6.dowodzenie"
	ruleDirect         = "pool-k6.atak-ogien-bezposredni-walka-wrecz"
	ruleIndirect       = "pool-k6.atak-ogien-posredni"
	ruleArea           = "pool-k6.ataki-obszarowe-posrednie-i-bezposrednie"
	ruleROF            = "pool-k6.rof"
	ruleAmmo           = "pool-k6.amunicja"
	ruleStun           = "pool-k6.ogluszenie"
	ruleIF             = "pool-k6.if"
	ruleAE             = "pool-k6.ae"
	ruleLA             = "pool-k6.la"
	ruleM              = "pool-k6.m"
	ruleSB             = "pool-k6.sb"
	ruleMedic          = "pool-k6.medic"
	ruleStealth        = "pool-k6.stealth"
	ruleDamage         = "pool-k6.obrazenia"
	ruleRange          = "pool-k6.zasieg-broni"
	ruleModifiers      = "pool-k6.modyfikatory-uwaga"
	ruleCoverOpen      = "pool-k6.model-w-otwartym-terenie"
	ruleCoverSoft      = "pool-k6.model-w-miekkiej-oslonie-do-1-od-oslony"
	ruleCoverHard      = "pool-k6.model-w-twardej-oslonie-do-1-od-oslony"
	ruleCoverInvisible = "pool-k6.model-niewidoczny"
)

// coverRules are the sections of each cover.
var coverRules = map[string]string{Open: ruleCoverOpen, Soft: ruleCoverSoft, Hard: ruleCoverHard, Invisible: ruleCoverInvisible}

// ruleSet collects the ids of the sections an answer applied, in the order
// first applied (systems.Cite keeps each once).
type ruleSet []string

func (s *ruleSet) add(on bool, ids ...string) {
	if on {
		*s = append(*s, ids...)
	}
}

// rules are the sections a test applies.
func (r TestRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleTests)
	s.add(r.Opponent != nil, ruleOpposed)
	s.add(r.Threshold != nil, ruleThreshold)
	s.add(r.Reroll || (r.Opponent != nil && r.Opponent.Reroll), ruleCommand)
	s.add(r.Modifier != 0 || (r.Opponent != nil && r.Opponent.Modifier != 0), ruleModifiers)
	return systems.Cite(s...)
}

// rules are the sections an attack applies.
func (r *AttackRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(r.Mode == Direct, ruleDirect, ruleOpposed, coverRules[r.Cover])
	s.add(r.Mode == Indirect, ruleIndirect, ruleIF, ruleThreshold, ruleOpposed)
	s.add(r.Mode == Indirect && r.Cover == Invisible, ruleCoverInvisible)
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
	return systems.Cite(s...)
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
	return systems.Cite(s...)
}

// specialRules are the sections of each special roll.
var specialRules = map[string][]string{Medic: {ruleMedic}, Stealth: {ruleStealth}, Burning: {ruleSB}}
