package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"kostka/systems/catalog"
)

// signer signs interactions as Discord does, with a generated key.
type signer struct {
	pub  ed25519.PublicKey
	priv ed25519.PrivateKey
}

func newSigner(t testing.TB) signer {
	t.Helper()
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, ed25519.SeedSize))
	return signer{priv.Public().(ed25519.PublicKey), priv}
}

// request builds a signed interaction request, with a fresh interaction
// id (see withFreshID).
func (s signer) request(t testing.TB, url, body string, ts time.Time) *http.Request {
	t.Helper()
	return s.requestAsIs(t, url, withFreshID(url, body), ts)
}

// requestAsIs builds a signed interaction request of body as it is.
func (s signer) requestAsIs(t testing.TB, url, body string, ts time.Time) *http.Request {
	t.Helper()
	stamp := fmt.Sprint(ts.Unix())
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(s.priv, []byte(stamp+body))))
	return req
}

// sentIDs are the interaction ids the tests have sent, by server URL.
var sentIDs = struct {
	sync.Mutex
	seen map[string]bool // URL + " " + id
	last int
}{seen: map[string]bool{}}

// withFreshID returns body as it is the first time its interaction id is
// sent to url, and with a new id after that: a Handler refuses an
// interaction it has already received, and the tests reuse their
// interactions' text. The id is the first "id" of the body, the
// interaction's own in every test's body.
func withFreshID(url, body string) string {
	const key = `"id":"`
	i := strings.Index(body, key)
	if i < 0 {
		return body
	}
	start := i + len(key)
	end := strings.IndexByte(body[start:], '"')
	if end < 0 {
		return body
	}
	id := body[start : start+end]
	sentIDs.Lock()
	defer sentIDs.Unlock()
	for sentIDs.seen[url+" "+id] {
		sentIDs.last++
		id = fmt.Sprint("fresh", sentIDs.last)
	}
	sentIDs.seen[url+" "+id] = true
	return body[:start] + id + body[start+end:]
}

func TestHTTPInteractions(t *testing.T) {
	s := newSigner(t)
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	srv := httptest.NewServer(newBot(t).Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	do := func(req *http.Request) (int, string) {
		t.Helper()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}

	const ping = `{"id":"1","application_id":"2","type":1,"token":"t"}`
	status, body := do(s.request(t, srv.URL, ping, now))
	if status != 200 || strings.TrimSpace(body) != `{"type":1}` {
		t.Errorf("PING: %d %s", status, body)
	}
	// The Handler's PING answer, written without decoding the interaction,
	// is the bot's.
	var want bytes.Buffer
	if err := json.NewEncoder(&want).Encode(newBot(t).Handle(context.Background(), interaction(t, ping))); err != nil || body != want.String() {
		t.Errorf("PING: the Handler answers %q, the bot %q (%v)", body, want.String(), err)
	}

	status, body = do(s.request(t, srv.URL, slash("en-US", "roll", `[{"name":"expr","type":3,"value":"2d6"}]`), now))
	var res struct {
		Type int
		Data struct {
			Embeds []struct{ Title, Description string }
		}
	}
	if err := json.Unmarshal([]byte(body), &res); status != 200 || err != nil || res.Type != 4 || !strings.HasPrefix(res.Data.Embeds[0].Title, "🎲 ") ||
		strings.Count(res.Data.Embeds[0].Description, ",") != 1 {
		t.Errorf("/roll 2d6: %d %s", status, body)
	}

	// What Discord's probes send, and replays, get 401.
	good := slash("en-US", "help", `[]`)
	other := newSigner(t)
	other.priv = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
	tampered := s.requestAsIs(t, srv.URL, good, now)
	tampered.Body = io.NopCloser(strings.NewReader(strings.Replace(good, "help", "roll", 1)))
	noSig := s.request(t, srv.URL, good, now)
	noSig.Header.Del("X-Signature-Ed25519")
	badHex := s.request(t, srv.URL, good, now)
	badHex.Header.Set("X-Signature-Ed25519", "zz")
	noStamp := s.request(t, srv.URL, good, now)
	noStamp.Header.Del("X-Signature-Timestamp")
	for name, req := range map[string]*http.Request{
		"other key":     other.request(t, srv.URL, good, now),
		"tampered body": tampered,
		"no signature":  noSig,
		"bad hex":       badHex,
		"no timestamp":  noStamp,
		"old timestamp": s.request(t, srv.URL, good, now.Add(-6*time.Minute)),
		"future stamp":  s.request(t, srv.URL, good, now.Add(6*time.Minute)),
	} {
		if status, body := do(req); status != http.StatusUnauthorized || !strings.Contains(body, `"status":401`) {
			t.Errorf("%s: %d %s", name, status, body)
		}
	}
	// A signed body that is not an interaction is a 400.
	if status, _ := do(s.request(t, srv.URL, `[1,2]`, now)); status != http.StatusBadRequest {
		t.Errorf("not an interaction: %d", status)
	}
	// An oversized body is refused before it is read whole.
	if status, _ := do(s.request(t, srv.URL, strings.Repeat("x", maxInteractionBytes+1), now)); status != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized: %d", status)
	}
}

func TestParsePublicKey(t *testing.T) {
	s := newSigner(t)
	key, err := ParsePublicKey(hex.EncodeToString(s.pub) + "\n")
	if err != nil || !key.Equal(s.pub) {
		t.Errorf("ParsePublicKey: %v", err)
	}
	for _, bad := range []string{"", "abc", strings.Repeat("zz", 32), strings.Repeat("ab", 31)} {
		if _, err := ParsePublicKey(bad); err == nil || !strings.Contains(err.Error(), "64 hex digits") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func FuzzInteraction(f *testing.F) {
	f.Add(slash("pl", "roll", `[{"name":"expr","type":3,"value":"2d6"}]`))
	f.Add(`{"type":4,"data":{"name":"rule","options":[{"name":"query","type":3,"value":"os","focused":true}]}}`)
	f.Add(`{"type":3,"data":{"custom_id":"more::x","component_type":2}}`)
	f.Add(`{"type":2,"data":{"name":"attack","options":[{"name":"wzr-d20","type":1,"options":[{"name":"skill","type":4,"value":1e9}]}]}}`)
	b := newBot(f)
	f.Fuzz(func(t *testing.T, js string) {
		var i struct{ Type int }
		if json.Unmarshal([]byte(js), &i) != nil {
			return
		}
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s: panic %v", js, r)
			}
		}()
		var in = interaction(t, "{}")
		if err := json.Unmarshal([]byte(js), in); err != nil {
			return
		}
		res := b.Handle(t.Context(), in)
		if res == nil {
			t.Fatalf("%s: no response", js)
		}
		checkLimits(t, res)
	})
}

// TestHTTPInteractionsLinkToTheirHost checks that a bot without a PageURL
// links a rule to the page on the host the interaction was sent to (an API
// Gateway host, or the loopback address of "kostka serve"), and that the
// shared bot keeps no host between requests.
func TestHTTPInteractionsLinkToTheirHost(t *testing.T) {
	t.Parallel()
	b, err := New(Config{Service: kostkaService(), Systems: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	s := newSigner(t)
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	body := slash("en-US", "rule", `[{"name":"query","type":3,"value":"quality-d6.oslona"}]`)
	for _, tt := range []struct {
		host, want string
	}{
		{"abc123.execute-api.eu-central-1.amazonaws.com", "https://abc123.execute-api.eu-central-1.amazonaws.com/r/quality-d6.oslona"},
		{"", "http://" + strings.TrimPrefix(srv.URL, "http://") + "/r/quality-d6.oslona"},
		{"kostka.example:8443", "https://kostka.example:8443/r/quality-d6.oslona"},
	} {
		req := s.request(t, srv.URL, body, now)
		if tt.host != "" {
			req.Host = tt.host
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var answer struct {
			Data struct{ Embeds []struct{ URL string } }
		}
		err = json.NewDecoder(res.Body).Decode(&answer)
		res.Body.Close()
		if err != nil || len(answer.Data.Embeds) != 1 || answer.Data.Embeds[0].URL != tt.want {
			t.Errorf("Host %q: %v %+v, want the link %s", tt.host, err, answer, tt.want)
		}
	}
	if b.cfg.PageURL != "" {
		t.Errorf("the shared bot kept the page URL %q", b.cfg.PageURL)
	}
}

func TestPageURLOf(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ host, want string }{
		{"abc.execute-api.eu-central-1.amazonaws.com", "https://abc.execute-api.eu-central-1.amazonaws.com"},
		{"localhost:8080", "http://localhost:8080"},
		{"127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"[::1]:8080", "http://[::1]:8080"},
		{"[2001:db8::1]", "https://[2001:db8::1]"},
		{"", ""},
		{"evil.example/path", ""},
		{"evil.example\r\nX: y", ""},
		{"a b", ""},
	} {
		r := httptest.NewRequest(http.MethodPost, "/discord/interactions", nil)
		r.Host = tt.host
		if got := pageURLOf(r); got != tt.want {
			t.Errorf("pageURLOf(Host %q) = %q, want %q", tt.host, got, tt.want)
		}
	}
}

// TestRuleWeakMatch sends /rule with a far typo, signed as Discord signs
// it, in Polish, Czech and English: the reply presents no rule as the
// answer but says there is no close match and offers the search's
// guesses in a select menu that opens the chosen rule (golden replies in
// testdata/replies). A close typo still answers the rule itself.
func TestRuleWeakMatch(t *testing.T) {
	s := newSigner(t)
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	srv := httptest.NewServer(newBot(t).Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	do := func(body string) []byte {
		t.Helper()
		res, err := http.DefaultClient.Do(s.request(t, srv.URL, body, now))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%d %s %v", res.StatusCode, b, err)
		}
		return b
	}
	type reply struct {
		Type int
		Data struct {
			Content    string
			Flags      int
			Embeds     []struct{ Title string }
			Components []struct {
				Components []struct {
					CustomID string `json:"custom_id"`
					Options  []struct{ Label, Value string }
				}
			}
		}
	}
	want := map[string]string{"pl": "Nic nie pasuje dokładnie do „xyzzy”", "cs": "Pro „xyzzy” není žádná blízká shoda", "en-US": "No close match for “xyzzy”"}
	for _, locale := range []string{"pl", "cs", "en-US"} {
		t.Run(locale, func(t *testing.T) {
			body := do(slash(locale, "rule", `[{"name":"query","type":3,"value":"xyzzy"}]`))
			var v any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatal(err)
			}
			golden(t, "replies/rule-weak."+locale+".json", indent(t, v))
			var r reply
			if err := json.Unmarshal(body, &r); err != nil {
				t.Fatal(err)
			}
			if r.Type != 4 || r.Data.Flags != 64 || len(r.Data.Embeds) != 0 || !strings.HasPrefix(r.Data.Content, want[locale]) {
				t.Fatalf("reply %+v, want an ephemeral %q and no rule", r.Data, want[locale])
			}
			if len(r.Data.Components) != 1 || len(r.Data.Components[0].Components) != 1 {
				t.Fatalf("components %+v", r.Data.Components)
			}
			menu := r.Data.Components[0].Components[0]
			if menu.CustomID != openRuleID || len(menu.Options) == 0 || len(menu.Options) > maxDidYouMean {
				t.Fatalf("select menu %+v", menu)
			}
			// Only the offered titles are bold, and each is named.
			titles := map[string]bool{}
			for _, o := range menu.Options {
				titles[o.Label] = true
			}
			plain := checkMarkdown(t, r.Data.Content, func(sp span) bool { return sp.kind == "bold" && titles[sp.text] })
			for title := range titles {
				if !strings.Contains(plain, "• "+title+" · ") {
					t.Errorf("%q is offered in the menu but not named in %q", title, plain)
				}
			}
			// Choosing an offer opens that rule.
			chosen := menu.Options[0]
			var opened reply
			if err := json.Unmarshal(do(fmt.Sprintf(`{"id":"1","application_id":"2","type":3,"token":"t","locale":%q,
				"data":{"custom_id":%q,"component_type":3,"values":[%q]}}`, locale, menu.CustomID, chosen.Value)), &opened); err != nil {
				t.Fatal(err)
			}
			if len(opened.Data.Embeds) != 1 || opened.Data.Embeds[0].Title != chosen.Label {
				t.Errorf("opening %q: %+v", chosen.Value, opened.Data)
			}
		})
	}
	// A close typo is no weak match: the rule itself is the answer.
	var r reply
	if err := json.Unmarshal(do(slash("pl", "rule", `[{"name":"query","type":3,"value":"oslnoa"}]`)), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Data.Embeds) != 1 || r.Data.Embeds[0].Title != "Osłona" || r.Data.Flags != 0 {
		t.Errorf("a close typo: %+v", r.Data)
	}
}

// TestReplayedInteraction: an interaction received again, the same signed
// request or another body with its id, gets 401 while its signature is
// young enough to pass; once the first one's timestamp is too old to
// verify, the id is forgotten.
func TestReplayedInteraction(t *testing.T) {
	s := newSigner(t)
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	srv := httptest.NewServer(newBot(t).Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	send := func(body string, signed time.Time) (int, string) {
		t.Helper()
		res, err := http.DefaultClient.Do(s.requestAsIs(t, srv.URL, body, signed))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	help := strings.Replace(slash("en-US", "help", `[]`), `"id":"100"`, `"id":"replayed"`, 1)
	roll := strings.Replace(slash("en-US", "roll", `[{"name":"expr","type":3,"value":"2d6"}]`), `"id":"100"`, `"id":"replayed"`, 1)
	if status, body := send(help, now); status != http.StatusOK {
		t.Fatalf("first: %d %s", status, body)
	}
	for name, tt := range map[string]struct {
		body   string
		signed time.Time
	}{
		"the same request":         {help, now},
		"its id, signed again":     {help, now.Add(time.Second)},
		"its id with another body": {roll, now.Add(2 * time.Second)},
		"its id, signed in 4m59s":  {help, now.Add(4*time.Minute + 59*time.Second)},
	} {
		if status, body := send(tt.body, tt.signed); status != http.StatusUnauthorized || !strings.Contains(body, "already received") {
			t.Errorf("%s: %d %s, want 401", name, status, body)
		}
	}
	if status, body := send(`{"id":"other","application_id":"200","type":1,"token":"tok"}`, now); status != http.StatusOK {
		t.Errorf("another interaction: %d %s", status, body)
	}
	now = now.Add(5*time.Minute + time.Second) // the first one's timestamp no longer verifies
	if status, body := send(help, now); status != http.StatusOK {
		t.Errorf("its id, signed after the first expired: %d %s, want 200", status, body)
	}
}

// TestReplaysBounded: replays remembers at most maxRemembered ids,
// forgetting the expired ones first, then the oldest.
func TestReplaysBounded(t *testing.T) {
	r := &replays{seen: map[string]time.Time{}}
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for i := range maxRemembered {
		if !r.first(fmt.Sprint(i), now, now.Add(time.Duration(i+1)*time.Millisecond)) {
			t.Fatalf("id %d refused the first time", i)
		}
	}
	if r.first("0", now, now.Add(time.Minute)) {
		t.Error("a remembered id was accepted again")
	}
	if !r.first("new", now, now.Add(time.Minute)) || len(r.seen) != maxRemembered {
		t.Errorf("remembering one more: %d ids, want %d", len(r.seen), maxRemembered)
	}
	if !r.first("0", now, now.Add(time.Minute)) {
		t.Error("the oldest id was not forgotten when full")
	}
	later := now.Add(time.Hour)
	if !r.first("after", later, later.Add(time.Minute)) || len(r.seen) != 1 {
		t.Errorf("after every id expired: %d ids remembered, want 1", len(r.seen))
	}
}
