//go:build !race

package api

// raceEnabled: the race detector slows every request several times over.
const raceEnabled = false
