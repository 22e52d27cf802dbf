package units

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"time"
)

// Buttons are stateless: what a Discord button does rides in its custom
// id, at most 100 characters. A button whose request is longer keeps it
// here, in the same store as units, under a random key that its custom
// id carries instead, for ButtonTTL.
//
// The key space holds button payloads only: SaveButton chooses the key
// (16 bytes of crypto/rand, 128 bits that nobody can guess or enumerate),
// a payload is at most MaxButtonBytes, and Button reads nothing but the
// record under "button#" + a well-formed key. So a key someone reads off
// a message (which any member who sees the message can) gives the
// request that message's button repeats, and nothing else.
const (
	// ButtonTTL is how long a button's payload is kept.
	ButtonTTL = 24 * time.Hour
	// MaxButtonBytes bounds a button's payload.
	MaxButtonBytes = 4096
	// ButtonKeyLen is the length of a button's key: 16 random bytes in
	// unpadded base64url.
	ButtonKeyLen = 22
	// buttonKeyBytes is the randomness of a key.
	buttonKeyBytes = 16
	// buttonPrefix is the store key's prefix of a button's record, beside
	// the owners' "guild#" and "user#".
	buttonPrefix = "button#"
)

// ValidButtonKey reports whether s is a key SaveButton could have made:
// ButtonKeyLen characters of unpadded base64url that decode, strictly, to
// 16 bytes.
func ValidButtonKey(s string) bool {
	if len(s) != ButtonKeyLen {
		return false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return err == nil && len(b) == buttonKeyBytes
}

// SaveButton keeps payload for ButtonTTL under a new random key and
// returns the key. A payload longer than MaxButtonBytes is refused with
// ErrLimit, an empty one with ErrInvalid.
func (b *Book) SaveButton(ctx context.Context, payload string) (string, error) {
	if payload == "" {
		return "", fmt.Errorf("%w: an empty button payload", ErrInvalid)
	}
	if len(payload) > MaxButtonBytes {
		return "", fmt.Errorf("button payload: %w", &LimitError{What: "button payload bytes", Max: MaxButtonBytes, Got: len(payload)})
	}
	// A clash of two 128-bit random keys does not happen; a second try
	// covers a store whose key was taken anyway.
	for range 2 {
		key, err := b.newButtonKey()
		if err != nil {
			return "", err
		}
		err = b.store.PutExpiring(ctx, buttonPrefix+key, []byte(payload), b.now().Add(ButtonTTL))
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			return "", err
		}
		return key, nil
	}
	return "", fmt.Errorf("button payload: %w", ErrConflict)
}

// Button returns the payload kept under key, or ErrNotFound when the key
// is malformed, unknown or expired.
func (b *Book) Button(ctx context.Context, key string) (string, error) {
	if !ValidButtonKey(key) {
		return "", fmt.Errorf("button key: %w", ErrNotFound)
	}
	doc, expires, err := b.store.GetExpiring(ctx, buttonPrefix+key)
	if err != nil {
		return "", err
	}
	// A store deletes expired records lazily (DynamoDB's TTL within a day
	// or two, the embedded store when it writes), so the expiry is checked
	// here.
	if !b.now().Before(expires) {
		return "", fmt.Errorf("button %s expired at %s: %w", key, expires.UTC().Format(time.RFC3339), ErrNotFound)
	}
	return string(doc), nil
}

// newButtonKey returns 16 bytes of b.Random in unpadded base64url.
func (b *Book) newButtonKey() (string, error) {
	r := b.Random
	if r == nil {
		r = rand.Reader
	}
	buf := make([]byte, buttonKeyBytes)
	if _, err := io.ReadFull(r, buf); err != nil {
		return "", fmt.Errorf("button key: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(buf), nil
}

// now is b.Now, or the time.
func (b *Book) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}
