package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"kostka/api"
	"kostka/rulesdata"
	"kostka/search"
)

// TestConventions checks that every command follows the same Go
// conventions, through run: flags anywhere, -json everywhere, one exit
// status for one kind of mistake, no web advice on a command line, and a
// missing required field said so.
func TestConventions(t *testing.T) {
	t.Parallel()
	deployed := httptest.NewServer(api.NewHandler(api.Config{Rules: search.New(rulesdata.Embedded())}))
	t.Cleanup(deployed.Close)
	isJSON := func(out string) bool { return json.Valid([]byte(out)) && strings.HasPrefix(out, "{") }
	tests := []struct {
		name   string
		args   []string
		status int
		check  func(stdout, stderr string) bool
	}{
		{"roll -json after the expression", []string{"roll", "2d6", "-json", "-seed", "3"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"expr": "2d6"`) }},
		{"roll -seed after, the same dice", []string{"roll", "4d6", "-seed=9"}, 0,
			func(out, _ string) bool { return strings.HasPrefix(out, "4d6 → (") }},
		{"a negative number is an argument", []string{"roll", "-1+2d6", "-seed", "1"}, 0,
			func(out, _ string) bool { return strings.HasPrefix(out, "-1+2d6 → ") }},
		{"odds -json", []string{"odds", "3k6", "-json"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"distribution"`) }},
		{"search -json after the query", []string{"search", "oslona", "-json"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"hits"`) }},
		{"systems -json", []string{"systems", "-json"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"quality-d6"`) }},
		{"systems SYSTEM -json", []string{"systems", "pool-k6", "-json"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"schema"`) }},
		{"test -json after the fields", []string{"test", "wzr-d20", "skill=12", "-json"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"steps"`) }},
		{"cost -json after the file", []string{"cost", "../../examples/unit.json", "-json"}, 0,
			func(out, _ string) bool { return isJSON(out) && strings.Contains(out, `"total"`) }},
		{"version", []string{"version"}, 0,
			func(out, _ string) bool { return strings.HasPrefix(out, "kostka ") && strings.Contains(out, " go1.") }},
		{"a field out of range exits 2", []string{"test", "wzr-d20", "skill=99"}, 2,
			func(_, err string) bool { return strings.HasPrefix(err, "skill: ") }},
		{"a misspelt field exits 2", []string{"test", "wzr-d20", "skil=12"}, 2,
			func(_, err string) bool { return strings.Contains(err, `did you mean "skill"?`) }},
		{"a bad expression exits 2, without URL advice", []string{"roll", "3k6", "4d6"}, 2,
			func(_, err string) bool {
				return strings.Contains(err, "Expected an operator (+ - * /) at character 5") && !strings.Contains(err, "%2B")
			}},
		{"an unknown flag after the argument exits 2", []string{"roll", "2d6", "-jsn"}, 2,
			func(_, err string) bool { return strings.Contains(err, "did you mean -json?") }},
		{"search with -api and -rules exits 2", []string{"search", "-api", deployed.URL, "-rules", "x", "oslona"}, 2,
			func(_, err string) bool { return strings.Contains(err, "takes no -rules") }},
		{"a missing required field is required", []string{"cost", "-"}, 2,
			func(_, err string) bool {
				return strings.Contains(err, "toughness: ") && strings.Contains(err, "required")
			}},
		{"an unreachable API exits 1", []string{"odds", "2d6", "-api", "http://127.0.0.1:1"}, 1,
			func(_, err string) bool { return strings.Contains(err, "calling the Kostka API") }},
		{"a deployed API answers alike", []string{"test", "-api", deployed.URL, "-odds", "wzr-d20", "skill=12"}, 0,
			func(out, _ string) bool { return strings.Contains(out, "%") }},
		{"a deployed API refuses alike", []string{"test", "wzr-d20", "skill=99", "-api", deployed.URL}, 2,
			func(_, err string) bool { return strings.HasPrefix(err, "skill: ") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			stdin := strings.NewReader(`{"models": 5, "quality": 4, "defense": 4}`)
			err := run(context.Background(), append([]string{"kostka"}, tt.args...), noEnv, stdin, &stdout, &stderr)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if got := exitCode(err); got != tt.status || !tt.check(stdout.String(), msg) {
				t.Errorf("kostka %s: exit %d (want %d), error %q\nstdout:\n%.500s", strings.Join(tt.args, " "), got, tt.status, msg, stdout.String())
			}
		})
	}
}
