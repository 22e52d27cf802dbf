package wzrd20

import (
	"kostka/dice"
	"kostka/l10n"
)

// Léčení (X), healing: the rulebook names the ability where a resource card
// gives it ("dát modelu do konce kola schopnost Léčení (3); pro každé
// zranění můžete složit jen jeden test") and where it is barred (Do
// černého: "Pokud při testu Střelby, Boje na blízko, či Síly vůle padne 1,
// není možné se pokusit o test Zbroje, Neprorazitelné zbroje, Pancíře ani
// Léčení"; Focus Fire and Swarm: "Modely zraněné soustředěnou palbou
// nemohou použít zvláštní schopnost Léčení"). Read so: every wound (a hit
// whose Armour test failed, or that took none) gets one Léčení test, a
// d20 at or under X with 1 passing and 20 failing like every test; passed,
// the wound costs no Wounds (all of them under Critical Force, since the
// test is one per wound). A Power Shot's wound gets none, and Focus Fire
// and Swarm refuse it (their schema applies healing to Suppression Fire
// only).

// healed is the chance a wound the target may heal is healed: 0 without
// Léčení.
func (t *Target) healed() float64 {
	if t.Healing == 0 {
		return 0
	}
	return testChances(t.Healing).pass()
}

// heal rolls the Léčení test of a wound of crit Wounds, recording it in
// out, and returns the Wounds the wound costs.
func (t *Target) heal(crit int, src dice.Source, out *Shot) int {
	if t.Healing == 0 {
		return crit
	}
	h := roll(src, clamp(t.Healing))
	out.Healing = &h
	if h.Success {
		return 0
	}
	return crit
}

// healingStep explains a Léčení test.
func (t *Target) healingStep(h Roll, crit int) l10n.Message {
	step := describe(whatHealing.New(), h, againstHealing.New(l10n.Int("x", t.Healing)))
	if h.Success {
		return stepHealed.New(l10n.Term("roll", step), l10n.Int("n", crit))
	}
	return step
}

// healingNote says how Léčení was read, when the target has it.
func (t *Target) healingNote() []l10n.Message {
	if t.Healing == 0 {
		return nil
	}
	return []l10n.Message{noteHealing.New(l10n.Int("x", t.Healing), l10n.Term("power", termPowerShot.New()))}
}
