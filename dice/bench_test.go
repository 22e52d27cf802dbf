package dice

import (
	"runtime"
	"testing"
)

// loopCPU runs f in the benchmark's loop and reports, beside the wall
// clock, the CPU time of the benchmark's thread per operation (cpu-ns/op):
// on a machine shared with other work it is the steadier figure.
func loopCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if end, ok2 := threadCPU(); ok && ok2 && n > 0 {
		b.ReportMetric(float64(end-start)/float64(n), "cpu-ns/op")
	}
}
