package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
)

// TestReadingsInNotes: a reading an answer takes where the rulebook allows
// another is said in the answer's notes (issue 16), each by its message
// and, where the reading names a term, in its words.
func TestReadingsInNotes(t *testing.T) {
	reg := Registry()
	for _, tt := range []struct {
		system, action, req string
		note                string // the message id
		text                string // in the English text of the notes
	}{
		{"wzr-d20", "morale", `{"leadership": 10, "squad": 4, "lost": 3}`, "wzr-d20.note.broken_at_75", "75%"},
		{"wzr-d20", "team", `{"kind": "swarm", "models": 3, "skill": 8, "strength": 4, "rate": 2}`, "wzr-d20.note.weapon_type", "always Piercing"},
		{"wzr-d20", "team", `{"kind": "swarm", "models": 3, "skill": 8, "strength": 4, "rate": 2}`, "wzr-d20.note.team_weapon_types", "Swarm is Piercing"},
		{"wzr-d20", "team", `{"kind": "suppression_fire", "models": 3, "constitution": 10, "strength": 5}`, "wzr-d20.note.weapon_type", "always Blast"},
		{"wzr-d20", "team", `{"kind": "suppression_fire", "models": 3, "constitution": 10, "strength": 5}`, "wzr-d20.note.team_weapon_types", "Suppression Fire is Blast"},
		{"wzr-d20", "morale", `{"leadership": 10, "test": "heads_up"}`, "wzr-d20.note.heads_up_fumble_stops", "cannot take the test again"},
		{"quality-d6", "attack", `{"attacks": 4, "quality": 4, "defense": 4, "abilities": ["Podwójny"]}`, "quality-d6.note.double_natural_six", "natural 6"},
		{"quality-d6", "attack", `{"attacks": 4, "quality": 4, "defense": 4, "abilities": ["Przewidywalny", "Podkręcenie"], "target_pinned": true, "last_round": true}`,
			"quality-d6.note.double_attacks", "once"},
		{"quality-d6", "attack", `{"attacks": 4, "quality": 3, "defense": 5, "blast": 3, "models": 4, "abilities": ["Finezja", "Przebijająca"]}`,
			"quality-d6.note.finesse_piercing_cut", "the attacker's choice"},
		{"quality-d6", "attack", `{"attacks": 4, "quality": 3, "defense": 5, "groups": [{"count": 3}, {"toughness": 2, "hero": true, "bodyguard": true}]}`,
			"quality-d6.note.bodyguard", "defeats no other model"},
		{"fantasy-k6", "jump", `{"height": 6, "pain": 3}`, "fantasy-k6.note.jump_certain", "fails on every face"},
	} {
		t.Run(tt.system+" "+tt.action+" "+tt.note, func(t *testing.T) {
			s, ok := reg.Get(tt.system)
			if !ok {
				t.Fatalf("no system %s", tt.system)
			}
			res, err := s.Actions[tt.action].Roll(t.Context(), []byte(tt.req), dice.NewSeededSource(5))
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(l10n.Localize(res, l10n.English))
			if err != nil {
				t.Fatal(err)
			}
			var answer struct {
				Notes []struct {
					ID   string `json:"id"`
					Text string `json:"text"`
				} `json:"notes"`
			}
			if err := json.Unmarshal(b, &answer); err != nil {
				t.Fatal(err)
			}
			for _, n := range answer.Notes {
				if n.ID == tt.note {
					if !strings.Contains(n.Text, tt.text) {
						t.Errorf("note %s says %q, want it to say %q", n.ID, n.Text, tt.text)
					}
					return
				}
			}
			t.Errorf("the notes %s lack %s", b, tt.note)
		})
	}
}
