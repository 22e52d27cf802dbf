package catalog

import (
	"encoding/json"
	"regexp"
	"testing"

	"kostka/internal/langcheck"
	"kostka/l10n"
	vocab "kostka/systems/qualityd6/ability"
)

// checker returns a langcheck.Checker for the systems' catalogue, with the
// quality-d6 abilities' Polish and Czech names as terms.
func checker() *langcheck.Checker {
	Registry()
	var terms [][2]string
	for _, a := range vocab.All {
		terms = append(terms, [2]string{string(a.Name), a.Cs})
	}
	return langcheck.New(terms...)
}

// sampleNames are the names the sample requests give their weapons,
// echoed verbatim in the language the player wrote them.
var sampleNames = regexp.MustCompile(`miecz|koń|Karabin|flamer|rifle`)

// TestCatalogueLanguages renders every message of the catalogue (every
// system, the dice, the points cost, the shared field errors) in Polish
// and Czech, in every plural category, and fails on English in either,
// Polish letters or terms in Czech, Czech ones in Polish, and a message
// whose Czech is its Polish (cmd/kostka's TestCatalogueLanguages checks
// the whole program's catalogue).
func TestCatalogueLanguages(t *testing.T) {
	for _, err := range checker().Catalogue() {
		t.Error(err)
	}
}

// TestSchemaLabels checks each system's name and description, each
// action's title, and every action's schema the same way: each x-labels
// and x-enum-labels entry in Polish and Czech has no English word and no
// letters or terms of the other language, and Czech differs from Polish
// unless its words are shared.
func TestSchemaLabels(t *testing.T) {
	reg := Registry()
	c := checker()
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		texts := map[string]l10n.Texts{"name": s.Name, "description": s.Description}
		for _, name := range s.ActionNames() {
			texts[name+" title"] = s.Actions[name].Title
		}
		for what, l := range texts {
			for _, leak := range c.Labels(l.Pl, l.Cs) {
				t.Errorf("%s %s: %s", id, what, leak)
			}
		}
		for _, name := range s.ActionNames() {
			var schema any
			if err := json.Unmarshal(s.Actions[name].Schema, &schema); err != nil {
				t.Fatalf("%s %s: %v", id, name, err)
			}
			eachLabel(schema, "", func(path string, labels map[string]any) {
				pl, _ := labels["pl"].(string)
				cs, _ := labels["cs"].(string)
				if pl == "" || cs == "" {
					t.Errorf("%s %s %s: labels %v lack pl or cs", id, name, path, labels)
					return
				}
				for _, leak := range c.Labels(pl, cs) {
					t.Errorf("%s %s %s: %s", id, name, path, leak)
				}
			})
		}
	}
}

// eachLabel calls f with every x-labels object of a schema, and every
// entry of every x-enum-labels object.
func eachLabel(v any, path string, f func(path string, labels map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch k {
			case "x-labels":
				if m, ok := e.(map[string]any); ok {
					f(path, m)
				}
			case "x-enum-labels":
				if m, ok := e.(map[string]any); ok {
					for value, l := range m {
						if lm, ok := l.(map[string]any); ok {
							f(path+"="+value, lm)
						}
					}
				}
			default:
				eachLabel(e, path+"/"+k, f)
			}
		}
	case []any:
		for _, e := range x {
			eachLabel(e, path, f)
		}
	}
}
