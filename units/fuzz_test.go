package units_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// FuzzImport: any file is imported whole or refused with a clear error,
// and a refused one writes nothing.
func FuzzImport(f *testing.F) {
	f.Add([]byte(`{"kostka_units":1,"units":[{"name":"Strzelcy","system":"quality-d6","profile":{"attacks":10}}]}`))
	f.Add([]byte(`{"kostka_units":1,"units":[{"name":"A","system":"pool-k6","profile":{}},{"name":"a","system":"pool-k6","profile":{}}]}`))
	f.Add([]byte(`{"kostka_units":1,"units":[{"name":"X","system":"quality-d6","profile":{"quality":"4"}}]}`))
	f.Add([]byte(`{"kostka_units":1,"units":null}`))
	f.Add([]byte(`{"kostka_units":1,"units":[{"name":"S","system":"quality-d6","profile":{"models":10,"quality":4,"defense":5,"toughness":1,"abilities":["Mag(2)"],` +
		`"weapons":[{"name":"rifle","attacks":1,"ap":1,"abilities":["Rozprysk(3)"],"range":24},{"name":"knife","attacks":1,"ap":0,"abilities":[],"range":"melee"}]}}]}`))
	f.Add([]byte(`{"kostka_units":1,"units":[{"name":"W","system":"quality-d6","profile":{"weapons":[{"attacks":"1","range":null,"x":1}]}}]}`))
	f.Add([]byte(`{"kostka_units":1,"units":[{"name":"M","system":"fantasy-k6","profile":{"accuracy":4,"attacker_fighting":9}},{"name":"B","system":"wzr-d20","profile":{"mode":"close_combat","heavy_cover":-6}}]}`))
	f.Add([]byte(`[]`))
	store, err := boltstore.Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { store.Close() })
	book := units.NewBook(store, units.SchemaValidator(catalog.Registry()), units.DefaultLimits)
	ctx := context.Background()
	owner := units.Guild("1")
	f.Fuzz(func(t *testing.T, file []byte) {
		before, err := book.List(ctx, owner)
		if err != nil {
			t.Fatal(err)
		}
		n, err := book.Import(ctx, owner, file, "7")
		after, lerr := book.List(ctx, owner)
		if lerr != nil {
			t.Fatal(lerr)
		}
		if err != nil {
			if !errors.Is(err, units.ErrInvalid) && !errors.Is(err, units.ErrLimit) {
				t.Fatalf("Import error %v is neither ErrInvalid nor ErrLimit", err)
			}
			if len(after) != len(before) {
				t.Fatalf("a refused import changed the shelf from %d to %d units", len(before), len(after))
			}
			return
		}
		if len(after) < n || len(after) > len(before)+n {
			t.Fatalf("imported %d: shelf went from %d to %d units", n, len(before), len(after))
		}
	})
}

// FuzzValidButtonKey: a key is accepted only in the one form SaveButton
// writes (16 bytes, unpadded base64url), so it names nothing but a
// button's record; anything else is refused, never a panic.
func FuzzValidButtonKey(f *testing.F) {
	for _, s := range []string{"AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAB", "-_-_-_-_-_-_-_-_-_-_-w", "guild#1", "", "../../user#7", "AAAAAAAAAAAAAAAAAAAAAA==", "ĄAAAAAAAAAAAAAAAAAAAA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !units.ValidButtonKey(s) {
			return
		}
		b, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil || len(b) != 16 || base64.RawURLEncoding.EncodeToString(b) != s {
			t.Fatalf("accepted %q: %x, %v", s, b, err)
		}
		if strings.ContainsAny(s, "#/.=+ ") {
			t.Fatalf("accepted %q, which holds a separator", s)
		}
	})
}
