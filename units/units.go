// Package units keeps a group's saved units and guild defaults: a unit is a
// name, a game system and that system's profile (the part of its attack
// request that describes the unit and, for quality-d6, of its points
// cost request), validated against the system's schema before anything
// is written.
//
// Storage is one small interface, Store: a compare-and-swap store of one
// JSON document per owner (a guild's shared shelf or a user's private one),
// and short-lived documents that expire (the payloads of Discord buttons
// whose request does not fit their custom id, see SaveButton).
// Book holds every rule (validation, limits, per-unit versions, retries on
// a concurrent write) on top of it, so each backend (package
// units/boltstore, embedded; package units/dynamostore, DynamoDB) only
// reads and conditionally writes one item.
package units

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"kostka/l10n"
	"kostka/systems"
)

// Errors of Store and Book; match them with errors.Is.
var (
	// ErrNotFound: no such unit, or nothing saved for the owner.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the stored version is not the one the write expected
	// (someone else saved first, or the unit already exists).
	ErrConflict = errors.New("changed by someone else")
	// ErrLimit: the write would exceed a limit (units per owner, profile
	// size, name length, document size).
	ErrLimit = errors.New("limit exceeded")
	// ErrInvalid: the unit, settings or import fails validation.
	ErrInvalid = errors.New("invalid")
)

// Scope says whose units a shelf holds.
type Scope string

// The scopes: a guild's units are shared by its members; a user's are
// private.
const (
	ScopeGuild Scope = "guild"
	ScopeUser  Scope = "user"
)

// Owner is a guild or a user, by Discord id.
type Owner struct {
	Scope Scope  `json:"scope"`
	ID    string `json:"id"`
}

// Guild returns the owner of a guild's shared units and settings.
func Guild(id string) Owner { return Owner{Scope: ScopeGuild, ID: id} }

// User returns the owner of a user's private units.
func User(id string) Owner { return Owner{Scope: ScopeUser, ID: id} }

// Key is the owner's store key, such as "guild#123".
func (o Owner) Key() string { return string(o.Scope) + "#" + o.ID }

func (o Owner) check() error {
	if (o.Scope != ScopeGuild && o.Scope != ScopeUser) || o.ID == "" || len(o.ID) > 64 {
		return fmt.Errorf("%w: owner %q/%q is not a guild or user id", ErrInvalid, o.Scope, o.ID)
	}
	return nil
}

// Unit is a saved unit.
type Unit struct {
	Name    string          `json:"name"`
	System  string          `json:"system"`
	Profile json.RawMessage `json:"profile"`
	// Owner is the shelf the unit is on; it is not stored in the document.
	Owner Owner `json:"-"`
	// CreatedBy is the user id of whoever saved it first (for the rule
	// that only managers delete another member's units).
	CreatedBy string `json:"created_by,omitempty"`
	// Version counts the unit's saves, from 1. A save names the version it
	// replaces (0: the unit must not exist yet).
	Version int64 `json:"version"`
}

// GuildSettings are a guild's defaults.
type GuildSettings struct {
	System  string    `json:"system,omitempty"`  // default game system id
	Lang    l10n.Lang `json:"lang,omitempty"`    // pl, cs or en; empty follows the user
	Private bool      `json:"private,omitempty"` // answers only their player sees, unless a command says otherwise
	Version int64     `json:"version"`           // counts the saves, from 1
}

// Limits bound what one owner may store.
type Limits struct {
	Units        int // units per owner
	ProfileBytes int // bytes of one unit's profile JSON
	NameRunes    int // characters of a unit's name
}

// DefaultLimits keep one owner's document far below DynamoDB's 400 KB item
// limit: 100 units of at most 2 KiB.
var DefaultLimits = Limits{Units: 100, ProfileBytes: 2048, NameRunes: 64}

// MaxDocBytes is the largest document a Store must accept; a Store
// refuses larger ones with ErrLimit.
const MaxDocBytes = 350_000

// LimitError is a write refused by a limit. It matches ErrLimit.
type LimitError struct {
	What string // "units", "profile bytes", "name characters", "document bytes"
	Max  int
	Got  int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("too many %s: at most %d, got %d", e.What, e.Max, e.Got)
}

// Is makes every *LimitError match ErrLimit.
func (e *LimitError) Is(target error) bool { return target == ErrLimit }

// Store keeps one JSON document per owner key with a version. It is the
// whole storage interface; Book builds everything else on it.
type Store interface {
	// Get returns the document at key and its version (>= 1), or
	// ErrNotFound.
	Get(ctx context.Context, key string) (doc []byte, version int64, err error)
	// Put writes doc at key if the stored version is version (0: nothing
	// is stored), and returns the new version. It returns ErrConflict
	// when the stored version differs and ErrLimit when doc is longer
	// than MaxDocBytes; neither writes anything.
	Put(ctx context.Context, key string, doc []byte, version int64) (int64, error)

	// PutExpiring writes doc at key, to be kept until expires (in whole
	// seconds, rounded up: see ExpirySeconds) and then deleted whenever
	// the store gets to it, unless something is stored at key
	// (ErrConflict). It returns ErrLimit when doc is longer than
	// MaxDocBytes. Keys of expiring documents and of versioned ones are
	// apart: a key is used by one kind only.
	PutExpiring(ctx context.Context, key string, doc []byte, expires time.Time) error
	// GetExpiring returns the document PutExpiring wrote at key and when
	// it expires, or ErrNotFound. A store deletes expired documents
	// lazily, so it may return one past its expiry: the caller checks.
	GetExpiring(ctx context.Context, key string) (doc []byte, expires time.Time, err error)
}

// ExpirySeconds is t in whole seconds since 1970, rounded up, as a Store
// keeps an expiry (DynamoDB's TTL reads seconds): a document is never
// taken for expired before its time.
func ExpirySeconds(t time.Time) int64 {
	s := t.Unix()
	if t.Nanosecond() > 0 {
		s++
	}
	return s
}

// nameKey is the case-insensitive identity of a unit's name.
func nameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// CheckName returns an error unless name is a usable unit name: 1 to max
// characters after trimming, no control characters.
func CheckName(name string, max int) error {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		return invalid(msgNoName.New())
	case !utf8.ValidString(name):
		return invalid(msgNameUTF8.New())
	case n > max:
		return fmt.Errorf("unit name: %w", &LimitError{What: "name characters", Max: max, Got: n})
	}
	if strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return invalid(msgNameControl.New())
	}
	return nil
}

// invalid is an ErrInvalid with a detail players read in their language
// (a *systems.FieldError on no field): a refusal never shows a player
// English or Go's own words.
func invalid(detail l10n.Message) error {
	return fmt.Errorf("%w: %w", ErrInvalid, systems.Invalid("", detail))
}

// The details of invalid units, settings and imports.
var (
	msgNoName = l10n.Define("units.name.empty", l10n.Texts{
		En: "a unit needs a name", Pl: "oddział musi mieć nazwę", Cs: "jednotka musí mít název",
	})
	msgNameUTF8 = l10n.Define("units.name.utf8", l10n.Texts{
		En: "the name is not valid text", Pl: "nazwa nie jest poprawnym tekstem", Cs: "název není platný text",
	})
	msgNameControl = l10n.Define("units.name.control", l10n.Texts{
		En: "the name contains a control character", Pl: "nazwa zawiera znak sterujący", Cs: "název obsahuje řídicí znak",
	})
	msgOtherSystem = l10n.Define("units.system.other", l10n.Texts{
		En: "unit “{name}” is of {unit}, not {system}", Pl: "oddział „{name}” jest z {unit}, nie z {system}", Cs: "jednotka „{name}“ je ze systému {unit}, ne {system}",
	})
	msgNotFile = l10n.Define("units.import.file", l10n.Texts{
		En: "the file is not a units file made by export", Pl: "plik nie jest plikiem oddziałów z eksportu", Cs: "soubor není soubor jednotek z exportu",
	})
	msgFileFormat = l10n.Define("units.import.format", l10n.Texts{
		En: "the file's format is {got}, this version reads {want}", Pl: "plik ma format {got}, ta wersja czyta {want}", Cs: "soubor má formát {got}, tato verze čte {want}",
	})
	msgNameTwice = l10n.Define("units.import.twice", l10n.Texts{
		En: "the name “{name}” appears twice", Pl: "nazwa „{name}” występuje dwa razy", Cs: "název „{name}“ se vyskytuje dvakrát",
	})
	msgLanguage = l10n.Define("units.settings.lang", l10n.Texts{
		En: "language “{lang}” is not one of pl, cs, en", Pl: "język „{lang}” nie jest jednym z pl, cs, en", Cs: "jazyk „{lang}“ není jeden z pl, cs, en",
	})
	msgUnknownSystem = l10n.Define("units.system.unknown", l10n.Texts{
		En: "unknown game system “{system}” (one of {systems})", Pl: "nieznany system gry „{system}” (jeden z {systems})", Cs: "neznámý herní systém „{system}“ (jeden z {systems})",
	})
	msgNoProfile = l10n.Define("units.system.noprofile", l10n.Texts{
		En: "game system “{system}” has no units to save", Pl: "system gry „{system}” nie ma oddziałów do zapisania", Cs: "herní systém „{system}“ nemá jednotky k uložení",
	})
)
