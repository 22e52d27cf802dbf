package bot

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestAliases drives /alias end to end in Polish: saved for the server and
// for a player, rolled with values (/roll expr:"ostrzal 5"), offered in
// autocomplete, listed, shown, refused with the wrong number of values,
// guarded as units are (only its author or a manager deletes a server's),
// and deleted.
func TestAliases(t *testing.T) {
	u := newUnitServer(t, "pl")
	alias := func(user string, perms int64, opts string) reply {
		t.Helper()
		var r reply
		if err := json.Unmarshal(u.send(user, perms, "alias", opts, "{}"), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	if got := alias("7", 0, subcommand("save", str("name", "ostrzal"), str("expr", "{n}d6>=4"))).text(); !strings.Contains(got, "Zapisano alias ostrzal") {
		t.Fatalf("save: %q", got)
	}
	alias("7", 0, subcommand("save", str("name", "moj"), str("expr", "{a}d{b}+1"), `{"name":"private","type":5,"value":true}`))

	roll := u.cmd("roll", "["+str("expr", "ostrzal 5")+"]")
	if len(roll.Data.Embeds) != 1 || !strings.HasPrefix(roll.Data.Embeds[0].Description, "5d6>=4 → (") {
		t.Errorf("/roll ostrzal 5: %q", roll.text())
	}
	if own := u.cmd("roll", "["+str("expr", "moj 2 8")+"]"); len(own.Data.Embeds) != 1 || !strings.HasPrefix(own.Data.Embeds[0].Description, "2d8+1 → (") {
		t.Errorf("/roll moj 2 8: %q", own.text())
	}
	if bad := u.cmd("roll", "["+str("expr", "ostrzal")+"]"); bad.Data.Flags != 64 || !strings.Contains(bad.text(), "ostrzal przyjmuje 1 wartość (n), a nie 0") {
		t.Errorf("/roll ostrzal without its value: %q", bad.text())
	}
	if plain := u.cmd("roll", "["+str("expr", "3d6")+"]"); !strings.HasPrefix(plain.Data.Embeds[0].Description, "3d6 → (") {
		t.Errorf("a dice expression is not an alias: %q", plain.text())
	}

	body := inGuildWith("ac1", "900", "pl", "7", 0, 4, "alias", `[{"name":"show","type":1,"options":[{"name":"name","type":3,"value":"ost","focused":true}]}]`, "{}")
	res, err := httpPost(u, body)
	if err != nil || !strings.Contains(res, `"value":"ostrzal"`) {
		t.Errorf("autocomplete: %s %v", res, err)
	}

	if list := alias("7", 0, subcommand("list")).text(); !strings.Contains(list, "**ostrzal** · `{n}d6>=4`") || strings.Contains(list, "moj") {
		t.Errorf("the server's list: %q", list)
	}
	if got := alias("9", 0, subcommand("delete", str("name", "ostrzal"))).text(); !strings.Contains(got, "ostrzal") || strings.Contains(got, "Usunięto") {
		t.Errorf("another member deleted the server's alias: %q", got)
	}
	if got := alias("9", int64(discordgo.PermissionManageGuild), subcommand("delete", str("name", "ostrzal"))).text(); !strings.Contains(got, "Usunięto alias ostrzal") {
		t.Errorf("a manager's delete: %q", got)
	}
	if got := alias("7", 0, subcommand("show", str("name", "ostrzal"))).text(); !strings.Contains(got, "Nie ma aliasu ostrzal") {
		t.Errorf("show after delete: %q", got)
	}
	if got := alias("7", 0, subcommand("save", str("name", "dwa słowa"), str("expr", "d6"))).text(); !strings.Contains(got, "nazwa aliasu to jedno słowo") {
		t.Errorf("a bad name: %q", got)
	}
}

// httpPost sends a signed interaction body to the unit server and returns
// the response's body.
func httpPost(u *unitServer, body string) (string, error) {
	res, err := http.DefaultClient.Do(u.signer.request(u.t, u.url, body, u.now))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return string(b), err
}

// TestAliasReplies: the replies of /alias and of a roll through an alias,
// golden in every language.
func TestAliasReplies(t *testing.T) {
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			u := newUnitServer(t, locale)
			goldenReply(t, "alias-save."+locale+".json", u.send("7", 0, "alias", subcommand("save", str("name", "ostrzal"), str("expr", "{n}d6>=4")), "{}"))
			goldenReply(t, "alias-list."+locale+".json", u.send("7", 0, "alias", subcommand("list"), "{}"))
			goldenReply(t, "alias-roll."+locale+".json", u.send("7", 0, "roll", "["+str("expr", "ostrzal 5")+"]", "{}"))
			goldenReply(t, "alias-refused."+locale+".json", u.send("7", 0, "roll", "["+str("expr", "ostrzal 5 6")+"]", "{}"))
		})
	}
}
