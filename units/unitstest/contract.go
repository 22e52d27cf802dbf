// Package unitstest is the contract every units.Store passes: run Contract
// from a store's own test with a function that opens a real store.
package unitstest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kostka/systems/catalog"
	"kostka/units"
)

var owners atomic.Int64

// fresh returns an owner no other subtest uses, so subtests can share a
// store.
func fresh(scope units.Scope) units.Owner {
	return units.Owner{Scope: scope, ID: fmt.Sprintf("%d", 9_000_000+owners.Add(1))}
}

func profile(attacks, quality int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"attacks": %d, "quality": %d, "ap": 1}`, attacks, quality))
}

// Contract runs the shared tests against store: save, list, overwrite,
// conditional conflict (concurrent saves), delete, export/import round
// trip, limits, nothing written for a request that fails validation, and
// expiring documents (buttons' payloads: kept, read back, refused once
// expired, apart from the owners' documents).
func Contract(t *testing.T, store units.Store) {
	ctx := context.Background()
	validate := units.SchemaValidator(catalog.Registry())
	book := units.NewBook(store, validate, units.DefaultLimits)

	t.Run("store", func(t *testing.T) {
		key := fresh(units.ScopeGuild).Key()
		if _, _, err := store.Get(ctx, key); !errors.Is(err, units.ErrNotFound) {
			t.Fatalf("Get of a new key = %v, want ErrNotFound", err)
		}
		v1, err := store.Put(ctx, key, []byte(`{"a":1}`), 0)
		if err != nil || v1 != 1 {
			t.Fatalf("first Put = %d, %v; want 1, nil", v1, err)
		}
		if _, err := store.Put(ctx, key, []byte(`{"a":2}`), 0); !errors.Is(err, units.ErrConflict) {
			t.Errorf("Put at version 0 over version 1 = %v, want ErrConflict", err)
		}
		v2, err := store.Put(ctx, key, []byte(`{"a":3}`), 1)
		if err != nil || v2 != 2 {
			t.Fatalf("Put at version 1 = %d, %v; want 2, nil", v2, err)
		}
		if _, err := store.Put(ctx, key, []byte(`{"a":4}`), 1); !errors.Is(err, units.ErrConflict) {
			t.Errorf("Put at a stale version = %v, want ErrConflict", err)
		}
		doc, v, err := store.Get(ctx, key)
		if err != nil || v != 2 || string(doc) != `{"a":3}` {
			t.Errorf("Get = %s, %d, %v; want {\"a\":3}, 2, nil", doc, v, err)
		}
		big := []byte(`"` + strings.Repeat("x", units.MaxDocBytes) + `"`)
		if _, err := store.Put(ctx, key, big, 2); !errors.Is(err, units.ErrLimit) {
			t.Errorf("Put of %d bytes = %v, want ErrLimit", len(big), err)
		}
		if _, v, _ := store.Get(ctx, key); v != 2 {
			t.Errorf("after a refused Put the version is %d, want 2", v)
		}
		canceled, cancel := context.WithCancel(ctx)
		cancel()
		if _, _, err := store.Get(canceled, key); !errors.Is(err, context.Canceled) {
			t.Errorf("Get with a canceled context = %v, want context.Canceled", err)
		}
	})

	t.Run("expiring", func(t *testing.T) {
		key := "button#" + fresh(units.ScopeGuild).ID
		if _, _, err := store.GetExpiring(ctx, key); !errors.Is(err, units.ErrNotFound) {
			t.Fatalf("GetExpiring of a new key = %v, want ErrNotFound", err)
		}
		expires := time.Date(2030, 1, 2, 3, 4, 5, 600, time.UTC)
		if err := store.PutExpiring(ctx, key, []byte("act:attack x"), expires); err != nil {
			t.Fatalf("PutExpiring: %v", err)
		}
		if err := store.PutExpiring(ctx, key, []byte("other"), expires); !errors.Is(err, units.ErrConflict) {
			t.Errorf("PutExpiring on a taken key = %v, want ErrConflict", err)
		}
		doc, at, err := store.GetExpiring(ctx, key)
		// Whole seconds, rounded up: never before the time given.
		if err != nil || string(doc) != "act:attack x" || !at.Equal(expires.Truncate(time.Second).Add(time.Second)) {
			t.Errorf("GetExpiring = %q, %v, %v; want act:attack x, %v", doc, at, err, expires.Truncate(time.Second).Add(time.Second))
		}
		// An expiring key is not an owner's document, nor the reverse.
		if doc, _, err := store.Get(ctx, key); err == nil {
			t.Errorf("Get of an expiring key = %q, want an error", doc)
		}
		owner := fresh(units.ScopeUser).Key()
		if _, err := store.Put(ctx, owner, []byte(`{}`), 0); err != nil {
			t.Fatal(err)
		}
		if _, _, err := store.GetExpiring(ctx, owner); err == nil {
			t.Errorf("GetExpiring of an owner's document succeeded")
		}
		big := []byte(strings.Repeat("x", units.MaxDocBytes+1))
		if err := store.PutExpiring(ctx, key+"big", big, expires); !errors.Is(err, units.ErrLimit) {
			t.Errorf("PutExpiring of %d bytes = %v, want ErrLimit", len(big), err)
		}
		past := "button#" + fresh(units.ScopeGuild).ID
		if err := store.PutExpiring(ctx, past, []byte("old"), time.Unix(1000, 0)); err != nil {
			t.Fatalf("PutExpiring in the past: %v", err)
		}
		// Deleted at once (the embedded store's next write sweeps it) or
		// kept with its expiry, for the caller to refuse.
		if doc, at, err := store.GetExpiring(ctx, past); !errors.Is(err, units.ErrNotFound) && (err != nil || !at.Equal(time.Unix(1000, 0)) || string(doc) != "old") {
			t.Errorf("GetExpiring of an expired document = %q, %v, %v", doc, at, err)
		}
	})

	t.Run("buttons", func(t *testing.T) {
		now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
		b := units.NewBook(store, validate, units.DefaultLimits)
		b.Now = func() time.Time { return now }
		long := "act:attack quality-d6 " + strings.Repeat(`{"x":1}`, 100)
		keys := map[string]bool{}
		for _, payload := range []string{long, "rerollp:" + strings.Repeat("d6+", 40) + "1", strings.Repeat("ż", units.MaxButtonBytes/2)} {
			key, err := b.SaveButton(ctx, payload)
			if err != nil {
				t.Fatalf("SaveButton(%d bytes): %v", len(payload), err)
			}
			if !units.ValidButtonKey(key) || keys[key] {
				t.Errorf("key %q is malformed or repeated", key)
			}
			keys[key] = true
			got, err := b.Button(ctx, key)
			if err != nil || got != payload {
				t.Errorf("Button(%s) = %d bytes, %v; want the payload", key, len(got), err)
			}
		}
		key, err := b.SaveButton(ctx, long)
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name  string
			after time.Duration
			key   string
			want  error
		}{
			{"fresh", 0, key, nil},
			{"an hour before it expires", units.ButtonTTL - time.Hour, key, nil},
			{"expired", units.ButtonTTL, key, units.ErrNotFound},
			{"long expired", 30 * units.ButtonTTL, key, units.ErrNotFound},
			{"unknown", 0, "AAAAAAAAAAAAAAAAAAAAAA", units.ErrNotFound},
			{"malformed", 0, "../guild#1", units.ErrNotFound},
			{"an owner's key", 0, "guild#1", units.ErrNotFound},
			{"empty", 0, "", units.ErrNotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c := units.NewBook(store, validate, units.DefaultLimits)
				c.Now = func() time.Time { return now.Add(tt.after) }
				got, err := c.Button(ctx, tt.key)
				if !errors.Is(err, tt.want) || (tt.want == nil && got != long) {
					t.Errorf("Button after %v = %d bytes, %v; want %v", tt.after, len(got), err, tt.want)
				}
			})
		}
		if _, err := b.SaveButton(ctx, strings.Repeat("x", units.MaxButtonBytes+1)); !errors.Is(err, units.ErrLimit) {
			t.Errorf("SaveButton of %d bytes = %v, want ErrLimit", units.MaxButtonBytes+1, err)
		}
		if _, err := b.SaveButton(ctx, ""); !errors.Is(err, units.ErrInvalid) {
			t.Errorf("SaveButton of nothing = %v, want ErrInvalid", err)
		}
	})

	t.Run("save and list", func(t *testing.T) {
		g, u := fresh(units.ScopeGuild), fresh(units.ScopeUser)
		for i, name := range []string{"Strzelcy", "łucznicy", "Armata"} {
			saved, err := book.Save(ctx, units.Unit{Name: name, System: "quality-d6", Profile: profile(5+i, 4), Owner: g, CreatedBy: "42"}, 0)
			if err != nil {
				t.Fatalf("Save %s: %v", name, err)
			}
			if saved.Version != 1 || saved.Owner != g {
				t.Errorf("saved %s at version %d owner %v, want 1 %v", name, saved.Version, saved.Owner, g)
			}
		}
		if _, err := book.Save(ctx, units.Unit{Name: "Mine", System: "pool-k6", Profile: json.RawMessage(`{}`), Owner: u}, 0); err != nil {
			t.Fatalf("Save on a user's shelf: %v", err)
		}
		list, err := book.List(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, x := range list {
			names = append(names, x.Name)
		}
		if got := strings.Join(names, ","); got != "Armata,Strzelcy,łucznicy" {
			t.Errorf("List = %s, want Armata,Strzelcy,łucznicy", got)
		}
		got, err := book.Get(ctx, g, "ŁUCZNICY")
		if err != nil || got.Name != "łucznicy" || string(got.Profile) != `{"attacks":6,"quality":4,"ap":1}` || got.CreatedBy != "42" {
			t.Errorf("Get ŁUCZNICY = %+v, %v", got, err)
		}
		if _, err := book.Get(ctx, u, "Strzelcy"); !errors.Is(err, units.ErrNotFound) {
			t.Errorf("a guild's unit on a user's shelf: %v, want ErrNotFound", err)
		}
		if list, err := book.List(ctx, fresh(units.ScopeGuild)); err != nil || len(list) != 0 {
			t.Errorf("List of an empty shelf = %v, %v", list, err)
		}
	})

	t.Run("overwrite", func(t *testing.T) {
		g := fresh(units.ScopeGuild)
		first, err := book.Save(ctx, units.Unit{Name: "Rycerze", System: "quality-d6", Profile: profile(3, 3), Owner: g, CreatedBy: "1"}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := book.Save(ctx, units.Unit{Name: "rycerze", System: "quality-d6", Profile: profile(4, 3), Owner: g}, 0); !errors.Is(err, units.ErrConflict) {
			t.Errorf("saving an existing name as new = %v, want ErrConflict", err)
		}
		second, err := book.Save(ctx, units.Unit{Name: "Rycerze", System: "quality-d6", Profile: profile(4, 3), Owner: g, CreatedBy: "2"}, first.Version)
		if err != nil {
			t.Fatalf("overwrite: %v", err)
		}
		if second.Version != 2 || second.CreatedBy != "1" {
			t.Errorf("overwritten unit: version %d created by %q, want 2 and 1", second.Version, second.CreatedBy)
		}
		if _, err := book.Save(ctx, units.Unit{Name: "Rycerze", System: "quality-d6", Profile: profile(9, 3), Owner: g}, first.Version); !errors.Is(err, units.ErrConflict) {
			t.Errorf("overwrite from a stale version = %v, want ErrConflict", err)
		}
		got, _ := book.Get(ctx, g, "Rycerze")
		if string(got.Profile) != `{"attacks":4,"quality":3,"ap":1}` {
			t.Errorf("stored profile %s, want the second save's", got.Profile)
		}
	})

	t.Run("concurrent saves", func(t *testing.T) {
		const n = 8
		g := fresh(units.ScopeGuild)
		base, err := book.Save(ctx, units.Unit{Name: "Wspólny", System: "quality-d6", Profile: profile(1, 4), Owner: g}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		sameErrs := make([]error, n)
		otherErrs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				// Everyone overwrites the same version of one unit: one wins.
				_, sameErrs[i] = book.Save(ctx, units.Unit{Name: "Wspólny", System: "quality-d6", Profile: profile(10+i, 4), Owner: g}, base.Version)
			})
			wg.Go(func() {
				// Everyone saves a unit of their own: all of them are kept.
				_, otherErrs[i] = book.Save(ctx, units.Unit{Name: fmt.Sprintf("Oddział %d", i), System: "quality-d6", Profile: profile(2, 4), Owner: g}, 0)
			})
		}
		wg.Wait()
		wins := 0
		for i, err := range sameErrs {
			switch {
			case err == nil:
				wins++
			case !errors.Is(err, units.ErrConflict):
				t.Errorf("save %d of the same unit: %v, want nil or ErrConflict", i, err)
			}
		}
		if wins != 1 {
			t.Errorf("%d concurrent overwrites of one version won, want exactly 1", wins)
		}
		for i, err := range otherErrs {
			if err != nil {
				t.Errorf("concurrent save of another unit %d: %v", i, err)
			}
		}
		list, err := book.List(ctx, g)
		if err != nil || len(list) != n+1 {
			t.Fatalf("after concurrent saves List has %d units (%v), want %d: an update was lost", len(list), err, n+1)
		}
		got, _ := book.Get(ctx, g, "Wspólny")
		if got.Version != 2 {
			t.Errorf("the contested unit is at version %d, want 2", got.Version)
		}
	})

	t.Run("delete", func(t *testing.T) {
		g := fresh(units.ScopeGuild)
		saved, err := book.Save(ctx, units.Unit{Name: "Jazda", System: "fantasy-k6", Profile: json.RawMessage(`{}`), Owner: g}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := book.Delete(ctx, g, "Jazda", saved.Version+1); !errors.Is(err, units.ErrConflict) {
			t.Errorf("Delete at a wrong version = %v, want ErrConflict", err)
		}
		if err := book.Delete(ctx, g, "JAZDA", saved.Version); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		if _, err := book.Get(ctx, g, "Jazda"); !errors.Is(err, units.ErrNotFound) {
			t.Errorf("Get after Delete = %v, want ErrNotFound", err)
		}
		if err := book.Delete(ctx, g, "Jazda", 0); !errors.Is(err, units.ErrNotFound) {
			t.Errorf("second Delete = %v, want ErrNotFound", err)
		}
	})

	t.Run("export and import", func(t *testing.T) {
		from, to := fresh(units.ScopeGuild), fresh(units.ScopeGuild)
		for _, u := range []units.Unit{
			{Name: "Strzelcy", System: "quality-d6", Profile: profile(10, 4)},
			{Name: "Piechota", System: "wzr-d20", Profile: json.RawMessage(`{}`)},
			// A unit of the page's cost view: the points cost's fields.
			{Name: "Drużyna", System: "quality-d6", Profile: json.RawMessage(`{"models":5,"quality":4,"defense":5,"toughness":1,"abilities":[],` +
				`"weapons":[{"name":"karabin","attacks":1,"ap":0,"abilities":[],"range":24},{"name":"nóż","attacks":1,"ap":0,"abilities":[],"range":"melee"}]}`)},
		} {
			u.Owner = from
			if _, err := book.Save(ctx, u, 0); err != nil {
				t.Fatal(err)
			}
		}
		exp, err := book.Export(ctx, from)
		if err != nil {
			t.Fatal(err)
		}
		file, err := json.Marshal(exp)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := book.Import(ctx, to, file, "7"); err != nil || n != 3 {
			t.Fatalf("Import = %d, %v; want 3, nil", n, err)
		}
		back, err := book.Export(ctx, to)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(file) {
			t.Errorf("round trip:\n got %s\nwant %s", again, file)
		}
		// Importing again replaces the units of the same names.
		if n, err := book.Import(ctx, to, file, "7"); err != nil || n != 3 {
			t.Fatalf("second Import = %d, %v", n, err)
		}
		if u, _ := book.Get(ctx, to, "Strzelcy"); u.Version != 2 || u.CreatedBy != "7" {
			t.Errorf("re-imported unit: version %d by %q, want 2 by 7", u.Version, u.CreatedBy)
		}
		bad := []string{
			`{"kostka_units":1,"units":[{"name":"Nowi","system":"quality-d6","profile":{}},{"name":"Źli","system":"quality-d6","profile":{"quality":1}}]}`,
			`{"kostka_units":1,"units":[{"name":"Dwa","system":"quality-d6","profile":{}},{"name":"dwa","system":"quality-d6","profile":{}}]}`,
			`{"kostka_units":1,"units":[{"name":"Nowi","system":"quality-d6","profile":{}},{"name":"Źli","system":"quality-d6","profile":{"weapons":[{"attacks":1,"range":99}]}}]}`,
			`{"kostka_units":2,"units":[]}`,
			`{"kostka_units":1,"units":[],"extra":true}`,
			`not json`,
		}
		for _, f := range bad {
			if _, err := book.Import(ctx, to, []byte(f), "7"); !errors.Is(err, units.ErrInvalid) {
				t.Errorf("Import %s = %v, want ErrInvalid", f, err)
			}
		}
		if list, _ := book.List(ctx, to); len(list) != 3 {
			t.Errorf("after refused imports the shelf has %d units, want 3: a refused import wrote", len(list))
		}
	})

	t.Run("limits", func(t *testing.T) {
		small := units.NewBook(store, validate, units.Limits{Units: 3, ProfileBytes: 64, NameRunes: 10})
		g := fresh(units.ScopeGuild)
		for i := range 3 {
			if _, err := small.Save(ctx, units.Unit{Name: fmt.Sprintf("U%d", i), System: "quality-d6", Profile: profile(1, 4), Owner: g}, 0); err != nil {
				t.Fatal(err)
			}
		}
		var le *units.LimitError
		_, err := small.Save(ctx, units.Unit{Name: "U3", System: "quality-d6", Profile: profile(1, 4), Owner: g}, 0)
		if !errors.Is(err, units.ErrLimit) || !errors.As(err, &le) || le.What != "units" || le.Max != 3 {
			t.Errorf("a 4th unit with a limit of 3 = %v, want a units LimitError", err)
		}
		// Overwriting at the limit is fine.
		if _, err := small.Save(ctx, units.Unit{Name: "U0", System: "quality-d6", Profile: profile(2, 4), Owner: g}, 1); err != nil {
			t.Errorf("overwrite at the limit: %v", err)
		}
		other := fresh(units.ScopeGuild)
		cases := []struct {
			unit units.Unit
			what string
		}{
			{units.Unit{Name: "Long", System: "quality-d6", Profile: json.RawMessage(`{"abilities": ["` + strings.Repeat("x", 64) + `"]}`)}, "profile bytes"},
			{units.Unit{Name: "Jedenaście", System: "quality-d6", Profile: profile(1, 4)}, ""},
			{units.Unit{Name: "Jedenaście!", System: "quality-d6", Profile: profile(1, 4)}, "name characters"},
		}
		for _, c := range cases {
			c.unit.Owner = other
			_, err := small.Save(ctx, c.unit, 0)
			if c.what == "" {
				if err != nil {
					t.Errorf("Save %q: %v", c.unit.Name, err)
				}
				continue
			}
			if !errors.As(err, &le) || le.What != c.what || !strings.Contains(err.Error(), "at most") {
				t.Errorf("Save %q = %v, want a %s LimitError", c.unit.Name, err, c.what)
			}
		}
		exp, _ := small.Export(ctx, g)
		exp.Units = append(exp.Units, units.ExportUnit{Name: "Nowy", System: "quality-d6", Profile: json.RawMessage(`{}`)})
		file, _ := json.Marshal(exp)
		if _, err := small.Import(ctx, g, file, "1"); !errors.Is(err, units.ErrLimit) {
			t.Errorf("importing 4 units with a limit of 3 = %v, want ErrLimit", err)
		}
		if list, _ := small.List(ctx, g); len(list) != 3 {
			t.Errorf("after a refused import the shelf has %d units, want 3", len(list))
		}
	})

	t.Run("nothing written when validation fails", func(t *testing.T) {
		g := fresh(units.ScopeGuild)
		invalid := []units.Unit{
			{Name: "Zły", System: "quality-d6", Profile: json.RawMessage(`{"quality": 9}`)},
			{Name: "Zły", System: "quality-d6", Profile: json.RawMessage(`{"lasers": 1}`)},
			{Name: "Zły", System: "quality-d6", Profile: json.RawMessage(`{"weapons": [{"attacks": 0, "range": 12}]}`)},
			{Name: "Zły", System: "pool-k6", Profile: json.RawMessage(`{"weapons": []}`)},
			{Name: "Zły", System: "chess", Profile: json.RawMessage(`{}`)},
			{Name: "", System: "quality-d6", Profile: json.RawMessage(`{}`)},
			{Name: "Zły", System: "quality-d6", Profile: json.RawMessage(`[]`)},
		}
		for _, u := range invalid {
			u.Owner = g
			if _, err := book.Save(ctx, u, 0); !errors.Is(err, units.ErrInvalid) {
				t.Errorf("Save %s %s = %v, want ErrInvalid", u.System, u.Profile, err)
			}
		}
		if _, err := book.SaveSettings(ctx, g.ID, units.GuildSettings{System: "quality-d6", Lang: "de"}, 0); !errors.Is(err, units.ErrInvalid) {
			t.Errorf("SaveSettings lang de = %v, want ErrInvalid", err)
		}
		if _, err := book.SaveSettings(ctx, g.ID, units.GuildSettings{System: "chess"}, 0); !errors.Is(err, units.ErrInvalid) {
			t.Errorf("SaveSettings system chess = %v, want ErrInvalid", err)
		}
		if _, err := book.Save(ctx, units.Unit{Name: "Bez właściciela", System: "quality-d6", Profile: json.RawMessage(`{}`)}, 0); !errors.Is(err, units.ErrInvalid) {
			t.Errorf("Save without an owner = %v, want ErrInvalid", err)
		}
		if _, _, err := store.Get(ctx, g.Key()); !errors.Is(err, units.ErrNotFound) {
			t.Errorf("after refused writes the store holds %s: %v, want ErrNotFound", g.Key(), err)
		}
	})

	t.Run("settings", func(t *testing.T) {
		g := fresh(units.ScopeGuild)
		if s, err := book.Settings(ctx, g.ID); err != nil || s != (units.GuildSettings{}) {
			t.Errorf("Settings of a new guild = %+v, %v", s, err)
		}
		s1, err := book.SaveSettings(ctx, g.ID, units.GuildSettings{System: "pool-k6", Lang: "cs"}, 0)
		if err != nil || s1.Version != 1 {
			t.Fatalf("SaveSettings = %+v, %v", s1, err)
		}
		if _, err := book.Save(ctx, units.Unit{Name: "Obok", System: "pool-k6", Profile: json.RawMessage(`{}`), Owner: g}, 0); err != nil {
			t.Fatalf("a unit beside the settings: %v", err)
		}
		if _, err := book.SaveSettings(ctx, g.ID, units.GuildSettings{System: "quality-d6"}, 0); !errors.Is(err, units.ErrConflict) {
			t.Errorf("SaveSettings from version 0 over 1 = %v, want ErrConflict", err)
		}
		got, err := book.Settings(ctx, g.ID)
		if err != nil || got != s1 {
			t.Errorf("Settings = %+v, %v; want %+v", got, err, s1)
		}
		if list, _ := book.List(ctx, g); len(list) != 1 {
			t.Errorf("the unit saved beside the settings is missing: %v", list)
		}
	})
}
