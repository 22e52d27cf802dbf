package api

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestSecurityHeaders: every answer, routed or not, says nosniff.
func TestSecurityHeaders(t *testing.T) {
	a := newTestAPI(t, Config{})
	for _, path := range []string{"/healthz", "/v1/roll?expr=2d6", "/v1/odds?expr=2d", "/nowhere", "/openapi.json", "/"} {
		if got := a.get(path).Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options = %q, want nosniff", path, got)
		}
	}
}

// TestDotDotPaths: a path that cleans to a route is redirected there; one
// that cleans to no route is a 404 problem, not a redirect to nowhere.
func TestDotDotPaths(t *testing.T) {
	a := newTestAPI(t, Config{})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for path, want := range map[string]string{
		"/v1/../nothing":         "",
		"/v1/roll/../../etc/x":   "",
		"/static/../../../x":     "",
		"/v1/../healthz":         "/healthz",
		"/v1/systems/../systems": "/v1/systems",
	} {
		res, err := client.Get(a.url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		loc := res.Header.Get("Location")
		switch {
		case want == "" && (res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Type") != "application/problem+json"):
			t.Errorf("GET %s: %d %q (Location %q), want a 404 problem", path, res.StatusCode, body, loc)
		case want != "" && (res.StatusCode/100 != 3 || loc != want):
			t.Errorf("GET %s: %d, Location %q; want a redirect to %s", path, res.StatusCode, loc, want)
		}
	}
}

// TestBodyMustBeObject: null, arrays and other JSON values are refused,
// not read as {}.
func TestBodyMustBeObject(t *testing.T) {
	a := newTestAPI(t, Config{})
	for _, body := range []string{"null", " null\n", "[]", `"x"`, "3", "true"} {
		for _, path := range []string{"/v1/systems/quality-d6/test", "/v1/roll", "/v1/odds", "/v1/systems/quality-d6/cost"} {
			p := a.postJSON(path, body).Problem(t, http.StatusUnprocessableEntity)
			if !strings.Contains(p.Detail, "must be a JSON object") {
				t.Errorf("POST %s %s: detail %q", path, body, p.Detail)
			}
		}
	}
}

// TestEmptyExpr: the OpenAPI document says an expression has at least one
// character, and the API refuses an empty one.
func TestEmptyExpr(t *testing.T) {
	doc := loadOpenAPI(t)
	if s := doc.Components.Schemas["RollRequest"].Value.Properties["expr"].Value; s.MinLength != 1 {
		t.Errorf("RollRequest.expr minLength = %d, want 1", s.MinLength)
	}
	if s := doc.Components.Parameters["Expr"].Value.Schema.Value; s.MinLength != 1 {
		t.Errorf("the expr parameter's minLength = %d, want 1", s.MinLength)
	}
	a := newTestAPI(t, Config{})
	a.postJSON("/v1/roll", `{"expr": ""}`).Problem(t, http.StatusBadRequest)
	a.postJSON("/v1/odds", `{"expr": ""}`).Problem(t, http.StatusBadRequest)
}

// TestSlowBody: a body that stops arriving is a 408 that names no socket
// address.
func TestSlowBody(t *testing.T) {
	srv := httptest.NewUnstartedServer(NewHandler(Config{}))
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/roll HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"expr\":")
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusRequestTimeout || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("status %d %s, want a 408 problem", res.StatusCode, body)
	}
	if strings.Contains(string(body), "127.0.0.1") || strings.Contains(string(body), "tcp") {
		t.Errorf("the answer shows the connection: %s", body)
	}
}

// TestAdmission: with every slot taken and the queue full, expensive
// routes answer 503 with Retry-After at once while cheap routes answer; a
// waiting request whose client leaves frees its place; a waiting request
// cancelled by shutdown gets a 503 saying so.
func TestAdmission(t *testing.T) {
	work := newPool(1, 1, 10*time.Second)
	base, shutdown := context.WithCancelCause(context.Background())
	srv := httptest.NewUnstartedServer(newHandler(Config{}, work))
	srv.Config.BaseContext = func(net.Listener) context.Context { return base }
	srv.Start()
	defer srv.Close()

	release, err := work.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// One request waits in the queue; its client gives up.
	ctx, leave := context.WithCancel(context.Background())
	waited := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/v1/odds?expr=3d6", nil)
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		waited <- err
	}()
	waitFor(t, func() bool { return work.Waiting() == 1 })

	start := time.Now()
	res, err := http.Post(srv.URL+"/v1/systems/quality-d6/test?mode=odds", "application/json", strings.NewReader(`{"target": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "1" || time.Since(start) > time.Second {
		t.Errorf("with the pool and queue full: %d, Retry-After %q after %v; want 503, 1, at once", res.StatusCode, res.Header.Get("Retry-After"), time.Since(start))
	}
	if !strings.Contains(res.Header.Get("Access-Control-Expose-Headers"), "Retry-After") {
		t.Errorf("browser apps cannot read Retry-After: Access-Control-Expose-Headers %q", res.Header.Get("Access-Control-Expose-Headers"))
	}
	if res, err := http.Get(srv.URL + "/healthz"); err != nil || res.StatusCode != http.StatusOK {
		t.Errorf("/healthz with the pool full: %v %v", res, err)
	}

	leave()
	if err := <-waited; err == nil {
		t.Error("the client that left got an answer")
	}
	waitFor(t, func() bool { return work.Waiting() == 0 })

	// Shutdown: a waiting request is answered 503, shutting down.
	got := make(chan *http.Response, 1)
	go func() {
		res, err := http.Get(srv.URL + "/v1/roll?expr=2d6")
		if err != nil {
			t.Error(err)
		}
		got <- res
	}()
	waitFor(t, func() bool { return work.Waiting() == 1 })
	shutdown(ErrShuttingDown)
	res = <-got
	if res == nil {
		t.FailNow()
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "shutting down") {
		t.Errorf("cancelled by shutdown: %d %s", res.StatusCode, body)
	}
	release()
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("timed out waiting")
}

// TestSlowBodyHoldsNoSlot: a client sending its body slowly does not hold
// a slot of expensive work while it does.
func TestSlowBodyHoldsNoSlot(t *testing.T) {
	work := newPool(1, 1, 100*time.Millisecond)
	srv := httptest.NewServer(newHandler(Config{}, work))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/roll HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"expr\":")
	time.Sleep(50 * time.Millisecond)
	for range 3 {
		res, err := http.Get(srv.URL + "/v1/odds?expr=2d6")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("with a slow body arriving: %d, want 200", res.StatusCode)
		}
	}
}
