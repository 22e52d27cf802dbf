package qualityd6

import "kostka/l10n"

// termFresh is Świeży, the state of Małe starcia.
var termFresh = term("fresh", "Świeży", "Čerstvý", "Fresh")

// The messages of attacks with several weapons, of Porażenie and of
// Świeży.
var (
	stepWeapon = l10n.Define("quality-d6.step.weapon", l10n.Texts{
		En: "Weapon {name}:",
		Pl: "Broń {name}:",
		Cs: "Zbraň {name}:",
	})
	stepPooled = l10n.Define("quality-d6.step.pooled", l10n.Texts{
		En: "All weapons: {wounds, plural, one {# wound} other {# wounds}}, allocated together",
		Pl: "Wszystkie bronie: {wounds, plural, one {# rana} few {# rany} many {# ran}}, przydzielane razem",
		Cs: "Všechny zbraně: {wounds, plural, one {# rána} few {# rány} other {# ran}}, přidělované společně",
	})
	stepShock = l10n.Define("quality-d6.step.shock", l10n.Texts{
		En: "{ability}: {counted} wounds counted against {dealt} dealt back",
		Pl: "{ability}: liczone rany: {counted} wobec zadanych w odpowiedzi: {dealt}",
		Cs: "{ability}: počítané rány: {counted} proti ranám uděleným zpět: {dealt}",
	})
	stepFresh = l10n.Define("quality-d6.step.fresh", l10n.Texts{
		En: "{wounds, plural, one {# wound} other {# wounds}} on the unit: {fresh}, no model defeated",
		Pl: "{wounds, plural, one {# rana} few {# rany} many {# ran}} na oddziale: {fresh}, żaden model nie zostaje pokonany",
		Cs: "{wounds, plural, one {# rána} few {# rány} other {# ran}} na jednotce: {fresh}, žádný model není poražen",
	})
	stepFreshLost = l10n.Define("quality-d6.step.fresh_lost", l10n.Texts{
		En: "{wounds, plural, one {# wound} other {# wounds}}, more than the unit's toughness {start}: every wound and {fresh} discarded, no model defeated",
		Pl: "{wounds, plural, one {# rana} few {# rany} many {# ran}}, więcej niż wytrzymałość oddziału {start}: wszystkie rany i stan {fresh} odrzucone, żaden model nie zostaje pokonany",
		Cs: "{wounds, plural, one {# rána} few {# rány} other {# ran}}, víc než odolnost jednotky {start}: všechny rány i stav {fresh} odhozeny, žádný model není poražen",
	})

	noteWeaponsPooled = l10n.Define("quality-d6.note.weapons_pooled", l10n.Texts{
		En: "Several weapons: each rolls its own hits and defense tests (its AP, Blast, Deadly and abilities, with the unit's), and the wounds of all are allocated together at the end of the attack (\"Przydziel je wszystkie razem na koniec ataku\"); the regroup tests count the action's wounds once.",
		Pl: "Kilka broni: każda rzuca własne trafienia i testy obrony (swoje AP, Rozprysk, Zabójczy i zdolności, wraz ze zdolnościami oddziału), a rany wszystkich są przydzielane razem na koniec ataku („Przydziel je wszystkie razem na koniec ataku”); testy przegrupowania liczą rany akcji raz.",
		Cs: "Několik zbraní: každá hází vlastní zásahy a testy obrany (své AP, Rozptyl, Smrtící a schopnosti, spolu se schopnostmi jednotky), a rány všech se přidělují společně na konci útoku („Przydziel je wszystkie razem na koniec ataku”); testy přeskupení počítají rány akce jednou.",
	})
	noteShockDouble = l10n.Define("quality-d6.note.shock_double", l10n.Texts{
		En: "{ability}: its wounds count double when deciding who won the melee, read as the {regroup} comparison: the target counts them twice against the wounds it dealt back (shock \"plain\" counts them once).",
		Pl: "{ability}: jej rany liczą się podwójnie przy sprawdzaniu, kto wygrał walkę wręcz, czytane jako porównanie w {regroup}: cel liczy je dwa razy wobec ran zadanych w odpowiedzi (można też liczyć je raz).",
		Cs: "{ability}: její rány se počítají dvojnásob při určení, kdo vyhrál boj zblízka, čteno jako porovnání v {regroup}: cíl je počítá dvakrát proti ranám uděleným zpět (lze je počítat i jednou).",
	})
	noteShockPlain = l10n.Define("quality-d6.note.shock_plain", l10n.Texts{
		En: "{ability}: deciding who won the melee is read as apart from the {regroup} comparison, which counts its wounds once (shock \"double\" counts them twice).",
		Pl: "{ability}: sprawdzanie, kto wygrał walkę wręcz, czytane jako odrębne od porównania w {regroup}, które liczy jej rany raz (można też liczyć je podwójnie).",
		Cs: "{ability}: určení, kdo vyhrál boj zblízka, čteno jako oddělené od porovnání v {regroup}, které počítá její rány jednou (lze je počítat i dvojnásob).",
	})
	noteShockRanged = l10n.Define("quality-d6.note.shock_ranged", l10n.Texts{
		En: "{ability} counts only when deciding a melee: no effect on this attack, which is not a melee.",
		Pl: "{ability} liczy się tylko przy rozstrzyganiu walki wręcz: bez wpływu na ten atak, który nie jest walką wręcz.",
		Cs: "{ability} se počítá jen při rozhodování boje zblízka: bez vlivu na tento útok, který není bojem zblízka.",
	})
	noteFreshAttacker = l10n.Define("quality-d6.note.fresh_attacker", l10n.Texts{
		En: "{fresh} attacker: its models make double the attacks (once, with any other doubling).",
		Pl: "{fresh} atakujący: jego modele wykonują podwójną liczbę ataków (raz, także z innym podwojeniem).",
		Cs: "{fresh} útočník: jeho modely provádějí dvojnásobný počet útoků (jednou, i s jiným zdvojením).",
	})
	noteFreshTarget = l10n.Define("quality-d6.note.fresh_target", l10n.Texts{
		En: "{fresh} target: its models cannot be defeated; with more wounds than its toughness ({start}) it discards every wound and the state. The unit is taken to start the attack without wounds.",
		Pl: "{fresh} cel: jego modele nie mogą zostać pokonane; mając więcej ran niż jego wytrzymałość ({start}), odrzuca wszystkie rany i ten stan. Oddział zaczyna atak bez ran.",
		Cs: "{fresh} cíl: jeho modely nemohou být poraženy; s více ranami, než je jeho odolnost ({start}), odhodí všechny rány i tento stav. Jednotka začíná útok bez ran.",
	})

	errInWeapons = l10n.Define("quality-d6.error.in_weapons", l10n.Texts{
		En: "is given in each weapon when weapons are given",
		Pl: "podaje się w każdej broni, gdy podano bronie",
		Cs: "se uvádí u každé zbraně, když jsou uvedeny zbraně",
	})
	errWeaponsGroups = l10n.Define("quality-d6.error.weapons_groups", l10n.Texts{
		En: "several weapons against a unit given in groups are not resolved; give one weapon",
		Pl: "kilka broni przeciw oddziałowi podanemu w grupach nie jest rozstrzygane; podaj jedną broń",
		Cs: "několik zbraní proti jednotce zadané ve skupinách se neřeší; zadejte jednu zbraň",
	})
	errNotWeaponAbility = l10n.Define("quality-d6.error.not_weapon_ability", l10n.Texts{
		En: "{ability} is not a weapon's ability: give it in the unit's abilities",
		Pl: "{ability} nie jest zdolnością broni: podaj ją w zdolnościach oddziału",
		Cs: "{ability} není schopnost zbraně: uveďte ji ve schopnostech jednotky",
	})
	errAbilityX = l10n.Define("quality-d6.error.ability_x", l10n.Texts{
		En: "{ability}(X) takes X from 1 to 12, once: give it in the weapon's abilities or in its field, not both",
		Pl: "{ability}(X) przyjmuje X od 1 do 12, raz: podaj je w zdolnościach broni albo w jej polu, nie w obu",
		Cs: "{ability}(X) přijímá X od 1 do 12, jednou: uveďte ho ve schopnostech zbraně, nebo v jejím poli, ne v obou",
	})
	errFreshIsState = l10n.Define("quality-d6.error.fresh_is_state", l10n.Texts{
		En: "{fresh} is a state, not an ability: give it in conditions, as attacker_fresh or target_fresh",
		Pl: "{fresh} to stan, nie zdolność: zaznacz go w warunkach: „Atakujący jest Świeży” lub „Cel jest Świeży”",
		Cs: "{fresh} je stav, ne schopnost: zaškrtněte ho v podmínkách: „Útočník je Čerstvý“ nebo „Cíl je Čerstvý“",
	})
	errFreshGroups = l10n.Define("quality-d6.error.fresh_groups", l10n.Texts{
		En: "a {fresh} target given in groups is not resolved",
		Pl: "cel {fresh} podany w grupach nie jest rozstrzygany",
		Cs: "cíl {fresh} zadaný ve skupinách se neřeší",
	})

	labelFreshLost    = l10n.Define("quality-d6.odds.fresh_lost", l10n.Texts{En: "{fresh} lost", Pl: "Utrata stanu {fresh}", Cs: "Ztráta stavu {fresh}"})
	labelWeaponWounds = l10n.Define("quality-d6.odds.weapon_wounds", l10n.Texts{En: "Wounds: {name}", Pl: "Rany: {name}", Cs: "Rány: {name}"})
)

// The messages of a recovery.
var (
	stepRecover = l10n.Define("quality-d6.step.recover", l10n.Texts{
		En: "{ability}: {dice} → {got}, {recovered, plural, one {# wound} other {# wounds}} recovered",
		Pl: "{ability}: {dice} → {got}, odzyskane rany: {recovered}",
		Cs: "{ability}: {dice} → {got}, získané rány: {recovered}",
	})
	stepRestored = l10n.Define("quality-d6.step.restored", l10n.Texts{
		En: "Models set up again: {restored}; still defeated: {lost}; wounds left on the unit: {wounds}",
		Pl: "Modele ustawione ponownie: {restored}; nadal pokonane: {lost}; rany na oddziale: {wounds}",
		Cs: "Modely znovu postavené: {restored}; stále poražené: {lost}; rány na jednotce: {wounds}",
	})
	noteRegeneration = l10n.Define("quality-d6.note.regeneration", l10n.Texts{
		En: "{ability}: K3 wounds, no more than the {lost} lost in this activation.",
		Pl: "{ability}: K3 ran, nie więcej niż stracone w tej aktywacji ({lost}).",
		Cs: "{ability}: K3 ran, ne více než ztracené v této aktivaci ({lost}).",
	})
	noteRebirth = l10n.Define("quality-d6.note.rebirth", l10n.Texts{
		En: "{ability}: a die for each of the {n} wounds the unit can recover, one wound on each 4+.",
		Pl: "{ability}: kość za każdą z ran, które oddział może odzyskać ({n}), jedna rana za każde 4+.",
		Cs: "{ability}: kostka za každou z ran, které jednotka může získat ({n}), jedna rána za každou 4+.",
	})
	noteRecovery = l10n.Define("quality-d6.note.recovery", l10n.Texts{
		En: "Each wound recovered discards a wound marker or, with none left, sets up a defeated model with {toughness} minus 1 in wounds.",
		Pl: "Każda odzyskana rana odrzuca znacznik rany lub, gdy go brak, ustawia pokonany model z ranami równymi {toughness} minus 1.",
		Cs: "Každá získaná rána odhodí žeton rány, nebo, když žádný není, postaví poražený model s ranami rovnými {toughness} minus 1.",
	})
	labelRecovered = l10n.Define("quality-d6.odds.recovered", l10n.Texts{En: "Wounds recovered", Pl: "Odzyskane rany", Cs: "Získané rány"})
	labelRestored  = l10n.Define("quality-d6.odds.restored", l10n.Texts{En: "Models set up again", Pl: "Modele ustawione ponownie", Cs: "Modely znovu postavené"})
)
