package bot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka/units"
)

// unitServer is a bot with a real embedded units store behind a signed
// HTTP endpoint, with Discord's CDN on loopback for /unit import.
type unitServer struct {
	t      *testing.T
	book   *units.Book
	cdn    *cdn
	cdnURL string
	url    string
	signer signer
	now    time.Time
	locale string
	n      int
}

func newUnitServer(t *testing.T, locale string) *unitServer {
	t.Helper()
	files, cdnSrv := newCDN(t)
	b, book := unitBot(t)
	b.cfg.AttachmentBases = []string{cdnSrv.URL + "/attachments/"}
	seed := uint64(42)
	b.seed = &seed
	s := newSigner(t)
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	t.Cleanup(srv.Close)
	return &unitServer{t: t, book: book, cdn: files, cdnURL: cdnSrv.URL, url: srv.URL, signer: s, now: now, locale: locale}
}

// send sends a signed slash command from user (with perms) in guild 900
// and returns the response's body.
func (u *unitServer) send(user string, perms int64, name, options, resolved string) []byte {
	u.t.Helper()
	u.n++
	body := inGuildWith(fmt.Sprintf("s%d", u.n), "900", u.locale, user, perms, 2, name, options, resolved)
	res, err := http.DefaultClient.Do(u.signer.request(u.t, u.url, body, u.now))
	if err != nil {
		u.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		u.t.Fatalf("/%s %s: %d %s", name, options, res.StatusCode, raw)
	}
	return raw
}

// cmd sends a command from member 7 and returns its reply.
func (u *unitServer) cmd(name, options string) reply {
	u.t.Helper()
	var r reply
	if raw := u.send("7", int64(discordgo.PermissionSendMessages), name, options, "{}"); json.Unmarshal(raw, &r) != nil {
		u.t.Fatalf("/%s: %s", name, raw)
	}
	return r
}

// profile returns the stored profile of one of the server's units, or "".
func (u *unitServer) profile(name string) string {
	u.t.Helper()
	saved, err := u.book.Get(u.t.Context(), units.Guild("900"), name)
	if err != nil {
		return ""
	}
	return string(saved.Profile)
}

// sameJSON reports whether two JSON documents hold the same values.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return bytes.Equal(mustJSON(t, x), mustJSON(t, y))
}

// goldenReply compares an interaction's answer, as the HTTP endpoint sent
// it, with testdata/replies/name (indented).
func goldenReply(t *testing.T, name string, raw []byte) {
	t.Helper()
	var indented bytes.Buffer
	if err := json.Indent(&indented, raw, "", "  "); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	indented.WriteByte('\n')
	golden(t, filepath.Join("replies", name), indented.Bytes())
}

// TestUnitSaveFromFields: /unit save takes the unit's fields as /attack
// game does (name=value, the options' names in English, Polish or Czech),
// pasted JSON, or both; it validates by the system's schema, writes
// nothing on a refusal, and names a typed field by its label in the
// player's language. Signed interactions, a real store, pl, cs and en-US.
func TestUnitSaveFromFields(t *testing.T) {
	for _, tc := range []struct {
		locale, fields, wrongType, badField, badRange, badWeapon, nothing, noSystem, saved string
	}{
		{"pl", "ataki=10 jakość=4 ap=1 obrona-celu=5 modele-w-oddziale-celu=10 wytrzymałość-modelu=1",
			"Ataki: „many” to nie liczba.", "„lasers” nie jest polem systemu",
			"Nie można zapisać tego oddziału: Zły, Jakość (N+): musi mieć wartość od 2 do 6, a nie 9",
			"Nie można zapisać tego oddziału: Zły, Broń 2: tabela zasięgu obejmuje walkę wręcz i zasięgi do 36\"; 48\" jest poza nią",
			"Podaj pola oddziału jako nazwa=wartość", "Z jakiego systemu gry jest ten oddział?", "Zapisano **Zwiad** (pool-k6), wersja 1."},
		{"cs", "útoky=10 kvalita=4 ap=1 obrana-cíle=5 modely-v-cílové-jednotce=10 odolnost-modelu=1",
			"Útoky: „many” není číslo.", "„lasers” není pole systému",
			"Tuto jednotku nelze uložit: Zły, Kvalita (N+): musí mít hodnotu od 2 do 6, ne 9",
			"Tuto jednotku nelze uložit: Zły, Zbraně 2: tabulka dostřelu pokrývá boj zblízka a dostřel do 36\"; 48\" je mimo ni",
			"Zadejte pole jednotky jako název=hodnota", "Z jakého herního systému je jednotka?", "Uloženo **Zwiad** (pool-k6), verze 1."},
		{"en-US", "attacks=10 quality=4 ap=1 defense=5 models=10 toughness=1",
			"Attacks: “many” is not a number.", "“lasers” is not a field of",
			"This unit cannot be saved: Zły, Quality (N+): must be from 2 to 6, not 9",
			"This unit cannot be saved: Zły, Weapons 2: the range table covers melee and ranges up to 36\"; 48\" is outside it",
			"Give the unit's fields as name=value", "Which game system is the unit of?", "Saved **Zwiad** (pool-k6), version 1."},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			t.Parallel()
			u := newUnitServer(t, tc.locale)
			save := func(opts ...string) reply {
				t.Helper()
				return u.cmd("unit", subcommand("save", opts...))
			}
			expect := func(r reply, want string) {
				t.Helper()
				if !strings.Contains(r.text(), want) {
					t.Errorf("reply %q, want it to contain %q", r.text(), want)
				}
				if r.Data.Flags != int(discordgo.MessageFlagsEphemeral) {
					t.Errorf("reply %q is not ephemeral", r.text())
				}
			}
			const profile = `{"attacks": 10, "quality": 4, "ap": 1, "defense": 5, "models": 10, "toughness": 1}`

			// The fields typed as /attack's options are the same unit as
			// the JSON, and attack the same.
			expect(save(str("name", "Strzelcy"), str("system", "quality-d6"), str("fields", tc.fields)), "**Strzelcy**")
			save(str("name", "Strzelcy JSON"), str("system", "quality-d6"), str("profile", profile))
			if got := u.profile("Strzelcy"); !sameJSON(t, got, profile) {
				t.Errorf("saved from fields: %s, want %s", got, profile)
			}
			if a, b := u.cmd("attack", subcommand("game", str("unit", "Strzelcy"), str("target", "Strzelcy"))),
				u.cmd("attack", subcommand("game", str("unit", "Strzelcy JSON"), str("target", "Strzelcy JSON"))); a.text() != b.text() || len(a.Data.Embeds) != 1 {
				t.Errorf("the attacks of the two units differ:\n%s\n%s", a.text(), b.text())
			}

			// Typed fields override the pasted JSON's.
			save(str("name", "Mieszany"), str("system", "quality-d6"), str("profile", `{"attacks": 10, "ap": 1}`), str("fields", `ap=2 abilities="Szpica, Finezja" melee=tak`))
			if got, want := u.profile("Mieszany"), `{"attacks": 10, "ap": 2, "abilities": ["Szpica", "Finezja"], "melee": true}`; !sameJSON(t, got, want) {
				t.Errorf("JSON and fields: %s, want %s", got, want)
			}

			// A quality-d6 unit takes its weapons as /cost types them,
			// and /cost prices it as the same options typed.
			save(str("name", "Drużyna"), str("system", "quality-d6"),
				str("fields", `models=10 quality=4 defense=5 toughness=1 abilities=Nieustraszony weapons="1 24 AP1 Rozprysk(3); 1 melee"`))
			byName := u.cmd("cost", `[`+str("unit", "Drużyna")+`]`)
			typed := u.cmd("cost", `[`+num("models", 10)+`,`+num("quality", 4)+`,`+num("defense", 5)+`,`+num("toughness", 1)+`,`+
				str("abilities", "Nieustraszony")+`,`+str("weapons", "1 24 AP1 Rozprysk(3); 1 melee")+`]`)
			if byName.text() != typed.text() || len(byName.Data.Embeds) != 1 {
				t.Errorf("/cost of the saved unit:\n%s\nwant, as typed:\n%s", byName.text(), typed.text())
			}

			// Refusals write nothing, and name a typed field by its label.
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("fields", "ap=1"), str("profile", `[1]`)), "Zły, profile: ")
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("fields", `abilities="open`)), "ap=2 cover=true")
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("fields", "attacks=many")), tc.wrongType)
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("fields", "lasers=3")), tc.badField)
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("fields", "quality=9")), tc.badRange)
			goldenReply(t, "unit-save-refused."+tc.locale+".json", u.send("7", 0, "unit", subcommand("save", str("name", "Zły"), str("system", "quality-d6"),
				str("fields", `jakość=9 weapons="1 24"`)), "{}"))
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("fields", `weapons="1 24; 1 48"`)), tc.badWeapon)
			expect(save(str("name", "Zły"), str("system", "quality-d6")), tc.nothing)
			// Pasted JSON alone keeps naming the field by its JSON path.
			expect(save(str("name", "Zły"), str("system", "quality-d6"), str("profile", `{"quality": 9}`)), "Zły, "+map[string]string{"pl": "Jakość (N+)", "cs": "Kvalita (N+)", "en-US": "Quality (N+)"}[tc.locale]+":")
			if got := u.profile("Zły"); got != "" {
				t.Errorf("a refused unit was saved: %s", got)
			}

			// Without the system option the server's game is used; with
			// neither, the player is asked for one.
			expect(save(str("name", "Zwiad"), str("fields", "attack=4")), tc.noSystem)
			u.send("9", int64(discordgo.PermissionManageGuild), "settings", `[`+str("system", "pool-k6")+`]`, "{}")
			expect(save(str("name", "Zwiad"), str("fields", "attack=4")), tc.saved)
			if got := u.profile("Zwiad"); !sameJSON(t, got, `{"attack": 4}`) {
				t.Errorf("saved with the server's system: %s", got)
			}
		})
	}
}

// TestCostViewUnit imports the units file the page's cost view exports
// (testdata/units/cost-view.json, which the page's own test makes byte for
// byte): /cost unit: prices it as its fields typed (the reply in
// testdata/replies/cost-unit.*.json), typed options override it, and
// /attack game with a single weapon typed takes its attack fields and
// leaves its weapons out.
func TestCostViewUnit(t *testing.T) {
	file, err := os.ReadFile(filepath.Join("testdata", "units", "cost-view.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			t.Parallel()
			u := newUnitServer(t, locale)
			u.cdn.put("/attachments/1/cost-view.json", file)
			var imported reply
			raw := u.send("7", 0, "unit", subcommand("import", `{"name":"file","type":11,"value":"555"}`), attachment(u.cdnURL+"/attachments/1/cost-view.json", len(file)))
			if json.Unmarshal(raw, &imported) != nil || !strings.Contains(imported.text(), "1") || u.profile("Strzelcy") == "" {
				t.Fatalf("importing the cost view's file: %s", raw)
			}

			byNameRaw := u.send("7", 0, "cost", `[`+str("unit", "Strzelcy")+`]`, "{}")
			byName := string(byNameRaw)
			typedOpts := []string{num("models", 10), num("quality", 4), num("defense", 5), num("toughness", 1),
				str("abilities", "Nieustraszony"), str("weapons", "rifle: 1 24 AP1 Rozprysk(3); knife: 1 melee")}
			typed := string(u.send("7", 0, "cost", `[`+strings.Join(typedOpts, ",")+`]`, "{}"))
			if byName != typed || !strings.Contains(typed, `"embeds":[{`) {
				t.Errorf("/cost unit:Strzelcy\n%s\nwant, as typed:\n%s", byName, typed)
			}
			goldenReply(t, "cost-unit."+locale+".json", byNameRaw)

			// Typed options override the unit's fields, its weapons too.
			over := string(u.send("7", 0, "cost", `[`+str("unit", "Strzelcy")+`,`+num("models", 5)+`,`+str("weapons", "2 melee")+`]`, "{}"))
			want := string(u.send("7", 0, "cost", `[`+strings.Join([]string{num("models", 5), num("quality", 4), num("defense", 5), num("toughness", 1),
				str("abilities", "Nieustraszony"), str("weapons", "2 melee")}, ",")+`]`, "{}"))
			if over != want || !strings.Contains(want, `"embeds":[{`) {
				t.Errorf("/cost unit:Strzelcy models:5 weapons:2 melee\n%s\nwant:\n%s", over, want)
			}

			// With a single weapon typed (attacks=10), the attack takes
			// the unit's attack fields (quality, abilities; as a target
			// defense, models, toughness and quality), not its weapons.
			attack := string(u.send("7", 0, "attack", subcommand("game", str("unit", "Strzelcy"), str("target", "Strzelcy"), str("fields", "attacks=10")), "{}"))
			attackTyped := string(u.send("7", 0, "attack", `[{"name":"quality-d6","type":1,"options":[`+strings.Join([]string{num("attacks", 10), num("quality", 4),
				num("defense", 5), num("models", 10), num("toughness", 1), num("target_quality", 4), str("abilities", "Nieustraszony")}, ",")+`]}]`, "{}"))
			if maskKept(attack) != maskKept(attackTyped) || !strings.Contains(attack, `"embeds":[{`) {
				t.Errorf("/attack game unit:Strzelcy target:Strzelcy\n%s\nwant:\n%s", attack, attackTyped)
			}
		})
	}
}

// TestAttackViewUnits imports the units file the page's attack view
// exports for an attacker and its target (testdata/units/attack-view.json,
// which the page's own test makes byte for byte): /attack game
// unit:Strzelcy target:Orki gives the reply of the same attack typed (the
// reply in testdata/replies/attack-view.*.json): the attacker's fields
// from Strzelcy, the target's defense, models, toughness and quality from
// Orki.
func TestAttackViewUnits(t *testing.T) {
	file, err := os.ReadFile(filepath.Join("testdata", "units", "attack-view.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			t.Parallel()
			u := newUnitServer(t, locale)
			u.cdn.put("/attachments/1/attack-view.json", file)
			var imported reply
			raw := u.send("7", 0, "unit", subcommand("import", `{"name":"file","type":11,"value":"555"}`), attachment(u.cdnURL+"/attachments/1/attack-view.json", len(file)))
			if json.Unmarshal(raw, &imported) != nil || !strings.Contains(imported.text(), "2") {
				t.Fatalf("importing the attack view's file: %s", raw)
			}
			if got := u.profile("Orki"); !sameJSON(t, got, `{"defense": 5, "models": 5, "toughness": 3, "quality": 5}`) {
				t.Errorf("the target saved as %s", got)
			}
			if got := u.profile("Strzelcy"); strings.Contains(got, `"defense"`) || strings.Contains(got, `"models"`) || !strings.Contains(got, `"attacks":10`) {
				t.Errorf("the attacker saved as %s", got)
			}

			byNameRaw := u.send("7", 0, "attack", subcommand("game", str("unit", "Strzelcy"), str("target", "Orki")), "{}")
			typed := string(u.send("7", 0, "attack", `[{"name":"quality-d6","type":1,"options":[`+strings.Join([]string{num("attacks", 10), num("quality", 4), num("ap", 1),
				num("defense", 5), num("models", 5), num("toughness", 3), num("target_quality", 5)}, ",")+`]}]`, "{}"))
			if maskKept(string(byNameRaw)) != maskKept(typed) || !strings.Contains(typed, `"embeds":[{`) {
				t.Errorf("/attack game unit:Strzelcy target:Orki\n%s\nwant, as typed:\n%s", byNameRaw, typed)
			}
			goldenReply(t, "attack-view."+locale+".json", byNameRaw)
		})
	}
}

// TestUnitModes: a saved unit may hold fields of several modes (x-when),
// and an attack takes those that apply to it: a pool-k6 target saved with
// its stealth (direct fire) and its base (indirect fire) is attacked either
// way, and a fantasy-k6 unit saved with its shooting and melee fields
// shoots or fights, the typed mode deciding. Each answer is the attack
// with the applicable fields typed (or, for the base radius, which no
// option types, one that differs from the attack with the default base).
func TestUnitModes(t *testing.T) {
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			t.Parallel()
			u := newUnitServer(t, locale)
			// Saved as JSON or typed: either way a unit may hold the fields
			// of several modes.
			for _, s := range [][4]string{
				{"Moździerz", "pool-k6", "profile", `{"mode": "indirect", "attack": 3, "damage": 6, "ae": 2}`},
				{"Strzelec", "pool-k6", "fields", "attack=4 damage=5"},
				{"Bunkier", "pool-k6", "profile", `{"defense": 3, "armour": 5, "stealth": 2, "base_radius": 1}`},
				{"Krasnoludy", "fantasy-k6", "fields", "attacks=2 accuracy=4 attacker_fighting=4 pain=4"},
				{"Gobliny", "fantasy-k6", "profile", `{"attacks": 3, "attacker_fighting": 2, "save": 5, "pain": 3}`},
			} {
				if r := u.cmd("unit", subcommand("save", str("name", s[0]), str("system", s[1]), str(s[2], s[3]))); !strings.Contains(r.text(), "**"+s[0]+"**") {
					t.Fatalf("saving %s: %s", s[0], r.text())
				}
			}
			same := func(what string, got, want reply) {
				t.Helper()
				if got.text() != want.text() || len(got.Data.Embeds) != 1 || got.Data.Flags != 0 {
					t.Errorf("%s:\n%s\nwant:\n%s", what, got.text(), want.text())
				}
			}
			game := func(opts ...string) reply { return u.cmd("attack", subcommand("game", opts...)) }
			typed := func(system string, opts ...string) reply { return u.cmd("attack", subcommand(system, opts...)) }

			// The base radius is no option of /attack pool-k6 (Discord's 25
			// options): typed, the attack takes its default, 0.5".
			indirect := game(str("unit", "Moździerz"), str("target", "Bunkier"))
			withoutBase := typed("pool-k6", str("mode", "indirect"), num("attack", 3), num("damage", 6), num("ae", 2), num("defense", 3), num("armour", 5))
			if len(indirect.Data.Embeds) != 1 || len(withoutBase.Data.Embeds) != 1 || indirect.text() == withoutBase.text() ||
				indirect.Data.Embeds[0].Title != withoutBase.Data.Embeds[0].Title {
				t.Errorf("indirect fire at the bunker (its base, not its stealth):\n%s\nthe same with the default base:\n%s", indirect.text(), withoutBase.text())
			}
			// It can be typed as a field, as every field no option shows.
			same("indirect fire at the bunker typed", indirect, game(str("unit", "Moździerz"), str("fields", "defense=3 armour=5 base_radius=1")))
			if r := game(str("unit", "Strzelec"), str("fields", "defense=3 armour=5 crossfire=true")); len(r.Data.Embeds) != 1 ||
				r.text() == game(str("unit", "Strzelec"), str("fields", "defense=3 armour=5")).text() {
				t.Errorf("crossfire typed as a field: %s", r.text())
			}
			// A typed field of the saved unit's mode applies.
			same("the mortar's AE typed", game(str("unit", "Moździerz"), str("target", "Bunkier"), str("fields", "ae=3")),
				game(str("unit", "Moździerz"), str("fields", "defense=3 armour=5 base_radius=1 ae=3")))
			same("direct fire at the bunker (its stealth, not its base)", game(str("unit", "Strzelec"), str("target", "Bunkier")),
				typed("pool-k6", num("attack", 4), num("damage", 5), num("defense", 3), num("armour", 5), num("stealth", 2)))
			same("the mortar firing directly (its AE left out)", game(str("unit", "Moździerz"), str("target", "Bunkier"), str("fields", "mode=direct")),
				typed("pool-k6", str("mode", "direct"), num("attack", 3), num("damage", 6), num("defense", 3), num("armour", 5), num("stealth", 2)))
			same("dwarves shooting", game(str("unit", "Krasnoludy"), str("target", "Gobliny")),
				typed("fantasy-k6", num("attacks", 2), num("accuracy", 4), num("pain", 3), num("save", 5)))
			same("dwarves in melee (their Walka and the goblins')", game(str("unit", "Krasnoludy"), str("target", "Gobliny"), str("fields", "mode=melee")),
				typed("fantasy-k6", str("mode", "melee"), num("attacks", 2), num("attacker_fighting", 4), num("defender_fighting", 2), num("pain", 3), num("save", 5)))
			// A typed field outside the mode is still refused, not dropped.
			if r := game(str("unit", "Krasnoludy"), str("target", "Gobliny"), str("fields", "defender_fighting=3")); len(r.Data.Embeds) != 0 || r.Data.Flags != int(discordgo.MessageFlagsEphemeral) {
				t.Errorf("a typed melee field in a shooting attack: %s", r.text())
			}
		})
	}
}

// FuzzTypedFields: the fields typed for /unit save (weapons included)
// either fill a profile that encodes as JSON or get a polite refusal;
// never a panic.
func FuzzTypedFields(f *testing.F) {
	b := newBot(f)
	for _, seed := range []string{`attacks=10 quality=4 weapons="1 24 AP1 Rozprysk(3); 1 melee"`, `broń="2"`, `zbraně="x 24"`, `weapons=`, "ap=1 ap=2", `weapons="1 24 AP"`, "mode=melee attacker_fighting=4"} {
		f.Add(seed)
	}
	_, actions := b.definitions()
	f.Fuzz(func(t *testing.T, typed string) {
		for _, system := range []string{"quality-d6", "fantasy-k6"} {
			fields := map[string]any{}
			if err := b.typedFields(en, actions["attack "+system], system, typed, fields); err != nil {
				var use *usageError
				if !errors.As(err, &use) || use.msg == "" {
					t.Fatalf("%q: %v is not a polite refusal", typed, err)
				}
				continue
			}
			if _, err := json.Marshal(fields); err != nil {
				t.Fatalf("%q: the profile %v does not encode: %v", typed, fields, err)
			}
		}
	})
}

// TestParseWeaponNames: a weapon typed for /cost may be named before a
// colon; one without a name is named by its number.
func TestParseWeaponNames(t *testing.T) {
	got, err := parseWeapons(pl, `ciężki karabin: 2 24 AP1; 3 melee; nóż :1 wręcz`)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"abilities":[],"ap":1,"attacks":2,"name":"ciężki karabin","range":24},{"abilities":[],"attacks":3,"name":"#2","range":"melee"},` +
		`{"abilities":[],"attacks":1,"name":"nóż","range":"wręcz"}]`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Errorf("parseWeapons = %s\nwant %s", b, want)
	}
	for _, bad := range []string{"karabin: 24", "karabin: two 24", ": 2"} {
		if _, err := parseWeapons(pl, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
