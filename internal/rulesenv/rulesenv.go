// Package rulesenv reads which rulebooks the environment asks a Lambda
// function to serve. It is apart from package wire so that the search
// function, which serves no Discord interactions, does not link the bot.
package rulesenv

import (
	"fmt"
	"strconv"

	"kostka/rulesdata"
)

// Environment variables Rulebooks reads.
const (
	// EnvDir names a directory of rulebooks and house rules (*.md)
	// added to the embedded rulebooks, as kostka serve -rules DIR does.
	EnvDir = "KOSTKA_RULES_DIR"
	// EnvOnly, when "true", serves only the rulebooks in EnvDir, as
	// -rules-only does.
	EnvOnly = "KOSTKA_RULES_ONLY"
)

// Rulebooks returns the rulebooks the environment asks for: the embedded
// ones, with those in KOSTKA_RULES_DIR added (or only those, when
// KOSTKA_RULES_ONLY is true). See rulesdata.FromDir.
func Rulebooks(getenv func(string) string) ([]*rulesdata.Book, error) {
	only := false
	if v := getenv(EnvOnly); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("%s must be true or false, not %q", EnvOnly, v)
		}
		only = b
	}
	dir := getenv(EnvDir)
	if only && dir == "" {
		return nil, fmt.Errorf("%s=true needs %s", EnvOnly, EnvDir)
	}
	books, err := rulesdata.FromDir(dir, only)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", EnvDir, err)
	}
	return books, nil
}
