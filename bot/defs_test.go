package bot

import (
	"encoding/json"
	"slices"
	"testing"

	"kostka/systems/catalog"
)

// TestCommandsBuiltOnFirstUse checks that the command definitions a
// process builds on first use (outside test binaries, New leaves them for
// later) are those New builds at once here, and that they are built once.
func TestCommandsBuiltOnFirstUse(t *testing.T) {
	d := &commandDefs{systems: catalog.Registry()}
	if d.commands != nil || d.actions != nil {
		t.Fatal("built before first use")
	}
	cmds, actions, err := d.get()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(newBot(t).Commands())
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(cmds)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("lazily built commands differ from New's:\n%s\n%s", got, want)
	}
	if _, ok := actions["attack quality-d6"]; !ok {
		t.Errorf("no attack quality-d6 among %d actions", len(actions))
	}
	again, _, _ := d.get()
	if !slices.Equal(again, cmds) {
		t.Error("a second use built them again")
	}
}
