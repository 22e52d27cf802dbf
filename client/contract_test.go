package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"kostka"
	"kostka/api"
	"kostka/client"
	"kostka/l10n"
	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/systems/catalog"
)

// call is one request to a Service; it returns the answer or the error.
type call func(ctx context.Context, s kostka.Service) (any, error)

// contract is the table every Service answers alike: the service in this
// process and the client of the real API handler over a loopback server.
func contract(t *testing.T) map[string]call {
	unit, err := os.ReadFile("../examples/unit.json")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(7)
	cases := map[string]call{
		"roll": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Roll(ctx, kostka.RollRequest{Expr: "3k6+2 # atak", Seed: &seed, Lang: l10n.Polish})
		},
		"roll repeated": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Roll(ctx, kostka.RollRequest{Expr: "3x 4d6kh3", Seed: &seed})
		},
		"roll division note": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Roll(ctx, kostka.RollRequest{Expr: "1d6/2", Seed: &seed, Lang: l10n.Czech})
		},
		"roll syntax error": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Roll(ctx, kostka.RollRequest{Expr: "2d6+", Lang: l10n.Czech})
		},
		"roll without expr": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Roll(ctx, kostka.RollRequest{Lang: l10n.Polish})
		},
		"odds": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Odds(ctx, kostka.OddsRequest{Expr: "3k6", Lang: l10n.Polish})
		},
		"odds with notes": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Odds(ctx, kostka.OddsRequest{Expr: "3x 1d6", Lang: l10n.Czech})
		},
		"odds over the limit": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Odds(ctx, kostka.OddsRequest{Expr: "4d6!kh3", Lang: l10n.Polish})
		},
		"systems": func(ctx context.Context, s kostka.Service) (any, error) { return s.Systems(ctx) },
		"no such system": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Act(ctx, kostka.ActionRequest{System: "chess", Action: "test", Lang: l10n.Polish})
		},
		"no such action": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Act(ctx, kostka.ActionRequest{System: "pool-k6", Action: "fly", Lang: l10n.Czech})
		},
		"bad mode": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Act(ctx, kostka.ActionRequest{System: "pool-k6", Action: "test", Mode: "guess", Fields: json.RawMessage(`{}`)})
		},
		"price": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Price(ctx, kostka.PriceRequest{System: "quality-d6", Lang: l10n.Polish, Unit: unit})
		},
		"price without toughness": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Price(ctx, kostka.PriceRequest{System: "quality-d6", Lang: l10n.Czech, Unit: json.RawMessage(`{"models": 5, "quality": 4, "defense": 4}`)})
		},
		"price of wrong JSON": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Price(ctx, kostka.PriceRequest{System: "quality-d6", Unit: json.RawMessage(`{"models": "five"}`)})
		},
		"search": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Search(ctx, lookup.Query{Text: "osłona", Limit: 3})
		},
		"search a system": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Search(ctx, lookup.Query{Text: "kryt", System: "wzr-d20"})
		},
		"search a far typo": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Search(ctx, lookup.Query{Text: "zzqxw", Limit: 3})
		},
		"search no rulebook": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Search(ctx, lookup.Query{Text: "x", System: "chess"})
		},
		"search limit 0": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Search(ctx, lookup.Query{Text: "x", Limit: -1})
		},
		"search no words": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Search(ctx, lookup.Query{Text: "  "})
		},
		"suggest": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Suggest(ctx, kostka.SuggestRequest{Text: "os", Limit: 5})
		},
		"suggest too many": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Suggest(ctx, kostka.SuggestRequest{Text: "os", Limit: lookup.MaxSuggestions + 1})
		},
		"rule": func(ctx context.Context, s kostka.Service) (any, error) { return s.Rule(ctx, "quality-d6.oslona") },
		"no such rule": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Rule(ctx, "quality-d6.nothing")
		},
		"rules": func(ctx context.Context, s kostka.Service) (any, error) { return s.Rules(ctx, "pool-k6") },
		"rules of no rulebook": func(ctx context.Context, s kostka.Service) (any, error) {
			return s.Rules(ctx, "chess")
		},
	}
	// Actions with their fields, rolled and only their odds.
	for name, a := range map[string]struct{ system, action, fields string }{
		"pool-k6 test":       {"pool-k6", "test", `{"dice": 2, "opponent": {"dice": 1}}`},
		"pool-k6 attack":     {"pool-k6", "attack", `{"attack": 2, "defense": 2, "damage": 1, "armour": 1, "laser": true}`},
		"fantasy-k6 attack":  {"fantasy-k6", "attack", `{"mode": "melee", "attacks": 1, "attacker_fighting": 9, "pain": 3}`},
		"quality-d6 attack":  {"quality-d6", "attack", `{"attacks": 10, "quality": 4, "defense": 4}`},
		"quality-d6 test":    {"quality-d6", "test", `{"target": 4}`},
		"wzr-d20 attack":     {"wzr-d20", "attack", `{"skill": 13, "rate": 4, "strength": 25, "wounds": 3}`},
		"pool-k6 test field": {"pool-k6", "test", `{"dice": 40}`},
	} {
		for _, mode := range []kostka.Mode{kostka.ModeRoll, kostka.ModeOdds} {
			cases[name+" fields "+string(mode)] = func(ctx context.Context, s kostka.Service) (any, error) {
				return s.Act(ctx, kostka.ActionRequest{System: a.system, Action: a.action, Mode: mode, Seed: &seed, Lang: l10n.Czech, Fields: json.RawMessage(a.fields)})
			}
		}
	}
	// Every action of every system, rolled and only its odds, with its
	// defaults (a refusal of a required field is answered alike too).
	reg := catalog.Registry()
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		for _, name := range sys.ActionNames() {
			for _, mode := range []kostka.Mode{kostka.ModeRoll, kostka.ModeOdds} {
				cases[id+" "+name+" "+string(mode)] = func(ctx context.Context, s kostka.Service) (any, error) {
					return s.Act(ctx, kostka.ActionRequest{System: id, Action: name, Mode: mode, Seed: &seed, Lang: l10n.Czech, Fields: json.RawMessage(`{}`)})
				}
			}
		}
	}
	return cases
}

// TestContract runs one table against the service in this process and
// the client of the API over a loopback server: every answer is the same
// JSON, every refusal the same problem (in the language asked for).
func TestContract(t *testing.T) {
	ix := search.New(rulesdata.Embedded())
	local := kostka.New(kostka.Config{Rules: ix})
	srv := httptest.NewServer(api.NewHandler(api.Config{Rules: ix}))
	defer srv.Close()
	remote, err := client.New(srv.URL+"/", srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	answered, refused := 0, 0
	for name, c := range contract(t) {
		t.Run(name, func(t *testing.T) {
			want, wantErr := c(ctx, local)
			got, gotErr := c(ctx, remote)
			if wantErr != nil || gotErr != nil {
				var wp, gp *kostka.Problem
				if !errors.As(wantErr, &wp) || !errors.As(gotErr, &gp) {
					t.Fatalf("errors: in process %v, client %v; want problems from both", wantErr, gotErr)
				}
				// The in-process problem is rendered where it is shown;
				// the client's comes rendered.
				lang := l10n.Lang(langOf(name))
				wp = wp.In(lang)
				if shown(wp) != shown(gp) {
					t.Errorf("problem:\nin process %+v\nclient     %+v", *wp, *gp)
				}
				refused++
				return
			}
			wb, err := json.Marshal(want)
			if err != nil {
				t.Fatal(err)
			}
			gb, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(wb) != string(gb) {
				t.Errorf("answers differ:\nin process %.600s\nclient     %.600s", wb, gb)
			}
			answered++
		})
	}
	if answered < 20 || refused < 10 {
		t.Errorf("%d answers and %d refusals compared; the table has fewer than it should", answered, refused)
	}
}

// langOf is the language a contract case asks for (the problems it is
// refused with are compared in it).
func langOf(name string) string {
	switch name {
	case "roll syntax error", "no such action", "price without toughness":
		return "cs"
	case "roll without expr", "odds over the limit", "no such system":
		return "pl"
	}
	if len(name) > 0 && (hasSuffix(name, " roll") || hasSuffix(name, " odds")) {
		return "cs"
	}
	return "en"
}

func hasSuffix(s, x string) bool { return strings.HasSuffix(s, x) }

// shown is what a problem tells its reader.
func shown(p *kostka.Problem) [7]any {
	return [7]any{p.Type, p.Title, p.Status, p.Detail, p.Field, p.Label, p.Position}
}
