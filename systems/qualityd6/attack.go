package qualityd6

import (
	"fmt"
	"strconv"
	"strings"

	"kostka/l10n"
	"kostka/systems"
)

// ability is one named ability whose effect is on the dice.
type ability struct {
	name string    // as the rulebook writes it
	en   string    // English name, also accepted
	term *l10n.Def // its name in every language
}

// abilities the attack resolves, by normalized Polish and English name.
var abilities = map[string]ability{}

func init() {
	for _, a := range []ability{
		{name: "Niezawodny", en: "Reliable"}, {name: "Podwójny", en: "Double"}, {name: "Furia", en: "Furious"}, {name: "Impet", en: "Impact"},
		{name: "Namierzanie", en: "Targeting"}, {name: "Brutalny", en: "Brutal"}, {name: "Delikatny", en: "Delicate"},
		{name: "Niewrażliwy", en: "Resistant"}, {name: "Tarcza", en: "Shield"}, {name: "Okopany", en: "Entrenched"},
		{name: "Przygotowanie", en: "Prepared"}, {name: "Rój", en: "Swarm"}, {name: "Precyzyjny", en: "Precise"},
		{name: "Przewidywalny", en: "Predictable"}, {name: "Przełamanie", en: "Breakthrough"}, {name: "Podkręcenie", en: "Overdrive"},
		{name: "Dezintegracja", en: "Disintegrate"}, {name: "Przebijająca", en: "Piercing"},
	} {
		a.term = term("ability."+normalizeName(a.en), a.name, a.en)
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
	// (default: hits × X, no more than the models, but the multiplication
	// never removes a hit already scored), "literal" (the rulebook's words
	// read literally: hits × X, then no more than the models even when
	// that is fewer than the hits scored) or "per_hit" (each hit becomes at
	// most as many hits as there are models).
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
	notes         []l10n.Message
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
		systems.OneOf("blast_cap", r.BlastCap, "total", "literal", "per_hit"),
		systems.Check("wounds_dealt_back", r.WoundsDealtBack, 0, 1000),
	)
	if err != nil {
		return err
	}
	if len(r.Abilities) > 20 {
		return systems.Check("abilities", len(r.Abilities), 0, 20)
	}
	r.abilitySet = map[string]bool{}
	for i, a := range r.Abilities {
		ab, ok := abilities[normalizeName(a)]
		if !ok {
			return systems.Invalid(fmt.Sprintf("abilities[%d]", i), errUnknownAbility.New(
				l10n.Str("name", a), l10n.Str("known", strings.Join(knownAbilities(), ", "))))
		}
		r.abilitySet[ab.name] = true
	}
	if r.has("Przebijająca") && r.Deadly > 1 {
		return systems.Invalid("abilities", errPiercingDeadly.New(abilityTerm("piercing", "Przebijająca"), l10n.Term("deadly", termDeadly.New())))
	}
	if steps, bytes := r.oddsCost(); steps > maxOddsSteps || bytes > maxOddsBytes {
		const million = 1_000_000
		return systems.Invalid("attacks", errTooMuchWork.New(
			l10n.Int("steps", (steps+million-1)/million), l10n.Int("mb", (bytes+million-1)/million),
			l10n.Int("max", maxOddsSteps/million), l10n.Int("max_mb", maxOddsBytes/million),
			l10n.Term("blast", termBlast.New())))
	}
	return nil
}

// Limits of one attack's odds, checked before any work: about 30 ms of CPU
// and 8 MB of memory on a small machine, so that an accepted request stays
// within 50 ms and 16 MB with its decoding and its answer.
const (
	maxOddsSteps = 25_000_000
	maxOddsBytes = 8_000_000
)

// oddsShape is the size of the tables odds() builds.
type oddsShape struct {
	rows, cols int // the hit table: normal hits 0..rows-1, automatic hits 0..cols-1
	maxNormal  int // the most normal hits after Rozprysk
	maxHits    int // the most hits after Rozprysk
	maxWounds  int // the most wounds
	maxW       int // the most wounds of one normal hit
}

// shape works out the size of the tables odds() builds for a request.
func (ru rules) shape(r *AttackRequest) oddsShape {
	raw := ru.attacks * (1 + ru.extraOnSix)
	sh := oddsShape{rows: raw + 1, cols: 1, maxW: ru.woundsPerFail}
	if ru.autoOnSix {
		sh.cols = ru.attacks + 1
	}
	if ru.piercing {
		sh.maxW = 6
	}
	sh.maxHits = r.effectiveHits(raw, ru)
	sh.maxNormal = sh.maxHits
	sh.maxWounds = sh.maxHits * max(sh.maxW, ru.woundsOf(0))
	return sh
}

// oddsCost estimates the steps (multiply-adds) and the bytes odds() takes,
// from the same shape it builds: the hit convolution over the attacks, the
// powers of one hit's wounds, and a wound vector for every outcome of the
// hits.
func (r *AttackRequest) oddsCost() (steps, bytes int) {
	ru := r.resolve()
	sh := ru.shape(r)
	const float = 8
	cells := sh.rows * sh.cols
	steps = ru.attacks * cells * 3 // at most three outcomes an attack
	bytes = 2 * cells * float
	powerLen := sh.maxNormal*sh.maxW + 1
	steps += sh.maxNormal * powerLen * (sh.maxW + 1)
	if sh.cols > 1 {
		// Every power kept, each its own slice: with the allocator's
		// rounding up to size classes, an eighth more.
		bytes += (sh.maxNormal*powerLen/2*float + sh.maxNormal*(24+float)) * 9 / 8
	} else {
		bytes += 2 * powerLen * float
	}
	steps += cells * powerLen
	bytes += (sh.maxHits + sh.maxWounds + 2) * float
	// The answer: a point (value, p, p at least) for every number of hits,
	// wounds and models killed.
	const point = 24
	bytes += (sh.maxHits + sh.maxWounds + r.Models + 8) * point
	return steps, bytes
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
		woundsPerFail: min(r.Deadly, r.Toughness), notes: []l10n.Message{}}
	note := func(m l10n.Message) { ru.notes = append(ru.notes, m) }
	if r.has("Niezawodny") {
		ru.hitNeed = 2
		note(noteReliable.New(abilityTerm("ability", "Niezawodny")))
	}
	var doublers []string
	for _, d := range []struct {
		name string
		on   bool
	}{{"Przewidywalny", r.TargetPinned}, {"Przełamanie", r.TargetOnObjective}, {"Podkręcenie", r.LastRound}} {
		if r.has(d.name) && d.on {
			doublers = append(doublers, d.name)
		}
	}
	if len(doublers) > 0 {
		// Several abilities that double the attacks double them once:
		// "wykonuje podwójną liczbę ataków" sets the number, it does not
		// stack.
		ru.attacks *= 2
		note(noteDoubleAttacks.New(abilityList("abilities", doublers)))
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
		note(noteDoubleSix.New(abilityTerm("ability", "Podwójny")))
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
			note(noteCoverAsDefense.New())
		case r.has("Namierzanie"):
			note(noteTargeting.New(abilityTerm("ability", "Namierzanie")))
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
		note(noteBrutal.New(abilityTerm("ability", "Brutalny")))
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
		note(noteSwarm.New(abilityTerm("ability", "Rój"), l10n.Term("deadly", termDeadly.New()), l10n.Term("blast", termBlast.New())))
	} else if r.Deadly > r.Toughness {
		note(noteDeadlyCapped.New(l10n.Term("deadly", termDeadly.New()), l10n.Int("x", r.Deadly), l10n.Int("n", r.Toughness)))
	}
	if r.Blast > 1 && !r.has("Rój") {
		blast, x := l10n.Term("blast", termBlast.New()), l10n.Int("x", r.Blast)
		switch r.BlastCap {
		case "total":
			note(noteBlastTotal.New(blast, x, l10n.Int("models", r.Models)))
		case "literal":
			note(noteBlastLiteral.New(blast, x, l10n.Int("models", r.Models)))
		default:
			note(noteBlastPerHit.New(blast, x, l10n.Int("per", min(r.Blast, r.Models))))
		}
	}
	if r.has("Dezintegracja") {
		ru.autoOnSix = true
		note(noteDisintegrate.New(abilityTerm("ability", "Dezintegracja"), l10n.Term("blast", termBlast.New())))
	}
	if r.has("Przebijająca") {
		ru.piercing = true
		note(notePiercing.New(abilityTerm("ability", "Przebijająca")))
	}
	if r.has("Precyzyjny") {
		note(notePrecise.New(abilityTerm("ability", "Precyzyjny")))
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
	switch r.BlastCap {
	case "per_hit":
		return hits * min(ru.blast, r.Models)
	case "literal":
		return min(hits*ru.blast, r.Models)
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

// abilityTerm is an argument naming an ability (by its rulebook name) in
// the answer's language.
func abilityTerm(arg, name string) l10n.Arg {
	return l10n.Term(arg, abilities[normalizeName(name)].term.New())
}

// abilityList names several abilities in the answer's language.
func abilityList(arg string, names []string) l10n.Arg {
	defs := make([]l10n.Arg, len(names))
	for i, n := range names {
		defs[i] = abilityTerm("a"+strconv.Itoa(i), n)
	}
	return l10n.Term(arg, listOf(defs))
}
