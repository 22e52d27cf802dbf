// Package boltstore is the embedded units.Store of `kostka serve` and
// `kostka bot`: one bbolt file in a data directory.
//
// Expiring documents (buttons' payloads) live in a bucket of their own,
// indexed by expiry: each PutExpiring deletes up to SweepBound of those
// already expired, so the file does not grow with them and no write pays
// for more than a few.
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

// The buckets: units holds the versioned documents; expiring the
// expiring ones (key → expiry in seconds, 8 bytes big-endian, then the
// document), and expiry the same keys ordered by when they expire
// (expiry, 8 bytes big-endian, then the key → nothing), so that a write
// finds the expired ones first, without reading the rest.
var (
	bucket         = []byte("units")
	expiringBucket = []byte("expiring")
	expiryBucket   = []byte("expiry")
)

// SweepBound is how many expired documents a PutExpiring deletes at most,
// in its own transaction: more than one, so that deletion keeps up with
// writing, and few, so that a write after a long pause stays quick.
const SweepBound = 64

// Store is a units.Store in a bbolt file. Its methods are safe for
// concurrent use.
type Store struct {
	db  *bolt.DB
	now func() time.Time // the sweep's clock
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
		for _, name := range [][]byte{bucket, expiringBucket, expiryBucket} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("preparing %s: %w", path, err)
	}
	return &Store{db: db, now: time.Now}, nil
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

// PutExpiring implements units.Store. In the same transaction it deletes
// up to SweepBound documents that expired before now.
func (s *Store) PutExpiring(ctx context.Context, key string, doc []byte, expires time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(doc) > units.MaxDocBytes {
		return fmt.Errorf("%s: %w", key, &units.LimitError{What: "document bytes", Max: units.MaxDocBytes, Got: len(doc)})
	}
	at := units.ExpirySeconds(expires)
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := sweep(tx, s.now().Unix(), SweepBound); err != nil {
			return err
		}
		docs := tx.Bucket(expiringBucket)
		if docs.Get([]byte(key)) != nil {
			return fmt.Errorf("%s: %w", key, units.ErrConflict)
		}
		v := make([]byte, 8+len(doc))
		binary.BigEndian.PutUint64(v, uint64(at))
		copy(v[8:], doc)
		if err := docs.Put([]byte(key), v); err != nil {
			return err
		}
		return tx.Bucket(expiryBucket).Put(expiryKey(at, key), nil)
	})
}

// expiryKey is key's entry in the expiry bucket.
func expiryKey(at int64, key string) []byte {
	k := make([]byte, 8+len(key))
	binary.BigEndian.PutUint64(k, uint64(at))
	copy(k[8:], key)
	return k
}

// sweep deletes at most bound documents that expired at or before now
// (seconds), the earliest first.
func sweep(tx *bolt.Tx, now int64, bound int) error {
	docs, index := tx.Bucket(expiringBucket), tx.Bucket(expiryBucket)
	c := index.Cursor()
	for k, _ := c.First(); k != nil && bound > 0; k, _ = c.First() {
		if len(k) < 8 || int64(binary.BigEndian.Uint64(k)) > now {
			return nil
		}
		if err := docs.Delete(k[8:]); err != nil {
			return err
		}
		if err := c.Delete(); err != nil {
			return err
		}
		bound--
	}
	return nil
}

// GetExpiring implements units.Store.
func (s *Store) GetExpiring(ctx context.Context, key string) ([]byte, time.Time, error) {
	if err := ctx.Err(); err != nil {
		return nil, time.Time{}, err
	}
	var doc []byte
	var expires time.Time
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(expiringBucket).Get([]byte(key))
		if v == nil {
			return fmt.Errorf("%s: %w", key, units.ErrNotFound)
		}
		if len(v) < 8 {
			return fmt.Errorf("units store: the value of %s is damaged", key)
		}
		expires = time.Unix(int64(binary.BigEndian.Uint64(v)), 0)
		doc = append([]byte(nil), v[8:]...)
		return nil
	})
	if err != nil {
		return nil, time.Time{}, err
	}
	return doc, expires, nil
}
