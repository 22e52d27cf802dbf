package qualityd6

import (
	"fmt"
	"strings"

	"kostka/systems"
)

// ability is one named ability whose effect is on the dice.
type ability struct {
	name string // as the rulebook writes it
	en   string // English name, also accepted
}

// abilities the attack resolves, by normalized Polish and English name.
var abilities = map[string]ability{}

func init() {
	for _, a := range []ability{
		{"Niezawodny", "Reliable"}, {"Podwójny", "Double"}, {"Furia", "Furious"}, {"Impet", "Impact"},
		{"Namierzanie", "Targeting"}, {"Brutalny", "Brutal"}, {"Delikatny", "Delicate"},
		{"Niewrażliwy", "Resistant"}, {"Tarcza", "Shield"}, {"Okopany", "Entrenched"},
		{"Przygotowanie", "Prepared"}, {"Rój", "Swarm"}, {"Precyzyjny", "Precise"},
		{"Przewidywalny", "Predictable"}, {"Przełamanie", "Breakthrough"}, {"Podkręcenie", "Overdrive"},
		{"Dezintegracja", "Disintegrate"}, {"Przebijająca", "Piercing"},
	} {
		abilities[normalizeName(a.name)] = a
		abilities[normalizeName(a.en)] = a
	}
}

// AttackRequest is one unit's attack with one weapon against one unit.
type AttackRequest struct {
	Attacks   int      `json:"attacks"`
	Quality   int      `json:"quality"`   // the attacker's Quality (2-6)
	Defense   int      `json:"defense"`   // the target's Defense (2-6)
	AP        int      `json:"ap"`        // AP(X)
	Blast     int      `json:"blast"`     // Rozprysk(X), 0 or 1 for none
	Deadly    int      `json:"deadly"`    // Zabójczy(X), 0 or 1 for none
	Models    int      `json:"models"`    // models in the target unit
	Toughness int      `json:"toughness"` // wounds to defeat one model
	Cover     bool     `json:"cover"`     // most of the target's models have cover
	Fortified bool     `json:"fortified"` // the target is Ufortyfikowany (+1 defense)
	Abilities []string `json:"abilities"` // weapon, attacker and target abilities

	Charging          bool `json:"charging"`            // the attacker charges (Furia, Impet)
	AttackerFortified bool `json:"attacker_fortified"`  // for Przygotowanie
	TargetPinned      bool `json:"target_pinned"`       // Przewidywalny; Tarcza does not work
	TargetOnObjective bool `json:"target_on_objective"` // Przełamanie
	LastRound         bool `json:"last_round"`          // Podkręcenie
	TerrainCover      bool `json:"terrain_cover"`       // the cover is from terrain (Okopany)
	Melee             bool `json:"melee"`               // a melee attack: one more regroup test
	// BlastCap says how Rozprysk is capped by the unit's models: "total"
	// (default: hits × X, no more than the models) or "per_hit" (each hit
	// becomes at most as many hits as there are models).
	BlastCap string `json:"blast_cap"`
	// WoundsDealtBack is how many wounds the target dealt in this action,
	// for the regroup rule (more wounds taken than dealt).
	WoundsDealtBack int `json:"wounds_dealt_back"`

	// abilitySet holds the rulebook names of Abilities, filled by
	// Normalize.
	abilitySet map[string]bool
}

// rules are a request's resolved mechanics.
type rules struct {
	attacks       int
	hitNeed       int
	hitMod        int
	extraOnSix    int  // extra hits per natural 6 to hit
	autoOnSix     bool // Dezintegracja: a natural 6 to hit wounds with no defense roll
	piercing      bool // Przebijająca: a hit deals the defense die's face in wounds (2 with no roll)
	defNeed       int
	defMod        int
	autoDefFaces  []int // natural faces that always save
	blast         int
	woundsPerFail int
	coverAsDef    bool // cover gave +1 defense (hit already needed 6+)
	notes         []string
}

// has reports whether the request names the ability (by its rulebook
// name). Normalize must have run.
func (r *AttackRequest) has(name string) bool { return r.abilitySet[name] }

// Normalize fills defaults and checks the request, naming the field.
func (r *AttackRequest) Normalize() error {
	if r.Blast == 0 {
		r.Blast = 1
	}
	if r.Deadly == 0 {
		r.Deadly = 1
	}
	if r.BlastCap == "" {
		r.BlastCap = "total"
	}
	if r.Toughness == 0 {
		r.Toughness = 1
	}
	err := systems.First(
		systems.Check("attacks", r.Attacks, 1, 200),
		systems.Check("quality", r.Quality, 2, 6),
		systems.Check("defense", r.Defense, 2, 6),
		systems.Check("ap", r.AP, 0, 6),
		systems.Check("blast", r.Blast, 1, 12),
		systems.Check("deadly", r.Deadly, 1, 12),
		systems.Check("models", r.Models, 1, 100),
		systems.Check("toughness", r.Toughness, 1, 30),
		systems.OneOf("blast_cap", r.BlastCap, "total", "per_hit"),
		systems.Check("wounds_dealt_back", r.WoundsDealtBack, 0, 1000),
	)
	if err != nil {
		return err
	}
	if len(r.Abilities) > 20 {
		return &systems.FieldError{Field: "abilities", Msg: "at most 20 abilities"}
	}
	r.abilitySet = map[string]bool{}
	for i, a := range r.Abilities {
		ab, ok := abilities[normalizeName(a)]
		if !ok {
			return &systems.FieldError{Field: fmt.Sprintf("abilities[%d]", i),
				Msg: fmt.Sprintf("%q is not an ability with an effect on the attack's dice; known: %s", a, strings.Join(knownAbilities(), ", "))}
		}
		r.abilitySet[ab.name] = true
	}
	if r.has("Przebijająca") && r.Deadly > 1 {
		return &systems.FieldError{Field: "abilities", Msg: "Przebijająca and Zabójczy(X) each set the wounds of a hit; a weapon cannot use both"}
	}
	if w := r.oddsWork(); w > maxOddsWork {
		return &systems.FieldError{Field: "attacks", Msg: fmt.Sprintf(
			"this attack has too many possible outcomes to compute exactly (about %d million steps, at most %d million); use fewer attacks or a smaller Rozprysk",
			w/1_000_000, maxOddsWork/1_000_000)}
	}
	return nil
}

// maxOddsWork caps the steps one attack's odds may take (about 50 ms).
const maxOddsWork = 30_000_000

// oddsWork estimates the steps odds() takes: the hit convolution over the
// attacks, then a wound vector for every possible number of hits.
func (r *AttackRequest) oddsWork() int {
	ru := r.resolve()
	rawHits := ru.attacks * (1 + ru.extraOnSix)
	autoCells := 1
	if ru.autoOnSix {
		autoCells = ru.attacks + 1
	}
	perHit := ru.woundsPerFail
	if ru.piercing {
		perHit = 6
	}
	hits := r.effectiveHits(rawHits, ru)
	return ru.attacks*(rawHits+1)*autoCells*6 + (rawHits+1)*autoCells*(hits*perHit+1) + hits*(hits*perHit+1)*7
}

func knownAbilities() []string {
	var names []string
	seen := map[string]bool{}
	for _, k := range sortedKeys(abilities) {
		a := abilities[k]
		if !seen[a.name] {
			seen[a.name] = true
			names = append(names, a.name+" ("+a.en+")")
		}
	}
	return names
}

// resolve works out the attack's mechanics from the request.
func (r *AttackRequest) resolve() rules {
	ru := rules{attacks: r.Attacks, hitNeed: r.Quality, defNeed: r.Defense, blast: r.Blast,
		woundsPerFail: min(r.Deadly, r.Toughness), notes: []string{}}
	note := func(s string) { ru.notes = append(ru.notes, s) }
	if r.has("Niezawodny") {
		ru.hitNeed = 2
		note("Niezawodny: attacks with Quality 2+.")
	}
	doubled := (r.has("Przewidywalny") && r.TargetPinned) || (r.has("Przełamanie") && r.TargetOnObjective) || (r.has("Podkręcenie") && r.LastRound)
	if doubled {
		ru.attacks *= 2
		note("Double attacks (Przewidywalny, Przełamanie or Podkręcenie under its condition); several such abilities double only once.")
	}
	if r.Charging && r.has("Impet") {
		ru.hitMod++
		ru.defMod-- // +1 AP
	}
	if r.AttackerFortified && r.has("Przygotowanie") {
		ru.hitMod++
	}
	if r.has("Podwójny") {
		ru.extraOnSix++
	}
	if r.Charging && r.has("Furia") {
		ru.extraOnSix++
	}
	if r.Cover {
		// Cover: -1 to hit, or +1 to defense when the hit already needs
		// a natural 6 (Namierzanie ignores the -1 to hit).
		switch {
		case hitsOnlyOnSix(ru.hitNeed, ru.hitMod):
			ru.defMod++
			ru.coverAsDef = true
			note("Cover: the hit already needs a 6, so the target gets +1 to defense instead of -1 to hit.")
		case r.has("Namierzanie"):
			note("Namierzanie: the -1 to hit for cover is ignored.")
		default:
			ru.hitMod--
		}
		if r.TerrainCover && r.has("Okopany") {
			ru.defMod++
		}
	}
	ru.defMod -= r.AP
	if r.Fortified {
		ru.defMod++
	}
	if r.has("Tarcza") && !r.TargetPinned {
		ru.defMod++
	}
	switch {
	case r.has("Brutalny"):
		note("Brutalny: no automatic successes in the defense test.")
	case r.has("Delikatny") && r.has("Niewrażliwy"):
		ru.autoDefFaces = []int{5}
	case r.has("Delikatny"):
	case r.has("Niewrażliwy"):
		ru.autoDefFaces = []int{5, 6}
	default:
		ru.autoDefFaces = []int{6}
	}
	if r.has("Rój") {
		ru.woundsPerFail = 1
		note("Rój: Zabójczy is ignored, and Rozprysk is not capped by the unit's models.")
	} else if r.Deadly > r.Toughness {
		note(fmt.Sprintf("Zabójczy(%d) deals at most the toughness, %d wounds a hit.", r.Deadly, r.Toughness))
	}
	if r.Blast > 1 && !r.has("Rój") {
		if r.BlastCap == "total" {
			note(fmt.Sprintf("Rozprysk(%d): hits × %d, no more than the %d models in the unit (blast_cap total).", r.Blast, r.Blast, r.Models))
		} else {
			note(fmt.Sprintf("Rozprysk(%d): each hit becomes at most %d hits, one per model (blast_cap per_hit).", r.Blast, r.Models))
		}
	}
	if r.has("Dezintegracja") {
		ru.autoOnSix = true
		note("Dezintegracja: a natural 6 to hit wounds with no defense roll; when Rozprysk is capped, normal hits are cut before these.")
	}
	if r.has("Przebijająca") {
		ru.piercing = true
		note("Przebijająca: a failed defense deals as many wounds as the defense die shows (2 when there was no roll), not capped by toughness.")
	}
	if r.has("Precyzyjny") {
		note("Precyzyjny: the attacker allocates the wounds; in a unit of one toughness this does not change the dice.")
	}
	return ru
}

// hitsOnlyOnSix reports whether only a natural 6 can hit.
func hitsOnlyOnSix(need, mod int) bool { return 5+mod < need }

// effectiveHits applies Rozprysk to a number of hits.
func (r *AttackRequest) effectiveHits(hits int, ru rules) int {
	if ru.blast <= 1 {
		return hits
	}
	if r.has("Rój") {
		return hits * ru.blast
	}
	if r.BlastCap == "per_hit" {
		return hits * min(ru.blast, r.Models)
	}
	return min(hits*ru.blast, max(hits, r.Models))
}

// saved decides a defense die.
func (ru rules) saved(face int) bool {
	if face == 1 {
		return false
	}
	for _, f := range ru.autoDefFaces {
		if face == f {
			return true
		}
	}
	return face+ru.defMod >= ru.defNeed
}

// hitsFrom is what one attack die gives: normal hits, and hits that wound
// with no defense roll (Dezintegracja).
func (ru rules) hitsFrom(face int) (normal, auto int) {
	switch {
	case !success(face, ru.hitNeed, ru.hitMod):
		return 0, 0
	case face == 6 && ru.autoOnSix:
		return ru.extraOnSix, 1
	case face == 6:
		return 1 + ru.extraOnSix, 0
	}
	return 1, 0
}

// splitHits applies Rozprysk to normal and automatic hits. When the cap
// cuts hits, normal hits go first.
func (r *AttackRequest) splitHits(normal, auto int, ru rules) (int, int) {
	total := r.effectiveHits(normal+auto, ru)
	perHit := 1
	switch {
	case ru.blast <= 1:
	case r.BlastCap == "per_hit" && !r.has("Rój"):
		perHit = min(ru.blast, r.Models)
	default:
		perHit = ru.blast
	}
	a := min(auto*perHit, total)
	return total - a, a
}

// woundsOf is the wounds one hit deals: face is its defense die (0 for a
// hit with no defense roll).
func (ru rules) woundsOf(face int) int {
	switch {
	case face == 0 && ru.piercing:
		return 2
	case face == 0:
		return ru.woundsPerFail
	case ru.saved(face):
		return 0
	case ru.piercing:
		return face
	}
	return ru.woundsPerFail
}

// allocate turns total wounds into models killed and wounds left on the
// unit: the defender must remove a model for every full toughness.
func (r *AttackRequest) allocate(wounds int) (killed, left int) {
	killed = min(r.Models, wounds/r.Toughness)
	if killed == r.Models {
		return killed, 0
	}
	return killed, wounds - killed*r.Toughness
}

// regroupTests is how many Przegrupowanie Quality tests the unit takes:
// one if it took more wounds than it dealt, one more at half its starting
// toughness or less, one more after melee. A destroyed unit takes none.
func (r *AttackRequest) regroupTests(wounds, killed, left int) int {
	if killed == r.Models || wounds <= r.WoundsDealtBack {
		return 0
	}
	n := 1
	remaining := (r.Models-killed)*r.Toughness - left
	if 2*remaining <= r.Models*r.Toughness {
		n++
	}
	if r.Melee {
		n++
	}
	return n
}
