package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func noEnv(string) string { return "" }

// runCLI runs kostka with args and returns its exit error and outputs.
func runCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), append([]string{"kostka"}, args...), noEnv, strings.NewReader(""), &stdout, &stderr)
	return stdout.String(), stderr.String(), err
}

func TestHelpListsEverySubcommand(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "-h")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "kostka "+c.name) || !strings.Contains(out, c.summary) {
			t.Errorf("help lacks %q: %s", c.name, out)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{nil, "no subcommand"},
		{[]string{"frobnicate"}, `unknown subcommand "frobnicate"`},
		{[]string{"roll"}, "needs an expression"},
		{[]string{"serve", "extra"}, "no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, _, err := runCLI(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || exitCode(err) != 2 {
				t.Errorf("err = %v (exit %d), want a usage error with %q", err, exitCode(err), tt.want)
			}
		})
	}
}

func TestRoll(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "roll", "3k6", "+", "2")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^3k6\+2 → \((\d), (\d), (\d)\) \+ 2 = (\d+)\n$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output %q is not three dice and a total", out)
	}
	sum := 2
	for _, f := range m[1:4] {
		v, _ := strconv.Atoi(f)
		if v < 1 || v > 6 {
			t.Errorf("die %d is not a d6 face", v)
		}
		sum += v
	}
	if total, _ := strconv.Atoi(m[4]); total != sum {
		t.Errorf("total %d, dice add up to %d", total, sum)
	}
	_, _, err = runCLI(t, "roll", "2d")
	if err == nil || !strings.Contains(err.Error(), "Expected the number of sides after 'd' (character 3)") || exitCode(err) != 2 {
		t.Errorf("roll 2d: err = %v", err)
	}
}

// listenAddr reads log lines from r until the start-up line, and returns
// the address it names.
func listenAddr(t *testing.T, r io.Reader) string {
	t.Helper()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var line struct{ Msg, Addr string }
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "kostka listening" {
			go func() { _, _ = io.Copy(io.Discard, r) }()
			return line.Addr
		}
	}
	t.Fatalf("server exited before logging its address: %v", sc.Err())
	return ""
}

func getOK(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s = %d %s", url, res.StatusCode, b)
	}
	return b
}

func TestServeShutsDownWhenContextEnds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"kostka", "serve", "-addr", "127.0.0.1:0"}, noEnv, strings.NewReader(""), io.Discard, pw)
		pw.Close()
	}()
	addr := listenAddr(t, pr)
	if body := getOK(t, "http://"+addr+"/healthz"); !strings.Contains(string(body), `"ok"`) {
		t.Errorf("healthz body %s", body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

func TestServeBadAddress(t *testing.T) {
	t.Parallel()
	_, _, err := runCLI(t, "serve", "-addr", "256.0.0.1:99999")
	if err == nil || !strings.Contains(err.Error(), "listening on") {
		t.Errorf("err = %v, want a listening error", err)
	}
}

// TestServeProcess runs the command in its own process as a user would
// (kostkaCommand), calls it, and stops it with SIGTERM.
func TestServeProcess(t *testing.T) {
	t.Parallel()
	cmd := kostkaCommand(t, "serve", "-addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	addr := listenAddr(t, stderr)

	var roll struct {
		Total int
		Tree  struct {
			Dice []struct{ Sides, Value int }
		}
	}
	if err := json.Unmarshal(getOK(t, "http://"+addr+"/v1/roll?expr=2d6"), &roll); err != nil {
		t.Fatal(err)
	}
	if roll.Total < 2 || roll.Total > 12 || len(roll.Tree.Dice) != 2 {
		t.Errorf("2d6 rolled %+v", roll)
	}
	res, err := http.Get("http://" + addr + "/v1/roll?expr=2d")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 400 || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("2d answered %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("exit after SIGTERM: %v", err)
		} else if err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
}

func TestSystemActions(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "attack", "pool-k6", "attack=4", "defense=3", "cover=soft", "damage=6", "armour=4")
	if err != nil {
		t.Fatal(err)
	}
	// People read the steps, the notes and an odds table: one line per
	// value with its chance and the chance of it or more.
	if !strings.HasPrefix(out, "• Att ") || !regexp.MustCompile(`(?m)^Wounds \(mean [0-9.]+\)$`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^  0 +[0-9.]+%  ≥ +100%`).MatchString(out) ||
		!strings.Contains(out, "‣ All modifiers apply to the result of a test") || strings.Contains(out, `"odds"`) {
		t.Errorf("attack output lacks steps or the odds table:\n%s", out)
	}
	out, _, err = runCLI(t, "test", "-odds", "-lang", "pl", "pool-k6", "dice=3", "opponent.dice=2")
	if err != nil || !strings.Contains(out, "Sukces: 49,2%") || !strings.Contains(out, "(pominięto 2 wartości poniżej 0,05% każda)") ||
		strings.Contains(out, "•") {
		t.Errorf("-odds prints only the odds table, in Polish, its negligible tails said: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "test", "-odds", "-json", "pool-k6", "dice=1", "opponent.dice=1")
	if err != nil {
		t.Fatal(err)
	}
	if p := oddsValue(t, out, "success"); p < 0.4166 || p > 0.4167 {
		t.Errorf("odds of 1 die against 1 die: %v %q", p, out)
	}
	out, _, err = runCLI(t, "test", "-lang", "cs", "pool-k6", "dice=2", "threshold=3")
	if err != nil || !strings.Contains(out, "úroveň úspěchu") {
		t.Errorf("a test in Czech: %v\n%s", err, out)
	}
	// A number with a fraction: inches from the aiming point.
	out, _, err = runCLI(t, "attack", "pool-k6", "mode=indirect", "attack=2", "defense=2", "damage=4", "armour=4", "ae=2", "target_distance=2.5", "base_radius=0.75")
	if err != nil || !strings.Contains(out, "2.75\"") { // the scatter note's reach: 2 + 0.75
		t.Errorf("an indirect attack off the aiming point: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "pool-k6", "dice=40"}, "dice: must be from 1 to 12"},
		{[]string{"test", "-lang", "pl", "pool-k6"}, "dice: to pole jest wymagane"},
		{[]string{"test", "chess", "dice=1"}, `no game system "chess"`},
		{[]string{"attack"}, "needs a system"},
		{[]string{"test", "pool-k6", "dice"}, "not key=value"},
	} {
		_, _, err := runCLI(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err = %v, want %q", tt.args, err, tt.want)
		}
	}
}

func TestOddsHistogram(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "odds", "2d6")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2+11 || !strings.HasPrefix(lines[0], "2d6: 2 to 12, mean 7.00") {
		t.Fatalf("output:\n%s", out)
	}
	// 7 is the most likely total: the longest bar, P(=7) = 6/36.
	if !strings.Contains(lines[2+5], " 16.667% ") || strings.Count(lines[2+5], "█") != histogramWidth {
		t.Errorf("line for 7: %q", lines[2+5])
	}
	if _, _, err := runCLI(t, "odds", "1000d1000"); err == nil || !strings.Contains(err.Error(), "more possible totals than the 10000") || exitCode(err) != 2 {
		t.Errorf("odds 1000d1000: err = %v", err)
	}
	// The true range, and the tails too unlikely to list.
	out, _, err = runCLI(t, "odds", "1000d6")
	if err != nil || !strings.HasPrefix(out, "1000d6: 1000 to 6000, mean 3500.00") || !strings.Contains(out, "\n(left out: totals 1000 to ") {
		t.Errorf("odds 1000d6: %v\n%s", err, out)
	}
}

// TestWZRActions runs the wzr-d20 system from the command line: every die
// of a test and an attack, and exact odds.
func TestWZRActions(t *testing.T) {
	t.Parallel()
	out, _, err := runCLI(t, "test", "wzr-d20", "skill=12")
	if err != nil || !strings.HasPrefix(out, "• Test: d20 ") || !regexp.MustCompile(`(?m)^[^:\n]+: 60%$`).MatchString(out) {
		t.Errorf("test: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "attack", "wzr-d20", "skill=12", "rate=4", "strength=9", "armour=14", "impenetrable=3", "wounds=2")
	if err != nil || strings.Count(out, "• Test ") != 4 || !strings.Contains(out, "Removed as a casualty: ") {
		t.Errorf("attack: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "attack", "-odds", "-json", "wzr-d20", "skill=10", "rate=1", "strength=10", "armour=8", "wounds=4")
	if p := oddsValue(t, out, "removed"); err != nil || p < 0.3199 || p > 0.3201 {
		t.Errorf("odds: %v %v %q", err, p, out)
	}
	if _, _, err := runCLI(t, "attack", "wzr-d20", "skill=12", "rate=1", "strength=5", "wounds=1", "mode=close_combat", "aim=true"); err == nil || !strings.Contains(err.Error(), "aim") {
		t.Errorf("aim in close combat: %v", err)
	}
}

// oddsValue reads the value of one odds entry from -odds output.
func oddsValue(t *testing.T, out, key string) float64 {
	t.Helper()
	var got struct {
		Odds []struct {
			Key   string
			Value float64
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	for _, e := range got.Odds {
		if e.Key == key {
			return e.Value
		}
	}
	t.Fatalf("no %s in %q", key, out)
	return 0
}
