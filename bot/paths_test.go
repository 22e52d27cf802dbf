package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// failingService is the service with its rolls failing as a broken
// deployment's would (not a refusal of the request).
type failingService struct{ kostka.Service }

func (failingService) Roll(context.Context, kostka.RollRequest) (*kostka.Roll, error) {
	return nil, errors.New("the service is down")
}

// racedBook is a units store whose every write of settings loses a race
// with another writer.
type racedBook struct{ *units.Book }

func (racedBook) SaveSettings(context.Context, string, units.GuildSettings, int64) (units.GuildSettings, error) {
	return units.GuildSettings{}, units.ErrConflict
}

// pathStep is one signed interaction of TestRepliesToEveryPath.
type pathStep struct {
	name string
	// bot is the bot that answers: "" (with a store), "bare" (without),
	// "failing", "raced", "house", or "gateway": the bot without a page,
	// as the gateway's Handle answers (an HTTP interaction links to the
	// host it came to).
	bot     string
	guild   string // "" for a direct message; "900" unless given
	user    string // "7" unless given
	perms   int64  // Send Messages unless given
	typ     int    // 2 (a command) unless given; 3 a component
	command string // the command, or a component's custom id
	options string
	// file is the content of the file attached as the option "file" (an
	// import); big attaches a file over the import limit.
	file string
	big  bool
}

// TestRepliesToEveryPath drives, through the real handler with signed
// interactions in pl, cs and en-US, the replies and refusals no other
// golden shows: saved units, settings and aliases and their every
// refusal, the shared field errors of a unit's profile, malformed
// commands, a failing service and store, and long, house and further
// rules. Each group of steps is one golden file per language
// (testdata/replies/paths-GROUP.LOCALE.json, and rule-paths.LOCALE.json,
// whose rules' texts are the rulebooks'), which TestEveryMessageHasGoldens
// and TestLanguageOfReplies read with the others.
func TestRepliesToEveryPath(t *testing.T) {
	const (
		manager = int64(discordgo.PermissionManageGuild | discordgo.PermissionSendMessages)
		member  = int64(discordgo.PermissionSendMessages)
	)
	sub := func(name string, opts ...string) string { return subcommand(name, opts...) }
	profile := func(name, system, js string) string {
		return sub("save", str("name", name), str("system", system), str("profile", js))
	}
	qd6 := func(opts ...string) string { // /attack quality-d6, 6 attacks, Quality 4+ against Defense 4+
		return `[{"name":"quality-d6","type":1,"options":[` + strings.Join(append([]string{num("attacks", 6), num("quality", 4), num("defense", 4)}, opts...), ",") + `]}]`
	}
	tooMany := make([]string, 21)
	for i := range tooMany {
		tooMany[i] = `"Furia"`
	}
	groups := []struct {
		name  string
		steps []pathStep
	}{
		{"units", []pathStep{
			{name: "no units yet", guild: "906", command: "unit", options: sub("list")},
			{name: "save", command: "unit", options: sub("save", str("name", "Strzelcy"), str("system", "quality-d6"),
				str("fields", "attacks=10 quality=4 ap=1 defense=5 models=10 toughness=1"))},
			{name: "save with weapons", command: "unit", options: profile("Łucznicy", "quality-d6",
				`{"quality": 4, "defense": 5, "models": 5, "toughness": 1, "weapons": [{"name": "łuk", "attacks": 1, "range": 24}, {"name": "nóż", "attacks": 1, "range": "melee"}]}`)},
			{name: "save of another system", command: "unit", options: profile("Zwiad", "pool-k6", `{"attack": 4}`)},
			{name: "list", command: "unit", options: sub("list")},
			{name: "another member changes it", user: "8", command: "unit", options: sub("save", str("name", "Strzelcy"), str("system", "quality-d6"), str("fields", "attacks=3"))},
			{name: "show a missing unit", command: "unit", options: sub("show", str("name", "Armata"))},
			{name: "delete", command: "unit", options: sub("delete", str("name", "Zwiad"))},
			{name: "save: no system", guild: "901", command: "unit", options: sub("save", str("name", "Nowi"), str("fields", "attacks=1"))},
			{name: "save: nothing to save", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "quality-d6"))},
			{name: "save: a system without units", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "chess"), str("fields", "attacks=1"))},
			{name: "save: an unknown system", command: "unit", options: profile("Nowi", "chess", `{"attacks": 1}`)},
			{name: "save: a blank name", command: "unit", options: profile("   ", "quality-d6", `{"attacks": 1}`)},
			{name: "save: a control character", command: "unit", options: profile("Nowi\u0007", "quality-d6", `{"attacks": 1}`)},
			{name: "save: a name too long", command: "unit", options: profile(strings.Repeat("N", 30), "quality-d6", `{"attacks": 1}`)},
			{name: "save: a profile too large", command: "unit", options: profile("Nowi", "quality-d6", `{"attacks": 1, "abilities": [`+strings.Repeat(`"Furia", `, 60)+`"Furia"]}`)},
			{name: "save: too many units", guild: "902", command: "unit", options: profile("A", "quality-d6", `{"attacks": 1}`)},
			{name: "save: too many units, 2", guild: "902", command: "unit", options: profile("B", "quality-d6", `{"attacks": 1}`)},
			{name: "save: too many units, 3", guild: "902", command: "unit", options: profile("C", "quality-d6", `{"attacks": 1}`)},
			{name: "save: too many units, 4", guild: "902", command: "unit", options: profile("D", "quality-d6", `{"attacks": 1}`)},
			{name: "save: a field of no system", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "quality-d6"), str("fields", "lasers=3"))},
			{name: "save: not a number", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "quality-d6"), str("fields", "attacks=many"))},
			{name: "save: not a whole number", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "quality-d6"), str("fields", "quality=3,5"))},
			{name: "save: not yes or no", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "quality-d6"), str("fields", "cover=maybe"))},
			{name: "save: unclosed quote", command: "unit", options: sub("save", str("name", "Nowi"), str("system", "quality-d6"), str("fields", `attacks="10`))},
			{name: "profile: not an object", command: "unit", options: profile("Nowi", "quality-d6", `[1]`)},
			{name: "profile: an unknown field", command: "unit", options: profile("Nowi", "quality-d6", `{"lasers": 1}`)},
			{name: "profile: not a whole number", command: "unit", options: profile("Nowi", "quality-d6", `{"attacks": "ten"}`)},
			{name: "profile: not a number", command: "unit", options: profile("Nowi", "pool-k6", `{"target_distance": "far"}`)},
			{name: "profile: not true or false", command: "unit", options: profile("Nowi", "quality-d6", `{"cover": "yes"}`)},
			{name: "profile: not a string", command: "unit", options: profile("Nowi", "quality-d6", `{"abilities": [5]}`)},
			{name: "profile: not an array", command: "unit", options: profile("Nowi", "fantasy-k6", `{"weapons": 5}`)},
			{name: "profile: not an object item", command: "unit", options: profile("Nowi", "fantasy-k6", `{"weapons": [5]}`)},
			{name: "profile: a value not allowed", command: "unit", options: profile("Nowi", "fantasy-k6", `{"mode": "flying"}`)},
			{name: "profile: too many items", command: "unit", options: profile("Nowi", "quality-d6", `{"abilities": [`+strings.Join(tooMany, ", ")+`]}`)},
			{name: "profile: a weapon's value of the wrong type", command: "unit", options: profile("Nowi", "quality-d6", `{"weapons": [{"attacks": 1, "range": 24, "name": 5}]}`)},
			{name: "profile: a weapon's field no weapon has", command: "unit", options: profile("Nowi", "quality-d6", `{"weapons": [{"attacks": 1, "range": 24, "laser": 1}]}`)},
			{name: "attack: no system", guild: "901", command: "test", options: sub("game", str("fields", "target=4"))},
			{name: "attack: a target of another system", command: "attack", options: sub("game", str("unit", "Strzelcy"), str("target", "Zwiad2"))},
			{name: "attack: a weapon the unit has not", command: "attack", options: sub("game", str("unit", "Łucznicy"), str("target", "Strzelcy"), str("fields", "weapons=7"))},
			{name: "attack: weapons of a unit without them", command: "attack", options: sub("game", str("unit", "Strzelcy"), str("target", "Łucznicy"), str("fields", "weapons=1"))},
			{name: "attack: a melee weapon picked to shoot", command: "attack", options: sub("game", str("unit", "Łucznicy"), str("target", "Strzelcy"), str("fields", "weapons=2"))},
			{name: "attack: a ranged weapon picked in melee", command: "attack", options: sub("game", str("unit", "Łucznicy"), str("target", "Strzelcy"), str("fields", "weapons=łuk melee=true"))},
			{name: "cost: a unit of another system", command: "cost", options: "[" + str("unit", "Zwiad2") + "]"},
			{name: "export", command: "unit", options: sub("export")},
			{name: "import", guild: "903", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`),
				file: `{"kostka_units": 1, "units": [{"name": "Orki", "system": "quality-d6", "profile": {"attacks": 20}}]}`},
			{name: "import over another member's units", guild: "903", user: "8", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`),
				file: `{"kostka_units": 1, "units": [{"name": "Orki", "system": "quality-d6", "profile": {"attacks": 2}}]}`},
			{name: "import: no file", command: "unit", options: sub("import")},
			{name: "import: a file that cannot be read", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`)},
			{name: "import: too large", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`), big: true},
			{name: "import: not a units file", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`), file: `{"a": 1}`},
			{name: "import: another format", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`), file: `{"kostka_units": 9, "units": []}`},
			{name: "import: an invalid unit", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`),
				file: `{"kostka_units": 1, "units": [{"name": "Nowi", "system": "quality-d6", "profile": {"attacks": 3}}, {"name": "Zły", "system": "quality-d6", "profile": {"quality": 9}}]}`},
			{name: "import: a name twice", command: "unit", options: sub("import", `{"name":"file","type":11,"value":"555"}`),
				file: `{"kostka_units": 1, "units": [{"name": "Orki", "system": "quality-d6", "profile": {"attacks": 2}}, {"name": "Orki", "system": "quality-d6", "profile": {"attacks": 3}}]}`},
		}},
		{"settings", []pathStep{
			{name: "in a direct message", guild: "-", command: "settings", options: "[]"},
			{name: "shown, none set", command: "settings", options: "[]"},
			{name: "changed by a member", command: "settings", options: "[" + str("system", "pool-k6") + "]"},
			{name: "private by default", perms: manager, command: "settings", options: `[{"name":"private","type":5,"value":true}]`},
			{name: "private unset", perms: manager, command: "settings", options: "[" + str("unset", "private") + "]"},
			{name: "an unknown language", perms: manager, command: "settings", options: "[" + str("lang", "de") + "]"},
			{name: "a lost race", bot: "raced", perms: manager, command: "settings", options: "[" + str("system", "pool-k6") + "]"},
		}},
		{"aliases", []pathStep{
			{name: "no aliases yet", command: "alias", options: sub("list")},
			{name: "save", command: "alias", options: sub("save", str("name", "ostrzal"), str("expr", "{n}d6>=4"))},
			{name: "delete", command: "alias", options: sub("delete", str("name", "ostrzal"))},
			{name: "show a missing alias", command: "alias", options: sub("show", str("name", "ostrzal"))},
			{name: "save: a name of two words", command: "alias", options: sub("save", str("name", "dwa słowa"), str("expr", "d6"))},
			{name: "save: an expression too long", command: "alias", options: sub("save", str("name", "dlugi"), str("expr", strings.Repeat("d6+", 70)+"1"))},
		}},
		{"commands", []pathStep{
			{name: "an unknown command", command: "fly", options: "[]"},
			{name: "no system chosen", command: "attack", options: "[]"},
			{name: "an option of the wrong type", command: "attack", options: `[{"name":"quality-d6","type":1,"options":[{"name":"attacks","type":3,"value":"ten"}]}]`},
			{name: "a weapon without its range", command: "cost", options: "[" + num("models", 5) + "," + num("quality", 4) + "," + num("defense", 4) + "," + str("weapons", "2") + "]"},
			{name: "a weapon's attacks not a number", command: "cost", options: "[" + num("models", 5) + "," + num("quality", 4) + "," + num("defense", 4) + "," + str("weapons", "x 24") + "]"},
			{name: "a weapon's AP not a number", command: "cost", options: "[" + num("models", 5) + "," + num("quality", 4) + "," + num("defense", 4) + "," + str("weapons", "1 24 APx") + "]"},
			{name: "the server's system set", guild: "904", perms: manager, command: "settings", options: "[" + str("system", "fantasy-k6") + "]"},
			{name: "an attack's field out of its mode", guild: "904", command: "attack", options: sub("game", str("fields", "attacks=3 pain=3 mode=melee accuracy=4"))},
			{name: "another server's system set", guild: "905", perms: manager, command: "settings", options: "[" + str("system", "pool-k6") + "]"},
			{name: "fields that exclude each other", guild: "905", command: "test", options: `[{"name":"game","type":1,"options":[` + str("fields", "dice=3 threshold=4 opponent.dice=2") + `]}]`},
			{name: "a rule without words", command: "rule", options: "[" + str("query", "  ") + "]"},
			{name: "a failing service", bot: "failing", command: "roll", options: "[" + str("expr", "2d6") + "]"},
			{name: "no store", bot: "bare", command: "unit", options: sub("list")},
		}},
		{"systems", []pathStep{
			{name: "an unknown ability", command: "attack", options: qd6(str("abilities", "Skrzydła"))},
			{name: "piercing and deadly", command: "attack", options: qd6(str("abilities", "Przebijająca"), num("deadly", 2))},
			{name: "an ability that is a field", command: "attack", options: qd6(str("abilities", "Rozprysk(3)"))},
			{name: "a hero's ability", command: "attack", options: qd6(str("abilities", "Ochroniarz"))},
			{name: "a state among the abilities", command: "attack", options: qd6(str("abilities", "Świeży"))},
			{name: "a target's quality of 1", command: "attack", options: qd6(num("target_quality", 1))},
			{name: "too much work", command: "attack", options: `[{"name":"quality-d6","type":1,"options":[` + strings.Join([]string{num("attacks", 200), num("quality", 2),
				num("defense", 6), num("models", 100), num("toughness", 30), num("blast", 12), str("abilities", "Rój, Podwójny, Furia"), `{"name":"odds","type":5,"value":true}`}, ",") + `]}]`},
			{name: "a unit's ability on a weapon", guild: "908", command: "unit", options: profile("Nowi", "quality-d6",
				`{"weapons": [{"attacks": 1, "range": 24, "abilities": ["Nieustraszony"]}]}`)},
			{name: "blast twice on a weapon", guild: "908", command: "unit", options: profile("Nowi", "quality-d6",
				`{"weapons": [{"attacks": 1, "range": 24, "abilities": ["Rozprysk(3)"], "blast": 3}]}`)},
			{name: "blast over the attack's X, saved", guild: "908", command: "unit", options: profile("Nowi", "quality-d6",
				`{"quality": 4, "weapons": [{"attacks": 1, "range": 24, "abilities": ["Rozprysk(13)"]}]}`)},
			{name: "blast over the attack's X, fired", guild: "908", command: "attack", options: sub("game", str("unit", "Nowi"), str("fields", "defense=4 models=5 toughness=1"))},
			{name: "blast of no number", guild: "908", command: "unit", options: profile("Nowi", "quality-d6",
				`{"weapons": [{"attacks": 1, "range": 24, "abilities": ["Rozprysk(x)"]}]}`)},
		}},
		{"rule", []pathStep{
			{name: "a long rule", command: "rule", options: "[" + str("query", "wzr-d20.bitva-o-alfa-regio") + "]"},
			{name: "a long rule through the gateway, without a page", bot: "gateway", command: "rule", options: "[" + str("query", "wzr-d20.bitva-o-alfa-regio") + "]"},
			{name: "read on", bot: "gateway", typ: 3, command: "read:wzr-d20.bitva-o-alfa-regio:1"},
			{name: "more results", typ: 3, command: "more:wzr-d20:power shot"},
			{name: "a house rule", bot: "house", command: "rule", options: "[" + str("query", "night ambush") + "]"},
		}},
	}
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			t.Parallel()
			calls, discord := newFileCallbacks(t)
			files, cdnSrv := newCDN(t)
			store, err := boltstore.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { store.Close() })
			reg := catalog.Registry()
			book := units.NewBook(store, units.SchemaValidator(reg), units.Limits{Units: 3, ProfileBytes: 400, NameRunes: 24})
			books, err := rulesdata.FromDir("../rulesdata/testdata/house", false)
			if err != nil {
				t.Fatal(err)
			}
			ix := search.New(books)
			t.Cleanup(func() { ix.Close() })
			base := Config{Service: kostkaService(), Systems: reg, Units: book, PageURL: "https://kostka.example/",
				DiscordAPI: discord.URL, AttachmentBases: []string{cdnSrv.URL + "/attachments/"}, DeferAfter: time.Minute}
			configs := map[string]func(c Config) Config{
				"":        func(c Config) Config { return c },
				"bare":    func(c Config) Config { c.Units = nil; return c },
				"failing": func(c Config) Config { c.Service = failingService{c.Service}; return c },
				"raced":   func(c Config) Config { c.Units = racedBook{book}; return c },
				"house":   func(c Config) Config { c.Service = kostka.New(kostka.Config{Rules: ix}); return c },
				"gateway": func(c Config) Config { c.PageURL = ""; return c },
			}
			s := newSigner(t)
			now := time.Now()
			servers, bots := map[string]string{}, map[string]*Bot{}
			for name, configure := range configs {
				b, err := New(configure(base))
				if err != nil {
					t.Fatal(err)
				}
				seed := uint64(42)
				b.seed = &seed
				bots[name] = b
				srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
				t.Cleanup(srv.Close)
				servers[name] = srv.URL
			}
			// A unit of another system, the player's own, saved before the steps.
			if _, err := book.Save(context.Background(), units.Unit{Owner: units.User("7"), Name: "Zwiad2", System: "pool-k6", Profile: json.RawMessage(`{"attack": 4}`), CreatedBy: "7"}, 0); err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, g := range groups {
				type answer struct {
					Case  string `json:"case"`
					Reply any    `json:"reply"`
				}
				var answers []answer
				for _, st := range g.steps {
					n++
					id := fmt.Sprintf("p%d", n)
					guild, user, perms, typ := orDefault(st.guild, "900"), orDefault(st.user, "7"), st.perms, st.typ
					if guild == "-" {
						guild = ""
					}
					if perms == 0 {
						perms = member
					}
					if typ == 0 {
						typ = 2
					}
					resolved := "{}"
					switch {
					case st.big:
						path := fmt.Sprintf("/attachments/%s/big.json", id)
						files.put(path, []byte(strings.Repeat(" ", units.MaxImportBytes+1)))
						resolved = attachment(cdnSrv.URL+path, units.MaxImportBytes+1)
					case st.file != "":
						path := fmt.Sprintf("/attachments/%s/units.json", id)
						files.put(path, []byte(st.file))
						resolved = attachment(cdnSrv.URL+path, len(st.file))
					case strings.Contains(st.options, `"type":11`):
						resolved = attachment(cdnSrv.URL+"/attachments/none.json", 10)
					}
					body := inGuildWith(id, guild, locale, user, perms, typ, st.command, orDefault(st.options, "[]"), resolved)
					if guild == "" {
						body = strings.Replace(strings.Replace(body, `"guild_id":"",`, "", 1), `"member":{"user":`, `"user":`, 1)
						body = strings.Replace(body, fmt.Sprintf(`,"permissions":"%d"}`, perms), "", 1)
					}
					if typ == 3 {
						body = fmt.Sprintf(`{"id":%q,"application_id":"200","type":3,"token":"tok-%s","locale":%q,"guild_id":"900",
							"member":{"user":{"id":"7","username":"u7"},"permissions":"%d"},"data":{"custom_id":%q,"component_type":2}}`, id, id, locale, perms, st.command)
					}
					if st.bot == "gateway" {
						var v any
						if err := json.Unmarshal(indent(t, bots[st.bot].Handle(context.Background(), interaction(t, body))), &v); err != nil {
							t.Fatal(err)
						}
						answers = append(answers, answer{st.name, v})
						continue
					}
					res, err := http.DefaultClient.Do(s.request(t, servers[st.bot], body, now))
					if err != nil {
						t.Fatal(err)
					}
					raw, _ := io.ReadAll(res.Body)
					res.Body.Close()
					if res.StatusCode == http.StatusAccepted {
						call, ok := calls.get(id)
						if !ok {
							t.Fatalf("%s: deferred, and nothing sent to Discord", st.name)
						}
						raw = []byte(call.payload)
					} else if res.StatusCode != http.StatusOK {
						t.Fatalf("%s: %d %s", st.name, res.StatusCode, raw)
					}
					var v any
					if err := json.Unmarshal(raw, &v); err != nil {
						t.Fatalf("%s: %s (%v)", st.name, raw, err)
					}
					answers = append(answers, answer{st.name, v})
				}
				file := "paths-" + g.name
				if g.name == "rule" {
					file = "rule-paths" // a rule's text is the rulebook's, in its language (see TestLanguageOfReplies)
				}
				golden(t, filepath.Join("replies", file+"."+locale+".json"), indent(t, answers))
			}
		})
	}
}

// TestDiceErrorsInGoldens sends every bad expression of the dice
// package's own golden of errors (../dice/testdata/errors.golden, one per
// kind of error the dice refuse) as a signed /odds, and as /roll where
// the odds take it, in pl, cs and en-US, and keeps the refusals in
// testdata/replies/paths-dice.LOCALE.json (read by
// TestEveryMessageHasGoldens and TestLanguageOfReplies). A roll's notes
// follow, from rolls that make them.
func TestDiceErrorsInGoldens(t *testing.T) {
	raw, err := os.ReadFile("../dice/testdata/errors.golden")
	if err != nil {
		t.Fatal(err)
	}
	var exprs []string
	for _, line := range strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n") {
		if !strings.HasPrefix(line, "\t") && !slices.Contains(exprs, line) {
			exprs = append(exprs, line)
		}
	}
	if len(exprs) < 40 {
		t.Fatalf("%d expressions in the dice package's golden of errors", len(exprs))
	}
	// The refusals that golden has no expression for: a negative
	// exponent, a set too large, each modifier given twice, a clamp
	// upside down, odds that take too much work; and too many rolls
	// joined with ';', which the bot splits itself.
	exprs = append(exprs, "2^-1", "(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21)kh1", "1d20cs20cs19", "1d20cf1cf2",
		"4d6max5max4", "4d6min2min3", "4d6sasd", "4d6uu", "4d6 i1 i2", "4d6min5max3", "30d1000!kh3", "d6; d6; d6; d6; d6; d6")
	b := newBot(t)
	seed := uint64(42)
	b.seed = &seed
	s := newSigner(t)
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	t.Cleanup(srv.Close)
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			type answer struct {
				Case  string `json:"case"`
				Reply any    `json:"reply"`
			}
			var answers []answer
			send := func(command, expr string) (any, bool) {
				t.Helper()
				opts, _ := json.Marshal([]map[string]any{{"name": "expr", "type": 3, "value": expr}})
				res, err := http.DefaultClient.Do(s.request(t, srv.URL, slash(locale, command, string(opts)), now))
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				var v struct {
					Data struct{ Flags int }
				}
				body, _ := io.ReadAll(res.Body)
				var reply any
				if res.StatusCode != http.StatusOK || json.Unmarshal(body, &v) != nil || json.Unmarshal(body, &reply) != nil {
					t.Fatalf("/%s %q: %d %s", command, expr, res.StatusCode, body)
				}
				return reply, v.Data.Flags&int(discordgo.MessageFlagsEphemeral) != 0
			}
			for _, expr := range exprs {
				reply, refused := send("odds", expr)
				if !refused {
					if reply, refused = send("roll", expr); !refused {
						t.Errorf("%q: both /odds and /roll take it", expr)
						continue
					}
					answers = append(answers, answer{"/roll " + expr, reply})
					continue
				}
				answers = append(answers, answer{"/odds " + expr, reply})
			}
			golden(t, filepath.Join("replies", "paths-dice."+locale+".json"), indent(t, answers))
		})
	}
}
