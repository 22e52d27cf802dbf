package qualityd6

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
	"kostka/systems/qualityd6/cost"
)

// onDice are the abilities whose effect the attack resolves. Every other
// ability of the vocabulary is accepted and said to change nothing here.
var onDice = map[vocab.Name]bool{
	vocab.Niezawodny: true, vocab.Podwojny: true, vocab.Furia: true, vocab.Impet: true, vocab.Namierzanie: true,
	vocab.Brutalny: true, vocab.Delikatny: true, vocab.Niewrazliwy: true, vocab.Tarcza: true, vocab.Okopany: true,
	vocab.Przygotowanie: true, vocab.Roj: true, vocab.Precyzyjny: true, vocab.Przewidywalny: true, vocab.Przelamanie: true,
	vocab.Podkrecenie: true, vocab.Dezintegracja: true, vocab.Przebijajaca: true, vocab.Szpica: true, vocab.Finezja: true,
	vocab.Waagh: true, vocab.Cierpliwy: true, vocab.Zwrot: true, vocab.Ostrozny: true, vocab.Nieustraszony: true,
	vocab.Stracenczy: true, vocab.Porazenie: true,
}

// AttackRequest is one unit's attack with one weapon against one unit.
type AttackRequest struct {
	Attacks   int      `json:"attacks"`
	Quality   int      `json:"quality"`   // the attacker's Quality (2-6)
	Defense   int      `json:"defense"`   // the target's Defense (2-6)
	AP        int      `json:"ap"`        // AP(X); AP(-1) gives the target +1 to defense
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
	BlastCap BlastCap `json:"blast_cap"`
	// WoundsDealtBack is how many wounds the target dealt in this action,
	// for the regroup rule (more wounds taken than dealt).
	WoundsDealtBack int `json:"wounds_dealt_back"`

	HitModifier     int `json:"hit_modifier"`     // any other modifier to hit
	DefenseModifier int `json:"defense_modifier"` // any other modifier to defense
	// Conditions are the situations the newer abilities ask about (see
	// Condition): one list, so a chat command keeps within its options.
	Conditions []Condition `json:"conditions"`
	// TargetQuality is the target's Quality, for the outcome of its
	// regroup tests; 0 when not given (no outcome).
	TargetQuality int `json:"target_quality"`
	// Groups give the target unit's models when they differ (a Bohater
	// joined to the unit): instead of Models and Toughness.
	Groups []Group `json:"groups"`
	// DefenderRemoves is the order in which the defender removes the
	// models it must: "models_first" (default: the other models before
	// its heroes, the toughest first) or "toughest_first" (the toughest
	// model, hero or not: the fewest models lost).
	DefenderRemoves Removal `json:"defender_removes"`

	// Weapons are the attacking unit's weapon profiles when it attacks
	// with several: each takes the per-weapon fields (attacks, ap, blast,
	// deadly, its abilities) that the request otherwise gives at its top,
	// and the unit's fields and abilities apply to all. The wounds of all
	// of them are allocated together, and the regroup tests count them
	// once (see normalizeWeapons).
	Weapons []Weapon `json:"weapons"`
	// Shock says how Porażenie counts for the regroup test, in melee: "rany
	// zadane tą bronią liczą się podwójnie" when deciding who won the
	// melee. ShockDouble (default) counts its wounds twice against the
	// wounds the target dealt back; ShockPlain reads deciding the melee as
	// apart from the regroup test, and counts them once.
	Shock Shock `json:"shock"`

	// unit is the target unit as groups, filled by Normalize: Groups, or
	// one group of Models models of Toughness.
	unit []Group

	// parts are the weapons as single-weapon requests, filled by
	// Normalize when there are several.
	parts []*AttackRequest
	// names are the weapons' names, "#1" for one without.
	names []string
	// oddsSteps and oddsBytes are what the odds take, estimated by
	// Normalize (OddsCost).
	oddsSteps, oddsBytes int
	// hitStage is the stage of the odds that a Batch shares, filled by
	// Normalize for a single-weapon request: its hit table (nil under the
	// cut, which builds a table of its own).
	hitStage *hitStage
	// maxWounds is the most wounds of a single-weapon request's odds
	// (oddsShape), filled by Normalize.
	maxWounds int
	// woundKey is the key of the request's hits and wounds in a Batch
	// (its exported fields in JSON), filled by Batch.Add ("" for none).
	woundKey string

	// abilitySet holds the rulebook names of Abilities, filled by
	// Normalize.
	abilitySet map[vocab.Name]bool
}

// Weapon is one weapon profile of an attack with several: the weapon a
// unit's points cost takes, one type for both. The cost's are each
// model's, the attack's its total: a unit card fires its weapons by its
// models (FiredWeapons). The attack does not read its range.
type Weapon = cost.Weapon

// Shock is how Porażenie's wounds count for the regroup test.
type Shock string

// The readings of Porażenie; the schema's enum lists the same values.
const (
	ShockDouble Shock = "double"
	ShockPlain  Shock = "plain"
)

// BlastCap is how Rozprysk is capped by the target unit's models.
type BlastCap string

// The readings of Rozprysk's cap; the schema's enum lists the same values.
const (
	BlastTotal   BlastCap = "total"
	BlastLiteral BlastCap = "literal"
	BlastPerHit  BlastCap = "per_hit"
)

// Removal is the order in which the defender removes the models it must.
type Removal string

// The orders of removal; the schema's enum lists the same values.
const (
	ModelsFirst   Removal = "models_first"
	ToughestFirst Removal = "toughest_first"
)

// Condition is a situation an ability asks about.
type Condition string

// The conditions; the schema's enum lists the same values.
const (
	// TargetNotActivated: the target has not started its activation this
	// round (Szpica for the attacker, Cierpliwy for the target).
	TargetNotActivated Condition = "target_not_activated"
	// FromRear: the attacking unit is wholly in the target's rear zone
	// (Zwrot).
	FromRear Condition = "from_rear"
	// NoEnemiesWithin12: no enemy within 12" of the attacker (Ostrożny).
	NoEnemiesWithin12 Condition = "no_enemies_within_12"
	// AttackerWaagh: the attacker's Waagh! is on (below half its starting
	// toughness, no other friendly unit with it within 12").
	AttackerWaagh Condition = "attacker_waagh"
	// TargetWaagh: the target's Waagh! is on.
	TargetWaagh Condition = "target_waagh"
	// AttackerFresh: the attacking unit is Świeży (Małe starcia): "Modele
	// w tym oddziale ... wykonują podwójną liczbę ataków".
	AttackerFresh Condition = "attacker_fresh"
	// TargetFresh: the target unit is Świeży: "Modele w tym oddziale nie
	// mogą zostać pokonane ... Gdy oddział ma więcej ran niż suma jego
	// wytrzymałości, odrzuć wszystkie rany i ten stan."
	TargetFresh Condition = "target_fresh"
)

// is reports whether the request states a condition.
func (r *AttackRequest) is(c Condition) bool { return slices.Contains(r.Conditions, c) }

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
	woundsPerFail int // wounds of a failed defense the defender allocates
	// woundsPerFailAtt is the wounds of a failed defense the attacker
	// allocates: Zabójczy(X) is capped at the lowest toughness in the
	// unit when the defender allocates, at the highest when the attacker
	// does.
	woundsPerFailAtt int
	attackerOnes     bool // the attacker allocates the wounds of natural 1s (the defense needs more than 2+)
	precise          bool // Precyzyjny: the attacker allocates every wound
	// varTaken: Finezja with Przebijająca, whose taken hits deal their
	// hit die's face in wounds: the hit table counts their wounds, not
	// their number.
	varTaken   bool
	coverAsDef bool // cover gave +1 defense (hit already needed 6+)
	finesse    bool // Finezja: a hit die may be the defense die
	notes      []l10n.Message
	// rules are the ids of the rulebook sections the attack applies, in
	// the order it applies them.
	rules []string
}

// has reports whether the request names the ability (by its rulebook
// name). Normalize must have run.
func (r *AttackRequest) has(name vocab.Name) bool { return r.abilitySet[name] }

// Normalize fills defaults and checks the request, naming the field.
func (r *AttackRequest) Normalize() error {
	if r.Weapons != nil { // given, if empty
		return r.normalizeWeapons()
	}
	return r.normalizeOne()
}

// normalizeOne normalizes a request with one weapon, given at its top.
func (r *AttackRequest) normalizeOne() error {
	if r.Shock == "" {
		r.Shock = ShockDouble
	}
	if r.Blast == 0 {
		r.Blast = 1
	}
	if r.Deadly == 0 {
		r.Deadly = 1
	}
	if r.BlastCap == "" {
		r.BlastCap = BlastTotal
	}
	if r.Toughness == 0 {
		r.Toughness = 1
	}
	if r.grouped() { // the groups give them
		r.Models, r.Toughness = 1, 1
	}
	if r.DefenderRemoves == "" {
		r.DefenderRemoves = ModelsFirst
	}
	err := systems.First(
		systems.Check("attacks", r.Attacks, 1, maxAttacks),
		systems.Check("quality", r.Quality, 2, 6),
		systems.Check("defense", r.Defense, 2, 6),
		systems.Check("ap", r.AP, -1, 6),
		systems.Check("blast", r.Blast, 1, 12),
		systems.Check("deadly", r.Deadly, 1, 12),
		systems.Check("models", r.Models, 1, maxModels),
		systems.Check("toughness", r.Toughness, 1, 30),
		systems.OneOf("blast_cap", r.BlastCap, BlastTotal, BlastLiteral, BlastPerHit),
		systems.Check("wounds_dealt_back", r.WoundsDealtBack, 0, 1000),
		systems.Check("hit_modifier", r.HitModifier, -3, 3),
		systems.Check("defense_modifier", r.DefenseModifier, -3, 3),
		systems.Check("target_quality", r.TargetQuality, 0, 6),
		systems.OneOf("defender_removes", r.DefenderRemoves, ModelsFirst, ToughestFirst),
		systems.OneOf("shock", r.Shock, ShockDouble, ShockPlain),
	)
	if err != nil {
		return err
	}
	if err := r.normalizeGroups(); err != nil {
		return err
	}
	if len(r.Abilities) > 20 {
		return systems.Check("abilities", len(r.Abilities), 0, 20)
	}
	if r.TargetQuality == 1 {
		return systems.Invalid("target_quality", errTargetQuality.New())
	}
	if i := slices.Index(r.Conditions, TargetFresh); i >= 0 && r.grouped() {
		return systems.Invalid(fmt.Sprintf("conditions[%d]", i), errFreshGroups.New(l10n.Term("fresh", termFresh.New())))
	}
	r.abilitySet = map[vocab.Name]bool{}
	for i, a := range r.Abilities {
		ab, ok := vocab.Lookup(a)
		if !ok && slices.Contains([]string{"swiezy", "swierzy", "fresh"}, vocab.Key(a)) {
			// Świeży is a state of Małe starcia, not an ability.
			return systems.Invalid(fmt.Sprintf("abilities[%d]", i), errFreshIsState.New(l10n.Term("fresh", termFresh.New())))
		}
		if !ok {
			return systems.Invalid(fmt.Sprintf("abilities[%d]", i), errUnknownAbility.New(
				l10n.Str("name", a), knownAbilities("known")))
		}
		if field, ok := numberFields[ab.Name]; ok {
			return systems.Invalid(fmt.Sprintf("abilities[%d]", i), errAbilityIsField.New(
				abilityTerm("ability", ab.Name), attackFieldLabel("field", field)))
		}
		if field, ok := groupFields[ab.Name]; ok {
			return systems.Invalid(fmt.Sprintf("abilities[%d]", i), errAbilityInGroups.New(
				abilityTerm("ability", ab.Name), attackFieldLabel("field", field)))
		}
		r.abilitySet[ab.Name] = true
	}
	if r.has(vocab.Przebijajaca) && r.Deadly > 1 {
		return systems.Invalid("abilities", errPiercingDeadly.New(abilityTerm("piercing", vocab.Przebijajaca), l10n.Term("deadly", termDeadly.New())))
	}
	r.oddsSteps, r.oddsBytes, r.hitStage, r.maxWounds = r.oddsCostStages()
	if steps, bytes := r.oddsSteps, r.oddsBytes; steps > maxOddsSteps || bytes > maxOddsBytes {
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
	if ru.autoOnSix || ru.finesse {
		sh.cols = ru.attacks + 1
	}
	if ru.varTaken {
		sh.cols = ru.attacks*ru.maxAutoWounds() + 1
	}
	if ru.piercing {
		sh.maxW = 6
	}
	sh.maxHits = r.effectiveHits(raw, ru)
	sh.maxNormal = sh.maxHits
	sh.maxWounds = sh.maxHits * max(sh.maxW, ru.woundsOf(0))
	if ru.varTaken {
		sh.maxWounds = sh.maxHits * 6
	}
	return sh
}

// oddsCost estimates the steps (multiply-adds) and the bytes odds() takes,
// from the same shape it builds: the hit convolution over the attacks, the
// powers of one hit's wounds, and a wound vector for every outcome of the
// hits.
func (r *AttackRequest) oddsCost() (steps, bytes int) {
	steps, bytes, _, _ = r.oddsCostStages()
	return steps, bytes
}

// oddsCostStages is oddsCost, the part of it that the hit table takes
// (nil under the cut), and the most wounds of the odds.
func (r *AttackRequest) oddsCostStages() (steps, bytes int, hit *hitStage, maxWounds int) {
	ru := r.resolve()
	sh := ru.shape(r)
	const float = 8
	cells := sh.rows * sh.cols
	steps = ru.attacks * cells * ru.outcomes() // the outcomes of one attack die
	bytes = 2 * cells * float
	if !r.cutChoice(ru) {
		hit = &hitStage{key: ru.hitKey(sh), steps: steps, bytes: bytes}
	} else {
		// The table of normal hits and taken hits per value instead, the
		// cut applied to each cell, and an outcome kept per cell.
		cells, _ = ru.cutShape()
		steps = ru.attacks*cells*ru.outcomes() + cells*4
		bytes = 2*cells*float + cells*(4*float)
	}
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
	if ru.varTaken && !r.cutChoice(ru) { // the hits, apart
		steps += ru.attacks * sh.rows * 6
		bytes += 2 * sh.rows * float
	}
	if r.grouped() {
		// The joint wounds of the attacker and the defender: a power per
		// number of normal hits (each a pass over the joint table per
		// outcome of a defense die), each hit table cell added once, and
		// an allocation per cell. A step of the joint table costs about
		// twice one of the hit table (measured), so it counts twice.
		c := r.startToughness() + 1
		joint := c * c
		steps += 2 * (sh.maxNormal*joint*3 + cells*joint + joint*r.Models)
		bytes += 3*joint*float + cells*3*float + (r.Models+1+len(r.unit))*float
		bytes += 16 << 10 // its notes and their arguments
	}
	return steps, bytes, hit, sh.maxWounds
}

// numberFields are the abilities with a number that the request gives in
// a field of their own, not in the abilities.
var numberFields = map[vocab.Name]string{vocab.Rozprysk: "blast", vocab.Zabojczy: "deadly"}

// attackSchemaOnce is the attack's schema, read for its labels the first
// time a refusal names a field.
var attackSchemaOnce = sync.OnceValue(func() *systems.Schema {
	s, err := systems.CompileSchema(attackSchema)
	if err != nil {
		panic(err) // TestAttackSchemaGenerated keeps it valid
	}
	return s
})

// attackFieldLabel is the argument name of the attack's field at path,
// named by its label (x-labels) in the refusal's language.
func attackFieldLabel(name, path string) l10n.Arg {
	s := attackSchemaOnce()
	return l10n.Label(name, l10n.Texts{En: s.Label(path, l10n.English), Pl: s.Label(path, l10n.Polish), Cs: s.Label(path, l10n.Czech)})
}

// groupFields are the abilities of one model of the target unit that the
// request gives in its groups: Ochroniarz is a hero's.
var groupFields = map[vocab.Name]string{vocab.Ochroniarz: "groups[].bodyguard"}

// knownAbilities is the argument name listing the abilities of the
// vocabulary with an effect on the attack's dice by their names in the
// refusal's language (the rulebook's in Polish): each is accepted in
// every language.
func knownAbilities(name string) l10n.Arg {
	var pl, cs, en []string
	for _, a := range vocab.All {
		if onDice[a.Name] {
			pl, cs, en = append(pl, string(a.Name)), append(cs, a.Cs), append(en, a.En)
		}
	}
	return l10n.Label(name, l10n.Texts{Pl: strings.Join(pl, ", "), Cs: strings.Join(cs, ", "), En: strings.Join(en, ", ")})
}

// resolve works out the attack's mechanics from the request.
func (r *AttackRequest) resolve() rules {
	low, high := r.toughnessRange()
	ru := rules{attacks: r.Attacks, hitNeed: r.Quality, defNeed: r.defenseChosen(), blast: r.Blast,
		woundsPerFail: min(r.Deadly, low), woundsPerFailAtt: min(r.Deadly, high), notes: []l10n.Message{}}
	note := func(m l10n.Message) { ru.notes = append(ru.notes, m) }
	ru.rules = make([]string, 0, 8)
	use := func(ids ...string) { ru.rules = append(ru.rules, ids...) }
	useAbility := func(names ...vocab.Name) {
		for _, n := range names {
			use(vocab.SectionID(n))
		}
	}
	use("quality-d6.atak")
	if r.has(vocab.Niezawodny) {
		useAbility(vocab.Niezawodny)
		ru.hitNeed = 2
		note(noteReliable.New(abilityTerm("ability", vocab.Niezawodny)))
	}
	var doublers []vocab.Name
	for _, d := range []struct {
		name vocab.Name
		on   bool
	}{{vocab.Przewidywalny, r.TargetPinned}, {vocab.Przelamanie, r.TargetOnObjective}, {vocab.Podkrecenie, r.LastRound}} {
		if r.has(d.name) && d.on {
			doublers = append(doublers, d.name)
		}
	}
	if len(doublers) > 0 {
		// Several abilities that double the attacks double them once:
		// "wykonuje podwójną liczbę ataków" sets the number, it does not
		// stack.
		ru.attacks *= 2
		useAbility(doublers...)
		note(noteDoubleAttacks.New(abilityList("abilities", doublers)))
	}
	// Świeży: "Modele w tym oddziale ... wykonują podwójną liczbę ataków",
	// the words of the abilities above: with one of them, still double.
	if r.is(AttackerFresh) {
		use("quality-d6.swiezy")
		if len(doublers) == 0 {
			ru.attacks *= 2
		}
		note(noteFreshAttacker.New(l10n.Term("fresh", termFresh.New())))
	}
	if r.is(TargetFresh) {
		use("quality-d6.swiezy")
		note(noteFreshTarget.New(l10n.Term("fresh", termFresh.New()), l10n.Int("start", r.Models*r.Toughness)))
	}
	switch {
	case !r.has(vocab.Porazenie):
	case !r.Melee:
		note(noteShockRanged.New(abilityTerm("ability", vocab.Porazenie)))
	case r.Shock == ShockDouble:
		useAbility(vocab.Porazenie)
		note(noteShockDouble.New(abilityTerm("ability", vocab.Porazenie), l10n.Term("regroup", termRegroup.New())))
	default:
		note(noteShockPlain.New(abilityTerm("ability", vocab.Porazenie), l10n.Term("regroup", termRegroup.New())))
	}
	if r.Charging && r.has(vocab.Impet) {
		useAbility(vocab.Impet)
		ru.hitMod++
		ru.defMod-- // +1 AP
	}
	if r.AttackerFortified && r.has(vocab.Przygotowanie) {
		useAbility(vocab.Przygotowanie)
		ru.hitMod++
	}
	if r.has(vocab.Podwojny) {
		useAbility(vocab.Podwojny)
		ru.extraOnSix++
		note(noteDoubleSix.New(abilityTerm("ability", vocab.Podwojny)))
	}
	if r.Charging && r.has(vocab.Furia) {
		useAbility(vocab.Furia)
		ru.extraOnSix++
	}
	// Szpica: "Podczas ataku przeciwko oddziałom które nie rozpoczęły
	// swojej aktywacji w tej turze, naturalne 6 dają dodatkowe zwykłe
	// trafienie." One more hit per natural 6, on top of Podwójny and Furia.
	if r.is(TargetNotActivated) && r.has(vocab.Szpica) {
		useAbility(vocab.Szpica)
		ru.extraOnSix++
		note(noteSpearhead.New(abilityTerm("ability", vocab.Szpica)))
	}
	// Ostrożny: "Jeżeli nie ma wrogów w zasięgu 12" od oddziału modelu, +1
	// do rzutów na trafienie."
	if r.is(NoEnemiesWithin12) && r.has(vocab.Ostrozny) {
		useAbility(vocab.Ostrozny)
		ru.hitMod++
	}
	// Other modifiers to hit count before cover asks whether the hit
	// already needs a 6. Namierzanie: "Ignoruje negatywne modyfikatory do
	// trafienia i zasięgu": a negative modifier to hit is dropped (cover's
	// -1 too, below).
	switch {
	case r.HitModifier < 0 && r.has(vocab.Namierzanie):
		useAbility(vocab.Namierzanie)
		note(noteTargetingModifier.New(abilityTerm("ability", vocab.Namierzanie), l10n.Int("modifier", r.HitModifier)))
	default:
		ru.hitMod += r.HitModifier
	}
	if r.Cover {
		use("quality-d6.oslona")
		// Cover: -1 to hit, or +1 to defense when the hit already needs
		// a natural 6 (Namierzanie ignores the -1 to hit).
		switch {
		case hitsOnlyOnSix(ru.hitNeed, ru.hitMod):
			ru.defMod++
			ru.coverAsDef = true
			note(noteCoverAsDefense.New())
		case r.has(vocab.Namierzanie):
			useAbility(vocab.Namierzanie)
			note(noteTargeting.New(abilityTerm("ability", vocab.Namierzanie)))
		default:
			ru.hitMod--
		}
		if r.TerrainCover && r.has(vocab.Okopany) {
			useAbility(vocab.Okopany)
			ru.defMod++
		}
	}
	ap := r.AP
	// Waagh!: "Jeżeli twój oddział ma poniżej połowy początkowej
	// wytrzymałości i nie ma innego przyjaznego oddziału z tą zdolnością w
	// zasięgu 12", twoje ataki mają -1AP, a ataki w ciebie +1AP." The
	// attacker's -1 AP goes below AP(0), as the cost table's AP(-1)
	// column has it: an AP(0) weapon gives the target +1 to defense.
	if r.has(vocab.Waagh) && r.is(AttackerWaagh) {
		useAbility(vocab.Waagh)
		ap--
		note(noteWaaghAttacker.New(abilityTerm("ability", vocab.Waagh)))
	}
	if r.has(vocab.Waagh) && r.is(TargetWaagh) {
		useAbility(vocab.Waagh)
		ap++
		note(noteWaaghTarget.New(abilityTerm("ability", vocab.Waagh)))
	}
	if ap != 0 {
		use("quality-d6.ap-x")
	}
	ru.defMod -= ap
	// Cierpliwy: "Masz +1 do rzutów obrony, jeżeli nie rozpocząłeś swojej
	// aktywacji w tej rundzie."
	if r.is(TargetNotActivated) && r.has(vocab.Cierpliwy) {
		useAbility(vocab.Cierpliwy)
		ru.defMod++
	}
	// Zwrot: "Jeżeli oddział, który go atakuje jest cały w tylnej strefie,
	// otrzymuje -1 do obrony."
	if r.is(FromRear) && r.has(vocab.Zwrot) {
		useAbility(vocab.Zwrot)
		ru.defMod--
	}
	ru.defMod += r.DefenseModifier
	if r.Fortified {
		use("quality-d6.ufortyfikowany")
		ru.defMod++
	}
	if r.has(vocab.Tarcza) && !r.TargetPinned {
		useAbility(vocab.Tarcza)
		ru.defMod++
	}
	for _, n := range []vocab.Name{vocab.Brutalny, vocab.Delikatny, vocab.Niewrazliwy} {
		if r.has(n) {
			useAbility(n)
		}
	}
	switch {
	case r.has(vocab.Brutalny):
		note(noteBrutal.New(abilityTerm("ability", vocab.Brutalny)))
	case r.has(vocab.Delikatny) && r.has(vocab.Niewrazliwy):
		ru.autoDefFaces = []int{5}
	case r.has(vocab.Delikatny):
	case r.has(vocab.Niewrazliwy):
		ru.autoDefFaces = []int{5, 6}
	default:
		ru.autoDefFaces = []int{6}
	}
	if r.Deadly > 1 {
		use("quality-d6.zabojczy-x")
	}
	if r.Blast > 1 {
		use("quality-d6.rozprysk-x")
	}
	if r.has(vocab.Roj) {
		useAbility(vocab.Roj)
		ru.woundsPerFail, ru.woundsPerFailAtt = 1, 1
		note(noteSwarm.New(abilityTerm("ability", vocab.Roj), l10n.Term("deadly", termDeadly.New()), l10n.Term("blast", termBlast.New())))
	} else if r.Deadly > low && low != high {
		note(noteDeadlyGroups.New(l10n.Term("deadly", termDeadly.New()), l10n.Int("x", r.Deadly), l10n.Int("low", ru.woundsPerFail), l10n.Int("high", ru.woundsPerFailAtt)))
	} else if r.Deadly > r.Toughness {
		note(noteDeadlyCapped.New(l10n.Term("deadly", termDeadly.New()), l10n.Int("x", r.Deadly), l10n.Int("n", r.Toughness)))
	}
	if r.Blast > 1 && !r.has(vocab.Roj) {
		blast, x := l10n.Term("blast", termBlast.New()), l10n.Int("x", r.Blast)
		switch r.BlastCap {
		case BlastTotal:
			note(noteBlastTotal.New(blast, x, l10n.Int("models", r.Models)))
		case BlastLiteral:
			note(noteBlastLiteral.New(blast, x, l10n.Int("models", r.Models)))
		default:
			note(noteBlastPerHit.New(blast, x, l10n.Int("per", min(r.Blast, r.Models))))
		}
	}
	if r.has(vocab.Dezintegracja) {
		useAbility(vocab.Dezintegracja)
		ru.autoOnSix = true
		note(noteDisintegrate.New(abilityTerm("ability", vocab.Dezintegracja), l10n.Term("blast", termBlast.New())))
	}
	if r.has(vocab.Przebijajaca) {
		useAbility(vocab.Przebijajaca)
		ru.piercing = true
		note(notePiercing.New(abilityTerm("ability", vocab.Przebijajaca)))
	}
	ru.precise = r.has(vocab.Precyzyjny)
	if ru.precise {
		useAbility(vocab.Precyzyjny)
	}
	if ru.precise && !r.grouped() {
		note(notePrecise.New(abilityTerm("ability", vocab.Precyzyjny)))
	}
	// Finezja: "Wynik udanego rzutu na trafienie możesz traktować jak wynik
	// rzutu na obronę." The attacker takes the hit die as the defense die
	// when that deals more wounds than a defense roll would on average
	// (with one wound per failed defense: whenever the face fails).
	if r.has(vocab.Finezja) {
		useAbility(vocab.Finezja)
		ru.finesse = true
		note(noteFinesse.New(abilityTerm("ability", vocab.Finezja), l10n.Term("blast", termBlast.New())))
	}
	// Finezja with Przebijająca: "Każde trafienie zadaje liczbę ran równą
	// wynikowi kostki obrony", and the taken hit die is the defense die,
	// so a taken hit deals its face in wounds; the attacker takes the die
	// when its face deals more than a defense roll would on average.
	if ru.finesse && ru.piercing {
		ru.varTaken = true
		note(noteFinessePiercing.New(abilityTerm("finesse", vocab.Finezja), abilityTerm("piercing", vocab.Przebijajaca)))
		if r.cutChoice(ru) {
			note(noteFinessePiercingCut.New(abilityTerm("finesse", vocab.Finezja), abilityTerm("piercing", vocab.Przebijajaca),
				l10n.Term("blast", termBlast.New())))
		}
	}
	// The wounds of a natural 1 on defense are the attacker's to
	// allocate unless the defense needs 2+ ("Jeżeli wynik wynosił 1, a
	// trudność nie wynosiła 2+"): the difficulty is the face the roll
	// needs after its modifiers.
	ru.attackerOnes = ru.defNeed-ru.defMod > 2
	use("quality-d6.rany", "quality-d6.przegrupowanie")
	if r.grouped() {
		use("quality-d6.bohater")
		r.groupNotes(ru, note)
	}
	if r.has(vocab.Nieustraszony) {
		useAbility(vocab.Nieustraszony)
		note(noteFearless.New(abilityTerm("ability", vocab.Nieustraszony), l10n.Term("regroup", termRegroup.New())))
	}
	if r.has(vocab.Stracenczy) {
		useAbility(vocab.Stracenczy)
		note(noteReckless.New(abilityTerm("ability", vocab.Stracenczy), l10n.Term("regroup", termRegroup.New())))
	}
	if r.TargetQuality > 0 && !r.has(vocab.Stracenczy) {
		use("quality-d6.wyczerpany", "quality-d6.przyszpilony")
		note(noteRegroupOutcome.New(l10n.Term("regroup", termRegroup.New())))
	}
	var other []vocab.Name
	for _, name := range r.Abilities {
		a, _ := vocab.Lookup(name)
		if !onDice[a.Name] && !slices.Contains(other, a.Name) {
			other = append(other, a.Name)
			note(noteNoEffect.New(abilityTerm("ability", a.Name)))
		}
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
	if r.has(vocab.Roj) {
		return hits * ru.blast
	}
	switch r.BlastCap {
	case BlastPerHit:
		return hits * min(ru.blast, r.Models)
	case BlastLiteral:
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
	}
	extra := 0
	if face == 6 {
		extra = ru.extraOnSix
	}
	if ru.finesse && ru.takesHitDie(face) {
		return extra, 1
	}
	return 1 + extra, 0
}

// outcomes counts the different (normal, automatic) hits one attack die
// can give: three at most without Finezja, up to five with it.
func (ru rules) outcomes() int {
	var seen [][2]int
	for face := 1; face <= 6; face++ {
		n, a := ru.hitsFrom(face)
		if !slices.Contains(seen, [2]int{n, a}) {
			seen = append(seen, [2]int{n, a})
		}
	}
	return len(seen)
}

// takesHitDie reports whether Finezja takes a hit die of this face as the
// hit's defense die: when it deals more wounds than the mean of a roll.
func (ru rules) takesHitDie(face int) bool {
	sum := 0
	for f := 1; f <= 6; f++ {
		sum += ru.woundsOf(f)
	}
	return 6*ru.woundsOf(face) > sum
}

// splitHits applies Rozprysk to normal and automatic hits. When the cap
// cuts hits, normal hits go first.
func (r *AttackRequest) splitHits(normal, auto int, ru rules) (int, int) {
	total := r.effectiveHits(normal+auto, ru)
	perHit := 1
	switch {
	case ru.blast <= 1:
	case r.BlastCap == BlastPerHit && !r.has(vocab.Roj):
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
		return ru.perFail(ru.precise)
	case ru.saved(face):
		return 0
	case ru.piercing:
		return face
	}
	return ru.perFail(ru.attackerAllocates(face))
}

// perFail is the wounds of a failed defense, by who allocates them.
func (ru rules) perFail(attacker bool) int {
	if attacker {
		return ru.woundsPerFailAtt
	}
	return ru.woundsPerFail
}

// attackerAllocates reports whether the attacker allocates the wounds of
// a defense die of this face (0: a hit with no defense roll).
func (ru rules) attackerAllocates(face int) bool {
	return ru.precise || face == 1 && ru.attackerOnes
}

// autoWoundsOf is the wounds of the hit with no defense roll that an
// attack die of this face gives (0 if none): Dezintegracja's natural 6,
// or the hit die Finezja takes.
func (ru rules) autoWoundsOf(face int) int {
	if _, auto := ru.hitsFrom(face); auto == 0 {
		return 0
	}
	if face == 6 && ru.autoOnSix {
		return ru.woundsOf(0)
	}
	return ru.woundsOf(face)
}

// maxAutoWounds is the most wounds of one hit with no defense roll.
func (ru rules) maxAutoWounds() int {
	m := 0
	for face := 1; face <= 6; face++ {
		m = max(m, ru.autoWoundsOf(face))
	}
	return m
}

// allocate turns total wounds into models killed and wounds left on the
// unit: the defender must remove a model for every full toughness. A
// Świeży target loses none: "Modele w tym oddziale nie mogą zostać
// pokonane. Gdy oddział ma więcej ran niż suma jego wytrzymałości,
// odrzuć wszystkie rany i ten stan" (lost).
func (r *AttackRequest) allocate(wounds int) (killed, left int, lost bool) {
	if r.is(TargetFresh) {
		if wounds > r.Models*r.Toughness {
			return 0, 0, true
		}
		return 0, wounds, false
	}
	killed = min(r.Models, wounds/r.Toughness)
	if killed == r.Models {
		return killed, 0, false
	}
	return killed, wounds - killed*r.Toughness, false
}

// shocks reports whether the request's wounds are Porażenie's that count
// double for the regroup test: a melee attack, read as ShockDouble.
func (r *AttackRequest) shocks() bool {
	return r.has(vocab.Porazenie) && r.Melee && r.Shock == ShockDouble
}

// regroupTests is how many Przegrupowanie Quality tests the unit takes:
// one if it took more wounds than it dealt, one more at half its starting
// toughness or less, one more after melee. A destroyed unit takes none.
// The unit is taken to start the attack unwounded. wounds are the wounds
// it took as counted against those it dealt (Porażenie's twice).
func (r *AttackRequest) regroupTests(wounds, killed, left int) int {
	return r.regroupTestsLeft(wounds, killed == r.Models, (r.Models-killed)*r.Toughness-left)
}

// regroupTestsLeft is regroupTests for a unit with remaining toughness
// left of its starting toughness.
func (r *AttackRequest) regroupTestsLeft(wounds int, destroyed bool, remaining int) int {
	if destroyed || wounds <= r.WoundsDealtBack {
		return 0
	}
	n := 1
	aboveHalf := 2*remaining > r.startToughness()
	// Nieustraszony: "Nie testuje przegrupowania, gdy oddział jest powyżej
	// połowy początkowej wytrzymałości."
	if aboveHalf && r.has(vocab.Nieustraszony) {
		return 0
	}
	if !aboveHalf {
		n++
	}
	if r.Melee {
		n++
	}
	return n
}

// abilityTerm is an argument naming an ability (by its rulebook name) in
// the answer's language.
func abilityTerm(arg string, name vocab.Name) l10n.Arg {
	return l10n.Term(arg, abilityTerms[name].New())
}

// abilityTerms name every ability of the vocabulary: the rulebook's
// Polish name in Polish, its Czech translation in Czech, the English name
// in English (see package ability).
var abilityTerms = func() map[vocab.Name]*l10n.Def {
	m := map[vocab.Name]*l10n.Def{}
	for _, a := range vocab.All {
		m[a.Name] = term("ability."+vocab.Key(a.En), string(a.Name), a.Cs, a.En)
	}
	return m
}()

// abilityList names several abilities in the answer's language.
func abilityList(arg string, names []vocab.Name) l10n.Arg {
	defs := make([]l10n.Arg, len(names))
	for i, n := range names {
		defs[i] = abilityTerm("a"+strconv.Itoa(i), n)
	}
	return l10n.Term(arg, listOf(defs))
}
