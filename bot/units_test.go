package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// unitBot is a bot with saved units in a real embedded store.
func unitBot(t *testing.T) (*Bot, *units.Book) {
	t.Helper()
	store, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := catalog.Registry()
	book := units.NewBook(store, units.SchemaValidator(reg), units.DefaultLimits)
	book.Random = rand.NewChaCha8([32]byte{}) // buttons' keys in golden replies
	b, err := New(Config{Service: kostkaService(), Systems: reg, Units: book})
	if err != nil {
		t.Fatal(err)
	}
	return b, book
}

// inGuild builds a slash command from member user in guild 900 with the
// given permissions.
func inGuild(locale, user string, perms int64, name, options string) string {
	return fmt.Sprintf(`{"id":"100","application_id":"200","type":2,"token":"tok","locale":%q,"guild_id":"900",
		"member":{"user":{"id":%q,"username":"u%s"},"permissions":"%d"},
		"data":{"id":"300","name":%q,"type":1,"options":%s}}`, locale, user, user, perms, name, options)
}

func subcommand(name string, opts ...string) string {
	return fmt.Sprintf(`[{"name":%q,"type":1,"options":[%s]}]`, name, strings.Join(opts, ","))
}

func str(name, value string) string {
	v, _ := json.Marshal(value)
	return fmt.Sprintf(`{"name":%q,"type":3,"value":%s}`, name, v)
}

// reply is the part of a response these tests read.
type reply struct {
	Type int
	Data struct {
		Content string
		Flags   int
		Embeds  []struct{ Title, Description string }
	}
}

func (r reply) text() string {
	s := r.Data.Content
	for _, e := range r.Data.Embeds {
		s += "\n" + e.Title + "\n" + e.Description
	}
	return s
}

// TestUnitCommands drives /unit and /settings end to end: signed HTTP
// interactions into a bot with a real embedded store, in every language.
func TestUnitCommands(t *testing.T) {
	const manager = int64(discordgo.PermissionManageGuild | discordgo.PermissionSendMessages)
	const member = int64(discordgo.PermissionSendMessages)
	s := newSigner(t)
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		locale                                      string
		saved, listTitle, notFound, denied, notYour string
		invalid, settings                           string
	}{
		{"pl", "Zapisano **Strzelcy** (quality-d6), wersja 1.", "Zapisane oddziały", `Nie ma zapisanego oddziału "Armata".`,
			"Tylko członkowie z uprawnieniem Zarządzanie serwerem", `Tylko autor lub członek z uprawnieniem Zarządzanie serwerem może zmienić "Strzelcy"`,
			"Nie można zapisać tego oddziału", "System gry: pool-k6 · język: pl"},
		{"cs", "Uloženo **Strzelcy** (quality-d6), verze 1.", "Uložené jednotky", `Uložená jednotka "Armata" neexistuje.`,
			"Nastavení tohoto serveru mohou měnit jen členové s oprávněním Spravovat server.", `Jen autor nebo člen s oprávněním Spravovat server může změnit "Strzelcy"`,
			"Tuto jednotku nelze uložit", "Herní systém: pool-k6 · jazyk: cs"},
		{"en-US", "Saved **Strzelcy** (quality-d6), version 1.", "Saved units", `There is no saved unit "Armata".`,
			"Only members with the Manage Server permission can change this server's settings.", `Only its author or a member with the Manage Server permission can change "Strzelcy"`,
			"This unit cannot be saved", "Game system: pool-k6 · language: en"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			b, book := unitBot(t)
			srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
			defer srv.Close()
			do := func(body string) reply {
				t.Helper()
				res, err := http.DefaultClient.Do(s.request(t, srv.URL, body, now))
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				raw, _ := io.ReadAll(res.Body)
				var r reply
				if res.StatusCode != http.StatusOK || json.Unmarshal(raw, &r) != nil {
					t.Fatalf("%s: %d %s", body, res.StatusCode, raw)
				}
				return r
			}
			expect := func(r reply, want string) {
				t.Helper()
				if !strings.Contains(r.text(), want) {
					t.Errorf("reply %q, want it to contain %q", r.text(), want)
				}
			}
			profile := str("profile", `{"attacks": 10, "quality": 4, "ap": 1}`)

			expect(do(inGuild(tc.locale, "7", member, "unit", subcommand("save", str("name", "Strzelcy"), str("system", "quality-d6"), profile))), tc.saved)
			expect(do(inGuild(tc.locale, "7", member, "unit", subcommand("list"))), tc.listTitle)
			expect(do(inGuild(tc.locale, "8", member, "unit", subcommand("show", str("name", "strzelcy")))), `{"attacks":10,"quality":4,"ap":1}`)
			expect(do(inGuild(tc.locale, "7", member, "unit", subcommand("show", str("name", "Armata")))), tc.notFound)

			// Nothing is written for an invalid profile.
			r := do(inGuild(tc.locale, "7", member, "unit", subcommand("save", str("name", "Zły"), str("system", "quality-d6"), str("profile", `{"quality": 9}`))))
			expect(r, tc.invalid)
			expect(r, map[string]string{"pl": "Jakość (N+)", "cs": "Kvalita (N+)", "en-US": "Quality (N+)"}[tc.locale]) // the field's label, not its path
			if r.Data.Flags != int(discordgo.MessageFlagsEphemeral) {
				t.Errorf("a refusal is not ephemeral: %+v", r)
			}
			if _, err := book.Get(context.Background(), units.Guild("900"), "Zły"); err == nil {
				t.Error("an invalid unit was saved")
			}

			// Another member without the permission may not delete or
			// overwrite it; a manager may.
			expect(do(inGuild(tc.locale, "8", member, "unit", subcommand("delete", str("name", "Strzelcy")))), tc.notYour)
			expect(do(inGuild(tc.locale, "8", member, "unit", subcommand("save", str("name", "Strzelcy"), str("system", "quality-d6"), profile))), tc.notYour)
			if u, err := book.Get(context.Background(), units.Guild("900"), "Strzelcy"); err != nil || u.Version != 1 {
				t.Errorf("after refused changes: %+v, %v", u, err)
			}
			do(inGuild(tc.locale, "9", manager, "unit", subcommand("delete", str("name", "Strzelcy"))))
			if _, err := book.Get(context.Background(), units.Guild("900"), "Strzelcy"); err == nil {
				t.Error("a manager could not delete another member's unit")
			}

			// Settings: refused without Manage Server, and nothing changes.
			expect(do(inGuild(tc.locale, "8", member, "settings", `[`+str("system", "pool-k6")+`]`)), tc.denied)
			if set, _ := book.Settings(context.Background(), "900"); set.System != "" {
				t.Errorf("a member without the permission changed the settings: %+v", set)
			}
			// Once the server's language is set, every reply in the
			// server is in it, whatever the member's own locale.
			const inCzech = "Herní systém: pool-k6 · jazyk: cs"
			expect(do(inGuild(tc.locale, "9", manager, "settings", `[`+str("system", "pool-k6")+`,`+str("lang", "cs")+`]`)), inCzech)
			if set, _ := book.Settings(context.Background(), "900"); set.System != "pool-k6" || set.Lang != "cs" {
				t.Errorf("settings after a manager's change: %+v", set)
			}
			// Anyone may read them.
			expect(do(inGuild(tc.locale, "8", member, "settings", `[]`)), inCzech)
			// Set to the member's language, the replies are in it again.
			own, _, _ := strings.Cut(tc.locale, "-")
			expect(do(inGuild(tc.locale, "9", manager, "settings", `[`+str("lang", own)+`]`)), tc.settings)
		})
	}
}

// TestUnitCommandsWithoutStore: without a units store /unit and /settings
// are still offered (registering from a laptop has no store) and answer
// politely that there is none.
func TestUnitCommandsWithoutStore(t *testing.T) {
	b := newBot(t)
	found := 0
	for _, c := range b.Commands() {
		if c.Name == "unit" || c.Name == "settings" {
			found++
		}
	}
	if found != 2 {
		t.Errorf("%d of /unit and /settings offered, want 2", found)
	}
	for locale, want := range map[string]string{"pl": "nie przechowuje", "cs": "neukládá", "en-US": "keeps no saved units"} {
		res := b.Handle(t.Context(), interaction(t, inGuild(locale, "7", 0, "unit", subcommand("list"))))
		if res.Data == nil || !strings.Contains(res.Data.Content, want) || res.Data.Flags != discordgo.MessageFlagsEphemeral {
			t.Errorf("%s: /unit list without a store: %+v", locale, res.Data)
		}
	}
}
