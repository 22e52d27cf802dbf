package compare_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"kostka/systems/catalog"
	"kostka/systems/compare"
)

// BenchmarkFull is a full comparison: 4 quality-d6 attackers of two
// weapons each (up to 200 attacks) against the 3 preset targets
// (testdata/full.json).
func BenchmarkFull(b *testing.B) {
	raw, err := os.ReadFile("testdata/full.json")
	if err != nil {
		b.Fatal(err)
	}
	var req compare.Request
	if err := json.Unmarshal(raw, &req); err != nil {
		b.Fatal(err)
	}
	sys, _ := catalog.Registry().Get("quality-d6")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compare.Compare(context.Background(), sys, req, nil); err != nil {
			b.Fatal(err)
		}
	}
}
