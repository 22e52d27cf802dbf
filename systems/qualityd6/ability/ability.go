// Package ability is the quality-d6 rulebook's one vocabulary of abilities
// (seed 001, "Zdolności"): every ability's rulebook (Polish) name as a Go
// constant, its English name and the other spellings players write, and
// where the cost rules use it. The attack and the points cost both look
// names up here, so a name one accepts the other accepts too; Polish,
// English and diacritic-free spellings are one key.
package ability

import (
	"strings"
	"unicode"

	"kostka/fold"
)

// Name is an ability's rulebook name, as seed 001 spells it.
type Name string

// Kind says where the cost rules use an ability.
type Kind int

// Kinds of abilities.
const (
	Weapon Kind = iota // on a weapon: hit chance, ability modifier
	Model              // on a model: passive table, defense, morale, hit chance
	Priced             // a priced aura or active ability (fixed cost)
	Param              // takes another ability as X: Aura, Rozkaz, Oznaczenie, Klątwa, Mistrzostwo
	Number             // takes a number as X: Mag, Transport, Rozprysk, Zabójczy
)

// The abilities of seed 001.
const (
	Rozprysk       Name = "Rozprysk"
	Zabojczy       Name = "Zabójczy"
	Niebezposredni Name = "Niebezpośredni"
	Impet          Name = "Impet"
	Namierzanie    Name = "Namierzanie"
	Niezawodny     Name = "Niezawodny"
	Precyzyjny     Name = "Precyzyjny"
	Szturmowa      Name = "Szturmowa"
	Podwojny       Name = "Podwójny"
	Brutalny       Name = "Brutalny"
	Nieporeczny    Name = "Nieporęczny"
	Artyleria      Name = "Artyleria"
	Przebijajaca   Name = "Przebijająca"
	Przelamanie    Name = "Przełamanie"
	Przewidywalny  Name = "Przewidywalny"
	Podkrecenie    Name = "Podkręcenie"
	Porazenie      Name = "Porażenie"
	Zguba          Name = "Zguba"
	Dezintegracja  Name = "Dezintegracja"
	Zuzywalny      Name = "Zużywalny"
	Finezja        Name = "Finezja"
	Sterowany      Name = "Sterowany"
	Bohater        Name = "Bohater"
	Zasadzka       Name = "Zasadzka"
	Zwiadowca      Name = "Zwiadowca"
	Szybki         Name = "Szybki"
	Wolny          Name = "Wolny"
	Harcownik      Name = "Harcownik"
	Nieruchomy     Name = "Nieruchomy"
	Zwinny         Name = "Zwinny"
	Niezgrabny     Name = "Niezgrabny"
	Latajacy       Name = "Latający"
	Samolot        Name = "Samolot"
	Nieustraszony  Name = "Nieustraszony"
	Stracenczy     Name = "Straceńczy"
	Furia          Name = "Furia"
	Przygotowanie  Name = "Przygotowanie"
	Ostrozny       Name = "Ostrożny"
	Kontra         Name = "Kontra"
	Regeneracja    Name = "Regeneracja"
	Niewrazliwy    Name = "Niewrażliwy"
	Maskowanie     Name = "Maskowanie"
	Parowanie      Name = "Parowanie"
	Tarcza         Name = "Tarcza"
	Okopany        Name = "Okopany"
	Zdobycia       Name = "Zdobycia"
	DobrzeStrzela  Name = "Dobrze strzela"
	ZleStrzela     Name = "Źle strzela"
	Delikatny      Name = "Delikatny"
	Zemsta         Name = "Zemsta"
	Instynkt       Name = "Instynkt"
	Dywersant      Name = "Dywersant"
	Rezerwa        Name = "Rezerwa"
	Wrak           Name = "Wrak"
	Roj            Name = "Rój"
	Zwrot          Name = "Zwrot"
	Wysoki         Name = "Wysoki"
	Straznik       Name = "Strażnik"
	Ochroniarz     Name = "Ochroniarz"
	Niestrudzony   Name = "Niestrudzony"
	Bastion        Name = "Bastion"
	Waagh          Name = "Waagh!"
	Szpica         Name = "Szpica"
	Cierpliwy      Name = "Cierpliwy"
	Odrodzenie     Name = "Odrodzenie"
	Odwody         Name = "Odwody"
	Spaczenie      Name = "Spaczenie"
	Ociezalosc     Name = "Ociężałość"
	Radio          Name = "Radio"
	Meczennik      Name = "Męczennik"
	Latanie        Name = "Łatanie"
	Mag            Name = "Mag"
	Transport      Name = "Transport"
	Aura           Name = "Aura"
	Rozkaz         Name = "Rozkaz"
	Oznaczenie     Name = "Oznaczenie"
	Klatwa         Name = "Klątwa"
	Mistrzostwo    Name = "Mistrzostwo"
)

// Info is one ability of the vocabulary.
type Info struct {
	Name    Name
	En      string   // its English name, shown in English answers
	Kind    Kind     // where the cost rules use it
	Aliases []string // other spellings accepted: English synonyms, the seed's misspellings
}

// All is the vocabulary, in the rulebook's order of weapon, model, priced
// and parametrized abilities.
var All = []*Info{
	{Name: Rozprysk, En: "Blast", Kind: Number},
	{Name: Zabojczy, En: "Deadly", Kind: Number},
	{Name: Niebezposredni, En: "Indirect", Kind: Weapon, Aliases: []string{"Niebezpieędni"}},
	{Name: Impet, En: "Impact", Kind: Weapon, Aliases: []string{"Lance"}},
	{Name: Namierzanie, En: "Targeting", Kind: Weapon, Aliases: []string{"Namierzenie", "Lock-on"}},
	{Name: Niezawodny, En: "Reliable", Kind: Weapon},
	{Name: Precyzyjny, En: "Precise", Kind: Weapon, Aliases: []string{"Sniper", "Przeciwny"}},
	{Name: Szturmowa, En: "Assault", Kind: Weapon, Aliases: []string{"Szturmowy"}},
	{Name: Podwojny, En: "Double", Kind: Weapon, Aliases: []string{"Rending"}},
	{Name: Brutalny, En: "Brutal", Kind: Weapon},
	{Name: Nieporeczny, En: "Unwieldy", Kind: Weapon},
	{Name: Artyleria, En: "Artillery", Kind: Weapon},
	{Name: Przebijajaca, En: "Piercing", Kind: Weapon, Aliases: []string{"Przebijający"}},
	{Name: Przelamanie, En: "Breakthrough", Kind: Weapon, Aliases: []string{"Przetamianie"}},
	{Name: Przewidywalny, En: "Predictable", Kind: Weapon},
	{Name: Podkrecenie, En: "Overdrive", Kind: Weapon, Aliases: []string{"Overcharge"}},
	{Name: Porazenie, En: "Shock", Kind: Weapon},
	{Name: Zguba, En: "Bane", Kind: Weapon},
	{Name: Dezintegracja, En: "Disintegrate", Kind: Weapon},
	{Name: Zuzywalny, En: "Limited", Kind: Weapon, Aliases: []string{"Single use"}},
	{Name: Finezja, En: "Finesse", Kind: Weapon},
	{Name: Sterowany, En: "Guided", Kind: Weapon},
	{Name: Bohater, En: "Hero", Kind: Model},
	{Name: Zasadzka, En: "Ambush", Kind: Model},
	{Name: Zwiadowca, En: "Scout", Kind: Model},
	{Name: Szybki, En: "Fast", Kind: Model},
	{Name: Wolny, En: "Slow", Kind: Model},
	{Name: Harcownik, En: "Skirmisher", Kind: Model},
	{Name: Nieruchomy, En: "Immobile", Kind: Model},
	{Name: Zwinny, En: "Agile", Kind: Model, Aliases: []string{"Strider"}},
	{Name: Niezgrabny, En: "Clumsy", Kind: Model},
	{Name: Latajacy, En: "Flying", Kind: Model, Aliases: []string{"Flyer"}},
	{Name: Samolot, En: "Aircraft", Kind: Model},
	{Name: Nieustraszony, En: "Fearless", Kind: Model},
	{Name: Stracenczy, En: "Reckless", Kind: Model, Aliases: []string{"Straceńcy"}},
	{Name: Furia, En: "Furious", Kind: Model, Aliases: []string{"Fury"}},
	{Name: Przygotowanie, En: "Prepared", Kind: Model, Aliases: []string{"Steady"}},
	{Name: Ostrozny, En: "Cautious", Kind: Model},
	{Name: Kontra, En: "Counter", Kind: Model},
	{Name: Regeneracja, En: "Regeneration", Kind: Model},
	{Name: Niewrazliwy, En: "Resistant", Kind: Model},
	{Name: Maskowanie, En: "Stealth", Kind: Model, Aliases: []string{"Camouflage"}},
	{Name: Parowanie, En: "Parry", Kind: Model},
	{Name: Tarcza, En: "Shield", Kind: Model},
	{Name: Okopany, En: "Entrenched", Kind: Model},
	{Name: Zdobycia, En: "Capture", Kind: Model},
	{Name: DobrzeStrzela, En: "Good shot", Kind: Model},
	{Name: ZleStrzela, En: "Bad shot", Kind: Model},
	{Name: Delikatny, En: "Delicate", Kind: Model, Aliases: []string{"Fragile"}},
	{Name: Zemsta, En: "Vengeance", Kind: Model, Aliases: []string{"Revenge"}},
	{Name: Instynkt, En: "Instinct", Kind: Model},
	{Name: Dywersant, En: "Saboteur", Kind: Model, Aliases: []string{"Dywerański", "Dywerysant"}},
	{Name: Rezerwa, En: "Reserve", Kind: Model},
	{Name: Wrak, En: "Wreck", Kind: Model},
	{Name: Roj, En: "Swarm", Kind: Model},
	{Name: Zwrot, En: "Facing", Kind: Model},
	{Name: Wysoki, En: "Tall", Kind: Model},
	{Name: Straznik, En: "Overwatch", Kind: Model, Aliases: []string{"Guard"}},
	{Name: Ochroniarz, En: "Bodyguard", Kind: Model},
	{Name: Niestrudzony, En: "Relentless", Kind: Model, Aliases: []string{"Tireless"}},
	{Name: Bastion, En: "Bastion", Kind: Model},
	{Name: Waagh, En: "Waagh!", Kind: Model},
	{Name: Szpica, En: "Spearhead", Kind: Model},
	{Name: Cierpliwy, En: "Patient", Kind: Model},
	{Name: Odrodzenie, En: "Rebirth", Kind: Model, Aliases: []string{"Resurrection"}},
	{Name: Odwody, En: "Reserves", Kind: Model},
	{Name: Spaczenie, En: "Warp", Kind: Priced, Aliases: []string{"Szaczenie"}},
	{Name: Ociezalosc, En: "Sluggishness", Kind: Priced, Aliases: []string{"Ocieężałość"}},
	{Name: Radio, En: "Radio", Kind: Priced},
	{Name: Meczennik, En: "Martyr", Kind: Priced},
	{Name: Latanie, En: "Repair", Kind: Priced},
	{Name: Mag, En: "Caster", Kind: Number, Aliases: []string{"Wizard"}},
	{Name: Transport, En: "Transport", Kind: Number},
	{Name: Aura, En: "Aura", Kind: Param},
	{Name: Rozkaz, En: "Order", Kind: Param},
	{Name: Oznaczenie, En: "Mark", Kind: Param, Aliases: []string{"Spotter"}},
	{Name: Klatwa, En: "Curse", Kind: Param},
	{Name: Mistrzostwo, En: "Mastery", Kind: Param},
}

var (
	byKey  = map[string]*Info{}
	byName = map[Name]*Info{}
)

func init() {
	for _, a := range All {
		byName[a.Name] = a
		for _, s := range append([]string{string(a.Name), a.En}, a.Aliases...) {
			k := Key(s)
			if other, dup := byKey[k]; dup && other != a {
				panic("ability: " + s + " names both " + string(other.Name) + " and " + string(a.Name))
			}
			byKey[k] = a
		}
	}
}

// Lookup finds an ability by any accepted spelling: the rulebook's, the
// English name, an alias, with or without diacritics, in any case. A
// parameter in brackets, "Rozprysk(3)", is not part of the name.
func Lookup(s string) (*Info, bool) {
	s, _, _ = strings.Cut(s, "(")
	a, ok := byKey[Key(s)]
	return a, ok
}

// Of returns a vocabulary entry by its constant. It panics on a Name that
// is not in the vocabulary, which only a programming error can give.
func Of(n Name) *Info {
	a, ok := byName[n]
	if !ok {
		panic("ability: unknown name " + string(n))
	}
	return a
}

// Key is the form names are compared in: letters only, lowercase, no
// diacritics. "Nieporęczny", "nieporeczny" and "NIEPORĘCZNY" are one key.
func Key(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(fold.String(s)) {
		if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
