package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestCost(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "cost", "testdata/walker.json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out, "Total: 183 points\n") || !strings.Contains(out, "Base cost: 5 × morale 1.2 × defense 2.3 × toughness 8") ||
		!strings.Contains(out, "⚠ Unit balance") || !strings.Contains(out, "‣ Nieustraszony is costed in the morale part.") {
		t.Errorf("output:\n%s", out)
	}
	out, _, err = runCLI(t, "cost", "-lang", "cs", "testdata/walker.json")
	if err != nil || !strings.Contains(out, "Základní cena: 5 × morálka 1,2 × obrana 2,3 × odolnost 8") {
		t.Errorf("in Czech: %v\n%s", err, out)
	}
	// From standard input, as JSON.
	data, err := os.ReadFile("testdata/walker.json")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if err := run(context.Background(), []string{"kostka", "cost", "-json", "-"}, noEnv, strings.NewReader(string(data)), &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var c struct{ Total int }
	if err := json.Unmarshal([]byte(stdout.String()), &c); err != nil || c.Total != 183 {
		t.Errorf("JSON: %v %q", err, stdout.String())
	}
	// A missing required field is said to be required, as the API says.
	stdout.Reset()
	err = run(context.Background(), []string{"kostka", "cost", "-"}, noEnv, strings.NewReader(`{"models": 1, "quality": 4, "defense": 4}`), &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "toughness: is required") {
		t.Errorf("no toughness: %v, want toughness is required", err)
	}
	for _, args := range [][]string{{"cost"}, {"cost", "missing.json"}, {"cost", "testdata"}} {
		if _, _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
