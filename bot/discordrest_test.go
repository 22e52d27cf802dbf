package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kostka"
	"kostka/systems/catalog"
)

// logBuffer collects a logger's JSON lines, safely from any goroutine.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// lines returns the logged lines whose message is msg.
func (l *logBuffer) lines(t *testing.T, msg string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if m["msg"] == msg {
			out = append(out, m)
		}
	}
	return out
}

func newLogger() (*slog.Logger, *logBuffer) {
	buf := &logBuffer{}
	return slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug})), buf
}

// answerer is one answer of a fake Discord: a status, with a Retry-After
// header and a 429's JSON body when retryAfter is set.
type answerer struct {
	status     int
	retryAfter string
}

// scriptedDiscord answers the calls in turn with script (the last one
// repeating) and records when each arrived and its User-Agent.
func scriptedDiscord(t *testing.T, script ...answerer) (*httptest.Server, *[]time.Time, *atomic.Value) {
	var (
		mu    sync.Mutex
		times []time.Time
		ua    atomic.Value
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		ua.Store(r.Header.Get("User-Agent"))
		mu.Lock()
		times = append(times, time.Now())
		a := script[min(len(times), len(script))-1]
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if a.retryAfter != "" {
			w.Header().Set("Retry-After", a.retryAfter)
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset-After", a.retryAfter)
			w.Header().Set("X-RateLimit-Bucket", "b1")
		}
		w.WriteHeader(a.status)
		switch {
		case a.status == http.StatusTooManyRequests:
			io.WriteString(w, `{"message":"You are being rate limited.","retry_after":`+a.retryAfter+`,"global":false}`)
		case a.status >= 300:
			io.WriteString(w, `{"message":"no","code":0}`)
		case a.status == http.StatusOK:
			io.WriteString(w, `{}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &times, &ua
}

// TestDiscordRetries: a call to Discord's REST API waits out a 429's
// Retry-After and retries a 5xx after a backoff, up to discordAttempts
// attempts, each retry logged; a 4xx fails at once, and a retry that would
// pass the deadline is not tried. Every call carries a "DiscordBot (URL,
// version)" User-Agent.
func TestDiscordRetries(t *testing.T) {
	tests := []struct {
		name     string
		script   []answerer
		deadline time.Duration // 0: 10 s
		calls    int
		minTook  time.Duration
		wantErr  string // "" for success
	}{
		{"ok", []answerer{{204, ""}}, 0, 1, 0, ""},
		{"429 then ok", []answerer{{429, "0.2"}, {204, ""}}, 0, 2, 200 * time.Millisecond, ""},
		{"500 then 503 then ok", []answerer{{500, ""}, {503, ""}, {200, ""}}, 0, 3, 0, ""},
		{"502 then ok", []answerer{{502, ""}, {204, ""}}, 0, 2, 0, ""},
		{"always 500", []answerer{{500, ""}}, 0, discordAttempts, 0, "4 attempts"},
		{"always 429", []answerer{{429, "0.05"}}, 0, discordAttempts, 3 * 50 * time.Millisecond, "rate limited (429)"},
		{"404 at once", []answerer{{404, ""}}, 0, 1, 0, "404"},
		{"429 past the deadline", []answerer{{429, "30"}}, time.Second, 1, 0, "would pass the deadline"},
	}
	uaForm := regexp.MustCompile(`^DiscordBot \(https?://[^ ,]+, v?[0-9][0-9.]*\)$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, times, ua := scriptedDiscord(t, tt.script...)
			logger, logs := newLogger()
			c := &restClient{base: srv.URL, http: &http.Client{Timeout: 5 * time.Second}, logger: logger}
			ctx, cancel := context.WithTimeout(context.Background(), cmpOr(tt.deadline, 10*time.Second))
			defer cancel()
			start := time.Now()
			err := c.do(ctx, http.MethodPatch, "/webhooks/app/secret-token/messages/@original", "application/json", []byte(`{"content":"4"}`))
			took := time.Since(start)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("err = %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want one with %q", err, tt.wantErr)
			}
			if err != nil && strings.Contains(err.Error(), "secret-token") {
				t.Errorf("the error shows the interaction's token: %v", err)
			}
			if len(*times) != tt.calls {
				t.Errorf("%d calls, want %d", len(*times), tt.calls)
			}
			if took < tt.minTook {
				t.Errorf("took %v, want at least %v (the Retry-After)", took, tt.minTook)
			}
			if got, _ := ua.Load().(string); !uaForm.MatchString(got) {
				t.Errorf("User-Agent %q, want DiscordBot (URL, version)", got)
			}
			retries := logs.lines(t, "retrying a call to Discord")
			if want := tt.calls - 1; len(retries) != want {
				t.Errorf("%d retries logged, want %d:\n%s", len(retries), want, logs)
			}
			for _, r := range retries {
				if r["level"] != "WARN" || r["route"] != "/webhooks/app/…/messages/@original" || r["status"] == nil {
					t.Errorf("retry logged as %v", r)
				}
			}
			if strings.Contains(logs.String(), "secret-token") {
				t.Errorf("the log shows the interaction's token:\n%s", logs)
			}
		})
	}
}

func cmpOr(d, fallback time.Duration) time.Duration {
	if d != 0 {
		return d
	}
	return fallback
}

// TestDeferredAnswerFails: a deferred answer whose edit Discord refuses
// with 500 every time is retried and then logged as failed with the
// interaction's id; one refused with a 429 first is sent after its
// Retry-After.
func TestDeferredAnswerFails(t *testing.T) {
	for _, tt := range []struct {
		name   string
		edit   []answerer
		edited bool
	}{
		{"500 always", []answerer{{500, ""}}, false},
		{"429 then ok", []answerer{{429, "0.1"}, {200, ""}}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			edits, times, _ := scriptedDiscord(t, tt.edit...)
			var deferred atomic.Int32
			acknowledged := make(chan struct{})
			discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "/callback") {
					if deferred.Add(1) == 1 {
						close(acknowledged)
					}
					w.WriteHeader(http.StatusNoContent)
					return
				}
				// The edit: to the scripted fake.
				req, _ := http.NewRequestWithContext(r.Context(), r.Method, edits.URL+r.URL.Path, r.Body)
				req.Header = r.Header.Clone()
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				defer res.Body.Close()
				for k, v := range res.Header {
					w.Header()[k] = v
				}
				w.WriteHeader(res.StatusCode)
				io.Copy(w, res.Body)
			}))
			defer discord.Close()
			logger, logs := newLogger()
			// The roll waits for the deferral: an answer ready first
			// would be returned instead of deferred.
			svc := afterService{kostkaService(), acknowledged}
			b, err := New(Config{Service: svc, Systems: catalog.Registry(), DeferAfter: time.Nanosecond, DiscordAPI: discord.URL, Logger: logger})
			if err != nil {
				t.Fatal(err)
			}
			i := interaction(t, command(1, "roll", `[{"name":"expr","type":3,"value":"2k6"}]`))
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if res := b.answer(ctx, i); res != nil {
				t.Errorf("answer = %+v, want nil (deferred)", res)
			}
			if deferred.Load() != 1 {
				t.Errorf("%d deferrals, want 1", deferred.Load())
			}
			failed := logs.lines(t, "editing a deferred answer")
			switch {
			case tt.edited && (len(failed) != 0 || len(*times) != 2):
				t.Errorf("%d edits tried, failures logged: %v", len(*times), failed)
			case !tt.edited && (len(failed) != 1 || failed[0]["interaction"] != "i1" || len(*times) != discordAttempts):
				t.Errorf("%d edits tried, failures logged: %v\n%s", len(*times), failed, logs)
			}
		})
	}
}

// TestDeadlines: the work of an interaction ends EditReserve before its
// request's deadline and its delivery ReturnMargin before; a request
// without one gets InteractionTimeout.
func TestDeadlines(t *testing.T) {
	end := time.Now().Add(7 * time.Second)
	ctx, cancel := context.WithDeadline(context.Background(), end)
	work, deliver, stop := deadlines(ctx)
	cancel() // the request's end does not cancel the answer
	defer stop()
	if d, _ := work.Deadline(); !d.Equal(end.Add(-EditReserve)) {
		t.Errorf("work deadline %v, want %v", d, end.Add(-EditReserve))
	}
	if d, _ := deliver.Deadline(); !d.Equal(end.Add(-ReturnMargin)) {
		t.Errorf("delivery deadline %v, want %v", d, end.Add(-ReturnMargin))
	}
	if work.Err() != nil || deliver.Err() != nil {
		t.Errorf("cancelled with the request: %v, %v", work.Err(), deliver.Err())
	}
	before := time.Now()
	_, deliver2, stop2 := deadlines(context.Background())
	defer stop2()
	if d, _ := deliver2.Deadline(); d.Before(before.Add(InteractionTimeout-ReturnMargin)) || d.After(time.Now().Add(InteractionTimeout)) {
		t.Errorf("without a deadline: delivery deadline in %v, want about %v", time.Until(d), InteractionTimeout-ReturnMargin)
	}
}

// stuckService is a service whose rolls never end.
type stuckService struct {
	kostka.Service
	release chan struct{}
}

func (s stuckService) Roll(ctx context.Context, req kostka.RollRequest) (*kostka.Roll, error) {
	<-s.release
	return nil, context.Canceled
}

// TestStuckWorkIsEdited: a command whose work outlasts its deadline (an
// API that does not answer) still gets its deferred answer edited, with a
// polite error, before the request's deadline, and the reason is logged.
func TestStuckWorkIsEdited(t *testing.T) {
	f, discord := newFakeInteractions(t)
	release := make(chan struct{})
	defer close(release)
	stuck := stuckService{Service: kostkaService(), release: release}
	logger, logs := newLogger()
	b, err := New(Config{Service: stuck, Systems: catalog.Registry(), DeferAfter: 10 * time.Millisecond, DiscordAPI: discord.URL, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	end := time.Now().Add(EditReserve + time.Second)
	ctx, cancel := context.WithDeadline(context.Background(), end)
	defer cancel()
	if res := b.answer(ctx, interaction(t, command(1, "roll", `[{"name":"expr","type":3,"value":"2k6"}]`))); res != nil {
		t.Errorf("answer = %+v, want nil (deferred)", res)
	}
	if late := time.Since(end.Add(-ReturnMargin)); late > 0 {
		t.Errorf("answered %v after the delivery deadline", late)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.defers["i1"]; !ok || !strings.Contains(f.edits["tok1"], "Kostka nie może teraz odpowiedzieć") {
		t.Errorf("deferrals %v, edit %q", f.defers, f.edits["tok1"])
	}
	if l := logs.lines(t, "an interaction's work outlasted its deadline"); len(l) != 1 || l[0]["interaction"] != "i1" {
		t.Errorf("logged %v", l)
	}
}

// afterService is a service whose rolls wait until after is closed (or
// their context ends).
type afterService struct {
	kostka.Service
	after <-chan struct{}
}

func (s afterService) Roll(ctx context.Context, req kostka.RollRequest) (*kostka.Roll, error) {
	select {
	case <-s.after:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.Service.Roll(ctx, req)
}
