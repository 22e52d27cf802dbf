package poolk6

import (
	"testing"

	"kostka/systems/systemstest"
)

func TestSystemSchemas(t *testing.T) {
	systemstest.CheckSystem(t, System(), map[string]any{
		"test": TestRequest{}, "attack": AttackRequest{}, "area": AreaRequest{}, "special": SpecialRequest{},
		"initiative": InitiativeRequest{},
	})
}
