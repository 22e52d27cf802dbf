package units

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"kostka/l10n"
)

// retries is how often Book re-reads and retries a write that lost a race
// on the owner's document to a write of something else. Each round of a
// race has one winner, so a write must be able to lose to every other
// player saving at once; between attempts it waits a random, growing
// while (backoff), so that the writers spread out instead of colliding
// again at once.
const retries = 32

// backoff is the wait before attempt n (from 1): a random duration up to
// 2ⁿ ms, at most 100 ms. math/rand/v2's default source is ChaCha8, and
// rand.N has no modulo bias.
func backoff(n int) time.Duration {
	ceiling := min(time.Millisecond<<min(n, 10), 100*time.Millisecond)
	return rand.N(ceiling) + time.Millisecond
}

// shelf is the document stored per owner.
type shelf struct {
	Units    []Unit         `json:"units"`
	Aliases  []Alias        `json:"aliases,omitempty"`
	Settings *GuildSettings `json:"settings,omitempty"`
}

// Book is the units and settings of every owner, on a Store.
type Book struct {
	store    Store
	validate Validator
	limits   Limits

	// Random is the source of buttons' keys (see SaveButton); nil means
	// crypto/rand. Tests set a seeded one, before the Book is used.
	Random io.Reader
	// Now is the clock of buttons' expiry; nil means time.Now.
	Now func() time.Time
}

// NewBook returns a book on store that checks profiles with validate and
// enforces limits.
func NewBook(store Store, validate Validator, limits Limits) *Book {
	return &Book{store: store, validate: validate, limits: limits}
}

// load reads owner's shelf; a missing one is empty, at version 0.
func (b *Book) load(ctx context.Context, owner Owner) (shelf, int64, error) {
	doc, version, err := b.store.Get(ctx, owner.Key())
	if errors.Is(err, ErrNotFound) {
		return shelf{}, 0, nil
	}
	if err != nil {
		return shelf{}, 0, err
	}
	var s shelf
	if err := json.Unmarshal(doc, &s); err != nil {
		return shelf{}, 0, fmt.Errorf("units: the stored document of %s: %w", owner.Key(), err)
	}
	for i := range s.Units {
		s.Units[i].Owner = owner
	}
	return s, version, nil
}

// update applies change to owner's shelf and writes it conditionally,
// re-reading and re-applying when another write got in first. change
// returns an error to write nothing.
func (b *Book) update(ctx context.Context, owner Owner, change func(*shelf) error) error {
	if err := owner.check(); err != nil {
		return err
	}
	for attempt := range retries {
		if attempt > 0 {
			t := time.NewTimer(backoff(attempt))
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
		s, version, err := b.load(ctx, owner)
		if err != nil {
			return err
		}
		if err := change(&s); err != nil {
			return err
		}
		slices.SortFunc(s.Units, func(a, b Unit) int { return strings.Compare(nameKey(a.Name), nameKey(b.Name)) })
		doc, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if len(doc) > MaxDocBytes {
			return fmt.Errorf("units of %s: %w", owner.Key(), &LimitError{What: "document bytes", Max: MaxDocBytes, Got: len(doc)})
		}
		_, err = b.store.Put(ctx, owner.Key(), doc, version)
		if !errors.Is(err, ErrConflict) {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return fmt.Errorf("units of %s: %w (%d attempts)", owner.Key(), ErrConflict, retries)
}

// check validates u (name, size, system, profile) without touching the
// store.
func (b *Book) check(ctx context.Context, u Unit) error {
	if err := CheckName(u.Name, b.limits.NameRunes); err != nil {
		return err
	}
	if len(u.Profile) > b.limits.ProfileBytes {
		return fmt.Errorf("unit %q: %w", u.Name, &LimitError{What: "profile bytes", Max: b.limits.ProfileBytes, Got: len(u.Profile)})
	}
	if err := b.validate(ctx, u.System, u.Profile); err != nil {
		return fmt.Errorf("unit %q: %w", u.Name, err)
	}
	return nil
}

// compact returns the profile without insignificant spaces (it has
// been validated as JSON).
func compact(p json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, p); err != nil {
		return p
	}
	return buf.Bytes()
}

// Save stores u on u.Owner's shelf in place of version expected of the
// same name (0: a unit of that name must not exist) and returns it as
// saved. A unit that fails validation or a limit writes nothing.
func (b *Book) Save(ctx context.Context, u Unit, expected int64) (Unit, error) {
	if err := b.check(ctx, u); err != nil {
		return Unit{}, err
	}
	u.Name = strings.TrimSpace(u.Name)
	u.Profile = compact(u.Profile)
	var saved Unit
	err := b.update(ctx, u.Owner, func(s *shelf) error {
		i := slices.IndexFunc(s.Units, func(x Unit) bool { return nameKey(x.Name) == nameKey(u.Name) })
		current := int64(0)
		if i >= 0 {
			current = s.Units[i].Version
		}
		if current != expected {
			if expected == 0 {
				return fmt.Errorf("unit %q already exists (version %d): %w", u.Name, current, ErrConflict)
			}
			return fmt.Errorf("unit %q is at version %d, not %d: %w", u.Name, current, expected, ErrConflict)
		}
		saved = u
		saved.Version = current + 1
		if i >= 0 {
			saved.CreatedBy = s.Units[i].CreatedBy
			s.Units[i] = saved
			return nil
		}
		if len(s.Units) >= b.limits.Units {
			return fmt.Errorf("saving %q: %w", u.Name, &LimitError{What: "units", Max: b.limits.Units, Got: len(s.Units) + 1})
		}
		s.Units = append(s.Units, saved)
		return nil
	})
	if err != nil {
		return Unit{}, err
	}
	return saved, nil
}

// List returns owner's units, sorted by name.
func (b *Book) List(ctx context.Context, owner Owner) ([]Unit, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	s, _, err := b.load(ctx, owner)
	return s.Units, err
}

// Get returns owner's unit of that name (case-insensitive), or ErrNotFound.
func (b *Book) Get(ctx context.Context, owner Owner, name string) (Unit, error) {
	list, err := b.List(ctx, owner)
	if err != nil {
		return Unit{}, err
	}
	for _, u := range list {
		if nameKey(u.Name) == nameKey(name) {
			return u, nil
		}
	}
	return Unit{}, fmt.Errorf("unit %q: %w", name, ErrNotFound)
}

// Delete removes owner's unit of that name if it is at version expected
// (0: any version).
func (b *Book) Delete(ctx context.Context, owner Owner, name string, expected int64) error {
	return b.update(ctx, owner, func(s *shelf) error {
		i := slices.IndexFunc(s.Units, func(x Unit) bool { return nameKey(x.Name) == nameKey(name) })
		if i < 0 {
			return fmt.Errorf("unit %q: %w", name, ErrNotFound)
		}
		if expected != 0 && s.Units[i].Version != expected {
			return fmt.Errorf("unit %q is at version %d, not %d: %w", name, s.Units[i].Version, expected, ErrConflict)
		}
		s.Units = slices.Delete(s.Units, i, i+1)
		return nil
	})
}

// Export is the JSON file of an owner's units that Import reads.
type Export struct {
	Format int          `json:"kostka_units"` // 1
	Units  []ExportUnit `json:"units"`
}

// ExportUnit is one unit in an Export.
type ExportUnit struct {
	Name    string          `json:"name"`
	System  string          `json:"system"`
	Profile json.RawMessage `json:"profile"`
}

// ExportFormat is the version of Export that this package writes.
const ExportFormat = 1

// MaxImportBytes bounds an import file.
const MaxImportBytes = 1 << 20

// Export returns owner's units as an Export.
func (b *Book) Export(ctx context.Context, owner Owner) (Export, error) {
	list, err := b.List(ctx, owner)
	if err != nil {
		return Export{}, err
	}
	e := Export{Format: ExportFormat, Units: make([]ExportUnit, len(list))}
	for i, u := range list {
		e.Units[i] = ExportUnit{Name: u.Name, System: u.System, Profile: u.Profile}
	}
	return e, nil
}

// ImportError is an import refused because of one of its units.
type ImportError struct {
	Index int    // the unit's place in the file, from 1
	Name  string // the unit's name
	Err   error
}

func (e *ImportError) Error() string { return fmt.Sprintf("import, unit %d: %v", e.Index, e.Err) }

// Unwrap returns the unit's error.
func (e *ImportError) Unwrap() error { return e.Err }

// Import saves every unit of an Export file on owner's shelf as saved by
// user, replacing units of the same name, and returns how many it saved.
// It is all or nothing: one invalid unit, a duplicate name or a limit
// writes none.
func (b *Book) Import(ctx context.Context, owner Owner, file []byte, user string) (int, error) {
	if len(file) > MaxImportBytes {
		return 0, fmt.Errorf("import file: %w", &LimitError{What: "file bytes", Max: MaxImportBytes, Got: len(file)})
	}
	var e Export
	dec := json.NewDecoder(bytes.NewReader(file))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || dec.More() {
		return 0, invalid(msgNotFile.New())
	}
	if e.Format != ExportFormat {
		return 0, invalid(msgFileFormat.New(l10n.Int("got", e.Format), l10n.Int("want", ExportFormat)))
	}
	if len(e.Units) > b.limits.Units {
		return 0, fmt.Errorf("import: %w", &LimitError{What: "units", Max: b.limits.Units, Got: len(e.Units)})
	}
	seen := map[string]bool{}
	incoming := make([]Unit, len(e.Units))
	for i, x := range e.Units {
		u := Unit{Name: strings.TrimSpace(x.Name), System: x.System, Profile: x.Profile, Owner: owner, CreatedBy: user}
		if err := b.check(ctx, u); err != nil {
			return 0, &ImportError{Index: i + 1, Name: u.Name, Err: err}
		}
		if seen[nameKey(u.Name)] {
			return 0, &ImportError{Index: i + 1, Name: u.Name, Err: invalid(msgNameTwice.New(l10n.Str("name", u.Name)))}
		}
		seen[nameKey(u.Name)] = true
		u.Profile = compact(u.Profile)
		incoming[i] = u
	}
	err := b.update(ctx, owner, func(s *shelf) error {
		for _, u := range incoming {
			i := slices.IndexFunc(s.Units, func(x Unit) bool { return nameKey(x.Name) == nameKey(u.Name) })
			if i >= 0 {
				u.Version = s.Units[i].Version + 1
				u.CreatedBy = s.Units[i].CreatedBy
				s.Units[i] = u
				continue
			}
			u.Version = 1
			s.Units = append(s.Units, u)
		}
		if len(s.Units) > b.limits.Units {
			return fmt.Errorf("import: %w", &LimitError{What: "units", Max: b.limits.Units, Got: len(s.Units)})
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(incoming), nil
}

// Languages are the values of GuildSettings.Lang.
var Languages = []l10n.Lang{l10n.Polish, l10n.Czech, l10n.English}

// Settings returns a guild's settings; a guild that never saved any has
// the zero settings (version 0).
func (b *Book) Settings(ctx context.Context, guild string) (GuildSettings, error) {
	owner := Guild(guild)
	if err := owner.check(); err != nil {
		return GuildSettings{}, err
	}
	s, _, err := b.load(ctx, owner)
	if err != nil || s.Settings == nil {
		return GuildSettings{}, err
	}
	return *s.Settings, nil
}

// SaveSettings stores a guild's settings in place of version expected (0:
// none saved yet) and returns them as saved. The system must be one the
// validator knows and the language one of Languages; either may be empty.
func (b *Book) SaveSettings(ctx context.Context, guild string, set GuildSettings, expected int64) (GuildSettings, error) {
	if set.Lang != "" && !slices.Contains(Languages, set.Lang) {
		return GuildSettings{}, invalid(msgLanguage.New(l10n.Str("lang", string(set.Lang))))
	}
	if set.System != "" {
		if err := b.validate(ctx, set.System, json.RawMessage("{}")); err != nil {
			return GuildSettings{}, fmt.Errorf("settings: %w", err)
		}
	}
	var saved GuildSettings
	err := b.update(ctx, Guild(guild), func(s *shelf) error {
		current := int64(0)
		if s.Settings != nil {
			current = s.Settings.Version
		}
		if current != expected {
			return fmt.Errorf("the settings are at version %d, not %d: %w", current, expected, ErrConflict)
		}
		saved = set
		saved.Version = current + 1
		s.Settings = &saved
		return nil
	})
	if err != nil {
		return GuildSettings{}, err
	}
	return saved, nil
}
