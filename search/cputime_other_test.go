//go:build !linux

package search

// threadCPU is not told on this platform.
func threadCPU() (int64, bool) { return 0, false }

// processCPU is not told on this platform.
func processCPU() int64 { return 0 }
