//go:build race

package dice

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = true
