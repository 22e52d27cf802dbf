//go:build norulebooks

package rulesdata

// Built with the tag norulebooks, Kostka has no rulebooks of its own (their
// texts are not in the binary): it serves only those of a rules directory
// (kostka serve -rules DIR, KOSTKA_RULES_DIR), and FromDir without one is
// an error.
var embeddedBooks []*Book
