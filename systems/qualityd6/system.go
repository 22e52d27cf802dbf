package qualityd6

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"slices"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// The JSON Schemas of the requests, with labels in every language.
var (
	//go:embed schema/test.json
	testSchema []byte
	//go:embed schema/attack.json
	attackSchema []byte
)

// System returns the quality-d6 rulebook's test and attack.
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
		Actions: map[string]*systems.Action{
			"test":   systems.NewAction(systems.Localized{"pl": "Test", "cs": "Test", "en": "Test"}, testSchema, Test, TestOddsOf),
			"attack": systems.NewAction(systems.Localized{"pl": "Atak", "cs": "Útok", "en": "Attack"}, withAbilities(attackSchema), Attack, AttackOddsOf),
		},
	}
}

// abilitiesPlaceholder marks, in schema/attack.json, where the abilities'
// examples go.
const abilitiesPlaceholder = `"examples": ["generated from package ability"]`

// withAbilities fills the attack schema's abilities from the shared
// vocabulary: the examples are the abilities with an effect on the dice,
// by their rulebook names, and x-enum-labels gives each its name in every
// language. Any other spelling the vocabulary knows is accepted too, so
// the list is not an enum.
func withAbilities(schema []byte) []byte {
	var names []string
	labels := map[string]map[string]string{}
	// Finezja goes last: a form that takes the first examples should not
	// offer it with Przebijająca, which the attack refuses.
	order := slices.Clone(vocab.All)
	slices.SortStableFunc(order, func(a, b *vocab.Info) int {
		return cmp.Compare(b2i(a.Name == vocab.Finezja), b2i(b.Name == vocab.Finezja))
	})
	for _, a := range order {
		if !onDice[a.Name] {
			continue
		}
		names = append(names, string(a.Name))
		labels[string(a.Name)] = map[string]string{}
		for _, lang := range l10n.Languages {
			labels[string(a.Name)][string(lang)] = abilityTerms[a.Name].New().In(lang)
		}
	}
	ex, err := json.Marshal(names)
	if err != nil {
		panic(err)
	}
	lb, err := json.Marshal(labels)
	if err != nil {
		panic(err)
	}
	out := bytes.Replace(schema, []byte(abilitiesPlaceholder), []byte(`"examples": `+string(ex)+`, "x-enum-labels": `+string(lb)), 1)
	if bytes.Equal(out, schema) {
		panic("qualityd6: schema/attack.json has no abilities placeholder")
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
