package bot

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"

	"kostka"
	"kostka/systems/catalog"
	"kostka/units"
	"kostka/units/boltstore"
)

// actRecorder is the Kostka service, recording each action's fields and
// odds as the service answered them.
type actRecorder struct {
	kostka.Service
	mu   sync.Mutex
	acts []recordedAct
}

type recordedAct struct {
	fields string
	out    *kostka.Outcome
}

func (r *actRecorder) Act(ctx context.Context, req kostka.ActionRequest) (*kostka.Outcome, error) {
	out, err := r.Service.Act(ctx, req)
	if err == nil {
		r.mu.Lock()
		r.acts = append(r.acts, recordedAct{string(req.Fields), out})
		r.mu.Unlock()
	}
	return out, err
}

// last returns the last action answered, and forgets the others.
func (r *actRecorder) last(t *testing.T) recordedAct {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.acts) == 0 {
		t.Fatal("no action answered")
	}
	a := r.acts[len(r.acts)-1]
	r.acts = nil
	return a
}

// TestAttackFiresSavedWeapons: /attack game with a saved quality-d6 unit
// fires all of its weapons of the attack's kind (ranged to shoot, melee
// with melee=true), each weapon's attacks (saved per model, as the
// points cost reads them) times the unit's models, unless fields:
// weapons=… picks some by number or name. Two models with a 3-attack AP 0
// weapon and a 1-attack AP 2 weapon, Quality 4+, fire 6 attacks AP 0 and 2
// attacks AP 2; against Defense 4+, ten models of Toughness 1, the mean
// wounds are 7/3 and P(no wounds) (3/4)^6·(7/12)^2. The figures are the
// service's, as the bot asked for them.
func TestAttackFiresSavedWeapons(t *testing.T) {
	store, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := catalog.Registry()
	book := units.NewBook(store, units.SchemaValidator(reg), units.DefaultLimits)
	rec := &actRecorder{Service: kostkaService()}
	b, err := New(Config{Service: rec, Systems: reg, Units: book})
	if err != nil {
		t.Fatal(err)
	}
	handle := func(locale, name, options string) reply {
		t.Helper()
		res := b.Handle(t.Context(), interaction(t, inGuild(locale, "7", 0, name, options)))
		raw, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var r reply
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		return r
	}
	for _, save := range [][2]string{
		{"Strzelcy", `{"quality": 4, "models": 2, "defense": 5, "toughness": 1, "weapons": [{"name": "rifle", "attacks": 3, "range": 24}, {"name": "plasma", "attacks": 1, "range": 24, "ap": 2}]}`},
		{"Orki", `{"quality": 5, "defense": 4, "models": 10, "toughness": 1}`},
		{"Gwardia", `{"quality": 4, "models": 2, "defense": 5, "toughness": 1, "weapons": [{"name": "rifle", "attacks": 3, "range": 24}, {"name": "sword", "attacks": 2, "range": "melee", "ap": 1}]}`},
	} {
		if r := handle("en-US", "unit", subcommand("save", str("name", save[0]), str("system", "quality-d6"), str("profile", save[1]))); !strings.Contains(r.text(), "Saved") {
			t.Fatalf("saving %s: %s", save[0], r.text())
		}
	}
	both := math.Pow(3.0/4, 6) * math.Pow(7.0/12, 2)
	for _, tc := range []struct {
		name, fields string
		mean, none   float64
	}{
		{"all weapons", "", 7.0 / 3, both},
		{"both picked", "weapons=1,plasma", 7.0 / 3, both},
		{"the rifles alone, in Polish", "broń=1", 6.0 / 4, math.Pow(3.0/4, 6)},
		{"the plasma alone, with a typed override", `weapons="Plasma" cover=false`, 2 * 5.0 / 12, math.Pow(7.0/12, 2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := []string{str("unit", "Strzelcy"), str("target", "Orki")}
			if tc.fields != "" {
				opts = append(opts, str("fields", tc.fields))
			}
			r := handle("pl", "attack", subcommand("game", opts...))
			if len(r.Data.Embeds) == 0 {
				t.Fatalf("not an answer: %s", r.text())
			}
			act := rec.last(t)
			if !strings.Contains(act.fields, `"weapons":[`) {
				t.Errorf("the request %s fires no weapons", act.fields)
			}
			odds := act.out.Report().Odds
			e, ok := odds.Get("wounds")
			if !ok || e.Distribution == nil || len(e.Distribution.Values) == 0 || e.Distribution.Values[0].Value != 0 {
				t.Fatalf("no wounds from 0 in %+v", odds)
			}
			if got := e.Distribution.Mean; math.Abs(got-tc.mean) > 1e-12 {
				t.Errorf("mean wounds %.15g, want %.15g", got, tc.mean)
			}
			if got := e.Distribution.Values[0].P; math.Abs(got-tc.none) > 1e-12 {
				t.Errorf("P(no wounds) %.15g, want %.15g", got, tc.none)
			}
		})
	}
	// A unit of a rifle and a sword shoots with its rifle alone (3 attacks
	// × 2 models, AP 0: mean 6·1/2·1/2 = 3/2) and fights in melee with its
	// sword alone (2 × 2 attacks, AP 1, Defense 4+ saving on 5+: mean
	// 4·1/2·2/3 = 4/3); a weapon picked of the other kind is refused,
	// naming it.
	for _, tc := range []struct {
		name, fields, fired, left string
		mean                      float64
	}{
		{"shooting", "", `"name":"rifle"`, `"name":"sword"`, 6.0 / 4},
		{"in melee", "melee=true", `"name":"sword"`, `"name":"rifle"`, 4.0 / 3},
	} {
		opts := []string{str("unit", "Gwardia"), str("target", "Orki")}
		if tc.fields != "" {
			opts = append(opts, str("fields", tc.fields))
		}
		if r := handle("en-US", "attack", subcommand("game", opts...)); len(r.Data.Embeds) == 0 {
			t.Fatalf("%s: not an answer: %s", tc.name, r.text())
		}
		act := rec.last(t)
		if !strings.Contains(act.fields, tc.fired) || strings.Contains(act.fields, tc.left) {
			t.Errorf("%s: the request %s, want %s fired and not %s", tc.name, act.fields, tc.fired, tc.left)
		}
		if e, ok := act.out.Report().Odds.Get("wounds"); !ok || e.Distribution == nil || math.Abs(e.Distribution.Mean-tc.mean) > 1e-12 {
			t.Errorf("%s: wounds %+v, want mean %.15g", tc.name, e, tc.mean)
		}
	}
	for fields, want := range map[string]string{
		"weapons=sword":            "weapon “sword” of unit “Gwardia” is a melee weapon: it does not shoot",
		"weapons=rifle melee=true": "weapon “rifle” of unit “Gwardia” is a ranged weapon and not Assault: it does not fight in melee",
	} {
		r := handle("en-US", "attack", subcommand("game", str("unit", "Gwardia"), str("target", "Orki"), str("fields", fields)))
		if !strings.Contains(r.text(), want) || len(r.Data.Embeds) != 0 {
			t.Errorf("%s: %q, want a refusal containing %q", fields, r.text(), want)
		}
	}
	// A weapon the unit does not have is a polite refusal naming it.
	for locale, want := range map[string]string{"pl": "nie ma broni „flamer”", "cs": "nemá zbraň „flamer“", "en-US": "has no weapon “flamer”"} {
		r := handle(locale, "attack", subcommand("game", str("unit", "Strzelcy"), str("target", "Orki"), str("fields", "weapons=flamer")))
		if !strings.Contains(r.text(), want) {
			t.Errorf("%s: %q, want it to contain %q", locale, r.text(), want)
		}
	}
}
