package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"kostka/systems/catalog"
	"kostka/units"
)

// stalledStore is a units.Store that never answers: each call waits until
// its context ends.
type stalledStore struct{}

func (stalledStore) Get(ctx context.Context, key string) ([]byte, int64, error) {
	<-ctx.Done()
	return nil, 0, ctx.Err()
}

func (stalledStore) Put(ctx context.Context, key string, doc []byte, version int64) (int64, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

func (stalledStore) PutExpiring(ctx context.Context, key string, doc []byte, expires time.Time) error {
	<-ctx.Done()
	return ctx.Err()
}

func (stalledStore) GetExpiring(ctx context.Context, key string) ([]byte, time.Time, error) {
	<-ctx.Done()
	return nil, time.Time{}, ctx.Err()
}

// TestStalledSettings: a /roll in a server whose settings cannot be read
// is answered, in the player's language, after SettingsTimeout at most,
// with a warning logged.
func TestStalledSettings(t *testing.T) {
	reg := catalog.Registry()
	logger, logs := newLogger()
	b, err := New(Config{Service: kostkaService(), Systems: reg, Logger: logger,
		Units: units.NewBook(stalledStore{}, units.SchemaValidator(reg), units.DefaultLimits)})
	if err != nil {
		t.Fatal(err)
	}
	i := interaction(t, `{"id":"i9","application_id":"app","type":2,"token":"tok9","locale":"pl","guild_id":"55",
		"member":{"user":{"id":"7","username":"ala"}},"data":{"id":"300","name":"roll","type":1,"options":[{"name":"expr","type":3,"value":"2k6"}]}}`)
	start := time.Now()
	res := b.Handle(context.Background(), i)
	took := time.Since(start)
	if took < SettingsTimeout || took > SettingsTimeout+time.Second {
		t.Errorf("answered after %v, want just over %v", took, SettingsTimeout)
	}
	if res == nil || res.Data == nil || len(res.Data.Embeds) == 0 || !strings.Contains(res.Data.Embeds[0].Title+res.Data.Embeds[0].Description, "2k6") {
		t.Errorf("answer %+v, want the roll", res)
	}
	if l := logs.lines(t, "reading a server's settings; answering with the defaults"); len(l) != 1 || l[0]["level"] != "WARN" || l[0]["guild"] != "55" {
		t.Errorf("logged %v\n%s", l, logs)
	}
}
