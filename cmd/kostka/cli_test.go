package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"kostka/systems/catalog"
)

// asMainEnv makes this test binary run main() instead of the tests, so
// that tests run the real command (its exit status, its signal handling)
// without building another binary.
const asMainEnv = "KOSTKA_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// kostkaCommand returns the kostka command with args, ready to start: this
// test binary, running main().
func kostkaCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	return cmd
}

// TestExitStatus runs the real command: help asked for exits 0 and prints
// to standard output, a usage error exits 2, a failure exits 1.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args       []string
		status     int
		stdoutHas  string
		stderrHas  string
		stdoutNone bool
	}{
		{[]string{"-h"}, 0, "Usage:\n  kostka serve", "", false},
		{[]string{"help"}, 0, "kostka systems [-json] [SYSTEM]", "", false},
		{[]string{"help", "cost"}, 0, "Usage: kostka cost [-json] [-lang LANG] [-api URL] FILE.json", "", false},
		{[]string{"test", "-h"}, 0, "Usage: kostka test [-odds] [-json] [-lang LANG] [-api URL] SYSTEM key=value…", "", false},
		{[]string{"serve", "-help"}, 0, "-addr address", "", false},
		{[]string{"register", "-h"}, 0, "-guild id", "", false},
		{nil, 2, "", "kostka: no subcommand given", true},
		{[]string{"tset"}, 2, "", `unknown subcommand "tset"; did you mean "test"?`, true},
		{[]string{"help", "atack"}, 2, "", `did you mean "attack"?`, true},
		{[]string{"roll", "-x", "2d6"}, 2, "", "flag provided but not defined: -x", true},
		{[]string{"cost", "-jsn", "x.json"}, 2, "", "did you mean -json?", true},
		{[]string{"test", "quality-d6", "targte=4"}, 2, "", `no field "targte"; did you mean "target"?`, true},
		{[]string{"roll", "2d"}, 2, "", "kostka: Expected the number of sides", true},
		{[]string{"test", "wzr-d20", "skill=99"}, 2, "", "kostka: skill: ", true},
		{[]string{"roll", "-api", "http://127.0.0.1:1", "2d6"}, 1, "", "kostka: client: calling the Kostka API", true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			cmd := kostkaCommand(t, tt.args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			status := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				status = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tt.status {
				t.Errorf("exit status %d, want %d; stderr:\n%s", status, tt.status, stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.stdoutHas) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdoutHas, stdout.String())
			}
			if !strings.Contains(stderr.String(), tt.stderrHas) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderrHas, stderr.String())
			}
			if tt.stdoutNone && stdout.Len() > 0 {
				t.Errorf("a failure wrote to stdout:\n%s", stdout.String())
			}
			if tt.status == 0 && stderr.Len() > 0 {
				t.Errorf("help wrote to stderr:\n%s", stderr.String())
			}
		})
	}
}

// TestUsageFromOnePlace checks that "kostka -h", "kostka help NAME" and
// "kostka NAME -h" show every command's usage line from its one entry in
// commands().
func TestUsageFromOnePlace(t *testing.T) {
	t.Parallel()
	all, _, err := runCLI(t, "-h")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands() {
		line := strings.TrimSpace("kostka " + c.name + " " + c.args)
		if !strings.Contains(all, "  "+line+"\n") {
			t.Errorf("kostka -h lacks %q", line)
		}
		own, stderr, err := runCLI(t, c.name, "-h")
		if err != nil || stderr != "" {
			t.Errorf("%s -h: err %v, stderr %q", c.name, err, stderr)
		}
		if !strings.HasPrefix(own, "Usage: "+line+"\n\n"+c.details+"\n") {
			t.Errorf("%s -h:\n%s\nwant it to start with the usage line %q and the details", c.name, own, line)
		}
		if viaHelp, _, err := runCLI(t, "help", c.name); err != nil || viaHelp != own {
			t.Errorf("help %s: %v\n%s\nwant the same as %s -h:\n%s", c.name, err, viaHelp, c.name, own)
		}
	}
}

func TestSuggestions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serach", "x"}, `unknown subcommand "serach"; did you mean "search"?`},
		{[]string{"sytems"}, `did you mean "systems"?`},
		{[]string{"frobnicate"}, `unknown subcommand "frobnicate"`},
		{[]string{"test", "quality-d6", "targte=4"}, `test quality-d6: no field "targte"; did you mean "target"? ("kostka systems quality-d6" lists them)`},
		{[]string{"test", "pool-k6", "dice=2", "opponent.dcie=2"}, `did you mean "opponent.dice"?`},
		{[]string{"attack", "pool-k7"}, `no game system "pool-k7"; did you mean "pool-k6"?`},
		{[]string{"systems", "wzr-d2"}, `did you mean "wzr-d20"?`},
		{[]string{"search", "-limt", "2", "x"}, `did you mean -limit?`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, _, err := runCLI(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || exitCode(err) != 2 {
				t.Errorf("err = %v (exit %d), want a usage error with %q", err, exitCode(err), tt.want)
			}
		})
	}
	// Nothing close: no guess.
	if _, _, err := runCLI(t, "frobnicate"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("frobnicate: %v", err)
	}
}

func TestEditDistance(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"test", "test", 0}, {"", "abc", 3}, {"targte", "target", 1}, {"tset", "test", 1},
		{"atack", "attack", 1}, {"kitten", "sitting", 3}, {"ca", "abc", 3}, {"zbroja", "zbrója", 1},
	} {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := editDistance(tt.b, tt.a); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}

// TestSystems lists the systems, and every system's actions with every
// field of their schemas.
func TestSystems(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "systems")
	if err != nil {
		t.Fatal(err)
	}
	reg := catalog.Registry()
	for _, id := range reg.IDs() {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(id) + `\s`).MatchString(out) {
			t.Errorf("systems lacks %s:\n%s", id, out)
		}
	}
	for _, id := range reg.IDs() {
		t.Run(id, func(t *testing.T) {
			out, _, err := runCLI(t, "systems", id)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := reg.Get(id)
			for name, a := range s.Actions {
				var schema struct{ Properties map[string]json.RawMessage }
				if err := json.Unmarshal(a.Schema, &schema); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(out, a.Title.En+": ") {
					t.Errorf("no heading for %s", name)
				}
				for prop := range schema.Properties {
					if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(prop) + `[ .]`).MatchString(out) {
						t.Errorf("%s %s: field %s is not listed", id, name, prop)
					}
				}
			}
		})
	}
	// Ranges, choices, defaults and nested fields, as the schema says.
	out, _, err = runCLI(t, "systems", "pool-k6")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{
		`  dice +1\.\.12 +required +Skill \(dice\)`,
		`  modifier +-20\.\.20 +0 +Modifier`,
		`  opponent\.dice +1\.\.12 +- +Opponent's skill \(dice\)`,
		`  cover +open\|soft\|hard\|invisible +open +Target's cover`,
		`  crossfire +true\|false +false +Crossfire`,
		`Test: kostka test pool-k6 key=value…`,
		`Special roll: POST /v1/systems/pool-k6/special`,
	} {
		if !regexp.MustCompile(`(?m)^` + row).MatchString(out) {
			t.Errorf("no line like %q:\n%s", row, out)
		}
	}
}

// TestActionFlags checks -json (the whole answer, as the API sends it)
// and a list field given with commas.
func TestActionFlags(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "test", "-json", "wzr-d20", "skill=12")
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Steps []json.RawMessage
		Odds  json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &answer); err != nil || len(answer.Steps) == 0 || len(answer.Odds) == 0 {
		t.Errorf("-json: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "attack", "-json", "-lang", "pl", "quality-d6", "attacks=6", "quality=4", "defense=4", "models=5", "abilities=Niezawodny")
	if err != nil || !strings.Contains(out, "Niezawodny") {
		t.Errorf("a list field: %v\n%s", err, out)
	}
}

// TestReadmeCostLine runs the README's "kostka cost" line as it is
// written, from the repository root, and checks the total it states.
func TestReadmeCostLine(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^kostka (cost \S+) +# .*Total: (\d+) points$`).FindSubmatch(readme)
	if m == nil {
		t.Fatal(`README.md has no line "kostka cost FILE   # … Total: N points"`)
	}
	t.Chdir("../..")
	out, _, err := runCLI(t, strings.Fields(string(m[1]))...)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Total: " + string(m[2]) + " points\n"; !strings.HasSuffix(out, want) {
		t.Errorf("kostka %s printed:\n%s\nREADME.md says %q", m[1], out, want)
	}
}
