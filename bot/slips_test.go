package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestUnitSlips: what players type reaches them as typed and in their
// language: a blank name and a file that is not JSON are refused in
// words of the reply's language (no Go or English error text), a name's
// Markdown is escaped, and a private shelf's list is seen by its player
// only.
func TestUnitSlips(t *testing.T) {
	for _, tc := range []struct {
		locale                 string
		noName, notFile, saved string
		own                    string // the unit's own fields in the player's words
		want                   string // its stored profile
		decimal, unknown       string // quality=3,5 refused; the fields listed in the player's words
	}{
		{"pl", "oddział musi mieć nazwę", "plik nie jest plikiem oddziałów z eksportu", `\*\*Elita\*\*\_x\_`,
			"ataki=2 obrona=5 modele=10 wytrzymałość=1", `{"attacks": 2, "defense": 5, "models": 10, "toughness": 1}`, "„3,5” to nie liczba całkowita", "ataki, jakość"},
		{"cs", "jednotka musí mít název", "soubor není soubor jednotek z exportu", `\*\*Elita\*\*\_x\_`,
			"útoky=2 obrana=5", `{"attacks": 2, "defense": 5}`, "„3,5” není celé číslo", "útoky, kvalita"},
		{"en-US", "a unit needs a name", "the file is not a units file made by export", `\*\*Elita\*\*\_x\_`,
			"attacks=2 defense=5", `{"attacks": 2, "defense": 5}`, "“3,5” is not a whole number", "attacks, quality"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			u := newUnitServer(t, tc.locale)
			blank := u.cmd("unit", subcommand("save", str("name", "   "), str("system", "quality-d6"), str("fields", "attacks=1")))
			if got := blank.text(); !strings.Contains(got, tc.noName) || strings.Contains(got, "invalid") {
				t.Errorf("blank name: %q, want %q and no \"invalid\"", got, tc.noName)
			}
			saved := u.cmd("unit", subcommand("save", str("name", "**Elita**_x_"), str("system", "quality-d6"), str("fields", "attacks=1")))
			if got := saved.text(); !strings.Contains(got, tc.saved) {
				t.Errorf("saved: %q, want the name escaped, %s", got, tc.saved)
			}
			u.cdn.put("/attachments/1/units.json", []byte("hello"))
			raw := u.send("7", 0, "unit", subcommand("import", `{"name":"file","type":11,"value":"555"}`), attachment(u.cdnURL+"/attachments/1/units.json", 5))
			var r reply
			if err := json.Unmarshal(raw, &r); err != nil {
				t.Fatal(err)
			}
			if got := r.text(); !strings.Contains(got, tc.notFile) || strings.Contains(got, "invalid character") {
				t.Errorf("import of a file not JSON: %q, want %q", got, tc.notFile)
			}
			u.cmd("unit", subcommand("save", str("name", "Własny"), str("system", "quality-d6"), str("fields", tc.own)))
			if got := u.profile("Własny"); !sameJSON(t, got, tc.want) {
				t.Errorf("fields %s saved as %s, want %s", tc.own, got, tc.want)
			}
			if got := u.cmd("unit", subcommand("save", str("name", "Zły"), str("system", "quality-d6"), str("fields", "quality=3,5"))).text(); !strings.Contains(got, tc.decimal) {
				t.Errorf("quality=3,5: %q, want %q", got, tc.decimal)
			}
			if got := u.cmd("unit", subcommand("save", str("name", "Zły"), str("system", "quality-d6"), str("fields", "lasery=3"))).text(); !strings.Contains(got, tc.unknown) {
				t.Errorf("lasery=3: %q, want the fields named %q", got, tc.unknown)
			}
			u.cmd("unit", subcommand("save", str("name", "Mój"), str("system", "quality-d6"), str("fields", "attacks=1"), `{"name":"private","type":5,"value":true}`))
			list := u.cmd("unit", subcommand("list", `{"name":"private","type":5,"value":true}`))
			if list.Data.Flags&64 == 0 || !strings.Contains(list.text(), "Mój") {
				t.Errorf("private list: flags %d, %q; want ephemeral (64) with Mój", list.Data.Flags, list.text())
			}
		})
	}
}

// TestSettingsPrivateAndUnset: a server keeps answers private by default
// (a command's own private: still decides), and every setting can be
// unset.
func TestSettingsPrivateAndUnset(t *testing.T) {
	u := newUnitServer(t, "pl")
	admin := func(opts ...string) reply {
		t.Helper()
		var r reply
		raw := u.send("8", int64(discordgo.PermissionManageGuild), "settings", "["+strings.Join(opts, ",")+"]", "{}")
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	roll := func(opts ...string) int {
		t.Helper()
		return u.cmd("roll", "["+strings.Join(append([]string{str("expr", "2d6")}, opts...), ",")+"]").Data.Flags
	}
	if got := admin(str("system", "quality-d6"), str("lang", "cs"), `{"name":"private","type":5,"value":true}`).text(); !strings.Contains(got, "soukromé") {
		t.Errorf("settings: %q", got)
	}
	if roll() != 64 || roll(`{"name":"private","type":5,"value":false}`) != 0 {
		t.Errorf("with answers private by default: flags %d, and %d with private:False", roll(), roll(`{"name":"private","type":5,"value":false}`))
	}
	admin(str("unset", "private"))
	if roll() != 0 {
		t.Errorf("private unset, a roll is still private")
	}
	admin(str("unset", "system"))
	got := admin(str("unset", "lang")).text()
	set, err := u.book.Settings(t.Context(), "900")
	if err != nil || set.System != "" || set.Lang != "" || set.Private {
		t.Errorf("after unsetting all: %+v %v (%q)", set, err, got)
	}
	if !strings.Contains(got, "publiczne") {
		t.Errorf("the answer after unsetting the language is not in the player's (pl): %q", got)
	}
}
