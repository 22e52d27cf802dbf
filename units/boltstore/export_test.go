package boltstore

import "time"

// SetClock sets the clock of the store's sweep, for tests.
func (s *Store) SetClock(now func() time.Time) { s.now = now }
