package wzrd20

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
		Name:     l10n.Texts{Pl: "Warzone Resurrection (k20)", Cs: "Warzone Resurrection (D20)", En: "Warzone Resurrection (d20)"},
		Description: l10n.Texts{
			Pl: "Test: k20 równy lub niższy od umiejętności; naturalna 1 to W dziesiątkę, naturalna 20 to W próżnię. Trafienia, test pancerza i Krytyczna rana.",
			Cs: "Test: D20 stejně nebo méně než dovednost; neupravená 1 je Do černého, neupravená 20 Do prázdna. Zásahy, test zbroje a Kritické zranění.",
			En: "Test: a d20 at or under the skill; a natural 1 is a Power Shot, a natural 20 a Fumble. Hits, Armour tests and Critical Force.",
		},
		TargetFields: map[string]string{"armour": "armour", "impenetrable": "impenetrable", "wounds": "wounds", "vehicle": "vehicle"},
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(l10n.Texts{Pl: "Test", Cs: "Test dovednosti", En: "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(l10n.Texts{Pl: "Atak", Cs: "Útok", En: "Attack"}, attackSchema, Attack, AttackOddsOf),
			"team":   systems.NewAction(l10n.Texts{Pl: "Akcja drużynowa", Cs: "Týmová akce", En: "Team action"}, teamSchema, Team, TeamOddsOf),
			"morale": systems.NewAction(l10n.Texts{Pl: "Test morale", Cs: "Test morálky", En: "Morale test"}, moraleSchema, Morale, MoraleOddsOf),
		},
	}
}
