package cost

import (
	"strings"
	"unicode"

	"kostka/fold"
)

// Kinds of abilities, by where the cost rules use them.
const (
	weaponAbility = iota // on a weapon: hit chance, ability modifier
	modelAbility         // on a model: passive table, defense, morale, hit chance
	auraAbility          // a priced aura or active ability (fixed cost)
	paramAbility         // takes another ability as X: Aura, Rozkaz, Oznaczenie, Klątwa, Mistrzostwo
	numberAbility        // takes a number as X: Mag, Transport, Rozprysk, Zabójczy
)

// abilityInfo is one ability the cost rules know.
type abilityInfo struct {
	name    string // canonical, as the rulebook spells it
	kind    int
	aliases []string // English names and other spellings
}

var abilityList = []abilityInfo{
	// Weapon abilities.
	{"Rozprysk", numberAbility, []string{"Blast"}},
	{"Zabójczy", numberAbility, []string{"Deadly"}},
	{"Niebezpośredni", weaponAbility, []string{"Indirect", "Niebezpieędni"}},
	{"Impet", weaponAbility, []string{"Impact", "Lance"}},
	{"Namierzanie", weaponAbility, []string{"Namierzenie", "Lock-on", "Targeting"}},
	{"Niezawodny", weaponAbility, []string{"Reliable"}},
	{"Precyzyjny", weaponAbility, []string{"Precise", "Sniper", "Przeciwny"}},
	{"Szturmowa", weaponAbility, []string{"Assault", "Szturmowy"}},
	{"Podwójny", weaponAbility, []string{"Double", "Rending"}},
	{"Brutalny", weaponAbility, []string{"Brutal"}},
	{"Nieporęczny", weaponAbility, []string{"Unwieldy"}},
	{"Artyleria", weaponAbility, []string{"Artillery"}},
	{"Przebijająca", weaponAbility, []string{"Piercing", "Przebijający"}},
	{"Przełamanie", weaponAbility, []string{"Breakthrough", "Przetamianie"}},
	{"Przewidywalny", weaponAbility, []string{"Predictable"}},
	{"Podkręcenie", weaponAbility, []string{"Overcharge", "Overdrive"}},
	{"Porażenie", weaponAbility, []string{"Shock"}},
	{"Zguba", weaponAbility, []string{"Bane"}},
	{"Dezintegracja", weaponAbility, []string{"Disintegrate"}},
	{"Zużywalny", weaponAbility, []string{"Limited", "Single use"}},
	{"Finezja", weaponAbility, []string{"Finesse"}},
	{"Sterowany", weaponAbility, []string{"Guided"}},
	// Model abilities.
	{"Bohater", modelAbility, []string{"Hero"}},
	{"Zasadzka", modelAbility, []string{"Ambush"}},
	{"Zwiadowca", modelAbility, []string{"Scout"}},
	{"Szybki", modelAbility, []string{"Fast"}},
	{"Wolny", modelAbility, []string{"Slow"}},
	{"Harcownik", modelAbility, []string{"Skirmisher"}},
	{"Nieruchomy", modelAbility, []string{"Immobile"}},
	{"Zwinny", modelAbility, []string{"Agile", "Strider"}},
	{"Niezgrabny", modelAbility, []string{"Clumsy"}},
	{"Latający", modelAbility, []string{"Flying", "Flyer"}},
	{"Samolot", modelAbility, []string{"Aircraft"}},
	{"Nieustraszony", modelAbility, []string{"Fearless"}},
	{"Straceńczy", modelAbility, []string{"Straceńcy", "Reckless"}},
	{"Furia", modelAbility, []string{"Furious", "Fury"}},
	{"Przygotowanie", modelAbility, []string{"Prepared", "Steady"}},
	{"Ostrożny", modelAbility, []string{"Cautious"}},
	{"Kontra", modelAbility, []string{"Counter"}},
	{"Regeneracja", modelAbility, []string{"Regeneration"}},
	{"Niewrażliwy", modelAbility, []string{"Resistant"}},
	{"Maskowanie", modelAbility, []string{"Stealth", "Camouflage"}},
	{"Parowanie", modelAbility, []string{"Parry"}},
	{"Tarcza", modelAbility, []string{"Shield"}},
	{"Okopany", modelAbility, []string{"Entrenched"}},
	{"Zdobycia", modelAbility, []string{"Capture"}},
	{"Dobrze strzela", modelAbility, []string{"Good shot"}},
	{"Źle strzela", modelAbility, []string{"Bad shot"}},
	{"Delikatny", modelAbility, []string{"Fragile", "Delicate"}},
	{"Zemsta", modelAbility, []string{"Vengeance", "Revenge"}},
	{"Instynkt", modelAbility, []string{"Instinct"}},
	{"Dywersant", modelAbility, []string{"Saboteur", "Dywerański", "Dywerysant"}},
	{"Rezerwa", modelAbility, []string{"Reserve"}},
	{"Wrak", modelAbility, []string{"Wreck"}},
	{"Rój", modelAbility, []string{"Swarm"}},
	{"Zwrot", modelAbility, []string{"Facing"}},
	{"Wysoki", modelAbility, []string{"Tall"}},
	{"Strażnik", modelAbility, []string{"Overwatch", "Guard"}},
	{"Ochroniarz", modelAbility, []string{"Bodyguard"}},
	{"Niestrudzony", modelAbility, []string{"Relentless", "Tireless"}},
	{"Bastion", modelAbility, []string{"Bastion"}},
	{"Waagh!", modelAbility, []string{"Waagh"}},
	{"Szpica", modelAbility, []string{"Spearhead"}},
	{"Cierpliwy", modelAbility, []string{"Patient"}},
	{"Odrodzenie", modelAbility, []string{"Rebirth", "Resurrection"}},
	{"Odwody", modelAbility, []string{"Reserves"}},
	// Priced auras and active abilities.
	{"Spaczenie", auraAbility, []string{"Warp", "Szaczenie"}},
	{"Ociężałość", auraAbility, []string{"Sluggishness", "Ocieężałość"}},
	{"Radio", auraAbility, nil},
	{"Męczennik", auraAbility, []string{"Martyr"}},
	{"Łatanie", auraAbility, []string{"Repair"}},
	// Abilities with X.
	{"Mag", numberAbility, []string{"Caster", "Wizard"}},
	{"Transport", numberAbility, nil},
	{"Aura", paramAbility, nil},
	{"Rozkaz", paramAbility, []string{"Order"}},
	{"Oznaczenie", paramAbility, []string{"Mark", "Spotter"}},
	{"Klątwa", paramAbility, []string{"Curse"}},
	{"Mistrzostwo", paramAbility, []string{"Mastery"}},
}

// abilityByKey finds abilities by key (see key), Polish and English.
var abilityByKey = func() map[string]*abilityInfo {
	m := map[string]*abilityInfo{}
	for i := range abilityList {
		a := &abilityList[i]
		m[key(a.name)] = a
		for _, alias := range a.aliases {
			m[key(alias)] = a
		}
	}
	return m
}()

// key is the form names are compared in: letters only, lowercase, no
// diacritics. "Nieporęczny" and "nieporeczny" are one key.
func key(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(fold.String(s)) {
		if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
