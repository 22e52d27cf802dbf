package web_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// pageText is every text a reader meets on the page as it is now: the
// visible text, the options of the selects, placeholders, ARIA labels and
// tooltips. Code (the API page's paths, parameter names and JSON examples)
// is the API's own identifiers, not words, and is left out.
const pageText = `(() => {
  // Code, and text quoted in another language (a rulebook's own words,
  // marked with its lang), are not the page's words.
  const lang = document.documentElement.lang;
  const quoted = [...document.querySelectorAll('[lang]')].filter((e) => e !== document.documentElement && e.lang !== lang);
  const code = [...document.querySelectorAll('pre, code'), ...quoted].filter((e) => e.style.display !== 'none');
  for (const e of code) e.style.display = 'none';
  // A rule's title, in its rulebook's language, titles the tab.
  const out = [document.body.innerText, document.getElementById('rule').hidden ? document.title : ''];
  for (const e of code) e.style.display = '';
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (el.closest('[hidden]') || quoted.some((q) => q.contains(el))) continue;
    out.push(el.getAttribute('placeholder') || '', el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  for (const o of document.querySelectorAll('select option')) out.push(o.textContent);
  for (const i of document.querySelectorAll('input:not([type]), input[type="text"]')) if (!i.closest('[hidden]')) out.push(i.value);
  return out.join('\n');
})()`

// englishWords reads the page's own catalogue (i18n.js) and returns the
// words of its English strings that no Polish or Czech string uses
// ("Kostka", "Test" and "Link" are the same in every language), with the
// words of the API's English answers the issue found on the page.
const englishWords = `(async () => {
  const { messages } = await import('/static/i18n.js');
  // The compare view's texts load with it (comparetext.js).
  const { compareTexts } = await import('/static/comparetext.js');
  const all = (lang) => [...Object.values(messages[lang]), ...Object.values(compareTexts[lang])];
  const words = (s) => (s.toLowerCase().match(/\p{L}{3,}/gu) || []);
  const local = new Set([...all('pl'), ...all('cs')].flatMap(words));
  const en = new Set(all('en').flatMap(words).filter((w) => !local.has(w)));
  for (const w of ['hits', 'wounds', 'killed', 'regroup', 'removed', 'quality', 'attacks', 'defense', 'must',
    'expected', 'probability', 'distribution', 'required', 'rifle', 'knife', 'points', 'odds', 'rolled']) en.add(w);
  // Words that are Polish or Czech as well ("one": they), met in the rulebooks' own text.
  for (const w of ['one']) en.delete(w);
  return [...en];
})()`

// otherWords reads the page's catalogue and returns, for a page in lang,
// the words of the other language's strings that lang's strings never use:
// for Czech the Polish words, for Polish the Czech ones. Text marked with
// another lang (a rule quoted from its rulebook) is left out by pageText.
const otherWords = `((lang) => Promise.all([import('/static/i18n.js'), import('/static/comparetext.js')]).then(([{ messages }, { compareTexts }]) => {
  const words = (s) => (s.toLowerCase().match(/\p{L}{3,}/gu) || []);
  const all = (l) => [...Object.values(messages[l]), ...Object.values(compareTexts[l])];
  const own = new Set(all(lang).flatMap(words));
  const other = lang === 'cs' ? 'pl' : 'cs';
  const out = new Set(all(other).flatMap(words).filter((w) => !own.has(w)));
  // Words of both languages ("pod": under).
  for (const w of ['pod']) out.delete(w);
  return [...out];
}))`

// rawKey matches a message key or an API field name shown as text.
var rawKey = regexp.MustCompile(`\b(?:nav|rules|dice|attack|cost|home|api|error|lang)\.[a-z.]+\b|\b[a-z]+_[a-z_]+\b`)

// TestNoEnglishInPolishOrCzech opens every view in Polish and Czech, in the
// states that show the API's answers (a search, a rule, an unknown rule,
// rolls, an attack rolled in every system, refused input), and finds no
// English word and no raw key in what the page shows.
func TestNoEnglishInPolishOrCzech(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"pl", "cs"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			ctx, base := browserFor(t, 1280, 900, 3*time.Minute)
			var words []string
			run(t, ctx,
				lightPage(base),
				chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('kostka.lang', %q)`, lang), nil),
				chromedp.Evaluate(englishWords, &words, awaitPromise),
			)
			if len(words) < 50 {
				t.Fatalf("only %d English words to look for: %v", len(words), words)
			}
			english := make(map[string]bool, len(words))
			for _, w := range words {
				english[w] = true
			}
			var others []string
			run(t, ctx, chromedp.Evaluate(otherWords+fmt.Sprintf("(%q)", lang), &others, awaitPromise))
			if len(others) < 50 {
				t.Fatalf("only %d words of the other language to look for: %v", len(others), others)
			}
			foreign := make(map[string]bool, len(others))
			for _, w := range others {
				foreign[w] = true
			}
			check := func(state string) {
				t.Helper()
				var text string
				run(t, ctx, chromedp.Evaluate(pageText, &text))
				var found []string
				for _, w := range regexp.MustCompile(`\p{L}{3,}`).FindAllString(text, -1) {
					if english[strings.ToLower(w)] {
						found = append(found, w)
					}
				}
				found = append(found, rawKey.FindAllString(text, -1)...)
				if len(found) > 0 {
					t.Errorf("%s: English or raw keys on the page: %q", state, found)
				}
				var other []string
				for _, w := range regexp.MustCompile(`\p{L}{3,}`).FindAllString(text, -1) {
					if foreign[strings.ToLower(w)] {
						other = append(other, w)
					}
				}
				if len(other) > 0 {
					t.Errorf("%s: words of the other language on the %s page: %q", state, lang, other)
				}
				if len(text) < 100 {
					t.Errorf("%s: the page shows almost nothing: %q", state, text)
				}
			}
			for _, s := range states(base) {
				run(t, ctx, s.actions...)
				check(s.name)
			}
		})
	}
}

// awaitPromise makes Evaluate wait for an async expression.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// state is a view brought into one of the states a reader sees.
type state struct {
	name    string
	actions []chromedp.Action
}

// states lists every view in the states that show the API's answers, and
// the API page, whose summaries and parameters the page translates.
func states(base string) []state {
	input := func(sel string) chromedp.Action {
		return chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new Event('input', {bubbles: true}))`, sel), nil)
	}
	rollIn := func(system string) state {
		return state{"attack " + system, []chromedp.Action{
			chromedp.Navigate(base + "/attack?system=" + system),
			chromedp.WaitVisible("#attack-charts .chart-box", chromedp.ByQuery),
			chromedp.Click("#attack-roll", chromedp.ByID),
			chromedp.WaitVisible("#attack-result .steps li", chromedp.ByQuery),
		}}
	}
	return []state{
		{"home", []chromedp.Action{chromedp.Navigate(base + "/"), chromedp.WaitVisible("#home a", chromedp.ByQuery)}},
		{"search", []chromedp.Action{
			chromedp.SetValue("#rules-q", "osłona", chromedp.ByID),
			chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
			chromedp.WaitVisible("#rules-hits li small", chromedp.ByQuery),
			chromedp.Poll(`document.querySelector('#rules-hits li small').textContent !== ''`, nil),
		}},
		{"rule", []chromedp.Action{
			chromedp.Navigate(base + "/r/quality-d6.oslona"), chromedp.WaitVisible("#rule", chromedp.ByID),
			chromedp.Poll(`document.getElementById('rule-system').textContent !== ''`, nil),
		}},
		{"unknown rule", []chromedp.Action{
			chromedp.Navigate(base + "/r/nope.nope"),
			chromedp.Poll(`document.getElementById('rules-status').textContent !== ''`, nil),
		}},
		{"dice", []chromedp.Action{
			chromedp.Navigate(base + "/dice?expr=2d6%2B1"), chromedp.WaitVisible("#dice-result .total", chromedp.ByQuery),
			chromedp.WaitVisible("#dice-chart rect", chromedp.ByQuery),
		}},
		{"dice repeated", []chromedp.Action{
			chromedp.SetValue("#dice-expr", "6x 4d6kh3", chromedp.ByID),
			chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
			chromedp.Poll(`document.querySelectorAll('#dice-result .roll').length === 6`, nil),
		}},
		{"dice error", []chromedp.Action{
			chromedp.SetValue("#dice-expr", "2d", chromedp.ByID),
			chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
			chromedp.WaitVisible("#dice-error", chromedp.ByID),
		}},
		rollIn("quality-d6"), rollIn("pool-k6"), rollIn("wzr-d20"), rollIn("fantasy-k6"),
		{"attack error", []chromedp.Action{
			chromedp.Navigate(base + "/attack?system=quality-d6"),
			chromedp.WaitVisible(`#attack-form [name="quality"]`, chromedp.ByQuery),
			chromedp.SetValue(`#attack-form [name="quality"]`, "9", chromedp.ByQuery),
			input(`#attack-form [name="quality"]`),
			chromedp.WaitVisible("#attack-error", chromedp.ByID),
		}},
		{"cost", []chromedp.Action{chromedp.Navigate(base + "/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery)}},
		{"cost error", []chromedp.Action{
			chromedp.SendKeys(`#cost-form input[name="unit_abilities"]`, "Jetpack", chromedp.ByQuery),
			chromedp.WaitVisible("#cost-error", chromedp.ByID),
		}},
		{"cost range error", []chromedp.Action{
			chromedp.Navigate(base + "/cost"), chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
			chromedp.SetValue(`#cost-weapons [name="range"]`, "daleko", chromedp.ByQuery),
			chromedp.Click("#cost-submit", chromedp.ByID),
			chromedp.WaitVisible("#cost-error", chromedp.ByID),
		}},
		{"dice reading", []chromedp.Action{
			chromedp.Navigate(base + "/dice?expr=10d10!>=8%2B4d6kh3%2B2d6r1"), chromedp.WaitVisible("#dice-reading", chromedp.ByID),
		}},
		{"dice refused", []chromedp.Action{
			chromedp.Navigate(base + "/dice?expr=1000d1000"), chromedp.WaitVisible("#dice-refused", chromedp.ByID),
		}},
		{"pool test required", []chromedp.Action{
			chromedp.Navigate(base + "/attack?system=pool-k6&action=test&opponent%3F=1"),
			chromedp.WaitVisible(`#attack-form [name="opponent.dice"]`, chromedp.ByQuery),
			chromedp.Click("#attack-roll", chromedp.ByID),
			chromedp.WaitVisible("#attack-error", chromedp.ByID),
		}},
		{"unit unused fields", []chromedp.Action{
			chromedp.Navigate(base + "/attack?system=quality-d6"),
			chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery),
			chromedp.Click("#attack-unit summary", chromedp.ByQuery),
			chromedp.SetValue("#attack-unit-paste", `{"kostka_units": 1, "units": [{"name": "Ł", "system": "quality-d6", "profile": {"attacks": 10, "defense": 5, "models": 5, "toughness": 1}}]}`, chromedp.ByID),
			chromedp.Click("#attack-unit-import", chromedp.ByID),
			chromedp.Poll(`document.getElementById('attack-unit-status').textContent !== ''`, nil),
			chromedp.Click("#attack-unit-save", chromedp.ByID),
			chromedp.WaitVisible("#attack-unit-library li", chromedp.ByQuery),
		}},
		{"compare", []chromedp.Action{
			chromedp.Navigate(base + "/compare"), chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
			chromedp.Click("#compare-add-targets", chromedp.ByID),
			chromedp.WaitVisible("#compare-target", chromedp.ByID),
			chromedp.Click("#compare-a0 details.more summary", chromedp.ByQuery),
			chromedp.Click("#compare-share", chromedp.ByID),
		}},
		{"compare refused", []chromedp.Action{
			chromedp.SetValue(`#compare-a1 .side-fields [name="quality"]`, "9", chromedp.ByQuery),
			input(`#compare-a1 .side-fields [name="quality"]`),
			chromedp.WaitVisible("#compare-a1 .side-error", chromedp.ByQuery),
		}},
		{"compare wzr-d20", []chromedp.Action{
			chromedp.Navigate(base + "/compare?system=wzr-d20"), chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
		}},
		{"compare broken link", []chromedp.Action{
			chromedp.Navigate(base + "/compare?system=pool-k6&q=e30"), chromedp.WaitVisible("#compare-error", chromedp.ByID),
		}},
		{"no such page", []chromedp.Action{chromedp.Navigate(base + "/kosci"), chromedp.WaitVisible("#view-missing", chromedp.ByID)}},
		{"api", []chromedp.Action{
			chromedp.Navigate(base + "/api"), chromedp.WaitVisible("#api-routes .route dd", chromedp.ByQuery),
		}},
	}
}

// TestPhoneLayout checks at 360 px that the header is one row, the attack's
// result comes first (in the first half screen, before the form and the
// charts), and the charts' labels are at least 11 px; on a desktop, that
// the result sits beside the charts, to their left, in the first half
// screen.
func TestPhoneLayout(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := browser(t, size.width, size.height)
			for _, lang := range []string{"pl", "cs", "en"} {
				var rows int
				var smallest float64
				var result, charts struct{ Top, Bottom, Left, Right float64 }
				run(t, ctx,
					lightPage(base),
					chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('kostka.lang', %q)`, lang), nil),
					chromedp.Navigate(base+"/attack"),
					chromedp.WaitVisible(`#attack-charts .chart rect.bar`, chromedp.ByQuery),
					// One row: every item of the header overlaps every other vertically.
					chromedp.Evaluate(`(() => {
						const r = [...document.querySelectorAll('header.bar > *')].map((e) => e.getBoundingClientRect());
						return Math.max(...r.map((x) => x.top)) < Math.min(...r.map((x) => x.bottom)) ? 1 : 2;
					})()`, &rows),
					chromedp.Evaluate(`Math.min(...[...document.querySelectorAll('.chart svg text')].map((t) => {
						const svg = t.ownerSVGElement;
						return parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
					}))`, &smallest),
					chromedp.Evaluate(`document.getElementById('attack-result').getBoundingClientRect().toJSON()`, &result),
					chromedp.Evaluate(`document.getElementById('attack-charts').getBoundingClientRect().toJSON()`, &charts),
				)
				if rows != 1 {
					t.Errorf("%s: the header takes %d rows", lang, rows)
				}
				if smallest < 11 {
					t.Errorf("%s: the smallest chart label is %.1f px", lang, smallest)
				}
				// The result sits in the first half screen, under the Roll button.
				if result.Top > float64(size.height)/2 {
					t.Errorf("%s: the result is at (%.0f, %.0f), not at the top of a %d px screen", lang, result.Left, result.Top, size.height)
				}
				if size.width < 1000 {
					if result.Top > charts.Top {
						t.Errorf("%s: the result (top %.0f) comes after the charts (top %.0f)", lang, result.Top, charts.Top)
					}
				} else if result.Right > charts.Left || result.Top > charts.Bottom || charts.Top > result.Bottom {
					t.Errorf("%s: the result %+v is not beside the charts %+v", lang, result, charts)
				}
			}
			run(t, ctx, chromedp.Evaluate(`localStorage.removeItem('kostka.lang')`, nil))
			shot(t, ctx, "attack-layout-"+size.name)
		})
	}
}

// TestUnknownRule: an unknown permalink is a 404 whose page says so and
// keeps the search box ready.
func TestUnknownRule(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 360, 780)
	var status, focused string
	run(t, ctx,
		chromedp.Navigate(base+"/r/nope.nope"),
		chromedp.Poll(`document.getElementById('rules-status').textContent !== ''`, nil),
		chromedp.Text("#rules-status", &status, chromedp.ByID),
		chromedp.Evaluate(`document.activeElement.id`, &focused),
	)
	if !strings.Contains(status, "no such rule") || focused != "rules-q" {
		t.Errorf("the unknown rule's page says %q with the focus on %q", status, focused)
	}
}
