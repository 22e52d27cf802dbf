package bot

import (
	"encoding/json"
	"slices"
	"testing"

	"kostka/systems/catalog"
)

// TestCommandsBuild checks that every system's schema fits Discord's rules
// for commands (building the definitions gives no error), that New leaves
// the building to the first use, so a process pays nothing at start-up,
// and that the definitions are built once.
func TestCommandsBuild(t *testing.T) {
	b := newBot(t)
	if b.defs.commands != nil || b.defs.actions != nil {
		t.Fatal("New built the commands before their first use")
	}
	d := &commandDefs{systems: catalog.Registry()}
	cmds, actions, err := d.get()
	if err != nil {
		t.Fatalf("the systems' schemas do not fit Discord's rules: %v", err)
	}
	want, err := json.Marshal(b.Commands())
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(cmds)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("the commands built for the registry differ from the bot's:\n%s\n%s", got, want)
	}
	if _, ok := actions["attack quality-d6"]; !ok {
		t.Errorf("no attack quality-d6 among %d actions", len(actions))
	}
	again, _, _ := d.get()
	if !slices.Equal(again, cmds) {
		t.Error("a second use built them again")
	}
}
