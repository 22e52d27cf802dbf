package wzrd20

import "kostka/systems"

// The rulebook's sections (rulesdata/wzr-d20.md) the answers cite: each
// answer lists in Rules the sections it applied, which a rules lookup
// opens by id. A test checks every id and title against the rulebook.
var (
	ruleTests        = systems.RuleRef{ID: "wzr-d20.testy-dovednosti", Title: "Testy dovedností"}
	ruleModifiers    = systems.RuleRef{ID: "wzr-d20.modifikatory", Title: "Modifikátory"}
	ruleReroll       = systems.RuleRef{ID: "wzr-d20.opakovani-hodu", Title: "Opakování hodu"}
	rulePowerShot    = systems.RuleRef{ID: "wzr-d20.do-cerneho", Title: "Do černého"}
	ruleFumble       = systems.RuleRef{ID: "wzr-d20.do-prazdna", Title: "Do prázdna"}
	ruleLimits       = systems.RuleRef{ID: "wzr-d20.profily-maximalni-a-minimalni-hodnoty", Title: "Profily – maximální a minimální hodnoty"}
	ruleCCSkill      = systems.RuleRef{ID: "wzr-d20.boj-na-blizko-cc", Title: "Boj na blízko (CC)"}
	ruleRS           = systems.RuleRef{ID: "wzr-d20.strelba-rs", Title: "Střelba (RS)"}
	ruleArmour       = systems.RuleRef{ID: "wzr-d20.zbroj", Title: "Zbroj"}
	ruleWounds       = systems.RuleRef{ID: "wzr-d20.zivoty", Title: "Životy"}
	ruleMorale       = systems.RuleRef{ID: "wzr-d20.moralka", Title: "Morálka"}
	ruleCon          = systems.RuleRef{ID: "wzr-d20.odolnost", Title: "Odolnost"}
	ruleRate         = systems.RuleRef{ID: "wzr-d20.kadence-pocet-utoku", Title: "Kadence / Počet útoků"}
	ruleAVV          = systems.RuleRef{ID: "wzr-d20.protipancerova-hodnota", Title: "Protipancéřová hodnota"}
	ruleWeaponType   = systems.RuleRef{ID: "wzr-d20.zbroj-a-typ-zbrane", Title: "Zbroj a typ zbraně"}
	ruleStrength     = systems.RuleRef{ID: "wzr-d20.sila-zbrane-a-modifikatory", Title: "Síla zbraně"}
	ruleCharge       = systems.RuleRef{ID: "wzr-d20.napadeni", Title: "Napadení"}
	ruleAim          = systems.RuleRef{ID: "wzr-d20.mireni", Title: "Míření"}
	ruleShooting     = systems.RuleRef{ID: "wzr-d20.strelba", Title: "Střelba"}
	ruleCloseCombat  = systems.RuleRef{ID: "wzr-d20.boj-na-blizko", Title: "Boj na blízko"}
	ruleRapidFire    = systems.RuleRef{ID: "wzr-d20.rychlopalba", Title: "Rychlopalba"}
	ruleAutoHit      = systems.RuleRef{ID: "wzr-d20.automaticky-zasah", Title: "Automatický zásah"}
	ruleCritical     = systems.RuleRef{ID: "wzr-d20.kriticke-zraneni-poskozeni", Title: "Kritické zranění / poškození"}
	ruleWound        = systems.RuleRef{ID: "wzr-d20.zraneni", Title: "Zranění"}
	ruleCover        = systems.RuleRef{ID: "wzr-d20.kryt", Title: "Kryt"}
	ruleTeam         = systems.RuleRef{ID: "wzr-d20.zvlastni-tymove-akce", Title: "Zvláštní týmové akce"}
	ruleFocusFire    = systems.RuleRef{ID: "wzr-d20.soustredena-palba", Title: "Soustředěná palba (Focus Fire)"}
	ruleSuppression  = systems.RuleRef{ID: "wzr-d20.kryci-palba", Title: "Krycí palba (Suppression Fire)"}
	ruleSwarm        = systems.RuleRef{ID: "wzr-d20.kryci-palba-a-precisleni", Title: "Přečíslení (Swarm)"}
	ruleMoraleTest   = systems.RuleRef{ID: "wzr-d20.test-moralky", Title: "Test morálky"}
	rulePinnedBroken = systems.RuleRef{ID: "wzr-d20.zalehnuti-a-rozpraseni", Title: "Zalehnutí a Rozprášení"}
	ruleRegroup      = systems.RuleRef{ID: "wzr-d20.test-moralky-pro-seskupeni", Title: "Test morálky pro seskupení (Regroup from Broken)"}
	ruleHeadsUp      = systems.RuleRef{ID: "wzr-d20.test-moralky-pro-hlavy-vzhuru", Title: "Test morálky pro Hlavy vzhůru!"}
	ruleResources    = systems.RuleRef{ID: "wzr-d20.karty-zdroju-res", Title: "Karty zdrojů (RES)"}
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

// rules are the sections a test applies.
func (r TestRequest) rules() []systems.RuleRef {
	var s ruleSet
	s.add(true, ruleTests, rulePowerShot, ruleFumble)
	s.add(r.Modifier != 0, ruleModifiers, ruleLimits)
	s.add(r.Reroll, ruleReroll)
	return s
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
	return s
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
	return s
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
	return s
}
