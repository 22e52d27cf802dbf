package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	t.Parallel()
	// Flags after the arguments; the ranked table is a golden file.
	out, _, err := runCLI(t, "compare", "quality-d6", "../../examples/compare.json", "-lang", "en")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/compare.golden")
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("output:\n%s\nwant (testdata/compare.golden):\n%s", out, want)
	}
	out, _, err = runCLI(t, "compare", "-lang", "pl", "quality-d6", "../../examples/compare.json")
	if err != nil || !strings.Contains(out, "Target: Lekka piechota (10 modeli, Obrona 5+)") {
		t.Errorf("in Polish: %v\n%s", err, out)
	}
	// From standard input, as JSON, with the action chosen.
	var stdout, stderr strings.Builder
	in := `{"attackers":[{"name":"A","models":3,"skill":12,"strength":10,"rate":2,"points":60},{"name":"B","models":4,"skill":14,"strength":12,"rate":1,"points":40}],"targets":[{"preset":"trooper"}]}`
	if err := run(context.Background(), []string{"kostka", "compare", "wzr-d20", "-", "-json", "-action", "team"}, noEnv, strings.NewReader(in), &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Action  string
		Results []struct{ Points float64 }
	}
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil || res.Action != "team" || len(res.Results) != 2 || res.Results[0].Points != 60 {
		t.Errorf("JSON: %v %q", err, stdout.String())
	}
	// Refused input exits with 2, with the API's detail.
	for _, tc := range []struct {
		args []string
		in   string
		msg  string
	}{
		{[]string{"compare", "quality-d6", "-"}, `{"attackers":[{"name":"a","attacks":1,"quality":4}],"targets":[{"preset":"vehicle"}]}`, "attackers: must hold from 2 to 4, not 1"},
		{[]string{"compare", "quality-d6", "-"}, `[1]`, "is not a comparison"},
		{[]string{"compare", "quality-d6"}, ``, "compare needs a system and one JSON file"},
		{[]string{"compare", "chess", "../../examples/compare.json"}, ``, "chess"},
	} {
		stdout.Reset()
		err := run(context.Background(), append([]string{"kostka"}, tc.args...), noEnv, strings.NewReader(tc.in), &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.msg) || exitCode(err) != 2 {
			t.Errorf("%v: %v (exit %d), want %q and exit 2", tc.args, err, exitCode(err), tc.msg)
		}
	}
}
