package compare_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"kostka/systems"
	"kostka/systems/catalog"
	"kostka/systems/compare"
)

// FuzzCompare feeds any JSON to a comparison of every system: it is
// answered, or refused with a *systems.FieldError (or, for JSON that is not
// a comparison, a decoding error), never a panic.
func FuzzCompare(f *testing.F) {
	full, err := os.ReadFile("testdata/full.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(full), uint8(0))
	f.Add(`{"attackers":[{"name":"a","attack":3,"damage":8},{"name":"b","attack":2,"damage":4}],"targets":[{"preset":"trooper"},{"name":"t","defense":2,"armour":4,"wounds":3}]}`, uint8(1))
	f.Add(`{"action":"team","attackers":[{"unit":"x"},{"profile":{"skill":1}}],"targets":[{"preset":"everassur","wounds":0}]}`, uint8(2))
	f.Add(`{"attackers":[{"name":"a","attacks":2,"mode":"melee"},{"name":"b","attacks":1,"points":-1}],"targets":[{"preset":"militia","pain":9}]}`, uint8(3))
	reg := catalog.Registry()
	ids := reg.IDs()
	f.Fuzz(func(t *testing.T, body string, system uint8) {
		var req compare.Request
		if json.Unmarshal([]byte(body), &req) != nil {
			return
		}
		sys, _ := reg.Get(ids[int(system)%len(ids)])
		res, err := compare.Compare(context.Background(), sys, req, nil)
		var fe *systems.FieldError
		switch {
		case err == nil:
			if len(res.Results) != len(req.Attackers)*len(req.Targets) {
				t.Fatalf("%d results for %d×%d", len(res.Results), len(req.Attackers), len(req.Targets))
			}
		case !errors.As(err, &fe):
			t.Fatalf("%s: %v, not a field error", body, err)
		}
	})
}
