package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestScreenshots saves every view (the states of a11yViews, the attack
// view rolled) in Polish, Czech and English, at 360 px and on a desktop,
// under testdata/screenshots/, to be looked at. It runs only with
// -screenshots: go test -run TestScreenshots -screenshots ./web
func TestScreenshots(t *testing.T) {
	if !*screenshots {
		t.Skip("saves screenshots only with -screenshots")
	}
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx, base := browser(t, size.width, size.height)
			for _, lang := range []string{"pl", "cs", "en"} {
				run(t, ctx,
					lightPage(base),
					chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('kostka.lang', %q)`, lang), nil),
				)
				for _, v := range a11yViews(base) {
					run(t, ctx, v.actions...)
					shot(t, ctx, fmt.Sprintf("%s-%s-%s", v.name, lang, size.name))
				}
			}
		})
	}
}
