package deploy_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"kostka/bot"
	"kostka/internal/testenv"
	"kostka/units/dynamostore"
)

// The official AWS Lambda Runtime Interface Emulator (aws-lambda-rie),
// installed by .ci/run with go install at a pinned version.
const (
	envRIE    = "KOSTKA_RIE"     // 1: run the emulator tests
	envRIEBin = "KOSTKA_RIE_BIN" // the emulator's path, if not on PATH or in GOPATH/bin
	rieRun    = "go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@<version in .ci/run> && KOSTKA_RIE=1 go test -run RIE ./deploy"
)

// rieBinary returns the emulator's path.
func rieBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv(envRIEBin); p != "" {
		return p
	}
	if p, err := exec.LookPath("aws-lambda-rie"); err == nil {
		return p
	}
	out, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output()
	if err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		for _, dir := range []string{lines[0], filepath.Join(lines[len(lines)-1], "bin")} {
			if p := filepath.Join(dir, "aws-lambda-rie"); dir != "" && fileExists(p) {
				return p
			}
		}
	}
	testenv.Missing(t, "aws-lambda-rie", rieRun)
	return ""
}

func fileExists(p string) bool { st, err := os.Stat(p); return err == nil && !st.IsDir() }

// freeAddr returns a loopback address no one listens on (yet).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// emulator is one function under aws-lambda-rie.
type emulator struct {
	addr string
	mu   sync.Mutex
	log  bytes.Buffer
}

func (e *emulator) Write(p []byte) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.log.Write(p)
}

func (e *emulator) String() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.log.String()
}

// startRIE runs bootstrap under the emulator, with env added to this
// process's environment (the emulator passes it on to the function, as
// Lambda passes a function's variables).
func startRIE(t *testing.T, rie, bootstrap string, env ...string) *emulator {
	t.Helper()
	e := &emulator{addr: freeAddr(t)}
	cmd := exec.Command(rie, "--runtime-interface-emulator-address", e.addr, "--runtime-api-address", freeAddr(t), bootstrap)
	cmd.Dir = filepath.Dir(bootstrap)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = e, e
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("aws-lambda-rie and %s:\n%s", filepath.Base(filepath.Dir(bootstrap)), e)
		}
	})
	for deadline := time.Now().Add(10 * time.Second); ; {
		c, err := net.Dial("tcp", e.addr)
		if err == nil {
			c.Close()
			return e
		}
		if time.Now().After(deadline) {
			t.Fatalf("aws-lambda-rie did not listen on %s: %v\n%s", e.addr, err, e)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// invoke hands event to the function through the emulator's invocation
// endpoint and returns its API Gateway response (or the emulator's
// answer, for a function that failed) and how long it took.
func (e *emulator) invoke(t *testing.T, event []byte) (events.APIGatewayV2HTTPResponse, string, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+e.addr+"/2015-03-31/functions/function/invocations", bytes.NewReader(event))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("invoking: %v", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	var out events.APIGatewayV2HTTPResponse
	json.Unmarshal(raw, &out)
	return out, string(raw), took
}

// body returns a response's body as the client reads it.
func body(t *testing.T, res events.APIGatewayV2HTTPResponse) string {
	t.Helper()
	b := []byte(res.Body)
	if res.IsBase64Encoded {
		var err error
		if b, err = base64.StdEncoding.DecodeString(res.Body); err != nil {
			t.Fatal(err)
		}
	}
	if res.Headers["Content-Encoding"] == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return string(b)
}

// recorded reads a recorded API Gateway v2 event from testdata/rie.
func recorded(t *testing.T, name string) events.APIGatewayV2HTTPRequest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "rie", name))
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return ev
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signed is the recorded Discord event with body, signed now with priv.
func signed(t *testing.T, priv ed25519.PrivateKey, body string) []byte {
	ev := recorded(t, "discord.json")
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	ev.Body = body
	ev.Headers["content-length"] = strconv.Itoa(len(body))
	ev.Headers["x-signature-timestamp"] = stamp
	ev.Headers["x-signature-ed25519"] = hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body)))
	return marshal(t, ev)
}

// fakeDiscord is Discord's interaction endpoints: it records each call.
type fakeDiscord struct {
	*httptest.Server
	mu    sync.Mutex
	calls []discordCall
}

type discordCall struct {
	method, path, body string
	at                 time.Time
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.calls = append(f.calls, discordCall{r.Method, r.URL.Path, string(b), time.Now()})
		f.mu.Unlock()
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"1"}`)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeDiscord) recorded() []discordCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]discordCall(nil), f.calls...)
}

// TestRIE runs every bootstrap that "make bootstraps" builds (for this
// machine's architecture) under the official Lambda Runtime Interface
// Emulator, with recorded API Gateway v2 events: a roll, a search, a rule,
// the page, a signed Discord PING and a signed /roll. The last /roll is in
// a server whose settings live in a DynamoDB that accepts connections and
// never answers, under the Discord function's timeout
// (AWS_LAMBDA_FUNCTION_TIMEOUT as in template.yaml): the player must still
// get the answer, by an edit of the deferred response, well before the
// timeout, and the function must end on its own.
func TestRIE(t *testing.T) {
	testenv.OptIn(t, envRIE, rieRun)
	rie := rieBinary(t)
	if _, err := exec.LookPath("make"); err != nil {
		testenv.Missing(t, "make", "install make (the bootstraps are built by deploy/Makefile)")
	}
	dist := t.TempDir()
	cmd := exec.Command("make", "--no-print-directory", "bootstraps", "ARTIFACTS_DIR="+dist, "ARCH="+runtime.GOARCH)
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, b)
	}
	bootstrap := func(name string) string { return filepath.Join(dist, name, "bootstrap") }

	for _, c := range []struct {
		function, event string
		status          int
		want            string
	}{
		{"dice", "roll.json", 200, `"expr":"2d6+1"`},
		{"search", "search.json", 200, `"id":"quality-d6.oslona"`},
		{"search", "rule.json", 200, `"title":"Osłona"`},
		{"web", "page.json", 200, "<!doctype html>"},
	} {
		t.Run(c.function+"/"+c.event, func(t *testing.T) {
			e := startRIE(t, rie, bootstrap(c.function), "AWS_LAMBDA_FUNCTION_TIMEOUT=10", "LOG_LEVEL=INFO")
			res, raw, took := e.invoke(t, marshal(t, recorded(t, c.event)))
			if got := body(t, res); res.StatusCode != c.status || !strings.Contains(got, c.want) {
				t.Errorf("answered %d %.400s (raw %.200s), want %d with %s", res.StatusCode, got, raw, c.status, c.want)
			}
			t.Logf("answered %d in %v (first invocation, the function's start included)", res.StatusCode, took.Round(time.Millisecond))
		})
	}

	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	const ping = `{"id":"100","application_id":"200","type":1,"token":"tok-ping","version":1}`
	roll := func(id string) string {
		return `{"id":"` + id + `","application_id":"200","type":2,"token":"tok-` + id + `","locale":"pl","guild_id":"300",` +
			`"member":{"user":{"id":"400","username":"ala"},"permissions":"0"},"version":1,` +
			`"data":{"id":"500","name":"roll","type":1,"options":[{"name":"expr","type":3,"value":"2k6"}]}}`
	}
	discordEnv := func(discord, dynamo string) []string {
		return []string{
			"AWS_LAMBDA_FUNCTION_TIMEOUT=" + strconv.Itoa(int(bot.InteractionTimeout/time.Second)), "LOG_LEVEL=INFO",
			"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub), "KOSTKA_DISCORD_API=" + discord,
			dynamostore.EnvTable + "=kostka-units", "AWS_REGION=eu-central-1", "AWS_ENDPOINT_URL_DYNAMODB=" + dynamo,
			"AWS_ACCESS_KEY_ID=AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "AWS_SESSION_TOKEN=token",
		}
	}

	t.Run("discord/ping and roll, DynamoDB refusing", func(t *testing.T) {
		discord := newFakeDiscord(t)
		e := startRIE(t, rie, bootstrap("discord"), discordEnv(discord.URL, "http://"+freeAddr(t))...)
		res, raw, _ := e.invoke(t, signed(t, priv, ping))
		if got := body(t, res); res.StatusCode != 200 || strings.TrimSpace(got) != `{"type":1}` {
			t.Errorf("PING: %d %s (raw %.200s), want 200 {\"type\":1}", res.StatusCode, got, raw)
		}
		res, raw, took := e.invoke(t, signed(t, priv, roll("101")))
		got := body(t, res)
		var answer struct {
			Type int
			Data struct {
				Embeds []struct{ Title, Description string }
			}
		}
		json.Unmarshal([]byte(got), &answer)
		direct := res.StatusCode == 200 && answer.Type == 4 && len(answer.Data.Embeds) > 0 &&
			strings.Contains(answer.Data.Embeds[0].Title+answer.Data.Embeds[0].Description, "2k6")
		// A machine too busy to answer within a second defers, and edits.
		edited := false
		for _, c := range discord.recorded() {
			edited = edited || c.method == http.MethodPatch && strings.Contains(c.body, "2k6")
		}
		if !direct && !(res.StatusCode == http.StatusAccepted && edited) {
			t.Errorf("/roll: %d %.400s (raw %.200s), want the roll", res.StatusCode, got, raw)
		}
		t.Logf("/roll with DynamoDB refusing connections: answered in %v", took.Round(time.Millisecond))
	})

	t.Run("discord/roll, DynamoDB stalled", func(t *testing.T) {
		// Accepts connections, reads nothing, never answers.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		var conns []net.Conn
		var mu sync.Mutex
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
			}
		}()
		t.Cleanup(func() {
			ln.Close()
			mu.Lock()
			for _, c := range conns {
				c.Close()
			}
			mu.Unlock()
		})
		discord := newFakeDiscord(t)
		e := startRIE(t, rie, bootstrap("discord"), discordEnv(discord.URL, "http://"+ln.Addr().String())...)
		start := time.Now()
		res, raw, took := e.invoke(t, signed(t, priv, roll("102")))
		calls := discord.recorded()
		if strings.Contains(raw, "Task timed out") || strings.Contains(e.String(), "Task timed out") {
			t.Errorf("the function timed out: %s", raw)
		}
		if took >= bot.InteractionTimeout {
			t.Errorf("the invocation took %v, the function's timeout is %v", took, bot.InteractionTimeout)
		}
		if res.StatusCode != http.StatusAccepted {
			t.Errorf("the function answered %d %.300s, want 202 (answered through Discord's API)", res.StatusCode, raw)
		}
		var deferred, edit *discordCall
		for i, c := range calls {
			switch {
			case c.method == http.MethodPost && c.path == "/interactions/102/tok-102/callback":
				deferred = &calls[i]
			case c.method == http.MethodPatch && c.path == "/webhooks/200/tok-102/messages/@original":
				edit = &calls[i]
			}
		}
		switch {
		case deferred == nil || !strings.Contains(deferred.body, `"type":5`):
			t.Errorf("no deferral sent to Discord: %+v", calls)
		case edit == nil || !strings.Contains(edit.body, "2k6"):
			t.Errorf("no edit with the roll sent to Discord: %+v", calls)
		default:
			t.Logf("DynamoDB stalled, AWS_LAMBDA_FUNCTION_TIMEOUT=%d: deferred after %v, the roll edited in after %v, the function returned after %v",
				int(bot.InteractionTimeout/time.Second), deferred.at.Sub(start).Round(time.Millisecond), edit.at.Sub(start).Round(time.Millisecond), took.Round(time.Millisecond))
		}
		if log := e.String(); !strings.Contains(log, "reading a server's settings; answering with the defaults") {
			t.Errorf("no warning logged for the settings read:\n%s", log)
		}
	})
}
