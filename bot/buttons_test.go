package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
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

// keptID is a kept button's custom id.
var keptID = regexp.MustCompile(`keyp?:[A-Za-z0-9_-]{22}`)

// readKept returns raw (a reply's JSON) with each kept button's custom id
// replaced by the id the store keeps, as a JSON string holds it: so two
// replies to the same request compare equal whatever their keys.
func readKept(t *testing.T, book units.Service, raw string) string {
	t.Helper()
	return keptID.ReplaceAllStringFunc(raw, func(id string) string {
		_, key, _ := strings.Cut(id, ":")
		kept, err := book.Button(t.Context(), key)
		if err != nil {
			t.Errorf("the kept button %s: %v", id, err)
			return id
		}
		js, _ := json.Marshal(kept)
		return string(js[1 : len(js)-1])
	})
}

// maskKept returns raw (a reply's JSON) with each kept button's key
// masked: two replies to the same request compare equal whatever their
// keys (a unit's request, with its defaults, is kept apart from the same
// request typed, and rolls alike).
func maskKept(raw string) string {
	return keptID.ReplaceAllStringFunc(raw, func(id string) string {
		prefix, _, _ := strings.Cut(id, ":")
		return prefix + ":KEPT"
	})
}

// faultyStore is a real embedded store whose expiring documents cannot
// be written or read, as the test says.
type faultyStore struct {
	units.Store
	failPut, failGet bool
	stallPut         bool // a write waits until its context ends
}

var errUnavailable = errors.New("the table is unavailable")

func (s faultyStore) PutExpiring(ctx context.Context, key string, doc []byte, expires time.Time) error {
	if s.failPut {
		return errUnavailable
	}
	if s.stallPut {
		<-ctx.Done()
		return ctx.Err()
	}
	return s.Store.PutExpiring(ctx, key, doc, expires)
}

func (s faultyStore) GetExpiring(ctx context.Context, key string) ([]byte, time.Time, error) {
	if s.failGet {
		return nil, time.Time{}, errUnavailable
	}
	return s.Store.GetExpiring(ctx, key)
}

// keptServer is a bot with a real embedded store behind its signed HTTP
// endpoint: its buttons' keys come from a seeded source, and the store's
// clock runs ahead of the real one by later.
type keptServer struct {
	t      *testing.T
	bot    *Bot
	book   *units.Book
	url    string
	signer signer
	now    time.Time
	later  atomic.Int64 // nanoseconds
	logs   *logBuffer
}

// newKeptServer starts a keptServer; wrap, when not nil, wraps its store.
func newKeptServer(t *testing.T, wrap func(units.Store) units.Store) *keptServer {
	t.Helper()
	store, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	var st units.Store = store
	if wrap != nil {
		st = wrap(store)
	}
	reg := catalog.Registry()
	k := &keptServer{t: t, signer: newSigner(t), now: time.Now()}
	k.book = units.NewBook(st, units.SchemaValidator(reg), units.DefaultLimits)
	k.book.Random = rand.NewChaCha8([32]byte{7})
	k.book.Now = func() time.Time { return time.Now().Add(time.Duration(k.later.Load())) }
	logger, logs := newLogger()
	k.logs = logs
	b, err := New(Config{Service: kostkaService(), Systems: reg, Units: k.book, Logger: logger, DeferAfter: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	b.seed = &seed
	k.bot = b
	srv := httptest.NewServer(b.Handler(k.signer.pub, func() time.Time { return k.now }))
	t.Cleanup(srv.Close)
	k.url = srv.URL
	return k
}

// send posts a signed interaction and returns the response's body.
func (k *keptServer) send(body string) []byte {
	k.t.Helper()
	res, err := http.DefaultClient.Do(k.signer.request(k.t, k.url, body, k.now))
	if err != nil {
		k.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		k.t.Fatalf("%s: %d %s", body, res.StatusCode, raw)
	}
	return raw
}

// press presses the button of custom id in locale, in guild 900.
func (k *keptServer) press(locale, customID string) []byte {
	k.t.Helper()
	id, _ := json.Marshal(customID)
	return k.send(fmt.Sprintf(`{"id":"k1","application_id":"200","type":3,"token":"tok","locale":%q,"guild_id":"900",
		"member":{"user":{"id":"7","username":"ala"}},"data":{"custom_id":%s,"component_type":2}}`, locale, id))
}

// sentReply is what these tests read of a response's body.
type sentReply struct {
	Type int `json:"type"`
	Data struct {
		Content    string                    `json:"content"`
		Flags      discordgo.MessageFlags    `json:"flags"`
		Embeds     []*discordgo.MessageEmbed `json:"embeds"`
		Components []struct {
			Components []struct {
				Type     discordgo.ComponentType `json:"type"`
				CustomID string                  `json:"custom_id"`
			} `json:"components"`
		} `json:"components"`
	} `json:"data"`
}

// decode reads a response's body.
func decode(t *testing.T, raw []byte) *sentReply {
	t.Helper()
	var r sentReply
	if err := json.Unmarshal(raw, &r); err != nil || r.Type != int(discordgo.InteractionResponseChannelMessageWithSource) {
		t.Fatalf("%s: %v", raw, err)
	}
	return &r
}

// buttonIDs lists a response's buttons' custom ids.
func buttonIDs(r *sentReply) []string {
	var out []string
	for _, row := range r.Data.Components {
		for _, c := range row.Components {
			if c.Type == discordgo.ButtonComponent {
				out = append(out, c.CustomID)
			}
		}
	}
	return out
}

// TestKeptButtons: a request too long for a custom id is kept in the
// store, and its button carries the key: pressed through the signed HTTP
// endpoint, it rolls again (or gives the odds), privately for a private
// roll; once expired, or when the store fails, the press gets a polite
// private reply in the player's language.
func TestKeptButtons(t *testing.T) {
	attack := `{"id":"a1","application_id":"200","type":2,"token":"tok","locale":"%s","guild_id":"900","member":{"user":{"id":"7","username":"ala"}},
		"data":{"id":"301","name":"attack","type":1,"options":[{"name":"quality-d6","type":1,"options":[` + strings.Join([]string{num("attacks", 10), num("quality", 4),
		num("defense", 5), num("ap", 1), num("models", 10), num("toughness", 1), num("target_quality", 5)}, ",") + `]}]}}`
	roll := func(expr string, private bool) string {
		return fmt.Sprintf(`{"id":"r1","application_id":"200","type":2,"token":"tok","locale":"%%s","guild_id":"900","member":{"user":{"id":"7","username":"ala"}},
		"data":{"id":"300","name":"roll","type":1,"options":[%s,{"name":"private","type":5,"value":%v}]}}`, str("expr", expr), private)
	}
	several := "strzelanie: 10d6>=4+1; obrona: 10d6>=5; morale: 2d6+1; przegrupowanie: 4d6kh3+2; wytrzymałość: d20+5"
	long := strings.Repeat("d6+", 40) + "1"
	tests := []struct {
		name    string
		command string // a format of the locale
		private bool
		kept    []string // the kept ids' prefixes, in order
	}{
		{"attack", attack, false, []string{actPrefix}},
		{"a private attack", strings.Replace(attack, `]}]}}`, `,{"name":"private","type":5,"value":true}]}]}}`, 1), true, []string{privateActPrefix}},
		{"several rolls", roll(several, false), false, []string{rerollPrefix, oddsPrefix}},
		{"a long private roll", roll(long, true), true, []string{privateRerollPrefix, privateOddsPrefix}},
	}
	for _, tt := range tests {
		for _, locale := range []string{"pl", "cs", "en-US"} {
			t.Run(tt.name+"/"+locale, func(t *testing.T) {
				k := newKeptServer(t, nil)
				first := decode(t, k.send(fmt.Sprintf(tt.command, locale)))
				if len(first.Data.Embeds) == 0 {
					t.Fatalf("the command answered %+v", first.Data)
				}
				ids := buttonIDs(first)
				if len(ids) != len(tt.kept) {
					t.Fatalf("buttons %q, want %d kept", ids, len(tt.kept))
				}
				for n, id := range ids {
					if !keptID.MatchString(id) || id != keptID.FindString(id) || privateButton(id) != tt.private {
						t.Fatalf("button %q is not a kept one (private %v)", id, tt.private)
					}
					_, key, _ := strings.Cut(id, ":")
					kept, err := k.book.Button(t.Context(), key)
					if err != nil || len(kept) <= maxCustomID || !strings.HasPrefix(kept, tt.kept[n]) {
						t.Fatalf("button %s keeps %q, %v; want an id over %d characters starting %s", id, kept, err, maxCustomID, tt.kept[n])
					}
					if strings.Contains(kept, "odds") {
						// A picture goes to Discord's callback endpoint, so
						// the odds are pressed without HTTP.
						odds := press(t, k.bot, locale, id)
						if !hasFiles(odds) || len(odds.Data.Embeds) == 0 || (odds.Data.Flags == discordgo.MessageFlagsEphemeral) != tt.private {
							t.Errorf("pressing %s (%s) answered %+v", id, kept, odds.Data)
						}
						checkFiles(t, odds)
						continue
					}
					again := decode(t, k.press(locale, id))
					if len(again.Data.Embeds) == 0 || again.Data.Content != "" {
						t.Fatalf("pressing %s (%s) answered %+v", id, kept, again.Data)
					}
					if private := again.Data.Flags&discordgo.MessageFlagsEphemeral != 0; private != tt.private {
						t.Errorf("pressing %s: private %v, want %v", id, private, tt.private)
					}
					// Rolled again: the same request (an attack's title
					// names it), with the same buttons, kept anew.
					if strings.HasSuffix(tt.name, "attack") && again.Data.Embeds[0].Title != first.Data.Embeds[0].Title {
						t.Errorf("rolled again as %q, want %q", again.Data.Embeds[0].Title, first.Data.Embeds[0].Title)
					}
					if got, want := readKept(t, k.book, strings.Join(buttonIDs(again), " ")), readKept(t, k.book, strings.Join(ids, " ")); got != want {
						t.Errorf("the buttons of the roll again keep %s, want %s", got, want)
					}
				}
				// A day and a minute later every key has expired (the
				// store keeps whole seconds, rounded up).
				k.later.Store(int64(units.ButtonTTL + time.Minute))
				for _, id := range ids {
					r := decode(t, k.press(locale, id))
					if r.Data.Flags != discordgo.MessageFlagsEphemeral || len(r.Data.Embeds) != 0 || !strings.Contains(r.Data.Content, "24") {
						t.Errorf("an expired %s answered %+v", id, r.Data)
					}
				}
			})
		}
	}
}

// TestKeptButtonRefusals: a kept button that is gone, unknown or forged,
// or whose store fails, gets a polite private reply in the player's
// language (golden), never a server error; ids that fit stay inline.
func TestKeptButtonRefusals(t *testing.T) {
	const unknownKey = keyPrefix + "AAAAAAAAAAAAAAAAAAAAAA"
	long := "rerollp:" + strings.Repeat("d6+", 40) + "1"
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			l := lang(&discordgo.Interaction{Locale: discordgo.Locale(locale)})
			expired := say(l, msgButtonExpired, l10n.Int("hours", 24))
			k := newKeptServer(t, nil)
			tests := []struct {
				name   string
				id     string
				want   string
				golden string
			}{
				{"unknown key", unknownKey, expired, "button-expired"},
				{"unknown private key", privateKeyPrefix + "AAAAAAAAAAAAAAAAAAAAAA", expired, ""},
				{"malformed key", keyPrefix + "../../guild#900", msg(l, "unknown"), ""},
				{"key too long", unknownKey + "A", msg(l, "unknown"), ""},
				{"no key", keyPrefix, msg(l, "unknown"), ""},
			}
			for _, tt := range tests {
				raw := k.press(locale, tt.id)
				r := decode(t, raw)
				if r.Data.Flags != discordgo.MessageFlagsEphemeral || r.Data.Content != tt.want {
					t.Errorf("%s: %+v, want %q privately", tt.name, r.Data, tt.want)
				}
				if tt.golden != "" {
					goldenReply(t, tt.golden+"."+locale+".json", raw)
				}
			}

			// A private roll's kept id under a public key (or the
			// reverse) is refused: the key's kind decided the deferral.
			key, err := k.book.SaveButton(t.Context(), long)
			if err != nil {
				t.Fatal(err)
			}
			if r := decode(t, k.press(locale, keyPrefix+key)); r.Data.Content != msg(l, "unknown") {
				t.Errorf("a private id under a public key: %+v", r.Data)
			}
			// Only a button's id is kept.
			key, err = k.book.SaveButton(t.Context(), keyPrefix+key+strings.Repeat("x", 100))
			if err != nil {
				t.Fatal(err)
			}
			if r := decode(t, k.press(locale, keyPrefix+key)); r.Data.Content != msg(l, "unknown") {
				t.Errorf("a kept id that is not a button's: %+v", r.Data)
			}

			// Ids that fit are not kept.
			r := decode(t, k.send(fmt.Sprintf(`{"id":"s1","application_id":"200","type":2,"token":"tok","locale":%q,"data":{"id":"300","name":"roll","type":1,"options":[%s]}}`, locale, str("expr", "3k6+2"))))
			if ids := buttonIDs(r); strings.Join(ids, " ") != "reroll:3k6+2 odds:3k6+2" {
				t.Errorf("a short roll's buttons %q", ids)
			}

			// A store that cannot be read.
			broken := newKeptServer(t, func(s units.Store) units.Store { return faultyStore{Store: s, failGet: true} })
			raw := broken.press(locale, unknownKey)
			if r := decode(t, raw); r.Data.Flags != discordgo.MessageFlagsEphemeral || r.Data.Content != say(l, msgButtonStore) {
				t.Errorf("a failing store: %+v", r.Data)
			}
			goldenReply(t, "button-store."+locale+".json", raw)
			if logged := broken.logs.lines(t, "reading a button's request"); len(logged) != 1 || logged[0]["level"] != "ERROR" {
				t.Errorf("logged %s", broken.logs)
			}

			// A store that cannot be written: the reply goes without the
			// buttons it cannot keep, and says why in the log.
			full := newKeptServer(t, func(s units.Store) units.Store { return faultyStore{Store: s, failPut: true} })
			r = decode(t, full.send(fmt.Sprintf(`{"id":"s2","application_id":"200","type":2,"token":"tok","locale":%q,"data":{"id":"300","name":"roll","type":1,"options":[%s]}}`, locale, str("expr", long[len("rerollp:"):]))))
			if len(r.Data.Embeds) == 0 || len(buttonIDs(r)) != 0 {
				t.Errorf("a roll whose buttons cannot be kept: %+v, buttons %q", r.Data, buttonIDs(r))
			}
			if logged := full.logs.lines(t, "keeping a button's request; the reply goes without that button"); len(logged) != 2 {
				t.Errorf("logged %s", full.logs)
			}
		})
	}
}

// TestKeptButtonsStalledStore: a store that does not answer delays a
// reply by buttonTimeout at most, for all its buttons together, and the
// reply goes without them.
func TestKeptButtonsStalledStore(t *testing.T) {
	k := newKeptServer(t, func(s units.Store) units.Store { return faultyStore{Store: s, stallPut: true} })
	start := time.Now()
	res := k.bot.Handle(t.Context(), interaction(t, slash("cs", "roll", `[`+str("expr", strings.Repeat("d6+", 40)+"1")+`]`)))
	took := time.Since(start)
	if len(res.Data.Embeds) == 0 || len(res.Data.Components) != 0 {
		t.Errorf("a long roll with a stalled store: %+v", res.Data)
	}
	if took < buttonTimeout || took > buttonTimeout+time.Second {
		t.Errorf("answered after %v, want just over %v (the two buttons together)", took, buttonTimeout)
	}
}

// TestKeptButtonsWithoutStore: without a store a long request has no
// button (as a deployment without a table), and a kept button pressed
// there is expired.
func TestKeptButtonsWithoutStore(t *testing.T) {
	b := newBot(t)
	res := b.Handle(t.Context(), interaction(t, slash("pl", "roll", `[`+str("expr", strings.Repeat("d6+", 40)+"1")+`]`)))
	if len(res.Data.Components) != 0 {
		t.Errorf("a long roll without a store has buttons %+v", res.Data.Components)
	}
	if r := press(t, b, "pl", keyPrefix+"AAAAAAAAAAAAAAAAAAAAAA"); r.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(r.Data.Content, "24") {
		t.Errorf("a kept button without a store: %+v", r.Data)
	}
}

// TestPrivateKeptButton: a private roll's kept button is deferred
// privately, before its store is read.
func TestPrivateKeptButton(t *testing.T) {
	for _, tt := range []struct {
		id   string
		want bool
	}{
		{privateKeyPrefix + "AAAAAAAAAAAAAAAAAAAAAA", true},
		{keyPrefix + "AAAAAAAAAAAAAAAAAAAAAA", false},
		{privateRerollPrefix + "d6", true},
		{privateOddsPrefix + "d6", true},
		{rerollPrefix + "d6", false},
	} {
		i := interaction(t, fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","data":{"custom_id":%q,"component_type":2}}`, tt.id))
		if got := private(i, units.GuildSettings{}); got != tt.want {
			t.Errorf("private(%s) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

// FuzzKeptButton: any custom id after a key's prefix is answered, a
// kept one as its button, anything else with a polite private refusal;
// never a panic or a server error.
func FuzzKeptButton(f *testing.F) {
	store, err := boltstore.Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { store.Close() })
	reg := catalog.Registry()
	book := units.NewBook(store, units.SchemaValidator(reg), units.DefaultLimits)
	b, err := New(Config{Service: kostkaService(), Systems: reg, Units: book})
	if err != nil {
		f.Fatal(err)
	}
	key, err := book.SaveButton(context.Background(), rerollPrefix+strings.Repeat("d6+", 40)+"1")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{key, "AAAAAAAAAAAAAAAAAAAAAA", "", "../guild#900", key + "=", strings.ToUpper(key), "\x00", "key:" + key} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, raw string, private bool) {
		id := keyPrefix + raw
		if private {
			id = privateKeyPrefix + raw
		}
		js, _ := json.Marshal(id)
		res := b.Handle(context.Background(), interaction(t, `{"id":"1","application_id":"2","type":3,"token":"t","locale":"cs","data":{"custom_id":`+string(js)+`,"component_type":2}}`))
		if res == nil || res.Data == nil {
			t.Fatalf("%q: no answer", id)
		}
		if raw == key && !private {
			if len(res.Data.Embeds) == 0 {
				t.Fatalf("the kept button answered %+v", res.Data)
			}
			return
		}
		if res.Data.Flags != discordgo.MessageFlagsEphemeral || res.Data.Content == "" || res.Data.Content == msg(cs, "error.server") || len(res.Data.Embeds) != 0 {
			t.Fatalf("%q answered %+v, want a polite private refusal", id, res.Data)
		}
	})
}
