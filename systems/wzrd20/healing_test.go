package wzrd20

import (
	"errors"
	"strings"
	"testing"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/systemstest"
)

// TestHealingByHand checks Léčení inside an attack against fractions
// counted by hand. Seed 003, Karty zdrojů: "dát modelu do konce kola
// schopnost Léčení (3); pro každé zranění můžete složit jen jeden test";
// Do černého: "Pokud při testu Střelby […] padne 1, není možné se pokusit
// o test Zbroje, Neprorazitelné zbroje, Pancíře ani Léčení."
func TestHealingByHand(t *testing.T) {
	// RS 10, one shot of Strength 10 at A 8, W 1, Léčení (3): a Power Shot
	// (1/20) wounds with no test; faces 2..10 (9/20) hit, the Armour test
	// against 8 + (10 - 10) = 8 fails on 12/20, and Léčení fails on 17/20.
	// Strength 10 is Critical (4). P(4 Wounds lost) = 1/20 + 9/20·12/20·17/20
	// = 559/2000; without Léčení 1/20 + 9/20·12/20 = 640/2000.
	req := AttackRequest{Skill: 10, Rate: 1, Strength: 10, Target: Target{Armour: 8, Wounds: 1, Healing: 3}}
	o, err := AttackOddsOf(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := pAt(o.Wounds, 4); !near(got, 559./2000) {
		t.Errorf("P(4 Wounds) = %v, want 559/2000", got)
	}
	if !near(o.Removed, 559./2000) {
		t.Errorf("removed %v, want 559/2000", o.Removed)
	}
	if got := pAt(o.Hits, 1); !near(got, 10./20) {
		t.Errorf("P(1 hit) = %v, want 1/2: a healed wound is still a hit", got)
	}
	req.Healing = 0
	if o, _ = AttackOddsOf(t.Context(), req); !near(pAt(o.Wounds, 4), 640./2000) {
		t.Errorf("without Léčení P(4 Wounds) = %v, want 640/2000", pAt(o.Wounds, 4))
	}
	// A target with no Armour test: every ordinary hit is a wound that
	// Léčení (3) may heal. RS 5, two shots, Strength 5, W 2: each shot
	// wounds on 1/20 (Power Shot) + 4/20·17/20 = 88/400.
	o, err = AttackOddsOf(t.Context(), AttackRequest{Skill: 5, Rate: 2, Strength: 5, Target: Target{Armour: 0, Wounds: 2, Healing: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if w := 88. / 400; !near(o.Removed, w*w) {
		t.Errorf("removed %v, want (88/400)^2", o.Removed)
	}
}

// TestHealingRolled checks the rolled answer: a Léčení test after a failed
// Armour test, none after a Power Shot, and the note.
func TestHealingRolled(t *testing.T) {
	req := AttackRequest{Skill: 19, Rate: 20, Strength: 10, Target: Target{Armour: 1, Wounds: 50, Healing: 10}}
	src := dice.NewSeededSource(5)
	var healed, tested, power int
	for range 50 {
		out, err := Attack(t.Context(), req, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range out.Shots {
			switch {
			case s.Roll != nil && s.Roll.PowerShot:
				power++
				if s.Healing != nil {
					t.Fatal("a Léčení test after a Power Shot")
				}
			case s.Armour != nil && !s.Armour.Success:
				tested++
				if s.Healing == nil {
					t.Fatal("no Léčení test after a failed Armour test")
				}
				if s.Healing.Success {
					healed++
					if s.Wounds != 0 {
						t.Fatalf("a healed wound cost %d Wounds", s.Wounds)
					}
				}
			}
		}
		if !strings.Contains(systemstest.Joined(out.Notes, l10n.English), "Léčení (10)") {
			t.Fatal("no note on Léčení")
		}
	}
	if power == 0 || tested == 0 || healed == 0 {
		t.Fatalf("power shots %d, Léčení tests %d, healed %d: the sample shows too little", power, tested, healed)
	}
}

func TestHealingRefused(t *testing.T) {
	_, err := AttackOddsOf(t.Context(), AttackRequest{Skill: 5, Rate: 1, Strength: 5, Target: Target{Armour: 8, Wounds: 1, Vehicle: true, Healing: 3}})
	var fe *systems.FieldError
	if !errors.As(err, &fe) || fe.Field != "healing" {
		t.Errorf("a vehicle with Léčení: %v, want a FieldError on healing", err)
	}
	team := System().Actions["team"]
	_, err = team.Odds(t.Context(), []byte(`{"kind":"focus_fire","models":3,"skill":5,"strength":4,"rate":3,"healing":3}`))
	if !errors.As(err, &fe) || fe.Field != "healing" {
		t.Errorf("Focus Fire with Léčení: %v, want a FieldError on healing", err)
	}
}
