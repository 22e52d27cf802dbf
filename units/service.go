package units

import "context"

// Service is every operation on saved units, aliases, servers'
// settings and buttons' payloads, as the adapters (the Discord bot) call them. *Book implements
// it over a Store. It is declared here rather than beside kostka.Service
// because package units builds attack requests from kostka's types, so
// package kostka cannot name units' types.
type Service interface {
	// Save stores u on u.Owner's shelf in place of version expected of
	// the same name (0: a unit of that name must not exist) and returns
	// it as saved.
	Save(ctx context.Context, u Unit, expected int64) (Unit, error)
	// List returns owner's units, sorted by name.
	List(ctx context.Context, owner Owner) ([]Unit, error)
	// Get returns owner's unit of that name (case-insensitive), or
	// ErrNotFound.
	Get(ctx context.Context, owner Owner, name string) (Unit, error)
	// Delete removes owner's unit of that name if it is at version
	// expected (0: any version).
	Delete(ctx context.Context, owner Owner, name string, expected int64) error
	// Export returns owner's units as an Export.
	Export(ctx context.Context, owner Owner) (Export, error)
	// Import saves every unit of an Export file on owner's shelf as saved
	// by user, all or nothing, and returns how many it saved.
	Import(ctx context.Context, owner Owner, file []byte, user string) (int, error)

	// Aliases returns owner's aliases, by name.
	Aliases(ctx context.Context, owner Owner) ([]Alias, error)
	// Alias returns owner's alias called name (any case), or ErrNotFound.
	Alias(ctx context.Context, owner Owner, name string) (Alias, error)
	// SaveAlias saves a in place of owner's alias of the same name, if
	// any.
	SaveAlias(ctx context.Context, owner Owner, a Alias) error
	// DeleteAlias deletes owner's alias called name, or returns
	// ErrNotFound.
	DeleteAlias(ctx context.Context, owner Owner, name string) error

	// Settings returns a guild's settings; a guild that never saved any
	// has the zero settings (version 0).
	Settings(ctx context.Context, guild string) (GuildSettings, error)
	// SaveSettings stores a guild's settings in place of version expected
	// (0: none saved yet) and returns them as saved.
	SaveSettings(ctx context.Context, guild string, set GuildSettings, expected int64) (GuildSettings, error)

	// SaveButton keeps a button's payload (a request too long for its
	// custom id) for ButtonTTL and returns the random key it is kept
	// under.
	SaveButton(ctx context.Context, payload string) (key string, err error)
	// Button returns the payload kept under key, or ErrNotFound when the
	// key is malformed, unknown or expired.
	Button(ctx context.Context, key string) (payload string, err error)
}

var _ Service = (*Book)(nil)
