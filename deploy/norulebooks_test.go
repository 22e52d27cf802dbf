package deploy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"kostka/internal/lambdatest"
	"kostka/rulesdata"
)

// buildWith builds the main package dir (relative to the module root) for
// this machine, as deploy/Makefile builds it, with tags, into out.
func buildWith(t *testing.T, dir, tags, out string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-trimpath", "-tags", tags, "-ldflags=-s -w -buildid=", "-o", out, "./"+dir)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, b)
	}
}

// apiEvent is an API Gateway HTTP API (v2) GET as API Gateway sends it.
func apiEvent(path, query string) events.APIGatewayV2HTTPRequest {
	return events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "GET " + path, RawPath: path, RawQueryString: query,
		Headers: map[string]string{"host": "abc123.execute-api.eu-central-1.amazonaws.com"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			APIID: "abc123", Stage: "$default", RequestID: "norulebooks",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: path, Protocol: "HTTP/1.1", SourceIP: "192.0.2.1"},
		},
	}
}

// TestNoRulebooks: built with the tag norulebooks (make bootstraps
// TAGS=norulebooks), the search and Discord functions and the command hold
// no text of the shipped rulebooks; the search function then serves the
// rulebooks of KOSTKA_RULES_DIR alone, and without one it refuses to start,
// saying why.
func TestNoRulebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three binaries; skipped with -short")
	}
	t.Parallel()
	mk, err := exec.Command("make", "--no-print-directory", "-n", "-C", "..", "-f", "deploy/Makefile", "build-SearchFunction", "TAGS=norulebooks").CombinedOutput()
	if err == nil && !strings.Contains(string(mk), "-tags lambda.norpc,norulebooks") {
		t.Errorf("make build-SearchFunction TAGS=norulebooks does not build with the tag:\n%s", mk)
	}

	// A stretch of text from each shipped rulebook, long enough to be its
	// own.
	var samples []string
	for _, b := range rulesdata.Embedded() {
		longest := ""
		for _, s := range b.Sections {
			if len(s.Text) > len(longest) {
				longest = s.Text
			}
		}
		samples = append(samples, longest[:min(len(longest), 80)])
	}
	if len(samples) == 0 {
		t.Fatal("no shipped rulebooks to look for (is this test built with norulebooks?)")
	}
	tmp := t.TempDir()
	bins := map[string]string{}
	for _, dir := range []string{"functions/search", "functions/discord", "cmd/kostka"} {
		bins[dir] = filepath.Join(tmp, filepath.Base(dir))
		buildWith(t, dir, "lambda.norpc,norulebooks", bins[dir])
	}
	// The same build without the tag holds them, so the check can fail.
	withBooks := filepath.Join(tmp, "search-with-rulebooks")
	buildWith(t, "functions/search", "lambda.norpc", withBooks)
	if b, _ := os.ReadFile(withBooks); !bytes.Contains(b, []byte(samples[0])) {
		t.Fatalf("the usual build does not hold %q either: the check would prove nothing", samples[0])
	}
	for dir, bin := range bins {
		b, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range samples {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s built with norulebooks holds %q", dir, s)
			}
		}
	}

	// Served: only the rules directory.
	rules := t.TempDir()
	book := "---\nsystem: our-game\nlang: en\ntitle: Our game\nsource: our club\n---\n\n# Basics\n\n## Cover\n\nA model behind a wall is in cover: +1 to its defence.\n"
	if err := os.WriteFile(filepath.Join(rules, "our-game.md"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := lambdatest.Start(t, bins["functions/search"], "KOSTKA_RULES_DIR="+rules)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, c := range []struct{ path, query, want, not string }{
		{"/v1/search", "q=cover", `"id":"our-game.cover"`, "quality-d6"},
		{"/v1/rules", "", `"our-game"`, "wzr-d20"},
	} {
		var res events.APIGatewayV2HTTPResponse
		if err := rt.InvokeJSON(ctx, apiEvent(c.path, c.query), &res); err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 || !strings.Contains(res.Body, c.want) || strings.Contains(res.Body, c.not) {
			t.Errorf("%s?%s: %d %.300s; want 200 with %s and without %s", c.path, c.query, res.StatusCode, res.Body, c.want, c.not)
		}
	}

	// Without a rules directory: no start, and the log says why.
	for _, fn := range []string{"functions/search", "functions/discord"} {
		cmd := exec.Command(bins[fn])
		cmd.Env = []string{"AWS_LAMBDA_RUNTIME_API=127.0.0.1:1", "AWS_REGION=eu-central-1", "DISCORD_PUBLIC_KEY=" + strings.Repeat("ab", 32)}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Stdout = &stderr
		err := cmd.Run()
		if err == nil || !strings.Contains(stderr.String(), "norulebooks") || !strings.Contains(stderr.String(), "KOSTKA_RULES_DIR") {
			t.Errorf("%s without KOSTKA_RULES_DIR: %v, logged %s; want a failed start naming norulebooks and KOSTKA_RULES_DIR", fn, err, stderr.String())
		}
		var line map[string]any
		if json.Unmarshal(bytes.SplitN(stderr.Bytes(), []byte("\n"), 2)[0], &line) != nil {
			t.Errorf("%s: the log line is not JSON: %s", fn, stderr.String())
		}
	}
}
