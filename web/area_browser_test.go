package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAreaForm: the pool-k6 area action's list of models is edited as
// rows, starts from the schema's examples, and rolls with a step for each
// model.
func TestAreaForm(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 1280, 900)
	var models int
	var noError, distanceHidden bool
	run(t, ctx,
		chromedp.Navigate(base+"/attack"),
		chromedp.WaitVisible(`#attack-form [name="attacks"]`, chromedp.ByQuery),
		chromedp.SetValue("#attack-system", "pool-k6", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById('attack-system').dispatchEvent(new Event('change'))`, nil),
		chromedp.Poll(`[...document.querySelectorAll('#attack-action option')].some((o) => o.value === 'area')`, nil),
		chromedp.SetValue("#attack-action", "area", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById('attack-action').dispatchEvent(new Event('change'))`, nil),
		chromedp.WaitVisible(`#attack-form fieldset[data-array="defenders"] [name="defenders[1].armour"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('#attack-form fieldset[data-array="defenders"] .row').length`, &models),
		// A defender's distance and bearing apply to indirect fire only.
		chromedp.Evaluate(`document.querySelector('[name="defenders[1].distance"]').closest('label').hidden`, &distanceHidden),
		chromedp.Click("#attack-roll", chromedp.ByID),
		chromedp.Poll(`[...document.querySelectorAll('#attack-result .steps li')].some((li) => li.textContent.startsWith('Model 2'))`, nil),
		chromedp.Evaluate(`document.getElementById('attack-error').hidden`, &noError),
	)
	if models != 2 {
		t.Errorf("the form starts with %d models, want the schema's 2 examples", models)
	}
	if !noError {
		t.Error("the area form's request was refused")
	}
	if !distanceHidden {
		t.Error("a defender's distance shows for direct fire (it applies to indirect fire only)")
	}
}
