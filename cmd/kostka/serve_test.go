package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"kostka/api"
	"kostka/rulesdata"
)

// TestRulesDirErrors: -rules says what is wrong with the directory, and
// reads no special file (a link to /dev/zero, a pipe) or oversized one.
func TestRulesDirErrors(t *testing.T) {
	good, err := os.ReadFile("../../rulesdata/quality-d6.md")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file.md")
	if err := os.WriteFile(file, good, 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(tmp, "empty")
	zero := filepath.Join(tmp, "zero")
	fifo := filepath.Join(tmp, "fifo")
	big := filepath.Join(tmp, "big")
	for _, d := range []string{empty, zero, fifo, big} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/dev/zero", filepath.Join(zero, "zero.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(fifo, "pipe.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(big, "big.md"), make([]byte, rulesdata.MaxFileBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{
		filepath.Join(tmp, "missing"): "does not exist",
		file:                          "is not a directory",
		empty:                         "holds no rulebooks",
		zero:                          "zero.md: not a regular file",
		fifo:                          "pipe.md: not a regular file",
		big:                           "big.md: larger than 8 MB",
	} {
		done := make(chan error, 1)
		go func() {
			_, err := loadRulesCtx(context.Background(), rulesIn(dir, false))
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("-rules %s: %v, want an error saying %q", dir, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("-rules %s: still loading after 10 s", dir)
		}
	}
	// A link to a regular rulebook is read.
	linked := filepath.Join(tmp, "linked")
	if err := os.Mkdir(linked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, filepath.Join(linked, "q.md")); err != nil {
		t.Fatal(err)
	}
	if ix, err := loadRulesCtx(context.Background(), rulesIn(linked, true)); err != nil || len(ix.Systems()) != 1 {
		t.Errorf("a link to a rulebook: %v", err)
	}
}

// rulesIn is -rules dir, with -rules-only when only.
func rulesIn(dir string, only bool) rulesFlags {
	return rulesFlags{dir: &dir, only: &only}
}

// TestServeCancelsOnShutdown: on shutdown, requests that do not finish in
// the drain time have their context cancelled with api.ErrShuttingDown and
// still get their answer, rather than a dropped connection.
func TestServeCancelsOnShutdown(t *testing.T) {
	started := make(chan struct{}, 8)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-r.Context().Done()
		if errors.Is(context.Cause(r.Context()), api.ErrShuttingDown) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, ln, handler, slog.New(slog.DiscardHandler), func() {}, 200*time.Millisecond, 5*time.Second)
	}()
	const n = 5
	statuses := make(chan int, n)
	for range n {
		go func() {
			res, err := http.Get("http://" + ln.Addr().String() + "/slow")
			if err != nil {
				statuses <- 0
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	for range n {
		<-started
	}
	stop()
	for range n {
		if got := <-statuses; got != http.StatusServiceUnavailable {
			t.Errorf("a request in flight at shutdown got %d, want 503", got)
		}
	}
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}
