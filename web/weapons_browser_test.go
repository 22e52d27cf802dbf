package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWeaponsEditor: a quality-d6 attack's weapons are rows whose name is
// typed as text and whose range takes a number or a word (24, melee); the
// page sends a number as a number and a word as a string, and shows the
// answer with each weapon's name.
func TestWeaponsEditor(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 1280, 900)
	var nameType, rangeType string
	var sent bool
	var named bool
	add := `#attack-form fieldset[data-array="weapons"] button.add`
	run(t, ctx,
		chromedp.Navigate(base+"/attack"),
		chromedp.WaitVisible(add, chromedp.ByQuery),
		chromedp.WaitVisible(`#attack-charts .chart-box`, chromedp.ByQuery),
		chromedp.Evaluate(recordPosts, nil),
		chromedp.Click(add, chromedp.ByQuery),
		chromedp.Click(add, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[name="weapons[0].name"]').type`, &nameType),
		chromedp.Evaluate(`document.querySelector('[name="weapons[0].range"]').type`, &rangeType),
		chromedp.SetValue(`[name="weapons[0].name"]`, "Karabin", chromedp.ByQuery),
		chromedp.SetValue(`[name="weapons[0].attacks"]`, "6", chromedp.ByQuery),
		chromedp.SetValue(`[name="weapons[0].range"]`, "24", chromedp.ByQuery),
		chromedp.SetValue(`[name="weapons[1].name"]`, "Miecz", chromedp.ByQuery),
		chromedp.SetValue(`[name="weapons[1].attacks"]`, "2", chromedp.ByQuery),
		chromedp.SetValue(`[name="weapons[1].ap"]`, "2", chromedp.ByQuery),
		chromedp.SetValue(`[name="weapons[1].range"]`, "melee", chromedp.ByQuery),
		chromedp.Click("#attack-roll", chromedp.ByID),
		waitTrue(`window.posts.some((p) => !p.url.includes('mode=odds') && p.body.weapons && p.body.weapons.length === 2)`),
		chromedp.Evaluate(`window.posts.some((p) => !p.url.includes('mode=odds') && p.body.weapons && p.body.weapons[0].name === 'Karabin' &&
			p.body.weapons[0].range === 24 && p.body.weapons[1].range === 'melee' && p.answer.steps)`, &sent),
		chromedp.WaitVisible("#attack-result .steps li", chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll('#attack-result .steps li')].some((li) => li.textContent.includes('Karabin'))`, &named),
	)
	if nameType != "text" || rangeType != "text" {
		t.Errorf("a weapon's name is a %q input and its range a %q one, want text for both", nameType, rangeType)
	}
	if !sent {
		t.Error("the roll did not send the weapons as typed (name Karabin, range 24 as a number, melee as a word) or got no steps back")
	}
	if !named {
		t.Error("the rolled steps do not name the weapon Karabin")
	}
}
