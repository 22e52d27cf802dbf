package boltstore_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

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
