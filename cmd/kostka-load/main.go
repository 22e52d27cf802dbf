// Command kostka-load puts load and hostile input on a Kostka server on
// this machine and prints, per route, requests per second, the 50th and
// 99th latency percentiles, errors, the server's peak resident memory and
// its CPU time per request, and the rate the server's processor holds
// with a 99th percentile under -p99.
//
//	go run ./cmd/kostka-load            typical routes, a fixed rate, capacity, the worst case, hostile input
//	go run ./cmd/kostka-load -short     the short version CI runs (it fails on errors only)
//	go run ./cmd/kostka-load -phases rate -rate 5000 -routes search -check-rate
//
// It builds ./cmd/kostka and starts "kostka serve" on a loopback port (or
// uses -server BINARY), so the memory it reports is the server's alone
// (VmHWM, reset before each route). It talks only to loopback addresses,
// and every phase is bounded in requests and in time.
//
// Where it can (Linux, two processors or more, taskset installed; -pin),
// the server runs on a processor of its own (taskset -c) and the load on
// the others, so that the load does not take the server's processor: the
// rates it reports are one processor's. Its first line says where each
// runs.
//
// The typical phase runs each route at -c concurrent clients. The rate
// phase sends each typical route at -rate requests a second, open loop:
// each request starts at its scheduled time whether or not the earlier
// ones have been answered, so a server that falls behind cannot slow the
// load down (its latency is not hidden by fewer requests). A request's
// latency counts from when it starts; how late the load itself started
// requests (its timer's lag behind the schedule) is shown apart. Each
// route first runs at the rate for -warmup, shown in a row of its own and
// not checked but for errors: a freshly started server meets its first
// second of such load without the threads, connections and memory it
// then holds. The measured run fails when a route has errors; its rate
// and latency are reported, not checked, since on a machine shared with
// other work they change from minute to minute, unless -check-rate asks
// (for a quiet, dedicated machine): then it also fails when a route
// reaches less than 99% of the rate, answers 503, falls more than
// maxInFlight requests behind, or its 99th percentile passes -p99. The
// capacity phase (not with -short) finds, for each typical route, the
// highest rate (doubling from 250 a second, then halving the step) at
// which the server answers every request, none late, with a 99th
// percentile under -p99, and reports it with the server's CPU time per
// request there; it checks nothing but errors. The worst
// case runs the heaviest accepted request of each kind at concurrency 50
// while one client polls /healthz; it fails when the server's peak memory
// passes 256 MB or (except with -short, on a shared CI machine) the
// /healthz 99th percentile passes 50 ms. The hostile phase sends slow,
// oversized and malformed requests and fails on any 5xx or dropped
// connection. The exit status is 1 when any check fails.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// route is one kind of request the load puts on the server.
type route struct {
	name   string
	method string
	path   string
	body   string
}

// typical are the routes of ordinary use.
var typical = []route{
	{"search", "GET", "/v1/search?q=oslona", ""},
	{"roll", "GET", "/v1/roll?expr=3k6%2B2", ""},
	{"odds", "GET", "/v1/odds?expr=3k6", ""},
	{"suggest", "GET", "/v1/suggest?q=power%20sh", ""},
	{"attack", "POST", "/v1/systems/quality-d6/attack", `{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`},
	{"attack-odds", "POST", "/v1/systems/quality-d6/attack?mode=odds", `{"attacks": 10, "quality": 4, "defense": 5, "ap": 1, "deadly": 3, "models": 5, "toughness": 3}`},
	{"healthz", "GET", "/healthz", ""},
}

// worst are the heaviest accepted requests of each kind (api.TestBudget
// finds them).
var worst = []route{
	{"search", "GET", "/v1/search?limit=50&q=" + queryEscape(strings.Repeat("zasiegu oslony rozprysk ", 9)[:200]), ""},
	{"suggest", "GET", "/v1/suggest?limit=25&q=" + queryEscape(strings.Repeat("a", 200)), ""},
	{"roll", "GET", "/v1/roll?expr=" + queryEscape("1000d1000000!>=4"), ""},
	{"odds", "GET", "/v1/odds?expr=" + queryEscape("800d10r1"), ""},
	// The attack's number of attacks is set to the most the server
	// accepts (largestAccepted).
	{"attack", "POST", "/v1/systems/quality-d6/attack", `{"abilities":["Przełamanie","Dezintegracja","Rój"],"ap":6,"attacks":%d,"blast":12,"blast_cap":"per_hit","charging":true,"cover":true,"deadly":11,"defense":5,"models":100,"quality":3,"target_on_objective":true,"toughness":15}`},
	{"pool-attack", "POST", "/v1/systems/pool-k6/attack?mode=odds", `{"accuracy":10,"armour":1,"attack":12,"attack_modifier":9,"attacker_movement":9,"damage":50,"defender_movement":-9,"defender_wound_mod":-10,"defense":12,"rof":10,"rof_damage":5,"rof_area":5}`},
}

func queryEscape(s string) string {
	r := strings.NewReplacer("%", "%25", "+", "%2B", " ", "%20", "!", "%21", ">", "%3E", "=", "%3D", "#", "%23", "&", "%26")
	return r.Replace(s)
}

// Thresholds of the worst case (issue 22), and the bounds of the rate
// phase: the highest rate, and the most requests in flight at once (a
// request due when that many are waiting counts as late and is not sent).
const (
	maxRate     = 50_000
	maxInFlight = 512

	worstConcurrency = 50
	maxPeakRSS       = 256 << 20
	maxHealthzP99    = 50 * time.Millisecond
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "kostka-load:", err)
		os.Exit(1)
	}
}

// options are the command-line flags.
type options struct {
	server      string
	addr        string
	pid         int
	duration    time.Duration
	warmup      time.Duration
	maxRequests int
	concurrency int
	phases      string
	rate        int
	p99         time.Duration
	short       bool
	pin         bool
	checkRate   bool
	routes      []string // the routes of the typical, rate and worst phases; nil means all
}

// selected reports whether the run includes the route named name.
func (o options) selected(name string) bool {
	return o.routes == nil || slices.Contains(o.routes, name)
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("kostka-load", flag.ContinueOnError)
	var o options
	fs.BoolVar(&o.short, "short", false, "the short version for CI: 1 s a route at 8 clients, every phase; latency is reported, not checked")
	fs.StringVar(&o.server, "server", "", "kostka `binary` to start (default: build ./cmd/kostka)")
	fs.StringVar(&o.addr, "addr", "", "use a server already running at this loopback `address` instead of starting one")
	fs.IntVar(&o.pid, "pid", 0, "with -addr, the server's process `id`, to read its memory")
	fs.DurationVar(&o.duration, "duration", 5*time.Second, "how long each route runs")
	fs.DurationVar(&o.warmup, "warmup", time.Second, "how long each route runs at the rate, unchecked, before the rate phase measures it (0: none)")
	fs.IntVar(&o.maxRequests, "requests", 200_000, "the most requests a route sends")
	fs.IntVar(&o.concurrency, "c", 50, "concurrent clients on typical routes")
	fs.StringVar(&o.phases, "phases", "typical,rate,capacity,worst,hostile", "the phases to run, comma-separated")
	fs.IntVar(&o.rate, "rate", 5000, "requests a second on each route in the rate phase")
	fs.DurationVar(&o.p99, "p99", 10*time.Millisecond, "the longest 99th percentile the capacity phase (and the rate phase, with -check-rate) accepts")
	fs.BoolVar(&o.pin, "pin", true, "run the server and the load on processors of their own (taskset), when there are two or more")
	fs.BoolVar(&o.checkRate, "check-rate", false, "fail the rate phase when a route misses -rate or -p99 (for a quiet, dedicated machine)")
	routes := fs.String("routes", "", "only these routes of the typical, rate and worst phases, comma-separated (default: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *routes != "" {
		o.routes = strings.Split(*routes, ",")
		for _, name := range o.routes {
			if !slices.ContainsFunc(typical, func(rt route) bool { return rt.name == name }) &&
				!slices.ContainsFunc(worst, func(rt route) bool { return rt.name == name }) {
				return fmt.Errorf("-routes: no route is named %q", name)
			}
		}
	}
	if o.short {
		o.duration, o.concurrency, o.maxRequests, o.rate, o.warmup = time.Second, 8, 20_000, min(o.rate, 500), 0
	}
	if o.duration <= 0 || o.duration > 5*time.Minute || o.warmup < 0 || o.warmup > time.Minute || o.maxRequests <= 0 || o.concurrency < 1 || o.concurrency > 1000 ||
		o.rate < 1 || o.rate > maxRate || o.p99 <= 0 {
		return fmt.Errorf("-duration must be up to 5m, -warmup up to 1m, -requests positive, -c from 1 to 1000, -rate from 1 to %d, -p99 positive", maxRate)
	}

	addr, pid := o.addr, o.pid
	pin := pinning{why: "-pin=false"}
	switch {
	case addr != "":
		pin.why = "the server is already running (-addr)"
	case o.pin:
		pin = choosePinning()
	}
	if addr == "" {
		srv, err := startServer(ctx, o.server, pin)
		if err != nil {
			return err
		}
		defer srv.stop()
		addr, pid = srv.addr, srv.cmd.Process.Pid
	}
	if pin.on {
		if err := pinSelf(pin.load); err != nil {
			return fmt.Errorf("pinning the load: %w", err)
		}
	}
	fmt.Fprintln(out, pin)
	if err := checkLoopback(addr); err != nil {
		return err
	}
	l := &loader{addr: addr, pid: pid, out: out}
	var failures []string
	for _, phase := range strings.Split(o.phases, ",") {
		var err error
		switch phase {
		case "typical":
			err = l.typical(ctx, o)
		case "rate":
			err = l.paced(ctx, o)
		case "capacity":
			if o.short {
				fmt.Fprintln(out, "\n== capacity: skipped with -short")
				continue
			}
			err = l.capacity(ctx, o)
		case "worst":
			err = l.worst(ctx, o)
		case "hostile":
			err = l.hostile(ctx)
		default:
			return fmt.Errorf("unknown phase %q", phase)
		}
		if err != nil {
			failures = append(failures, phase+": "+err.Error())
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if len(failures) > 0 {
		return errors.New(strings.Join(failures, "; "))
	}
	return nil
}

// checkLoopback refuses any address that is not on this machine.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %w", addr, err)
	}
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("address %q is not a loopback address; kostka-load only loads this machine", addr)
	}
	return nil
}

// server is a kostka serve process started for the run.
type server struct {
	cmd  *exec.Cmd
	addr string
	dir  string
}

// startServer builds ./cmd/kostka (unless bin is given) and starts it on a
// free loopback port, on its own processor when pin says so.
func startServer(ctx context.Context, bin string, pin pinning) (*server, error) {
	s := &server{}
	if bin == "" {
		dir, err := os.MkdirTemp("", "kostka-load")
		if err != nil {
			return nil, err
		}
		s.dir = dir
		bin = filepath.Join(dir, "kostka")
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/kostka")
		if out, err := build.CombinedOutput(); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("building ./cmd/kostka (run from the repository): %v\n%s", err, out)
		}
	}
	argv := pin.command(bin, "serve", "-addr", "127.0.0.1:0")
	s.cmd = exec.Command(argv[0], argv[1:]...)
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		var line struct{ Msg, Addr string }
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "kostka listening" {
			s.addr = line.Addr
			break
		}
	}
	if s.addr == "" {
		s.stop()
		return nil, fmt.Errorf("the server exited before listening: %v", sc.Err())
	}
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	return s, nil
}

// stop ends the server with SIGTERM (then SIGKILL) and removes the build.
func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// loader sends the load and prints the results.
type loader struct {
	addr string // the server's host:port
	pid  int
	out  io.Writer
}

// result is what one route's load measured.
type result struct {
	requests  int
	elapsed   time.Duration
	latencies []time.Duration
	errors    int // transport errors and 5xx other than 503
	busy      int // 503 answers (the server said it is full)
	status    map[int]int
	peakRSS   int64
	serverCPU time.Duration // the server's CPU time (user and system) during the run, or -1 when unknown
}

// cpuPerRequest is the server's CPU time per request, as text.
func (r *result) cpuPerRequest() string {
	if r.serverCPU < 0 || r.requests == 0 {
		return "?"
	}
	return fmt.Sprintf("%.0fµs", float64(r.serverCPU.Microseconds())/float64(r.requests))
}

func (r *result) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(float64(len(r.latencies))*p))]
}

// load sends rt from conc clients until d passes or n requests are sent.
func (l *loader) load(ctx context.Context, rt route, conc int, d time.Duration, n int) *result {
	l.resetPeakRSS()
	cpu := l.cpuTime()
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var (
		mu   sync.Mutex
		res  = &result{status: map[int]int{}}
		sent = make(chan struct{}, n)
		wg   sync.WaitGroup
	)
	for range n {
		sent <- struct{}{}
	}
	close(sent)
	start := time.Now()
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newConn(l.addr)
			defer c.close()
			req := prepare(l.addr, rt)
			var lat []time.Duration
			status := map[int]int{}
			errs, busy := 0, 0
			for range sent {
				if ctx.Err() != nil {
					break
				}
				t0 := time.Now()
				code, err := c.do(ctx, req)
				if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
					break // cut off by the end of the run, not the server
				}
				lat = append(lat, time.Since(t0))
				switch {
				case err != nil || code >= 500 && code != http.StatusServiceUnavailable:
					errs++
				case code == http.StatusServiceUnavailable:
					busy++
				}
				status[code]++
			}
			mu.Lock()
			res.latencies = append(res.latencies, lat...)
			res.errors += errs
			res.busy += busy
			for k, v := range status {
				res.status[k] += v
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.requests = len(res.latencies)
	slices.Sort(res.latencies)
	res.peakRSS = l.peakRSS()
	res.serverCPU = l.cpuSince(cpu)
	return res
}

// do sends one request on a connection of its own and reads its whole
// answer.
func (l *loader) do(ctx context.Context, rt route) (int, error) {
	c := newConn(l.addr)
	defer c.close()
	return c.do(ctx, prepare(l.addr, rt))
}

// resetPeakRSS resets the server's peak resident memory (Linux).
func (l *loader) resetPeakRSS() {
	if l.pid > 0 {
		_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", l.pid), []byte("5"), 0)
	}
}

// peakRSS is the server's peak resident memory since the last reset, or
// -1 when it cannot be read.
func (l *loader) peakRSS() int64 {
	if l.pid <= 0 {
		return -1
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", l.pid))
	if err != nil {
		return -1
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return -1
}

// cpuTime is the server's CPU time so far (Linux: user and system time of
// all its threads, in clock ticks of 10 ms), or -1 when it cannot be read.
func (l *loader) cpuTime() time.Duration {
	if l.pid <= 0 {
		return -1
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", l.pid))
	if err != nil {
		return -1
	}
	// The fields after the command's name, which is in parentheses:
	// state is the third field of the line, utime the 14th, stime the 15th.
	_, rest, ok := bytes.Cut(data, []byte(") "))
	f := strings.Fields(string(rest))
	if !ok || len(f) < 13 {
		return -1
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	const userHZ = 100 // the unit of /proc's times on Linux
	return time.Duration(utime+stime) * time.Second / userHZ
}

// cpuSince is the server's CPU time since start (a cpuTime), or -1.
func (l *loader) cpuSince(start time.Duration) time.Duration {
	now := l.cpuTime()
	if start < 0 || now < 0 {
		return -1
	}
	return now - start
}

func (l *loader) header(title string) {
	fmt.Fprintf(l.out, "\n== %s\n%-14s %9s %9s %9s %9s %7s %7s %9s %9s  %s\n", title,
		"route", "requests", "req/s", "p50", "p99", "errors", "503", "peak RSS", "cpu/req", "statuses")
}

func (l *loader) row(name string, r *result) {
	rss := "?"
	if r.peakRSS >= 0 {
		rss = fmt.Sprintf("%.0f MB", float64(r.peakRSS)/(1<<20))
	}
	var codes []string
	for _, k := range slices.Sorted(maps.Keys(r.status)) {
		codes = append(codes, fmt.Sprintf("%d×%d", k, r.status[k]))
	}
	fmt.Fprintf(l.out, "%-14s %9d %9.0f %9s %9s %7d %7d %9s %9s  %s\n", name, r.requests,
		float64(r.requests)/r.elapsed.Seconds(), ms(r.percentile(0.5)), ms(r.percentile(0.99)),
		r.errors, r.busy, rss, r.cpuPerRequest(), strings.Join(codes, " "))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }

// typical loads each typical route in turn.
func (l *loader) typical(ctx context.Context, o options) error {
	l.header(fmt.Sprintf("typical routes: %d clients, %v or %d requests a route", o.concurrency, o.duration, o.maxRequests))
	var bad []string
	for _, rt := range typical {
		if !o.selected(rt.name) {
			continue
		}
		r := l.load(ctx, rt, o.concurrency, o.duration, o.maxRequests)
		l.row(rt.name, r)
		if r.errors > 0 || r.status[http.StatusOK] == 0 {
			bad = append(bad, fmt.Sprintf("%s: %d errors, %d answers 200", rt.name, r.errors, r.status[http.StatusOK]))
		}
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

// paced sends each typical route at o.rate requests a second for
// o.duration (see the package comment).
func (l *loader) paced(ctx context.Context, o options) error {
	fmt.Fprintf(l.out, "\n== fixed rate: %d requests a second a route, open loop, for %v after %v of warm-up; latency from each request's start\n%-22s %9s %9s %9s %9s %9s %7s %7s %7s %9s %9s\n",
		o.rate, o.duration, o.warmup, "route", "requests", "req/s", "p50", "p99", "lag p99", "errors", "503", "late", "peak RSS", "cpu/req")
	var bad []string
	for _, rt := range typical {
		if !o.selected(rt.name) {
			continue
		}
		// One request first, so that what the route loads once (the search
		// index) is not counted in its latency.
		if code, err := l.do(ctx, rt); err != nil || code != http.StatusOK {
			bad = append(bad, fmt.Sprintf("%s: the first request failed (%d, %v)", rt.name, code, err))
			continue
		}
		if o.warmup > 0 {
			r, lag, late := l.pace(ctx, rt, o.rate, o.warmup)
			l.rateRow(rt.name+" (warm-up)", r, lag, late)
			if r.errors > 0 {
				bad = append(bad, fmt.Sprintf("%s: %d errors while warming up", rt.name, r.errors))
			}
		}
		r, lag, late := l.pace(ctx, rt, o.rate, o.duration)
		achieved := l.rateRow(rt.name, r, lag, late)
		switch {
		case r.errors > 0:
			bad = append(bad, fmt.Sprintf("%s: %d errors", rt.name, r.errors))
		case !o.checkRate: // a shared machine: rates and latencies are reported, not checked
		case late > 0 || r.busy > 0:
			bad = append(bad, fmt.Sprintf("%s: %d answered 503, %d late", rt.name, r.busy, late))
		case achieved < 0.99*float64(o.rate):
			bad = append(bad, fmt.Sprintf("%s: %.0f requests a second of %d", rt.name, achieved, o.rate))
		case r.percentile(0.99) > o.p99:
			bad = append(bad, fmt.Sprintf("%s: p99 %v over %v", rt.name, r.percentile(0.99), o.p99))
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

// capacity finds, for each typical route, the highest rate the server
// holds: every request answered, none late or refused, the 99th
// percentile under o.p99. It doubles the rate from 250 a second until a
// step fails, then halves the step three times between the last rate
// held and the first missed; each step runs for a second after half a
// second of warm-up at its rate. It reports, and checks only for errors.
func (l *loader) capacity(ctx context.Context, o options) error {
	const (
		first = 250
		step  = time.Second
		warm  = 500 * time.Millisecond
	)
	fmt.Fprintf(l.out, "\n== capacity: the highest rate held with every request answered and p99 under %v (reported, not checked)\n%-14s %9s %9s %9s %9s %9s  %s\n",
		o.p99, "route", "held req/s", "p50", "p99", "cpu/req", "1 proc.", "first rate missed")
	var bad []string
	for _, rt := range typical {
		if !o.selected(rt.name) {
			continue
		}
		if code, err := l.do(ctx, rt); err != nil || code != http.StatusOK {
			bad = append(bad, fmt.Sprintf("%s: the first request failed (%d, %v)", rt.name, code, err))
			continue
		}
		var (
			held     *result
			heldRate int
			missed   string
			lowest   = maxRate + 1 // the lowest rate missed
			errs     int
		)
		try := func(rate int) bool {
			l.pace(ctx, rt, rate, warm)
			r, _, late := l.pace(ctx, rt, rate, step)
			errs += r.errors
			achieved := float64(r.requests) / r.elapsed.Seconds()
			ok := r.errors == 0 && r.busy == 0 && late == 0 && achieved >= 0.99*float64(rate) && r.percentile(0.99) <= o.p99
			if ok && rate > heldRate {
				held, heldRate = r, rate
			} else if !ok && missed == "" {
				missed = fmt.Sprintf("%d: p99 %s, %d late, %d refused", rate, ms(r.percentile(0.99)), late, r.busy)
			}
			if !ok {
				lowest = min(lowest, rate)
			}
			return ok
		}
		lo, hi := 0, 0
		for rate := first; rate <= maxRate && ctx.Err() == nil; rate *= 2 {
			if !try(rate) {
				hi = rate
				break
			}
			lo = rate
		}
		for range 3 {
			if hi == 0 || hi-lo <= lo/8 || ctx.Err() != nil {
				break
			}
			mid := (lo + hi) / 2
			if try(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errs > 0 {
			bad = append(bad, fmt.Sprintf("%s: %d errors", rt.name, errs))
		}
		if held == nil {
			fmt.Fprintf(l.out, "%-14s %9s %9s %9s %9s %9s  %s\n", rt.name, fmt.Sprintf("< %d", lowest), "", "", "", "", missed)
			continue
		}
		// What one processor could serve if it did nothing else.
		oneProc := "?"
		if held.serverCPU > 0 {
			oneProc = fmt.Sprintf("%.0f/s", float64(held.requests)/held.serverCPU.Seconds())
		}
		fmt.Fprintf(l.out, "%-14s %9d %9s %9s %9s %9s  %s\n", rt.name, heldRate, ms(held.percentile(0.5)), ms(held.percentile(0.99)),
			held.cpuPerRequest(), oneProc, missed)
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

// rateRow prints a row of the rate phase and returns the rate achieved.
func (l *loader) rateRow(name string, r *result, lag time.Duration, late int) float64 {
	rss := "?"
	if r.peakRSS >= 0 {
		rss = fmt.Sprintf("%.0f MB", float64(r.peakRSS)/(1<<20))
	}
	achieved := float64(r.requests) / r.elapsed.Seconds()
	fmt.Fprintf(l.out, "%-22s %9d %9.0f %9s %9s %9s %7d %7d %7d %9s %9s\n", name, r.requests, achieved,
		ms(r.percentile(0.5)), ms(r.percentile(0.99)), ms(lag), r.errors, r.busy, late, rss, r.cpuPerRequest())
	return achieved
}

// pace sends rt at rate requests a second for d, open loop, and returns
// what it measured, the 99th percentile of the load's own lag behind its
// schedule, and how many requests were late: due while maxInFlight
// requests were still waiting for their answers. Each request due is
// handed to an idle worker, or to a new one while there are fewer than
// maxInFlight; each worker sends its requests on a connection of its own.
func (l *loader) pace(ctx context.Context, rt route, rate int, d time.Duration) (*result, time.Duration, int) {
	l.resetPeakRSS()
	cpu := l.cpuTime()
	n := max(1, int(float64(rate)*d.Seconds()))
	interval := time.Second / time.Duration(rate)
	latencies := make([]time.Duration, n)
	lags := make([]time.Duration, n)
	codes := make([]int, n)
	req := prepare(l.addr, rt)
	due := make(chan int) // the requests due, by number, to an idle worker
	var wg sync.WaitGroup
	workers, late := 0, 0
	start := time.Now()
	work := func(first int) {
		defer wg.Done()
		c := newConn(l.addr)
		defer c.close()
		for i, ok := first, true; ok; i, ok = <-due {
			t0 := time.Now()
			lags[i] = t0.Sub(start.Add(time.Duration(i) * interval))
			code, err := c.do(ctx, req)
			latencies[i] = time.Since(t0)
			if err != nil {
				code = 0
			}
			codes[i] = code
		}
	}
	i := 0
	for i < n && ctx.Err() == nil {
		now := time.Now()
		// Start every request that is due, then sleep until the next one.
		for ; i < n && start.Add(time.Duration(i)*interval).Compare(now) <= 0; i++ {
			select {
			case due <- i:
				continue
			default:
			}
			if workers == maxInFlight {
				late++
				codes[i] = -1
				continue
			}
			workers++
			wg.Add(1)
			go work(i)
		}
		if i < n {
			time.Sleep(time.Until(start.Add(time.Duration(i) * interval)))
		}
	}
	close(due)
	wg.Wait()
	res := &result{elapsed: time.Since(start), status: map[int]int{}}
	var sent []time.Duration
	for i, code := range codes[:i] { // requests not sent when ctx ended are not counted
		switch {
		case code < 0:
			continue // late: never sent
		case code == 0 || code >= 500 && code != http.StatusServiceUnavailable:
			res.errors++
		case code == http.StatusServiceUnavailable:
			res.busy++
		}
		res.status[code]++
		res.latencies = append(res.latencies, latencies[i])
		sent = append(sent, lags[i])
	}
	res.requests = len(res.latencies)
	slices.Sort(res.latencies)
	res.peakRSS = l.peakRSS()
	res.serverCPU = l.cpuSince(cpu)
	slices.Sort(sent)
	lag := time.Duration(0)
	if len(sent) > 0 {
		lag = sent[min(len(sent)-1, len(sent)*99/100)]
	}
	return res, lag, late
}

// worst loads the heaviest accepted request of each kind at concurrency
// 50 while one client polls /healthz.
func (l *loader) worst(ctx context.Context, o options) error {
	l.header(fmt.Sprintf("worst case: the heaviest accepted request of each kind, %d clients, %v; /healthz polled beside it", worstConcurrency, o.duration))
	var bad []string
	for _, rt := range worst {
		if !o.selected(rt.name) {
			continue
		}
		if strings.Contains(rt.body, "%d") {
			n, err := l.largestAccepted(ctx, rt, 1, 200)
			if err != nil {
				bad = append(bad, fmt.Sprintf("%s: %v", rt.name, err))
				continue
			}
			rt.body = fmt.Sprintf(rt.body, n)
			fmt.Fprintf(l.out, "%s: %d, the most the server accepts\n", rt.name, n)
		}
		probeCtx, stopProbe := context.WithCancel(ctx)
		probe := make(chan *result, 1)
		go func() {
			probe <- l.load(probeCtx, route{"healthz", "GET", "/healthz", ""}, 1, o.duration+time.Second, o.maxRequests)
		}()
		r := l.load(ctx, rt, worstConcurrency, o.duration, o.maxRequests)
		stopProbe()
		h := <-probe
		h.serverCPU = -1 // the server's time went mostly to the route's requests
		l.row(rt.name, r)
		l.row("  /healthz", h)
		switch {
		case r.errors > 0:
			bad = append(bad, fmt.Sprintf("%s: %d errors", rt.name, r.errors))
		case r.status[http.StatusOK] == 0:
			bad = append(bad, fmt.Sprintf("%s: no request accepted", rt.name))
		case r.peakRSS > maxPeakRSS:
			bad = append(bad, fmt.Sprintf("%s: peak RSS %d MB over %d MB", rt.name, r.peakRSS>>20, maxPeakRSS>>20))
		case h.percentile(0.99) > maxHealthzP99 && !o.short:
			bad = append(bad, fmt.Sprintf("%s: /healthz p99 %v over %v", rt.name, h.percentile(0.99), maxHealthzP99))
		}
	}
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

// largestAccepted finds the largest n from lo to hi for which the server
// answers rt, its body's %d set to n, with 200.
func (l *loader) largestAccepted(ctx context.Context, rt route, lo, hi int) (int, error) {
	template := rt.body
	ok := func(n int) (bool, error) {
		rt.body = fmt.Sprintf(template, n)
		code, err := l.do(ctx, rt)
		return code == http.StatusOK, err
	}
	if accepted, err := ok(lo); err != nil || !accepted {
		return 0, fmt.Errorf("not even %d is accepted (%v)", lo, err)
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		accepted, err := ok(mid)
		if err != nil {
			return 0, err
		}
		if accepted {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo, nil
}

// hostileCase is one malformed or abusive request and the statuses that
// are a right answer to it.
type hostileCase struct {
	name string
	send func(addr string) (int, error)
	want []int
}

// hostile sends each hostile request and checks that the server answers
// it with a 4xx and stays up.
func (l *loader) hostile(ctx context.Context) error {
	addr := l.addr
	fmt.Fprintf(l.out, "\n== hostile input\n%-34s %7s %9s  %s\n", "case", "status", "time", "verdict")
	var bad []string
	for _, c := range hostileCases() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		t0 := time.Now()
		code, err := c.send(addr)
		verdict := "ok"
		if err != nil || !slices.Contains(c.want, code) {
			verdict = fmt.Sprintf("FAIL: want %v", c.want)
			if err != nil {
				verdict += ": " + err.Error()
			}
			bad = append(bad, c.name)
		}
		fmt.Fprintf(l.out, "%-34s %7d %9s  %s\n", c.name, code, ms(time.Since(t0)), verdict)
	}
	if code, err := l.do(ctx, route{"healthz", "GET", "/healthz", ""}); err != nil || code != http.StatusOK {
		bad = append(bad, fmt.Sprintf("the server does not answer /healthz afterwards (%d, %v)", code, err))
	}
	if len(bad) > 0 {
		return errors.New("failed: " + strings.Join(bad, ", "))
	}
	return nil
}

// raw sends a raw HTTP/1.1 request, written in parts with pause between
// them, and returns the status of the answer.
func raw(addr string, pause time.Duration, parts ...string) (int, error) {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(60 * time.Second))
	for i, p := range parts {
		if i > 0 {
			time.Sleep(pause)
		}
		if _, err := io.WriteString(conn, p); err != nil {
			break // the server may answer and close before the rest
		}
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

func post(path, contentType, body string) func(string) (int, error) {
	return func(addr string) (int, error) {
		return raw(addr, 0, fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
			path, addr, contentType, len(body), body))
	}
}

func get(path string) func(string) (int, error) {
	return func(addr string) (int, error) {
		return raw(addr, 0, fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, addr))
	}
}

func hostileCases() []hostileCase {
	action := "/v1/systems/quality-d6/attack?mode=odds"
	deep := strings.Repeat(`{"a":`, 10_000) + "1" + strings.Repeat("}", 10_000)
	return []hostileCase{
		{"body over 64 KiB", post(action, "application/json", `{"attacks": 1, "x": "`+strings.Repeat("a", 100<<10)+`"}`), []int{413}},
		{"deeply nested JSON", post(action, "application/json", deep), []int{400, 413, 422}},
		{"null body", post(action, "application/json", "null"), []int{422}},
		{"not JSON", post(action, "application/json", "\xff\xfe{{"), []int{400}},
		{"wrong media type", post(action, "application/xml", "<a/>"), []int{415}},
		{"unknown field", post(action, "application/json", `{"attacks":1,"quality":4,"defense":4,"models":1,"evil":1}`), []int{422}},
		{"attacks out of range", post(action, "application/json", `{"attacks":1000000,"quality":4,"defense":4,"models":1}`), []int{422}},
		{"expression too long", get("/v1/odds?expr=" + strings.Repeat("1d6%2B", 100)), []int{422, 400}},
		{"expression: many dice", get("/v1/odds?expr=100000d100000"), []int{422}},
		{"expression: deep parentheses", get("/v1/roll?expr=" + strings.Repeat("(", 150) + "1" + strings.Repeat(")", 150)), []int{200, 400, 422}},
		{"query too long", get("/v1/search?q=" + strings.Repeat("a", 5000)), []int{400}},
		{"invalid UTF-8 query", get("/v1/search?q=%ff%fe%fd"), []int{400}},
		{"dot-dot path", get("/v1/../../../../etc/passwd"), []int{404}},
		{"static dot-dot", get("/static/..%2f..%2fgo.mod"), []int{400, 404}},
		{"header over 32 KiB", func(addr string) (int, error) {
			return raw(addr, 0, fmt.Sprintf("GET /healthz HTTP/1.1\r\nHost: %s\r\nX-Big: %s\r\nConnection: close\r\n\r\n", addr, strings.Repeat("a", 64<<10)))
		}, []int{431}},
		{"slow body (slowloris, ~16 s)", func(addr string) (int, error) {
			return raw(addr, 16*time.Second, fmt.Sprintf("POST /v1/roll HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"expr\":", addr), `"2d6"}`)
		}, []int{408}},
	}
}
