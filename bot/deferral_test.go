package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kostka"

	"kostka/dice"
	"kostka/internal/testenv"
	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// fakeInteractions is Discord's interaction endpoints on loopback: it
// records deferrals (the callback endpoint) and edits of the original
// response (the webhook), with when they arrived.
type fakeInteractions struct {
	mu      sync.Mutex
	defers  map[string]time.Time // interaction id → when its deferral arrived
	flags   map[string]int       // interaction id → its deferral's flags (64: ephemeral)
	edits   map[string]string    // token → the edit's body (its payload_json when multipart)
	files   map[string][][]byte  // token or interaction id → the files sent with its edit or answer
	answers map[string]string    // interaction id → an answer (type 4) sent through the callback endpoint
	editted chan string
}

// readDiscordBody returns a request's JSON payload and files: the body as
// it is, or a multipart/form-data body's payload_json and files[n].
func readDiscordBody(t *testing.T, r *http.Request) (payload []byte, files [][]byte) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		body, _ := io.ReadAll(r.Body)
		return body, nil
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return payload, files
		}
		if err != nil {
			t.Errorf("multipart body: %v", err)
			return payload, files
		}
		data, _ := io.ReadAll(part)
		switch name := part.FormName(); {
		case name == "payload_json":
			payload = data
		case name == fmt.Sprintf("files[%d]", len(files)):
			files = append(files, data)
		default:
			t.Errorf("multipart part %q", name)
		}
	}
}

func newFakeInteractions(t *testing.T) (*fakeInteractions, *httptest.Server) {
	f := &fakeInteractions{defers: map[string]time.Time{}, flags: map[string]int{}, edits: map[string]string{}, files: map[string][][]byte{}, answers: map[string]string{}, editted: make(chan string, 1000)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, files := readDiscordBody(t, r)
		parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
		f.mu.Lock()
		defer f.mu.Unlock()
		switch {
		case r.Method == http.MethodPost && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
			var res struct {
				Type int
				Data struct{ Flags int }
			}
			switch {
			case json.Unmarshal(body, &res) == nil && res.Type == 5:
				f.defers[parts[1]] = time.Now()
				f.flags[parts[1]] = res.Data.Flags
			case res.Type == 4 && len(files) > 0: // an answer with files
				f.answers[parts[1]], f.files[parts[1]] = string(body), files
			default:
				t.Errorf("callback %s", body)
			}
			w.WriteHeader(http.StatusNoContent)
		case r.Method == http.MethodPatch && len(parts) == 5 && parts[0] == "webhooks" && parts[4] == "@original":
			if _, ok := f.edits[parts[2]]; ok {
				t.Errorf("a second edit of %s", parts[2])
			}
			f.edits[parts[2]] = string(body)
			if files != nil {
				f.files[parts[2]] = files
			}
			f.editted <- parts[2]
			w.Write([]byte(`{}`))
		default:
			t.Errorf("fake Discord: unexpected %s %s", r.Method, r.URL.Path)
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return f, srv
}

// command is a signed slash command with its own id and token.
func command(n int, name, options string) string {
	return fmt.Sprintf(`{"id":"i%d","application_id":"app","type":2,"token":"tok%d","locale":"pl",
		"member":{"user":{"id":"7","username":"ala"}},"data":{"id":"300","name":%q,"type":1,"options":%s}}`, n, n, name, options)
}

// TestDeferredAnswer: an answer not ready in time is deferred (type 5
// through the callback endpoint) and then sent by editing the original
// response; the HTTP response is then empty.
func TestDeferredAnswer(t *testing.T) {
	f, discord := newFakeInteractions(t)
	s := newSigner(t)
	// The service answers after 50 ms, so the answer is never ready
	// within DeferAfter, however fast the machine.
	b, err := New(Config{Service: slowService{kostkaService()}, Systems: newBot(t).cfg.Systems, DeferAfter: time.Millisecond, DiscordAPI: discord.URL})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	res, err := http.DefaultClient.Do(s.request(t, srv.URL, command(1, "odds", `[{"name":"expr","type":3,"value":"3k6"}]`), now))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		t.Errorf("status %d, want 202 (answered through Discord's API)", res.StatusCode)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var edit struct {
		Embeds []struct{ Title, Description string }
	}
	if _, ok := f.defers["i1"]; !ok || json.Unmarshal([]byte(f.edits["tok1"]), &edit) != nil || len(edit.Embeds) != 1 || !strings.Contains(edit.Embeds[0].Description, "średnia 10,5") {
		t.Errorf("deferrals %v, edit %s", f.defers, f.edits["tok1"])
	}
}

// TestPrivateDeferral: a deferred answer that will be private is
// deferred privately (a public deferral cannot be made ephemeral by its
// edit), whether a subcommand says private:True or the server keeps
// answers private by default, or the button is a private roll's Odds;
// the others are deferred publicly. The
// store reads slowly, so every answer is deferred.
func TestPrivateDeferral(t *testing.T) {
	f, discord := newFakeInteractions(t)
	store, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := catalog.Registry()
	book := units.NewBook(slowStore{store}, units.SchemaValidator(reg), units.DefaultLimits)
	b, err := New(Config{Service: kostkaService(), Systems: reg, Units: book, DiscordAPI: discord.URL, DeferAfter: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.SaveSettings(t.Context(), "901", units.GuildSettings{Private: true}, 0); err != nil {
		t.Fatal(err)
	}
	s := newSigner(t)
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	yes := `{"name":"private","type":5,"value":true}`
	no := `{"name":"private","type":5,"value":false}`
	for _, tc := range []struct {
		id, guild, name, options string
		private                  bool
	}{
		{"s1", "900", "unit", subcommand("list", yes), true},
		{"s2", "900", "unit", subcommand("list"), false},
		{"d1", "901", "roll", "[" + str("expr", "2d6") + "]", true},
		{"d2", "901", "roll", "[" + str("expr", "2d6") + "," + no + "]", false},
		{"d3", "901", "unit", subcommand("list"), true},
		{"p1", "900", "roll", "[" + str("expr", "2d6") + "," + yes + "]", true},
		{"a1", "900", "attack", subcommand("quality-d6", num("attacks", 6), num("quality", 4), num("defense", 4), yes), true},
		{"a2", "900", "attack", subcommand("pool-k6", num("attack", 4), num("defense", 3), num("damage", 6), num("armour", 4), `{"name":"odds","type":5,"value":true}`), false},
		{"a3", "901", "attack", subcommand("pool-k6", num("attack", 4), num("defense", 3), num("damage", 6), num("armour", 4), no), false},
		{"b1", "900", "", privateOddsPrefix + "3k6", true}, // the Odds button of a private roll
		{"b2", "900", "", oddsPrefix + "3k6", false},
		{"b3", "901", "", "ephemeral " + oddsPrefix + "3k6", true}, // a button of an answer private by the server's default
	} {
		t.Run(tc.id, func(t *testing.T) {
			body := inGuildWith(tc.id, tc.guild, "pl", "7", 0, 2, tc.name, tc.options, "{}")
			if tc.name == "" { // a button: options is its custom_id, after "ephemeral " on a message only its player sees
				id, ephemeral := strings.CutPrefix(tc.options, "ephemeral ")
				flags := 0
				if ephemeral {
					flags = 64 // ephemeral
				}
				body = fmt.Sprintf(`{"id":%q,"application_id":"200","type":3,"token":"tok-%s","locale":"pl","guild_id":%q,
					"member":{"user":{"id":"7","username":"u7"}},"message":{"id":"55","channel_id":"66","flags":%d},"data":{"custom_id":%q,"component_type":2}}`, tc.id, tc.id, tc.guild, flags, id)
			}
			res, err := http.DefaultClient.Do(s.request(t, srv.URL, body, now))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			f.mu.Lock()
			defer f.mu.Unlock()
			var edit struct{ Flags int }
			if _, ok := f.defers[tc.id]; !ok || json.Unmarshal([]byte(f.edits["tok-"+tc.id]), &edit) != nil {
				t.Fatalf("status %d, deferrals %v, edit %q", res.StatusCode, f.defers, f.edits["tok-"+tc.id])
			}
			if got := f.flags[tc.id]&64 != 0; got != tc.private {
				t.Errorf("deferral ephemeral %v (flags %d), want %v", got, f.flags[tc.id], tc.private)
			}
		})
	}
}

// TestStalledSettingsDeferral: a deferral waits for the server's settings
// (its privacy depends on them), but a store that never answers delays it
// only to just over SettingsTimeout (2.5 s, inside Discord's 3 seconds);
// the answer then follows the defaults (public).
func TestStalledSettingsDeferral(t *testing.T) {
	f, discord := newFakeInteractions(t)
	reg := catalog.Registry()
	b, err := New(Config{Service: kostkaService(), Systems: reg, DiscordAPI: discord.URL, DeferAfter: time.Millisecond,
		Units: units.NewBook(stalledStore{}, units.SchemaValidator(reg), units.DefaultLimits)})
	if err != nil {
		t.Fatal(err)
	}
	s := newSigner(t)
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	start := time.Now()
	res, err := http.DefaultClient.Do(s.request(t, srv.URL, inGuildWith("t1", "900", "pl", "7", 0, 2, "roll", "["+str("expr", "2d6")+"]", "{}"), now))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	f.mu.Lock()
	defer f.mu.Unlock()
	at, ok := f.defers["t1"]
	if !ok || f.edits["tok-t1"] == "" {
		t.Fatalf("status %d, deferrals %v, edits %v", res.StatusCode, f.defers, f.edits)
	}
	if took := at.Sub(start); took < SettingsTimeout || took > SettingsTimeout+time.Second {
		t.Errorf("deferred after %v, want just over %v", took, SettingsTimeout)
	}
	if f.flags["t1"] != 0 {
		t.Errorf("deferral flags %d, want public (the defaults)", f.flags["t1"])
	}
}

// TestLoad sends 50 heavy and 200 ordinary signed commands at once: every
// one must be answered or deferred inside Discord's 3 seconds, and every
// deferred one completed.
//
// It measures time, so it runs only when asked for, in a step of its own in
// .ci/run: KOSTKA_LOAD=1 go test -run 'TestLoad$' ./bot
func TestLoad(t *testing.T) {
	testenv.Gated(t, "KOSTKA_LOAD", "go test -count=1 -run 'TestLoad$' ./bot")
	if testing.Short() || raceEnabled {
		t.Skip("a load test measures time: not under -short or the race detector (CI runs it on its own)")
	}
	f, discord := newFakeInteractions(t)
	s := newSigner(t)
	b, err := New(Config{Service: kostkaService(), Systems: newBot(t).cfg.Systems, DiscordAPI: discord.URL})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 300}}
	const heavy, ordinary = 50, 200
	var bodies []string
	for n := range heavy {
		bodies = append(bodies, command(n, "odds", `[{"name":"expr","type":3,"value":"100d100"}]`))
	}
	ordinaryCmds := []struct{ name, opts string }{
		{"roll", `[{"name":"expr","type":3,"value":"3k6+2"}]`},
		{"help", `[]`},
		{"rule", `[{"name":"query","type":3,"value":"osłona"}]`},
		{"odds", `[{"name":"expr","type":3,"value":"3k6"}]`},
	}
	for n := range ordinary {
		c := ordinaryCmds[n%len(ordinaryCmds)]
		bodies = append(bodies, command(heavy+n, c.name, c.opts))
	}
	type result struct {
		n      int
		sent   time.Time     // when the request went out, as Discord's clock starts
		first  time.Duration // until the answer
		status int
	}
	results := make([]result, len(bodies))
	start := time.Now()
	var wg sync.WaitGroup
	for n, body := range bodies {
		wg.Go(func() {
			req := s.request(t, srv.URL, body, now)
			sent := time.Now()
			res, err := client.Do(req)
			took := time.Since(sent)
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			results[n] = result{n: n, sent: sent, first: took, status: res.StatusCode}
		})
	}
	wg.Wait()
	total := time.Since(start)
	f.mu.Lock()
	defer f.mu.Unlock()
	var direct, deferred []time.Duration
	for _, r := range results {
		id := fmt.Sprintf("i%d", r.n)
		switch r.status {
		case http.StatusOK:
			direct = append(direct, r.first)
		case http.StatusAccepted:
			if _, ok := f.answers[id]; ok {
				// An answer with a picture goes through the callback
				// endpoint, as multipart, when it is ready in time.
				direct = append(direct, r.first)
				continue
			}
			at, ok := f.defers[id]
			if !ok {
				t.Errorf("%s: 202 without a deferral or an answer with files", id)
				continue
			}
			deferred = append(deferred, at.Sub(r.sent))
			if _, ok := f.edits[fmt.Sprintf("tok%d", r.n)]; !ok {
				t.Errorf("%s: deferred and never completed", id)
			}
		default:
			t.Errorf("%s: status %d", id, r.status)
		}
	}
	worst := func(d []time.Duration) time.Duration {
		if len(d) == 0 {
			return 0
		}
		return slices.Max(d)
	}
	t.Logf("%d heavy + %d ordinary commands at once: %d answered directly (slowest %v), %d deferred (slowest deferral %v, completed %d); all done in %v",
		heavy, ordinary, len(direct), worst(direct), len(deferred), worst(deferred), len(f.edits), total)
	if w := max(worst(direct), worst(deferred)); w > 3*time.Second {
		t.Errorf("a first response took %v, past Discord's 3 seconds", w)
	}
}

// slowService is a service whose odds take 50 ms more.
type slowService struct{ kostka.Service }

func (s slowService) Odds(ctx context.Context, req kostka.OddsRequest) (*dice.Odds, error) {
	time.Sleep(50 * time.Millisecond)
	return s.Service.Odds(ctx, req)
}
