// Package ability is the quality-d6 rulebook's one vocabulary of abilities
// (seed 001, "Zdolności"): every ability's rulebook (Polish) name as a Go
// constant, its English name and the other spellings players write, and
// where the cost rules use it. The attack and the points cost both look
// names up here, so a name one accepts the other accepts too; Polish,
// Czech, English and diacritic-free spellings are one key.
//
// Names in answers: Polish answers use the rulebook's Polish name, Czech
// answers a Czech translation of it (Info.Cs: Rozprysk is Rozptyl,
// Namierzanie is Zaměřování), English answers the English name. A name is
// never given twice in one answer ("Rozptyl (Rozprysk)"): a Czech player
// whose card reads the Polish name may type it, and the schema's
// x-enum-labels pair each Czech label with the Polish value sent.
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
	Cs      string   // its Czech name, shown in Czech answers (see the package doc)
	Kind    Kind     // where the cost rules use it
	Aliases []string // other spellings accepted: English synonyms, the seed's misspellings
}

// All is the vocabulary, in the rulebook's order of weapon, model, priced
// and parametrized abilities.
var All = []*Info{
	{Name: Rozprysk, En: "Blast", Cs: "Rozptyl", Kind: Number},
	{Name: Zabojczy, En: "Deadly", Cs: "Smrtící", Kind: Number},
	{Name: Niebezposredni, En: "Indirect", Cs: "Nepřímý", Kind: Weapon, Aliases: []string{"Niebezpieędni"}},
	{Name: Impet, En: "Impact", Cs: "Nápor", Kind: Weapon, Aliases: []string{"Lance"}},
	{Name: Namierzanie, En: "Targeting", Cs: "Zaměřování", Kind: Weapon, Aliases: []string{"Namierzenie", "Lock-on"}},
	{Name: Niezawodny, En: "Reliable", Cs: "Spolehlivý", Kind: Weapon},
	{Name: Precyzyjny, En: "Precise", Cs: "Přesný", Kind: Weapon, Aliases: []string{"Sniper", "Przeciwny"}},
	{Name: Szturmowa, En: "Assault", Cs: "Útočná", Kind: Weapon, Aliases: []string{"Szturmowy"}},
	{Name: Podwojny, En: "Double", Cs: "Dvojitý", Kind: Weapon, Aliases: []string{"Rending"}},
	{Name: Brutalny, En: "Brutal", Cs: "Brutální", Kind: Weapon},
	{Name: Nieporeczny, En: "Unwieldy", Cs: "Neskladný", Kind: Weapon},
	{Name: Artyleria, En: "Artillery", Cs: "Dělostřelectvo", Kind: Weapon},
	{Name: Przebijajaca, En: "Piercing", Cs: "Průrazná", Kind: Weapon, Aliases: []string{"Przebijający"}},
	{Name: Przelamanie, En: "Breakthrough", Cs: "Průlom", Kind: Weapon, Aliases: []string{"Przetamianie"}},
	{Name: Przewidywalny, En: "Predictable", Cs: "Předvídatelný", Kind: Weapon},
	{Name: Podkrecenie, En: "Overdrive", Cs: "Přetížení", Kind: Weapon, Aliases: []string{"Overcharge"}},
	{Name: Porazenie, En: "Shock", Cs: "Ochromení", Kind: Weapon},
	{Name: Zguba, En: "Bane", Cs: "Zhouba", Kind: Weapon},
	{Name: Dezintegracja, En: "Disintegrate", Cs: "Dezintegrace", Kind: Weapon},
	{Name: Zuzywalny, En: "Limited", Cs: "Spotřební", Kind: Weapon, Aliases: []string{"Single use"}},
	{Name: Finezja, En: "Finesse", Cs: "Finesa", Kind: Weapon},
	{Name: Sterowany, En: "Guided", Cs: "Naváděný", Kind: Weapon},
	{Name: Bohater, En: "Hero", Cs: "Hrdina", Kind: Model},
	{Name: Zasadzka, En: "Ambush", Cs: "Přepadení", Kind: Model},
	{Name: Zwiadowca, En: "Scout", Cs: "Průzkumník", Kind: Model},
	{Name: Szybki, En: "Fast", Cs: "Rychlý", Kind: Model},
	{Name: Wolny, En: "Slow", Cs: "Pomalý", Kind: Model},
	{Name: Harcownik, En: "Skirmisher", Cs: "Harcovník", Kind: Model},
	{Name: Nieruchomy, En: "Immobile", Cs: "Nehybný", Kind: Model},
	{Name: Zwinny, En: "Agile", Cs: "Hbitý", Kind: Model, Aliases: []string{"Strider"}},
	{Name: Niezgrabny, En: "Clumsy", Cs: "Nemotorný", Kind: Model},
	{Name: Latajacy, En: "Flying", Cs: "Létající", Kind: Model, Aliases: []string{"Flyer"}},
	{Name: Samolot, En: "Aircraft", Cs: "Letoun", Kind: Model},
	{Name: Nieustraszony, En: "Fearless", Cs: "Nebojácný", Kind: Model},
	{Name: Stracenczy, En: "Reckless", Cs: "Sebevražedný", Kind: Model, Aliases: []string{"Straceńcy"}},
	{Name: Furia, En: "Furious", Cs: "Zuřivost", Kind: Model, Aliases: []string{"Fury"}},
	{Name: Przygotowanie, En: "Prepared", Cs: "Připravenost", Kind: Model, Aliases: []string{"Steady"}},
	{Name: Ostrozny, En: "Cautious", Cs: "Opatrný", Kind: Model},
	{Name: Kontra, En: "Counter", Cs: "Protiútok", Kind: Model},
	{Name: Regeneracja, En: "Regeneration", Cs: "Regenerace", Kind: Model},
	{Name: Niewrazliwy, En: "Resistant", Cs: "Odolný", Kind: Model},
	{Name: Maskowanie, En: "Stealth", Cs: "Maskování", Kind: Model, Aliases: []string{"Camouflage"}},
	{Name: Parowanie, En: "Parry", Cs: "Krytí", Kind: Model},
	{Name: Tarcza, En: "Shield", Cs: "Štít", Kind: Model},
	{Name: Okopany, En: "Entrenched", Cs: "Zakopaný", Kind: Model},
	{Name: Zdobycia, En: "Capture", Cs: "Dobývání", Kind: Model},
	{Name: DobrzeStrzela, En: "Good shot", Cs: "Dobře střílí", Kind: Model},
	{Name: ZleStrzela, En: "Bad shot", Cs: "Špatně střílí", Kind: Model},
	{Name: Delikatny, En: "Delicate", Cs: "Křehký", Kind: Model, Aliases: []string{"Fragile"}},
	{Name: Zemsta, En: "Vengeance", Cs: "Pomsta", Kind: Model, Aliases: []string{"Revenge"}},
	{Name: Instynkt, En: "Instinct", Cs: "Instinkt", Kind: Model},
	{Name: Dywersant, En: "Saboteur", Cs: "Diverzant", Kind: Model, Aliases: []string{"Dywerański", "Dywerysant"}},
	{Name: Rezerwa, En: "Reserve", Cs: "Záloha", Kind: Model},
	{Name: Wrak, En: "Wreck", Cs: "Vrak", Kind: Model},
	{Name: Roj, En: "Swarm", Cs: "Roj", Kind: Model},
	{Name: Zwrot, En: "Facing", Cs: "Obrat", Kind: Model},
	{Name: Wysoki, En: "Tall", Cs: "Vysoký", Kind: Model},
	{Name: Straznik, En: "Overwatch", Cs: "Strážce", Kind: Model, Aliases: []string{"Guard"}},
	{Name: Ochroniarz, En: "Bodyguard", Cs: "Osobní strážce", Kind: Model},
	{Name: Niestrudzony, En: "Relentless", Cs: "Neúnavný", Kind: Model, Aliases: []string{"Tireless"}},
	{Name: Bastion, En: "Bastion", Cs: "Bastion", Kind: Model},
	{Name: Waagh, En: "Waagh!", Cs: "Waagh!", Kind: Model},
	{Name: Szpica, En: "Spearhead", Cs: "Hrot", Kind: Model},
	{Name: Cierpliwy, En: "Patient", Cs: "Trpělivý", Kind: Model},
	{Name: Odrodzenie, En: "Rebirth", Cs: "Znovuzrození", Kind: Model, Aliases: []string{"Resurrection"}},
	{Name: Odwody, En: "Reserves", Cs: "Zálohy", Kind: Model},
	{Name: Spaczenie, En: "Warp", Cs: "Pokřivení", Kind: Priced, Aliases: []string{"Szaczenie"}},
	{Name: Ociezalosc, En: "Sluggishness", Cs: "Těžkopádnost", Kind: Priced, Aliases: []string{"Ocieężałość"}},
	{Name: Radio, En: "Radio", Cs: "Rádio", Kind: Priced},
	{Name: Meczennik, En: "Martyr", Cs: "Mučedník", Kind: Priced},
	{Name: Latanie, En: "Repair", Cs: "Záplatování", Kind: Priced},
	{Name: Mag, En: "Caster", Cs: "Mág", Kind: Number, Aliases: []string{"Wizard"}},
	{Name: Transport, En: "Transport", Cs: "Transport", Kind: Number},
	{Name: Aura, En: "Aura", Cs: "Aura", Kind: Param},
	{Name: Rozkaz, En: "Order", Cs: "Rozkaz", Kind: Param},
	{Name: Oznaczenie, En: "Mark", Cs: "Označení", Kind: Param, Aliases: []string{"Spotter"}},
	{Name: Klatwa, En: "Curse", Cs: "Kletba", Kind: Param},
	{Name: Mistrzostwo, En: "Mastery", Cs: "Mistrovství", Kind: Param},
}

var (
	byKey  = map[string]*Info{}
	byName = map[Name]*Info{}
)

func init() {
	for _, a := range All {
		byName[a.Name] = a
		for _, s := range append([]string{string(a.Name), a.En, a.Cs}, a.Aliases...) {
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
