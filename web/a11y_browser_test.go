package web_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kostka/internal/testenv"
)

// axeSource reads axe-core, installed by web/testdata/axe/install.sh.
// Without it the test skips, saying how to install it, and fails where
// every test must run (KOSTKA_REQUIRE_BROWSER=1 or KOSTKA_REQUIRE_ALL=1).
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "axe", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		const enable = "run web/testdata/axe/install.sh (needs Node.js and npm)"
		if os.Getenv("KOSTKA_REQUIRE_BROWSER") == "1" {
			t.Fatalf("axe-core is missing and KOSTKA_REQUIRE_BROWSER=1: %s", enable)
		}
		testenv.Missing(t, "axe-core", enable)
	}
	return string(b)
}

// axeRun checks the page as it is now against WCAG 2.1 A and AA and axe's
// best practices, and returns the serious and critical violations.
const axeRun = `(async () => {
  const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  return JSON.stringify(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })));
})()`

type violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Nodes  []string `json:"nodes"`
}

// a11yViews are the views axe-core checks, each in a state that shows its
// answers.
func a11yViews(base string) []state {
	return []state{
		{"home", []chromedp.Action{chromedp.Navigate(base + "/"), chromedp.WaitVisible("#home a", chromedp.ByQuery)}},
		{"search", []chromedp.Action{
			chromedp.SetValue("#rules-q", "osłona", chromedp.ByID),
			chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
			chromedp.WaitVisible("#rules-hits li", chromedp.ByQuery),
		}},
		{"rule", []chromedp.Action{chromedp.Navigate(base + "/r/quality-d6.modyfikator-obrony"), chromedp.WaitVisible("#rule table", chromedp.ByQuery)}},
		{"unknown-rule", []chromedp.Action{
			chromedp.Navigate(base + "/r/nope.nope"),
			chromedp.Poll(`document.getElementById('rules-status').textContent !== ''`, nil),
		}},
		{"dice", []chromedp.Action{
			chromedp.Navigate(base + "/dice?expr=4d6kh3"), chromedp.WaitVisible("#dice-result .total", chromedp.ByQuery),
			chromedp.WaitVisible("#dice-chart rect", chromedp.ByQuery),
		}},
		{"dice-error", []chromedp.Action{
			chromedp.SetValue("#dice-expr", "2d", chromedp.ByID),
			chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
			chromedp.WaitVisible("#dice-error", chromedp.ByID),
		}},
		{"attack", []chromedp.Action{
			chromedp.Navigate(base + "/attack"),
			chromedp.WaitVisible("#attack-charts .chart-box", chromedp.ByQuery),
			chromedp.Click("#attack-roll", chromedp.ByID),
			chromedp.WaitVisible("#attack-result .steps li", chromedp.ByQuery),
		}},
		{"attack-tools", []chromedp.Action{
			// A chart's table open and a bar tapped; the unit library open.
			chromedp.Click("#attack-charts .odds-table summary", chromedp.ByQuery),
			chromedp.Click("#attack-charts rect.hit", chromedp.ByQuery),
			chromedp.Click("#attack-unit summary", chromedp.ByQuery),
			chromedp.SetValue("#attack-unit-name", "Łucznicy", chromedp.ByID),
			chromedp.Click("#attack-unit-save", chromedp.ByID),
			chromedp.WaitVisible("#attack-unit-library li", chromedp.ByQuery),
		}},
		{"pool-test", []chromedp.Action{
			chromedp.Navigate(base + "/attack?system=pool-k6&action=test&threshold=4&opponent%3F=1"),
			chromedp.WaitVisible(`#attack-form [name="opponent.dice"]`, chromedp.ByQuery),
		}},
		{"dice-refused", []chromedp.Action{
			chromedp.Navigate(base + "/dice?expr=1000d1000"), chromedp.WaitVisible("#dice-refused", chromedp.ByID),
		}},
		{"cost", []chromedp.Action{chromedp.Navigate(base + "/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery)}},
		{"cost-error", []chromedp.Action{
			chromedp.SetValue(`#cost-form [name="unit_abilities"]`, "Jetpack", chromedp.ByQuery),
			chromedp.Click("#cost-submit", chromedp.ByID),
			chromedp.WaitVisible("#cost-error", chromedp.ByID),
		}},
		{"missing", []chromedp.Action{chromedp.Navigate(base + "/kosci"), chromedp.WaitVisible("#view-missing", chromedp.ByID)}},
		{"api", []chromedp.Action{chromedp.Navigate(base + "/api"), chromedp.WaitVisible("#api-routes .route", chromedp.ByQuery)}},
		{"compare", []chromedp.Action{
			chromedp.Navigate(base + "/compare"), chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
			chromedp.WaitVisible("#compare-chart polyline", chromedp.ByQuery),
		}},
		{"compare-options", []chromedp.Action{
			// Two targets, P(= n) of wounds, the folded fields open, a
			// unit card with a weapon, a refused attacker.
			chromedp.Click("#compare-add-targets", chromedp.ByID),
			chromedp.Click(`#compare-a0 fieldset[data-array="weapons"] button.add`, chromedp.ByQuery),
			// A weapon with a range shoots (one without is melee).
			chromedp.SetValue(`#compare-a0 .side-fields [name="weapons[0].range"]`, "24", chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#compare-a0 [name="weapons[0].range"]').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			chromedp.WaitVisible("#compare-target", chromedp.ByID),
			chromedp.Click(`#compare-result button[data-mode="eq"]`, chromedp.ByQuery),
			chromedp.Click("#compare-a0 details.more summary", chromedp.ByQuery),
			chromedp.SetValue(`#compare-a1 .side-fields [name="quality"]`, "9", chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#compare-a1 [name="quality"]').dispatchEvent(new Event('input', {bubbles: true}))`, nil),
			chromedp.WaitVisible("#compare-a1 .side-error", chromedp.ByQuery),
		}},
	}
}

// TestAccessibility runs axe-core on every view, in Polish, Czech and
// English, on a phone and a desktop, in light and dark mode: no serious or
// critical violation. With -screenshots it saves every view at both widths.
func TestAccessibility(t *testing.T) {
	t.Parallel()
	axe := axeSource(t)
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			for _, lang := range []string{"pl", "cs", "en"} {
				for _, dark := range []bool{false, true} {
					theme := map[bool]string{false: "light", true: "dark"}[dark]
					t.Run(lang+"-"+theme, func(t *testing.T) {
						t.Parallel()
						ctx, base := open(t, setup{size.name, size.width, size.height, lang, dark})
						for _, v := range a11yViews(base) {
							var out string
							run(t, ctx, v.actions...)
							run(t, ctx,
								chromedp.Evaluate(axe, nil),
								chromedp.Evaluate(axeRun, &out, awaitPromise),
							)
							var found []violation
							if err := json.Unmarshal([]byte(out), &found); err != nil {
								t.Fatalf("%s %s: axe's answer %q: %v", lang, v.name, out, err)
							}
							for _, f := range found {
								t.Errorf("%s %s %s: %s (%s) at %s", lang, theme, v.name, f.ID, f.Impact, strings.Join(f.Nodes, ", "))
							}
							t.Logf("%s: %d serious or critical violations", v.name, len(found))
							shot(t, ctx, fmt.Sprintf("%s-%s-%s-%s", v.name, lang, theme, size.name))
						}
					})
				}
			}
		})
	}
}

// TestFocusOrder walks the attack view with Tab: the focus goes down the
// page in reading order (header, the system and action, the Roll button,
// the form's fields), never jumping back up, and every field is reached.
func TestFocusOrder(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 360, 780)
	run(t, ctx,
		chromedp.Navigate(base+"/attack"),
		chromedp.WaitVisible(`#attack-form input`, chromedp.ByQuery),
	)
	var fields int
	run(t, ctx, chromedp.Evaluate(`[...document.querySelectorAll('#attack-form [name]')].filter((e) => !e.closest('[hidden]')).length`, &fields))
	var prev float64 = -1
	reached := 0
	for i := 0; i < fields+20; i++ {
		var pos struct {
			Top    float64 `json:"top"`
			Bottom float64 `json:"bottom"`
			InForm bool    `json:"inForm"`
			Name   string  `json:"name"`
		}
		run(t, ctx, chromedp.KeyEvent("\t"), chromedp.Evaluate(`(() => {
			const e = document.activeElement;
			const r = e.getBoundingClientRect();
			return { top: r.top + scrollY, bottom: r.bottom + scrollY, inForm: !!e.closest('#attack-form'), name: e.name || e.id || e.tagName };
		})()`, &pos))
		// Back up the page: the new element ends above where the last began
		// (items of one row may start a few pixels apart).
		if pos.Bottom < prev {
			t.Errorf("Tab %d went back up the page to %s (it ends at %.0f, the last began at %.0f)", i+1, pos.Name, pos.Bottom, prev)
		}
		prev = pos.Top
		if pos.InForm {
			reached++
		}
		if reached == fields {
			break
		}
	}
	if reached != fields {
		t.Errorf("Tab reached %d of the form's %d fields", reached, fields)
	}
}

// TestAttackUnitsAccessibility runs axe-core on the attack view's unit
// tools with a file of two units imported (the attacker's and the
// target's names, the choice of the target), in Polish, Czech and
// English: no serious or critical violation, and in Polish and Czech no
// English word and no raw key. One tab, the languages in turn, so that it
// adds little to TestAccessibility's load.
func TestAttackUnitsAccessibility(t *testing.T) {
	t.Parallel()
	axe := axeSource(t)
	const file = `{"kostka_units": 1, "units": [` +
		`{"name": "A", "system": "quality-d6", "profile": {"attacks": 10, "quality": 4}},` +
		`{"name": "B", "system": "quality-d6", "profile": {"defense": 5, "quality": 5}}]}`
	ctx, base := browser(t, 360, 780)
	for _, lang := range []string{"pl", "cs", "en"} {
		var out string
		run(t, ctx,
			lightPage(base),
			chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('kostka.lang', %q)`, lang), nil),
			chromedp.Navigate(base+"/attack?system=quality-d6"),
			chromedp.WaitVisible(`#attack-form [name="target_quality"]`, chromedp.ByQuery),
			chromedp.Click("#attack-unit summary", chromedp.ByQuery),
			chromedp.SetValue("#attack-unit-paste", file, chromedp.ByID),
			chromedp.Click("#attack-unit-import", chromedp.ByID),
			chromedp.WaitVisible("#attack-unit-target", chromedp.ByID),
			chromedp.Evaluate(axe, nil),
			chromedp.Evaluate(axeRun, &out, awaitPromise),
		)
		var found []violation
		if err := json.Unmarshal([]byte(out), &found); err != nil {
			t.Fatalf("%s: axe's answer %q: %v", lang, out, err)
		}
		for _, f := range found {
			t.Errorf("%s: %s (%s) at %s", lang, f.ID, f.Impact, strings.Join(f.Nodes, ", "))
		}
		if lang == "en" {
			continue
		}
		// In Polish and Czech, no English word and no raw key.
		var words []string
		var text string
		run(t, ctx, chromedp.Evaluate(englishWords, &words, awaitPromise), chromedp.Evaluate(pageText, &text))
		english := map[string]bool{}
		for _, w := range words {
			english[w] = true
		}
		var foreign []string
		for _, w := range regexp.MustCompile(`\p{L}{3,}`).FindAllString(text, -1) {
			if english[strings.ToLower(w)] {
				foreign = append(foreign, w)
			}
		}
		foreign = append(foreign, rawKey.FindAllString(text, -1)...)
		if len(foreign) > 0 || !strings.Contains(text, map[string]string{"pl": "jako cel", "cs": "jako cíl"}[lang]) {
			t.Errorf("%s: the unit tools show English or raw keys %q, or no choice of the target:\n%s", lang, foreign, text)
		}
	}
}
