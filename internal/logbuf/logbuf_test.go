package logbuf

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is an underlying writer that keeps each write apart.
type recorder struct {
	mu     sync.Mutex
	writes []string
	err    error
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes = append(r.writes, string(p))
	return len(p), r.err
}

func (r *recorder) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.writes...)
}

func TestWriter(t *testing.T) {
	tests := []struct {
		name  string
		size  int
		lines []string
		flush bool
		want  []string // the underlying writes
	}{
		{"held", 64, []string{"a\n", "b\n"}, false, nil},
		{"flushed in one write", 64, []string{"a\n", "b\n"}, true, []string{"a\nb\n"}},
		{"full buffer written first", 4, []string{"aa\n", "bb\n"}, false, []string{"aa\n"}},
		{"larger than the buffer: at once", 4, []string{"a\n", "bbbbbb\n", "c\n"}, true, []string{"a\n", "bbbbbb\n", "c\n"}},
		{"flushing nothing writes nothing", 64, nil, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r recorder
			w := New(&r, tt.size, time.Hour)
			for _, l := range tt.lines {
				if n, err := w.Write([]byte(l)); n != len(l) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", l, n, err)
				}
			}
			if tt.flush {
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
			}
			if got := r.all(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("wrote %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWriterDelay checks that a buffered line is written by itself after
// the delay, and so is one written after that.
func TestWriterDelay(t *testing.T) {
	var r recorder
	w := New(&r, 1<<10, 10*time.Millisecond)
	for i, line := range []string{"first\n", "second\n"} {
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for len(r.all()) <= i {
			if time.Now().After(deadline) {
				t.Fatalf("%q not written 10 s after it was buffered", line)
			}
			time.Sleep(time.Millisecond)
		}
		if got := r.all()[i]; got != line {
			t.Errorf("write %d is %q, want %q", i, got, line)
		}
	}
}

func TestWriterError(t *testing.T) {
	failed := errors.New("disk full")
	r := recorder{err: failed}
	w := New(&r, 64, time.Hour)
	if _, err := w.Write([]byte("a\n")); err != nil {
		t.Fatalf("Write before anything was written: %v", err)
	}
	if err := w.Flush(); !errors.Is(err, failed) {
		t.Errorf("Flush = %v, want %v", err, failed)
	}
	if _, err := w.Write([]byte("b\n")); !errors.Is(err, failed) {
		t.Errorf("Write after a failed write = %v, want %v", err, failed)
	}
}

// TestWriterConcurrent checks that lines written at once from many
// goroutines come out whole.
func TestWriterConcurrent(t *testing.T) {
	var r recorder
	w := New(&r, 256, time.Millisecond)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				fmt.Fprintf(w, "goroutine %d line %d\n", g, i)
			}
		})
	}
	wg.Wait()
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(strings.Join(r.all(), ""), "\n"), "\n")
	if len(lines) != 8*200 {
		t.Fatalf("%d lines, want %d", len(lines), 8*200)
	}
	for _, l := range lines {
		var g, i int
		if n, err := fmt.Sscanf(l, "goroutine %d line %d", &g, &i); n != 2 || err != nil {
			t.Fatalf("line %q is not whole", l)
		}
	}
}

// TestHandler checks that records below Warn are held and a warning is
// written at once with what was held before it, also through WithAttrs
// and WithGroup.
func TestHandler(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, 1<<10, time.Hour)
	logger := slog.New(Handler(slog.NewTextHandler(w, nil), w))
	logger.Info("request", "path", "/healthz")
	if out.Len() != 0 {
		t.Fatalf("an Info record was written at once: %q", out.String())
	}
	logger.With("route", "search").WithGroup("g").Warn("slow")
	got := out.String()
	if !strings.Contains(got, "msg=request") || !strings.Contains(got, "msg=slow") || !strings.Contains(got, "route=search") {
		t.Errorf("after a warning, the log holds %q, want both records", got)
	}
	if i, j := strings.Index(got, "msg=request"), strings.Index(got, "msg=slow"); i > j {
		t.Errorf("records out of order: %q", got)
	}
}
