//go:build !linux

package main

// choosePinning pins nothing outside Linux.
func choosePinning() pinning { return pinning{why: "pinning to processors needs Linux"} }

func pinSelf([]int) error { return nil }
