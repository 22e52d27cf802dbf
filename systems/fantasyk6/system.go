package fantasyk6

import (
	_ "embed"

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
		Name:     systems.Localized{"pl": "Fantasy K6 (rzut w dół)", "cs": "Fantasy K6 (hod pod hodnotu)", "en": "Fantasy d6 (roll under)"},
		Description: systems.Localized{
			"pl": "Test: k6 równy lub niższy od wartości; 1 zawsze sukces, 6 zawsze porażka. Trafienie, rzut Odporności i test Progu bólu.",
			"cs": "Test: k6 rovná nebo nižší než hodnota; 1 vždy úspěch, 6 vždy neúspěch. Zásah, hod na odolnost a test prahu bolesti.",
			"en": "Test: a d6 at or under the value; 1 always succeeds, 6 always fails. Hit, save (Odporność) and pain threshold (Próg bólu).",
		},
		TargetFields: map[string]string{"attacker_fighting": "defender_fighting", "save": "save", "pain": "pain"},
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(systems.Localized{"pl": "Test", "cs": "Test", "en": "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(systems.Localized{"pl": "Atak", "cs": "Útok", "en": "Attack"}, attackSchema, Attack, AttackOddsOf),
			"terror": systems.NewAction(systems.Localized{"pl": "Groza", "cs": "Hrůza", "en": "Terror"}, terrorSchema, Terror, TerrorOdds),
			"jump":   systems.NewAction(systems.Localized{"pl": "Skok w dół", "cs": "Seskok", "en": "Jump down"}, jumpSchema, Jump, JumpOdds),
		},
	}
}
