package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/l10n"
	"kostka/systems/catalog"
	"kostka/systems/compare"
	"kostka/units"
	"kostka/units/boltstore"
)

// compareUnitsSaved are the units the /compare tests save on server 900:
// quality-d6 attackers with weapons (each model's, as /cost reads them):
// ranged ones, melee ones saved to fight in melee, and an Assault rifle
// and a bayonet saved to fight in melee; one without weapons, a target,
// and a unit of another system.
var compareUnitsSaved = []struct{ name, system, profile string }{
	{"Strzelcy", "quality-d6", `{"models": 10, "quality": 4, "defense": 5, "toughness": 1, "abilities": [],
		"weapons": [{"name": "karabin", "attacks": 1, "range": 24, "ap": 1, "abilities": []}]}`},
	{"Snajperzy", "quality-d6", `{"models": 3, "quality": 3, "defense": 5, "toughness": 1, "abilities": [],
		"weapons": [{"name": "snajperka", "attacks": 1, "range": 30, "ap": 3, "abilities": ["Zabójczy(3)"]}]}`},
	{"Rycerze", "quality-d6", `{"models": 5, "quality": 3, "defense": 3, "toughness": 3, "abilities": [], "melee": true,
		"weapons": [{"name": "miecz", "attacks": 3, "range": "melee", "ap": 1, "abilities": []}]}`},
	{"Armata", "quality-d6", `{"attacks": 4, "quality": 4, "ap": 2, "blast": 3}`},
	{"Orki", "quality-d6", `{"defense": 5, "models": 5, "quality": 5, "toughness": 3}`},
	{"Zwiad", "pool-k6", `{"attack": 4, "damage": 5}`},
	{"Mortar", "quality-d6", `{"attacks": 2, "quality": 3, "blast": 3}`},
	{"Twierdza", "quality-d6", `{"defense": 2, "models": 20, "quality": 4, "toughness": 10}`},
	{"Szturmowcy", "quality-d6", `{"models": 5, "quality": 4, "defense": 4, "toughness": 1, "abilities": [], "melee": true,
		"weapons": [{"name": "karabin szturmowy", "attacks": 2, "range": 12, "ap": 1, "abilities": ["Szturmowa"]}, {"name": "bagnet", "attacks": 1, "abilities": []}]}`},
}

// boolean is a boolean option of an interaction.
func boolean(name string, v bool) string {
	return fmt.Sprintf(`{"name":%q,"type":5,"value":%t}`, name, v)
}

// batteries are four quality-d6 units of ten weapons of 30 attacks each,
// with abilities that multiply the work: compared together against
// Twierdza, over the comparison's budget (about 27 million steps), each
// within one attack's.
func batteries() []string {
	var out []string
	for i := range 4 {
		var ws []string
		for w := range 10 {
			ws = append(ws, fmt.Sprintf(`{"name": "W%d", "attacks": 40, "range": 24, "ap": %d, "deadly": %d, "blast": %d, "abilities": ["Dezintegracja", "Podwójny"]}`, w, w%4, 1+w%3, 1+w%6))
		}
		out = append(out, fmt.Sprintf(`{"models": 1, "quality": %d, "defense": 4, "toughness": 1, "abilities": [], "weapons": [%s]}`, 2+i, strings.Join(ws, ", ")))
	}
	return out
}

// compareBot is a bot with a real units store holding compareUnitsSaved
// on server 900's shelf, linking to https://kostka.example.
func compareBot(t testing.TB) (*Bot, *units.Book) {
	t.Helper()
	store, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := catalog.Registry()
	book := units.NewBook(store, units.SchemaValidator(reg), units.DefaultLimits)
	b, err := New(Config{Service: kostkaService(), Systems: reg, Units: book, PageURL: "https://kostka.example"})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range compareUnitsSaved {
		if _, err := book.Save(t.Context(), units.Unit{Name: u.name, System: u.system, Profile: json.RawMessage(u.profile), Owner: units.Guild("900"), CreatedBy: "7"}, 0); err != nil {
			t.Fatalf("saving %s: %v", u.name, err)
		}
	}
	for i, p := range batteries() {
		name := fmt.Sprintf("Bateria %c", 'A'+i)
		if _, err := book.Save(t.Context(), units.Unit{Name: name, System: "quality-d6", Profile: json.RawMessage(p), Owner: units.Guild("900"), CreatedBy: "7"}, 0); err != nil {
			t.Fatalf("saving %s: %v", name, err)
		}
	}
	return b, book
}

// compareCmd is a /compare in guild 900 from member 7 in locale.
func compareCmd(t testing.TB, locale string, opts ...string) *discordgo.Interaction {
	return interaction(t, inGuild(locale, "7", int64(discordgo.PermissionSendMessages), "compare", "["+strings.Join(opts, ",")+"]"))
}

// failingUnits is a store whose units cannot be read.
type failingUnits struct{ units.Service }

var errStoreDown = errors.New("store down")

func (failingUnits) Get(context.Context, units.Owner, string) (units.Unit, error) {
	return units.Unit{}, errStoreDown
}

// TestCompareReplies: /compare's replies in pl, cs and en-US, against
// golden files: the attackers ranked against a saved target with the chart
// attached (shooting, but for the units saved to fight in melee), against
// a preset target (the system's first when none is given), in melee (the
// melee option), and every refusal (an unknown unit, fewer than two, a
// unit of another system, a comparison too costly to compute, a store that
// fails, a unit with no weapon of the attack's kind either way, the melee
// option in a system whose comparison has none). Each picture decodes;
// every reply keeps Discord's limits, and says which attack it compared.
func TestCompareReplies(t *testing.T) {
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			t.Parallel()
			b, book := compareBot(t)
			down, err := New(Config{Service: kostkaService(), Systems: catalog.Registry(), Units: failingUnits{book}})
			if err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				name    string
				bot     *Bot
				opts    []string
				want    string // in every reply's text
				refused bool
			}{
				{"compare", b, []string{str("unit1", "Strzelcy"), str("unit2", "Rycerze"), str("unit3", "Snajperzy"), str("unit4", "armata"), str("target", "Orki")}, "Orki", false},
				{"compare-preset", b, []string{str("unit1", "Strzelcy"), str("unit2", "Snajperzy"), str("target", "heavy_infantry")}, "4+", false},
				{"compare-melee", b, []string{str("unit1", "Rycerze"), str("unit2", "Szturmowcy"), str("unit3", "armata"), str("target", "Orki"), boolean("melee", true)}, "Orki", false},
				{"compare-unknown", b, []string{str("unit1", "Strzelcy"), str("unit2", "Duchy")}, "Duchy", true},
				{"compare-few", b, []string{str("unit1", "Strzelcy"), str("unit2", "  ")}, "2", true},
				{"compare-other-system", b, []string{str("unit1", "Strzelcy"), str("unit2", "Zwiad")}, "Zwiad", true},
				{"compare-costly", b, []string{str("unit1", "Bateria A"), str("unit2", "Bateria B"), str("unit3", "Bateria C"), str("unit4", "Bateria D"), str("target", "Twierdza")}, "Bateria A", true},
				{"compare-store", down, []string{str("unit1", "Strzelcy"), str("unit2", "Rycerze")}, "", true},
				{"compare-no-ranged", b, []string{str("unit1", "Strzelcy"), str("unit2", "Rycerze"), boolean("melee", false)}, "Rycerze", true},
				{"compare-no-melee", b, []string{str("unit1", "Rycerze"), str("unit2", "Strzelcy"), boolean("melee", true)}, "Strzelcy", true},
				{"compare-no-melee-option", b, []string{str("unit1", "Zwiad"), str("unit2", "Zwiad"), boolean("melee", true)}, "", true},
			} {
				res := tc.bot.Handle(t.Context(), compareCmd(t, locale, tc.opts...))
				golden(t, filepath.Join("replies", tc.name+"."+locale+".json"), indent(t, res))
				checkFiles(t, res)
				checkLimits(t, res)
				text := res.Data.Content
				for _, e := range res.Data.Embeds {
					text += e.Title + e.Description
				}
				if !strings.Contains(text, tc.want) {
					t.Errorf("%s: %q lacks %q", tc.name, text, tc.want)
				}
				if tc.refused != (res.Data.Flags == discordgo.MessageFlagsEphemeral) {
					t.Errorf("%s: flags %d", tc.name, res.Data.Flags)
				}
				// A comparison of quality-d6 says first which attack it
				// compared.
				if d, ok := map[string]*l10n.Def{"compare": msgCompareMixed, "compare-preset": msgCompareShooting, "compare-melee": msgCompareMelee}[tc.name]; ok {
					said, _, _ := strings.Cut(d.Texts().In(lang(compareCmd(t, locale))), "{")
					if len(res.Data.Embeds) != 1 || !strings.HasPrefix(res.Data.Embeds[0].Description, said) {
						t.Errorf("%s: the reply does not begin with %q: %+v", tc.name, said, res.Data.Embeds)
					}
				}
			}
		})
	}
}

// longUnits are four quality-d6 units of ten weapons with long names:
// compared together, too large for a page link (compare.MaxLinkRequest).
func longUnits() []string {
	var out []string
	for i := range 4 {
		var ws []string
		for w := range 10 {
			ws = append(ws, fmt.Sprintf(`{"name": "%s %d", "attacks": 1, "range": 24, "abilities": []}`, strings.Repeat("Dlugolufa", 10), w))
		}
		out = append(out, fmt.Sprintf(`{"models": 1, "quality": %d, "defense": 4, "toughness": 1, "abilities": [], "weapons": [%s]}`, 2+i, strings.Join(ws, ", ")))
	}
	return out
}

// replyLink returns the link of a /compare reply: its link button's, or
// the Markdown link in its embed's text; and which it was.
func replyLink(res *Response) (link string, button bool) {
	for _, row := range res.Data.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if btn, ok := c.(discordgo.Button); ok && btn.Style == discordgo.LinkButton {
				return btn.URL, true
			}
		}
	}
	if len(res.Data.Embeds) > 0 {
		if _, after, ok := strings.Cut(res.Data.Embeds[0].Description, "](https://"); ok {
			link, _, _ = strings.Cut(after, ")")
			return "https://" + link, false
		}
	}
	return "", false
}

// TestCompareLink: the reply links the page's comparison, the saved units
// sent as their profiles, and the comparison the page reads back gives the
// reply's figures: through a link button when its URL fits Discord's 512
// characters, else a Markdown link in the embed; a comparison too large
// for a link says so and has none. The attack compared (the melee option)
// goes with it.
func TestCompareLink(t *testing.T) {
	b, book := compareBot(t)
	for i, p := range longUnits() {
		if _, err := book.Save(t.Context(), units.Unit{Name: []string{"Alfa", "Beta", "Gama", "Delta"}[i], System: "quality-d6", Profile: json.RawMessage(p), Owner: units.Guild("900"), CreatedBy: "7"}, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name   string
		opts   []string
		button bool
		melee  string // each attacker's profile's melee, as the option gives it
	}{
		{"button", []string{str("unit1", "Armata"), str("unit2", "Mortar"), str("target", "vehicle")}, true, ""},
		{"markdown", []string{str("unit1", "Strzelcy"), str("unit2", "Rycerze"), str("target", "Orki")}, false, ""},
		// The melee option is in each attacker's profile: Szturmowcy,
		// saved to fight in melee, shoot on the page as in the reply.
		{"shooting", []string{str("unit1", "Strzelcy"), str("unit2", "Szturmowcy"), str("target", "Orki"), boolean("melee", false)}, false, "false"},
		{"melee", []string{str("unit1", "Rycerze"), str("unit2", "Szturmowcy"), str("target", "Orki"), boolean("melee", true)}, false, "true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := b.Handle(t.Context(), compareCmd(t, "pl", tc.opts...))
			link, button := replyLink(res)
			if button != tc.button || (button && len(link) > maxLinkButton) {
				t.Errorf("a button %v (%d characters), want %v", button, len(link), tc.button)
			}
			u, err := url.Parse(link)
			if err != nil || u.Scheme != "https" || u.Host != "kostka.example" || u.Path != "/compare" {
				t.Fatalf("link %q: %v", link, err)
			}
			system, req, err := compare.ParsePagePath(u.RawQuery)
			if err != nil || system != "quality-d6" {
				t.Fatalf("%s: %s %v", link, system, err)
			}
			for _, s := range append(req.Attackers, req.Targets...) {
				if s.Unit != "" || (s.Profile == nil && s.Preset == "") {
					t.Errorf("side %+v names a saved unit", s)
				}
			}
			// An attacker is its card as saved: weapons each model's, no
			// points; the page fires and prices it as the reply did.
			for _, s := range req.Attackers {
				var got, saved struct{ Weapons, Models any }
				_ = json.Unmarshal(s.Profile, &got)
				for _, u := range compareUnitsSaved {
					if u.name == s.Name {
						_ = json.Unmarshal([]byte(u.profile), &saved)
					}
				}
				if s.Points != nil || fmt.Sprint(got) != fmt.Sprint(saved) {
					t.Errorf("%s is linked with points %v and %v, saved as %v", s.Name, s.Points, got, saved)
				}
				var melee struct{ Melee json.RawMessage }
				_ = json.Unmarshal(s.Profile, &melee)
				if tc.melee != "" && string(melee.Melee) != tc.melee {
					t.Errorf("%s is linked with melee %s, want %s", s.Name, melee.Melee, tc.melee)
				}
			}
			again, err := kostkaService().Compare(t.Context(), kostka.CompareRequest{System: system, Lang: "pl", Compare: req})
			if err != nil {
				t.Fatal(err)
			}
			ranked := again.Ranked(0)
			if len(ranked) != len(res.Data.Embeds[0].Fields) {
				t.Fatalf("the page ranks %d attackers, the reply %d", len(ranked), len(res.Data.Embeds[0].Fields))
			}
			for k, p := range ranked {
				f := res.Data.Embeds[0].Fields[k]
				want := fmt.Sprintf("%d. %s", k+1, p.Attacker)
				if f.Name != want || !strings.Contains(f.Value, percent("pl", p.WipeOut)) || !strings.Contains(f.Value, l10nFloat(p.ModelsKilled.Mean)) {
					t.Errorf("the page's comparison ranks %s (%v) %d., the reply %q: %q", p.Attacker, p.WipeOut, k+1, f.Name, f.Value)
				}
			}
		})
	}
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run("too long "+locale, func(t *testing.T) {
			i := compareCmd(t, locale, str("unit1", "Alfa"), str("unit2", "Beta"), str("unit3", "Gama"), str("unit4", "Delta"))
			res := b.Handle(t.Context(), i)
			if link, _ := replyLink(res); link != "" || len(res.Data.Embeds) != 1 || !strings.Contains(res.Data.Embeds[0].Description, say(lang(i), msgCompareNoLink)) || !hasFiles(res) {
				t.Errorf("link %q, reply %+v", link, res.Data)
			}
			golden(t, filepath.Join("replies", "compare-no-link."+locale+".json"), indent(t, res))
		})
	}
}

// l10nFloat is a mean as a Polish reply writes it.
func l10nFloat(v float64) string { return l10n.FormatFloat("pl", v, 2) }

// TestCompareAttacksAsAttack: a saved unit in /compare attacks as it does
// in /attack game (its weapons fired by each model, units.AttackRequest),
// and its points are /cost's price of it: each pair's figures are those
// of the single attack, the comparison firing the card by the same rule.
// So it is with the melee option: true, every unit fights in melee as
// /attack game with melee=true (its melee and Assault weapons); false,
// every unit shoots as with melee=false, a unit saved to fight in melee
// too; not given, each attacks as it is saved.
func TestCompareAttacksAsAttack(t *testing.T) {
	b, book := compareBot(t)
	sys, _ := catalog.Registry().Get("quality-d6")
	target, err := book.Get(t.Context(), units.Guild("900"), "Orki")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		units  []string
		melee  []string      // the melee option, if given
		typed  kostka.Object // /attack game's typed fields
		attack *l10n.Def     // the attack the reply says it compared
	}{
		{"as saved", []string{"Strzelcy", "Rycerze", "Snajperzy"}, nil, kostka.Object{}, msgCompareMixed},
		{"melee", []string{"Rycerze", "Szturmowcy", "Armata"}, []string{boolean("melee", true)}, kostka.Object{"melee": true}, msgCompareMelee},
		{"shooting", []string{"Strzelcy", "Szturmowcy", "Armata"}, []string{boolean("melee", false)}, kostka.Object{"melee": false}, msgCompareShooting},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := append([]string{str("target", "Orki")}, tc.melee...)
			for k, name := range tc.units {
				opts = append(opts, str(compareUnitOption(k+1), name))
			}
			res := b.Handle(t.Context(), compareCmd(t, "en-US", opts...))
			if len(res.Data.Embeds) != 1 {
				t.Fatalf("%+v", res.Data)
			}
			said, _, _ := strings.Cut(tc.attack.Texts().In(l10n.English), "{")
			if !strings.HasPrefix(res.Data.Embeds[0].Description, said) {
				t.Errorf("the reply does not say %q: %q", said, res.Data.Embeds[0].Description)
			}
			for _, name := range tc.units {
				u, err := book.Get(t.Context(), units.Guild("900"), name)
				if err != nil {
					t.Fatal(err)
				}
				req, err := units.AttackRequest(sys, &u, &target, tc.typed, nil)
				if err != nil {
					t.Fatal(err)
				}
				units.Applicable(sys.Actions["attack"], req, tc.typed)
				fields, _ := json.Marshal(req)
				out, err := kostkaService().Act(t.Context(), kostka.ActionRequest{System: "quality-d6", Action: "attack", Mode: kostka.ModeOdds, Lang: "en", Fields: fields})
				if err != nil {
					t.Fatal(err)
				}
				killed, _ := out.Report().Odds.Get("models_killed")
				wounds, _ := out.Report().Odds.Get("wounds")
				want := []string{
					"Models killed: mean " + l10n.FormatFloat("en", killed.Distribution.Mean, 2),
					"Wounds: mean " + l10n.FormatFloat("en", wounds.Distribution.Mean, 2),
				}
				profile, _ := units.Profile("quality-d6", &u)
				if _, ok := profile["weapons"]; ok {
					cost := kostka.Object{}
					for _, k := range units.CostFields {
						if v, ok := profile[k]; ok {
							cost[k] = v
						}
					}
					body, _ := json.Marshal(cost)
					priced, err := kostkaService().Price(t.Context(), kostka.PriceRequest{System: "quality-d6", Unit: body})
					if err != nil {
						t.Fatal(err)
					}
					want = append(want, fmt.Sprintf("Points: %d ·", priced.Points().Total))
				}
				found := false
				for _, f := range res.Data.Embeds[0].Fields {
					if strings.HasSuffix(f.Name, ". "+name) {
						found = true
						for _, w := range want {
							if !strings.Contains(f.Value, w) {
								t.Errorf("%s: %q lacks %q", name, f.Value, w)
							}
						}
					}
				}
				if !found {
					t.Errorf("no %s in the reply", name)
				}
			}
		})
	}
	// The option changes the attack: Szturmowcy, saved to fight in melee,
	// shoot with their Assault rifles alone when it is false.
	figures := func(melee bool) string {
		res := b.Handle(t.Context(), compareCmd(t, "en-US", str("unit1", "Szturmowcy"), str("unit2", "Armata"), str("target", "Orki"), boolean("melee", melee)))
		for _, f := range res.Data.Embeds[0].Fields {
			if strings.HasSuffix(f.Name, ". Szturmowcy") {
				return f.Value
			}
		}
		return ""
	}
	if in, shooting := figures(true), figures(false); in == "" || in == shooting {
		t.Errorf("Szturmowcy in melee %q, shooting %q", in, shooting)
	}
}

// TestCompareAutocomplete: /compare suggests the saved units of its
// system (the player's and the server's) for a unit, and for the target
// first the system's preset targets, named in the player's language.
func TestCompareAutocomplete(t *testing.T) {
	b, _ := compareBot(t)
	ask := func(locale string, opts ...string) []*Choice {
		t.Helper()
		js := inGuild(locale, "7", int64(discordgo.PermissionSendMessages), "compare", "["+strings.Join(opts, ",")+"]")
		js = strings.Replace(js, `"type":2`, `"type":4`, 1)
		res := b.Handle(t.Context(), interaction(t, js))
		if res.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
			t.Fatalf("%+v", res)
		}
		return res.Choices
	}
	values := func(cs []*Choice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, fmt.Sprint(c.Value))
		}
		return out
	}
	// Units of the chosen system only.
	got := values(ask("pl", str("system", "pool-k6"), focused("unit2", "")))
	if strings.Join(got, ",") != "Zwiad" {
		t.Errorf("pool-k6 units: %v", got)
	}
	got = values(ask("pl", str("system", "quality-d6"), focused("unit1", "rz")))
	if strings.Join(got, ",") != "Strzelcy,Rycerze,Snajperzy" {
		t.Errorf("quality-d6 units with rz: %v", got)
	}
	// The target: the first unit's system's presets, then its units.
	cs := ask("cs", str("unit1", "Strzelcy"), focused("target", "pěch"))
	if len(cs) != 2 || cs[0].Value != "light_infantry" || !strings.Contains(cs[0].Name, "Lehká pěchota") || cs[1].Value != "heavy_infantry" {
		t.Errorf("Czech presets: %+v", cs)
	}
	got = values(ask("en-US", str("system", "quality-d6"), focused("target", "")))
	if len(got) < 5 || strings.Join(got[:3], ",") != "light_infantry,heavy_infantry,vehicle" || !slices.Contains(got, "Orki") || slices.Contains(got, "Zwiad") {
		t.Errorf("targets: %v", got)
	}
}

// slowCompare is the service with comparisons that take a while, so that
// their answers are deferred.
type slowCompare struct{ kostka.Service }

func (s slowCompare) Compare(ctx context.Context, req kostka.CompareRequest) (*compare.Result, error) {
	time.Sleep(50 * time.Millisecond)
	return s.Service.Compare(ctx, req)
}

// TestCompareSigned sends signed /compare interactions to the HTTP
// endpoint and follows the answer with its picture to a fake Discord,
// both ways it goes: ready in time, through the callback endpoint (type
// 4, multipart/form-data); deferred (privately, as asked) and then the
// webhook edit of the original response (PATCH, multipart/form-data).
// The deferred one compares in melee (the melee option, as Discord sends
// a boolean), and says so.
func TestCompareSigned(t *testing.T) {
	for _, tt := range []struct {
		name     string
		deferred bool
		opts     []string
		alt      string // in the picture's description
		desc     string // in the embed's text
	}{
		{"immediate", false, []string{str("unit1", "Strzelcy"), str("unit2", "Rycerze")}, "Rycerze: průměr", "Nejlepší první"},
		{"deferred", true, []string{str("unit1", "Rycerze"), str("unit2", "Szturmowcy"), boolean("melee", true)}, "Szturmowcy: průměr", "Porovnávaný útok: **boj zblízka**"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, discord := newFakeInteractions(t)
			b, _ := compareBot(t)
			b.cfg.DiscordAPI, b.cfg.DeferAfter = discord.URL, time.Minute
			if tt.deferred {
				b.cfg.Service, b.cfg.DeferAfter = slowCompare{kostkaService()}, time.Millisecond
			}
			s := newSigner(t)
			now := time.Now()
			srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
			defer srv.Close()
			opts := "[" + strings.Join(append(tt.opts, str("target", "Orki"), boolean("private", true)), ",") + "]"
			body := inGuildWith("i1", "900", "cs", "7", int64(discordgo.PermissionSendMessages), 2, "compare", opts, "{}")
			res, err := http.DefaultClient.Do(s.request(t, srv.URL, body, now))
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			f.mu.Lock()
			defer f.mu.Unlock()
			key, payload := "i1", f.answers["i1"]
			if tt.deferred {
				key, payload = "tok-i1", f.edits["tok-i1"]
				if f.flags["i1"] != int(discordgo.MessageFlagsEphemeral) {
					t.Errorf("deferred with flags %d, want private", f.flags["i1"])
				}
			}
			var got sentAnswer
			if err := json.Unmarshal([]byte(payload), &got); err != nil {
				t.Fatalf("HTTP %d %s; Discord received %q: %v", res.StatusCode, raw, payload, err)
			}
			if !tt.deferred && !strings.Contains(payload, `"flags":64`) {
				t.Errorf("a private answer sent publicly: %s", payload)
			}
			checkChartSent(t, f, key, got, tt.deferred, tt.alt, tt.desc)
		})
	}
}

// TestCompareSystems: every system with a comparison compares saved units
// against its first preset target when none is given: a field per unit,
// the chart, no refusal.
func TestCompareSystems(t *testing.T) {
	b, book := compareBot(t)
	for _, tc := range []struct{ system, a, b string }{
		{"pool-k6", `{"attack": 4, "damage": 5}`, `{"attack": 3, "damage": 9, "rof": 2}`},
		{"wzr-d20", `{"skill": 13, "rate": 2, "strength": 9}`, `{"skill": 11, "rate": 4, "strength": 8}`},
		{"fantasy-k6", `{"attacks": 2, "accuracy": 4}`, `{"attacks": 3, "accuracy": 3}`},
	} {
		t.Run(tc.system, func(t *testing.T) {
			for name, p := range map[string]string{tc.system + " A": tc.a, tc.system + " B": tc.b} {
				if _, err := book.Save(t.Context(), units.Unit{Name: name, System: tc.system, Profile: json.RawMessage(p), Owner: units.User("7")}, 0); err != nil {
					t.Fatalf("saving %s: %v", name, err)
				}
			}
			res := b.Handle(t.Context(), compareCmd(t, "pl", str("unit1", tc.system+" A"), str("unit2", tc.system+" B")))
			checkFiles(t, res)
			checkLimits(t, res)
			if len(res.Data.Embeds) != 1 || len(res.Data.Embeds[0].Fields) != 2 || !hasFiles(res) ||
				!strings.Contains(res.Data.Embeds[0].Title, escapeMarkdown(compare.Presets[tc.system][0].Name.In("pl"))) {
				t.Errorf("%s", indent(t, res.Data.Embeds))
			}
		})
	}
}

// BenchmarkCompareReply times whole /compare replies: the units read from
// the store, the comparison computed, the chart drawn and encoded:
// go test -bench CompareReply -run '^$' ./bot
func BenchmarkCompareReply(b *testing.B) {
	bot, _ := compareBot(b)
	for _, bc := range []struct {
		name string
		opts []string
	}{
		{"two-preset", []string{str("unit1", "Strzelcy"), str("unit2", "Snajperzy"), str("target", "heavy_infantry")}},
		{"four-saved-target", []string{str("unit1", "Strzelcy"), str("unit2", "Rycerze"), str("unit3", "Snajperzy"), str("unit4", "Armata"), str("target", "Orki")}},
	} {
		i := compareCmd(b, "pl", bc.opts...)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if res := bot.Handle(b.Context(), i); !hasFiles(res) {
					b.Fatal("no picture")
				}
			}
		})
	}
}
