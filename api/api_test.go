package api

import (
	"kostka"

	"bytes"
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"kostka/dice"
)

func TestHealthz(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.get("/healthz")
	if res.Status != http.StatusOK {
		t.Fatalf("status = %d, want 200", res.Status)
	}
	var body map[string]string
	res.JSON(t, &body)
	if body["status"] != "ok" {
		t.Errorf("body = %v, want status ok", body)
	}
}

func TestOpenAPIServed(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.get("/openapi.json")
	if res.Status != http.StatusOK {
		t.Fatalf("status = %d", res.Status)
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	res.JSON(t, &doc)
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	if _, ok := doc.Paths["/v1/roll"]; !ok {
		t.Errorf("paths lack /v1/roll: %v", doc.Paths)
	}
}

// TestOpenAPIDescribesEveryRoute holds the document and routes.go together:
// every route is documented with its method, and every documented operation
// is served.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	doc := loadOpenAPI(t)
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	served := map[string]bool{}
	for _, p := range Patterns() {
		// ServeMux writes "/{$}" for "exactly /" and "{name...}" for
		// the rest of a path; OpenAPI has neither.
		op := strings.NewReplacer("{$}", "", "...}", "}").Replace(p)
		served[op] = true
		if !documented[op] {
			t.Errorf("route %q is not in openapi.yaml", p)
		}
	}
	for op := range documented {
		if !served[op] {
			t.Errorf("openapi.yaml documents %q, which routes.go does not serve", op)
		}
	}
}

func TestRoll(t *testing.T) {
	a := newTestAPI(t, Config{})
	tests := []struct {
		name        string
		res         response
		dice, sides int
		min, max    int
	}{
		{"get 2d6", a.get("/v1/roll?expr=2d6"), 2, 6, 2, 12},
		{"k for die", a.get("/v1/roll?expr=3k6"), 3, 6, 3, 18},
		{"capital K and modifier", a.get("/v1/roll?expr=K20%2B3"), 1, 20, 4, 23},
		{"subtraction", a.get("/v1/roll?expr=2d4-10"), 2, 4, -8, -2},
		{"spaces", a.get("/v1/roll?expr=1d8+%2B+2"), 1, 8, 3, 10},
		{"post", a.postJSON("/v1/roll", `{"expr":"4d10"}`), 4, 10, 4, 40},
		{"keep highest", a.get("/v1/roll?expr=4d6kh3"), 4, 6, 3, 18},
		{"post with charset", a.do(http.MethodPost, "/v1/roll", "application/json; charset=utf-8", `{"expr":"d6"}`), 1, 6, 1, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.res.Status != http.StatusOK {
				t.Fatalf("status = %d, body %s", tt.res.Status, tt.res.Body)
			}
			var got kostka.Roll
			tt.res.JSON(t, &got)
			if got.Total == nil || *got.Total < tt.min || *got.Total > tt.max {
				t.Fatalf("total = %v, want %d..%d", got.Total, tt.min, tt.max)
			}
			dice := treeDice(got.Tree)
			if len(dice) != tt.dice {
				t.Fatalf("got %d dice, want %d", len(dice), tt.dice)
			}
			if got.Total == nil || *got.Total != got.Tree.Value {
				t.Errorf("total %v, tree value %d", got.Total, got.Tree.Value)
			}
			dropped := 0
			for _, d := range dice {
				if d.Sides != tt.sides || d.Value < 1 || d.Value > tt.sides {
					t.Errorf("die %+v is not a d%d face", d, tt.sides)
				}
				if d.Dropped {
					dropped++
				}
			}
			if want := map[string]int{"keep highest": 1}[tt.name]; dropped != want {
				t.Errorf("%d dice dropped, want %d", dropped, want)
			}
		})
	}
}

func TestRollSeedIsReproducible(t *testing.T) {
	a := newTestAPI(t, Config{})
	first := a.get("/v1/roll?expr=10d20&seed=42")
	second := a.postJSON("/v1/roll", `{"expr":"10d20","seed":42}`)
	other := a.get("/v1/roll?expr=10d20&seed=43")
	var r1, r2, r3 kostka.Roll
	first.JSON(t, &r1)
	second.JSON(t, &r2)
	other.JSON(t, &r3)
	if r1.Text != r2.Text || !strings.HasPrefix(r1.Text, "10d20 → (") {
		t.Errorf("seed 42 rolled %q by GET and %q by POST", r1.Text, r2.Text)
	}
	if r1.Text == r3.Text {
		t.Errorf("seeds 42 and 43 rolled the same ten d20s: %q", r1.Text)
	}
	if r1.Seed == nil || *r1.Seed != 42 {
		t.Errorf("seed not echoed: %v", r1.Seed)
	}
}

func TestRollErrors(t *testing.T) {
	a := newTestAPI(t, Config{})
	tests := []struct {
		name     string
		res      response
		status   int
		field    string
		position int
		detail   string
	}{
		{"missing sides", a.get("/v1/roll?expr=2d"), 400, "expr", 3, "Expected the number of sides after 'd' (character 3)"},
		{"missing expr", a.get("/v1/roll"), 400, "expr", 0, "expr is required"},
		{"garbage", a.get("/v1/roll?expr=2d6*%24"), 400, "expr", 5, "Expected a number or a die at character 5, not '$'"},
		{"bad seed", a.get("/v1/roll?expr=d6&seed=-1"), 400, "seed", 0, "seed must be"},
		{"too many dice", a.get("/v1/roll?expr=1001d6"), 422, "expr", 0, "Roll 1 to 1000 dice"},
		{"too many sides", a.get("/v1/roll?expr=d1000001"), 422, "expr", 0, "sides"},
		{"zero sides", a.get("/v1/roll?expr=2d0"), 422, "expr", 0, "sides"},
		{"huge number", a.get("/v1/roll?expr=" + strings.Repeat("9", 150)), 422, "expr", 0, "larger than"},
		{"too long", a.get("/v1/roll?expr=" + strings.Repeat("1%2B", 101)), 422, "expr", 0, "longer than 200"},
		{"post malformed json", a.postJSON("/v1/roll", `{"expr":`), 400, "", 0, "ends in the middle"},
		{"post not json", a.postJSON("/v1/roll", `expr=2d6`), 400, "", 0, "malformed JSON"},
		{"post empty", a.postJSON("/v1/roll", ``), 400, "", 0, "empty"},
		{"post two objects", a.postJSON("/v1/roll", `{"expr":"d6"}{"expr":"d6"}`), 400, "", 0, "single JSON object"},
		{"post unknown field", a.postJSON("/v1/roll", `{"expr":"d6","sides":6}`), 422, "sides", 0, "is not a field of this request"},
		{"post wrong type", a.postJSON("/v1/roll", `{"expr":6}`), 422, "expr", 0, "must be a string"},
		{"post negative seed", a.postJSON("/v1/roll", `{"expr":"d6","seed":-5}`), 422, "seed", 0, "seed must be"},
		{"post form", a.do(http.MethodPost, "/v1/roll", "application/x-www-form-urlencoded", "expr=d6"), 415, "", 0, "application/json"},
		{"post too large", a.postJSON("/v1/roll", `{"expr":"`+strings.Repeat(" ", 70_000)+`"}`), 413, "", 0, "64 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.res.Problem(t, tt.status)
			if p.Field != tt.field {
				t.Errorf("field = %q, want %q", p.Field, tt.field)
			}
			if p.Position != tt.position {
				t.Errorf("position = %d, want %d", p.Position, tt.position)
			}
			if !strings.Contains(p.Detail, tt.detail) {
				t.Errorf("detail = %q, want it to contain %q", p.Detail, tt.detail)
			}
		})
	}
}

func TestUnknownRouteAndMethod(t *testing.T) {
	a := newTestAPI(t, Config{})
	p := a.get("/v1/nope").Problem(t, http.StatusNotFound)
	if !strings.Contains(p.Detail, "/v1/nope") {
		t.Errorf("detail = %q", p.Detail)
	}
	res := a.do(http.MethodDelete, "/v1/roll", "", "")
	res.Problem(t, http.StatusMethodNotAllowed)
	if allow := res.Header.Get("Allow"); !strings.Contains(allow, "GET") || !strings.Contains(allow, "POST") {
		t.Errorf("Allow = %q, want GET and POST", allow)
	}
}

func TestCORS(t *testing.T) {
	a := newTestAPI(t, Config{})
	res := a.do(http.MethodOptions, "/v1/roll", "", "",
		"Origin", "https://example.org", "Access-Control-Request-Method", "POST",
		"Access-Control-Request-Headers", "content-type")
	if res.Status != http.StatusNoContent {
		t.Fatalf("preflight status = %d", res.Status)
	}
	if got := res.Header.Get("Access-Control-Allow-Methods"); !strings.Contains(got, "POST") {
		t.Errorf("Allow-Methods = %q", got)
	}
	if got := res.Header.Get("Access-Control-Allow-Headers"); !strings.Contains(strings.ToLower(got), "content-type") {
		t.Errorf("Allow-Headers = %q", got)
	}
	for _, r := range []response{a.get("/v1/roll?expr=d6"), a.get("/v1/roll?expr=d")} {
		if got := r.Header.Get("Access-Control-Allow-Origin"); got != "*" {
			t.Errorf("status %d: Allow-Origin = %q, want *", r.Status, got)
		}
	}
}

func TestPanicBecomesProblem(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	h := withRecover(logger, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom")
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/x")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var p kostka.Problem
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 500 || p.Status != 500 || strings.Contains(p.Detail, "boom") {
		t.Errorf("got %d %+v; want a 500 that does not leak the panic", res.StatusCode, p)
	}
	if !strings.Contains(logs.String(), `"panic":"boom"`) {
		t.Errorf("panic not logged: %s", logs.String())
	}
}

func TestRequestsAreLogged(t *testing.T) {
	var logs bytes.Buffer
	a := newTestAPI(t, Config{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	a.get("/v1/roll?expr=2d")
	var line map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(logs.Bytes()), &line); err != nil {
		t.Fatalf("log %q is not one JSON line: %v", logs.String(), err)
	}
	if line["path"] != "/v1/roll" || line["status"] != float64(400) || line["method"] != "GET" {
		t.Errorf("log line = %v", line)
	}
}

// TestRollNotation checks the notation through the API: text and
// Markdown renderings, repeats, and 422s for odds it cannot compute.
func TestRollNotation(t *testing.T) {
	a := newTestAPI(t, Config{})
	var r kostka.Roll
	res := a.get("/v1/roll?expr=" + url.QueryEscape("6x 4d6kh3 # stats") + "&seed=1")
	res.JSON(t, &r)
	if len(r.Results) != 6 || !strings.HasPrefix(r.Text, "1. 4d6kh3 → (") || !strings.HasSuffix(r.Text, "# stats") || r.Markdown == "" {
		t.Errorf("repeat: %+v", r)
	}
	// A repeated roll answers its results, each with its total, and no
	// total of their sum.
	var top map[string]json.RawMessage
	res.JSON(t, &top)
	if _, ok := top["total"]; ok || top["tree"] != nil {
		t.Errorf("a repeated roll has a total or a tree: %s", res.Body)
	}
	for _, x := range r.Results {
		if x.Total == nil || *x.Total != x.Tree.Value || len(treeDice(x.Tree)) != 4 || !strings.HasPrefix(x.Text, "4d6kh3 → (") {
			t.Errorf("one of the results: %+v", x)
		}
	}
	r = kostka.Roll{}
	a.get("/v1/roll?expr="+url.QueryEscape("10d10!>=8>=7")+"&seed=2").JSON(t, &r)
	if len(treeDice(r.Tree)) < 10 || r.Tree.Kind != dice.KindDice || r.Total == nil || r.Tree.Value != *r.Total {
		t.Errorf("explode and count: %+v", r)
	}
	// The tree keeps the structure; each die appears once.
	res = a.get("/v1/roll?expr=" + url.QueryEscape("(1d6+2)*3d4") + "&seed=3")
	r = kostka.Roll{}
	res.JSON(t, &r)
	if r.Tree.Kind != dice.KindOp || r.Tree.Op != '*' || r.Tree.Left.Kind != dice.KindGroup || r.Tree.Right.Expr != "3d4" ||
		!strings.Contains(r.Text, ") × (") || strings.Count(string(res.Body), `"sides":`) != 4 {
		t.Errorf("(1d6+2)*3d4: %s", res.Body)
	}
	var o struct {
		Min, Max int
		Mean     float64
		LeftOut  []dice.Tail `json:"left_out"`
	}
	a.get("/v1/odds?expr="+url.QueryEscape("20d10!>=8")).JSON(t, &o)
	// Each die: 5.5 / (1 - 0.3) on average; explosions followed to 1e-12;
	// a die explodes at most 100 times.
	if o.Min != 20 || o.Max != 20*1010 || len(o.LeftOut) != 1 || o.LeftOut[0].To != o.Max || o.LeftOut[0].P <= 0 || o.LeftOut[0].P > 1e-9 ||
		math.Abs(o.Mean-20*5.5/0.7) > 1e-6 {
		t.Errorf("odds of 20d10!>=8: %+v", o)
	}
	p := a.get("/v1/odds?expr="+url.QueryEscape("4d6!pkh3")).Problem(t, http.StatusUnprocessableEntity)
	if p.Field != "expr" || !strings.Contains(p.Detail, "Exact odds are not available") {
		t.Errorf("unsupported odds: %+v", p)
	}
}

// treeDice lists the dice of a roll's tree, term by term.
func treeDice(n *dice.Node) []dice.Die {
	if n == nil {
		return nil
	}
	out := append([]dice.Die(nil), n.Dice...)
	out = append(out, treeDice(n.Left)...)
	out = append(out, treeDice(n.Right)...)
	return append(out, treeDice(n.Operand)...)
}
