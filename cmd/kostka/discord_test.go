package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kostka/units/boltstore"
)

// TestServeDiscord runs "kostka serve" with DISCORD_PUBLIC_KEY set to a
// test key and sends it Discord interactions signed with that key.
func TestServeDiscord(t *testing.T) {
	t.Parallel()
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{5}, ed25519.SeedSize))
	env := map[string]string{"DISCORD_PUBLIC_KEY": hex.EncodeToString(priv.Public().(ed25519.PublicKey))}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	data := t.TempDir()
	go func() {
		run(ctx, []string{"kostka", "serve", "-addr", "127.0.0.1:0", "-data", data}, func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, pw)
		pw.Close()
	}()
	url := "http://" + listenAddr(t, pr) + "/discord/interactions"
	sent := 0
	send := func(body string, sign bool) (int, string) {
		t.Helper()
		// Each interaction gets an id of its own: the server refuses one
		// it has already received.
		sent++
		body = strings.Replace(body, `{"id":"1",`, fmt.Sprintf(`{"id":"%d",`, 1000+sent), 1)
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		stamp := fmt.Sprint(time.Now().Unix())
		req.Header.Set("X-Signature-Timestamp", stamp)
		sig := ed25519.Sign(priv, []byte(stamp+body))
		if !sign {
			sig[0] ^= 1
		}
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	command := func(locale, name, options string) string {
		return fmt.Sprintf(`{"id":"1","application_id":"2","type":2,"token":"t","locale":%q,"data":{"id":"3","name":%q,"type":1,"options":%s}}`, locale, name, options)
	}

	if status, body := send(`{"id":"1","application_id":"2","type":1,"token":"t"}`, true); status != 200 || strings.TrimSpace(body) != `{"type":1}` {
		t.Errorf("PING: %d %s", status, body)
	}
	if status, _ := send(`{"id":"1","application_id":"2","type":1,"token":"t"}`, false); status != 401 {
		t.Errorf("bad signature: %d", status)
	}
	var roll struct {
		Type int
		Data struct {
			Embeds []struct{ Description string }
		}
	}
	_, body := send(command("en-US", "roll", `[{"name":"expr","type":3,"value":"2d6"}]`), true)
	if err := json.Unmarshal([]byte(body), &roll); err != nil || roll.Type != 4 || strings.Count(roll.Data.Embeds[0].Description, ",") != 1 {
		t.Errorf("/roll 2d6: %s", body)
	}
	_, body = send(`{"id":"1","application_id":"2","type":4,"token":"t","locale":"pl","data":{"id":"3","name":"rule","type":1,"options":[{"name":"query","type":3,"value":"oslo","focused":true}]}}`, true)
	if !strings.Contains(body, `"type":8`) || !strings.Contains(body, `"value":"quality-d6.oslona"`) {
		t.Errorf("autocomplete oslo: %s", body)
	}
	// The same command answers in three languages.
	for locale, want := range map[string]string{"pl": "Rzuć ponownie", "cs": "Hodit znovu", "en-US": "Reroll"} { // the roll's words: its button
		if _, body := send(command(locale, "roll", `[{"name":"expr","type":3,"value":"3k6"}]`), true); !strings.Contains(body, want) {
			t.Errorf("%s: %s lacks %q", locale, body, want)
		}
	}
	// /attack answers for every system with its steps and odds.
	for system, opts := range map[string]string{
		"quality-d6": `[{"name":"attacks","type":4,"value":6},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":4},{"name":"models","type":4,"value":5}]`,
		"pool-k6":    `[{"name":"attack","type":4,"value":4},{"name":"defense","type":4,"value":3},{"name":"damage","type":4,"value":6},{"name":"armour","type":4,"value":4}]`,
		"wzr-d20":    `[{"name":"skill","type":4,"value":12},{"name":"rate","type":4,"value":3},{"name":"strength","type":4,"value":8},{"name":"wounds","type":4,"value":2}]`,
		"fantasy-k6": `[{"name":"attacks","type":4,"value":2},{"name":"pain","type":4,"value":3},{"name":"accuracy","type":4,"value":4}]`,
	} {
		js := fmt.Sprintf(`{"id":"1","application_id":"2","type":2,"token":"t","locale":"en-US","data":{"id":"3","name":"attack","type":1,"options":[{"name":%q,"type":1,"options":%s}]}}`, system, opts)
		if _, body := send(js, true); !strings.Contains(body, `"name":"Odds"`) || strings.Contains(body, `"flags":64`) {
			t.Errorf("/attack %s: %s", system, body)
		}
	}
	// Units saved in a server are kept in the -data directory.
	inGuild := func(name, options string) string {
		return fmt.Sprintf(`{"id":"1","application_id":"2","type":2,"token":"t","locale":"pl","guild_id":"900","member":{"user":{"id":"7"},"permissions":"0"},"data":{"id":"3","name":%q,"type":1,"options":%s}}`, name, options)
	}
	_, body = send(inGuild("unit", `[{"name":"save","type":1,"options":[{"name":"name","type":3,"value":"Strzelcy"},{"name":"system","type":3,"value":"quality-d6"},{"name":"profile","type":3,"value":"{\"attacks\": 10}"}]}]`), true)
	if !strings.Contains(body, "Zapisano **Strzelcy** (quality-d6), wersja 1.") {
		t.Errorf("/unit save: %s", body)
	}
	if _, body = send(inGuild("unit", `[{"name":"list","type":1,"options":[]}]`), true); !strings.Contains(body, "**Strzelcy** · quality-d6") {
		t.Errorf("/unit list: %s", body)
	}
	if _, err := os.Stat(filepath.Join(data, boltstore.FileName)); err != nil {
		t.Errorf("the units store is not in -data: %v", err)
	}
}

func TestServeBadDiscordKey(t *testing.T) {
	env := func(k string) string {
		if k == "DISCORD_PUBLIC_KEY" {
			return "not-a-key"
		}
		return ""
	}
	err := run(context.Background(), []string{"kostka", "serve", "-addr", "127.0.0.1:0", "-data", t.TempDir()}, env, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "DISCORD_PUBLIC_KEY") || !strings.Contains(err.Error(), "64 hex digits") {
		t.Errorf("err = %v", err)
	}
}
