// Package lambdatest runs Lambda function binaries the way AWS runs them:
// it builds the functions' bootstraps, starts one as a process with
// AWS_LAMBDA_RUNTIME_API pointing at a loopback server that speaks the
// Lambda Runtime API, and hands it events. Tests use Build and Start;
// programs such as the cold-start measurement use BuildBinary and Launch.
package lambdatest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

const apiPrefix = "/2018-06-01/runtime"

// BuildAll compiles every main package under dir (a folder relative to
// the module root, such as "functions") in one go build, into bootstrap
// executables for this machine with the tag the deployed build uses
// (lambda.norpc). It writes them to outDir, each named after its package's
// folder ("functions/dice" gives outDir/dice). Tests call it once per run,
// from TestMain, and share the executables.
//
// Like the deployed build it links without the symbol table and DWARF
// (-ldflags="-s -w"), which also takes a third less CPU than a full link
// (8 -> 5 core-seconds for the four functions). Its other flags are go
// test's own, so the packages the test binaries compiled come from the
// build cache instead of being compiled again (the deployed build, static
// and -trimpath for linux/arm64, is package deploy's test).
func BuildAll(moduleRoot, dir, outDir string) error {
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-ldflags=-s -w", "-o", outDir+string(filepath.Separator), "./"+dir+"/...")
	cmd.Dir = moduleRoot
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %w\n%s", dir, err, b)
	}
	return nil
}

// BuildBinary compiles the main package in dir (relative to moduleRoot, or
// "." for moduleRoot itself) into the executable out, as Build does.
func BuildBinary(moduleRoot, dir, out string) error {
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-o", out, "./"+dir)
	cmd.Dir = moduleRoot
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %w\n%s", dir, err, b)
	}
	return nil
}

// Invocation is the outcome of one event handed to a function.
type Invocation struct {
	// Response is the body the function posted to .../response.
	Response []byte
	// Error is the body the function posted to .../error, if it failed.
	Error []byte
}

// Runtime is a loopback Lambda Runtime API with one function process
// attached.
type Runtime struct {
	srv     *http.Server
	addr    string
	pending chan pendingInvocation
	mu      sync.Mutex
	waiting map[string]chan Invocation
	initErr chan []byte
	nextID  int
	cmd     *exec.Cmd
	stderr  bytes.Buffer
}

type pendingInvocation struct {
	id    string
	event []byte
}

// Start serves the Runtime API on loopback and starts the bootstrap binary
// against it with the given extra environment ("KEY=value"). The process is
// killed when the test ends.
func Start(t testing.TB, bootstrap string, env ...string) *Runtime {
	t.Helper()
	rt, err := Launch(bootstrap, env...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	return rt
}

// Launch serves the Runtime API on loopback and starts the bootstrap binary
// against it with the given extra environment ("KEY=value"). The caller
// must call Stop.
func Launch(bootstrap string, env ...string) (*Runtime, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	rt := &Runtime{
		addr:    ln.Addr().String(),
		pending: make(chan pendingInvocation),
		waiting: map[string]chan Invocation{},
		initErr: make(chan []byte, 1),
	}
	rt.srv = &http.Server{Handler: rt.handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = rt.srv.Serve(ln) }()

	cmd := exec.Command(bootstrap)
	cmd.Env = append([]string{
		"AWS_LAMBDA_RUNTIME_API=" + rt.addr,
		"AWS_LAMBDA_FUNCTION_NAME=test",
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256",
		"AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
		"AWS_REGION=eu-central-1",
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + os.Getenv("HOME"),
	}, env...)
	cmd.Stdout = io.Discard
	cmd.Stderr = &rt.stderr
	if err := cmd.Start(); err != nil {
		_ = rt.srv.Close()
		return nil, fmt.Errorf("starting %s: %w", bootstrap, err)
	}
	rt.cmd = cmd
	return rt, nil
}

// CPUTime returns the processor time the function process has used so far,
// in all its threads: read from /proc/PID/task/*/schedstat (to the
// nanosecond) while it runs, from its exit status (user and system time)
// once Stop has ended it.
func (rt *Runtime) CPUTime() (time.Duration, error) {
	if st := rt.cmd.ProcessState; st != nil {
		return st.UserTime() + st.SystemTime(), nil
	}
	stats, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", rt.cmd.Process.Pid))
	if err != nil || len(stats) == 0 {
		return 0, fmt.Errorf("reading the processor time of the function: no schedstat (%v)", err)
	}
	var total time.Duration
	for _, name := range stats {
		b, err := os.ReadFile(name)
		if err != nil {
			return 0, fmt.Errorf("reading the processor time of the function: %w", err)
		}
		// The first field is the time the thread has run, in nanoseconds.
		f := bytes.Fields(b)
		if len(f) == 0 {
			return 0, fmt.Errorf("reading the processor time of the function: %s is empty", name)
		}
		ns, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("reading the processor time of the function: %s: %w", name, err)
		}
		total += time.Duration(ns)
	}
	return total, nil
}

// Stop kills the function process and shuts the Runtime API down.
func (rt *Runtime) Stop() {
	_ = rt.cmd.Process.Kill()
	_ = rt.cmd.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = rt.srv.Shutdown(ctx)
}

// Stderr returns what the function process wrote to standard error so far.
func (rt *Runtime) Stderr() string { return rt.stderr.String() }

// Invoke hands event to the function and waits for its answer, the
// function's start-up error, or the end of ctx.
func (rt *Runtime) Invoke(ctx context.Context, event []byte) (Invocation, error) {
	rt.mu.Lock()
	rt.nextID++
	id := "req-" + strconv.Itoa(rt.nextID)
	done := make(chan Invocation, 1)
	rt.waiting[id] = done
	rt.mu.Unlock()

	select {
	case rt.pending <- pendingInvocation{id: id, event: event}:
	case b := <-rt.initErr:
		return Invocation{}, fmt.Errorf("function failed to start: %s (stderr: %s)", b, rt.Stderr())
	case <-ctx.Done():
		return Invocation{}, fmt.Errorf("function never asked for the event: %w (stderr: %s)", ctx.Err(), rt.Stderr())
	}
	select {
	case inv := <-done:
		return inv, nil
	case <-ctx.Done():
		return Invocation{}, fmt.Errorf("function did not answer: %w (stderr: %s)", ctx.Err(), rt.Stderr())
	}
}

// InvokeJSON marshals event, invokes the function, and unmarshals its
// response into out. A function error fails the call.
func (rt *Runtime) InvokeJSON(ctx context.Context, event, out any) error {
	b, err := json.Marshal(event)
	if err != nil {
		return err
	}
	inv, err := rt.Invoke(ctx, b)
	if err != nil {
		return err
	}
	if inv.Error != nil {
		return fmt.Errorf("function returned an error: %s", inv.Error)
	}
	return json.Unmarshal(inv.Response, out)
}

// handler implements the Runtime API endpoints a function calls.
func (rt *Runtime) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+apiPrefix+"/invocation/next", func(w http.ResponseWriter, r *http.Request) {
		select {
		case inv := <-rt.pending:
			h := w.Header()
			h.Set("Lambda-Runtime-Aws-Request-Id", inv.id)
			h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(30*time.Second).UnixMilli(), 10))
			h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:eu-central-1:000000000000:function:test")
			h.Set("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000;Sampled=0")
			h.Set("Content-Type", "application/json")
			_, _ = w.Write(inv.event)
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("POST "+apiPrefix+"/invocation/{id}/response", func(w http.ResponseWriter, r *http.Request) {
		rt.finish(w, r, false)
	})
	mux.HandleFunc("POST "+apiPrefix+"/invocation/{id}/error", func(w http.ResponseWriter, r *http.Request) {
		rt.finish(w, r, true)
	})
	mux.HandleFunc("POST "+apiPrefix+"/init/error", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		select {
		case rt.initErr <- b:
		default:
		}
		w.WriteHeader(http.StatusAccepted)
	})
	return mux
}

func (rt *Runtime) finish(w http.ResponseWriter, r *http.Request, failed bool) {
	id := r.PathValue("id")
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rt.mu.Lock()
	done, ok := rt.waiting[id]
	delete(rt.waiting, id)
	rt.mu.Unlock()
	if !ok {
		http.Error(w, "unknown request id "+id, http.StatusBadRequest)
		return
	}
	inv := Invocation{Response: b}
	if failed {
		inv = Invocation{Error: b}
	}
	done <- inv
	w.WriteHeader(http.StatusAccepted)
}
