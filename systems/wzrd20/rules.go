package wzrd20

import "kostka/systems"

// The rulebook's sections (rulesdata/wzr-d20.md) the answers cite: each
// answer lists in Rules the sections it applied, which a rules lookup
// opens by id; systems.Cite gives each its title. A test checks every id
// against the rulebook.
const (
	ruleTests        = "wzr-d20.testy-dovednosti"
	ruleModifiers    = "wzr-d20.modifikatory"
	ruleReroll       = "wzr-d20.opakovani-hodu"
	rulePowerShot    = "wzr-d20.do-cerneho"
	ruleFumble       = "wzr-d20.do-prazdna"
	ruleLimits       = "wzr-d20.profily-maximalni-a-minimalni-hodnoty"
	ruleCCSkill      = "wzr-d20.boj-na-blizko-cc"
	ruleRS           = "wzr-d20.strelba-rs"
	ruleArmour       = "wzr-d20.zbroj"
	ruleWounds       = "wzr-d20.zivoty"
	ruleMorale       = "wzr-d20.moralka"
	ruleCon          = "wzr-d20.odolnost"
	ruleRate         = "wzr-d20.kadence-pocet-utoku"
	ruleAVV          = "wzr-d20.protipancerova-hodnota"
	ruleWeaponType   = "wzr-d20.zbroj-a-typ-zbrane"
	ruleStrength     = "wzr-d20.sila-zbrane-a-modifikatory"
	ruleCharge       = "wzr-d20.napadeni"
	ruleAim          = "wzr-d20.mireni"
	ruleShooting     = "wzr-d20.strelba"
	ruleCloseCombat  = "wzr-d20.boj-na-blizko"
	ruleRapidFire    = "wzr-d20.rychlopalba"
	ruleAutoHit      = "wzr-d20.automaticky-zasah"
	ruleCritical     = "wzr-d20.kriticke-zraneni-poskozeni"
	ruleWound        = "wzr-d20.zraneni"
	ruleCover        = "wzr-d20.kryt"
	ruleTeam         = "wzr-d20.zvlastni-tymove-akce"
	ruleFocusFire    = "wzr-d20.soustredena-palba"
	ruleSuppression  = "wzr-d20.kryci-palba"
	ruleSwarm        = "wzr-d20.kryci-palba-a-precisleni"
	ruleMoraleTest   = "wzr-d20.test-moralky"
	rulePinnedBroken = "wzr-d20.zalehnuti-a-rozpraseni"
	ruleRegroup      = "wzr-d20.test-moralky-pro-seskupeni"
	ruleHeadsUp      = "wzr-d20.test-moralky-pro-hlavy-vzhuru"
	ruleResources    = "wzr-d20.karty-zdroju-res"
)

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
	s.add(true, ruleTests, rulePowerShot, ruleFumble)
	s.add(r.Modifier != 0, ruleModifiers, ruleLimits)
	s.add(r.Reroll, ruleReroll)
	return systems.Cite(s...)
}

// rules are the sections a target's resolution applies: the Armour test or
// a vehicle's, Critical Force, Léčení and the target's rerolls.
func (t *Target) rules(s *ruleSet, shots []shot) {
	crit := false
	for _, sh := range shots {
		crit = crit || critical(sh.strength, t.fourFrom(), sh.critBonus) > 1
	}
	s.add(true, ruleWound)
	s.add(t.Armour > 0, ruleArmour)
	s.add(t.Armour > 0 && !t.Vehicle, ruleStrength)
	s.add(t.Vehicle, ruleAVV)
	s.add(t.TypeModifier != 0, ruleWeaponType)
	s.add(crit, ruleCritical)
	s.add(true, ruleWounds)
	s.add(t.ArmourRerolls > 0, ruleReroll)
	s.add(t.Healing > 0, ruleResources)
}

// rules are the sections an attack applies.
func (r *AttackRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(r.Mode == shooting, ruleShooting, ruleRS)
	s.add(r.Mode == closeCombat, ruleCloseCombat, ruleCCSkill)
	s.add(true, ruleRate, ruleTests, rulePowerShot, ruleFumble)
	s.add(r.Modifier != 0, ruleModifiers, ruleLimits)
	s.add(r.Aim, ruleAim)
	s.add(r.RapidFire, ruleRapidFire)
	s.add(r.Cover != "none", ruleCover)
	s.add(r.Charge != "none", ruleCharge)
	s.add(r.Rerolls > 0, ruleReroll)
	s.add(r.AutoHit, ruleAutoHit)
	shots, _, _ := r.shots()
	r.Target.rules(&s, shots)
	return systems.Cite(s...)
}

// rules are the sections a team action applies.
func (r *TeamRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleTeam)
	s.add(r.Kind == focusFire, ruleFocusFire, ruleRS)
	s.add(r.Kind == swarm, ruleSwarm, ruleCCSkill)
	s.add(r.Kind == suppressionFire, ruleSuppression, ruleCon, ruleAutoHit)
	s.add(r.Kind != suppressionFire, ruleTests, rulePowerShot, ruleFumble, ruleCritical)
	s.add(r.Modifier != 0, ruleModifiers, ruleLimits)
	s.add(r.Rerolls > 0, ruleReroll)
	s.add(r.AutoHit, ruleAutoHit)
	sh, _, _ := r.shot()
	r.Target.rules(&s, []shot{sh})
	return systems.Cite(s...)
}

// rules are the sections a morale test applies.
func (r *MoraleRequest) rules(test string) []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleMoraleTest, ruleMorale)
	s.add(r.Test == "auto" || test == "pinning" || test == "broken" || test == pinningAndBroken, rulePinnedBroken)
	s.add(test == "heads_up", ruleHeadsUp, ruleFumble)
	s.add(test == "regroup", ruleRegroup)
	s.add(test != "none", rulePowerShot)
	s.add(r.Rerolls > 0, ruleReroll)
	return systems.Cite(s...)
}
