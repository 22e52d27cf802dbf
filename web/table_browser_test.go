package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// setup is one way of looking at the page: a screen size, a language and
// a colour scheme. Each test of the page at the table runs in all three, so
// that every size, language and theme is covered.
type setup struct {
	name          string
	width, height int
	lang          string
	dark          bool
}

var setups = []setup{
	{"phone-pl-light", 360, 780, "pl", false},
	{"desktop-cs-dark", 1280, 900, "cs", true},
	{"phone-en-dark", 360, 780, "en", true},
}

// open opens a tab in the setup's size, language and theme, on the test
// server's origin.
func open(t *testing.T, s setup) (context.Context, string) {
	t.Helper()
	// A tab here walks several views: it may live three minutes.
	ctx, base := browserFor(t, s.width, s.height, 3*time.Minute)
	scheme := "light"
	if s.dark {
		scheme = "dark"
	}
	run(t, ctx,
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
		lightPage(base),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('kostka.lang', %q)`, s.lang), nil),
	)
	return ctx, base
}

// each runs test in every setup, in parallel.
func each(t *testing.T, test func(t *testing.T, ctx context.Context, base string, s setup)) {
	t.Parallel()
	for _, s := range setups {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := open(t, s)
			test(t, ctx, base, s)
		})
	}
}

// fire sends an input event from the element sel matches, as typing does.
func fire(sel string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new Event('input', {bubbles: true}))`, sel), nil)
}

// setField types v into the field sel matches.
func setField(sel, v string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).value = %q`, sel, v), nil),
		fire(sel),
	}
}

func value(t *testing.T, ctx context.Context, js string) string {
	t.Helper()
	var out string
	run(t, ctx, chromedp.Evaluate(js, &out, awaitPromise))
	return out
}

// inView is true when the element sel matches is inside the viewport, below
// the sticky header, and has the focus.
func inView(sel string) string {
	return fmt.Sprintf(`(() => {
  const el = document.querySelector(%q);
  if (!el || el.hidden) return false;
  const r = el.getBoundingClientRect(), head = document.querySelector('header.bar').getBoundingClientRect().bottom;
  return r.top >= head - 1 && r.top < innerHeight && r.height > 0 && document.activeElement === el;
})()`, sel)
}

const steps = `[...document.querySelectorAll('#attack-result .steps li')].map((li) => li.textContent).join('|')`

// TestStateSurvives: the attack's inputs and its roll survive leaving the
// view and coming back by its link, Back and Forward, a reload, a change of
// language and a shared link; the roll is never rolled again but by the
// button. The dice view's expression follows typing into the address, and
// Back then Forward shows the same roll. A search survives opening a hit and
// Back. The cost view's unit survives a reload.
func TestStateSurvives(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		// The home page's example of ten shots opens with ten attacks.
		run(t, ctx,
			chromedp.Navigate(base+"/"),
			chromedp.Click(`#home a[href^="/attack"]`, chromedp.ByQuery),
			chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery),
			waitTrue(`document.querySelector('#attack-form [name="attacks"]').value === '10'`),
		)
		run(t, ctx,
			chromedp.Navigate(base+"/attack?system=quality-d6"),
			chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery),
			setField(`#attack-form [name="attacks"]`, "17"),
			setField(`#attack-form [name="ap"]`, "2"),
		)
		if u := value(t, ctx, `location.search`); !strings.Contains(u, "attacks=17") || !strings.Contains(u, "ap=2") {
			t.Fatalf("typing left the address at %q", u)
		}
		run(t, ctx, chromedp.Click("#attack-roll", chromedp.ByID), waitTrue(`document.querySelectorAll('#attack-result .steps li').length > 0`))
		rolled := value(t, ctx, steps)
		fields := `[document.querySelector('#attack-form [name="attacks"]').value, document.querySelector('#attack-form [name="ap"]').value].join(',')`
		check := func(when string, same bool) {
			t.Helper()
			run(t, ctx, waitTrue(`document.querySelector('#attack-form [name="attacks"]')?.value === '17'`))
			if got := value(t, ctx, fields); got != "17,2" {
				t.Errorf("%s: the form says attacks,ap = %s, want 17,2", when, got)
			}
			if same {
				run(t, ctx, waitTrue(`document.querySelectorAll('#attack-result .steps li').length > 0`))
				if got := value(t, ctx, steps); got != rolled {
					t.Errorf("%s: the roll shown is %q, want the roll made before, %q", when, got, rolled)
				}
			}
		}
		// Away to the rules and back by the header's link.
		run(t, ctx, chromedp.Click(`nav a[data-nav="rules"]`, chromedp.ByQuery), chromedp.WaitVisible("#view-rules", chromedp.ByID),
			chromedp.Click(`nav a[data-nav="attack"]`, chromedp.ByQuery), chromedp.WaitVisible("#view-attack", chromedp.ByID))
		check("back by the header's link", true)
		// Back (to the rules) and Back again (to the attack).
		run(t, ctx, chromedp.Evaluate(`history.back()`, nil), chromedp.WaitVisible("#view-rules", chromedp.ByID),
			chromedp.Evaluate(`history.back()`, nil), chromedp.WaitVisible("#view-attack", chromedp.ByID))
		check("after Back", true)
		run(t, ctx, chromedp.Reload(), chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery))
		check("after a reload", true)
		// Another language: the same roll (its seed), in that language.
		other := map[string]string{"pl": "cs", "cs": "en", "en": "pl"}[s.lang]
		run(t, ctx, chromedp.SetValue("#lang", other, chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('lang').dispatchEvent(new Event('change'))`, nil),
			waitTrue(fmt.Sprintf(`document.documentElement.lang === %q`, other)))
		check("after a change of language", false)
		run(t, ctx, waitTrue(`document.querySelectorAll('#attack-result .steps li').length > 0`))
		if got := value(t, ctx, `String(document.querySelectorAll('#attack-result .steps li').length)`); got != fmt.Sprint(strings.Count(rolled, "|")+1) {
			t.Errorf("after a change of language the roll has %s steps, want those of the roll made before (%q)", got, rolled)
		}
		// A shared link: the inputs, waiting for a roll.
		link := value(t, ctx, `location.href`)
		run(t, ctx, lightPage(base), chromedp.Navigate(link), chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery))
		check("a shared link", false)
		run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('kostka.lang', %q)`, s.lang), nil))

		// Dice: the address follows typing; Back then Forward never rolls.
		run(t, ctx, chromedp.Navigate(base+"/dice?expr=4d6kh3"), chromedp.WaitVisible("#dice-result .total", chromedp.ByQuery),
			setField("#dice-expr", "2d20"))
		if u := value(t, ctx, `location.search`); u != "?expr=2d20" {
			t.Errorf("after typing 2d20 the address says %q", u)
		}
		if value(t, ctx, `String(document.getElementById('dice-result').classList.contains('stale'))`) != "true" {
			t.Error("the roll of 4d6kh3 is not marked stale once 2d20 is typed")
		}
		run(t, ctx, chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
			waitTrue(`document.querySelector('#dice-result .dice')?.title === '2d20'`))
		total := value(t, ctx, `document.querySelector('#dice-result .total').textContent`)
		run(t, ctx, chromedp.Evaluate(`history.back()`, nil), waitTrue(`document.querySelector('#dice-result .dice')?.title === '4d6kh3'`),
			chromedp.Evaluate(`history.forward()`, nil), waitTrue(`document.querySelector('#dice-result .dice')?.title === '2d20'`))
		if got := value(t, ctx, `document.querySelector('#dice-result .total').textContent`); got != total {
			t.Errorf("Back then Forward rolled again: %s, was %s", got, total)
		}
		run(t, ctx, chromedp.Reload(), chromedp.WaitVisible("#dice-result .total", chromedp.ByQuery))
		if got := value(t, ctx, `document.querySelector('#dice-result .total').textContent`); got != total {
			t.Errorf("a reload rolled again: %s, was %s", got, total)
		}

		// Search: the hits survive opening one and Back.
		run(t, ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible("#rules-q", chromedp.ByID),
			chromedp.SetValue("#rules-q", "osłona", chromedp.ByID),
			chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
			chromedp.WaitVisible("#rules-hits li a", chromedp.ByQuery))
		hits := value(t, ctx, `[...document.querySelectorAll('#rules-hits li a strong')].map((e) => e.textContent).join('|')`)
		run(t, ctx, chromedp.Click("#rules-hits li a", chromedp.ByQuery), chromedp.WaitVisible("#rule", chromedp.ByID),
			chromedp.Evaluate(`history.back()`, nil), chromedp.WaitVisible("#rules-hits li a", chromedp.ByQuery))
		if got := value(t, ctx, `[...document.querySelectorAll('#rules-hits li a strong')].map((e) => e.textContent).join('|')`); got != hits {
			t.Errorf("after opening a hit and Back the hits are %q, were %q", got, hits)
		}
		if got := value(t, ctx, `document.getElementById('rules-q').value`); got != "osłona" {
			t.Errorf("after Back the search box says %q", got)
		}

		// Cost: the unit survives a reload.
		run(t, ctx, chromedp.Navigate(base+"/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
			setField(`#cost-form [name="models"]`, "7"),
			setField(`#cost-weapons [name="name"]`, "Łuk"),
			chromedp.Reload(), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery))
		if got := value(t, ctx, `document.querySelector('#cost-form [name="models"]').value + ',' + document.querySelector('#cost-weapons [name="name"]').value`); got != "7,Łuk" {
			t.Errorf("after a reload the cost form says models,weapon = %s, want 7,Łuk", got)
		}
	})
}

// TestResultsInView: after a submit the result or the refusal is in view,
// under the header, with the focus, in every view; a refused unit's cost
// shows no total.
func TestResultsInView(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		// Attack: Ataki 500, Enter in the field.
		run(t, ctx,
			chromedp.Navigate(base+"/attack?system=quality-d6"),
			chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery),
			chromedp.WaitVisible(`#attack-charts .chart-box`, chromedp.ByQuery),
			chromedp.SetValue(`#attack-form [name="attacks"]`, "500", chromedp.ByQuery),
			chromedp.Focus(`#attack-form [name="defense"]`, chromedp.ByQuery),
			chromedp.KeyEvent("\r"),
		)
		run(t, ctx, waitTrue(inView("#attack-error")))
		// Attack: a good roll by Enter from the last field.
		run(t, ctx,
			setField(`#attack-form [name="attacks"]`, "10"),
			chromedp.Evaluate(`[...document.querySelectorAll('#attack-form input[type="number"]')].pop().focus()`, nil),
			chromedp.KeyEvent("\r"),
			waitTrue(inView("#attack-result")),
		)
		// Dice: a roll and a refusal.
		run(t, ctx,
			chromedp.Navigate(base+"/dice"), chromedp.WaitVisible("#dice-expr", chromedp.ByID),
			chromedp.SetValue("#dice-expr", "3d6", chromedp.ByID),
			chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
			waitTrue(inView("#dice-result")),
			chromedp.SetValue("#dice-expr", "3d", chromedp.ByID),
			chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
			waitTrue(inView("#dice-error")),
		)
		// Cost: Enter counts; a refusal clears the total.
		run(t, ctx,
			chromedp.Navigate(base+"/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
			chromedp.SetValue(`#cost-form [name="unit_abilities"]`, "Jetpack", chromedp.ByQuery),
			chromedp.Focus(`#cost-form [name="unit_abilities"]`, chromedp.ByQuery),
			chromedp.KeyEvent("\r"),
			waitTrue(inView("#cost-error")),
		)
		if n := value(t, ctx, `String(document.querySelectorAll('#cost-result .total').length)`); n != "0" {
			t.Errorf("a refused unit still shows a total beside the refusal")
		}
		run(t, ctx,
			setField(`#cost-form [name="unit_abilities"]`, ""),
			chromedp.Focus(`#cost-form [name="models"]`, chromedp.ByQuery),
			chromedp.KeyEvent("\r"),
			waitTrue(inView("#cost-result")),
		)
		// Search.
		run(t, ctx,
			chromedp.Navigate(base+"/"), chromedp.WaitVisible("#rules-q", chromedp.ByID),
			chromedp.SetValue("#rules-q", "osłona", chromedp.ByID),
			chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
			waitTrue(inView("#rules-status")),
		)
	})
}

// TestPoolTestThreshold: pool-k6's test runs with a threshold alone, and
// with an opponent instead once the opponent is ticked.
func TestPoolTestThreshold(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		run(t, ctx,
			chromedp.Navigate(base+"/attack?system=pool-k6&action=test"),
			chromedp.WaitVisible(`#attack-form [name="threshold"]`, chromedp.ByQuery),
			chromedp.WaitVisible(`#attack-charts .chart-box`, chromedp.ByQuery),
		)
		if e := value(t, ctx, `document.getElementById('attack-error').hidden ? '' : document.getElementById('attack-error').textContent`); e != "" {
			t.Errorf("the test refuses its starting form: %q", e)
		}
		run(t, ctx,
			setField(`#attack-form [name="threshold"]`, "4"),
			chromedp.Click("#attack-roll", chromedp.ByID),
			waitTrue(`document.querySelectorAll('#attack-result .steps li').length >= 2`),
		)
		if e := value(t, ctx, `document.getElementById('attack-error').hidden ? '' : document.getElementById('attack-error').textContent`); e != "" {
			t.Errorf("a test with a threshold alone is refused: %q", e)
		}
		// The opponent replaces the threshold.
		run(t, ctx,
			chromedp.Click(`#attack-form [name="opponent?"]`, chromedp.ByQuery),
			waitTrue(`document.querySelector('#attack-form [name="threshold"]').closest('label').hidden`),
			setField(`#attack-form [name="opponent.dice"]`, "2"),
			chromedp.Click("#attack-roll", chromedp.ByID),
			waitTrue(`document.getElementById('attack-result').textContent.length > 0 && !document.getElementById('attack-result').classList.contains('empty')`),
		)
		if e := value(t, ctx, `document.getElementById('attack-error').hidden ? '' : document.getElementById('attack-error').textContent`); e != "" {
			t.Errorf("an opposed test is refused: %q", e)
		}
	})
}

// TestOddsViews: every chart has P(=), P(≥) and P(≤) views that redraw
// it, a table of the exact percentages with a copy button, the value of a
// tapped bar, and a text description.
func TestOddsViews(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		run(t, ctx, chromedp.Navigate(base+"/dice?expr=2d6"), chromedp.WaitVisible("#dice-chart rect.bar", chromedp.ByQuery))
		// 2d6: the bar of 2 is 1/36 in P(=), 100% in P(≥); the bar of 12 is
		// 1/36 in P(=) and 100% in P(≤), so each view has a different tallest bar.
		height := func(v int) string {
			return value(t, ctx, fmt.Sprintf(`document.querySelector('#dice-chart rect.bar[data-value="%d"]').getAttribute('height')`, v))
		}
		tallest := func() string {
			return value(t, ctx, `[...document.querySelectorAll('#dice-chart rect.bar')].reduce((a, b) => (+b.getAttribute('height') > +a.getAttribute('height') ? b : a)).dataset.value`)
		}
		if got := tallest(); got != "7" {
			t.Errorf("P(=): the tallest bar is %s, want 7", got)
		}
		for _, c := range []struct{ mode, want string }{{"ge", "2"}, {"le", "12"}, {"eq", "7"}} {
			run(t, ctx, chromedp.Click(fmt.Sprintf(`#dice-odds button[data-mode=%q]`, c.mode), chromedp.ByQuery),
				waitTrue(fmt.Sprintf(`document.querySelector('#dice-odds button[data-mode=%q]').getAttribute('aria-pressed') === 'true'`, c.mode)))
			if got := tallest(); got != c.want {
				t.Errorf("%s: the tallest bar is %s, want %s (bar heights 2: %s, 12: %s)", c.mode, got, c.want, height(2), height(12))
			}
		}
		// The table: 11 rows, 2 at 2.7778 % exactly, with P(≥ 2) 100 %.
		rows := value(t, ctx, `[...document.querySelectorAll('#dice-odds .odds-table tbody tr')].map((tr) => tr.textContent.replace(/\s/g, '')).join('|')`)
		if n := strings.Count(rows, "|") + 1; n != 11 {
			t.Errorf("the table has %d rows, want 11: %s", n, rows)
		}
		first := strings.Split(rows, "|")[0]
		if !strings.Contains(first, "2,7778") && !strings.Contains(first, "2.7778") || !strings.Contains(first, "100") {
			t.Errorf("the table's row for 2 is %q, want P(=2) 2.7778 %% and P(≥2) 100 %%", first)
		}
		if value(t, ctx, `document.querySelector('#dice-odds .odds-table button.copy')?.textContent || ''`) == "" {
			t.Error("the table has no copy button")
		}
		// A tap on a bar says its value.
		run(t, ctx, chromedp.Click(`#dice-chart rect.hit[data-value="7"]`, chromedp.ByQuery),
			waitTrue(`document.querySelector('#dice-odds .readout').textContent.includes('7)')`))
		if got := value(t, ctx, `document.querySelector('#dice-odds .readout').textContent`); !strings.Contains(got, "16") {
			t.Errorf("a tap on 7 says %q, want its 16.7 %%", got)
		}
		if got := value(t, ctx, `document.querySelector('#dice-chart svg').getAttribute('aria-label')`); !strings.Contains(got, "2") || !strings.Contains(got, "12") || !strings.Contains(got, "7") {
			t.Errorf("the chart's description %q does not give its range and most likely total", got)
		}
		// Every attack chart has the same tools.
		run(t, ctx, chromedp.Navigate(base+"/attack?system=quality-d6"), chromedp.WaitVisible("#attack-charts .chart rect.bar", chromedp.ByQuery))
		if got := value(t, ctx, `String([...document.querySelectorAll('#attack-charts figure')].every((f) => f.querySelectorAll('button[data-mode]').length === 3 && f.querySelector('.odds-table tbody tr') && f.querySelector('svg[aria-label]')))`); got != "true" {
			t.Error("an attack chart lacks its three views, its table or its description")
		}
	})
}

// TestDiceReading: the dice view says how it read the expression, and a
// refusal of the odds (too many dice) stands in place of the chart.
func TestDiceReading(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		run(t, ctx, chromedp.Navigate(base+"/dice?expr=10d10!>=8"), chromedp.WaitVisible("#dice-reading", chromedp.ByID))
		want := map[string][]string{
			"en": {"10 dice d10", "exploding on 8+", "summed"},
			"pl": {"10 kości k10", "eksplodujące przy 8+", "zsumowane"},
			"cs": {"10 kostek k10", "explodující při 8+", "sečtené"},
		}[s.lang]
		got := value(t, ctx, `document.getElementById('dice-reading').textContent`)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("10d10!>=8 is said as %q, want %q in it", got, w)
			}
		}
		run(t, ctx, chromedp.Navigate(base+"/dice?expr=1000d1000"), chromedp.WaitVisible("#dice-refused", chromedp.ByID))
		if got := value(t, ctx, `document.getElementById('dice-refused').textContent`); len(got) < 10 {
			t.Errorf("the odds' refusal says %q", got)
		}
		if n := value(t, ctx, `String(document.querySelectorAll('#dice-chart rect').length)`); n != "0" {
			t.Errorf("a refused chart still shows %s bars", n)
		}
	})
}

// TestNotFoundPage: an unknown page path is a 404 page in the reader's
// language; the API's unknown paths keep their problem bodies.
func TestNotFoundPage(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		want := map[string]string{"en": "Page not found", "pl": "Nie ma takiej strony", "cs": "Stránka nenalezena"}[s.lang]
		for _, path := range []string{"/kosci", "/dice/"} {
			run(t, ctx, chromedp.Navigate(base+path), chromedp.WaitVisible("#view-missing", chromedp.ByID))
			if got := value(t, ctx, `document.getElementById('missing-h').textContent`); got != want {
				t.Errorf("%s: the page says %q, want %q", path, got, want)
			}
			if got := value(t, ctx, `fetch(location.href, {headers: {Accept: 'text/html'}}).then((r) => r.status + ' ' + r.headers.get('Content-Type'))`); !strings.HasPrefix(got, "404 text/html") {
				t.Errorf("%s: answered %s", path, got)
			}
		}
		if got := value(t, ctx, `fetch('/v1/nope', {headers: {Accept: 'text/html'}}).then((r) => r.status + ' ' + r.headers.get('Content-Type'))`); got != "404 application/problem+json" {
			t.Errorf("/v1/nope answered %s, want a problem body", got)
		}
	})
}

// tapTargets lists the visible controls smaller than 44 × 44 px: links,
// buttons, fields, summaries and each checkbox's label (the checkbox's
// target). Left out: the skip link (off screen until focused) and a chart's
// bars (their values are in the table beside).
const tapTargets = `(() => {
  const small = [];
  let w = Infinity, h = Infinity;
  const els = document.querySelectorAll('a[href], button, select, textarea, input:not([type="checkbox"]):not([type="hidden"]), summary, label.check');
  for (const el of els) {
    if (el.classList.contains('skip') || el.closest('[hidden]') || el.closest('details:not([open]) > :not(summary)')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    w = Math.min(w, r.width);
    h = Math.min(h, r.height);
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5) small.push((el.id || el.name || el.textContent.trim().slice(0, 20) || el.tagName) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
  }
  return JSON.stringify(small) + ' ' + Math.round(w) + '×' + Math.round(h);
})()`

// TestTapTargets: in every view, every control is at least 44 × 44 px.
func TestTapTargets(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		views := []state{
			{"home", []chromedp.Action{chromedp.Navigate(base + "/"), chromedp.WaitVisible("#home a", chromedp.ByQuery)}},
			{"rule", []chromedp.Action{chromedp.Navigate(base + "/r/quality-d6.oslona"), chromedp.WaitVisible("#rule", chromedp.ByID)}},
			{"dice", []chromedp.Action{
				chromedp.Navigate(base + "/dice?expr=2d6"), chromedp.WaitVisible("#dice-chart rect", chromedp.ByQuery),
				chromedp.Click("#dice-odds .odds-table summary", chromedp.ByQuery),
			}},
			{"attack", []chromedp.Action{
				chromedp.Navigate(base + "/attack?system=quality-d6"), chromedp.WaitVisible("#attack-charts .chart rect", chromedp.ByQuery),
				chromedp.Click("#attack-unit summary", chromedp.ByQuery),
			}},
			{"pool-k6", []chromedp.Action{
				chromedp.Navigate(base + "/attack?system=pool-k6"), chromedp.WaitVisible("#attack-charts .chart rect", chromedp.ByQuery),
			}},
			{"cost", []chromedp.Action{chromedp.Navigate(base + "/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery)}},
			{"missing", []chromedp.Action{chromedp.Navigate(base + "/kosci"), chromedp.WaitVisible("#view-missing", chromedp.ByID)}},
			{"compare", []chromedp.Action{
				chromedp.Navigate(base + "/compare"), chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
				chromedp.Click("#compare-add-targets", chromedp.ByID),
				chromedp.WaitVisible("#compare-target", chromedp.ByID),
				chromedp.Click("#compare-a0 details.more summary", chromedp.ByQuery),
				chromedp.Click("#compare-share", chromedp.ByID),
			}},
		}
		for _, v := range views {
			run(t, ctx, v.actions...)
			small, least, _ := strings.Cut(value(t, ctx, tapTargets), " ")
			if small != "[]" {
				t.Errorf("%s: tap targets under 44 px: %s", v.name, small)
			}
			t.Logf("%s: the narrowest control is %s px wide, the lowest %s px high", v.name, strings.Split(least, "×")[0], strings.Split(least, "×")[1])
		}
	})
}

// TestQuotedRuleLanguage: a rule's text and the search's hits carry the
// language the rulebook is written in, whatever the page's language.
func TestQuotedRuleLanguage(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		run(t, ctx, chromedp.Navigate(base+"/r/quality-d6.oslona"), chromedp.WaitVisible("#rule-text p", chromedp.ByQuery))
		if got := value(t, ctx, `document.getElementById('rule-text').lang + ' ' + document.getElementById('rule-title').lang`); got != "pl pl" {
			t.Errorf("the Polish rule's text and title have lang %q", got)
		}
		run(t, ctx, chromedp.Navigate(base+"/?q=os%C5%82ona"), chromedp.WaitVisible("#rules-hits li a span", chromedp.ByQuery))
		if got := value(t, ctx, `document.querySelector('#rules-hits li a span').lang`); got == "" {
			t.Error("a hit's snippet has no lang")
		}
	})
}

// TestNoEnglishFlash: before the page's module has run (here: never, it is
// blocked), the page already has the stored language and shows none of its
// English texts.
func TestNoEnglishFlash(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		if s.lang == "en" {
			return
		}
		var words []string
		run(t, ctx, chromedp.Evaluate(englishWords, &words, awaitPromise))
		run(t, ctx,
			network.Enable(),
			network.SetBlockedURLs([]string{"*/static/app.js"}),
			chromedp.Navigate(base+"/attack"),
		)
		text := value(t, ctx, `document.documentElement.lang + ' ' + document.body.innerText`)
		if !strings.HasPrefix(text, s.lang+" ") {
			t.Errorf("before the module runs the page's lang is not %s: %q", s.lang, text[:min(len(text), 20)])
		}
		english := map[string]bool{}
		for _, w := range words {
			english[w] = true
		}
		for _, w := range regexp.MustCompile(`\p{L}{3,}`).FindAllString(text, -1) {
			if english[strings.ToLower(w)] {
				t.Errorf("before the module runs the page shows English: %q in %q", w, text)
				break
			}
		}
		run(t, ctx, network.SetBlockedURLs(nil))
	})
}

// TestUnitLibrary: a unit saved on the device is listed, renamed,
// downloaded under a name that keeps its letters, kept over a reload, and
// deleted.
func TestUnitLibrary(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		names := `[...document.querySelectorAll('#cost-unit-library li input.name')].map((i) => i.value).join('|')`
		run(t, ctx,
			chromedp.Navigate(base+"/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
			chromedp.Click("#cost-unit summary", chromedp.ByQuery),
			chromedp.SetValue("#cost-unit-name", "Łucznicy", chromedp.ByID),
			setField(`#cost-form [name="models"]`, "7"),
			chromedp.Click("#cost-unit-save", chromedp.ByID),
			chromedp.WaitVisible("#cost-unit-library li", chromedp.ByQuery),
		)
		if got := value(t, ctx, names); got != "Łucznicy" {
			t.Fatalf("the library lists %q", got)
		}
		// The view's own download keeps the letters too.
		run(t, ctx, chromedp.Evaluate(preventDownload, nil), chromedp.Click("#cost-unit-export", chromedp.ByID))
		if got := value(t, ctx, `document.getElementById('cost-unit-export').download`); got != "Łucznicy.json" {
			t.Errorf("the unit downloads as %q, want Łucznicy.json", got)
		}
		if got := value(t, ctx, `document.querySelector('#cost-unit-library a.export').download`); got != "Łucznicy.json" {
			t.Errorf("the saved unit downloads as %q", got)
		}
		run(t, ctx,
			chromedp.SetValue("#cost-unit-library li input.name", "Łucznicy Żółci", chromedp.ByQuery),
			chromedp.Click("#cost-unit-library button.rename", chromedp.ByQuery),
			waitTrue(`document.querySelector('#cost-unit-library a.export')?.download === 'Łucznicy Żółci.json'`),
			chromedp.Reload(), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
			setField(`#cost-form [name="models"]`, "3"),
			chromedp.Click("#cost-unit summary", chromedp.ByQuery),
		)
		if got := value(t, ctx, names); got != "Łucznicy Żółci" {
			t.Errorf("after a reload the library lists %q", got)
		}
		// The download is the units file of the bot, with the unit's profile.
		href := value(t, ctx, `document.querySelector('#cost-unit-library a.export').href`)
		if book := importToBook(t, downloaded(t, href)); len(book) != 1 || book[0].Name != "Łucznicy Żółci" {
			t.Errorf("the download imports as %+v", book)
		}
		run(t, ctx,
			chromedp.Click("#cost-unit-library button.open", chromedp.ByQuery),
			waitTrue(`document.querySelector('#cost-form [name="models"]').value === '7'`),
			chromedp.Click("#cost-unit-library button.delete", chromedp.ByQuery),
			waitTrue(`document.querySelectorAll('#cost-unit-library li').length === 0`),
		)
		if got := value(t, ctx, `localStorage.getItem('kostka.units')`); got != "[]" {
			t.Errorf("after the delete the device keeps %q", got)
		}
	})
}
