// Package deploy_test holds template.yaml, the Makefile and the Go router
// together: every function builds, every route in the template is served,
// and every route served is in the template.
package deploy_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"kostka/api"
)

// template is the part of template.yaml these tests read.
type template struct {
	Parameters map[string]struct {
		Type   string `yaml:"Type"`
		NoEcho bool   `yaml:"NoEcho"`
	} `yaml:"Parameters"`
	Globals struct {
		Function functionProps `yaml:"Function"`
	} `yaml:"Globals"`
	Resources map[string]struct {
		Type     string `yaml:"Type"`
		Metadata struct {
			BuildMethod string `yaml:"BuildMethod"`
		} `yaml:"Metadata"`
		Properties functionProps `yaml:"Properties"`
	} `yaml:"Resources"`
	Outputs map[string]struct {
		Value string `yaml:"Value"`
	} `yaml:"Outputs"`
}

type functionProps struct {
	Runtime       string   `yaml:"Runtime"`
	Architectures []string `yaml:"Architectures"`
	Handler       string   `yaml:"Handler"`
	CodeUri       string   `yaml:"CodeUri"`
	Events        map[string]struct {
		Type       string `yaml:"Type"`
		Properties struct {
			Method string `yaml:"Method"`
			Path   string `yaml:"Path"`
		} `yaml:"Properties"`
	} `yaml:"Events"`
}

// function is one Lambda function of the template, Globals applied.
type function struct {
	id string
	functionProps
}

func loadTemplate(t *testing.T) (template, []function) {
	t.Helper()
	b, err := os.ReadFile("../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl template
	if err := yaml.Unmarshal(b, &tpl); err != nil {
		t.Fatalf("template.yaml: %v", err)
	}
	var fns []function
	for id, r := range tpl.Resources {
		if r.Type != "AWS::Serverless::Function" {
			continue
		}
		if r.Metadata.BuildMethod != "makefile" {
			t.Errorf("%s: Metadata.BuildMethod = %q, want makefile", id, r.Metadata.BuildMethod)
		}
		p, g := r.Properties, tpl.Globals.Function
		p.Runtime = cmp(p.Runtime, g.Runtime)
		p.Handler = cmp(p.Handler, g.Handler)
		p.CodeUri = cmp(p.CodeUri, g.CodeUri)
		if p.Architectures == nil {
			p.Architectures = g.Architectures
		}
		fns = append(fns, function{id: id, functionProps: p})
	}
	slices.SortFunc(fns, func(a, b function) int { return strings.Compare(a.id, b.id) })
	if len(fns) == 0 {
		t.Fatal("template.yaml has no functions")
	}
	return tpl, fns
}

func cmp(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}

func TestTemplateFunctions(t *testing.T) {
	t.Parallel()
	tpl, fns := loadTemplate(t)
	for _, fn := range fns {
		t.Run(fn.id, func(t *testing.T) {
			if fn.Runtime != "provided.al2023" || fn.Handler != "bootstrap" || !slices.Equal(fn.Architectures, []string{"arm64"}) {
				t.Errorf("runtime %q, handler %q, architectures %v; want provided.al2023, bootstrap, [arm64]",
					fn.Runtime, fn.Handler, fn.Architectures)
			}
			if st, err := os.Stat(filepath.Join("..", fn.CodeUri)); err != nil || !st.IsDir() {
				t.Errorf("CodeUri %q is not a directory: %v", fn.CodeUri, err)
			}
			if len(fn.Events) == 0 {
				t.Error("function has no HttpApi events")
			}
		})
	}
	// No parameter holds a secret (the bot's token never goes to AWS), and
	// the public key is shown, so SAM's guided deploy can leave it empty
	// and offer the saved value again.
	for name, p := range tpl.Parameters {
		if p.NoEcho {
			t.Errorf("parameter %s is NoEcho; none holds a secret", name)
		}
	}
	if _, ok := tpl.Parameters["DiscordPublicKey"]; !ok {
		t.Error("no DiscordPublicKey parameter")
	}
	if !strings.Contains(tpl.Outputs["ApiUrl"].Value, "execute-api") {
		t.Errorf("Outputs.ApiUrl = %q", tpl.Outputs["ApiUrl"].Value)
	}
}

// refs returns the names a template node refers to: !Ref X, !GetAtt X.Y,
// and ${X} in !Sub strings (pseudo parameters such as AWS::Region left
// out), in short or long form.
func refs(n *yaml.Node) []string {
	var out []string
	sub := regexp.MustCompile(`\$\{([A-Za-z0-9]+)(\.[A-Za-z0-9.]+)?\}`)
	var walk func(n *yaml.Node, fn string)
	walk = func(n *yaml.Node, fn string) {
		if n == nil {
			return
		}
		if n.Tag != "" && strings.HasPrefix(n.Tag, "!") && n.Tag != "!!str" {
			fn = n.Tag
		}
		if n.Kind == yaml.ScalarNode {
			switch fn {
			case "!Ref", "Ref":
				out = append(out, n.Value)
			case "!GetAtt", "Fn::GetAtt":
				out = append(out, strings.Split(n.Value, ".")[0])
			case "!Sub", "Fn::Sub":
				for _, m := range sub.FindAllStringSubmatch(n.Value, -1) {
					out = append(out, m[1])
				}
			}
			return
		}
		for i, c := range n.Content {
			if n.Kind == yaml.MappingNode && i%2 == 0 {
				continue
			}
			cfn := fn
			if n.Kind == yaml.MappingNode {
				switch key := n.Content[i-1].Value; key {
				case "Ref", "Fn::GetAtt", "Fn::Sub":
					cfn = key
				}
			}
			walk(c, cfn)
		}
	}
	walk(n, "")
	return out
}

// child returns the value of key in a mapping node, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// TestTemplateReferences checks what cfn-lint would (CI runs it too):
// every parameter is used, and no function refers, outside its events, to
// an API whose routes lead to it: the API's routes depend on the function,
// so that would be a circular dependency and the stack could not deploy.
func TestTemplateReferences(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	used := map[string]bool{}
	for _, section := range []string{"Globals", "Resources", "Outputs", "Conditions"} {
		for _, r := range refs(child(root, section)) {
			used[r] = true
		}
	}
	params := child(root, "Parameters")
	for i := 0; params != nil && i < len(params.Content); i += 2 {
		if name := params.Content[i].Value; !used[name] {
			t.Errorf("parameter %s is used by nothing", name)
		}
	}
	resources := child(root, "Resources")
	for i := 0; i < len(resources.Content); i += 2 {
		id, res := resources.Content[i].Value, resources.Content[i+1]
		props := child(res, "Properties")
		events := child(props, "Events")
		if events == nil {
			continue
		}
		apis := map[string]bool{}
		for _, r := range refs(events) {
			apis[r] = true
		}
		for j := 0; j < len(props.Content); j += 2 {
			if props.Content[j].Value == "Events" {
				continue
			}
			for _, r := range refs(props.Content[j+1]) {
				if apis[r] {
					t.Errorf("%s.%s refers to %s, whose routes lead to %s: a circular dependency", id, props.Content[j].Value, r, id)
				}
			}
		}
	}
	// The same check on Globals, which every function inherits.
	for _, r := range refs(child(root, "Globals")) {
		if res := child(resources, r); child(res, "Type") != nil && child(res, "Type").Value == "AWS::Serverless::HttpApi" {
			t.Errorf("Globals refer to the API %s, which every function's routes are on: a circular dependency", r)
		}
	}
}

// normalize turns a template path or ServeMux pattern into a comparable
// "METHOD /path/{}" form: wildcard names and greedy markers are erased.
func normalize(method, path string) string {
	wild := regexp.MustCompile(`\{[^}]*\}`)
	path = strings.TrimSuffix(path, "{$}") // ServeMux's "exactly this path"
	return strings.ToUpper(method) + " " + wild.ReplaceAllString(path, "{}")
}

func TestTemplateRoutesMatchRouter(t *testing.T) {
	t.Parallel()
	_, fns := loadTemplate(t)
	inTemplate := map[string]string{} // route -> function
	for _, fn := range fns {
		for name, ev := range fn.Events {
			if ev.Type != "HttpApi" {
				t.Errorf("%s.%s: event type %q, want HttpApi", fn.id, name, ev.Type)
				continue
			}
			route := normalize(ev.Properties.Method, ev.Properties.Path)
			if other, dup := inTemplate[route]; dup {
				t.Errorf("route %s is on both %s and %s", route, other, fn.id)
			}
			inTemplate[route] = fn.id
		}
	}
	served := map[string]bool{}
	for _, p := range api.Patterns() {
		method, path, _ := strings.Cut(p, " ")
		route := normalize(method, path)
		served[route] = true
		if _, ok := inTemplate[route]; !ok {
			t.Errorf("route %q is served by the API but not in template.yaml", p)
		}
	}
	for route, fn := range inTemplate {
		if !served[route] {
			t.Errorf("template.yaml routes %s to %s, but the API does not serve it", route, fn)
		}
	}
}

// makeTarget is a build target of deploy/Makefile: "build-<id>: ;
// $(call bootstrap,<dir>)".
var makeTarget = regexp.MustCompile(`(?m)^build-(\w+):\s*;\s*\$\(call bootstrap,([^)]+)\)`)

// makeFunctions is the list "make bootstraps" builds: "<id>:<folder>" pairs.
var makeFunctions = regexp.MustCompile(`(?m)^FUNCTIONS\s*:=\s*(.*)$`)

// TestEveryFunctionBuilds builds every function once, with "make
// bootstraps" (which runs "make build-<Function>" for each, as sam build
// does), and checks each result is a static linux/arm64 executable named
// bootstrap.
func TestEveryFunctionBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every function; skipped with -short")
	}
	t.Parallel()
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"CGO_ENABLED=0", "GOOS=linux", "GOARCH=$(ARCH)", "ARCH ?= arm64", "-tags lambda.norpc", "-trimpath", "bootstrap"} {
		if !strings.Contains(string(mk), flag) {
			t.Errorf("deploy/Makefile lacks %s", flag)
		}
	}
	targets := map[string]string{}
	for _, m := range makeTarget.FindAllStringSubmatch(string(mk), -1) {
		targets[m[1]] = m[2]
	}
	folders := map[string]string{} // function id -> folder under ARTIFACTS_DIR
	if m := makeFunctions.FindStringSubmatch(string(mk)); m != nil {
		for _, pair := range strings.Fields(m[1]) {
			id, folder, _ := strings.Cut(pair, ":")
			folders[id] = folder
		}
	}
	_, fns := loadTemplate(t)
	out := t.TempDir()
	built := false
	for _, fn := range fns {
		dir, ok := targets[fn.id]
		if !ok {
			t.Errorf("deploy/Makefile has no build-%s target", fn.id)
		} else if _, err := os.Stat(filepath.Join("..", dir, "main.go")); err != nil {
			t.Errorf("build-%s builds %s, which has no main.go: %v", fn.id, dir, err)
		}
		if folders[fn.id] == "" {
			t.Errorf("FUNCTIONS in deploy/Makefile lacks %s, so make bootstraps does not build it", fn.id)
		}
	}
	if t.Failed() {
		return
	}
	if _, err := exec.LookPath("make"); err == nil {
		cmd := exec.Command("make", "--no-print-directory", "bootstraps", "ARTIFACTS_DIR="+out)
		cmd.Dir = ".."
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", cmd.Args, err, b)
		}
		built = true
	} else {
		t.Log("make is not installed; building with go directly")
	}
	for _, fn := range fns {
		t.Run(fn.id, func(t *testing.T) {
			bootstrap := filepath.Join(out, folders[fn.id], "bootstrap")
			if !built {
				if err := os.MkdirAll(filepath.Dir(bootstrap), 0o755); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command("go", "build", "-trimpath", "-tags", "lambda.norpc", "-o", bootstrap, "./"+targets[fn.id])
				cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=arm64")
				cmd.Dir = ".."
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%v: %v\n%s", cmd.Args, err, b)
				}
			}
			f, err := elf.Open(bootstrap)
			if err != nil {
				t.Fatalf("bootstrap: %v", err)
			}
			defer f.Close()
			if f.Machine != elf.EM_AARCH64 || f.Type != elf.ET_EXEC {
				t.Errorf("bootstrap is %v %v, want an arm64 executable", f.Machine, f.Type)
			}
			if f.Section(".interp") != nil {
				t.Error("bootstrap is dynamically linked; the runtime needs a static binary")
			}
		})
	}
}
