package qualityd6

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"os"
	"slices"
	"testing"

	"kostka/l10n"
	vocab "kostka/systems/qualityd6/ability"
)

var update = flag.Bool("update", false, "write schema/attack.gen.json (go generate)")

// TestAttackSchemaGenerated checks that schema/attack.gen.json, the
// attack's schema as served, is schema/attack.json with the abilities
// filled in from package ability; with -update it writes it.
func TestAttackSchemaGenerated(t *testing.T) {
	src, err := os.ReadFile("schema/attack.json")
	if err != nil {
		t.Fatal(err)
	}
	want := withAbilities(src)
	if *update {
		if err := os.WriteFile("schema/attack.gen.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(attackSchema, want) {
		t.Fatal("schema/attack.gen.json is not schema/attack.json with the abilities filled in: run go generate ./systems/qualityd6")
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
