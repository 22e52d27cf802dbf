package qualityd6

import (
	_ "embed"

	"kostka/l10n"
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
		Name:     l10n.Texts{Pl: "Jakość i Obrona K6", Cs: "Kvalita a Obrana K6", En: "Quality and Defense d6"},
		Description: l10n.Texts{
			Pl: "Testy K6: wynik równy lub większy od celu; 6 zawsze sukces, 1 zawsze porażka. Atak: test jakości na atak, test obrony na trafienie.",
			Cs: "Testy K6: hod rovný nebo vyšší než cíl; 6 vždy úspěch, 1 vždy neúspěch. Útok: test kvality za útok, test obrany za zásah.",
			En: "d6 tests: reach the target; a 6 always succeeds, a 1 always fails. Attack: a Quality test per attack, a Defense test per hit.",
		},
		TargetFields: map[string]string{"defense": "defense", "models": "models", "toughness": "toughness", "quality": "target_quality"},
		Pricer:       cost.Pricer{},
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(l10n.Texts{Pl: "Test", Cs: "Test", En: "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(l10n.Texts{Pl: "Atak", Cs: "Útok", En: "Attack"}, attackSchema, Attack, AttackOddsOf),
			"recover": systems.NewAction(l10n.Texts{Pl: "Odzyskiwanie ran", Cs: "Získání ran", En: "Recover wounds"}, recoverSchema,
				Recover, RecoverOddsOf),
		},
	}
}
