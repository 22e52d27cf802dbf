package web_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"kostka/api"
	"kostka/internal/testenv"
	"kostka/rulesdata"
	"kostka/search"
)

var screenshots = flag.Bool("screenshots", false, "save screenshots of each view under testdata/screenshots/")

// chromium finds Chromium: $CHROMIUM if set, else Debian's (installed by
// .ci/run). The browser tests, about half of the whole suite's processor
// time, run only with KOSTKA_BROWSER=1 (.ci/run sets it). Without
// Chromium they are skipped, and fail where every test must run
// (KOSTKA_REQUIRE_ALL=1, as in CI).
func chromium(t *testing.T) string {
	t.Helper()
	testenv.OptIn(t, browserTests, "go test ./web")
	candidates := []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"}
	if p := os.Getenv("CHROMIUM"); p != "" {
		candidates = []string{p}
	}
	for _, p := range candidates {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	testenv.Missing(t, "Chromium", "install it (apt-get install chromium) or set CHROMIUM to its path")
	return ""
}

// browserTests is the environment variable that turns the browser tests on.
const browserTests = "KOSTKA_BROWSER"

// The browser tests share one headless Chromium, started by the first test
// that needs it and stopped by TestMain; each test opens its own tab at its
// own window size, against its own server (so its own origin, and its own
// localStorage), and may run in parallel with the others.
var shared struct {
	once sync.Once
	ctx  context.Context // the browser's: each tab's parent
	stop func()
	err  error
}

// browserParallel is how many tests (browser tabs, mostly waiting for the
// page) run at once unless -test.parallel says otherwise.
const browserParallel = 4

func TestMain(m *testing.M) {
	flag.Parse()
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		if err := flag.Set("test.parallel", strconv.Itoa(max(browserParallel, runtime.GOMAXPROCS(0)))); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	os.Exit(code)
}

// startBrowser starts the shared Chromium. On a busy machine Chromium now
// and then fails to start; it is given a second chance.
func startBrowser(exe string) {
	// Chromium's helpers may still write to the profile as the browser
	// ends, so it is removed by hand, after the browser is gone.
	profile, err := os.MkdirTemp("", "kostka-chromium-")
	if err != nil {
		shared.err = err
		return
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// Tabs in the background keep their timers at full speed.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.WindowSize(1280, 900),
		chromedp.UserDataDir(profile),
		// A busy machine can take longer than the defaults (20 s to start,
		// 10 s to connect).
		chromedp.WSURLReadTimeout(60*time.Second),
	)
	for attempt := 1; ; attempt++ {
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(allocCtx, chromedp.WithBrowserOption(chromedp.WithDialTimeout(60*time.Second)))
		// The context of the first Run is the browser's for its whole life,
		// so the start is bounded by a timer, not by a deadline.
		timer := time.AfterFunc(90*time.Second, cancelCtx)
		err := chromedp.Run(ctx)
		if !timer.Stop() && err == nil {
			err = errors.New("timed out")
		}
		if err == nil {
			shared.ctx = ctx
			shared.stop = func() { cancelCtx(); cancelAlloc(); _ = os.RemoveAll(profile) }
			return
		}
		cancelCtx()
		cancelAlloc()
		if attempt == 2 {
			_ = os.RemoveAll(profile)
			shared.err = fmt.Errorf("starting chromium: %w", err)
			return
		}
	}
}

// browser serves the whole API on loopback and opens a tab of the shared
// headless Chromium with a viewport of the given size. Every request the
// page makes to another host fails the test.
func browser(t *testing.T, width, height int) (context.Context, string) {
	t.Helper()
	return browserFor(t, width, height, 60*time.Second)
}

// browserFor is browser with a tab that lives up to limit (a test that
// walks every view, as TestAccessibility does, needs more than a minute
// on a busy machine).
func browserFor(t *testing.T, width, height int, limit time.Duration) (context.Context, string) {
	t.Helper()
	exe := chromium(t)
	shared.once.Do(func() { startBrowser(exe) })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	srv := httptest.NewServer(api.NewHandler(api.Config{Rules: search.New(rulesdata.Embedded())}))
	t.Cleanup(srv.Close)
	tab, closeTab := chromedp.NewContext(shared.ctx)
	ctx, cancelTimeout := context.WithTimeout(tab, limit)
	t.Cleanup(func() { cancelTimeout(); closeTab() })
	// The viewport is emulated, so that "phone" is really 360 px wide
	// (a window cannot be narrower than about 500 px); the tab keeps the
	// focus as if it were the only one, for the keyboard tests.
	run(t, ctx,
		emulation.SetFocusEmulationEnabled(true),
		chromedp.EmulateViewport(int64(width), int64(height)),
	)
	return ctx, srv.URL
}

// lightPage loads the health check, the lightest page of the test
// server's origin (a few bytes of JSON: no script, no style, no fetch),
// for what needs the origin but not a view: setting localStorage before a
// view loads, or leaving a view so that the next Navigate to it (a link
// that differs only in its #fragment) loads it afresh. A view costs
// Chromium three to four times as much as this page.
func lightPage(base string) chromedp.Action { return chromedp.Navigate(base + "/healthz") }

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// settle waits, up to 5 s, until the page is in a state (a JavaScript
// condition), in place of a fixed sleep; if it never is, the assertions
// that follow say what the page shows instead.
func settle(cond string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		err := chromedp.Poll(cond, nil, chromedp.WithPollingTimeout(5*time.Second)).Do(ctx)
		if errors.Is(err, chromedp.ErrPollingTimeout) {
			return nil
		}
		return err
	})
}

// clickFresh clicks the first element sel matches. When the page renders
// that element again between finding it and clicking it (a list of
// suggestions an answer replaces with the same items), chromedp's click
// fails before any mouse event is sent; the element is then found afresh,
// up to three times.
func clickFresh(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		for range 3 {
			err = chromedp.Click(sel, chromedp.ByQuery).Do(ctx)
			if err == nil || !strings.Contains(err.Error(), "Could not find node") {
				return err
			}
		}
		return err
	})
}

// waitTrue waits, up to 20 s (a search on a machine loaded many times
// over can take more than 10), until cond (a JavaScript expression) is true
// on the page, evaluating it afresh each time, so that a page a navigation
// is still replacing (its script context gone) is waited for, not an error.
func waitTrue(cond string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		deadline := time.Now().Add(20 * time.Second)
		for {
			var ok bool
			err := chromedp.Evaluate(cond, &ok).Do(ctx)
			if err == nil && ok {
				return nil
			}
			if time.Now().After(deadline) {
				if err == nil {
					err = fmt.Errorf("%s is still false", cond)
				}
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
}

// shot saves a screenshot when -screenshots is given.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if !*screenshots {
		return
	}
	var png []byte
	run(t, ctx, chromedp.FullScreenshot(&png, 100)) // quality 100 gives a PNG
	dir := filepath.Join("testdata", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

var sizes = []struct {
	name          string
	width, height int
}{{"phone", 360, 780}, {"desktop", 1280, 900}}

func TestDiceView(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := browser(t, size.width, size.height)
			var dice int
			var total string
			run(t, ctx,
				chromedp.Navigate(base+"/dice"),
				chromedp.WaitVisible("#dice-expr", chromedp.ByID),
				chromedp.SetValue("#dice-expr", "4d6", chromedp.ByID),
				chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
				chromedp.WaitVisible("#dice-result .total", chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelectorAll('#dice-result .die').length`, &dice),
				chromedp.Text("#dice-result .total", &total, chromedp.ByQuery),
				chromedp.WaitVisible("#dice-history li", chromedp.ByQuery),
			)
			if dice != 4 {
				t.Errorf("the roll shows %d dice, want 4", dice)
			}
			// The odds chart of 4d6: one bar per total from 4 to 24.
			var bars int
			var values string
			run(t, ctx,
				chromedp.WaitVisible(`#dice-chart rect[data-value="24"]`, chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelectorAll('#dice-chart rect.bar').length`, &bars),
				chromedp.Evaluate(`[...document.querySelectorAll('#dice-chart rect.bar')].map(r => r.dataset.value).join(',')`, &values),
			)
			if bars != 21 || !strings.HasPrefix(values, "4,5,6,") {
				t.Errorf("the odds chart has %d bars (%s), want 21 from 4 to 24", bars, values)
			}
			var n int
			if _, err := fmt.Sscan(total, &n); err != nil || n < 4 || n > 24 {
				t.Errorf("total %q is not a 4d6 total", total)
			}
			shot(t, ctx, "dice-"+size.name)

			var errText string
			run(t, ctx,
				chromedp.SetValue("#dice-expr", "2d", chromedp.ByID),
				chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
				chromedp.WaitVisible("#dice-error", chromedp.ByID),
				chromedp.Text("#dice-error", &errText, chromedp.ByID),
			)
			if !strings.Contains(errText, "Expected the number of sides after 'd' (character 3)") {
				t.Errorf("error shown = %q", errText)
			}
			// Success counting: the dice that count are marked.
			var marked, shown int
			run(t, ctx,
				chromedp.SetValue("#dice-expr", "10d10!>=9>=6", chromedp.ByID),
				chromedp.Click(`#dice-form button[type="submit"]`, chromedp.ByQuery),
				chromedp.Poll(`document.querySelectorAll('#dice-result .die').length >= 10`, nil, chromedp.WithPollingTimeout(5*time.Second)),
				chromedp.Evaluate(`document.querySelectorAll('#dice-result .die.success').length`, &marked),
				chromedp.Evaluate(`Number(document.querySelector('#dice-result .total').textContent)`, &shown),
			)
			if marked != shown {
				t.Errorf("%d dice marked as successes, total %d", marked, shown)
			}
			shot(t, ctx, "dice-successes-"+size.name)
		})
	}
}

func TestLanguageSwitch(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 1280, 900)
	want := map[string]string{"pl": "Kości", "cs": "Kostky", "en": "Dice"}
	run(t, ctx, chromedp.Navigate(base+"/dice"), chromedp.WaitVisible("#lang", chromedp.ByID))
	for _, lang := range []string{"pl", "cs", "en"} {
		var nav, htmlLang string
		run(t, ctx,
			chromedp.SetValue("#lang", lang, chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('lang').dispatchEvent(new Event('change'))`, nil),
			chromedp.Text(`nav a[data-nav="dice"]`, &nav, chromedp.ByQuery),
			chromedp.Evaluate(`document.documentElement.lang`, &htmlLang),
		)
		if nav != want[lang] || htmlLang != lang {
			t.Errorf("%s: nav says %q (want %q), html lang %q", lang, nav, want[lang], htmlLang)
		}
		shot(t, ctx, "dice-desktop-"+lang)
	}
}

func TestKeyboardOnly(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 360, 780)
	run(t, ctx,
		chromedp.Navigate(base+"/dice"),
		chromedp.WaitVisible("#dice-expr", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById('dice-expr').value = ''`, nil),
	)
	// The first Tab reaches the skip link; Enter on it lands in the
	// expression box, past the header.
	var focused string
	run(t, ctx, chromedp.KeyEvent("\t"), chromedp.Evaluate(`document.activeElement.className`, &focused))
	if focused != "skip" {
		t.Fatalf("the first Tab focused %q, want the skip link", focused)
	}
	run(t, ctx, chromedp.KeyEvent("\r"), chromedp.Evaluate(`document.activeElement.id`, &focused))
	if focused != "dice-expr" {
		t.Fatalf("the skip link moved the focus to %q, want the expression box", focused)
	}
	var dice int
	run(t, ctx,
		chromedp.KeyEvent("3k6\r"),
		chromedp.WaitVisible("#dice-result .total", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('#dice-result .die').length`, &dice),
	)
	if dice != 3 {
		t.Errorf("typing 3k6 and Enter showed %d dice, want 3", dice)
	}
	// Without the skip link, Tab walks the header's links and the language
	// switch, then reaches the expression box.
	run(t, ctx, chromedp.Navigate(base+"/dice"), chromedp.WaitVisible("#dice-expr", chromedp.ByID))
	tabs := 0
	for focused = ""; focused != "dice-expr"; tabs++ {
		if tabs == 12 {
			t.Fatalf("twelve Tabs never reached the expression box (last: %q)", focused)
		}
		run(t, ctx, chromedp.KeyEvent("\t"), chromedp.Evaluate(`document.activeElement.id`, &focused))
	}
}

func TestAttackView(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := browser(t, size.width, size.height)
			var bars, steps int
			var system, action string
			var cited []string
			run(t, ctx,
				chromedp.Navigate(base+"/attack"),
				chromedp.WaitVisible(`#attack-charts .chart[data-name="models_killed"] rect.bar`, chromedp.ByQuery),
				chromedp.Value("#attack-system", &system, chromedp.ByID),
				chromedp.Value("#attack-action", &action, chromedp.ByID),
				// Ten attacks against five models of toughness 1: 0..5 models killed.
				chromedp.SetValue(`#attack-form [name="attacks"]`, "10", chromedp.ByQuery),
				chromedp.SetValue(`#attack-form [name="models"]`, "5", chromedp.ByQuery),
				chromedp.Evaluate(`document.getElementById('attack-form').dispatchEvent(new Event('input'))`, nil),
				settle(`document.querySelectorAll('#attack-charts .chart[data-name="models_killed"] rect.bar').length === 6`),
				chromedp.Evaluate(`document.querySelectorAll('#attack-charts .chart[data-name="models_killed"] rect.bar').length`, &bars),
				chromedp.Click("#attack-roll", chromedp.ByID),
				chromedp.WaitVisible("#attack-result .steps li", chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelectorAll('#attack-result .steps li').length`, &steps),
				chromedp.Evaluate(`[...document.querySelectorAll('#attack-result .rules-applied a')].map((a) => a.getAttribute('href') + ' ' + a.lang)`, &cited),
			)
			// The roll cites the rules it applied, each linking to its text
			// in the rulebook's language.
			if !slices.Contains(cited, "/r/quality-d6.atak pl") {
				t.Errorf("the roll cites %q, want /r/quality-d6.atak among them (lang pl)", cited)
			}
			if system != "quality-d6" || action != "attack" {
				t.Errorf("opened on %s %s, want quality-d6 attack", system, action)
			}
			if bars != 6 {
				t.Errorf("the models-killed chart has %d bars, want 6 (0 to 5)", bars)
			}
			if steps < 3 {
				t.Errorf("the roll shows %d steps", steps)
			}
			shot(t, ctx, "attack-"+size.name)

			// Another system: its own form, in Polish, with the odds'
			// labels in Polish from the API.
			var label string
			var noError bool
			run(t, ctx,
				chromedp.SetValue("#lang", "pl", chromedp.ByID),
				chromedp.Evaluate(`document.getElementById('lang').dispatchEvent(new Event('change'))`, nil),
				chromedp.SetValue("#attack-system", "fantasy-k6", chromedp.ByID),
				chromedp.Evaluate(`document.getElementById('attack-system').dispatchEvent(new Event('change'))`, nil),
				chromedp.Poll(`document.querySelector('#attack-form [name="pain"]') !== null &&
					document.querySelector('#attack-charts .stats')?.textContent.includes('Cel usunięty')`, nil),
				chromedp.Evaluate(`document.getElementById('attack-error').hidden`, &noError),
				chromedp.Evaluate(`document.querySelector('#attack-form [name="pain"]').closest('label').querySelector('span').textContent`, &label),
			)
			if !noError {
				t.Error("the fantasy-k6 form's defaults were refused")
			}
			if label != "Próg bólu (PB)" {
				t.Errorf("the pain field's Polish label is %q", label)
			}
			shot(t, ctx, "attack-fantasy-pl-"+size.name)
		})
	}
}

func TestRulesView(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := browser(t, size.width, size.height)
			// Search as you type: "oslo" suggests Osłona; choosing it opens
			// the rule at its permalink.
			var firstID, title, path string
			run(t, ctx,
				chromedp.Navigate(base+"/"),
				chromedp.WaitVisible("#rules-q", chromedp.ByID),
				chromedp.SendKeys("#rules-q", "oslo", chromedp.ByID),
				chromedp.WaitVisible("#rules-suggest li", chromedp.ByQuery),
				// On a busy machine the keys come slower than the page's
				// pause before it suggests, and the first list shown is
				// for "o" or "os": the list for "oslo" follows.
				settle(`document.querySelector('#rules-suggest li')?.dataset.id === 'quality-d6.oslona'`),
				chromedp.Evaluate(`document.querySelector('#rules-suggest li').dataset.id`, &firstID),
			)
			if firstID != "quality-d6.oslona" {
				t.Fatalf("first suggestion = %q, want quality-d6.oslona", firstID)
			}
			shot(t, ctx, "rules-suggest-"+size.name)
			run(t, ctx,
				clickFresh("#rules-suggest li"),
				chromedp.WaitVisible("#rule", chromedp.ByID),
				chromedp.Text("#rule-title", &title, chromedp.ByID),
				chromedp.Evaluate(`location.pathname`, &path),
			)
			if title != "Osłona" || path != "/r/quality-d6.oslona" {
				t.Errorf("rule %q at %s, want Osłona at /r/quality-d6.oslona", title, path)
			}

			// A full search: the hit is listed with the matched words marked.
			var hitTitle string
			var marks int
			run(t, ctx,
				chromedp.SetValue("#rules-q", "power shot", chromedp.ByID),
				chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
				chromedp.WaitVisible("#rules-hits li", chromedp.ByQuery),
				chromedp.Text("#rules-hits li strong", &hitTitle, chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelectorAll('#rules-hits li:first-child mark').length`, &marks),
			)
			if hitTitle != "Do černého" || marks == 0 {
				t.Errorf("first hit %q with %d marked words", hitTitle, marks)
			}
			var suggestOpen bool
			run(t, ctx, chromedp.Sleep(300*time.Millisecond), chromedp.Evaluate(`!document.getElementById('rules-suggest').hidden`, &suggestOpen))
			if suggestOpen {
				t.Error("suggestions are still open over the search results")
			}
			shot(t, ctx, "rules-hits-"+size.name)

			// A permalink opens the rule directly.
			var text string
			run(t, ctx,
				chromedp.Navigate(base+"/r/fantasy-k6.panika"),
				chromedp.WaitVisible("#rule", chromedp.ByID),
				chromedp.Text("#rule-title", &title, chromedp.ByID),
				chromedp.Text("#rule-text", &text, chromedp.ByID),
			)
			if title != "Panika" || !strings.Contains(text, "okrążony") {
				t.Errorf("permalink shows %q: %.60q", title, text)
			}

			// A rule with a table is shown as a table, not as pipes.
			var cells int
			run(t, ctx,
				chromedp.Navigate(base+"/r/quality-d6.modyfikator-obrony"),
				chromedp.WaitVisible("#rule table", chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelectorAll('#rule table td').length`, &cells),
				chromedp.Text("#rule-text", &text, chromedp.ByID),
			)
			if cells < 20 || strings.Contains(text, "|") {
				t.Errorf("the table has %d cells; text %.80q", cells, text)
			}
			shot(t, ctx, "rules-table-"+size.name)
		})
	}
}

func TestCostView(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := browser(t, size.width, size.height)
			var total string
			var lines int
			run(t, ctx,
				chromedp.Navigate(base+"/cost"),
				chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
				chromedp.Text("#cost-result .total", &total, chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelectorAll('#cost-result .steps li').length`, &lines),
			)
			// Ten Quality 4+, Defense 5+ soldiers with a 24" rifle and a knife.
			if total != "126 points" || lines < 5 {
				t.Errorf("total %q with %d breakdown lines", total, lines)
			}
			shot(t, ctx, "cost-"+size.name)
			run(t, ctx,
				chromedp.SendKeys(`#cost-form input[name="unit_abilities"]`, "Fearless", chromedp.ByQuery),
				settle(`document.querySelector('#cost-result .total')?.textContent === '134 points'`),
				chromedp.Text("#cost-result .total", &total, chromedp.ByQuery),
			)
			if total != "134 points" {
				var e string
				run(t, ctx, chromedp.Text("#cost-error", &e, chromedp.ByID))
				t.Errorf("with Fearless: %q (error %q)", total, e)
			}
			var errText string
			run(t, ctx,
				chromedp.SendKeys(`#cost-form input[name="unit_abilities"]`, ", Jetpack", chromedp.ByQuery),
				chromedp.WaitVisible("#cost-error", chromedp.ByID),
				// On a slow machine a count of what was typed so far ("Jet")
				// may show first.
				settle(`document.getElementById('cost-error').textContent.includes('Jetpack')`),
				chromedp.Text("#cost-error", &errText, chromedp.ByID),
			)
			if !strings.Contains(errText, "abilities[1]") || !strings.Contains(errText, "Jetpack") {
				t.Errorf("error shown: %q", errText)
			}
		})
	}
}
