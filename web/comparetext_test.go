package web_test

import (
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kostka/internal/langcheck"
	"kostka/systems/catalog"
)

// compareTexts reads the JSON object of web/static/comparetext.js.
func compareTexts(t *testing.T) map[string]map[string]string {
	t.Helper()
	src, err := os.ReadFile("static/comparetext.js")
	if err != nil {
		t.Fatal(err)
	}
	_, obj, ok := strings.Cut(string(src), "export const compareTexts = ")
	obj = strings.TrimSpace(obj)
	if !ok || !strings.HasSuffix(obj, ";") {
		t.Fatal("comparetext.js does not end with `export const compareTexts = {…};`")
	}
	var out map[string]map[string]string
	if err := json.Unmarshal([]byte(strings.TrimSuffix(obj, ";")), &out); err != nil {
		t.Fatalf("comparetext.js's object is not JSON: %v", err)
	}
	return out
}

// TestCompareTexts: the compare view's texts have every key in English,
// Polish and Czech, each with the same placeholders, and the Polish and
// Czech ones hold no English word, no letter of the other language and no
// rulebook term of it (package langcheck, with the systems' catalogue).
func TestCompareTexts(t *testing.T) {
	texts := compareTexts(t)
	en := texts["en"]
	if len(en) < 30 {
		t.Fatalf("%d English texts", len(en))
	}
	placeholders := regexp.MustCompile(`\{\w+\}`)
	holes := func(s string) []string {
		h := placeholders.FindAllString(s, -1)
		slices.Sort(h)
		return h
	}
	for _, lang := range []string{"pl", "cs"} {
		if got, want := slices.Sorted(maps.Keys(texts[lang])), slices.Sorted(maps.Keys(en)); !slices.Equal(got, want) {
			t.Errorf("%s has the keys %q, English %q", lang, got, want)
		}
		for k, s := range texts[lang] {
			if !slices.Equal(holes(s), holes(en[k])) {
				t.Errorf("%s %s: placeholders %q, English %q", lang, k, holes(s), holes(en[k]))
			}
		}
	}
	catalog.Registry()
	c := langcheck.New()
	for k := range en {
		// A placeholder is filled with names and numbers, not words.
		pl, cs := placeholders.ReplaceAllString(texts["pl"][k], "7"), placeholders.ReplaceAllString(texts["cs"][k], "7")
		for _, leak := range c.Labels(pl, cs) {
			t.Errorf("%s: %s", k, leak)
		}
	}
}
