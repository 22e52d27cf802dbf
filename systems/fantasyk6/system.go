package fantasyk6

import (
	_ "embed"

	"kostka/l10n"
	"kostka/systems"
)

// The JSON Schemas of the requests, with labels in every language.
var (
	//go:embed schema/test.json
	testSchema []byte
	//go:embed schema/attack.json
	attackSchema []byte
	//go:embed schema/terror.json
	terrorSchema []byte
	//go:embed schema/jump.json
	jumpSchema []byte
)

// System returns the fantasy-k6 rulebook's test, attack, Terror test and
// jump down.
func System() *systems.System {
	return &systems.System{
		ID:       ID,
		Language: "pl",
		Dice:     "d6 roll-under",
		Name:     l10n.Texts{Pl: "Fantasy K6 (rzut w dół)", Cs: "Fantasy K6 (hod pod hodnotu)", En: "Fantasy d6 (roll under)"},
		Description: l10n.Texts{
			Pl: "Test: k6 równy lub niższy od wartości; 1 zawsze sukces, 6 zawsze porażka. Trafienie, rzut Odporności i test Progu bólu.",
			Cs: "Test: k6 rovná nebo nižší než hodnota; 1 vždy úspěch, 6 vždy neúspěch. Zásah, hod na odolnost a test prahu bolesti.",
			En: "Test: a d6 at or under the value; 1 always succeeds, 6 always fails. Hit, save (Odporność) and pain threshold (Próg bólu).",
		},
		TargetFields: map[string]string{"attacker_fighting": "defender_fighting", "save": "save", "pain": "pain"},
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(l10n.Texts{Pl: "Test", Cs: "Test", En: "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(l10n.Texts{Pl: "Atak", Cs: "Útok", En: "Attack"}, attackSchema, Attack, AttackOddsOf),
			"terror": systems.NewAction(l10n.Texts{Pl: "Groza", Cs: "Hrůza", En: "Terror"}, terrorSchema, Terror, TerrorOdds),
			"jump":   systems.NewAction(l10n.Texts{Pl: "Skok w dół", Cs: "Seskok", En: "Jump down"}, jumpSchema, Jump, JumpOdds),
		},
	}
}
