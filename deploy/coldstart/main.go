// Command coldstart measures what a cold Lambda start of each of Kostka's
// functions costs beyond a hello-world aws-lambda-go function.
//
// It builds every bootstrap under functions/ for this machine, and a
// hello-world bootstrap from source it writes to a temporary module that
// uses the same aws-lambda-go version as Kostka. Then, many times over, it
// starts each function as a fresh process against a loopback Lambda Runtime
// API (package internal/lambdatest), hands it one event and times process
// start to the function's response, and the processor time the process
// had used by then (in all its threads; a busy machine disturbs it less than
// the time on the clock); every function run is paired with a
// hello-world run, in alternating order. It prints the medians and their
// differences as a Markdown table, with the goal of each row.
//
// With -vs FOLDER it also builds the functions of another Kostka tree
// (such as an older revision's, from git archive) and runs them in the
// same rotation, so that each row shows that tree's function and this
// one's side by side, measured alike.
//
// Run it from anywhere in the module, on a quiet machine:
//
//	go run ./deploy/coldstart [-runs 31] [-only search] [-root FOLDER] [-vs FOLDER]
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"kostka/internal/lambdatest"
)

// helloMain is the hello-world function every figure is compared with: it
// answers any API Gateway event with a fixed body.
const helloMain = `package main

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: "hello, world"}, nil
	})
}
`

// scenario is one function and the event its cold start is timed with.
type scenario struct {
	name  string // as printed: function, event
	dir   string // the function's folder under functions/
	env   []string
	event func() events.APIGatewayV2HTTPRequest // built afresh each run (signatures carry a time)
	want  string                                // in the response body
	goal  time.Duration                         // the most the function may add to hello-world
}

func main() {
	runs := flag.Int("runs", 31, "cold starts of each function (and as many of hello-world)")
	only := flag.String("only", "", "measure only the functions whose name contains this")
	root := flag.String("root", "", "build the functions of the Kostka tree in this `folder` (such as an older revision's) instead of this one")
	vs := flag.String("vs", "", "also measure the functions of the Kostka tree in this `folder`, side by side")
	flag.Parse()
	if err := run(*runs, *only, *root, *vs, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		os.Exit(1)
	}
}

func run(runs int, only, root, vs string, out io.Writer) error {
	if runs < 1 {
		return errors.New("-runs must be at least 1")
	}
	var err error
	if root == "" {
		if root, err = moduleRoot(); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp("", "coldstart")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	scenarios, err := allScenarios()
	if err != nil {
		return err
	}
	scenarios = slices.DeleteFunc(scenarios, func(s scenario) bool { return !strings.Contains(s.name, only) })
	if len(scenarios) == 0 {
		return fmt.Errorf("no function matches %q", only)
	}

	hello, err := buildHello(root, tmp)
	if err != nil {
		return err
	}
	bins, err := buildFunctions(root, filepath.Join(tmp, "this"), scenarios)
	if err != nil {
		return err
	}
	var vsBins map[string]string
	if vs != "" {
		if vsBins, err = buildFunctions(vs, filepath.Join(tmp, "vs"), scenarios); err != nil {
			return err
		}
	}

	fmt.Fprintf(out, "Cold starts, process start to first response, medians of %d runs each, alternating with hello-world:\n\n", runs)
	if vs != "" {
		fmt.Fprintf(out, "(\"vs\": the functions of %s, run in the same rotation.)\n\n", vs)
		fmt.Fprintln(out, "| function, event | vs | function | hello-world | vs − hello-world | function − hello-world | function − vs (paired median) | CPU: vs | CPU: function | CPU: hello-world | goal (difference) |")
		fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|---|")
	} else {
		fmt.Fprintln(out, "| function, event | function | hello-world | difference | median of paired differences | CPU: function | CPU: hello-world | CPU: difference | goal (difference) |")
		fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|")
	}
	for _, s := range scenarios {
		var fn, hw, other, diff, vsDiff, fnCPU, hwCPU, otherCPU []time.Duration
		for i := range runs {
			// Rotate which goes first, so a drift in the machine's load
			// weighs on all alike.
			order := []string{"hello", "fn", "vs"}
			if vs == "" {
				order = order[:2]
			}
			k := i % len(order)
			order = append(order[k:], order[:k]...)
			got := map[string]sample{}
			for _, which := range order {
				var smp sample
				switch which {
				case "hello":
					smp, err = coldStart(hello, nil, s.event(), "hello, world")
				case "fn":
					smp, err = coldStart(bins[s.dir], s.env, s.event(), s.want)
				case "vs":
					smp, err = coldStart(vsBins[s.dir], s.env, s.event(), s.want)
				}
				if err != nil {
					return fmt.Errorf("%s (%s): %w", s.name, which, err)
				}
				got[which] = smp
			}
			a, b := got["hello"], got["fn"]
			hw, fn, diff = append(hw, a.wall), append(fn, b.wall), append(diff, b.wall-a.wall)
			hwCPU, fnCPU = append(hwCPU, a.cpu), append(fnCPU, b.cpu)
			if vs != "" {
				c := got["vs"]
				other, otherCPU, vsDiff = append(other, c.wall), append(otherCPU, c.cpu), append(vsDiff, b.wall-c.wall)
			}
		}
		d := median(fn) - median(hw)
		verdict := "met"
		if d > s.goal {
			verdict = "**missed**"
		}
		if vs != "" {
			fmt.Fprintf(out, "| %s | %s | %s | %s | %+.1f ms | %+.1f ms | %+.1f ms | %s | %s | %s | ≤ +%d ms: %s |\n", s.name,
				ms(median(other)), ms(median(fn)), ms(median(hw)), millis(median(other)-median(hw)), millis(d), millis(median(vsDiff)),
				ms(median(otherCPU)), ms(median(fnCPU)), ms(median(hwCPU)), s.goal.Milliseconds(), verdict)
			continue
		}
		fmt.Fprintf(out, "| %s | %s | %s | %+.1f ms | %+.1f ms | %s | %s | %+.1f ms | ≤ +%d ms: %s |\n", s.name,
			ms(median(fn)), ms(median(hw)), millis(d), millis(median(diff)),
			ms(median(fnCPU)), ms(median(hwCPU)), millis(median(fnCPU)-median(hwCPU)), s.goal.Milliseconds(), verdict)
	}
	return nil
}

// buildFunctions builds the bootstrap of each scenario's function in the
// Kostka tree at root under dir, and returns them by function folder.
func buildFunctions(root, dir string, scenarios []scenario) (map[string]string, error) {
	bins := map[string]string{}
	for _, s := range scenarios {
		if _, ok := bins[s.dir]; ok {
			continue
		}
		bin := filepath.Join(dir, s.dir, "bootstrap")
		if err := lambdatest.BuildBinary(root, "functions/"+s.dir, bin); err != nil {
			return nil, err
		}
		bins[s.dir] = bin
	}
	return bins, nil
}

// coldStart starts bootstrap as a new process, hands it event and returns
// how long it took from starting the process to its response, which must
// be a 200 whose body contains want.
func coldStart(bootstrap string, env []string, event events.APIGatewayV2HTTPRequest, want string) (sample, error) {
	b, err := json.Marshal(event)
	if err != nil {
		return sample{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	rt, err := lambdatest.Launch(bootstrap, env...)
	if err != nil {
		return sample{}, err
	}
	inv, err := rt.Invoke(ctx, b)
	took := time.Since(start)
	cpu, cpuErr := rt.CPUTime()
	rt.Stop()
	if err != nil {
		return sample{}, err
	}
	if cpuErr != nil {
		return sample{}, cpuErr
	}
	if inv.Error != nil {
		return sample{}, fmt.Errorf("the function failed: %s", inv.Error)
	}
	var res events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(inv.Response, &res); err != nil {
		return sample{}, fmt.Errorf("the function's response: %w", err)
	}
	body, err := responseBody(res)
	if err != nil {
		return sample{}, err
	}
	if res.StatusCode != 200 || !strings.Contains(body, want) {
		return sample{}, fmt.Errorf("answered %d %.300s, want 200 with %q", res.StatusCode, body, want)
	}
	return sample{wall: took, cpu: cpu}, nil
}

// sample is one cold start: the time from starting the process to its
// response, and the processor time the process had used by then.
type sample struct{ wall, cpu time.Duration }

// responseBody returns the body of res as the client reads it: decoded
// from base64 and uncompressed.
func responseBody(res events.APIGatewayV2HTTPResponse) (string, error) {
	b := []byte(res.Body)
	if res.IsBase64Encoded {
		var err error
		if b, err = base64.StdEncoding.DecodeString(res.Body); err != nil {
			return "", fmt.Errorf("the function's base64 body: %w", err)
		}
	}
	if res.Headers["Content-Encoding"] == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return "", fmt.Errorf("the function's gzip body: %w", err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			return "", fmt.Errorf("the function's gzip body: %w", err)
		}
	}
	return string(b), nil
}

// allScenarios returns the events measured, in the order. The
// Discord function gets a public key generated here and signed requests.
func allScenarios() ([]scenario, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	// As on AWS: the units table named and credentials in the
	// environment, so the DynamoDB client is set up as it is there (no
	// call reaches it: neither event reads a server's settings).
	discordEnv := []string{"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub), "KOSTKA_PAGE_URL=https://kostka.example",
		"KOSTKA_UNITS_TABLE=kostka-units", "AWS_REGION=eu-central-1", "AWS_ACCESS_KEY_ID=AKIDEXAMPLE",
		"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "AWS_SESSION_TOKEN=token"}
	signed := func(body string) func() events.APIGatewayV2HTTPRequest {
		return func() events.APIGatewayV2HTTPRequest {
			ev := httpEvent("POST", "/discord/interactions", "", body)
			stamp := strconv.FormatInt(time.Now().Unix(), 10)
			ev.Headers["content-type"] = "application/json"
			ev.Headers["x-signature-timestamp"] = stamp
			ev.Headers["x-signature-ed25519"] = hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body)))
			return ev
		}
	}
	get := func(path, query string) func() events.APIGatewayV2HTTPRequest {
		return func() events.APIGatewayV2HTTPRequest { return httpEvent("GET", path, query, "") }
	}
	const rule = `{"id":"1","application_id":"2","type":2,"token":"t","locale":"pl",` +
		`"data":{"id":"3","name":"rule","type":1,"options":[{"name":"query","type":3,"value":"oslona"}]}}`
	const ping = `{"id":"1","application_id":"2","type":1,"token":"t"}`
	return []scenario{
		{name: "dice, `/v1/roll`", dir: "dice", event: get("/v1/roll", "expr=2d6"), want: `"dice"`, goal: 5 * time.Millisecond},
		{name: "search, `/v1/search?q=oslona`", dir: "search", event: get("/v1/search", "q=oslona"), want: `"id":"quality-d6.oslona"`, goal: 25 * time.Millisecond},
		{name: "discord, signed `/rule oslona`", dir: "discord", env: discordEnv, event: signed(rule), want: `Osłona`, goal: 25 * time.Millisecond},
		{name: "discord, signed PING", dir: "discord", env: discordEnv, event: signed(ping), want: `{"type":1}`, goal: 25 * time.Millisecond},
		{name: "web, `GET /`", dir: "web", event: get("/", ""), want: `<!doctype html>`, goal: 5 * time.Millisecond},
	}, nil
}

// httpEvent is an API Gateway HTTP API (v2) event as API Gateway sends it,
// from a browser that takes gzip.
func httpEvent(method, path, query, body string) events.APIGatewayV2HTTPRequest {
	return events.APIGatewayV2HTTPRequest{
		Version:        "2.0",
		RouteKey:       "$default",
		RawPath:        path,
		RawQueryString: query,
		Headers: map[string]string{
			"host": "abc123.execute-api.eu-central-1.amazonaws.com", "user-agent": "coldstart", "accept-encoding": "gzip, br",
		},
		Body: body,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "000000000000", APIID: "abc123", DomainName: "abc123.execute-api.eu-central-1.amazonaws.com",
			Stage: "$default", RequestID: "coldstart",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: method, Path: path, Protocol: "HTTP/1.1", SourceIP: "192.0.2.1", UserAgent: "coldstart",
			},
		},
	}
}

// buildHello writes the hello-world function to a module of its own under
// tmp, requiring the aws-lambda-go version Kostka uses (with Kostka's
// go.sum), and builds it as the functions are built.
func buildHello(root, tmp string) (string, error) {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "github.com/aws/aws-lambda-go")
	cmd.Dir = root
	v, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("finding Kostka's aws-lambda-go version: %w", err)
	}
	dir := filepath.Join(tmp, "hello")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	goMod := "module hello\n\ngo 1.26\n\nrequire github.com/aws/aws-lambda-go " + strings.TrimSpace(string(v)) + "\n"
	for name, content := range map[string][]byte{"go.mod": []byte(goMod), "go.sum": sum, "main.go": []byte(helloMain)} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(dir, "bootstrap")
	if err := lambdatest.BuildBinary(dir, ".", bin); err != nil {
		return "", err
	}
	return bin, nil
}

// moduleRoot returns the folder of Kostka's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run this inside Kostka's module")
	}
	return filepath.Dir(gomod), nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", millis(d)) }
