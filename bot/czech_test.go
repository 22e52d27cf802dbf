package bot

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"kostka/l10n"
)

// TestCzechRepliesHaveNoPolish sends signed commands in Czech (/attack and
// /test for every system, with several seeds, /odds, /roll, /cost, /help,
// and replies to mistakes) and checks that none has a word only Polish
// texts use; in particular no Polish rule word (trafienie, osłona, atak…)
// of the two Polish rulebooks. What comes from a rulebook itself (a rule's
// title or text) is the book's and is not checked.
func TestCzechRepliesHaveNoPolish(t *testing.T) {
	t.Parallel()
	b := newBot(t)
	c := checker()
	for _, w := range []string{"trafienie", "trafienia", "osłona", "atak", "ataki", "obrona", "przeciw", "rany", "jakość", "pudło", "szanse", "wynik", "kości", "nie"} {
		if !c.Polish(w) {
			t.Fatalf("%q is not among the Polish words langcheck looks for; its vocabulary is wrong", w)
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
				for _, leak := range c.Leaks(text, l10n.Czech) {
					t.Errorf("the Czech reply has %s:\n%s", leak, text)
				}
			})
		}
		srv.Close()
	}
}
