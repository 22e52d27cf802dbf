package web_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// preventDownload stops the next click on a download link from saving a
// file (the page has already made its address by then), so a test can read
// the address instead.
const preventDownload = `document.addEventListener('click', (e) => { if (e.target.closest('a[download]')) e.preventDefault(); }, { once: true })`

// downloaded returns the JSON file a data: download link carries.
func downloaded(t *testing.T, href string) string {
	t.Helper()
	data, ok := strings.CutPrefix(href, "data:application/json;charset=utf-8,")
	if !ok {
		t.Fatalf("the download link is %.80q, not a JSON data: address", href)
	}
	file, err := url.PathUnescape(data)
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// importToBook imports a units file the way the bot's /unit import does,
// and returns the units it saved.
func importToBook(t *testing.T, file string) []units.Unit {
	t.Helper()
	store, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	book := units.NewBook(store, units.SchemaValidator(catalog.Registry()), units.DefaultLimits)
	ctx := context.Background()
	owner := units.Guild("1")
	if _, err := book.Import(ctx, owner, []byte(file), "2"); err != nil {
		t.Fatalf("the bot's import refuses the page's file: %v\n%s", err, file)
	}
	list, err := book.List(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestUnitLinkAndFile builds a unit in the attack view, opens its link in
// a fresh view and finds it filled in; exports it as a file that the
// bot's import takes, imports the file back in Polish, and shows a
// localized error for a file that is not a units file.
func TestUnitLinkAndFile(t *testing.T) {
	ctx, base := browser(t, 1280, 900)
	var link string
	run(t, ctx,
		chromedp.Navigate(base+"/attack?system=wzr-d20"),
		chromedp.WaitVisible(`#attack-form [name="skill"]`, chromedp.ByQuery),
		chromedp.Click("#attack-unit summary", chromedp.ByQuery),
		chromedp.SetValue(`#attack-form [name="skill"]`, "13", chromedp.ByQuery),
		chromedp.SetValue(`#attack-form [name="rate"]`, "4", chromedp.ByQuery),
		chromedp.SetValue("#attack-unit-name", "Ochrana Ł", chromedp.ByID),
		chromedp.Click("#attack-unit-share", chromedp.ByID),
		chromedp.Poll(`document.getElementById('attack-unit-link').value`, &link),
	)
	if !strings.Contains(link, "/attack#unit=") {
		t.Fatalf("the unit's link is %q", link)
	}

	// The link opens the view with the unit: its system, fields and name.
	var system, skill, rate, name string
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(link),
		waitTrue(`(document.getElementById('attack-unit-name')?.value ?? '') !== ''`),
		chromedp.Value("#attack-system", &system, chromedp.ByID),
		chromedp.Value(`#attack-form [name="skill"]`, &skill, chromedp.ByQuery),
		chromedp.Value(`#attack-form [name="rate"]`, &rate, chromedp.ByQuery),
		chromedp.Value("#attack-unit-name", &name, chromedp.ByID),
	)
	if system != "wzr-d20" || skill != "13" || rate != "4" || name != "Ochrana Ł" {
		t.Errorf("the link opened %s skill %s rate %s named %q, want wzr-d20 skill 13 rate 4 named Ochrana Ł", system, skill, rate, name)
	}

	// Export: the file is the bot's units file, and the bot takes it.
	var href string
	run(t, ctx,
		chromedp.Evaluate(preventDownload, nil),
		chromedp.Click("#attack-unit-export", chromedp.ByID),
		// The click's handler makes the address; wait for it.
		settle(`document.getElementById('attack-unit-export').href.startsWith('data:')`),
		chromedp.AttributeValue("#attack-unit-export", "href", &href, nil, chromedp.ByID),
	)
	file := downloaded(t, href)
	saved := importToBook(t, file)
	if len(saved) != 1 || saved[0].Name != "Ochrana Ł" || saved[0].System != "wzr-d20" ||
		!strings.Contains(string(saved[0].Profile), `"skill":13`) || !strings.Contains(string(saved[0].Profile), `"rate":4`) {
		t.Errorf("the bot saved %+v from the page's file", saved)
	}

	// Import, in Polish, into a view that starts elsewhere: the unit is
	// back; then a file that is not a units file is refused in Polish.
	var status, errText string
	run(t, ctx,
		chromedp.Evaluate(`localStorage.setItem('kostka.lang', 'pl')`, nil),
		chromedp.Navigate(base+"/attack?system=quality-d6"),
		chromedp.WaitVisible(`#attack-form [name="quality"]`, chromedp.ByQuery),
		chromedp.Click("#attack-unit summary", chromedp.ByQuery),
		chromedp.SetValue("#attack-unit-paste", file, chromedp.ByID),
		chromedp.Click("#attack-unit-import", chromedp.ByID),
		chromedp.Poll(`document.getElementById('attack-unit-status').textContent !== ''`, nil),
		chromedp.Text("#attack-unit-status", &status, chromedp.ByID),
		chromedp.Value("#attack-system", &system, chromedp.ByID),
		chromedp.Value(`#attack-form [name="skill"]`, &skill, chromedp.ByQuery),
		chromedp.SetValue("#attack-unit-paste", `{"units": []}`, chromedp.ByID),
		chromedp.Click("#attack-unit-import", chromedp.ByID),
		chromedp.WaitVisible("#attack-unit-error", chromedp.ByID),
		chromedp.Text("#attack-unit-error", &errText, chromedp.ByID),
	)
	if status != "Wczytano: Ochrana Ł." || system != "wzr-d20" || skill != "13" {
		t.Errorf("the import says %q and shows %s skill %s", status, system, skill)
	}
	if !strings.Contains(errText, "To nie jest plik oddziałów Kostki") {
		t.Errorf("a file without units is refused with %q", errText)
	}
}

// TestCostUnitLink: the cost view's unit (its weapons too) travels in a
// link, and a link that cannot be read says so.
func TestCostUnitLink(t *testing.T) {
	ctx, base := browser(t, 360, 780)
	var link string
	run(t, ctx,
		chromedp.Navigate(base+"/cost"),
		chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
		chromedp.Click("#cost-unit summary", chromedp.ByQuery),
		chromedp.SetValue(`#cost-form [name="models"]`, "5", chromedp.ByQuery),
		chromedp.Click("#cost-add", chromedp.ByID),
		chromedp.SetValue("#cost-unit-name", "Scouts", chromedp.ByID),
		chromedp.Click("#cost-unit-share", chromedp.ByID),
		chromedp.Poll(`document.getElementById('cost-unit-link').value`, &link),
	)
	var models string
	var weapons int
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(link),
		waitTrue(`document.getElementById('cost-unit-name')?.value === 'Scouts'`),
		chromedp.Value(`#cost-form [name="models"]`, &models, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('#cost-weapons .weapon').length`, &weapons),
	)
	if models != "5" || weapons != 3 {
		t.Errorf("the link opened %s models with %d weapons, want 5 with 3", models, weapons)
	}
	var errText string
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(base+"/cost#unit=bm90LWpzb24"),
		chromedp.WaitVisible("#cost-unit-error", chromedp.ByID),
		chromedp.Text("#cost-unit-error", &errText, chromedp.ByID),
	)
	if errText != "The unit in this link cannot be read." {
		t.Errorf("a broken link says %q", errText)
	}
}

// TestCostUnitExport: the cost view exports its unit (weapons and all) in
// the format of the bot's units file, byte for byte the file that the
// bot's tests import (bot/testdata/units/cost-view.json), and the bot's
// import takes it.
func TestCostUnitExport(t *testing.T) {
	t.Parallel()
	want, err := os.ReadFile(filepath.Join("..", "bot", "testdata", "units", "cost-view.json"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, base := browser(t, 1280, 900)
	first := `#cost-weapons .weapon:first-child `
	var href string
	run(t, ctx,
		chromedp.Navigate(base+"/cost"),
		chromedp.WaitVisible("#cost-result .total", chromedp.ByQuery),
		chromedp.Click("#cost-unit summary", chromedp.ByQuery),
		chromedp.SetValue(`#cost-form [name="unit_abilities"]`, "Nieustraszony", chromedp.ByQuery),
		chromedp.SetValue(first+`[name="ap"]`, "1", chromedp.ByQuery),
		chromedp.SetValue(first+`[name="abilities"]`, "Rozprysk(3)", chromedp.ByQuery),
		chromedp.SetValue("#cost-unit-name", "Strzelcy", chromedp.ByID),
		chromedp.Evaluate(preventDownload, nil),
		chromedp.Click("#cost-unit-export", chromedp.ByID),
		settle(`document.getElementById('cost-unit-export').href.startsWith('data:')`),
		chromedp.AttributeValue("#cost-unit-export", "href", &href, nil, chromedp.ByID),
	)
	file := downloaded(t, href)
	if file != string(want) {
		t.Errorf("the cost view exports\n%s\nwant (bot/testdata/units/cost-view.json)\n%s", file, want)
	}
	if saved := importToBook(t, file); len(saved) != 1 || !strings.Contains(string(saved[0].Profile), `"weapons":[{`) {
		t.Errorf("the bot saved %+v from the cost view's file", saved)
	}
}

// TestAttackUnitsExport builds an attacker and a target in the attack
// view and exports them: the file holds each unit's own fields (the
// attacker none of the target's values; the target its defense, models,
// toughness and quality under the unit's own names), byte for byte the
// file the bot's tests import (bot/testdata/units/attack-view.json), and
// the bot's import takes it. Its link opens the view with both, and the
// file imported back loads the first unit as the attacker and, chosen
// with the keyboard, the second as the target.
func TestAttackUnitsExport(t *testing.T) {
	t.Parallel()
	want, err := os.ReadFile(filepath.Join("..", "bot", "testdata", "units", "attack-view.json"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, base := browser(t, 1280, 900)
	field := func(name string) string { return `#attack-form [name="` + name + `"]` }
	var href, link string
	run(t, ctx,
		chromedp.Navigate(base+"/attack?system=quality-d6"),
		chromedp.WaitVisible(field("target_quality"), chromedp.ByQuery),
		chromedp.Click("#attack-unit summary", chromedp.ByQuery),
		chromedp.SetValue(field("attacks"), "10", chromedp.ByQuery),
		chromedp.SetValue(field("quality"), "4", chromedp.ByQuery),
		chromedp.SetValue(field("ap"), "1", chromedp.ByQuery),
		chromedp.SetValue(field("defense"), "5", chromedp.ByQuery),
		chromedp.SetValue(field("models"), "5", chromedp.ByQuery),
		chromedp.SetValue(field("toughness"), "3", chromedp.ByQuery),
		chromedp.SetValue(field("target_quality"), "5", chromedp.ByQuery),
		chromedp.SetValue("#attack-unit-name", "Strzelcy", chromedp.ByID),
		chromedp.SetValue("#attack-unit-target-name", "Orki", chromedp.ByID),
		chromedp.Evaluate(preventDownload, nil),
		chromedp.Click("#attack-unit-export", chromedp.ByID),
		settle(`document.getElementById('attack-unit-export').href.startsWith('data:')`),
		chromedp.AttributeValue("#attack-unit-export", "href", &href, nil, chromedp.ByID),
		chromedp.Click("#attack-unit-share", chromedp.ByID),
		chromedp.Poll(`document.getElementById('attack-unit-link').value`, &link),
	)
	file := downloaded(t, href)
	if file != string(want) {
		t.Errorf("the attack view exports\n%s\nwant (bot/testdata/units/attack-view.json)\n%s", file, want)
	}
	var parsed struct {
		Units []struct {
			Name    string         `json:"name"`
			Profile map[string]any `json:"profile"`
		} `json:"units"`
	}
	if err := json.Unmarshal([]byte(file), &parsed); err != nil || len(parsed.Units) != 2 {
		t.Fatalf("the exported file (%v):\n%s", err, file)
	}
	attacker, target := parsed.Units[0], parsed.Units[1]
	for _, f := range []string{"defense", "models", "toughness", "target_quality"} {
		if v, ok := attacker.Profile[f]; ok {
			t.Errorf("the attacker %s has the target's %s: %v", attacker.Name, f, v)
		}
	}
	if attacker.Name != "Strzelcy" || attacker.Profile["attacks"] != 10.0 || attacker.Profile["quality"] != 4.0 || attacker.Profile["ap"] != 1.0 {
		t.Errorf("the attacker is %+v", attacker)
	}
	if want := map[string]any{"defense": 5.0, "models": 5.0, "toughness": 3.0, "quality": 5.0}; target.Name != "Orki" || !reflect.DeepEqual(target.Profile, want) {
		t.Errorf("the target is %s %v, want Orki %v", target.Name, target.Profile, want)
	}
	if saved := importToBook(t, file); len(saved) != 2 {
		t.Errorf("the bot saved %+v from the attack view's file", saved)
	}

	// values reads the attack's fields and the two names.
	values := func() map[string]string {
		out := map[string]string{}
		var actions []chromedp.Action
		vals := make([]string, 9)
		names := []string{"attacks", "quality", "ap", "defense", "models", "toughness", "target_quality"}
		for i, n := range names {
			actions = append(actions, chromedp.Value(field(n), &vals[i], chromedp.ByQuery))
		}
		actions = append(actions, chromedp.Value("#attack-unit-name", &vals[7], chromedp.ByID), chromedp.Value("#attack-unit-target-name", &vals[8], chromedp.ByID))
		run(t, ctx, actions...)
		for i, n := range append(names, "name", "target") {
			out[n] = vals[i]
		}
		return out
	}
	both := map[string]string{"attacks": "10", "quality": "4", "ap": "1", "defense": "5", "models": "5", "toughness": "3", "target_quality": "5", "name": "Strzelcy", "target": "Orki"}

	// The link carries both units.
	if !strings.Contains(link, "/attack#unit=") || !strings.Contains(link, "&target=") {
		t.Fatalf("the link is %q", link)
	}
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(link),
		waitTrue(`(document.getElementById('attack-unit-target-name')?.value ?? '') !== ''`),
	)
	if got := values(); !maps.Equal(got, both) {
		t.Errorf("the link opened %v, want %v", got, both)
	}

	// An old link of one unit opens it as the attacker.
	old := strings.Split(link, "&")[0]
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(old),
		waitTrue(`(document.getElementById('attack-unit-name')?.value ?? '') !== ''`),
	)
	if got := values(); got["attacks"] != "10" || got["name"] != "Strzelcy" || got["defense"] == "5" || got["target"] != "" {
		t.Errorf("a link of one unit opened %v", got)
	}

	// A link of the target alone fills the target's fields only.
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(base+"/attack#"+link[strings.Index(link, "&")+1:]),
		waitTrue(`(document.getElementById('attack-unit-target-name')?.value ?? '') !== ''`),
	)
	if got := values(); got["target"] != "Orki" || got["defense"] != "5" || got["target_quality"] != "5" || got["attacks"] == "10" || got["name"] != "" {
		t.Errorf("a link of the target opened %v", got)
	}

	// The file imported: its first unit is the attacker, its fields only;
	// the second, chosen with the keyboard, fills the target's fields.
	var status string
	run(t, ctx,
		lightPage(base),
		chromedp.Navigate(base+"/attack?system=wzr-d20"),
		chromedp.WaitVisible(`#attack-form [name="skill"]`, chromedp.ByQuery),
		chromedp.Click("#attack-unit summary", chromedp.ByQuery),
		chromedp.SetValue("#attack-unit-paste", file, chromedp.ByID),
		chromedp.Click("#attack-unit-import", chromedp.ByID),
		waitTrue(`document.getElementById('attack-unit-name').value === 'Strzelcy'`),
	)
	if got := values(); got["attacks"] != "10" || got["defense"] == "5" || got["target_quality"] != "0" || got["target"] != "" {
		t.Errorf("importing loaded %v, want the attacker's fields only", got)
	}
	run(t, ctx,
		chromedp.Focus("#attack-unit-target", chromedp.ByID),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.KeyEvent(kb.ArrowDown),
		waitTrue(`document.getElementById('attack-unit-target-name').value === 'Orki'`),
		chromedp.Text("#attack-unit-status", &status, chromedp.ByID),
	)
	if got := values(); !maps.Equal(got, both) {
		t.Errorf("the file's two units loaded %v, want %v", got, both)
	}
	if status != "Loaded as the target: Orki." {
		t.Errorf("loading the target says %q", status)
	}
}
