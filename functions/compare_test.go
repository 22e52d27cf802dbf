package functions_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"kostka/units/dynamostore"
)

// fakeDynamo is DynamoDB's GetItem and PutItem (the two calls the units
// store makes) on loopback, over an in-memory table: enough for the
// Discord function to save and read units. It does not check PutItem's
// condition (one player, one write at a time).
type fakeDynamo struct {
	mu    sync.Mutex
	items map[string]json.RawMessage // by the item's owner
}

func newFakeDynamo(t *testing.T) *httptest.Server {
	f := &fakeDynamo{items: map[string]json.RawMessage{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Key  map[string]struct{ S string }
			Item map[string]json.RawMessage
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil {
			t.Errorf("fake DynamoDB: %s: %v", body, err)
		}
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		f.mu.Lock()
		defer f.mu.Unlock()
		switch target := r.Header.Get("X-Amz-Target"); target {
		case "DynamoDB_20120810.GetItem":
			item, ok := f.items[req.Key["owner"].S]
			if !ok {
				w.Write([]byte(`{}`))
				return
			}
			fmt.Fprintf(w, `{"Item": %s}`, item)
		case "DynamoDB_20120810.PutItem":
			var owner struct{ S string }
			_ = json.Unmarshal(req.Item["owner"], &owner)
			item, _ := json.Marshal(req.Item)
			f.items[owner.S] = item
			w.Write([]byte(`{}`))
		default:
			t.Errorf("fake DynamoDB: unexpected %s", target)
			http.Error(w, `{"__type": "UnknownOperationException"}`, http.StatusBadRequest)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestDiscordFunctionCompare runs /compare through the Lambda runtime: the
// Discord function, with its units table on a fake DynamoDB, saves two
// units by signed /unit save interactions, then compares them against a
// preset target, and sends the ranked answer with its chart through
// Discord's callback endpoint (multipart/form-data) to a fake Discord,
// which decodes the PNG.
func TestDiscordFunctionCompare(t *testing.T) {
	t.Parallel()
	got := make(chan sent, 1)
	discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, ok := readCallback(r)
		if r.Method != http.MethodPost || r.URL.Path != "/interactions/1003/tok/callback" || !ok {
			t.Errorf("fake Discord: unexpected %s %s (%s)", r.Method, r.URL.Path, r.Header.Get("Content-Type"))
			http.NotFound(w, r)
			return
		}
		got <- s
		w.WriteHeader(http.StatusNoContent)
	}))
	defer discord.Close()
	dynamo := newFakeDynamo(t)
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{8}, ed25519.SeedSize))
	rt, _ := startFunction(t, "discord", "DISCORD_PUBLIC_KEY="+hex.EncodeToString(priv.Public().(ed25519.PublicKey)),
		"KOSTKA_DISCORD_API="+discord.URL, "KOSTKA_DEFER_AFTER=2s", "KOSTKA_PAGE_URL=https://kostka.example",
		dynamostore.EnvTable+"=kostka-units", "AWS_REGION=eu-central-1", "AWS_ENDPOINT_URL_DYNAMODB="+dynamo.URL,
		"AWS_ACCESS_KEY_ID=AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
	send := func(id int, name, options string) events.APIGatewayV2HTTPResponse {
		t.Helper()
		body := fmt.Sprintf(`{"id":"%d","application_id":"2","type":2,"token":"tok","locale":"cs",
			"member":{"user":{"id":"7","username":"ala"},"permissions":"0"},"data":{"id":"3","name":%q,"type":1,"options":%s}}`, id, name, options)
		stamp := fmt.Sprint(time.Now().Unix())
		ev := httpEvent("POST", "/discord/interactions", "", body, false)
		ev.Headers["x-signature-timestamp"] = stamp
		ev.Headers["x-signature-ed25519"] = hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body)))
		var res events.APIGatewayV2HTTPResponse
		invoke(t, rt, ev, &res)
		return res
	}
	for n, u := range [][2]string{
		{"Střelci", `{"models": 10, "quality": 4, "defense": 5, "toughness": 1, "abilities": [], "weapons": [{"name": "puška", "attacks": 1, "range": 24, "ap": 1, "abilities": []}]}`},
		{"Rytíři", `{"models": 5, "quality": 3, "defense": 3, "toughness": 3, "abilities": [], "melee": true, "weapons": [{"name": "meč", "attacks": 3, "range": "melee", "ap": 1, "abilities": []}]}`},
	} {
		profile, _ := json.Marshal(u[1])
		opts := fmt.Sprintf(`[{"name":"save","type":1,"options":[{"name":"name","type":3,"value":%q},{"name":"system","type":3,"value":"quality-d6"},{"name":"profile","type":3,"value":%s}]}]`, u[0], profile)
		if res := send(1001+n, "unit", opts); res.StatusCode != http.StatusOK || !strings.Contains(res.Body, "Uloženo **"+u[0]+"**") {
			t.Fatalf("/unit save %s: %d %s", u[0], res.StatusCode, res.Body)
		}
	}
	start := time.Now()
	res := send(1003, "compare", `[{"name":"unit1","type":3,"value":"Střelci"},{"name":"unit2","type":3,"value":"Rytíři"},{"name":"target","type":3,"value":"heavy_infantry"}]`)
	t.Logf("/compare with its picture answered in %v", time.Since(start))
	if res.StatusCode != http.StatusAccepted {
		t.Errorf("response %d %q, want 202 (answered through Discord's API)", res.StatusCode, res.Body)
	}
	var s sent
	select {
	case s = <-got:
	default:
		t.Fatal("Discord received no answer")
	}
	var answer struct {
		Type int
		Data struct {
			Embeds []struct {
				Title  string
				Fields []struct{ Name, Value string }
				Image  struct{ URL string }
			}
			Attachments []struct{ Filename, Description string }
		}
	}
	if err := json.Unmarshal(s.payload, &answer); err != nil || answer.Type != 4 || len(answer.Data.Embeds) != 1 ||
		!strings.Contains(answer.Data.Embeds[0].Title, "Těžká pěchota") || len(answer.Data.Embeds[0].Fields) != 2 ||
		!strings.Contains(answer.Data.Embeds[0].Fields[0].Value, "Zničení cíle") ||
		answer.Data.Embeds[0].Image.URL != "attachment://odds.png" || len(answer.Data.Attachments) != 1 || answer.Data.Attachments[0].Filename != "odds.png" {
		t.Errorf("payload_json %s (%v)", s.payload, err)
	}
	if len(s.files) != 1 || len(s.files[0]) > 100<<10 {
		t.Fatalf("%d files", len(s.files))
	}
	img, err := png.Decode(bytes.NewReader(s.files[0]))
	if err != nil {
		t.Fatalf("files[0] is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 400 {
		t.Errorf("picture of %v, want 800×400", b)
	}
}
