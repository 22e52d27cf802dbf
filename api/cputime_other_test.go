//go:build !linux

package api

import "time"

// threadCPU is not measured here: the budget test falls back to the wall
// clock.
func threadCPU() (time.Duration, bool) { return 0, false }

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
