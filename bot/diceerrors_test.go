package bot

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"kostka/l10n"
)

// TestDiceErrorsInThePlayersLanguage sends signed /roll and /odds
// interactions with bad expressions and checks the polite ephemeral
// reply is in the player's language, naming the character, and that a
// Polish or Czech one has no word of another language (langcheck).
func TestDiceErrorsInThePlayersLanguage(t *testing.T) {
	s := newSigner(t)
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	srv := httptest.NewServer(newBot(t).Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	c := checker()
	for _, tt := range []struct {
		locale, command, expr, want string
	}{
		{"pl", "roll", "2d6ł", "Nie udało się: Wyrażenie z kośćmi: Na pozycji 4 powinien być znak działania (+ - * /), a jest „ł”."},
		{"pl", "odds", "1001d6", "Nie udało się: Wyrażenie z kośćmi: Rzucić można od 1 do 1000 kości naraz, nie 1001 (pozycja 1)."},
		{"pl", "odds", "3d6!pkh2", "Nie udało się: Wyrażenie z kośćmi: Dokładnych szans nie da się policzyć"},
		{"cs", "roll", "４d6", "Nepovedlo se: Výraz s kostkami: Na pozici 1 má být číslo nebo kostka, ne „４“."},
		{"cs", "odds", "(2d6", "Nepovedlo se: Výraz s kostkami: Závorka „(“ na pozici 1 není uzavřená: doplňte „)“."},
		{"en-US", "roll", "4d6k5", "That did not work: Dice expression: Cannot keep 5 of 4 dice (character 4)."},
	} {
		t.Run(tt.locale+" "+tt.command+" "+tt.expr, func(t *testing.T) {
			opts, _ := json.Marshal([]map[string]any{{"name": "expr", "type": 3, "value": tt.expr}})
			res, err := http.DefaultClient.Do(s.request(t, srv.URL, slash(tt.locale, tt.command, string(opts)), now))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			var reply struct {
				Type int
				Data struct {
					Content string
					Flags   int
				}
			}
			if err := json.Unmarshal(body, &reply); err != nil || res.StatusCode != 200 || reply.Type != 4 || reply.Data.Flags&64 == 0 {
				t.Fatalf("%d %s (%v)", res.StatusCode, body, err)
			}
			if !strings.HasPrefix(reply.Data.Content, tt.want) {
				t.Errorf("reply %q, want %q", reply.Data.Content, tt.want)
			}
			if tt.locale == "en-US" {
				return
			}
			lang := map[string]l10n.Lang{"pl": l10n.Polish, "cs": l10n.Czech}[tt.locale]
			for _, leak := range c.Leaks(strings.ReplaceAll(reply.Data.Content, tt.expr, ""), lang) {
				t.Errorf("%s reply %q has %s", tt.locale, reply.Data.Content, leak)
			}
		})
	}
}
