package gcpace

import (
	"runtime/debug"
	"testing"
)

func TestSet(t *testing.T) {
	orig := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(orig) })
	tests := []struct {
		name string
		gogc string
		want int
	}{
		{"GOGC unset", "", Percent},
		{"GOGC set", "50", 100}, // the runtime applied it: left as it is
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			before := Set(func(k string) string {
				if k == "GOGC" {
					return tt.gogc
				}
				return ""
			})
			if before != 100 {
				t.Errorf("Set returned %d, want the percentage before, 100", before)
			}
			if got := debug.SetGCPercent(100); got != tt.want {
				t.Errorf("percentage after Set = %d, want %d", got, tt.want)
			}
		})
	}
}
