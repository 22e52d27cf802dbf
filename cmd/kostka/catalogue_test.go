package main

import (
	"testing"

	"kostka/l10n"
)

// TestCatalogue checks every message of the whole program (kostka links
// every package that defines messages: the API, the bot, the units, the
// game systems and the dice): each has pl, cs and en texts with the same
// placeholders, and renders in every plural category. Define leaves the
// texts unparsed, so this is where a malformed one is found.
func TestCatalogue(t *testing.T) {
	for _, err := range l10n.CheckAll() {
		t.Error(err)
	}
	if n := len(l10n.All()); n < 400 {
		t.Errorf("the catalogue has %d messages; the whole program defines more", n)
	}
}
