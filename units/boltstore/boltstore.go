// Package boltstore is the embedded units.Store of `kostka serve` and
// `kostka bot`: one bbolt file in a data directory.
//
// Why bbolt rather than a JSON file: every Put is a read-compare-write in
// one serialized, fsynced transaction, so the compare-and-swap that
// units.Store promises needs no lock or rename protocol of its own; a crash
// never leaves a half-written file; and the module already builds it (the
// search index's dependencies bring it). bbolt locks the file for the
// process that opens it, so a second process on the same directory gets a
// clear error instead of corrupting it.
package boltstore

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"kostka/units"
)

// FileName is the store's file in its data directory.
const FileName = "units.db"

var bucket = []byte("units")

// Store is a units.Store in a bbolt file. Its methods are safe for
// concurrent use.
type Store struct {
	db *bolt.DB
}

var _ units.Store = (*Store)(nil)

// DefaultDir is the data directory when none is given: kostka under the
// user's state directory ($XDG_STATE_HOME, else ~/.local/state on Linux and
// the BSDs), or under the user's configuration directory elsewhere.
func DefaultDir() (string, error) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "kostka"), nil
	}
	switch runtime.GOOS {
	case "darwin", "windows", "ios", "android", "plan9":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("no data directory: %w", err)
		}
		return filepath.Join(d, "kostka"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: %w", err)
	}
	return filepath.Join(home, ".local", "state", "kostka"), nil
}

// Open opens (creating it and dir when missing) the store in dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("units data directory: %w", err)
	}
	path := filepath.Join(dir, FileName)
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("%s is in use by another kostka process; give each process its own -data directory", path)
	}
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("preparing %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

// A stored value is the version, 8 bytes big-endian, then the document.

// Get implements units.Store.
func (s *Store) Get(ctx context.Context, key string) ([]byte, int64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	var doc []byte
	var version int64
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucket).Get([]byte(key))
		if v == nil {
			return fmt.Errorf("%s: %w", key, units.ErrNotFound)
		}
		if len(v) < 8 {
			return fmt.Errorf("units store: the value of %s is damaged", key)
		}
		version = int64(binary.BigEndian.Uint64(v))
		doc = append([]byte(nil), v[8:]...)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return doc, version, nil
}

// Put implements units.Store.
func (s *Store) Put(ctx context.Context, key string, doc []byte, version int64) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if len(doc) > units.MaxDocBytes {
		return 0, fmt.Errorf("%s: %w", key, &units.LimitError{What: "document bytes", Max: units.MaxDocBytes, Got: len(doc)})
	}
	next := version + 1
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		current := int64(0)
		if v := b.Get([]byte(key)); v != nil {
			if len(v) < 8 {
				return fmt.Errorf("units store: the value of %s is damaged", key)
			}
			current = int64(binary.BigEndian.Uint64(v))
		}
		if current != version {
			return fmt.Errorf("%s is at version %d, not %d: %w", key, current, version, units.ErrConflict)
		}
		v := make([]byte, 8+len(doc))
		binary.BigEndian.PutUint64(v, uint64(next))
		copy(v[8:], doc)
		return b.Put([]byte(key), v)
	})
	if err != nil {
		return 0, err
	}
	return next, nil
}
