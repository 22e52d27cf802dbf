package web_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// recordPosts makes the page keep every POST it sends and the answer it
// gets, in window.posts.
const recordPosts = `(() => {
  window.posts = [];
  const real = window.fetch;
  window.fetch = async (url, init) => {
    const res = await real(url, init);
    if (init && init.method === 'POST') {
      const answer = await res.clone().json();
      window.posts.push({ url: String(url), body: JSON.parse(init.body), answer });
    }
    return res;
  };
})()`

// TestGroupsEditor: the quality-d6 attack's groups are edited as rows
// (added with the keyboard, a field per input, the bodyguard shown only for
// a hero); the rows stand for the models and toughness fields, and the page
// sends them as the API's JSON and shows the API's answer to it.
func TestGroupsEditor(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 1280, 900)
	var focused string
	var bodyguardHidden, modelsHidden bool
	run(t, ctx,
		chromedp.Navigate(base+"/attack"),
		chromedp.WaitVisible(`#attack-form fieldset[data-array="groups"] button.add`, chromedp.ByQuery),
		chromedp.WaitVisible(`#attack-charts .chart-box`, chromedp.ByQuery),
		chromedp.Evaluate(recordPosts, nil),
		chromedp.SetValue(`#attack-form [name="attacks"]`, "6", chromedp.ByQuery),
		chromedp.SetValue(`#attack-form [name="quality"]`, "3", chromedp.ByQuery),
		chromedp.SetValue(`#attack-form [name="defense"]`, "5", chromedp.ByQuery),
		// Two rows, added from the keyboard: the focus goes to the new
		// row's first input.
		chromedp.Focus(`#attack-form fieldset[data-array="groups"] button.add`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.Enter),
		chromedp.Evaluate(`document.activeElement.name`, &focused),
		chromedp.Focus(`#attack-form fieldset[data-array="groups"] button.add`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.Enter),
		chromedp.SetValue(`[name="groups[0].count"]`, "4", chromedp.ByQuery),
		chromedp.SetValue(`[name="groups[1].toughness"]`, "3", chromedp.ByQuery),
		chromedp.SetValue(`[name="groups[1].defense"]`, "3", chromedp.ByQuery),
		chromedp.SetValue(`[name="groups[1].quality"]`, "3", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[name="groups[1].bodyguard"]').closest('label').hidden`, &bodyguardHidden),
		// A hero with Ochroniarz: the checkbox appears once hero is ticked.
		chromedp.Focus(`[name="groups[1].hero"]`, chromedp.ByQuery),
		chromedp.KeyEvent(" "),
		chromedp.WaitVisible(`[name="groups[1].bodyguard"]`, chromedp.ByQuery),
		chromedp.Click(`[name="groups[1].bodyguard"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#attack-form [name="models"]').closest('label').hidden`, &modelsHidden),
		chromedp.Click("#attack-roll", chromedp.ByID),
		waitTrue(`window.posts.some((p) => !p.url.includes('mode=odds') && p.body.groups && p.body.groups.length === 2)`),
		chromedp.WaitVisible("#attack-result .steps li", chromedp.ByQuery),
	)
	if focused != "groups[0].count" {
		t.Errorf("after adding a row the focus is on %q, want its first input groups[0].count", focused)
	}
	if !bodyguardHidden {
		t.Error("the bodyguard field shows for a group that is not a hero")
	}
	if !modelsHidden {
		t.Error("the models field still shows while the groups stand for it")
	}

	var sent struct {
		URL    string          `json:"url"`
		Body   map[string]any  `json:"body"`
		Answer json.RawMessage `json:"answer"`
	}
	var notes []string
	run(t, ctx,
		chromedp.Evaluate(`window.posts.filter((p) => !p.url.includes('mode=odds')).at(-1)`, &sent),
		chromedp.Evaluate(`[...document.querySelectorAll('#attack-result p.status')].map((p) => p.textContent)`, &notes),
	)
	want := []any{
		map[string]any{"count": 4.0, "toughness": 1.0, "hero": false},
		map[string]any{"count": 1.0, "toughness": 3.0, "defense": 3.0, "hero": true, "quality": 3.0, "bodyguard": true},
	}
	if !reflect.DeepEqual(sent.Body["groups"], want) {
		t.Errorf("the page sent groups %v, want %v", sent.Body["groups"], want)
	}
	for _, f := range []string{"models", "toughness"} {
		if _, ok := sent.Body[f]; ok {
			t.Errorf("the page sent %s with the groups (they exclude it)", f)
		}
	}

	// The API's answer to the same JSON: the same odds and notes (the
	// dice differ, the page's roll has no seed), and the page shows those
	// notes.
	body, err := json.Marshal(sent.Body)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Post(base+"/v1/systems/quality-d6/attack?lang=en", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	type answer struct {
		Odds  any `json:"odds"`
		Notes []struct {
			Text string `json:"text"`
		} `json:"notes"`
		HeroesKilled *int `json:"heroes_killed"`
	}
	var api, page answer
	if err := json.NewDecoder(res.Body).Decode(&api); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the API answered %d: %v", res.StatusCode, err)
	}
	if err := json.Unmarshal(sent.Answer, &page); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(page.Odds, api.Odds) || !reflect.DeepEqual(page.Notes, api.Notes) {
		t.Errorf("the page's answer differs from the API's for the same JSON:\npage: %s\nAPI odds: %v", sent.Answer, api.Odds)
	}
	var apiNotes []string
	for _, n := range api.Notes {
		apiNotes = append(apiNotes, n.Text)
	}
	if !reflect.DeepEqual(notes, apiNotes) {
		t.Errorf("the page shows the notes %q, want the API's %q", notes, apiNotes)
	}
	if len(apiNotes) == 0 || !bytes.Contains(sent.Answer, []byte("Bodyguard")) {
		t.Errorf("the answer has no note on the bodyguard: %s", sent.Answer)
	}

	// axe-core finds nothing serious in the editor with its rows.
	t.Run("axe", func(t *testing.T) {
		axe := axeSource(t)
		var out string
		run(t, ctx, chromedp.Evaluate(axe, nil), chromedp.Evaluate(axeRun, &out, awaitPromise))
		var found []violation
		if err := json.Unmarshal([]byte(out), &found); err != nil {
			t.Fatalf("axe's answer %q: %v", out, err)
		}
		for _, f := range found {
			t.Errorf("%s (%s) at %s", f.ID, f.Impact, strings.Join(f.Nodes, ", "))
		}
	})

	// Removing the first row renumbers the other and keeps the keyboard
	// on the list.
	var names []string
	var rows int
	run(t, ctx,
		chromedp.Click(`#attack-form fieldset[data-array="groups"] .row button.remove`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('#attack-form fieldset[data-array="groups"] .row').length`, &rows),
		chromedp.Evaluate(`[...document.querySelectorAll('#attack-form fieldset[data-array="groups"] [name]')].map((e) => e.name)`, &names),
		chromedp.Evaluate(`document.activeElement.textContent`, &focused),
	)
	if rows != 1 || len(names) == 0 || names[0] != "groups[0].count" {
		t.Errorf("after removing the first row: %d rows, inputs %q, want one row named groups[0]", rows, names)
	}
	if focused != "Remove row 1" {
		t.Errorf("after removing a row the focus is on %q, want the next row's Remove row 1", focused)
	}
}
