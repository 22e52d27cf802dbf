package main

import (
	"flag"

	"kostka/units/boltstore"
)

// dataFlag defines -data, the directory of the saved units.
func dataFlag(fs *flag.FlagSet) *string {
	return fs.String("data", "", "`directory` of the saved units and server settings (default: kostka under the user's state directory)")
}

// openUnits opens the embedded units store in dir, or in the default data
// directory when dir is "".
func openUnits(dir string) (*boltstore.Store, error) {
	if dir == "" {
		var err error
		if dir, err = boltstore.DefaultDir(); err != nil {
			return nil, err
		}
	}
	return boltstore.Open(dir)
}
