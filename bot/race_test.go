//go:build race

package bot

// raceEnabled: the race detector slows every request several times over.
const raceEnabled = true
