package catalog

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/qualityd6/cost"
)

// TestEveryMessage checks the catalogue of the game systems and the dice:
// every message has pl, cs and en texts with the same placeholders and
// renders in every plural category of each language with nothing left
// over (cmd/kostka's TestCatalogue checks the whole program's).
func TestEveryMessage(t *testing.T) {
	Registry()
	for _, err := range l10n.CheckAll() {
		t.Error(err)
	}
	if n := len(l10n.All()); n < 200 {
		t.Errorf("the catalogue has %d messages; the four systems define more", n)
	}
}

// samples are requests beyond each action's minimal one, chosen to reach
// the steps and notes the minimal ones do not.
var samples = map[string][]string{
	"quality-d6 recover": {
		`{"ability": "Odrodzenie", "models": 5, "toughness": 2, "models_lost": 2, "wounds": 1}`,
		`{"ability": "Łatanie", "models": 5, "toughness": 2, "models_lost": 1}`,
	},
	"quality-d6 attack": {
		`{"attacks": 12, "quality": 4, "defense": 5, "ap": 1, "blast": 3, "deadly": 3, "models": 5, "toughness": 2, "cover": true}`,
		`{"attacks": 8, "quality": 6, "defense": 4, "cover": true, "models": 3, "abilities": ["Niezawodny", "Podwójny", "Namierzanie", "Brutalny", "Precyzyjny", "Przewidywalny", "Podkręcenie"], "target_pinned": true, "last_round": true}`,
		`{"attacks": 6, "quality": 5, "defense": 3, "blast": 2, "blast_cap": "literal", "models": 2, "abilities": ["Dezintegracja", "Przebijająca", "Rój"]}`,
		`{"attacks": 6, "quality": 3, "defense": 3, "blast": 4, "blast_cap": "per_hit", "models": 3, "deadly": 4, "toughness": 2, "melee": true}`,
		`{"attacks": 6, "quality": 6, "defense": 2, "models": 1, "abilities": ["Dezintegracja"]}`,
		`{"attacks": 6, "quality": 4, "defense": 4, "hit_modifier": -2, "models": 10, "abilities": ["Namierzanie"]}`,
		`{"quality": 4, "defense": 4, "models": 3, "toughness": 2, "melee": true, "wounds_dealt_back": 1, "target_quality": 4, "weapons": [{"name": "Karabin", "attacks": 3}, {"attacks": 4, "ap": 2, "abilities": ["Porażenie"]}]}`,
		`{"attacks": 2, "quality": 4, "defense": 4, "melee": true, "shock": "plain", "abilities": ["Porażenie"]}`,
		`{"attacks": 2, "quality": 4, "defense": 4, "abilities": ["Porażenie"]}`,
		`{"attacks": 6, "quality": 2, "defense": 6, "models": 1, "toughness": 2, "conditions": ["attacker_fresh", "target_fresh"]}`,
		`{"attacks": 1, "quality": 4, "defense": 4, "models": 2, "toughness": 2, "conditions": ["target_fresh"]}`,
		`{"attacks": 6, "quality": 6, "defense": 4, "cover": true, "models": 4}`,
		`{"attacks": 9, "quality": 2, "defense": 6, "blast": 3, "blast_cap": "literal", "models": 2}`,
		`{"attacks": 10, "quality": 4, "defense": 5, "models": 5, "toughness": 1, "melee": true, "target_quality": 5, "abilities": ["Szpica", "Finezja", "Waagh!", "Cierpliwy", "Zwrot", "Ostrozny", "Maskowanie"], "conditions": ["target_not_activated", "from_rear", "no_enemies_within_12", "attacker_waagh", "target_waagh"], "hit_modifier": 1, "defense_modifier": -1}`,
		`{"attacks": 10, "quality": 3, "defense": 6, "models": 4, "toughness": 2, "melee": true, "target_quality": 4, "abilities": ["Nieustraszony"]}`,
		`{"attacks": 8, "quality": 3, "defense": 6, "models": 3, "toughness": 1, "melee": true, "target_quality": 6, "abilities": ["Straceńczy"]}`,
		`{"attacks": 8, "quality": 3, "defense": 3, "deadly": 2, "target_quality": 5, "groups": [{"count": 5, "toughness": 1}, {"count": 1, "toughness": 3, "defense": 5, "hero": true, "quality": 3}]}`,
		`{"attacks": 6, "quality": 3, "defense": 5, "abilities": ["Finezja", "Przebijająca", "Precyzyjny"], "defender_removes": "toughest_first", "groups": [{"count": 3, "toughness": 2}, {"count": 1, "toughness": 4, "hero": true}]}`,
		`{"attacks": 6, "quality": 3, "defense": 5, "groups": [{"count": 4, "toughness": 1}, {"count": 1, "toughness": 3, "defense": 3, "hero": true, "bodyguard": true}]}`,
		`{"attacks": 4, "quality": 3, "defense": 5, "blast": 3, "models": 4, "abilities": ["Finezja", "Przebijająca"]}`,
	},
	"pool-k6 attack": {
		`{"attack": 4, "defense": 3, "damage": 6, "armour": 2, "rof": 3, "rof_damage": 2, "stealth": 3, "incendiary": true}`,
		`{"mode": "indirect", "attack": 3, "defense": 2, "cover": "invisible", "damage": 8, "armour": 3, "limited_ammo": true}`,
		`{"mode": "indirect", "attack": 1, "defense": 1, "damage": 6, "armour": 2, "ae": 1, "target_distance": 1.2, "attacker_reroll": true, "defender_reroll": true}`,
		`{"mode": "indirect", "attack": 1, "defense": 1, "damage": 6, "armour": 2, "ae": 1, "target_distance": 4, "base_radius": 1}`,
		`{"mode": "indirect", "attack": 2, "defense": 1, "damage": 6, "armour": 2, "ae": 2, "target_distance": 2, "base_radius": 1}`,
		`{"attack": 2, "defense": 3, "damage": 4, "armour": 3, "stealth": 2, "attacker_reroll": true, "defender_reroll": true}`,
	},
	"pool-k6 area": {
		`{"attack": 2, "damage": 4, "incendiary": true, "attacker_reroll": true, "defenders": [{"defense": 2, "armour": 3, "stealth": 3, "reroll": true}, {"defense": 3, "armour": 2, "cover": "hard", "reroll": true}, {"defense": 1, "armour": 4}]}`,
		`{"mode": "indirect", "attack": 1, "damage": 5, "ae": 1, "rof": 1, "rof_area": 1, "attacker_reroll": true, "defenders": [{"defense": 1, "armour": 2, "reroll": true}, {"defense": 1, "armour": 3, "distance": 2.5, "bearing": 45}, {"defense": 1, "armour": 3, "distance": 5, "bearing": 180}]}`,
	},
	"pool-k6 test": {`{"dice": 3, "opponent": {"dice": 2}}`, `{"dice": 2, "threshold": 4}`,
		`{"dice": 1, "reroll": true, "opponent": {"dice": 1, "reroll": true}}`, `{"dice": 1, "threshold": 4, "reroll": true}`},
	"pool-k6 special": {`{"kind": "burning"}`, `{"kind": "stealth", "rating": 3}`},
	"wzr-d20 attack": {
		`{"skill": 14, "rate": 4, "strength": 9, "aim": true, "rapid_fire": true, "cover": "heavy", "armour": 12, "impenetrable": 4, "type_modifier": -2, "wounds": 3}`,
		`{"skill": 18, "rate": 6, "strength": 5, "armour": 2, "wounds": 10}`,
		`{"mode": "close_combat", "skill": 20, "modifier": 8, "rate": 3, "strength": 8, "charge": "large", "armour": 0, "wounds": 2}`,
		`{"skill": 9, "rate": 6, "strength": 9, "avv": 2, "rerolls": 3, "vehicle": true, "armour": 14, "armour_rerolls": 2, "wounds": 3}`,
		`{"skill": 12, "rate": 6, "strength": 5, "vehicle": true, "armour": 12, "impenetrable": 3, "wounds": 20}`,
		`{"skill": 10, "rate": 2, "strength": 5, "vehicle": true, "armour": 0, "wounds": 5}`,
		`{"mode": "close_combat", "skill": 5, "rate": 3, "strength": 6, "auto_hit": true, "avv": 1, "armour": 10, "wounds": 3}`,
		`{"skill": 19, "rate": 12, "strength": 9, "armour": 3, "wounds": 30, "healing": 10}`,
	},
	"wzr-d20 team": {
		`{"kind": "swarm", "models": 6, "skill": 9, "strength": 12, "rate": 12, "wounds": 4}`,
		`{"kind": "suppression_fire", "models": 4, "strength": 6, "constitution": 8, "armour": 6, "wounds": 1}`,
		`{"models": 3, "skill": 3, "strength": 4, "rate": 3, "rerolls": 1, "wounds": 2}`,
		`{"kind": "swarm", "models": 3, "skill": 5, "strength": 4, "rate": 3, "auto_hit": true, "wounds": 2}`,
		`{"weapons": [{"name": "rifle", "models": 5, "skill": 10, "strength": 4, "rate": 2}, {"models": 1, "skill": 11, "strength": 5, "rate": 4}], "wounds": 3}`,
		`{"kind": "suppression_fire", "constitution": 8, "weapons": [{"models": 2, "strength": 6}, {"models": 2, "strength": 5}], "armour": 0}`,
	},
	"wzr-d20 test": {`{"skill": 12, "reroll": true}`},
	"wzr-d20 morale": {`{"leadership": 9, "squad": 4, "lost": 3}`, `{"leadership": 9, "squad": 4, "lost": 3, "at_75": "both", "rerolls": 1}`, `{"leadership": 9, "squad": 4, "lost": 2}`, `{"leadership": 9, "squad": 10, "lost": 1}`, `{"leadership": 9, "test": "heads_up"}`, `{"leadership": 9, "test": "regroup"}`,
		`{"leadership": 9, "test": "heads_up", "fumble_retakes": true}`, `{"leadership": 9, "test": "heads_up", "rerolls": 2}`},
	"fantasy-k6 attack": {
		`{"mode": "melee", "weapons": [{"name": "miecz", "attacks": 2}, {"attacks": 1, "save_modifier": 1}, {"name": "koń", "attacks": 1, "attacker_fighting": 2}], "attacker_fighting": 3, "defender_fighting": 3, "save": 3, "pain": 4}`,
		`{"mode": "melee", "attacks": 4, "attacker_fighting": 3, "defender_fighting": 0, "attacker_side": 4, "defender_side": 1, "save": 3, "pain": 3}`,
		`{"mode": "melee", "attacks": 4, "attacker_fighting": 3, "defender_fighting": 2, "attacker_side": 1, "defender_side": 3, "pain": 2}`,
		`{"mode": "melee", "attacks": 4, "attacker_fighting": 3, "defender_fighting": 2, "attacker_side": 2, "defender_side": 1, "pain": 2}`,
		`{"attacks": 5, "accuracy": 4, "cover": true, "ran": true, "save": 4, "pain": 2}`,
		`{"attacks": 6, "accuracy": 7, "half_range": true, "save": 3, "pain": 2, "reroll_hit": true, "reroll_save": true, "reroll_pain": true}`,
	},
	"fantasy-k6 test":   {`{"value": 3, "reroll": true}`, `{"die": "k3", "modifier": 1}`},
	"fantasy-k6 terror": {`{"causes_terror": true}`, `{"trait": "coward"}`},
	"fantasy-k6 jump":   {`{"height": 5, "pain": 3}`, `{"height": 7, "pain": 5}`},
}

// costSamples are quality-d6 units whose costs reach most of the cost
// formula's lines and notes.
var costSamples = []string{
	`{"models": 1, "quality": 3, "defense": 3, "toughness": 6, "abilities": ["Nieustraszony", "Regeneracja", "Mag(2)", "Transport(6)", "Samolot", "Aura(Tarcza)", "Rozkaz(Szybki)", "Zasadzka", "Przygotowanie"],
	  "weapons": [{"attacks": 4, "range": "melee", "abilities": ["Impet", "Rozprysk(8)"]}, {"name": "flamer", "attacks": 1, "range": 9, "abilities": ["Zabójczy(4)"]}]}`,
	`{"models": 5, "quality": 5, "defense": 5, "toughness": 4, "abilities": ["Przygotowanie", "Niestrudzony", "Mistrzostwo(Podwójny)", "Aura(Szybki)"],
	  "weapons": [{"attacks": 2, "range": 20, "ap": 1, "abilities": ["Namierzanie"]}]}`,
	`{"models": 10, "quality": 4, "defense": 4, "toughness": 14, "weapons": [{"attacks": 1, "range": 24}]}`,
}

// eachSample calls f with every action of every system of reg and each of
// its sample requests: one with every field at its base value, then those
// in samples.
func eachSample(t *testing.T, reg *systems.Registry, f func(id, name, body string, a *systems.Action)) {
	t.Helper()
	for _, id := range reg.IDs() {
		s, _ := reg.Get(id)
		for _, name := range s.ActionNames() {
			a := s.Actions[name]
			bodies := append([]string{string(mustJSON(baseRequest(a.Compiled().Fields())))}, samples[id+" "+name]...)
			for _, body := range bodies {
				f(id, name, body, a)
			}
		}
	}
}

// sampleCosts returns the points costs of costSamples.
func sampleCosts(t *testing.T) []cost.Cost {
	t.Helper()
	var costs []cost.Cost
	for _, body := range costSamples {
		var u cost.Unit
		if err := json.Unmarshal([]byte(body), &u); err != nil {
			t.Fatal(err)
		}
		c, err := cost.Of(u)
		if err != nil {
			t.Fatalf("cost %s: %v", body, err)
		}
		costs = append(costs, c)
	}
	return costs
}

// TestNoEnglishInPolishOrCzech rolls sample answers of every action with
// many seeds and renders them in Polish and Czech: no word of the English
// texts may appear in them (every text of the answer: steps, notes, odds
// labels, outcomes).
func TestNoEnglishInPolishOrCzech(t *testing.T) {
	reg := Registry()
	lc := checker()
	seen := map[string]bool{} // message ids reached, in any language
	eachSample(t, reg, func(id, name, body string, a *systems.Action) {
		for seed := range uint64(12) {
			res, err := a.Roll(t.Context(), []byte(body), dice.NewSeededSource(seed))
			if err != nil {
				t.Fatalf("%s %s %s: %v", id, name, body, err)
			}
			for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
				for _, text := range texts(mustJSON(l10n.Localize(res, lang)), seen) {
					for _, leak := range lc.Leaks(sampleNames.ReplaceAllString(text, " "), lang) {
						t.Errorf("%s %s in %s: %q has %s", id, name, lang, text, leak)
					}
				}
			}
		}
	})
	// The quality-d6 points cost: breakdown, warnings and notes. Its
	// lines name abilities as the unit gives them (Polish names here), so
	// only English and foreign letters count.
	for _, c := range sampleCosts(t) {
		for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
			for _, text := range texts(mustJSON(l10n.Localize(c, lang)), seen) {
				for _, leak := range lc.LeaksButTerms(sampleNames.ReplaceAllString(text, " "), lang) {
					t.Errorf("cost in %s: %q has %s", lang, text, leak)
				}
			}
		}
	}
	// The notes of dice rolls and odds.
	for _, expr := range []string{"7/2", "10x 1000d6!", "10x 1000d2r1", "1d6/2", "3x 1d6", "2d6!"} {
		e, err := dice.Parse(expr)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		answers := []any{e.Roll(dice.NewSeededSource(1))}
		if o, err := e.Odds(); err == nil {
			answers = append(answers, o)
		}
		for _, answer := range answers {
			for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
				for _, text := range texts(mustJSON(l10n.Localize(answer, lang)), seen) {
					for _, leak := range lc.Leaks(text, lang) {
						t.Errorf("dice %s in %s: %q has %s", expr, lang, text, leak)
					}
				}
			}
		}
	}
	// Every step, note and odds label of the four systems was rendered,
	// but for the note on fields of the other mode, which only a Go
	// caller can reach (the schema refuses such fields).
	seen["fantasy-k6.note.ignored"] = true
	var missed []string
	for _, d := range l10n.All() {
		id := d.ID()
		part := strings.SplitN(id, ".", 3)
		if len(part) == 3 && slices.Contains([]string{"step", "note", "odds"}, part[1]) && !seen[id] {
			missed = append(missed, id)
		}
	}
	if len(missed) > 0 {
		t.Errorf("no sample answer renders %d steps, notes or labels: %v", len(missed), missed)
	}
}

// texts collects the text of every message in an answer's JSON, and notes
// their ids.
func texts(b []byte, seen map[string]bool) []string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		panic(err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if id, ok := x["id"].(string); ok {
				if text, ok := x["text"].(string); ok {
					seen[id] = true
					out = append(out, text)
				}
			}
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(x[k])
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}
