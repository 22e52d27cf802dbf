//go:build !norulebooks

package search

import "embed"

// prebuilt holds the embedded rulebooks' index and typo vocabulary (see
// prebuilt.go).
//
//go:embed prebuilt
var prebuilt embed.FS
