package boltstore_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kostka/units"
	"kostka/units/boltstore"
	"kostka/units/unitstest"
)

func TestContract(t *testing.T) {
	s, err := boltstore.Open(filepath.Join(t.TempDir(), "data"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	unitstest.Contract(t, s)
}

// TestReopen: what one process saved, the next one reads.
func TestReopen(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, "guild#1", []byte(`{"units":[]}`), 0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	doc, v, err := s.Get(ctx, "guild#1")
	if err != nil || v != 1 || string(doc) != `{"units":[]}` {
		t.Errorf("after reopening: %s, %d, %v", doc, v, err)
	}
}

func TestDefaultDir(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	d, err := boltstore.DefaultDir()
	if err != nil || d != filepath.Join(state, "kostka") {
		t.Errorf("DefaultDir with XDG_STATE_HOME = %q, %v", d, err)
	}
	t.Setenv("XDG_STATE_HOME", "")
	t.Setenv("HOME", state)
	d, err = boltstore.DefaultDir()
	if err != nil || !strings.HasPrefix(d, state) || filepath.Base(d) != "kostka" {
		t.Errorf("DefaultDir under HOME %s = %q, %v", state, d, err)
	}
}

// TestSweep: each write of an expiring document deletes up to SweepBound
// of those already expired, the earliest first, and none that has not
// expired.
func TestSweep(t *testing.T) {
	s, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	s.SetClock(func() time.Time { return now })
	const n = boltstore.SweepBound + 36
	key := func(i int) string { return fmt.Sprintf("button#%03d", i) }
	for i := range n { // expiring in 1 to n seconds, in a shuffled order
		j := (i * 7) % n
		if err := s.PutExpiring(ctx, key(j), []byte("x"), now.Add(time.Duration(j+1)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	kept := func() []int {
		t.Helper()
		var out []int
		for i := range n {
			_, _, err := s.GetExpiring(ctx, key(i))
			switch {
			case err == nil:
				out = append(out, i)
			case !errors.Is(err, units.ErrNotFound):
				t.Fatal(err)
			}
		}
		return out
	}
	if got := kept(); len(got) != n {
		t.Fatalf("%d of %d unexpired documents kept", len(got), n)
	}
	tests := []struct {
		name  string
		at    time.Duration // the clock, from the first writes
		first int           // the first document kept after the write
	}{
		{"a write before any expires deletes none", 0, 0},
		{"a write after 10 expired deletes them", 10 * time.Second, 10},
		{"a write after all expired deletes SweepBound", time.Hour, 10 + boltstore.SweepBound},
		{"the next deletes the rest", time.Hour, n},
	}
	for i, tt := range tests {
		s.SetClock(func() time.Time { return now.Add(tt.at) })
		if err := s.PutExpiring(ctx, fmt.Sprintf("button#new%d", i), []byte("fresh"), now.Add(tt.at+time.Hour)); err != nil {
			t.Fatal(err)
		}
		got := kept()
		if len(got) != n-tt.first || (len(got) > 0 && got[0] != tt.first) {
			t.Errorf("%s: kept %v, want %d to %d", tt.name, got, tt.first, n-1)
		}
		if doc, _, err := s.GetExpiring(ctx, fmt.Sprintf("button#new%d", i)); err != nil || string(doc) != "fresh" {
			t.Errorf("%s: the fresh document: %q, %v", tt.name, doc, err)
		}
	}
}

// BenchmarkButton: keeping a button's request (one fsynced write, with
// its sweep) and reading it back, as a reply and its press do.
func BenchmarkButton(b *testing.B) {
	s, err := boltstore.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	book := units.NewBook(s, nil, units.DefaultLimits)
	payload := "act:attack quality-d6 " + strings.Repeat(`{"ap":1}`, 60)
	ctx := context.Background()
	for b.Loop() {
		key, err := book.SaveButton(ctx, payload)
		if err != nil {
			b.Fatal(err)
		}
		if got, err := book.Button(ctx, key); err != nil || got != payload {
			b.Fatal(got, err)
		}
	}
}
