package qualityd6

import (
	_ "embed"

	"kostka/systems"
	"kostka/systems/qualityd6/cost"
)

// The JSON Schemas of the requests, with labels in every language. The
// attack's is schema/attack.json with its abilities filled in ahead
// (withAbilities, go generate; TestAttackSchemaGenerated keeps them
// equal), so a process builds nothing at start.
//
//go:generate go test -run TestAttackSchemaGenerated -update .
var (
	//go:embed schema/test.json
	testSchema []byte
	//go:embed schema/attack.gen.json
	attackSchema []byte
	//go:embed schema/recover.json
	recoverSchema []byte
)

// System returns the quality-d6 rulebook's test, attack and recovery of
// wounds (Regeneracja, Odrodzenie, Łatanie), and its points cost.
func System() *systems.System {
	return &systems.System{
		ID:       ID,
		Language: "pl",
		Dice:     "d6",
		Name:     systems.Localized{"pl": "Jakość i Obrona K6", "cs": "Kvalita a Obrana K6", "en": "Quality and Defense d6"},
		Description: systems.Localized{
			"pl": "Testy K6: wynik równy lub większy od celu; 6 zawsze sukces, 1 zawsze porażka. Atak: test jakości na atak, test obrony na trafienie.",
			"cs": "Testy K6: hod rovný nebo vyšší než cíl; 6 vždy úspěch, 1 vždy neúspěch. Útok: test kvality za útok, test obrany za zásah.",
			"en": "d6 tests: reach the target; a 6 always succeeds, a 1 always fails. Attack: a Quality test per attack, a Defense test per hit.",
		},
		TargetFields: map[string]string{"defense": "defense", "models": "models", "toughness": "toughness", "quality": "target_quality"},
		Pricer:       cost.Pricer{},
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(systems.Localized{"pl": "Test", "cs": "Test", "en": "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(systems.Localized{"pl": "Atak", "cs": "Útok", "en": "Attack"}, attackSchema, Attack, AttackOddsOf),
			"recover": systems.NewAction(systems.Localized{"pl": "Odzyskiwanie ran", "cs": "Získání ran", "en": "Recover wounds"}, recoverSchema,
				Recover, RecoverOddsOf),
		},
	}
}
