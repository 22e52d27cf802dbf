//go:build !linux

package dice

import "time"

// threadCPU is not measured outside Linux.
func threadCPU() (time.Duration, bool) { return 0, false }
