package chart

import "syscall"

// processCPU returns the CPU time the process has used, in nanoseconds:
// on a busy machine a benchmark's time on the clock says little.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
