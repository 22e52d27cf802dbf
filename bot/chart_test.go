package bot

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"kostka/chart"
)

// checkPicture decodes a chart picture: a PNG of chart.Width ×
// chart.Height pixels and at most chart.MaxPNG bytes.
func checkPicture(t *testing.T, name string, data []byte) {
	t.Helper()
	if len(data) == 0 || len(data) > chart.MaxPNG {
		t.Errorf("%s: %d bytes, want 1 to %d", name, len(data), chart.MaxPNG)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != chart.Width || b.Dy() != chart.Height {
		t.Errorf("%s: %v, want %d×%d", name, b, chart.Width, chart.Height)
	}
}

// checkFiles checks a response's files against its attachments and
// embeds: each a chart picture that decodes, described in the attachments
// (id n for files[n], a description) and shown by an embed.
func checkFiles(t *testing.T, res *Response) {
	t.Helper()
	if !hasFiles(res) {
		if len(res.Attachments) > 0 {
			t.Errorf("attachments %+v without files", res.Attachments)
		}
		return
	}
	if len(res.Attachments) != len(res.Data.Files) {
		t.Fatalf("%d attachments for %d files", len(res.Attachments), len(res.Data.Files))
	}
	for n, f := range res.Data.Files {
		a := res.Attachments[n]
		if a.ID != n || a.Filename != f.Name || a.Description == "" || len([]rune(a.Description)) > chart.MaxAlt {
			t.Errorf("attachment %+v of file %s", a, f.Name)
		}
		shown := false
		for _, e := range res.Data.Embeds {
			shown = shown || (e.Image != nil && e.Image.URL == "attachment://"+f.Name)
		}
		if !shown {
			t.Errorf("no embed shows %s", f.Name)
		}
		data, err := io.ReadAll(f.Reader)
		if err != nil {
			t.Fatal(err)
		}
		f.Reader = bytes.NewReader(data) // for whoever reads it next
		if f.ContentType == "image/png" {
			checkPicture(t, f.Name, data)
		}
	}
}

// sentAnswer is an answer as the fake Discord received it: the JSON
// payload of a callback (type 4) or of a webhook edit.
type sentAnswer struct {
	Data struct {
		Attachments []Attachment `json:"attachments"`
		Embeds      []struct {
			Description string `json:"description"`
			Image       struct{ URL string }
		} `json:"embeds"`
	} `json:"data"`
	Attachments []Attachment `json:"attachments"`
	Embeds      []struct {
		Description string `json:"description"`
		Image       struct{ URL string }
	} `json:"embeds"`
}

// TestOddsPicture sends a signed /odds to the HTTP endpoint and follows
// its picture to a fake Discord, both ways it goes: an answer ready in
// time through the callback endpoint (type 4, multipart/form-data), and a
// deferred one through the webhook edit (PATCH, multipart/form-data).
func TestOddsPicture(t *testing.T) {
	for _, tt := range []struct {
		name     string
		deferred bool
	}{{"immediate", false}, {"deferred", true}} {
		t.Run(tt.name, func(t *testing.T) {
			f, discord := newFakeInteractions(t)
			s := newSigner(t)
			cfg := Config{Service: kostkaService(), Systems: newBot(t).cfg.Systems, DeferAfter: time.Minute, DiscordAPI: discord.URL}
			if tt.deferred {
				cfg.Service, cfg.DeferAfter = slowService{kostkaService()}, time.Millisecond
			}
			b, err := New(cfg)
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
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			f.mu.Lock()
			defer f.mu.Unlock()
			key, payload := "i1", f.answers["i1"]
			if tt.deferred {
				key, payload = "tok1", f.edits["tok1"]
			}
			var got sentAnswer
			if err := json.Unmarshal([]byte(payload), &got); err != nil {
				t.Fatalf("HTTP %d %s; Discord received %q: %v", res.StatusCode, body, payload, err)
			}
			checkChartSent(t, f, key, got, tt.deferred, "P(≥ ", "średnia 10,5")
		})
	}
}

// checkChartSent checks an answer Discord received under key (its
// callback, or its deferred edit): one chart attachment, new (id 0),
// whose description holds alt; one embed showing it, whose description
// holds desc; and the picture sent as its one file.
func checkChartSent(t *testing.T, f *fakeInteractions, key string, got sentAnswer, deferred bool, alt, desc string) {
	t.Helper()
	attachments, embeds := got.Data.Attachments, got.Data.Embeds
	if deferred {
		attachments, embeds = got.Attachments, got.Embeds
	}
	if len(attachments) != 1 || attachments[0].ID != 0 || attachments[0].Filename != chartFile || !strings.Contains(attachments[0].Description, alt) {
		t.Errorf("attachments %+v", attachments)
	}
	if len(embeds) != 1 || embeds[0].Image.URL != "attachment://"+chartFile || !strings.Contains(embeds[0].Description, desc) {
		t.Errorf("embeds %+v", embeds)
	}
	if len(f.files[key]) != 1 {
		t.Fatalf("%d files sent", len(f.files[key]))
	}
	checkPicture(t, "files[0]", f.files[key][0])
}

// BenchmarkChartReplies times whole replies that draw a chart, the
// answer computed and the picture drawn and encoded:
// go test -bench ChartReplies -run '^$' ./bot
func BenchmarkChartReplies(b *testing.B) {
	bot := newBot(b)
	for _, bc := range []struct{ name, js string }{
		{"odds-3k6", slash("pl", "odds", `[{"name":"expr","type":3,"value":"3k6"}]`)},
		{"odds-10k6", slash("pl", "odds", `[{"name":"expr","type":3,"value":"10k6"}]`)},
		{"attack-odds", `{"id":"100","application_id":"200","type":2,"token":"tok","locale":"cs","data":{"id":"301","name":"attack","type":1,"options":[{"name":"quality-d6","type":1,"options":[{"name":"attacks","type":4,"value":20},{"name":"quality","type":4,"value":4},{"name":"defense","type":4,"value":4},{"name":"odds","type":5,"value":true}]}]}}`},
	} {
		i := interaction(b, bc.js)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if res := bot.Handle(b.Context(), i); !hasFiles(res) {
					b.Fatal("no picture")
				}
			}
		})
	}
}

// TestOddsWithoutPicture: odds the chart cannot draw (outcomes beyond
// chart.MaxValue) are answered with the text histogram, its percentages
// in the locale's format.
func TestOddsWithoutPicture(t *testing.T) {
	b := newBot(t)
	for _, locale := range []string{"pl", "cs"} {
		res := b.Handle(t.Context(), interaction(t, slash(locale, "odds", `[{"name":"expr","type":3,"value":"d8+2000000"}]`)))
		if hasFiles(res) || len(res.Data.Embeds) != 1 || !strings.Contains(res.Data.Embeds[0].Description, "12,5") || strings.Contains(res.Data.Embeds[0].Description, "12.5") {
			t.Errorf("%s: %+v", locale, res.Data)
		}
	}
}
