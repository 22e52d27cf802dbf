package cost

import "kostka/l10n"

// Errors of a unit, in every language; ability names stay as the Polish
// rulebook writes them.
var (
	errMaxItems = l10n.Define("quality-d6.cost.error.max_items", l10n.Texts{
		En: "at most {max} items",
		Pl: "najwyżej {max} pozycji",
		Cs: "nejvýše {max} položek",
	})
	errWeaponAbility = l10n.Define("quality-d6.cost.error.weapon_ability", l10n.Texts{
		En: "{name} is a weapon ability: list it under the weapon's abilities (or give the model Mistrzostwo({name}))",
		Pl: "{name} to zdolność broni: podaj ją w zdolnościach broni (albo daj modelowi Mistrzostwo({name}))",
		Cs: "{name} je schopnost zbraně: uveďte ji u schopností zbraně (nebo dejte modelu Mistrovství({name}))",
	})
	errTwice = l10n.Define("quality-d6.cost.error.twice", l10n.Texts{
		En: "{name} is listed twice",
		Pl: "{name} występuje dwa razy",
		Cs: "{name} je uvedena dvakrát",
	})
	errRange = l10n.Define("quality-d6.cost.error.range", l10n.Texts{
		En: "the range table covers melee and ranges up to {max}\"; {range}\" is outside it",
		Pl: "tabela zasięgu obejmuje walkę wręcz i zasięgi do {max}\"; {range}\" jest poza nią",
		Cs: "tabulka dostřelu pokrývá boj zblízka a dostřel do {max}\"; {range}\" je mimo ni",
	})
	errNotWeapon = l10n.Define("quality-d6.cost.error.not_weapon", l10n.Texts{
		En: "{name} is not a weapon ability: list it under the unit's abilities",
		Pl: "{name} nie jest zdolnością broni: podaj ją w zdolnościach oddziału",
		Cs: "{name} není schopnost zbraně: uveďte ji u schopností jednotky",
	})
	errRangedOnly = l10n.Define("quality-d6.cost.error.ranged_only", l10n.Texts{
		En: "{name} is for ranged weapons (the range table has no melee value for it)",
		Pl: "{name} dotyczy broni dystansowej (tabela zasięgu nie ma dla niej wartości wręcz)",
		Cs: "{name} platí pro střelné zbraně (tabulka dostřelu pro ni nemá hodnotu na blízko)",
	})
	errPiercingDeadly = l10n.Define("quality-d6.cost.error.piercing_deadly", l10n.Texts{
		En: "Przebijająca and Zabójczy(X) each set the wounds of a hit; a weapon cannot use both",
		Pl: "Przebijająca i Zabójczy(X) ustalają rany trafienia; broń nie może mieć obu",
		Cs: "Průrazná a Smrtící(X) určují rány zásahu; zbraň nemůže mít obojí",
	})
	errParen = l10n.Define("quality-d6.cost.error.paren", l10n.Texts{
		En: "“{text}”: a ( without a closing )",
		Pl: "„{text}”: nawias ( bez zamykającego )",
		Cs: "„{text}“: závorka ( bez uzavírací )",
	})
	errUnknown = l10n.Define("quality-d6.cost.error.unknown", l10n.Texts{
		En: "“{text}” is not an ability of the quality-d6 cost rules",
		Pl: "„{text}” nie jest zdolnością z zasad punktacji quality-d6",
		Cs: "„{text}“ není schopnost z bodových pravidel quality-d6",
	})
	errNumberX = l10n.Define("quality-d6.cost.error.number_x", l10n.Texts{
		En: "{name} takes a number from 1 to 20 as X: {name}(2)",
		Pl: "{name} przyjmuje jako X liczbę od 1 do 20: {name}(2)",
		Cs: "{name} bere jako X číslo od 1 do 20: {name}(2)",
	})
	errAbilityX = l10n.Define("quality-d6.cost.error.ability_x", l10n.Texts{
		En: "{name} takes an ability as X, such as {name}(Tarcza)",
		Pl: "{name} przyjmuje jako X zdolność, np. {name}(Tarcza)",
		Cs: "{name} bere jako X schopnost, např. {name}(Štít)",
	})
	errMastery = l10n.Define("quality-d6.cost.error.mastery", l10n.Texts{
		En: "Mistrzostwo takes a weapon ability as X, not {param}",
		Pl: "Mistrzostwo przyjmuje jako X zdolność broni, nie {param}",
		Cs: "Mistrovství bere jako X schopnost zbraně, ne {param}",
	})
	errPassiveX = l10n.Define("quality-d6.cost.error.passive_x", l10n.Texts{
		En: "{name}(X) takes a passive ability from the cost table as X, not {param}",
		Pl: "{name}(X) przyjmuje jako X pasywną zdolność z tabeli kosztów, nie {param}",
		Cs: "{name}(X) bere jako X pasivní schopnost z tabulky nákladů, ne {param}",
	})
	errNoX = l10n.Define("quality-d6.cost.error.no_x", l10n.Texts{
		En: "{name} takes no X",
		Pl: "{name} nie przyjmuje X",
		Cs: "{name} nebere X",
	})
)

// define adds a cost message.
func define(id string, t l10n.Texts) *l10n.Def { return l10n.Define("quality-d6.cost."+id, t) }

// Kinds of weapons.
var (
	termMelee  = define("term.melee", l10n.Texts{En: "melee", Pl: "wręcz", Cs: "na blízko"})
	termRanged = define("term.ranged", l10n.Texts{En: "ranged", Pl: "dystansowa", Cs: "střelná"})
)

// kindTerm names a weapon kind.
func kindTerm(kind Kind) l10n.Message {
	if kind == KindMelee {
		return termMelee.New()
	}
	return termRanged.New()
}

// Lines of the breakdown.
var (
	lineBase = define("line.base", l10n.Texts{
		En: "Base cost: 5 × morale {morale} × defense {defense} × toughness {toughness} = {base}",
		Pl: "Koszt bazowy: 5 × morale {morale} × obrona {defense} × wytrzymałość {toughness} = {base}",
		Cs: "Základní cena: 5 × morálka {morale} × obrana {defense} × odolnost {toughness} = {base}",
	})
	linePerModel = define("line.per_model", l10n.Texts{
		En: "Per model: base {base} + weapons {weapons} + abilities {abilities} = {total}",
		Pl: "Na model: baza {base} + broń {weapons} + zdolności {abilities} = {total}",
		Cs: "Na model: základ {base} + zbraně {weapons} + schopnosti {abilities} = {total}",
	})
	lineUnit = define("line.unit", l10n.Texts{
		En: "Unit: {models} × {per_model} = {exact}, {points, plural, one {# point} other {# points}}",
		Pl: "Oddział: {models} × {per_model} = {exact}, {points, plural, one {# punkt} few {# punkty} many {# punktów}}",
		Cs: "Jednotka: {models} × {per_model} = {exact}, {points, plural, one {# bod} few {# body} other {# bodů}}",
	})
	lineMorale = define("line.morale", l10n.Texts{
		En: "Morale: 1.3 - ({quality} - 1) / 10 = {value}",
		Pl: "Morale: 1,3 - ({quality} - 1) / 10 = {value}",
		Cs: "Morálka: 1,3 - ({quality} - 1) / 10 = {value}",
	})
	lineMoraleFactor = define("line.morale_factor", l10n.Texts{
		En: "Morale: 1.3 - ({quality} - 1) / 10 × {factor} ({abilities}) = {value}",
		Pl: "Morale: 1,3 - ({quality} - 1) / 10 × {factor} ({abilities}) = {value}",
		Cs: "Morálka: 1,3 - ({quality} - 1) / 10 × {factor} ({abilities}) = {value}",
	})
	lineDefense = define("line.defense", l10n.Texts{
		En: "Defense {defense}+: {ability} {value}",
		Pl: "Obrona {defense}+: {ability} {value}",
		Cs: "Obrana {defense}+: {ability} {value}",
	})
	lineWeaponsMelee = define("line.weapons_melee", l10n.Texts{
		En: "Weapons: melee {melee}, ranged {ranged} per model: a melee unit, its ranged weapons cost half",
		Pl: "Broń: wręcz {melee}, dystansowa {ranged} na model: oddział walczący wręcz, jego broń dystansowa kosztuje połowę",
		Cs: "Zbraně: na blízko {melee}, střelné {ranged} na model: jednotka pro boj na blízko, její střelné zbraně stojí polovinu",
	})
	lineWeaponsRanged = define("line.weapons_ranged", l10n.Texts{
		En: "Weapons: melee {melee}, ranged {ranged} per model: a ranged unit, its melee weapons cost half",
		Pl: "Broń: wręcz {melee}, dystansowa {ranged} na model: oddział strzelecki, jego broń do walki wręcz kosztuje połowę",
		Cs: "Zbraně: na blízko {melee}, střelné {ranged} na model: střelecká jednotka, její zbraně na blízko stojí polovinu",
	})
	lineWeapon = define("line.weapon", l10n.Texts{
		En: "{name} ({kind}): {attacks, plural, one {# attack} other {# attacks}} × 2 × range {range} × hit {hit} × abilities {abilities} = {cost}",
		Pl: "{name} ({kind}): {attacks, plural, one {# atak} few {# ataki} many {# ataków}} × 2 × zasięg {range} × trafienie {hit} × zdolności {abilities} = {cost}",
		Cs: "{name} ({kind}): {attacks, plural, one {# útok} few {# útoky} other {# útoků}} × 2 × dostřel {range} × zásah {hit} × schopnosti {abilities} = {cost}",
	})
	lineHit = define("line.hit", l10n.Texts{
		En: "{name}, hit chance: 7 - {quality} {parts} = {value}",
		Pl: "{name}, szansa trafienia: 7 - {quality} {parts} = {value}",
		Cs: "{name}, šance na zásah: 7 - {quality} {parts} = {value}",
	})
	partBonus = define("part.bonus", l10n.Texts{En: "{value} {why}", Pl: "{value} {why}", Cs: "{value} {why}"})
	partMin   = define("part.at_least", l10n.Texts{En: "at least {min}", Pl: "co najmniej {min}", Cs: "nejméně {min}"})
	whyName   = define("why.name", l10n.Texts{En: "{name}", Pl: "{name}", Cs: "{name}"})
	whyFury   = define("why.fury_or_impact", l10n.Texts{En: "Furious or Impact", Pl: "Furia lub Impet", Cs: "Zuřivost nebo Nápor"})
	whyPrep   = define("why.prepared_tireless", l10n.Texts{
		En: "Prepared with Relentless", Pl: "Przygotowanie z Niestrudzonym", Cs: "Připravenost s Neúnavným"})
	whyNoTarget = define("why.no_targeting", l10n.Texts{
		En: "no Targeting ({kind})", Pl: "bez Namierzania ({kind})", Cs: "bez Zaměřování ({kind})"})
	lineAbility = define("line.ability", l10n.Texts{
		En: "{ability}: {how} = {cost}", Pl: "{ability}: {how} = {cost}", Cs: "{ability}: {how} = {cost}",
	})
)

// How an ability's cost is reached.
var (
	howPerToughness = define("how.per_toughness", l10n.Texts{
		En: "{price} per Toughness × {toughness}", Pl: "{price} za Wytrzymałość × {toughness}", Cs: "{price} za Odolnost × {toughness}"})
	howAircraft = define("how.aircraft", l10n.Texts{
		En: "3 × Toughness {toughness}", Pl: "3 × Wytrzymałość {toughness}", Cs: "3 × Odolnost {toughness}"})
	howMag       = define("how.mag", l10n.Texts{En: "X × 8 = {x} × 8", Pl: "X × 8 = {x} × 8", Cs: "X × 8 = {x} × 8"})
	howTransport = define("how.transport", l10n.Texts{
		En: "X × (1 {parts}) = {x} × {factor}", Pl: "X × (1 {parts}) = {x} × {factor}", Cs: "X × (1 {parts}) = {x} × {factor}"})
	partPlus = define("part.plus", l10n.Texts{En: "+ {value} ({name})", Pl: "+ {value} ({name})", Cs: "+ {value} ({name})"})
	howFixed = define("how.fixed", l10n.Texts{
		En: "its price in the aura and active abilities list",
		Pl: "jej cena z listy aur i zdolności aktywnych",
		Cs: "její cena ze seznamu aur a aktivních schopností"})
	howAura = define("how.aura", l10n.Texts{
		En: "aura price {price} × {toughness} / 8", Pl: "cena aury {price} × {toughness} / 8", Cs: "cena aury {price} × {toughness} / 8"})
	howAura12 = define("how.aura_12", l10n.Texts{
		En: "aura price {price} × {toughness} / 8 + 8 for a 12\" range",
		Pl: "cena aury {price} × {toughness} / 8 + 8 za zasięg 12\"",
		Cs: "cena aury {price} × {toughness} / 8 + 8 za dosah 12\""})
	howOrder = define("how.order", l10n.Texts{
		En: "order price {price} × {toughness} / 10", Pl: "cena rozkazu {price} × {toughness} / 10", Cs: "cena rozkazu {price} × {toughness} / 10"})
)

// Notes on readings, and the balance warning.
var (
	notePart = define("note.costed_elsewhere", l10n.Texts{
		En: "{name} is costed in the {part} part.", Pl: "{name} jest wyceniana w części: {part}.", Cs: "{name} se oceňuje v části: {part}."})
	noteAmbush = define("note.ambush", l10n.Texts{
		En: "Zasadzka also costs its ranged weapons ×0.6.", Pl: "Zasadzka wycenia też swoją broń dystansową ×0,6.", Cs: "Přepadení oceňuje i své střelné zbraně ×0,6."})
	noteNoPrice = define("note.no_price", l10n.Texts{
		En: "{name} has no price in the rulebook's cost tables; it adds nothing.",
		Pl: "{name} nie ma ceny w tabelach kosztów podręcznika; nic nie dodaje.",
		Cs: "{name} nemá cenu v tabulkách nákladů pravidel; nic nepřidává."})
	noteNoAura = define("note.no_aura", l10n.Texts{
		En: "{name} cannot be an aura (the table has no aura price for it); it adds nothing.",
		Pl: "{name} nie może być aurą (tabela nie podaje dla niej ceny aury); nic nie dodaje.",
		Cs: "{name} nemůže být aurou (tabulka pro ni nemá cenu aury); nic nepřidává."})
	noteNoOrder = define("note.no_order", l10n.Texts{
		En: "{name} cannot be an order (the table has no order price for it); it adds nothing.",
		Pl: "{name} nie może być rozkazem (tabela nie podaje dla niej ceny rozkazu); nic nie dodaje.",
		Cs: "{name} nemůže být rozkazem (tabulka pro ni nemá cenu rozkazu); nic nepřidává."})
	noteToughnessSteps = define("note.toughness_steps", l10n.Texts{
		En: "Toughness {toughness} lies between the table's +3 steps; its modifier {value} is interpolated in a straight line.",
		Pl: "Wytrzymałość {toughness} leży między krokami +3 tabeli; jej modyfikator {value} jest interpolowany liniowo.",
		Cs: "Odolnost {toughness} leží mezi kroky +3 tabulky; její modifikátor {value} je lineárně interpolován."})
	noteToughnessRow = define("note.toughness_row", l10n.Texts{
		En: "Toughness {toughness} is not a row of the table; its modifier {value} is interpolated between Toughness {lo} ({lo_value}) and {hi} ({hi_value}).",
		Pl: "Wytrzymałości {toughness} nie ma w tabeli; jej modyfikator {value} jest interpolowany między Wytrzymałością {lo} ({lo_value}) a {hi} ({hi_value}).",
		Cs: "Odolnost {toughness} v tabulce není; její modifikátor {value} je interpolován mezi Odolností {lo} ({lo_value}) a {hi} ({hi_value})."})
	noteMastery = define("note.mastery", l10n.Texts{
		En: "Mistrzostwo({name}): every weapon is costed as if it had {name}.",
		Pl: "Mistrzostwo({name}): każda broń jest wyceniana tak, jakby miała {name}.",
		Cs: "Mistrovství({name}): každá zbraň se oceňuje, jako by měla {name}."})
	noteShortRange = define("note.short_range", l10n.Texts{
		En: "{name}: ranges under 12\" are costed as 12\", the range table's shortest.",
		Pl: "{name}: zasięgi poniżej 12\" są wyceniane jak 12\", najkrótszy w tabeli zasięgu.",
		Cs: "{name}: dostřel pod 12\" se oceňuje jako 12\", nejkratší v tabulce dostřelu."})
	noteRangeBetween = define("note.range_between", l10n.Texts{
		En: "{name}: {range}\" lies between the range table's columns; its values are interpolated in a straight line.",
		Pl: "{name}: {range}\" leży między kolumnami tabeli zasięgu; wartości są interpolowane liniowo.",
		Cs: "{name}: {range}\" leží mezi sloupci tabulky dostřelu; hodnoty jsou lineárně interpolovány."})
	noteAircraft = define("note.aircraft", l10n.Texts{
		En: "Samolot: Przygotowanie and Niestrudzony are ignored.",
		Pl: "Samolot: Przygotowanie i Niestrudzony są pomijane.",
		Cs: "Letoun: Připravenost a Neúnavný se ignorují."})
	noteTargeting = define("note.targeting", l10n.Texts{
		En: "Hit chance: a weapon without Namierzanie loses 0.6 if ranged, 0.3 if melee (the rulebook's garbled line read as one penalty; see rulesdata/NOTES.md).",
		Pl: "Szansa trafienia: broń bez Namierzania traci 0,6 (dystansowa) lub 0,3 (wręcz); zniekształcony wiersz podręcznika czytany jako jedna kara (zob. rulesdata/NOTES.md).",
		Cs: "Šance na zásah: zbraň bez Zaměřování ztrácí 0,6 (střelná) nebo 0,3 (na blízko); poškozený řádek pravidel čten jako jeden postih (viz rulesdata/NOTES.md)."})
	noteXMax = define("note.x_max", l10n.Texts{
		En: "{name}: {ability}({x}) is costed as {ability}(6), the table's largest X.",
		Pl: "{name}: {ability}({x}) jest wyceniany jak {ability}(6), największe X w tabeli.",
		Cs: "{name}: {ability}({x}) se oceňuje jako {ability}(6), největší X v tabulce."})
	noteXBetween = define("note.x_between", l10n.Texts{
		En: "{name}: {ability}({x}) lies between the table's X columns; it is interpolated in a straight line.",
		Pl: "{name}: {ability}({x}) leży między kolumnami X tabeli; jest interpolowany liniowo.",
		Cs: "{name}: {ability}({x}) leží mezi sloupci X tabulky; je lineárně interpolován."})
	warnBalance = define("warning.balance", l10n.Texts{
		En: "Unit balance: the weapons cost {weapons} per model, {ratio} times the defense modifier per point of Toughness ({defense} × {toughness}); the rulebook advises 5 to 25 times.",
		Pl: "Balans oddziału: broń kosztuje {weapons} na model, {ratio} razy tyle co modyfikator obrony na punkt Wytrzymałości ({defense} × {toughness}); podręcznik zaleca od 5 do 25 razy.",
		Cs: "Vyváženost jednotky: zbraně stojí {weapons} na model, {ratio}krát víc než modifikátor obrany na bod Odolnosti ({defense} × {toughness}); pravidla doporučují 5 až 25krát."})
)

// Parts of the cost formula named in notes.
var termParts = map[string]*l10n.Def{
	"morale":              define("term.part.morale", l10n.Texts{En: "morale", Pl: "morale", Cs: "morálka"}),
	"defense":             define("term.part.defense", l10n.Texts{En: "defense", Pl: "obrona", Cs: "obrana"}),
	"weapons":             define("term.part.weapons", l10n.Texts{En: "weapons", Pl: "broń", Cs: "zbraně"}),
	"defense and weapons": define("term.part.defense_weapons", l10n.Texts{En: "defense and weapons", Pl: "obrona i broń", Cs: "obrana a zbraně"}),
}
