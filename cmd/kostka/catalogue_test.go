package main

import (
	"strings"
	"testing"

	"kostka/internal/langcheck"
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

// TestCatalogueLanguages renders every message of the whole program in
// Polish and Czech and fails on English in either, on Polish letters or
// terms in Czech and Czech ones in Polish (systems/catalog's test of the
// same name adds the quality-d6 abilities' names as terms).
func TestCatalogueLanguages(t *testing.T) {
	// Messages that quote JSON as it is written.
	verbatim := map[string]string{
		"api.kind.null":      "the JSON literal null",
		"units.cost.unknown": "lists the unit file's own keys (name, attacks, range, ap, abilities)",
	}
	for _, err := range langcheck.New().Catalogue() {
		id, _, _ := strings.Cut(err.Error(), ":")
		id, _, _ = strings.Cut(id, " ")
		if _, ok := verbatim[id]; !ok {
			t.Error(err)
		}
	}
}
