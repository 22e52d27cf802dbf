package qualityd6

import "kostka/l10n"

// term defines a rulebook term: the Polish rulebook's word in Polish, its
// Czech translation in Czech, the English name in English (the convention
// of package ability).
func term(id, pl, cs, en string) *l10n.Def {
	return l10n.Define("quality-d6.term."+id, l10n.Texts{En: en, Pl: pl, Cs: cs})
}

// Rulebook terms that are not abilities.
var (
	termBlast   = term("blast", "Rozprysk", "Rozptyl", "Blast")
	termDeadly  = term("deadly", "Zabójczy", "Smrtící", "Deadly")
	termRegroup = term("regroup", "Przegrupowanie", "Přeskupení", "Regroup")
)

// Steps of a test and an attack.
var (
	stepTest = l10n.Define("quality-d6.step.test", l10n.Texts{
		En: "d6: {face} {modifier} against {target}+: {verdict}",
		Pl: "k6: {face} {modifier} przeciw {target}+: {verdict}",
		Cs: "k6: {face} {modifier} proti {target}+: {verdict}",
	})
	stepHits = l10n.Define("quality-d6.step.hits", l10n.Texts{
		En: "Quality {needs}, {attacks, plural, one {# attack} other {# attacks}}: {dice} → {hits, plural, one {# hit} other {# hits}}",
		Pl: "Jakość {needs}, {attacks, plural, one {# atak} few {# ataki} many {# ataków}}: {dice} → {hits, plural, one {# trafienie} few {# trafienia} many {# trafień}}",
		Cs: "Kvalita {needs}, {attacks, plural, one {# útok} few {# útoky} other {# útoků}}: {dice} → {hits, plural, one {# zásah} few {# zásahy} other {# zásahů}}",
	})
	stepHitsAuto = l10n.Define("quality-d6.step.hits_auto", l10n.Texts{
		En: "Quality {needs}, {attacks, plural, one {# attack} other {# attacks}}: {dice} → {hits, plural, one {# hit} other {# hits}}, {auto} of them with no defense roll ({ability})",
		Pl: "Jakość {needs}, {attacks, plural, one {# atak} few {# ataki} many {# ataków}}: {dice} → {hits, plural, one {# trafienie} few {# trafienia} many {# trafień}}, z czego {auto} bez rzutu na obronę ({ability})",
		Cs: "Kvalita {needs}, {attacks, plural, one {# útok} few {# útoky} other {# útoků}}: {dice} → {hits, plural, one {# zásah} few {# zásahy} other {# zásahů}}, z toho {auto} bez hodu na obranu ({ability})",
	})
	stepBlast = l10n.Define("quality-d6.step.blast", l10n.Texts{
		En: "{blast}({x}): {hits, plural, one {# hit} other {# hits}}",
		Pl: "{blast}({x}): {hits, plural, one {# trafienie} few {# trafienia} many {# trafień}}",
		Cs: "{blast}({x}): {hits, plural, one {# zásah} few {# zásahy} other {# zásahů}}",
	})
	stepDefense = l10n.Define("quality-d6.step.defense", l10n.Texts{
		En: "Defense {needs}: {dice} → {failed} failed",
		Pl: "Obrona {needs}: {dice} → nieudane: {failed}",
		Cs: "Obrana {needs}: {dice} → neúspěšné: {failed}",
	})
	stepWounds = l10n.Define("quality-d6.step.wounds", l10n.Texts{
		En: "{wounds, plural, one {# wound} other {# wounds}}: {killed} of {models, plural, one {# model} other {# models}} defeated (toughness {toughness}), {left, plural, one {# wound} other {# wounds}} left on the unit",
		Pl: "{wounds, plural, one {# rana} few {# rany} many {# ran}}: pokonane modele: {killed} z {models} (wytrzymałość {toughness}), na oddziale zostaje ran: {left}",
		Cs: "{wounds, plural, one {# rána} few {# rány} other {# ran}}: poražené modely: {killed} z {models} (odolnost {toughness}), na jednotce zůstává ran: {left}",
	})
	stepRegroup = l10n.Define("quality-d6.step.regroup", l10n.Texts{
		En: "{regroup}: {n, plural, one {# Quality test} other {# Quality tests}}",
		Pl: "{regroup}: {n, plural, one {# test jakości} few {# testy jakości} many {# testów jakości}}",
		Cs: "{regroup}: {n, plural, one {# test kvality} few {# testy kvality} other {# testů kvality}}",
	})
)

// Notes: the readings of the rulebook an attack relies on.
var (
	noteReliable = l10n.Define("quality-d6.note.reliable", l10n.Texts{
		En: "{ability}: attacks with Quality 2+.",
		Pl: "{ability}: atakuje z Jakością 2+.",
		Cs: "{ability}: útočí s Kvalitou 2+.",
	})
	noteDoubleAttacks = l10n.Define("quality-d6.note.double_attacks", l10n.Texts{
		En: "Double attacks ({abilities} under its condition); several such abilities double the attacks only once.",
		Pl: "Podwójna liczba ataków ({abilities} przy spełnionym warunku); kilka takich zdolności podwaja ataki tylko raz.",
		Cs: "Dvojnásobný počet útoků ({abilities} při splněné podmínce); několik takových schopností zdvojnásobí útoky jen jednou.",
	})
	noteDoubleSix = l10n.Define("quality-d6.note.double_natural_six", l10n.Texts{
		En: "{ability}: only a natural 6 to hit gives the extra hit; a modifier never turns a 5 into one.",
		Pl: "{ability}: dodatkowe trafienie daje tylko naturalna 6 na trafienie; modyfikator nigdy nie zmienia w nią 5.",
		Cs: "{ability}: další zásah dává jen přirozená 6 na zásah; modifikátor z 5 nikdy neudělá 6.",
	})
	noteCoverAsDefense = l10n.Define("quality-d6.note.cover_as_defense", l10n.Texts{
		En: "Cover: the hit already needs a 6, so the target gets +1 to defense instead of -1 to hit.",
		Pl: "Osłona: trafienie i tak wymaga 6, więc cel dostaje +1 do obrony zamiast -1 do trafienia.",
		Cs: "Kryt: zásah už i tak vyžaduje 6, proto cíl dostává +1 k obraně místo -1 k zásahu.",
	})
	noteTargeting = l10n.Define("quality-d6.note.targeting", l10n.Texts{
		En: "{ability}: the -1 to hit for cover is ignored.",
		Pl: "{ability}: kara -1 do trafienia za osłonę jest ignorowana.",
		Cs: "{ability}: postih -1 k zásahu za kryt se ignoruje.",
	})
	noteTargetingModifier = l10n.Define("quality-d6.note.targeting_modifier", l10n.Texts{
		En: "{ability}: the modifier to hit of {modifier} is ignored (it ignores negative modifiers to hit).",
		Pl: "{ability}: modyfikator do trafienia {modifier} jest ignorowany (ignoruje negatywne modyfikatory do trafienia).",
		Cs: "{ability}: modifikátor k zásahu {modifier} se ignoruje (ignoruje záporné modifikátory k zásahu).",
	})
	noteBrutal = l10n.Define("quality-d6.note.brutal", l10n.Texts{
		En: "{ability}: no automatic successes in the defense test.",
		Pl: "{ability}: w teście obrony nie ma automatycznych sukcesów.",
		Cs: "{ability}: v testu obrany nejsou automatické úspěchy.",
	})
	noteSwarm = l10n.Define("quality-d6.note.swarm", l10n.Texts{
		En: "{ability}: {deadly} is ignored, and {blast} is not capped by the unit's models.",
		Pl: "{ability}: {deadly} jest ignorowany, a {blast} nie jest ograniczony liczbą modeli oddziału.",
		Cs: "{ability}: {deadly} se ignoruje a {blast} není omezen počtem modelů jednotky.",
	})
	noteDeadlyCapped = l10n.Define("quality-d6.note.deadly_capped", l10n.Texts{
		En: "{deadly}({x}) deals at most the toughness: {n, plural, one {# wound} other {# wounds}} a hit.",
		Pl: "{deadly}({x}) zadaje najwyżej tyle ran, ile wynosi wytrzymałość: {n, plural, one {# ranę} few {# rany} many {# ran}} na trafienie.",
		Cs: "{deadly}({x}) způsobí nejvýše tolik ran, kolik je odolnost: {n, plural, one {# ránu} few {# rány} other {# ran}} na zásah.",
	})
	noteBlastTotal = l10n.Define("quality-d6.note.blast_total", l10n.Texts{
		En: "{blast}({x}): hits × {x}, no more than the {models} models in the unit; the multiplication never removes a hit already scored.",
		Pl: "{blast}({x}): trafienia × {x}, nie więcej niż modeli w oddziale ({models}); mnożenie nigdy nie odbiera już uzyskanego trafienia.",
		Cs: "{blast}({x}): zásahy × {x}, ne více, než je modelů v jednotce ({models}); násobení nikdy neubere již získaný zásah.",
	})
	noteBlastLiteral = l10n.Define("quality-d6.note.blast_literal", l10n.Texts{
		En: "{blast}({x}): hits × {x}, then no more than the {models} models in the unit, even when that is fewer than the hits scored (the rulebook's literal wording).",
		Pl: "{blast}({x}): trafienia × {x}, a potem nie więcej niż modeli w oddziale ({models}), nawet gdy to mniej niż uzyskane trafienia (dosłowne brzmienie podręcznika).",
		Cs: "{blast}({x}): zásahy × {x}, pak ne více, než je modelů v jednotce ({models}), i když je to méně než získané zásahy (doslovné znění pravidel).",
	})
	noteBlastPerHit = l10n.Define("quality-d6.note.blast_per_hit", l10n.Texts{
		En: "{blast}({x}): each hit becomes at most {per, plural, one {# hit} other {# hits}}, one per model.",
		Pl: "{blast}({x}): każde trafienie daje najwyżej {per, plural, one {# trafienie} few {# trafienia} many {# trafień}}, po jednym na model.",
		Cs: "{blast}({x}): každý zásah dá nejvýše {per, plural, one {# zásah} few {# zásahy} other {# zásahů}}, po jednom na model.",
	})
	noteDisintegrate = l10n.Define("quality-d6.note.disintegrate", l10n.Texts{
		En: "{ability}: a natural 6 to hit wounds with no defense roll; when {blast} is capped, normal hits are cut before these.",
		Pl: "{ability}: naturalna 6 na trafienie rani bez rzutu na obronę; gdy {blast} jest ograniczony, najpierw odpadają zwykłe trafienia.",
		Cs: "{ability}: přirozená 6 na zásah zraňuje bez hodu na obranu; když je {blast} omezen, nejdřív odpadají běžné zásahy.",
	})
	notePiercing = l10n.Define("quality-d6.note.piercing", l10n.Texts{
		En: "{ability}: a failed defense deals as many wounds as the defense die shows (2 when there was no roll), not capped by toughness.",
		Pl: "{ability}: nieudana obrona zadaje tyle ran, ile pokazuje kość obrony (2, gdy nie było rzutu), bez ograniczenia wytrzymałością.",
		Cs: "{ability}: neúspěšná obrana způsobí tolik ran, kolik ukazuje kostka obrany (2, když se neházelo), bez omezení odolností.",
	})
	notePrecise = l10n.Define("quality-d6.note.precise", l10n.Texts{
		En: "{ability}: the attacker allocates the wounds; in a unit of one toughness this does not change the dice.",
		Pl: "{ability}: rany przydziela atakujący; w oddziale o jednej wytrzymałości nie zmienia to kości.",
		Cs: "{ability}: rány přiděluje útočník; v jednotce s jednou odolností to na kostkách nic nemění.",
	})
)

// Labels of the odds.
var (
	labelSuccess = l10n.Define("quality-d6.odds.success", l10n.Texts{En: "Success", Pl: "Sukces", Cs: "Úspěch"})
	labelHits    = l10n.Define("quality-d6.odds.hits", l10n.Texts{En: "Hits", Pl: "Trafienia", Cs: "Zásahy"})
	labelWounds  = l10n.Define("quality-d6.odds.wounds", l10n.Texts{En: "Wounds", Pl: "Rany", Cs: "Rány"})
	labelKilled  = l10n.Define("quality-d6.odds.models_killed", l10n.Texts{En: "Models defeated", Pl: "Pokonane modele", Cs: "Poražené modely"})
	labelRegroup = l10n.Define("quality-d6.odds.regroup_tests", l10n.Texts{
		En: "Regroup tests", Pl: "Testy przegrupowania", Cs: "Testy přeskupení"})
)

// Errors of an attack request.
var (
	errUnknownAbility = l10n.Define("quality-d6.error.unknown_ability", l10n.Texts{
		En: "“{name}” is not an ability with an effect on the attack's dice; known: {known}",
		Pl: "„{name}” nie jest zdolnością wpływającą na kości ataku; znane: {known}",
		Cs: "„{name}“ není schopnost s vlivem na kostky útoku; známé: {known}",
	})
	errPiercingDeadly = l10n.Define("quality-d6.error.piercing_deadly", l10n.Texts{
		En: "{piercing} and {deadly}(X) each set the wounds of a hit; a weapon cannot use both",
		Pl: "{piercing} i {deadly}(X) ustalają rany trafienia; broń nie może mieć obu",
		Cs: "{piercing} i {deadly}(X) určují rány zásahu; zbraň nemůže mít obojí",
	})
	errTooMuchWork = l10n.Define("quality-d6.error.too_much_work", l10n.Texts{
		En: "this attack has too many possible outcomes to compute exactly (about {steps} million steps and {mb} MB, at most {max} million and {max_mb} MB); use fewer attacks, a smaller {blast} or fewer abilities that add hits",
		Pl: "ten atak ma zbyt wiele możliwych wyników, by policzyć je dokładnie (około {steps} mln kroków i {mb} MB, najwyżej {max} mln i {max_mb} MB); użyj mniej ataków, mniejszego {blast} albo mniej zdolności dodających trafienia",
		Cs: "tento útok má příliš mnoho možných výsledků pro přesný výpočet (asi {steps} mil. kroků a {mb} MB, nejvýše {max} mil. a {max_mb} MB); použijte méně útoků, menší {blast} nebo méně schopností přidávajících zásahy",
	})
)

// Lists of terms, for notes that name several abilities.
var lists = []*l10n.Def{
	l10n.Define("quality-d6.list.1", l10n.Texts{En: "{a0}", Pl: "{a0}", Cs: "{a0}"}),
	l10n.Define("quality-d6.list.2", l10n.Texts{En: "{a0} and {a1}", Pl: "{a0} i {a1}", Cs: "{a0} a {a1}"}),
	l10n.Define("quality-d6.list.3", l10n.Texts{En: "{a0}, {a1} and {a2}", Pl: "{a0}, {a1} i {a2}", Cs: "{a0}, {a1} a {a2}"}),
}

// listOf joins up to three term arguments named a0, a1, a2.
func listOf(args []l10n.Arg) l10n.Message { return lists[len(args)-1].New(args...) }

// The new mechanics of issue 16: abilities, regroup outcome.
var (
	noteSpearhead = l10n.Define("quality-d6.note.spearhead", l10n.Texts{
		En: "{ability}: the target has not started its activation, so each natural 6 to hit gives one more ordinary hit (added to any other extra hit).",
		Pl: "{ability}: cel nie rozpoczął aktywacji, więc każda naturalna 6 na trafienie daje dodatkowe zwykłe trafienie (obok innych dodatkowych trafień).",
		Cs: "{ability}: cíl nezačal aktivaci, proto každá přirozená 6 na zásah dává další běžný zásah (vedle jiných dalších zásahů).",
	})
	noteWaaghAttacker = l10n.Define("quality-d6.note.waagh_attacker", l10n.Texts{
		En: "{ability} of the attacker (below half its starting toughness, no other friendly unit with it within 12\"): its AP drops by 1, below 0 too (AP(-1): +1 to the target's defense).",
		Pl: "{ability} atakującego (poniżej połowy początkowej wytrzymałości, bez innego przyjaznego oddziału z tą zdolnością w zasięgu 12\"): jego AP spada o 1, także poniżej 0 (AP(-1): +1 do obrony celu).",
		Cs: "{ability} útočníka (pod polovinou počáteční odolnosti, bez jiné přátelské jednotky s touto schopností do 12\"): jeho AP klesá o 1, i pod 0 (AP(-1): +1 k obraně cíle).",
	})
	noteWaaghTarget = l10n.Define("quality-d6.note.waagh_target", l10n.Texts{
		En: "{ability} of the target (below half its starting toughness, no other friendly unit with it within 12\"): attacks on it get AP +1.",
		Pl: "{ability} celu (poniżej połowy początkowej wytrzymałości, bez innego przyjaznego oddziału z tą zdolnością w zasięgu 12\"): ataki w niego mają AP +1.",
		Cs: "{ability} cíle (pod polovinou počáteční odolnosti, bez jiné přátelské jednotky s touto schopností do 12\"): útoky na něj mají AP +1.",
	})
	noteFinesse = l10n.Define("quality-d6.note.finesse", l10n.Texts{
		En: "{ability}: the attacker takes a hit die as the hit's defense die whenever that face fails the defense; the hits {blast} adds to such a hit take the same face.",
		Pl: "{ability}: atakujący traktuje kość trafienia jak kość obrony, gdy ten wynik oblewa obronę; trafienia dodane przez {blast} do takiego trafienia mają ten sam wynik.",
		Cs: "{ability}: útočník bere kostku zásahu jako kostku obrany, kdykoli tato hodnota obranou neprojde; zásahy přidané {blast} k takovému zásahu mají stejnou hodnotu.",
	})
	noteNoEffect = l10n.Define("quality-d6.note.no_effect", l10n.Texts{
		En: "{ability}: no effect on the dice of this attack.",
		Pl: "{ability}: nie wpływa na kości tego ataku.",
		Cs: "{ability}: nemá vliv na kostky tohoto útoku.",
	})
	noteFearless = l10n.Define("quality-d6.note.fearless", l10n.Texts{
		En: "{ability}: no {regroup} tests while the unit is above half its starting toughness.",
		Pl: "{ability}: brak testów ({regroup}), dopóki oddział jest powyżej połowy początkowej wytrzymałości.",
		Cs: "{ability}: žádné testy ({regroup}), dokud je jednotka nad polovinou počáteční odolnosti.",
	})
	noteReckless = l10n.Define("quality-d6.note.reckless", l10n.Texts{
		En: "{ability}: each failed {regroup} test is a difficult terrain test instead of the usual consequences; the rulebook does not say what that test does, so the answer counts them.",
		Pl: "{ability}: każdy nieudany test ({regroup}) to test trudnego terenu zamiast zwykłych konsekwencji; podręcznik nie mówi, co ten test daje, więc odpowiedź je liczy.",
		Cs: "{ability}: každý neúspěšný test ({regroup}) je test obtížného terénu místo běžných následků; pravidla neříkají, co ten test způsobí, proto je odpověď jen počítá.",
	})
	noteRegroupOutcome = l10n.Define("quality-d6.note.regroup_outcome", l10n.Texts{
		En: "{regroup}: the first failed test leaves the unit exhausted, the second pinned too, the third destroys it; the unit starts the attack unwounded and in no state.",
		Pl: "{regroup}: pierwszy nieudany test czyni oddział wyczerpanym, drugi także przyszpilonym, trzeci go niszczy; oddział zaczyna atak bez ran i bez stanów.",
		Cs: "{regroup}: první neúspěšný test jednotku vyčerpá, druhý ji i přišpendlí, třetí ji zničí; jednotka začíná útok bez ran a bez stavů.",
	})
	stepRegroupRoll = l10n.Define("quality-d6.step.regroup_roll", l10n.Texts{
		En: "{regroup}: {dice} against {target}+ → failed: {failed}",
		Pl: "{regroup}: {dice} przeciw {target}+ → nieudane: {failed}",
		Cs: "{regroup}: {dice} proti {target}+ → neúspěšné: {failed}",
	})
	stepRegroupOutcome = l10n.Define("quality-d6.step.regroup_outcome", l10n.Texts{
		En: "The unit: {outcome}",
		Pl: "Oddział: {outcome}",
		Cs: "Jednotka: {outcome}",
	})
	stepRegroupReckless = l10n.Define("quality-d6.step.regroup_reckless", l10n.Texts{
		En: "{ability}: {n, plural, one {# difficult terrain test} other {# difficult terrain tests}} instead",
		Pl: "{ability}: zamiast tego {n, plural, one {# test trudnego terenu} few {# testy trudnego terenu} many {# testów trudnego terenu}}",
		Cs: "{ability}: místo toho {n, plural, one {# test obtížného terénu} few {# testy obtížného terénu} other {# testů obtížného terénu}}",
	})
)

// outcomeTerms name the state after 0 to 3 failed regroup tests.
var outcomeTerms = []*l10n.Def{
	l10n.Define("quality-d6.term.outcome.none", l10n.Texts{En: "no state", Pl: "bez stanu", Cs: "bez stavu"}),
	l10n.Define("quality-d6.term.outcome.exhausted", l10n.Texts{En: "exhausted", Pl: "Wyczerpany", Cs: "vyčerpaná (Wyczerpany)"}),
	l10n.Define("quality-d6.term.outcome.pinned", l10n.Texts{En: "exhausted and pinned", Pl: "Wyczerpany i Przyszpilony", Cs: "vyčerpaná a přišpendlená (Wyczerpany, Przyszpilony)"}),
	l10n.Define("quality-d6.term.outcome.destroyed", l10n.Texts{En: "destroyed", Pl: "zniszczony", Cs: "zničená"}),
}

// Labels of the regroup outcome's odds.
var (
	labelRegroupFailed = l10n.Define("quality-d6.odds.regroup_failed", l10n.Texts{
		En: "Failed regroup tests", Pl: "Nieudane testy przegrupowania", Cs: "Neúspěšné testy přeskupení"})
	labelExhausted = l10n.Define("quality-d6.odds.exhausted", l10n.Texts{En: "Exhausted", Pl: "Wyczerpany", Cs: "Vyčerpaná"})
	labelPinned    = l10n.Define("quality-d6.odds.pinned", l10n.Texts{En: "Pinned", Pl: "Przyszpilony", Cs: "Přišpendlená"})
	labelDestroyed = l10n.Define("quality-d6.odds.destroyed", l10n.Texts{En: "Destroyed", Pl: "Zniszczony", Cs: "Zničená"})
)

// Errors of the new fields.
var (
	errTargetQuality = l10n.Define("quality-d6.error.target_quality", l10n.Texts{
		En: "is a Quality from 2 to 6, or 0 when not known",
		Pl: "to Jakość od 2 do 6 albo 0, gdy nieznana",
		Cs: "je Kvalita od 2 do 6, nebo 0, když není známa",
	})
	errAbilityIsField = l10n.Define("quality-d6.error.ability_is_field", l10n.Texts{
		En: "{ability}(X) is given in the field {field}, not among the abilities",
		Pl: "{ability}(X) podaje się w polu {field}, nie wśród zdolności",
		Cs: "{ability}(X) se zadává v poli {field}, ne mezi schopnostmi",
	})
	errAbilityInGroups = l10n.Define("quality-d6.error.ability_in_groups", l10n.Texts{
		En: "{ability} is a hero's ability: give the unit in groups, with the hero's {field} true, not among the abilities",
		Pl: "{ability} to zdolność bohatera: podaj oddział w grupach, z {field} bohatera równym true, nie wśród zdolności",
		Cs: "{ability} je schopnost hrdiny: zadejte jednotku ve skupinách, s {field} hrdiny rovným true, ne mezi schopnostmi",
	})
)

// Units with a hero or mixed toughness, and Finezja with Przebijająca.
var (
	termModelsFirst = l10n.Define("quality-d6.term.remove.models_first", l10n.Texts{
		En: "its other models before its heroes, the toughest first",
		Pl: "najpierw pozostałe modele, bohaterowie na końcu, od najbardziej wytrzymałych",
		Cs: "nejdřív ostatní modely, hrdinové nakonec, od nejodolnějších",
	})
	termToughestFirst = l10n.Define("quality-d6.term.remove.toughest_first", l10n.Texts{
		En: "the toughest model first, hero or not",
		Pl: "najpierw najbardziej wytrzymały model, bohater czy nie",
		Cs: "nejdřív nejodolnější model, hrdina nebo ne",
	})
	noteGroupsAllocation = l10n.Define("quality-d6.note.groups_allocation", l10n.Texts{
		En: "Wounds: the attacker allocates the wounds of natural 1s on defense (unless the defense needs 2+), the defender the rest, all at the end of the attack, the attacker first. A model is defeated by discarding its toughness in wounds, which the allocator must do while the unit has as many wounds as its toughest model; the rest stay on the unit. The attacker defeats heroes first (the toughest it can), then as many other models as it can; the defender removes a model only when it must: {order}.",
		Pl: "Rany: rany z naturalnych 1 na obronie przydziela atakujący (chyba że obrona wymaga 2+), pozostałe obrońca, wszystkie razem na koniec ataku, zaczynając od atakującego. Model jest pokonany po odrzuceniu tylu ran, ile wynosi jego wytrzymałość, co przydzielający musi zrobić, gdy oddział ma tyle ran co jego najbardziej wytrzymały model; reszta zostaje na oddziale. Atakujący najpierw pokonuje bohaterów (najbardziej wytrzymałych, na których wystarczy ran), potem jak najwięcej innych modeli; obrońca usuwa model tylko, gdy musi: {order}.",
		Cs: "Rány: rány z přirozených 1 na obraně přiděluje útočník (pokud obrana nevyžaduje 2+), ostatní obránce, všechny najednou na konci útoku, počínaje útočníkem. Model je poražen odhozením tolika ran, kolik je jeho odolnost, což přidělující musí udělat, dokud má jednotka tolik ran jako její nejodolnější model; zbytek zůstává na jednotce. Útočník nejdřív porazí hrdiny (ty nejodolnější, na které rány stačí), pak co nejvíce dalších modelů; obránce odstraní model jen, když musí: {order}.",
	})
	noteGroupsPrecise = l10n.Define("quality-d6.note.groups_precise", l10n.Texts{
		En: "{ability}: the attacker allocates every wound, at the end of the attack: it defeats heroes first (the toughest it can), then as many other models as it can; wounds too few for another model stay on the unit, and the defender must remove models while the unit has as many wounds as its toughest model: {order}.",
		Pl: "{ability}: wszystkie rany przydziela atakujący, na koniec ataku: najpierw pokonuje bohaterów (najbardziej wytrzymałych, na których wystarczy ran), potem jak najwięcej innych modeli; rany, których nie starcza na kolejny model, zostają na oddziale, a obrońca musi usuwać modele, gdy oddział ma tyle ran co jego najbardziej wytrzymały model: {order}.",
		Cs: "{ability}: všechny rány přiděluje útočník, na konci útoku: nejdřív porazí hrdiny (ty nejodolnější, na které rány stačí), pak co nejvíce dalších modelů; rány, které na další model nestačí, zůstávají na jednotce a obránce musí odstraňovat modely, dokud má jednotka tolik ran jako její nejodolnější model: {order}.",
	})
	noteGroupsDefense = l10n.Define("quality-d6.note.groups_defense", l10n.Texts{
		En: "The unit uses the Defense its attacker chooses (Bohater): the worst of its models', {defense}+.",
		Pl: "Oddział korzysta z obrony wybranej przez przeciwnika (Bohater): najsłabszej spośród jego modeli, {defense}+.",
		Cs: "Jednotka používá obranu, kterou zvolí útočník (Hrdina): nejhorší z jejích modelů, {defense}+.",
	})
	noteBodyguard = l10n.Define("quality-d6.note.bodyguard", l10n.Texts{
		En: "{ability}: the unit uses the bodyguard's Defense, {defense}+ (\"the unit may use your Defense\"; the defender chooses it, and it is never worse than the attacker's choice). While the bodyguard stands, the defender defeats no other model (\"its controller may not defeat other models in the unit\"): when it must defeat a model it defeats the bodyguard, and its wounds stay on the unit until then; the attacker allocates the wounds of natural 1s as usual.",
		Pl: "{ability}: oddział korzysta z obrony ochroniarza, {defense}+ („Oddział może korzystać z twojej obrony”; wybiera ją obrońca, a nigdy nie jest gorsza od wyboru atakującego). Dopóki ochroniarz stoi, obrońca nie pokonuje innych modeli („Kontrolujący nie może pokonywać innych modeli w oddziale”): gdy musi pokonać model, pokonuje ochroniarza, a do tego czasu jego rany zostają na oddziale; rany z naturalnych 1 przydziela atakujący jak zwykle.",
		Cs: "{ability}: jednotka používá obranu ochránce, {defense}+ („oddíl může používat tvou obranu“; volí ji obránce a nikdy není horší než volba útočníka). Dokud ochránce stojí, obránce neporazí žádný jiný model („ovládající hráč nesmí porážet jiné modely v oddílu“): když musí porazit model, porazí ochránce a do té doby jeho rány zůstávají na jednotce; rány z přirozených 1 přiděluje útočník jako obvykle.",
	})
	noteHeroAbilities = l10n.Define("quality-d6.note.hero_abilities", l10n.Texts{
		En: "An ability that only part of the unit has and that affects the whole unit is on only if the attacker chooses so (Bohater): list only the abilities the attacker leaves on.",
		Pl: "Zdolność, którą ma tylko część oddziału, a która wpływa na cały oddział, jest aktywna tylko, jeśli tak wybierze przeciwnik (Bohater): podaj tylko zdolności, które atakujący zostawia aktywne.",
		Cs: "Schopnost, kterou má jen část jednotky a která působí na celou jednotku, platí jen, když to zvolí útočník (Hrdina): zadejte jen schopnosti, které útočník nechá platit.",
	})
	noteHeroRegroup = l10n.Define("quality-d6.note.hero_regroup", l10n.Texts{
		En: "A standing hero may take the unit's {regroup} tests: while it stands they take its Quality, {quality}+.",
		Pl: "Stojący bohater może wykonywać testy ({regroup}) za cały oddział: dopóki stoi, wykonuje się je z jego Jakością, {quality}+.",
		Cs: "Stojící hrdina smí skládat testy ({regroup}) za celou jednotku: dokud stojí, skládají se s jeho Kvalitou, {quality}+.",
	})
	noteDeadlyGroups = l10n.Define("quality-d6.note.deadly_groups", l10n.Texts{
		En: "{deadly}({x}) deals at most the lowest toughness in the unit when the defender allocates ({low, plural, one {# wound} other {# wounds}} a hit), the highest when the attacker does ({high, plural, one {# wound} other {# wounds}}).",
		Pl: "{deadly}({x}) zadaje najwyżej najniższą wytrzymałość w oddziale, gdy przydziela obrońca ({low, plural, one {# ranę} few {# rany} many {# ran}} na trafienie), a najwyższą, gdy przydziela atakujący ({high, plural, one {# ranę} few {# rany} many {# ran}}).",
		Cs: "{deadly}({x}) způsobí nejvýše nejnižší odolnost v jednotce, když přiděluje obránce ({low, plural, one {# ránu} few {# rány} other {# ran}} na zásah), a nejvyšší, když přiděluje útočník ({high, plural, one {# ránu} few {# rány} other {# ran}}).",
	})
	noteFinessePiercingCut = l10n.Define("quality-d6.note.finesse_piercing_cut", l10n.Texts{
		En: "{finesse} with {piercing} under a capped {blast}: the taken hits deal differing wounds, and which hits the cap cuts is the attacker's choice: it keeps the hits with no defense roll first, the highest first, then the normal hits.",
		Pl: "{finesse} z {piercing} przy ograniczonym {blast}: przejęte trafienia zadają różne rany, a które trafienia odetnie limit, wybiera atakujący: zostawia najpierw trafienia bez rzutu na obronę, od najwyższego, potem zwykłe trafienia.",
		Cs: "{finesse} s {piercing} při omezeném {blast}: převzaté zásahy způsobí různé rány a které zásahy limit odřízne, volí útočník: ponechá nejdřív zásahy bez hodu na obranu, od nejvyššího, pak běžné zásahy.",
	})
	noteFinessePiercing = l10n.Define("quality-d6.note.finesse_piercing", l10n.Texts{
		En: "{finesse} with {piercing}: a hit die taken as the defense die deals its face in wounds; the attacker takes it when that face fails the defense and deals more wounds than a defense roll would on average.",
		Pl: "{finesse} z {piercing}: kość trafienia przyjęta jako kość obrony zadaje tyle ran, ile na niej wypadło; atakujący ją przyjmuje, gdy ten wynik oblewa obronę i zadaje więcej ran, niż średnio dałby rzut na obronę.",
		Cs: "{finesse} s {piercing}: kostka zásahu vzatá jako kostka obrany způsobí tolik ran, kolik na ní padlo; útočník ji vezme, když tato hodnota obranou neprojde a způsobí víc ran, než by v průměru dal hod na obranu.",
	})
	stepWoundsGroups = l10n.Define("quality-d6.step.wounds_groups", l10n.Texts{
		En: "{wounds, plural, one {# wound} other {# wounds}} ({att} allocated by the attacker): {killed} of {models, plural, one {# model} other {# models}} defeated, heroes among them: {heroes}; {left, plural, one {# wound} other {# wounds}} left on the unit",
		Pl: "{wounds, plural, one {# rana} few {# rany} many {# ran}} (przydzielone przez atakującego: {att}): pokonane modele: {killed} z {models}, w tym bohaterowie: {heroes}; na oddziale zostaje ran: {left}",
		Cs: "{wounds, plural, one {# rána} few {# rány} other {# ran}} (přidělené útočníkem: {att}): poražené modely: {killed} z {models}, z toho hrdinové: {heroes}; na jednotce zůstává ran: {left}",
	})
	labelHeroesKilled = l10n.Define("quality-d6.odds.heroes_killed", l10n.Texts{En: "Heroes defeated", Pl: "Pokonani bohaterowie", Cs: "Poražení hrdinové"})
	errGroupToughness = l10n.Define("quality-d6.error.group_toughness", l10n.Texts{
		En: "the groups have a toughness of {n} in all, at most {max}",
		Pl: "grupy mają łączną wytrzymałość {n}, najwyżej {max}",
		Cs: "skupiny mají celkovou odolnost {n}, nejvýše {max}",
	})
)
