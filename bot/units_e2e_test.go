package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// fileCallbacks is Discord's interaction endpoints on loopback, for
// answers that carry files: it records each multipart callback's (POST
// /interactions/{id}/{token}/callback) and edit's (PATCH
// /webhooks/{app}/{token}/messages/@original) payload and files, by
// interaction id or token, and the JSON deferrals (type 5) by interaction
// id.
type fileCallbacks struct {
	mu       sync.Mutex
	calls    map[string]fileCall
	deferred map[string]bool
}

type fileCall struct {
	payload string
	files   map[string][]byte // "files[0]" → content
	names   map[string]string // "files[0]" → file name
}

func newFileCallbacks(t *testing.T) (*fileCallbacks, *httptest.Server) {
	f := &fileCallbacks{calls: map[string]fileCall{}, deferred: map[string]bool{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
		mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		callback := r.Method == http.MethodPost && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback"
		edit := r.Method == http.MethodPatch && len(parts) == 5 && parts[0] == "webhooks" && parts[4] == "@original"
		if callback && mt == "application/json" {
			var res struct{ Type int }
			if body, _ := io.ReadAll(r.Body); json.Unmarshal(body, &res) != nil || res.Type != 5 {
				t.Errorf("fake Discord: callback %s", body)
			}
			f.mu.Lock()
			f.deferred[parts[1]] = true
			f.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if !(callback || edit) || err != nil || mt != "multipart/form-data" {
			t.Errorf("fake Discord: unexpected %s %s (%s)", r.Method, r.URL.Path, r.Header.Get("Content-Type"))
			http.Error(w, "unexpected", http.StatusBadRequest)
			return
		}
		call := fileCall{files: map[string][]byte{}, names: map[string]string{}}
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("fake Discord: %v", err)
				return
			}
			data, _ := io.ReadAll(p)
			if p.FormName() == "payload_json" {
				call.payload = string(data)
			} else {
				call.files[p.FormName()] = data
				call.names[p.FormName()] = p.FileName()
			}
		}
		f.mu.Lock()
		if edit {
			f.calls[parts[2]] = call
		} else {
			f.calls[parts[1]] = call
		}
		f.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fileCallbacks) wasDeferred(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.deferred[id]
}

func (f *fileCallbacks) get(id string) (fileCall, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.calls[id]
	return c, ok
}

// cdn stands in for Discord's CDN: it serves files by path.
type cdn struct {
	mu    sync.Mutex
	files map[string][]byte
}

func newCDN(t *testing.T) (*cdn, *httptest.Server) {
	c := &cdn{files: map[string][]byte{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		data, ok := c.files[r.URL.Path]
		c.mu.Unlock()
		if r.URL.Path == "/attachments/away" {
			http.Redirect(w, r, "http://example.invalid/units.json", http.StatusFound)
			return
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(data)
	}))
	t.Cleanup(srv.Close)
	return c, srv
}

func (c *cdn) put(path string, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files[path] = data
}

// inGuildWith is inGuild with an interaction id, a guild and resolved
// data (attachments).
func inGuildWith(id, guild, locale, user string, perms int64, typ int, name, options, resolved string) string {
	return fmt.Sprintf(`{"id":%q,"application_id":"200","type":%d,"token":"tok-%s","locale":%q,"guild_id":%q,
		"member":{"user":{"id":%q,"username":"u%s"},"permissions":"%d"},
		"data":{"id":"300","name":%q,"type":1,"options":%s,"resolved":%s}}`, id, typ, id, locale, guild, user, user, perms, name, options, resolved)
}

func num(name string, v int) string { return fmt.Sprintf(`{"name":%q,"type":4,"value":%d}`, name, v) }

func focused(name, value string) string {
	v, _ := json.Marshal(value)
	return fmt.Sprintf(`{"name":%q,"type":3,"value":%s,"focused":true}`, name, v)
}

// attachment is the resolved data of one attached file.
func attachment(url string, size int) string {
	return fmt.Sprintf(`{"attachments":{"555":{"id":"555","filename":"units.json","url":%q,"proxy_url":%q,"size":%d,"content_type":"application/json"}}}`, url, url, size)
}

// TestUnitsEndToEnd drives saved units through signed HTTP interactions
// in pl, cs and en-US: save, attack by name (equal to the attack with the
// same fields typed), override, cost by name, autocomplete, export as a
// file through Discord's callback endpoint, import of that file from the
// CDN into another server, bad imports that write nothing, and the
// server's default system and language.
func TestUnitsEndToEnd(t *testing.T) {
	const manager = int64(discordgo.PermissionManageGuild | discordgo.PermissionSendMessages)
	const member = int64(discordgo.PermissionSendMessages)
	for _, tc := range []struct {
		locale                                                      string
		exported, imported, invalid, fetch, limit, others, noSystem string
		otherSystem, badField                                       string
	}{
		{"pl", "2 oddziały, gotowe do </unit import:300>.", "Zaimportowano 2 oddziały, w tym 0 w miejsce zapisanych.", "Nie można zapisać tego oddziału: Zły, Jakość (N+): musi mieć wartość od 2 do 6, a nie 9",
			"Nie udało się odczytać załączonego pliku", "Przekroczony limit: bajtów pliku najwyżej 1048576", "Plik zastąpiłby oddziały zapisane przez innych członków (Orki, Strzelcy)",
			"Jaki system gry?", "„Sekret” to oddział systemu", "„lasers” nie jest polem systemu"},
		{"cs", "2 jednotky, připraveno pro </unit import:300>.", "Importováno 2 jednotky, z toho 0 místo uložených.", "Tuto jednotku nelze uložit: Zły, Kvalita (N+): musí mít hodnotu od 2 do 6, ne 9",
			"Přiložený soubor se nepodařilo přečíst", "Překročen limit: bajtů souboru nejvýše 1048576", "Soubor by nahradil jednotky uložené jinými členy (Orki, Strzelcy)",
			"Jaký herní systém?", "„Sekret” je jednotka systému", "„lasers” není pole systému"},
		{"en-US", "2 units, ready for </unit import:300>.", "Imported 2 units, 0 of them in place of saved ones.", "This unit cannot be saved: Zły, Quality (N+): must be from 2 to 6, not 9",
			"The attached file could not be read", "Over a limit: bytes of the file at most 1048576", "The file would replace units other members saved (Orki, Strzelcy)",
			"Which game system?", "“Sekret” is a unit of", "“lasers” is not a field of"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			t.Parallel()
			calls, discord := newFileCallbacks(t)
			files, cdnSrv := newCDN(t)
			store, err := boltstore.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { store.Close() })
			reg := catalog.Registry()
			book := units.NewBook(store, units.SchemaValidator(reg), units.DefaultLimits)
			// Answers are never deferred here: the file callbacks are the only
			// calls of Discord's API expected.
			b, err := New(Config{Service: kostkaService(), Systems: reg, Units: book, DiscordAPI: discord.URL, AttachmentBases: []string{cdnSrv.URL + "/attachments/"}, DeferAfter: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			seed := uint64(42)
			b.seed = &seed
			s := newSigner(t)
			now := time.Now()
			srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
			defer srv.Close()
			n := 0
			// send sends a signed interaction and returns the HTTP status
			// and body.
			send := func(guild, user string, perms int64, typ int, name, options, resolved string) (int, []byte, string) {
				t.Helper()
				n++
				id := fmt.Sprintf("i%d", n)
				res, err := http.DefaultClient.Do(s.request(t, srv.URL, inGuildWith(id, guild, tc.locale, user, perms, typ, name, options, resolved), now))
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				body, _ := io.ReadAll(res.Body)
				return res.StatusCode, body, id
			}
			cmd := func(guild, user string, perms int64, name, options string) reply {
				t.Helper()
				status, body, _ := send(guild, user, perms, 2, name, options, "{}")
				var r reply
				if status != http.StatusOK || json.Unmarshal(body, &r) != nil {
					t.Fatalf("/%s %s: %d %s", name, options, status, body)
				}
				return r
			}
			raw := func(name, options string) string {
				t.Helper()
				status, body, _ := send("900", "7", member, 2, name, options, "{}")
				if status != http.StatusOK {
					t.Fatalf("/%s %s: %d %s", name, options, status, body)
				}
				return string(body)
			}
			// same asserts that two answers are equal and are embeds,
			// not refusals.
			same := func(what, got, want string) {
				t.Helper()
				got, want = maskKept(got), maskKept(want)
				if got != want || !strings.Contains(got, `"embeds":[{`) {
					t.Errorf("%s:\n%s\nwant:\n%s", what, got, want)
				}
			}
			expect := func(r reply, want string) {
				t.Helper()
				if !strings.Contains(r.text(), want) {
					t.Errorf("reply %q, want it to contain %q", r.text(), want)
				}
			}

			// Save two units of the server and a private one.
			cmd("900", "7", member, "unit", subcommand("save", str("name", "Strzelcy"), str("system", "quality-d6"),
				str("profile", `{"attacks": 10, "quality": 4, "ap": 1, "defense": 5, "models": 10, "toughness": 1}`)))
			cmd("900", "8", member, "unit", subcommand("save", str("name", "Orki"), str("system", "quality-d6"),
				str("profile", `{"attacks": 20, "quality": 5, "defense": 6, "models": 20, "toughness": 1}`)))
			cmd("900", "7", member, "unit", subcommand("save", str("name", "Sekret"), str("system", "pool-k6"), str("profile", `{"attack": 4}`),
				`{"name":"private","type":5,"value":true}`))
			if list, _ := book.List(context.Background(), units.Guild("900")); len(list) != 2 {
				t.Fatalf("the server's units: %+v", list)
			}

			// An attack by name is the attack with the units' fields
			// typed: the attacker's own, the target's defense, models,
			// toughness and quality (as the target's quality).
			typed := func(extra ...string) string {
				return raw("attack", `[{"name":"quality-d6","type":1,"options":[`+strings.Join(append([]string{num("attacks", 10), num("quality", 4),
					num("defense", 6), num("models", 20), num("toughness", 1), num("target_quality", 5)}, extra...), ",")+`]}]`)
			}
			game := func(opts ...string) string {
				return raw("attack", subcommand("game", opts...))
			}
			same("the attack by name", game(str("unit", "strzelcy"), str("target", "Orki")), typed(num("ap", 1)))
			// Typed fields override the saved ones, in the option's name
			// or its JSON path.
			same("the attack with overrides", game(str("unit", "Strzelcy"), str("target", "Orki"), str("fields", "ap=2 defense=4")), raw("attack",
				`[{"name":"quality-d6","type":1,"options":[`+strings.Join([]string{num("attacks", 10), num("quality", 4), num("defense", 4),
					num("models", 20), num("toughness", 1), num("target_quality", 5), num("ap", 2)}, ",")+`]}]`))
			// A cost by name is the cost with the unit's fields typed.
			same("the cost by name", raw("cost", `[`+str("unit", "Strzelcy")+`,`+str("weapons", "1 24")+`]`),
				raw("cost", `[`+num("models", 10)+`,`+num("quality", 4)+`,`+num("defense", 5)+`,`+num("toughness", 1)+`,`+str("weapons", "1 24")+`]`))
			// Refusals: a unit of another system as the target, a field
			// the system does not have, an unknown unit.
			expect(cmd("900", "7", member, "attack", subcommand("game", str("unit", "Strzelcy"), str("target", "Sekret"))), tc.otherSystem)
			expect(cmd("900", "7", member, "attack", subcommand("game", str("unit", "Strzelcy"), str("fields", "lasers=3"))), tc.badField)
			expect(cmd("900", "7", member, "attack", subcommand("game", str("unit", "Armata"))), `"Armata"`)
			// Without a unit, the server's system is needed.
			expect(cmd("900", "7", member, "test", subcommand("game", str("fields", "target=4"))), tc.noSystem)

			// Autocomplete: the member's own and the server's units that
			// contain what is typed; another member's private ones never.
			suggest := func(user, name, options string) []string {
				t.Helper()
				status, body, _ := send("900", user, member, 4, name, options, "{}")
				var res struct {
					Type int
					Data struct {
						Choices []struct{ Name, Value string }
					}
				}
				if status != http.StatusOK || json.Unmarshal(body, &res) != nil || res.Type != 8 {
					t.Fatalf("autocomplete: %d %s", status, body)
				}
				var values []string
				for _, c := range res.Data.Choices {
					values = append(values, c.Value)
				}
				return values
			}
			if got := strings.Join(suggest("7", "attack", subcommand("game", focused("unit", ""))), ","); got != "Orki,Sekret,Strzelcy" && got != "Sekret,Orki,Strzelcy" {
				t.Errorf("suggestions for the attacker: %s", got)
			}
			if got := strings.Join(suggest("8", "attack", subcommand("game", str("unit", "Orki"), focused("target", "s"))), ","); got != "Strzelcy" {
				t.Errorf("suggestions for the target of another member: %s", got)
			}
			if got := strings.Join(suggest("7", "cost", `[`+focused("unit", "e")+`]`), ","); got != "Strzelcy" {
				t.Errorf("suggestions for /cost (quality-d6 units only): %s", got)
			}

			// Export: an ephemeral answer with the JSON file, sent through
			// the callback endpoint (an HTTP response cannot carry files).
			status, body, id := send("900", "7", member, 2, "unit", subcommand("export"), "{}")
			if status != http.StatusAccepted || len(body) != 0 {
				t.Fatalf("export answered %d %s, want 202 and the answer through Discord's API", status, body)
			}
			call, ok := calls.get(id)
			if !ok {
				t.Fatal("the export was not sent to Discord")
			}
			var payload struct {
				Type int
				Data struct {
					Content string
					Flags   int
				}
			}
			if json.Unmarshal([]byte(call.payload), &payload) != nil || payload.Type != 4 || !strings.Contains(payload.Data.Content, tc.exported) || payload.Data.Flags != int(discordgo.MessageFlagsEphemeral) {
				t.Errorf("the export's payload: %s", call.payload)
			}
			file := call.files["files[0]"]
			var exported units.Export
			if err := json.Unmarshal(file, &exported); err != nil || exported.Format != units.ExportFormat || len(exported.Units) != 2 ||
				exported.Units[0].Name != "Orki" || exported.Units[1].Name != "Strzelcy" || !strings.HasSuffix(call.names["files[0]"], ".json") {
				t.Fatalf("the exported file %q: %s (%v)", call.names["files[0]"], file, err)
			}

			// Import the file into another server, from the CDN.
			files.put("/attachments/1/units.json", file)
			importFile := func(guild, user string, perms int64, url string, size int) reply {
				t.Helper()
				status, body, _ := send(guild, user, perms, 2, "unit", subcommand("import", `{"name":"file","type":11,"value":"555"}`), attachment(url, size))
				var r reply
				if status != http.StatusOK || json.Unmarshal(body, &r) != nil {
					t.Fatalf("import: %d %s", status, body)
				}
				return r
			}
			expect(importFile("901", "7", member, cdnSrv.URL+"/attachments/1/units.json", len(file)), tc.imported)
			again, _ := book.Export(context.Background(), units.Guild("901"))
			if got, _ := json.Marshal(again); !bytes.Equal(got, mustJSON(t, exported)) {
				t.Errorf("the imported units %s, want %s", got, mustJSON(t, exported))
			}
			// Importing over another member's units needs Manage Server.
			expect(importFile("901", "8", member, cdnSrv.URL+"/attachments/1/units.json", len(file)), tc.others)
			if r := importFile("901", "9", manager, cdnSrv.URL+"/attachments/1/units.json", len(file)); !strings.Contains(r.text(), "2") {
				t.Errorf("a manager's import: %s", r.text())
			}

			// Bad imports write nothing: an invalid unit among valid ones,
			// a file too large, a file off Discord's CDN or redirected
			// away from it, a missing file.
			bad := []byte(`{"kostka_units": 1, "units": [{"name": "Nowi", "system": "quality-d6", "profile": {"attacks": 3}},
				{"name": "Zły", "system": "quality-d6", "profile": {"quality": 9}}]}`)
			files.put("/attachments/2/bad.json", bad)
			files.put("/attachments/3/big.json", bytes.Repeat([]byte(" "), units.MaxImportBytes+1))
			before, _ := book.Export(context.Background(), units.Guild("901"))
			expect(importFile("901", "7", member, cdnSrv.URL+"/attachments/2/bad.json", len(bad)), tc.invalid)
			expect(importFile("901", "7", member, cdnSrv.URL+"/attachments/3/big.json", 10), tc.limit)
			expect(importFile("901", "7", member, cdnSrv.URL+"/attachments/3/big.json", units.MaxImportBytes+1), tc.limit)
			expect(importFile("901", "7", member, cdnSrv.URL+"/elsewhere/units.json", 10), tc.fetch)
			expect(importFile("901", "7", member, "http://127.0.0.2:1/attachments/1/units.json", 10), tc.fetch)
			expect(importFile("901", "7", member, cdnSrv.URL+"/attachments/away", 10), tc.fetch)
			expect(importFile("901", "7", member, cdnSrv.URL+"/attachments/none.json", 10), tc.fetch)
			if after, _ := book.Export(context.Background(), units.Guild("901")); !bytes.Equal(mustJSON(t, after), mustJSON(t, before)) {
				t.Errorf("a refused import changed the units: %s", mustJSON(t, after))
			}

			// The server's default system makes the system optional; its
			// language is every reply's.
			cmd("900", "9", manager, "settings", `[`+str("system", "quality-d6")+`]`)
			same("/test game with the server's system", raw("test", subcommand("game", str("fields", "target=4 modifier=1"))),
				raw("test", `[{"name":"quality-d6","type":1,"options":[`+num("target", 4)+`,`+num("modifier", 1)+`]}]`))
			cmd("900", "9", manager, "settings", `[`+str("lang", "pl")+`]`)
			expect(cmd("900", "7", member, "unit", subcommand("show", str("name", "Armata"))), `Nie ma zapisanego oddziału "Armata".`)
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSplitFields reads typed fields.
func TestSplitFields(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"ap=2  cover=true", []string{"ap=2", "cover=true"}, false},
		{`abilities="Slam Attack,Furious" ap=1`, []string{"abilities=Slam Attack,Furious", "ap=1"}, false},
		{`abilities=„Pancerz ciężki” x=1`, []string{"abilities=Pancerz ciężki", "x=1"}, false},
		{`abilities="open`, nil, true},
	} {
		got, err := splitFields(tc.in)
		if (err != nil) != tc.err || strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("splitFields(%q) = %q, %v; want %q (error %v)", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestDeferredExport: an export not ready in time is deferred like any
// answer, and its file goes with the edit of the original response. The
// store answers after 20 ms, so the export is never ready within
// DeferAfter, however fast the machine.
func TestDeferredExport(t *testing.T) {
	t.Parallel()
	calls, discord := newFileCallbacks(t)
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
	if _, err := book.Save(t.Context(), units.Unit{Name: "Strzelcy", System: "quality-d6", Profile: json.RawMessage(`{"attacks": 10}`), Owner: units.Guild("900")}, 0); err != nil {
		t.Fatal(err)
	}
	s := newSigner(t)
	now := time.Now()
	srv := httptest.NewServer(b.Handler(s.pub, func() time.Time { return now }))
	defer srv.Close()
	res, err := http.DefaultClient.Do(s.request(t, srv.URL, inGuildWith("i1", "900", "cs", "7", 0, 2, "unit", subcommand("export"), "{}"), now))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	call, ok := calls.get("tok-i1")
	var exported units.Export
	if res.StatusCode != http.StatusAccepted || !calls.wasDeferred("i1") || !ok || json.Unmarshal(call.files["files[0]"], &exported) != nil ||
		len(exported.Units) != 1 || !strings.Contains(call.payload, "1 jednotka") {
		t.Errorf("status %d, deferred %v, edit %+v", res.StatusCode, calls.wasDeferred("i1"), call)
	}
}

// slowStore is a units.Store that reads slowly.
type slowStore struct{ units.Store }

func (s slowStore) Get(ctx context.Context, key string) ([]byte, int64, error) {
	time.Sleep(20 * time.Millisecond)
	return s.Store.Get(ctx, key)
}

// FuzzFieldOptions: typed fields either give options of the action's
// parameters, each value of its kind, or a polite refusal; never a panic.
func FuzzFieldOptions(f *testing.F) {
	b := newBot(f)
	_, actions := b.definitions()
	ac := actions["attack quality-d6"]
	for _, seed := range []string{"ap=2 cover=true", `abilities="Slam Attack,Furious"`, "defense=4,5", "=", `"`, "x", "ap=NaN", "jakość=4", "melee=tak"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		opts, err := fieldOptions(en, ac, "quality-d6", typed)
		if err != nil {
			var use *usageError
			if !errors.As(err, &use) || use.msg == "" {
				t.Fatalf("%q: %v is not a polite refusal", typed, err)
			}
			return
		}
		for _, o := range opts {
			p, ok := ac.paramNamed(o.Name)
			if !ok {
				t.Fatalf("%q: option %s is no parameter", typed, o.Name)
			}
			if _, err := optionValue(en, p, o); err != nil {
				t.Fatalf("%q: option %s = %#v: %v", typed, o.Name, o.Value, err)
			}
		}
	})
}
