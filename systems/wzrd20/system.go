package wzrd20

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
	//go:embed schema/team.json
	teamSchema []byte
	//go:embed schema/morale.json
	moraleSchema []byte
)

// System returns the wzr-d20 rulebook's test, attack, team action and
// morale test.
func System() *systems.System {
	return &systems.System{
		ID:       ID,
		Language: "cs",
		Dice:     "d20 roll-under",
		Name:     systems.Localized{"pl": "Warzone Resurrection (k20)", "cs": "Warzone Resurrection (D20)", "en": "Warzone Resurrection (d20)"},
		Description: systems.Localized{
			"pl": "Test: k20 równy lub niższy od umiejętności; naturalna 1 to W dziesiątkę, naturalna 20 to W próżnię. Trafienia, test pancerza i Krytyczna rana.",
			"cs": "Test: D20 stejně nebo méně než dovednost; neupravená 1 je Do černého, neupravená 20 Do prázdna. Zásahy, test zbroje a Kritické zranění.",
			"en": "Test: a d20 at or under the skill; a natural 1 is a Power Shot, a natural 20 a Fumble. Hits, Armour tests and Critical Force.",
		},
		TargetFields: map[string]string{"armour": "armour", "impenetrable": "impenetrable", "wounds": "wounds", "vehicle": "vehicle"},
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(systems.Localized{"pl": "Test", "cs": "Test dovednosti", "en": "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(systems.Localized{"pl": "Atak", "cs": "Útok", "en": "Attack"}, attackSchema, Attack, AttackOddsOf),
			"team":   systems.NewAction(systems.Localized{"pl": "Akcja drużynowa", "cs": "Týmová akce", "en": "Team action"}, teamSchema, Team, TeamOddsOf),
			"morale": systems.NewAction(systems.Localized{"pl": "Test morale", "cs": "Test morálky", "en": "Morale test"}, moraleSchema, Morale, MoraleOddsOf),
		},
	}
}
