package web_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"kostka/api"
)

// apiTexts reads the JSON object of web/static/apitext.js.
func apiTexts(t *testing.T) map[string]struct {
	Ops    map[string]string `json:"ops"`
	Params map[string]string `json:"params"`
} {
	t.Helper()
	src, err := os.ReadFile("static/apitext.js")
	if err != nil {
		t.Fatal(err)
	}
	_, obj, ok := strings.Cut(string(src), "export const apiTexts = ")
	obj = strings.TrimSpace(obj)
	if !ok || !strings.HasSuffix(obj, ";") {
		t.Fatal("apitext.js does not end with `export const apiTexts = {…};`")
	}
	var out map[string]struct {
		Ops    map[string]string `json:"ops"`
		Params map[string]string `json:"params"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSuffix(obj, ";")), &out); err != nil {
		t.Fatalf("apitext.js's object is not JSON: %v", err)
	}
	return out
}

// TestAPITextsCoverTheDocument: the API page's Polish and Czech texts have
// a summary for every operation of the OpenAPI document and a description
// for every described parameter; a text shared by a parameter name
// ("lang") stands for one English description only, and no text is left
// over from an operation or parameter that is gone.
func TestAPITextsCoverTheDocument(t *testing.T) {
	var doc struct {
		Paths      map[string]map[string]any `yaml:"paths"`
		Components struct {
			Parameters map[string]param `yaml:"parameters"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(api.OpenAPIYAML(), &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(p param) param {
		if name, ok := strings.CutPrefix(p.Ref, "#/components/parameters/"); ok {
			return doc.Components.Parameters[name]
		}
		return p
	}
	type op struct {
		id     string
		params []param
	}
	var ops []op
	for _, item := range doc.Paths {
		var common []param
		decode(t, item["parameters"], &common)
		for _, method := range []string{"get", "post", "put", "delete"} {
			if item[method] == nil {
				continue
			}
			var o struct {
				ID         string  `yaml:"operationId"`
				Summary    string  `yaml:"summary"`
				Parameters []param `yaml:"parameters"`
			}
			decode(t, item[method], &o)
			all := []param{}
			for _, p := range append(common, o.Parameters...) {
				if p = resolve(p); p.In != "header" {
					all = append(all, p)
				}
			}
			ops = append(ops, op{o.ID, all})
		}
	}
	if len(ops) < 20 {
		t.Fatalf("the document has only %d operations", len(ops))
	}
	all := apiTexts(t)
	if _, ok := all["pl"]; !ok || len(all) != 2 {
		t.Fatalf("apitext.js has the languages %v, want pl and cs", all)
	}
	if _, ok := all["cs"]; !ok {
		t.Fatal("apitext.js has no cs")
	}
	for lang, texts := range all {
		usedOps, usedParams := map[string]bool{}, map[string]bool{}
		english := map[string]string{} // a shared key's English description
		for _, o := range ops {
			usedOps[o.id] = true
			if texts.Ops[o.id] == "" {
				t.Errorf("%s: no summary for %s", lang, o.id)
			}
			for _, p := range o.params {
				if p.Description == "" {
					continue
				}
				own := o.id + "." + p.Name
				switch {
				case texts.Params[own] != "":
					usedParams[own] = true
				case texts.Params[p.Name] != "":
					usedParams[p.Name] = true
					if e, ok := english[p.Name]; ok && e != p.Description {
						t.Errorf("%s: %q stands for two descriptions, %q and %q: give %s its own", lang, p.Name, e, p.Description, own)
					}
					english[p.Name] = p.Description
				default:
					t.Errorf("%s: no description for %s's parameter %s", lang, o.id, p.Name)
				}
			}
		}
		for id := range texts.Ops {
			if !usedOps[id] {
				t.Errorf("%s: a summary for %s, which the document does not have", lang, id)
			}
		}
		for key := range texts.Params {
			if !usedParams[key] {
				t.Errorf("%s: a description for %s, which no described parameter uses", lang, key)
			}
		}
	}
}

// param is an OpenAPI parameter or a reference to one.
type param struct {
	Ref         string `yaml:"$ref"`
	Name        string `yaml:"name"`
	In          string `yaml:"in"`
	Description string `yaml:"description"`
}

// decode turns a part of the YAML document read as any into v.
func decode(t *testing.T, in any, v any) {
	t.Helper()
	if in == nil {
		return
	}
	b, err := yaml.Marshal(in)
	if err == nil {
		err = yaml.Unmarshal(b, v)
	}
	if err != nil {
		t.Fatal(err)
	}
}
