package deploy_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"kostka/api"
	"kostka/bot"
	"kostka/units/dynamostore"
)

// resources decodes template.yaml's Globals and Resources.
func resources(t *testing.T) (globals map[string]yaml.Node, res map[string]yaml.Node) {
	t.Helper()
	b, err := os.ReadFile("../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl struct {
		Globals struct {
			Function map[string]yaml.Node `yaml:"Function"`
		} `yaml:"Globals"`
		Resources map[string]yaml.Node `yaml:"Resources"`
	}
	if err := yaml.Unmarshal(b, &tpl); err != nil {
		t.Fatal(err)
	}
	return tpl.Globals.Function, tpl.Resources
}

// property returns a resource's property, or the Globals' one.
func property(t *testing.T, globals map[string]yaml.Node, res yaml.Node, name string) yaml.Node {
	t.Helper()
	var r struct {
		Properties map[string]yaml.Node `yaml:"Properties"`
	}
	if err := res.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if v, ok := r.Properties[name]; ok {
		return v
	}
	return globals[name]
}

// seconds returns a function's Timeout.
func seconds(t *testing.T, n yaml.Node) time.Duration {
	t.Helper()
	s, err := strconv.Atoi(n.Value)
	if err != nil {
		t.Fatalf("Timeout %q is not a number of seconds", n.Value)
	}
	return time.Duration(s) * time.Second
}

// TestTimeouts: the template's timeouts and the code's bounds are one set
// of numbers. The Discord function's timeout is the deadline the bot
// plans an interaction by (bot.InteractionTimeout); inside it, the
// settings read (bounded by bot.SettingsTimeout, over the DynamoDB
// store's own bound), the command and the edit of a deferred answer
// (bot.EditReserve before the deadline) fit. Every function ends before
// API Gateway's 30-second integration timeout.
func TestTimeouts(t *testing.T) {
	globals, res := resources(t)
	for id, r := range res {
		var typ struct {
			Type string `yaml:"Type"`
		}
		r.Decode(&typ)
		if typ.Type != "AWS::Serverless::Function" {
			continue
		}
		timeout := seconds(t, property(t, globals, r, "Timeout"))
		if timeout >= 30*time.Second {
			t.Errorf("%s: Timeout %v; API Gateway gives up on an integration after 30 s", id, timeout)
		}
		if id != "DiscordFunction" {
			continue
		}
		if timeout != bot.InteractionTimeout {
			t.Errorf("DiscordFunction: Timeout %v, but the bot plans interactions by bot.InteractionTimeout = %v", timeout, bot.InteractionTimeout)
		}
		if dynamostore.WorstCall > bot.SettingsTimeout {
			t.Errorf("a DynamoDB call may take %v, past the settings read's bound %v: the store's own error would never be logged", dynamostore.WorstCall, bot.SettingsTimeout)
		}
		// A command that reads the settings, then needs a second of its
		// own, still ends before the time kept for its edit.
		if work := timeout - bot.EditReserve; bot.SettingsTimeout+time.Second > work {
			t.Errorf("the settings read (%v) and a second of work do not fit in the %v an interaction's work has", bot.SettingsTimeout, work)
		}
		if bot.ReturnMargin >= bot.EditReserve {
			t.Errorf("ReturnMargin %v leaves no time to edit (EditReserve %v)", bot.ReturnMargin, bot.EditReserve)
		}
	}
}

// TestCors: API Gateway answers preflights itself (they never reach the
// functions) with the template's CorsConfiguration, which must allow what
// the functions allow when they answer a preflight locally.
func TestCors(t *testing.T) {
	_, res := resources(t)
	var httpAPI struct {
		Properties struct {
			CorsConfiguration struct {
				AllowOrigins  []string `yaml:"AllowOrigins"`
				AllowMethods  []string `yaml:"AllowMethods"`
				AllowHeaders  []string `yaml:"AllowHeaders"`
				ExposeHeaders []string `yaml:"ExposeHeaders"`
				MaxAge        int      `yaml:"MaxAge"`
			} `yaml:"CorsConfiguration"`
			DefaultRouteSettings struct {
				ThrottlingRateLimit  yaml.Node `yaml:"ThrottlingRateLimit"`
				ThrottlingBurstLimit yaml.Node `yaml:"ThrottlingBurstLimit"`
			} `yaml:"DefaultRouteSettings"`
		} `yaml:"Properties"`
	}
	node, ok := res["HttpApi"]
	if !ok {
		t.Fatal("no HttpApi")
	}
	if err := node.Decode(&httpAPI); err != nil {
		t.Fatal(err)
	}
	cors := httpAPI.Properties.CorsConfiguration
	req := httptest.NewRequest(http.MethodOptions, "/v1/roll", nil)
	req.Header.Set("Origin", "https://example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	rec := httptest.NewRecorder()
	api.NewHandler(api.Config{}).ServeHTTP(rec, req)
	h := rec.Header()
	list := func(v string) []string {
		var out []string
		for _, s := range strings.Split(v, ",") {
			out = append(out, strings.TrimSpace(s))
		}
		return out
	}
	for _, c := range []struct {
		name     string
		template []string
		handler  []string
	}{
		{"origins", cors.AllowOrigins, list(h.Get("Access-Control-Allow-Origin"))},
		{"methods", cors.AllowMethods, list(h.Get("Access-Control-Allow-Methods"))},
		{"headers", cors.AllowHeaders, list(h.Get("Access-Control-Allow-Headers"))},
		{"exposed headers", cors.ExposeHeaders, list(h.Get("Access-Control-Expose-Headers"))},
	} {
		if !slices.Equal(c.template, c.handler) || len(c.template) == 0 || c.template[0] == "" {
			t.Errorf("CORS %s: the template allows %q, the functions %q", c.name, c.template, c.handler)
		}
	}
	if strconv.Itoa(cors.MaxAge) != h.Get("Access-Control-Max-Age") {
		t.Errorf("CORS MaxAge: the template %d, the functions %q", cors.MaxAge, h.Get("Access-Control-Max-Age"))
	}
	rs := httpAPI.Properties.DefaultRouteSettings
	if rs.ThrottlingRateLimit.Value != "ApiRateLimit" || rs.ThrottlingBurstLimit.Value != "ApiBurstLimit" {
		t.Errorf("HttpApi's DefaultRouteSettings do not throttle by the ApiRateLimit and ApiBurstLimit parameters")
	}
}

// TestLogGroups: every function's log group is declared, by the name
// Lambda writes to, and keeps its lines LogRetentionDays days (30 unless
// set).
func TestLogGroups(t *testing.T) {
	tpl, fns := loadTemplate(t)
	_, res := resources(t)
	groups := map[string]string{} // function → its log group's retention
	for id, r := range res {
		var g struct {
			Type       string `yaml:"Type"`
			Properties struct {
				LogGroupName    yaml.Node `yaml:"LogGroupName"`
				RetentionInDays yaml.Node `yaml:"RetentionInDays"`
			} `yaml:"Properties"`
		}
		if err := r.Decode(&g); err != nil {
			t.Fatal(err)
		}
		if g.Type != "AWS::Logs::LogGroup" {
			continue
		}
		name := g.Properties.LogGroupName
		fn, ok := strings.CutPrefix(name.Value, "/aws/lambda/${")
		if name.Tag != "!Sub" || !ok || !strings.HasSuffix(fn, "}") {
			t.Errorf("%s: LogGroupName %s %q, want !Sub /aws/lambda/${Function}", id, name.Tag, name.Value)
			continue
		}
		groups[strings.TrimSuffix(fn, "}")] = g.Properties.RetentionInDays.Tag + " " + g.Properties.RetentionInDays.Value
	}
	for _, fn := range fns {
		if got := groups[fn.id]; got != "!Ref LogRetentionDays" {
			t.Errorf("%s: log group retention %q, want !Ref LogRetentionDays", fn.id, got)
		}
	}
	if p, ok := tpl.Parameters["LogRetentionDays"]; !ok || p.Type != "Number" {
		t.Errorf("LogRetentionDays parameter: %+v", p)
	}
	var params struct {
		Parameters map[string]struct {
			Default string `yaml:"Default"`
		} `yaml:"Parameters"`
	}
	b, _ := os.ReadFile("../template.yaml")
	if err := yaml.Unmarshal(b, &params); err != nil {
		t.Fatal(err)
	}
	if d := params.Parameters["LogRetentionDays"].Default; d != "30" {
		t.Errorf("LogRetentionDays defaults to %q, want 30", d)
	}
	if d := params.Parameters["ReservedConcurrency"].Default; d != "0" {
		t.Errorf("ReservedConcurrency defaults to %q, want 0 (none)", d)
	}
}
