// Package gcpace sets how often the garbage collector runs in Kostka's
// servers: "kostka serve" and the Lambda functions.
//
// Kostka's live heap is a few MiB (rulebooks, the search index's
// dictionaries, message catalogues), and a request leaves tens of kB of
// garbage (a search about 85–115 kB). At Go's default pace, GOGC=100, the
// collector runs each time the heap has doubled, so every few dozen
// requests, and it took about half of a search's or an attack's processor
// time (api's BenchmarkTypicalRoutes on a quiet machine: search 224 µs at
// GOGC=100, 113 µs at 200; a rolled attack 55 and 37 µs). Percent costs a
// few MiB of resident memory (deploy/servemem, after 20,000 requests: 34.0
// MiB at GOGC=100, 37.3 MiB at 200).
package gcpace

import "runtime/debug"

// Percent is the GOGC percentage Kostka's servers run with: the collector
// runs when the heap has grown by Percent% since the last cycle.
const Percent = 200

// Set sets the collector's percentage to Percent, unless getenv("GOGC")
// says otherwise, which the Go runtime has already applied. It returns the
// percentage in effect before, for tests and benchmarks to restore.
func Set(getenv func(string) string) (before int) {
	if getenv("GOGC") != "" {
		p := debug.SetGCPercent(Percent)
		debug.SetGCPercent(p)
		return p
	}
	return debug.SetGCPercent(Percent)
}
