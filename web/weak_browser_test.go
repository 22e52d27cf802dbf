package web_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSearchWeakMatch: a search whose best match is only a far typo shows
// "no close match, did you mean …" in the page's language, with the
// guesses as links that open the rule, not as confident results; a close
// typo still lists results.
func TestSearchWeakMatch(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 1280, 900)
	want := map[string]string{
		"pl": "Nic nie pasuje dokładnie do „xyzzy”. Czy chodziło o:",
		"cs": "Pro „xyzzy” není žádná blízká shoda. Měli jste na mysli:",
		"en": "No close match for “xyzzy”. Did you mean:",
	}
	run(t, ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible("#rules-q", chromedp.ByID))
	for _, lang := range []string{"pl", "cs", "en"} {
		t.Run(lang, func(t *testing.T) {
			var status string
			var offers []string
			run(t, ctx,
				chromedp.SetValue("#lang", lang, chromedp.ByID),
				chromedp.Evaluate(`document.getElementById('lang').dispatchEvent(new Event('change'))`, nil),
				chromedp.SetValue("#rules-q", "xyzzy", chromedp.ByID),
				chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
				// The previous language's answer is still on the page until
				// this one arrives.
				settle(`document.getElementById('rules-status').textContent === `+strconv.Quote(want[lang])),
				chromedp.WaitVisible("#rules-hits li", chromedp.ByQuery),
				chromedp.Text("#rules-status", &status, chromedp.ByID),
				// Each offer is a title and its rulebook, with no snippet.
				chromedp.Evaluate(`[...document.querySelectorAll('#rules-hits li a')].map(a =>
					a.querySelector('strong').textContent + '|' + a.querySelector('small').textContent + '|' + a.querySelectorAll('span').length)`, &offers),
			)
			if status != want[lang] {
				t.Errorf("status %q, want %q", status, want[lang])
			}
			if len(offers) == 0 || len(offers) > 3 {
				t.Fatalf("offers %q, want one to three", offers)
			}
			for _, o := range offers {
				if f := strings.Split(o, "|"); len(f) != 3 || f[0] == "" || f[1] == "" || f[2] != "0" {
					t.Errorf("offer %q: want a title and a rulebook and no snippet", o)
				}
			}
		})
	}
	// An offer opens its rule.
	var first, title string
	run(t, ctx,
		chromedp.Text("#rules-hits li strong", &first, chromedp.ByQuery),
		chromedp.Click("#rules-hits li a", chromedp.ByQuery),
		chromedp.WaitVisible("#rule", chromedp.ByID),
		chromedp.Text("#rule-title", &title, chromedp.ByID),
	)
	if title == "" || title != first {
		t.Errorf("opened %q, want %q", title, first)
	}
	// A close typo is no weak match: results are listed.
	var status string
	run(t, ctx,
		chromedp.SetValue("#rules-q", "oslnoa", chromedp.ByID),
		chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#rules-hits li", chromedp.ByQuery),
		chromedp.Text("#rules-status", &status, chromedp.ByID),
	)
	if !strings.HasSuffix(status, " results") {
		t.Errorf("a close typo: status %q, want the count of results", status)
	}
}
