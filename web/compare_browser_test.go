package web_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kostka/api"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/systems/compare"
)

// compareAnswer asks the real API handler for a comparison, as POST
// /v1/systems/{system}/compare answers it in lang.
func compareAnswer(t *testing.T, system string, req compare.Request, lang string) compare.Result {
	t.Helper()
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	h := api.NewHandler(api.Config{Rules: search.New(rulesdata.Embedded())})
	r := httptest.NewRequest(http.MethodPost, "/v1/systems/"+system+"/compare?lang="+lang, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("the API refuses the page's comparison: %d %s\n%s", w.Code, w.Body, body)
	}
	var res compare.Result
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// pageRequest reads the comparison the page's address carries, with
// ParsePagePath, the Go reading of the one link format.
func pageRequest(t *testing.T, ctx context.Context) (string, compare.Request, url.Values) {
	t.Helper()
	search := value(t, ctx, `location.pathname + location.search`)
	path, query, _ := strings.Cut(search, "?")
	if path != "/compare" {
		t.Fatalf("the page is at %s", search)
	}
	system, req, err := compare.ParsePagePath(query)
	if err != nil {
		t.Fatalf("ParsePagePath(%q): %v", query, err)
	}
	q, _ := url.ParseQuery(query)
	return system, req, q
}

// compareCell is a cell of the compare table: its row (target and
// attacker) and column key, and its text.
type compareCell struct {
	Target, Attacker, Key, Text string
}

const compareCells = `[...document.querySelectorAll('#compare-table tbody tr')].flatMap((tr) => {
  const c = [...tr.children];
  return c.map((td) => ({ Target: c[0].textContent, Attacker: c[1].textContent, Key: td.dataset.key, Text: td.textContent }));
})`

// number reads a number as the page writes it in lang ("12,3456 %",
// "1 234,5"): percentages as fractions.
func number(t *testing.T, s string) float64 {
	t.Helper()
	pct := strings.HasSuffix(s, "%")
	s = strings.NewReplacer("%", "", "\u00a0", "", "\u202f", "", " ", "", ",", ".").Replace(s)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("the page's number %q: %v", s, err)
	}
	if pct {
		v /= 100
	}
	return v
}

// checkTable compares every cell of the page's table with the API's
// answer: means and per-point values to the 4 decimals shown, percentages
// to the 4 decimals of a percent shown.
func checkTable(t *testing.T, ctx context.Context, res compare.Result, of, mode string) int {
	t.Helper()
	var cells []compareCell
	run(t, ctx, chromedp.Evaluate(compareCells, &cells))
	if len(cells) == 0 {
		t.Fatal("the table has no cells")
	}
	checked := 0
	for _, c := range cells {
		var pair *compare.Pair
		for i := range res.Results {
			if res.Results[i].Attacker == c.Attacker && res.Results[i].Target == c.Target {
				pair = &res.Results[i]
			}
		}
		if pair == nil {
			t.Errorf("the table has a row %q × %q the API does not", c.Attacker, c.Target)
			continue
		}
		var want float64
		tol := 0.5e-4
		switch {
		case c.Key == "target" || c.Key == "attacker":
			continue
		case c.Key == "wounds":
			want = pair.Wounds.Mean
		case c.Key == "killed":
			want = pair.ModelsKilled.Mean
		case c.Key == "wipe":
			want, tol = pair.WipeOut, 0.5e-6
		case c.Key == "points" || c.Key == "killed100" || c.Key == "wounds100":
			v := map[string]*float64{"points": pair.Points, "killed100": pair.ModelsKilledPer100, "wounds100": pair.WoundsPer100}[c.Key]
			if v == nil {
				if c.Text != "–" {
					t.Errorf("%s × %s %s: %q where the API gives nothing", c.Attacker, c.Target, c.Key, c.Text)
				}
				continue
			}
			want = *v
		case strings.HasPrefix(c.Key, "p"):
			n, err := strconv.Atoi(c.Key[1:])
			if err != nil {
				t.Fatalf("column %q", c.Key)
			}
			d := pair.ModelsKilled
			if of == "wounds" {
				d = pair.Wounds
			}
			want, tol = 0, 0.5e-6
			for _, v := range d.Values {
				if v.Value == n {
					want = v.PAtLeast
					if mode == "eq" {
						want = v.P
					}
				}
			}
		default:
			t.Errorf("%s × %s: a column %q", c.Attacker, c.Target, c.Key)
			continue
		}
		// A value half-way between two shown ones may round either way.
		if got := number(t, c.Text); math.Abs(got-want) > tol*(1+1e-9) {
			t.Errorf("%s × %s %s: the page says %q, the API %v", c.Attacker, c.Target, c.Key, c.Text, want)
		}
		checked++
	}
	return checked
}

// TestCompareView compares two quality-d6 attackers against a preset
// target in every setup: the table's figures equal the API's answer to the
// request the page's address carries, P(= n) redraws the chart and the
// table, and the table is exported as CSV and copied.
func TestCompareView(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		run(t, ctx,
			chromedp.Navigate(base+"/compare"),
			chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
			// The second attacker: ten attacks at Quality 3+, AP 1.
			setField(`#compare-a1 .side-fields [name="attacks"]`, "10"),
			setField(`#compare-a1 .side-fields [name="quality"]`, "3"),
			setField(`#compare-a1 .side-fields [name="ap"]`, "1"),
			chromedp.SetValue("#compare-t0-source", "preset:heavy_infantry", chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('compare-t0-source').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			waitTrue(`new URLSearchParams(location.search).get('q') !== null && [...document.querySelectorAll('#compare-table tbody th')].some((th) => th.textContent.includes('5'))`),
			waitTrue(`document.querySelectorAll('#compare-chart polyline').length === 2`),
		)
		system, req, _ := pageRequest(t, ctx)
		if system != "quality-d6" || len(req.Attackers) != 2 || len(req.Targets) != 1 || req.Targets[0].Preset != "heavy_infantry" {
			t.Fatalf("the address carries %s %+v", system, req)
		}
		res := compareAnswer(t, system, req, s.lang)
		// The page shows the answer to what its address says, settled.
		run(t, ctx, waitTrue(fmt.Sprintf(`[...document.querySelectorAll('#compare-table tbody tr')].some((tr) => tr.children[2].textContent.replace(',', '.').startsWith(%q))`,
			strconv.FormatFloat(res.Results[1].Wounds.Mean, 'f', 2, 64))))
		if n := checkTable(t, ctx, res, "models", "ge"); n < 10 {
			t.Errorf("only %d cells checked", n)
		}
		// One line per attacker, each a colour of 3:1 or more against the
		// chart's background, and a dash or marker of its own.
		var lines []struct {
			Contrast float64
			Dash     string
			Marker   string
		}
		run(t, ctx, chromedp.Evaluate(lineLooks, &lines))
		if len(lines) != 2 || lines[0].Dash == lines[1].Dash || lines[0].Marker == lines[1].Marker {
			t.Errorf("the chart's lines: %+v", lines)
		}
		for i, l := range lines {
			if l.Contrast < 3 {
				t.Errorf("line %d has a contrast of %.2f:1 against the chart", i, l.Contrast)
			}
		}
		if got := value(t, ctx, `String(document.querySelectorAll('.compare-chart .legend li').length)`); got != "2" {
			t.Errorf("the legend lists %s attackers", got)
		}

		// P(= n): the address says view=eq, the table's columns are P(= n).
		run(t, ctx,
			chromedp.Click(`#compare-result button[data-mode="eq"]`, chromedp.ByQuery),
			waitTrue(`new URLSearchParams(location.search).get('view') === 'eq' && document.querySelector('#compare-table thead th[scope="col"]:last-child').textContent.startsWith('P(=')`),
		)
		if got := value(t, ctx, `document.querySelector('#compare-result button[data-mode="eq"]').getAttribute('aria-pressed')`); got != "true" {
			t.Errorf("the P(= n) button is not pressed: %s", got)
		}
		checkTable(t, ctx, res, "models", "eq")
		// Wounds: of=wounds.
		run(t, ctx,
			chromedp.SetValue("#compare-of", "wounds", chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('compare-of').dispatchEvent(new Event('change'))`, nil),
			waitTrue(`new URLSearchParams(location.search).get('of') === 'wounds'`),
		)
		checkTable(t, ctx, res, "wounds", "eq")

		// The CSV download: the table's rows, ';' between fields where the
		// decimal mark is a comma.
		run(t, ctx, chromedp.Evaluate(preventDownload, nil), chromedp.Click("#compare-csv", chromedp.ByID))
		href := value(t, ctx, `document.getElementById('compare-csv').href`)
		data, ok := strings.CutPrefix(href, "data:text/csv;charset=utf-8,")
		if !ok {
			t.Fatalf("the CSV link is %.60q", href)
		}
		text, err := url.PathUnescape(data)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(text, "\ufeff")))
		if s.lang != "en" {
			r.Comma = ';'
		}
		records, err := r.ReadAll()
		if err != nil {
			t.Fatalf("the CSV does not read: %v\n%s", err, text)
		}
		if len(records) != 3 || records[1][1] != res.Results[0].Attacker || records[2][1] != res.Results[1].Attacker {
			t.Fatalf("the CSV has rows %q", records)
		}
		if got, want := number(t, records[2][2]), res.Results[1].Wounds.Mean; math.Abs(got-want) > 0.5e-4 {
			t.Errorf("the CSV's mean wounds of %s is %q, the API's %v", records[2][1], records[2][2], want)
		}
		// Copy: what goes to the clipboard is the table, a tab between
		// cells; where the clipboard refuses, the table is selected.
		run(t, ctx,
			chromedp.Evaluate(`navigator.clipboard.writeText = (s) => { window.copied = s; return Promise.resolve(); }`, nil),
			chromedp.Click("#compare-copy", chromedp.ByID),
			waitTrue(`typeof window.copied === 'string'`),
		)
		copied := strings.Split(value(t, ctx, `window.copied`), "\n")
		if len(copied) != 3 || !strings.HasPrefix(copied[2], res.Results[1].Target+"\t"+res.Results[1].Attacker+"\t") {
			t.Errorf("the copy holds %q", copied)
		}
		run(t, ctx,
			chromedp.Evaluate(`navigator.clipboard.writeText = () => Promise.reject(new Error('refused'))`, nil),
			chromedp.Click("#compare-copy", chromedp.ByID),
			waitTrue(`getSelection().toString().includes(`+strconv.Quote(res.Results[1].Attacker)+`)`),
		)
		shot(t, ctx, "compare-"+s.name)
	})
}

// lineLooks is each attacker's line on the compare chart: its colour's
// contrast against the chart's background, its dash and its marker.
const lineLooks = `(() => {
  const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const bg = lum(rgb(getComputedStyle(document.querySelector('.compare-chart')).backgroundColor));
  return [...document.querySelectorAll('#compare-chart g.series')].map((g) => {
    const line = g.querySelector('polyline');
    const c = lum(rgb(getComputedStyle(line).stroke));
    return { Contrast: (Math.max(c, bg) + 0.05) / (Math.min(c, bg) + 0.05), Dash: line.getAttribute('stroke-dasharray'), Marker: g.querySelector('.mark').tagName };
  });
})()`

// openCompareLink opens, in the page's language lang, the quality-d6
// comparison of the request body as Go's compare.PagePath links it, waits
// for its table and returns the request.
func openCompareLink(t *testing.T, ctx context.Context, base, body, lang string) compare.Request {
	t.Helper()
	var req compare.Request
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	path, err := compare.PagePath("quality-d6", req)
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx,
		lightPage(base),
		chromedp.Evaluate(`localStorage.setItem('kostka.lang', '`+lang+`')`, nil),
		chromedp.Navigate(base+path),
		chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
	)
	return req
}

// checkAddressCarries checks that the page's own address reads back as
// the request req.
func checkAddressCarries(t *testing.T, ctx context.Context, req compare.Request) {
	t.Helper()
	_, again, _ := pageRequest(t, ctx)
	want, _ := json.Marshal(req)
	got, _ := json.Marshal(again)
	if !bytes.Equal(want, got) {
		t.Errorf("the page's address carries\n%s\nthe link carried\n%s", got, want)
	}
}

// TestCompareLink opens a link made by compare.PagePath, as the Discord
// bot makes it, with Polish letters in the names: the comparison appears
// with the API's figures, and stays through a change of language, a
// reload, and Back and Forward.
func TestCompareLink(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 360, 780)
	const body = `{"attackers":[
		{"name":"Łucznicy Żółci","quality":4,"defense":5,"models":10,"toughness":1,"weapons":[{"name":"Łuk","attacks":10,"range":24}]},
		{"name":"Ćmy nocne","attacks":6,"quality":3,"ap":1}],
		"targets":[{"preset":"light_infantry"},{"name":"Gęś","defense":3,"models":3,"toughness":2}]}`
	req := openCompareLink(t, ctx, base, body, "pl")
	res := compareAnswer(t, "quality-d6", req, "pl")
	if n := checkTable(t, ctx, res, "models", "ge"); n < 20 {
		t.Errorf("only %d cells checked", n)
	}
	names := `[...document.querySelectorAll('#compare-table tbody tr')].map((tr) => tr.children[0].textContent + ' / ' + tr.children[1].textContent).join('|')`
	want := "Lekka piechota (10 modeli, Obrona 5+) / Łucznicy Żółci|Lekka piechota (10 modeli, Obrona 5+) / Ćmy nocne|Gęś / Łucznicy Żółci|Gęś / Ćmy nocne"
	if got := value(t, ctx, names); got != want {
		t.Errorf("the table's rows are %q, want %q", got, want)
	}
	// The form shows the link's sides.
	if got := value(t, ctx, `document.getElementById('compare-a0-name').value + '|' + document.getElementById('compare-t1-name').value`); got != "Łucznicy Żółci|Gęś" {
		t.Errorf("the form's names are %q", got)
	}
	// The points of the unit with weapons, by the cost formula.
	if res.Results[0].Points == nil {
		t.Error("the API gives the first attacker no points")
	}
	// The page's own address reads back as the same request.
	checkAddressCarries(t, ctx, req)
	// Another language: the same comparison, the preset named in Czech.
	run(t, ctx,
		chromedp.SetValue("#lang", "cs", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById('lang').dispatchEvent(new Event('change'))`, nil),
		waitTrue(`document.querySelector('#compare-table tbody th').textContent.startsWith('Lehká pěchota')`),
	)
	checkTable(t, ctx, compareAnswer(t, "quality-d6", req, "cs"), "models", "ge")
	// P(= n), then a reload, then Back and Forward.
	run(t, ctx,
		chromedp.Click(`#compare-result button[data-mode="eq"]`, chromedp.ByQuery),
		waitTrue(`location.search.includes('view=eq')`),
		chromedp.Reload(),
		chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
		waitTrue(`document.querySelector('#compare-result button[data-mode="eq"]')?.getAttribute('aria-pressed') === 'true'`),
	)
	checkTable(t, ctx, compareAnswer(t, "quality-d6", req, "cs"), "models", "eq")
	run(t, ctx,
		chromedp.Navigate(base+"/dice"),
		chromedp.WaitVisible("#dice-expr", chromedp.ByID),
		chromedp.Evaluate(`history.back()`, nil),
		waitTrue(`location.pathname === '/compare' && document.querySelector('#compare-table tbody tr') !== null`),
	)
	if got := value(t, ctx, `document.getElementById('compare-a1-name').value`); got != "Ćmy nocne" {
		t.Errorf("after Back the second attacker is %q", got)
	}
	// Within the page: another view by its link, and Back.
	run(t, ctx,
		chromedp.Evaluate(`document.querySelector('nav a[data-nav="dice"]').click()`, nil),
		waitTrue(`location.pathname === '/dice'`),
		chromedp.Evaluate(`history.back()`, nil),
		waitTrue(`location.pathname === '/compare' && !document.getElementById('view-compare').hidden`),
	)
	if got := value(t, ctx, names); got != strings.ReplaceAll(want, "Lekka piechota (10 modeli, Obrona 5+)", "Lehká pěchota (10 modelů, Obrana 5+)") {
		t.Errorf("after Back within the page the table's rows are %q", got)
	}
	// The nav link keeps the comparison.
	if got := value(t, ctx, `document.querySelector('nav a[data-nav="compare"]').getAttribute('href')`); !strings.Contains(got, "q=") {
		t.Errorf("the nav link is %q", got)
	}
	run(t, ctx, chromedp.Evaluate(`localStorage.removeItem('kostka.lang')`, nil))
}

// TestCompareErrors: a refusal names the side and its field in place, in
// the page's language; a link that cannot be read says so and starts
// afresh; a unit of the device's library is an attacker.
func TestCompareErrors(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, base string, s setup) {
		run(t, ctx,
			chromedp.Navigate(base+"/compare"),
			chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
			setField(`#compare-a1 .side-fields [name="quality"]`, "9"),
			waitTrue(`!document.querySelector('#compare-a1 .side-error').hidden`),
		)
		text := value(t, ctx, `document.querySelector('#compare-a1 .side-error').textContent`)
		label := map[string]string{"pl": "Jakość", "cs": "Kvalita", "en": "Quality"}[s.lang]
		if !strings.HasPrefix(text, label) || !strings.Contains(text, "9") {
			t.Errorf("the refusal says %q, want it to name %s", text, label)
		}
		if got := value(t, ctx, `document.querySelector('#compare-a1 [name="quality"]').getAttribute('aria-invalid') || ''`); got != "true" {
			t.Error("the refused field is not marked invalid")
		}
		run(t, ctx,
			chromedp.Navigate(base+"/compare?system=quality-d6&q=bm90IGpzb24"),
			chromedp.WaitVisible("#compare-error", chromedp.ByID),
		)
		want := map[string]string{"pl": "Nie da się odczytać", "cs": "nelze přečíst", "en": "cannot be read"}[s.lang]
		if got := value(t, ctx, `document.getElementById('compare-error').textContent`); !strings.Contains(got, want) {
			t.Errorf("a broken link says %q", got)
		}
		// A unit saved on this device is one of the attackers' choices.
		run(t, ctx,
			chromedp.Evaluate(`localStorage.setItem('kostka.units', JSON.stringify([{name: 'Łowcy', system: 'quality-d6', profile: {attacks: 12, quality: 3}}]))`, nil),
			chromedp.Navigate(base+"/compare"),
			chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
			chromedp.SetValue("#compare-a0-source", "unit:0", chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('compare-a0-source').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			waitTrue(`[...document.querySelectorAll('#compare-table tbody tr')].some((tr) => tr.children[1].textContent === 'Łowcy')`),
		)
		_, req, _ := pageRequest(t, ctx)
		if req.Attackers[0].Name != "Łowcy" || string(req.Attackers[0].Profile) != `{"attacks":12,"quality":3}` {
			t.Errorf("the library's unit is sent as %+v", req.Attackers[0])
		}
		checkTable(t, ctx, compareAnswer(t, "quality-d6", req, s.lang), "models", "ge")
	})
}

// TestCompareUnitsFile imports a units file (the bot's /unit export) and
// compares its units: one as an attacker, priced by the cost formula, one
// as the target, which gives its target fields; the file's unit of another
// system is not offered.
func TestCompareUnitsFile(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 1280, 900)
	file := filepath.Join(t.TempDir(), "oddziały.json")
	const units = `{"kostka_units": 1, "units": [
		{"name": "Strzelcy", "system": "quality-d6", "profile": {"models": 10, "quality": 4, "defense": 5, "toughness": 1, "weapons": [{"name": "Karabin", "attacks": 10, "range": 24}]}},
		{"name": "Rycerze", "system": "quality-d6", "profile": {"models": 3, "quality": 3, "defense": 3, "toughness": 3, "weapons": [{"attacks": 6}]}},
		{"name": "Obcy", "system": "pool-k6", "profile": {"attack": 3}}]}`
	if err := os.WriteFile(file, []byte(units), 0o644); err != nil {
		t.Fatal(err)
	}
	choose := func(sel, text string) chromedp.Action {
		return chromedp.Evaluate(fmt.Sprintf(`(() => {
			const s = document.querySelector(%q);
			s.value = [...s.options].find((o) => o.textContent === %q).value;
			s.dispatchEvent(new Event('change', {bubbles: true}));
		})()`, sel, text), nil)
	}
	run(t, ctx,
		chromedp.Navigate(base+"/compare"),
		chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
		chromedp.SetUploadFiles("#compare-file", []string{file}, chromedp.ByID),
		waitTrue(`document.getElementById('compare-file-status').textContent.includes('Rycerze')`),
	)
	if got := value(t, ctx, `[...document.querySelectorAll('#compare-a0-source optgroup')].map((g) => g.label + ': ' + [...g.children].map((o) => o.textContent).join(', ')).join('|')`); got != "From the file: Strzelcy, Rycerze" {
		t.Errorf("the first attacker's choices are %q", got)
	}
	run(t, ctx,
		choose("#compare-a0-source", "Strzelcy"),
		choose("#compare-t0-source", "Rycerze"),
		waitTrue(`[...document.querySelectorAll('#compare-table tbody tr')].some((tr) => tr.children[0].textContent === 'Rycerze' && tr.children[1].textContent === 'Strzelcy')`),
	)
	_, req, _ := pageRequest(t, ctx)
	if req.Attackers[0].Name != "Strzelcy" || req.Targets[0].Name != "Rycerze" || req.Attackers[0].Profile == nil || req.Targets[0].Profile == nil {
		t.Fatalf("the file's units are sent as %+v and %+v", req.Attackers[0], req.Targets[0])
	}
	res := compareAnswer(t, "quality-d6", req, "en")
	if res.Results[0].Points == nil {
		t.Fatal("the API does not price the file's attacker")
	}
	if n := checkTable(t, ctx, res, "models", "ge"); n < 10 {
		t.Errorf("only %d cells checked", n)
	}
	if got := value(t, ctx, `document.querySelector('#compare-table thead').textContent`); !strings.Contains(got, "per 100 points") {
		t.Errorf("the table has no per-point columns: %q", got)
	}

	// A system without a cost formula (wzr-d20): an attacker's points are
	// typed, and give its per-point values.
	run(t, ctx,
		chromedp.Navigate(base+"/compare?system=wzr-d20"),
		chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
		setField("#compare-a1-points", "45"),
		waitTrue(`document.querySelector('#compare-table thead').textContent.includes('per 100 points')`),
	)
	system, req, _ := pageRequest(t, ctx)
	if system != "wzr-d20" || req.Attackers[1].Points == nil || *req.Attackers[1].Points != 45 {
		t.Fatalf("the address carries %s %+v", system, req.Attackers)
	}
	res = compareAnswer(t, system, req, "en")
	if res.Results[len(res.Results)-1].ModelsKilledPer100 == nil {
		t.Fatal("the API gives no per-point values for the attacker with points")
	}
	checkTable(t, ctx, res, "models", "ge")
}

// TestCompareUnitCard types a quality-d6 attacker as a unit card, in
// Polish: its own models (5), under the cost view's label, and a weapon of
// 2 attacks in the weapons editor. The page sends the card, and its points
// and per-100-points values are the API's answer for it; the points are
// those POST /v1/systems/quality-d6/cost gives the same card.
func TestCompareUnitCard(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 360, 780)
	run(t, ctx,
		lightPage(base),
		chromedp.Evaluate(`localStorage.setItem('kostka.lang', 'pl')`, nil),
		chromedp.Navigate(base+"/compare"),
		chromedp.WaitVisible("#compare-table tbody tr", chromedp.ByQuery),
	)
	// The card's own fields, labelled as the cost view labels them, and the
	// word that a weapon's attacks are each model's.
	labels := value(t, ctx, `['models', 'defense', 'toughness'].map((n) => document.querySelector('#compare-a0 .side-fields [name="' + n + '"]').previousElementSibling.textContent).join('|')`)
	if labels != "Modele|Obrona|Wytrzymałość" {
		t.Errorf("the card's fields are labelled %q", labels)
	}
	if got := value(t, ctx, `document.querySelector('#compare-a0 .card-hint').textContent`); !strings.Contains(got, "na model") {
		t.Errorf("the card's hint says %q", got)
	}
	// The target's groups (a hero joined to it) stand in for the target's
	// models and toughness: an attacker has no such list, which would hide
	// its own card's fields.
	if got := value(t, ctx, `String(document.querySelector('#compare-a0 [data-array="groups"]') === null)`); got != "true" {
		t.Errorf("the attacker's form offers the target's groups")
	}
	run(t, ctx,
		setField(`#compare-a0 .side-fields [name="models"]`, "5"),
		chromedp.Click(`#compare-a0 fieldset[data-array="weapons"] button.add`, chromedp.ByQuery),
		setField(`#compare-a0 .side-fields [name="weapons[0].attacks"]`, "2"),
		setField(`#compare-a0 .side-fields [name="weapons[0].range"]`, "24"),
		waitTrue(`(() => {
			const q = new URLSearchParams(location.search).get('q');
			const tr = [...document.querySelectorAll('#compare-table tbody tr')][0];
			return q !== null && tr && tr.querySelector('[data-key="points"]') && tr.querySelector('[data-key="points"]').textContent !== '–';
		})()`),
	)
	system, req, _ := pageRequest(t, ctx)
	card := req.Attackers[0].Fields
	if system != "quality-d6" || string(card["models"]) != "5" || !strings.Contains(string(card["weapons"]), `"attacks":2`) {
		t.Fatalf("the address carries %s %+v", system, req.Attackers[0])
	}
	res := compareAnswer(t, system, req, "pl")
	var first *compare.Pair
	for i := range res.Results {
		if res.Results[i].AttackerIndex == 0 {
			first = &res.Results[i]
		}
	}
	if first == nil || first.Points == nil || first.ModelsKilledPer100 == nil || first.WoundsPer100 == nil {
		t.Fatalf("the API does not price the page's card: %+v", first)
	}
	// The page shows the API's points and per-point values.
	run(t, ctx, waitTrue(fmt.Sprintf(`[...document.querySelectorAll('#compare-table tbody tr')].some((tr) => Number(tr.querySelector('[data-key="points"]').textContent.replace(/\s/g, '').replace(',', '.')) === %v)`, *first.Points)))
	if n := checkTable(t, ctx, res, "models", "ge"); n < 10 {
		t.Errorf("only %d cells checked", n)
	}
	// The cost formula prices the same card at the same points.
	unit := map[string]json.RawMessage{}
	for _, f := range compare.Specs["quality-d6"].CostFields {
		if v, ok := card[f]; ok {
			unit[f] = v
		}
	}
	body, err := json.Marshal(unit)
	if err != nil {
		t.Fatal(err)
	}
	h := api.NewHandler(api.Config{Rules: search.New(rulesdata.Embedded())})
	r := httptest.NewRequest(http.MethodPost, "/v1/systems/quality-d6/cost?lang=pl", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var cost struct{ Total float64 }
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &cost) != nil {
		t.Fatalf("the cost of the page's card %s: %d %s", body, w.Code, w.Body)
	}
	if cost.Total != *first.Points {
		t.Errorf("the card costs %v points, the comparison prices it at %v", cost.Total, *first.Points)
	}
	run(t, ctx, chromedp.Evaluate(`localStorage.removeItem('kostka.lang')`, nil))
}

// TestCompareMeleeLink opens a link whose unit card fights in melee, as
// the bot's /compare melee:true writes it: the page compares it in melee
// (the table is the API's answer for the melee card, not the shooting
// one), and its own address still carries the melee card.
func TestCompareMeleeLink(t *testing.T) {
	t.Parallel()
	ctx, base := browser(t, 360, 780)
	const body = `{"attackers":[
		{"name":"Rycerze","quality":3,"defense":3,"models":5,"toughness":1,"melee":true,"weapons":[{"name":"Kusza","attacks":1,"range":18},{"name":"Miecz","attacks":2,"ap":1}]},
		{"name":"Strzelcy","quality":4,"defense":5,"models":10,"toughness":1,"melee":true,"weapons":[{"name":"Karabin","attacks":1,"range":24,"abilities":["Szturmowa"]},{"name":"Bagnet","attacks":1}]}],
		"targets":[{"preset":"light_infantry"}]}`
	req := openCompareLink(t, ctx, base, body, "en")
	melee := compareAnswer(t, "quality-d6", req, "en")
	if n := checkTable(t, ctx, melee, "models", "ge"); n < 10 {
		t.Errorf("only %d cells checked", n)
	}
	// The shooting comparison of the same cards differs, so the table
	// above could not have been it.
	var shooting compare.Request
	if err := json.Unmarshal([]byte(strings.ReplaceAll(body, `"melee":true`, `"melee":false`)), &shooting); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(melee.Results)
	b, _ := json.Marshal(compareAnswer(t, "quality-d6", shooting, "en").Results)
	if bytes.Equal(a, b) {
		t.Fatal("the melee and shooting comparisons are the same: the test cannot tell them apart")
	}
	checkAddressCarries(t, ctx, req)
}
