// Package catalog lists every game system Kostka resolves.
package catalog

import (
	"kostka/systems"
	"kostka/systems/fantasyk6"
	"kostka/systems/poolk6"
	"kostka/systems/qualityd6"
	"kostka/systems/wzrd20"
)

// Registry returns a registry of every game system.
func Registry() *systems.Registry {
	return systems.NewRegistry(
		qualityd6.System(),
		poolk6.System(),
		fantasyk6.System(),
		wzrd20.System(),
	)
}
