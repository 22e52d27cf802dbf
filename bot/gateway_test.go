package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"kostka"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"kostka/api"
	"kostka/client"
	"kostka/systems/catalog"
)

// fakeDiscord is Discord's REST API and gateway on loopback: it keeps
// registered commands, records interaction callbacks, and sends one
// INTERACTION_CREATE to each gateway session.
type fakeDiscord struct {
	t   *testing.T
	srv *httptest.Server

	mu        sync.Mutex
	commands  map[string][]map[string]any // by "app/guild", as Discord stores them
	callbacks chan callback
	dispatch  string // the interaction the gateway sends, as JSON
}

type callback struct {
	path string
	body callbackBody
}

// callbackBody is the part of an interaction response the tests read.
type callbackBody struct {
	Type int `json:"type"`
	Data struct {
		Embeds []struct {
			Description string `json:"description"`
		} `json:"embeds"`
	} `json:"data"`
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{t: t, commands: map[string][]map[string]any{}, callbacks: make(chan callback, 10)}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// session returns a discordgo session whose requests all go to the fake.
func (f *fakeDiscord) session(t *testing.T) *discordgo.Session {
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	target, _ := url.Parse(f.srv.URL)
	s.Client = &http.Client{Transport: rewrite{target}, Timeout: 5 * time.Second}
	s.LogLevel = discordgo.LogError
	return s
}

// rewrite sends every request to the fake, keeping its path.
type rewrite struct{ target *url.URL }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = r.target.Scheme, r.target.Host
	return http.DefaultTransport.RoundTrip(req)
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bot test-token" && !strings.HasPrefix(r.URL.Path, "/ws") {
		http.Error(w, `{"message":"401: Unauthorized","code":0}`, http.StatusUnauthorized)
		return
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v9/"), "/")
	switch {
	case strings.HasPrefix(r.URL.Path, "/ws"):
		f.gateway(w, r)
	case r.URL.Path == "/api/v9/gateway":
		json.NewEncoder(w).Encode(map[string]string{"url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws"})
	case len(parts) >= 5 && parts[0] == "applications" && parts[2] == "guilds" && parts[4] == "commands":
		f.commandsAt(w, r, parts[1]+"/"+parts[3])
	case len(parts) >= 3 && parts[0] == "applications" && parts[2] == "commands":
		f.commandsAt(w, r, parts[1]+"/")
	case len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		var res callbackBody
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &res); err != nil {
			f.t.Errorf("callback body %s: %v", body, err)
		}
		f.callbacks <- callback{r.URL.Path, res}
		w.WriteHeader(http.StatusNoContent)
	default:
		f.t.Errorf("fake Discord: unexpected %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
	}
}

func (f *fakeDiscord) commandsAt(w http.ResponseWriter, r *http.Request, key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r.Method {
	case http.MethodGet:
		// Like Discord, localizations only when asked for.
		out := []map[string]any{}
		for _, c := range f.commands[key] {
			d := maps.Clone(c)
			if r.URL.Query().Get("with_localizations") != "true" {
				delete(d, "name_localizations")
				delete(d, "description_localizations")
			}
			out = append(out, d)
		}
		json.NewEncoder(w).Encode(out)
	case http.MethodPut:
		var cmds []map[string]any
		if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		for i, c := range cmds {
			// The fields Discord adds to what it is sent.
			c["id"], c["application_id"], c["version"] = "cmd"+string(rune('a'+i)), "app", fmt.Sprint(time.Now().UnixNano())
			c["type"], c["nsfw"], c["default_member_permissions"], c["contexts"] = 1, false, nil, nil
			if c["name_localizations"] == nil {
				c["name_localizations"] = map[string]any{}
			}
		}
		f.commands[key] = cmds
		json.NewEncoder(w).Encode(cmds)
	}
}

// gateway speaks the gateway protocol: Hello, then READY after Identify,
// then the interaction to dispatch; heartbeats are acknowledged.
func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	c, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("upgrade: %v", err)
		return
	}
	defer c.Close()
	c.WriteJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	for {
		var p struct {
			Op int `json:"op"`
		}
		if err := c.ReadJSON(&p); err != nil {
			return
		}
		switch p.Op {
		case 2: // Identify
			c.WriteJSON(map[string]any{"op": 0, "t": "READY", "s": 1, "d": map[string]any{
				"v": 10, "session_id": "session", "user": map[string]any{"id": "9", "username": "kostka"}, "guilds": []any{},
			}})
			c.WriteJSON(map[string]any{"op": 0, "t": "INTERACTION_CREATE", "s": 2, "d": json.RawMessage(f.dispatch)})
		case 1: // Heartbeat
			c.WriteJSON(map[string]any{"op": 11})
		}
	}
}

func TestRegister(t *testing.T) {
	f := newFakeDiscord(t)
	f.commands["app/guild"] = []map[string]any{
		{"id": "x", "name": "roll", "description": "an older description"},
		{"id": "y", "name": "obsolete", "description": "a command no longer offered"},
	}
	b := newBot(t)
	changes, err := b.Register(context.Background(), f.session(t), "app", "guild")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range changes {
		got[c.Name] = c.Action
	}
	if got["roll"] != "changed" || got["obsolete"] != "removed" || got["rule"] != "added" || len(f.commands["app/guild"]) != len(b.Commands()) {
		t.Errorf("changes %v; registered %d", changes, len(f.commands["app/guild"]))
	}
	// Registering again changes nothing.
	changes, err = b.Register(context.Background(), f.session(t), "app", "guild")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if c.Action != "unchanged" {
			t.Errorf("second registration: %v", c)
		}
	}
	// Globally.
	if _, err := b.Register(context.Background(), f.session(t), "app", ""); err != nil || len(f.commands["app/"]) != len(b.Commands()) {
		t.Errorf("global registration: %v", err)
	}
}

// TestGateway runs the bot on a gateway session: the fake Discord sends an
// INTERACTION_CREATE, and the bot's answer arrives at the interaction's
// callback endpoint. The bot answers through the Kostka API in-process and
// through a deployed one (KOSTKA_API_URL), here a real HTTP server.
func TestGateway(t *testing.T) {
	deployed := httptest.NewServer(api.NewHandler(api.Config{}))
	defer deployed.Close()
	remote, err := client.New(deployed.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]kostka.Service{"in-process": kostkaService(), "remote": remote} {
		t.Run(name, func(t *testing.T) {
			f := newFakeDiscord(t)
			f.dispatch = slash("cs", "roll", `[{"name":"expr","type":3,"value":"3k6"}]`)
			b, err := New(Config{Service: a, Systems: catalog.Registry()})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- b.RunGateway(ctx, f.session(t)) }()
			select {
			case cb := <-f.callbacks:
				if cb.path != "/api/v9/interactions/100/tok/callback" || cb.body.Type != int(discordgo.InteractionResponseChannelMessageWithSource) ||
					!strings.HasPrefix(cb.body.Data.Embeds[0].Description, "3k6 → (") {
					t.Errorf("callback %s %+v", cb.path, cb.body.Data)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no interaction response arrived")
			}
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("RunGateway: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("RunGateway did not stop")
			}
		})
	}
}
