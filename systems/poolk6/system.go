package poolk6

import (
	"context"
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
	//go:embed schema/special.json
	specialSchema []byte
	//go:embed schema/area.json
	areaSchema []byte
	//go:embed schema/initiative.json
	initiativeSchema []byte
)

// ID is the system's id.
const ID = "pool-k6"

// System returns the pool-k6 rulebook's actions: test, attack, area (one
// attack roll against every model in an area), special (Medic, Stealth
// and burning rolls) and initiative (K6 + the highest Command).
func System() *systems.System {
	return &systems.System{
		ID:       ID,
		Language: "pl",
		Dice:     "xK6 pool",
		Name:     l10n.Texts{Pl: "Pula K6 (sci-fi)", Cs: "Sada K6 (sci-fi)", En: "K6 pool (sci-fi)"},
		Description: l10n.Texts{
			Pl: "Test: rzut xK6, wynik to najwyższa kość +1 za każdą dodatkową 6. Testy przeciwstawne i z progiem, poziom sukcesu × DAM.",
			Cs: "Test: hod xK6, výsledek je nejvyšší kostka +1 za každou další 6. Srovnávací testy a testy s prahem, úroveň úspěchu × DAM.",
			En: "Test: roll xd6, the result is the highest die +1 for each further 6. Opposed and threshold tests, success level × DAM.",
		},
		TargetFields: map[string]string{"defense": "defense", "armour": "armour", "stealth": "stealth", "base_radius": "base_radius"},
		Actions: map[string]*systems.Action{
			"test": systems.NewAction(l10n.Texts{Pl: "Test", Cs: "Test", En: "Test"}, testSchema,
				Test, TestOddsOf),
			"attack": systems.NewAction(l10n.Texts{Pl: "Atak", Cs: "Útok", En: "Attack"}, attackSchema,
				Resolve, func(ctx context.Context, r AttackRequest) (AttackOdds, error) { return OddsOf(ctx, &r) }),
			"area": systems.NewAction(l10n.Texts{Pl: "Atak obszarowy", Cs: "Plošný útok", En: "Area attack"}, areaSchema,
				ResolveArea, func(ctx context.Context, r AreaRequest) (AreaOdds, error) { return AreaOddsOf(ctx, &r) }),
			"special": systems.NewAction(l10n.Texts{Pl: "Rzut specjalny", Cs: "Zvláštní hod", En: "Special roll"}, specialSchema,
				RollSpecial, SpecialOdds),
			"initiative": systems.NewAction(l10n.Texts{Pl: "Inicjatywa", Cs: "Iniciativa", En: "Initiative"}, initiativeSchema,
				Initiative, InitiativeOddsOf),
		},
	}
}
