package bot

import (
	"context"
	"strings"
	"testing"

	"kostka"

	"kostka/rulesdata"
	"kostka/search"
	"kostka/systems/catalog"
)

// TestRuleHouseRule: over an API serving a house-rules directory on top of
// the built-in rulebooks, /rule marks the house rule in its embed, in the
// player's language, and leaves a built-in rule unmarked.
func TestRuleHouseRule(t *testing.T) {
	books, err := rulesdata.FromDir("../rulesdata/testdata/house", false)
	if err != nil {
		t.Fatal(err)
	}
	ix := search.New(books)
	t.Cleanup(func() { ix.Close() })
	b, err := New(Config{Service: kostka.New(kostka.Config{Rules: ix}), Systems: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		locale, query, title, badge string
	}{
		{"pl", "osłona", "Osłona", "🏠 **Zasada domowa**\n\n"},
		{"cs", "night ambush", "Nocna zasadzka", "🏠 **Domácí pravidlo**\n\n"},
		{"en-GB", "quality-d6.oslona", "Osłona", "🏠 **House rule**\n\n"},
		{"pl", "quality-d6.ap-x", "AP(X)", ""},
	} {
		t.Run(tc.locale+" "+tc.query, func(t *testing.T) {
			res := b.Handle(context.Background(), interaction(t, slash(tc.locale, "rule", `[{"name":"query","type":3,"value":"`+tc.query+`"}]`)))
			if len(res.Data.Embeds) == 0 {
				t.Fatalf("no embed: %+v", res.Data)
			}
			e := res.Data.Embeds[0]
			marked := strings.Contains(e.Description, "🏠")
			if e.Title != tc.title || marked != (tc.badge != "") || !strings.HasPrefix(e.Description, tc.badge) {
				t.Errorf("embed %q: %q, want it to start %q", e.Title, e.Description, tc.badge)
			}
		})
	}
}
