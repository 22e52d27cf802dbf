package web_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kostka/api"
	"kostka/rulesdata"
	"kostka/search"
)

// TestHouseRuleBadge: with a house-rules directory served on top of the
// built-in rulebooks, the page marks the house rule, in the chosen
// language, in the search hits and on the rule, and not a built-in rule.
func TestHouseRuleBadge(t *testing.T) {
	t.Parallel()
	ctx, _ := browser(t, 1280, 900)
	books, err := rulesdata.FromDir("../rulesdata/testdata/house", false)
	if err != nil {
		t.Fatal(err)
	}
	ix := search.New(books)
	srv := httptest.NewServer(api.NewHandler(api.Config{Rules: ix}))
	t.Cleanup(func() { srv.Close(); ix.Close() })
	base := srv.URL

	want := map[string]string{"pl": "Zasada domowa", "cs": "Domácí pravidlo", "en": "House rule"}
	for _, lang := range []string{"pl", "cs", "en"} {
		t.Run(lang, func(t *testing.T) {
			var badge string
			var shown bool
			run(t, ctx,
				chromedp.Navigate(base+"/r/quality-d6.oslona"),
				chromedp.WaitVisible("#rule", chromedp.ByID),
				chromedp.SetValue("#lang", lang, chromedp.ByID),
				chromedp.Evaluate(`document.getElementById('lang').dispatchEvent(new Event('change'))`, nil),
				chromedp.WaitVisible("#rule-house", chromedp.ByID),
				chromedp.Text("#rule-house", &badge, chromedp.ByID),
				chromedp.Evaluate(`!document.getElementById('rule-house').hidden`, &shown),
			)
			if !shown || badge != want[lang] {
				t.Errorf("badge %q shown %v, want %q", badge, shown, want[lang])
			}
			var hitBadges []string
			run(t, ctx,
				chromedp.SetValue("#rules-q", "osłona", chromedp.ByID),
				chromedp.Click(`#rules-form button[type="submit"]`, chromedp.ByQuery),
				chromedp.WaitVisible("#rules-hits li", chromedp.ByQuery),
				chromedp.Evaluate(`[...document.querySelectorAll('#rules-hits li')].map(li => li.querySelector('strong').textContent + '|' + (li.querySelector('.badge')?.textContent ?? ''))`, &hitBadges),
			)
			if len(hitBadges) < 2 || hitBadges[0] != "Osłona|"+want[lang] {
				t.Fatalf("hits %q, want Osłona marked %q first", hitBadges, want[lang])
			}
			for _, h := range hitBadges[1:] {
				if strings.HasSuffix(h, "|"+want[lang]) && !strings.HasPrefix(h, "Nocna zasadzka|") {
					t.Errorf("hit %q marked a house rule", h)
				}
			}
		})
	}
	// A built-in rule has no badge.
	var shown bool
	run(t, ctx,
		chromedp.Navigate(base+"/r/quality-d6.ap-x"),
		chromedp.WaitVisible("#rule", chromedp.ByID),
		chromedp.Evaluate(`!document.getElementById('rule-house').hidden`, &shown),
	)
	if shown {
		t.Error("a built-in rule shows the house-rule badge")
	}
	shot(t, ctx, "rules-house-desktop")
}
