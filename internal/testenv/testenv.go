// Package testenv lets a test that needs a program outside Go (Chromium,
// Node.js) skip where that program is missing, saying how to enable it,
// and fail instead where every test must run: CI sets KOSTKA_REQUIRE_ALL=1
// (.ci/run does).
package testenv

import (
	"os"
	"testing"
)

// RequireAll is the environment variable that turns every skip of Missing
// into a failure when it is "1".
const RequireAll = "KOSTKA_REQUIRE_ALL"

// Missing ends the test because what is missing: a skip that says how to
// enable the test, or, with KOSTKA_REQUIRE_ALL=1, a failure.
func Missing(t testing.TB, what, enable string) {
	t.Helper()
	if os.Getenv(RequireAll) == "1" {
		t.Fatalf("%s is missing, and %s=1 requires every test to run: %s", what, RequireAll, enable)
	}
	t.Skipf("%s is missing; to run this test, %s", what, enable)
}

// Gated ends a heavy test that runs only when asked for: unless the
// environment variable name is "1", the test is skipped with a message
// that says how to run it (run, a command line). .ci/run runs each gated
// test in a step of its own, with its variable set; the main test run
// leaves it out, so the skip stays a skip under KOSTKA_REQUIRE_ALL=1.
func Gated(t testing.TB, name, run string) {
	t.Helper()
	if os.Getenv(name) != "1" {
		t.Skipf("a heavy test, run on its own; to run it: %s=1 %s", name, run)
	}
}

// OptIn ends a slow group of tests that runs only when asked for: unless
// the environment variable name is "1", the test is skipped with a message
// that says how to run the group (run, a command line), or, with
// KOSTKA_REQUIRE_ALL=1, fails, so that CI, which sets both, cannot leave
// the group out by mistake.
func OptIn(t testing.TB, name, run string) {
	t.Helper()
	if os.Getenv(name) == "1" {
		return
	}
	if os.Getenv(RequireAll) == "1" {
		t.Fatalf("%s is not 1, and %s=1 requires every test to run: %s=1 %s", name, RequireAll, name, run)
	}
	t.Skipf("runs only when asked for; to run it: %s=1 %s", name, run)
}
