// Command servemem measures the memory of "kostka serve": it builds the
// kostka binary, starts the server on a loopback port, reads the process's
// resident set (VmRSS), its peak (VmHWM) and its anonymous and
// file-backed parts from /proc once the server is idle, then again after
// many mixed requests (dice, odds, search, suggestions, rules, the page
// and its files) sent on loopback by a few clients at once, and prints
// both. Linux only.
//
//	go run ./deploy/servemem [-requests 20000] [-clients 4] [-kostka BINARY]
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	requests := flag.Int("requests", 20000, "requests to send after the idle reading")
	clients := flag.Int("clients", 4, "clients sending them at once")
	idle := flag.Duration("idle", 2*time.Second, "how long the server idles before the first reading")
	kostka := flag.String("kostka", "", "measure this kostka binary instead of building one")
	flag.Parse()
	if err := run(*kostka, *requests, *clients, *idle, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "servemem:", err)
		os.Exit(1)
	}
}

func run(bin string, requests, clients int, idle time.Duration, out io.Writer) error {
	if requests < 0 || clients < 1 {
		return errors.New("-requests must be at least 0 and -clients at least 1")
	}
	tmp, err := os.MkdirTemp("", "servemem")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if bin == "" {
		bin = filepath.Join(tmp, "kostka")
		// Built without cgo, as on a machine with only Go installed (no C
		// compiler) and as deployed: a static binary, with no C library
		// mapped into the server.
		build := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/kostka")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if build.Dir, err = moduleRoot(); err != nil {
			return err
		}
		if b, err := build.CombinedOutput(); err != nil {
			return fmt.Errorf("building kostka: %w\n%s", err, b)
		}
	}

	addr, err := freeAddr()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	serve := exec.CommandContext(ctx, bin, "serve", "-addr", addr)
	serve.Stdout, serve.Stderr = io.Discard, io.Discard
	if err := serve.Start(); err != nil {
		return err
	}
	defer func() {
		_ = serve.Process.Signal(os.Interrupt)
		_ = serve.Wait()
	}()
	base := "http://" + addr
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	if err := waitHealthy(ctx, client, base); err != nil {
		return err
	}
	time.Sleep(idle)
	idleUse, err := memory(serve.Process.Pid)
	if err != nil {
		return err
	}

	start := time.Now()
	if err := load(ctx, client, base, requests, clients); err != nil {
		return err
	}
	took := time.Since(start)
	use, err := memory(serve.Process.Pid)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "| kostka serve | VmRSS | VmHWM | RssAnon | RssFile |")
	fmt.Fprintln(out, "|---|---|---|---|---|")
	fmt.Fprintln(out, idleUse.row(fmt.Sprintf("idle, %v after the first answer", idle)))
	fmt.Fprintln(out, use.row(fmt.Sprintf("after %d mixed requests (%d clients, %.1f s)", requests, clients, took.Seconds())))
	return nil
}

// request returns the path of one request of the mix, chosen with rnd.
func request(rnd *rand.Rand, queries []string) string {
	q := func(s string) string { return url.QueryEscape(s) }
	switch rnd.IntN(10) {
	case 0, 1, 2:
		return "/v1/search?q=" + q(queries[rnd.IntN(len(queries))])
	case 3:
		// A prefix of whole letters, as a player types it.
		query := []rune(queries[rnd.IntN(len(queries))])
		return "/v1/suggest?q=" + q(string(query[:min(len(query), 1+rnd.IntN(6))]))
	case 4:
		return "/v1/roll?expr=" + q(fmt.Sprintf("%dd%d+%d", 1+rnd.IntN(10), []int{4, 6, 8, 10, 12, 20}[rnd.IntN(6)], rnd.IntN(5)))
	case 5:
		return "/v1/odds?expr=" + q(fmt.Sprintf("%dd6", 1+rnd.IntN(8)))
	case 6:
		return "/v1/rules/" + []string{"quality-d6.oslona", "fantasy-k6.panika", "pool-k6.amunicja", "wzr-d20.do-cerneho", "nope"}[rnd.IntN(5)]
	case 7:
		return "/v1/rules?system=" + []string{"quality-d6", "pool-k6", "wzr-d20", "fantasy-k6"}[rnd.IntN(4)]
	case 8:
		return []string{"/", "/static/app.js", "/static/rules.js", "/static/app.css", "/static/i18n.js"}[rnd.IntN(5)]
	default:
		return []string{"/healthz", "/v1/systems", "/v1/systems/quality-d6", "/openapi.json"}[rnd.IntN(4)]
	}
}

// load sends n requests from the mix with the given number of clients. Any
// answer but a 200 or the 404 of an unknown rule fails it.
func load(ctx context.Context, client *http.Client, base string, n, clients int) error {
	queries, err := searchQueries()
	if err != nil {
		return err
	}
	var next atomic.Int64
	errs := make(chan error, clients)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(c), 21))
			for next.Add(1) <= int64(n) {
				p := request(rnd, queries)
				req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+p, nil)
				if err != nil {
					errs <- err
					return
				}
				req.Header.Set("Accept-Encoding", "gzip")
				res, err := client.Do(req)
				if err != nil {
					errs <- err
					return
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK && !(res.StatusCode == http.StatusNotFound && strings.HasSuffix(p, "/nope")) {
					errs <- fmt.Errorf("GET %s: %s", p, res.Status)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// searchQueries returns the queries of the search package's test set.
func searchQueries() ([]string, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(root, "search", "testdata", "queries.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, _, _ := strings.Cut(line, "\t")
		qs = append(qs, q)
	}
	if len(qs) == 0 {
		return nil, errors.New("no queries in search/testdata/queries.tsv")
	}
	return qs, sc.Err()
}

// memory reads VmRSS and VmHWM, in KiB, from /proc/PID/status.
func memory(pid int) (memoryUse, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return memoryUse{}, err
	}
	var m memoryUse
	for line := range strings.Lines(string(b)) {
		key, value, _ := strings.Cut(line, ":")
		f := strings.Fields(value)
		if len(f) == 0 {
			continue
		}
		var field *int
		switch key {
		case "VmRSS":
			field = &m.rss
		case "VmHWM":
			field = &m.hwm
		case "RssAnon":
			field = &m.anon
		case "RssFile":
			field = &m.file
		default:
			continue
		}
		if *field, err = strconv.Atoi(f[0]); err != nil {
			return memoryUse{}, err
		}
	}
	if m.rss == 0 || m.hwm == 0 {
		return memoryUse{}, errors.New("no VmRSS or VmHWM in /proc/PID/status")
	}
	return m, nil
}

// memoryUse is a process's memory, in KiB: its resident set, the peak of
// it, and the parts of it that are anonymous (heap, stacks) and mapped
// from files (the binary's pages it has touched).
type memoryUse struct{ rss, hwm, anon, file int }

func (m memoryUse) row(what string) string {
	return fmt.Sprintf("| %s | %s | %s | %s | %s |", what, mib(m.rss), mib(m.hwm), mib(m.anon), mib(m.file))
}

func mib(kib int) string { return fmt.Sprintf("%.1f MiB", float64(kib)/1024) }

// waitHealthy waits for the server's first 200 on /healthz.
func waitHealthy(ctx context.Context, client *http.Client, base string) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/healthz", nil)
		if err != nil {
			return err
		}
		if res, err := client.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return errors.New("the server did not answer /healthz within 30 s")
}

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
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
