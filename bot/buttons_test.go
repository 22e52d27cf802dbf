package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// press is a component interaction: a button pressed or a select menu's
// value chosen, in a locale.
func press(t *testing.T, b *Bot, locale, customID string, values ...string) *Response {
	t.Helper()
	v := "[]"
	if len(values) > 0 {
		v = `["` + strings.Join(values, `","`) + `"]`
	}
	return b.Handle(t.Context(), interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":%q,
		"data":{"custom_id":%q,"component_type":2,"values":%s}}`, locale, customID, v)))
}

// components lists a reply's buttons and select menus by custom id.
func components(res *Response) map[string]discordgo.MessageComponent {
	out := map[string]discordgo.MessageComponent{}
	for _, row := range res.Data.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				out[c.CustomID] = c
			case discordgo.SelectMenu:
				out[c.CustomID] = c
			}
		}
	}
	return out
}

// TestButtons: a roll has "roll again" and "odds", a rolled attack "roll
// again" and the rules it applied; each does what it says, statelessly
// (all it needs is in its custom id), a rule opening privately.
func TestButtons(t *testing.T) {
	b := newBot(t)
	roll := b.Handle(t.Context(), interaction(t, slash("pl", "roll", `[{"name":"expr","type":3,"value":"3k6+2"}]`)))
	if _, ok := components(roll)["odds:3k6+2"]; !ok {
		t.Fatalf("roll's components %v, want the odds button", components(roll))
	}
	odds := press(t, b, "pl", "odds:3k6+2")
	if !hasFiles(odds) || !strings.HasPrefix(odds.Data.Embeds[0].Title, "Szanse: 3k6+2") {
		t.Errorf("odds button: %+v", odds.Data)
	}
	checkFiles(t, odds)
	priv := b.Handle(t.Context(), interaction(t, slash("cs", "roll", `[{"name":"expr","type":3,"value":"d20"},{"name":"private","type":5,"value":true}]`)))
	if _, ok := components(priv)["oddsp:d20"]; !ok {
		t.Fatalf("private roll's components %v", components(priv))
	}
	if res := press(t, b, "cs", "oddsp:d20"); res.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("the odds of a private roll are public")
	}

	attack := b.Handle(t.Context(), interaction(t, `{"id":"100","application_id":"200","type":2,"token":"tok","locale":"cs","data":{"id":"301","name":"attack","type":1,
		"options":[{"name":"quality-d6","type":1,"options":[{"name":"attacks","type":4,"value":6},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":4},{"name":"ap","type":4,"value":1}]}]}}`))
	cs := components(attack)
	again := `act:attack quality-d6 {"ap":1,"attacks":6,"defense":4,"quality":4}`
	if _, ok := cs[again]; !ok {
		t.Fatalf("attack's components %v, want %s", cs, again)
	}
	rolled := press(t, b, "cs", again)
	if len(rolled.Data.Embeds) != 1 || rolled.Data.Embeds[0].Title != attack.Data.Embeds[0].Title || len(rolled.Data.Embeds[0].Fields) != 1 {
		t.Errorf("roll again: %+v", rolled.Data)
	}
	menu, ok := cs[appliedRuleID].(discordgo.SelectMenu)
	if !ok || len(menu.Options) < 3 || menu.Placeholder != "Použitá pravidla" {
		t.Fatalf("rules applied: %+v", cs[appliedRuleID])
	}
	var ap string
	for _, o := range menu.Options {
		if o.Label == "AP(X)" {
			ap = o.Value
		}
	}
	rule := press(t, b, "cs", appliedRuleID, ap)
	if ap == "" || rule.Data.Flags != discordgo.MessageFlagsEphemeral || len(rule.Data.Embeds) == 0 || !strings.Contains(rule.Data.Embeds[0].Title, "AP") {
		t.Errorf("the rule %q opened as %+v", ap, rule.Data)
	}
	for _, bad := range []struct{ id, value string }{{"act:attack chess {}", ""}, {"act:attack quality-d6 nonsense", ""}, {appliedRuleID, "../etc"}} {
		res := press(t, b, "pl", bad.id, bad.value)
		if res.Data.Flags != discordgo.MessageFlagsEphemeral || res.Data.Content == "" {
			t.Errorf("%s %s answered %+v, want a polite private refusal", bad.id, bad.value, res.Data)
		}
	}
}

// TestPrivateEverywhere: private:True makes any command's answer seen by
// its player only.
func TestPrivateEverywhere(t *testing.T) {
	b := newBot(t)
	for _, js := range []string{
		slash("pl", "odds", `[{"name":"expr","type":3,"value":"3k6"},{"name":"private","type":5,"value":true}]`),
		slash("pl", "rule", `[{"name":"query","type":3,"value":"osłona"},{"name":"private","type":5,"value":true}]`),
		slash("pl", "cost", `[{"name":"models","type":4,"value":5},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":4},{"name":"private","type":5,"value":true}]`),
		`{"id":"100","application_id":"200","type":2,"token":"tok","locale":"cs","data":{"id":"301","name":"test","type":1,"options":[{"name":"pool-k6","type":1,"options":[{"name":"dice","type":4,"value":3},{"name":"private","type":5,"value":true}]}]}}`,
	} {
		res := b.Handle(t.Context(), interaction(t, js))
		if res.Data.Flags != discordgo.MessageFlagsEphemeral {
			t.Errorf("%s: flags %d, content %q", js, res.Data.Flags, res.Data.Content)
		}
	}
}
