package bot

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
)

// polishOnlyWords are the words of the Polish texts players read (every
// message's Polish text, the bot's own and its commands' Polish names)
// that no Czech or English text has: a Czech reply holding one has Polish
// in it. A rulebook term the Czech text keeps in Polish (an ability on a
// player's card, such as Brutalny) is in a Czech text, so it is allowed.
func polishOnlyWords(b *Bot) map[string]bool {
	placeholders := regexp.MustCompile(`\{[^{}]*\}|%\[?\d*\]?[a-z]`)
	words := func(s string) []string {
		return regexp.MustCompile(`\p{L}{3,}`).FindAllString(strings.ToLower(placeholders.ReplaceAllString(s, " ")), -1)
	}
	polish, other := map[string]bool{}, map[string]bool{}
	add := func(pl, others string) {
		for _, w := range words(pl) {
			polish[w] = true
		}
		for _, w := range words(others) {
			other[w] = true
		}
	}
	for _, d := range l10n.All() {
		tx := d.Texts()
		add(tx.Pl, tx.Cs+" "+tx.En)
	}
	var walk func(opts []*Option)
	walk = func(opts []*Option) {
		for _, o := range opts {
			add(o.NameLocalizations[string(discordgo.Polish)]+" "+o.DescriptionLocalizations[string(discordgo.Polish)],
				o.NameLocalizations[string(discordgo.Czech)]+" "+o.DescriptionLocalizations[string(discordgo.Czech)]+" "+o.Name+" "+o.Description)
			walk(o.Options)
		}
	}
	for _, c := range b.Commands() {
		add(c.NameLocalizations[string(discordgo.Polish)]+" "+c.DescriptionLocalizations[string(discordgo.Polish)],
			c.NameLocalizations[string(discordgo.Czech)]+" "+c.DescriptionLocalizations[string(discordgo.Czech)]+" "+c.Name+" "+c.Description)
		walk(c.Options)
	}
	for w := range other {
		delete(polish, w)
	}
	return polish
}

// TestCzechRepliesHaveNoPolish sends signed commands in Czech (/attack and
// /test for every system, with several seeds, /odds, /roll, /cost, /help,
// and replies to mistakes) and checks that none has a word only Polish
// texts use; in particular no Polish rule word (trafienie, osłona, atak…)
// of the two Polish rulebooks. What comes from a rulebook itself (a rule's
// title or text) is the book's and is not checked.
func TestCzechRepliesHaveNoPolish(t *testing.T) {
	t.Parallel()
	b := newBot(t)
	polish := polishOnlyWords(b)
	for _, w := range []string{"trafienie", "trafienia", "osłona", "atak", "ataki", "obrona", "przeciw", "rany", "jakość", "pudło", "szanse", "wynik", "kości", "nie"} {
		if !polish[w] {
			t.Fatalf("%q is not among the Polish words looked for; the list is wrong", w)
		}
	}
	s := newSigner(t)
	now := time.Now()
	sub := func(cmd, system, options string) string {
		return fmt.Sprintf(`{"id":"1","application_id":"2","type":2,"token":"t","locale":"cs",
			"member":{"user":{"id":"7","username":"ala"}},
			"data":{"id":"3","name":%q,"type":1,"options":[{"name":%q,"type":1,"options":%s}]}}`, cmd, system, options)
	}
	commands := map[string]string{
		"attack quality-d6": sub("attack", "quality-d6", `[{"name":"attacks","type":4,"value":10},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":5},{"name":"models","type":4,"value":5},{"name":"toughness","type":4,"value":2},{"name":"abilities","type":3,"value":"Brutalny, Furia, Rozprysk(3)"},{"name":"cover","type":5,"value":true}]`),
		"attack pool-k6":    sub("attack", "pool-k6", `[{"name":"attack","type":4,"value":4},{"name":"defense","type":4,"value":3},{"name":"damage","type":4,"value":6},{"name":"armour","type":4,"value":4}]`),
		"attack wzr-d20":    sub("attack", "wzr-d20", `[{"name":"skill","type":4,"value":13},{"name":"rate","type":4,"value":4},{"name":"strength","type":4,"value":9},{"name":"armour","type":4,"value":14},{"name":"wounds","type":4,"value":2}]`),
		"attack fantasy-k6": sub("attack", "fantasy-k6", `[{"name":"attacks","type":4,"value":4},{"name":"pain","type":4,"value":3},{"name":"accuracy","type":4,"value":4}]`),
		"test quality-d6":   sub("test", "quality-d6", `[{"name":"quality","type":4,"value":4},{"name":"target","type":4,"value":4}]`),
		"test pool-k6":      sub("test", "pool-k6", `[{"name":"dice","type":4,"value":3},{"name":"opponent-dice","type":4,"value":2}]`),
		"test wzr-d20":      sub("test", "wzr-d20", `[{"name":"skill","type":4,"value":12}]`),
		"test fantasy-k6":   sub("test", "fantasy-k6", `[]`),
		"odds":              slash("cs", "odds", `[{"name":"expr","type":3,"value":"3k6"}]`),
		"roll":              slash("cs", "roll", `[{"name":"expr","type":3,"value":"10d6>=5"}]`),
		"help":              slash("cs", "help", `[]`),
		"cost": slash("cs", "cost", `[{"name":"models","type":4,"value":10},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":5},
			{"name":"toughness","type":4,"value":1},{"name":"weapons","type":3,"value":"1 24 AP1; 2 melee"}]`),
		"missing option":   sub("test", "quality-d6", `[{"name":"quality","type":4,"value":4}]`),
		"option off mode":  sub("attack", "fantasy-k6", `[{"name":"attacks","type":4,"value":3},{"name":"pain","type":4,"value":3},{"name":"mode","type":3,"value":"melee"},{"name":"accuracy","type":4,"value":4}]`),
		"value refused":    sub("attack", "quality-d6", `[{"name":"attacks","type":4,"value":200},{"name":"quality","type":4,"value":2},{"name":"defense","type":4,"value":6},{"name":"models","type":4,"value":100},{"name":"toughness","type":4,"value":30},{"name":"blast","type":4,"value":12},{"name":"abilities","type":3,"value":"Rój, Podwójny, Furia"}]`),
		"dice error":       slash("cs", "odds", `[{"name":"expr","type":3,"value":"3d6!pkh2"}]`),
		"weapon error":     slash("cs", "cost", `[{"name":"models","type":4,"value":10},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":5},{"name":"weapons","type":3,"value":"2"}]`),
		"no rule":          slash("cs", "rule", `[{"name":"query","type":3,"value":"."}]`),
		"no system chosen": slash("cs", "attack", `[]`),
	}
	for _, seed := range []uint64{1, 2, 3, 4, 5} {
		b.seed = &seed
		srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
		for name, body := range commands {
			if seed > 1 && !strings.HasPrefix(name, "attack ") && !strings.HasPrefix(name, "test ") {
				continue // only rolls differ by seed
			}
			t.Run(fmt.Sprintf("%s/seed %d", name, seed), func(t *testing.T) {
				res, err := http.DefaultClient.Do(s.request(t, srv.URL, body, now))
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				js, _ := io.ReadAll(res.Body)
				var reply struct {
					Data struct {
						Content string
						Embeds  []struct {
							Title, Description string
							Fields             []struct{ Name, Value string }
						}
					}
				}
				if err := json.Unmarshal(js, &reply); err != nil || res.StatusCode != http.StatusOK {
					t.Fatalf("%d %s", res.StatusCode, js)
				}
				text := reply.Data.Content
				for _, e := range reply.Data.Embeds {
					text += "\n" + e.Title + "\n" + e.Description
					for _, f := range e.Fields {
						text += "\n" + f.Name + "\n" + f.Value
					}
				}
				if strings.TrimSpace(text) == "" {
					t.Fatalf("an empty reply: %s", js)
				}
				for _, w := range regexp.MustCompile(`\p{L}{3,}`).FindAllString(strings.ToLower(text), -1) {
					if polish[w] {
						t.Errorf("the Czech reply has the Polish word %q:\n%s", w, text)
					}
				}
			})
		}
		srv.Close()
	}
}
