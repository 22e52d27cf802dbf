//go:build norulebooks

package search

import "embed"

// prebuilt is empty in a build with the tag norulebooks: it has no
// rulebooks of its own, so every index is built at start.
var prebuilt embed.FS
