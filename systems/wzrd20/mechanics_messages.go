package wzrd20

import "kostka/l10n"

// Messages of the rerolls, automatic hits, Suppression Fire, vehicles and
// the Heads up! retake.

// Terms and odds labels.
var (
	termCriticalDamage = define("term.critical_damage", l10n.Texts{En: "Critical Damage", Pl: "Krytyczne uszkodzenie", Cs: "Kritické poškození"})
	termVehicleStands  = define("term.vehicle_stands", l10n.Texts{En: "the vehicle stands", Pl: "pojazd pozostaje w grze", Cs: "vozidlo zůstává ve hře"})
	termDestroyed      = define("term.destroyed", l10n.Texts{En: "the vehicle is destroyed", Pl: "pojazd jest zniszczony", Cs: "vozidlo je Zničené"})
	labelStructureLost = define("odds.structure_lost", l10n.Texts{En: "Structure Points lost", Pl: "Stracone punkty struktury", Cs: "Ztracené Body struktury"})
	labelDestroyed     = define("odds.destroyed", l10n.Texts{En: "Destroyed", Pl: "Zniszczony", Cs: "Zničený"})
	labelPassedFirst   = define("odds.passed_first", l10n.Texts{En: "Passed at the first test", Pl: "Zdany w pierwszym teście", Cs: "Složen v prvním testu"})
	labelPassedRetake  = define("odds.passed_retake", l10n.Texts{En: "Passed at the second test", Pl: "Zdany w drugim teście", Cs: "Složen v druhém testu"})
)

// Steps.
var (
	whatConstitution    = define("what.constitution", l10n.Texts{En: "Constitution test (Suppression Fire)", Pl: "Test Odporności (Ogień zaporowy)", Cs: "Test Odolnosti (Krycí palba)"})
	againstConstitution = define("against.constitution", l10n.Texts{En: "the target's Con", Pl: "Odporność celu", Cs: "Odolnost cíle"})
	whatReroll          = define("what.reroll", l10n.Texts{En: "Re-roll", Pl: "Powtórzony rzut", Cs: "Opakovaný hod"})
	whatPancir          = define("what.pancir", l10n.Texts{En: "AV test", Pl: "Test pancerza pojazdu", Cs: "Test Pancíře"})
	whatSecondTest      = define("what.second_test", l10n.Texts{En: "Second {test} test", Pl: "Drugi test: {test}", Cs: "Druhý test: {test}"})
	againstPancir       = define("against.pancir", l10n.Texts{
		En: "AV {armour} - AVV {avv}{other}",
		Pl: "Pancerz pojazdu {armour} - AVV {avv}{other}",
		Cs: "Pancíř {armour} - AVV {avv}{other}",
	})
	againstPancirFloor = define("against.pancir_floor", l10n.Texts{
		En: "AV {armour} - AVV {avv}{other}, not below {floor}",
		Pl: "Pancerz pojazdu {armour} - AVV {avv}{other}, nie mniej niż {floor}",
		Cs: "Pancíř {armour} - AVV {avv}{other}, ne méně než {floor}",
	})
	stepAutoHit = define("step.auto_hit", l10n.Texts{
		En: "Test {n}: an automatic hit, no roll",
		Pl: "Test {n}: automatyczne trafienie, bez rzutu",
		Cs: "Test {n}: Automatický zásah, bez hodu",
	})
	stepRerolled = define("step.rerolled", l10n.Texts{
		En: "{roll}; rolled again (Re-roll)",
		Pl: "{roll}; rzut powtórzony (Powtórzenie rzutu)",
		Cs: "{roll}; hod se opakuje (Opakování hodu)",
	})
	stepPowerShotStructure = define("step.power_shot_structure", l10n.Texts{
		En: "{term}: no AV test; {n, plural, one {# Structure Point} other {# Structure Points}} lost",
		Pl: "{term}: bez testu pancerza pojazdu; {n, plural, one {stracony # punkt struktury} few {stracone # punkty struktury} many {straconych # punktów struktury}}",
		Cs: "{term}: bez testu Pancíře; {n, plural, one {ztracen # Bod struktury} few {ztraceny # Body struktury} other {ztraceno # Bodů struktury}}",
	})
	stepNoPancir = define("step.no_pancir", l10n.Texts{
		En: "the vehicle has no AV value; {n, plural, one {# Structure Point} other {# Structure Points}} lost",
		Pl: "pojazd nie ma wartości pancerza pojazdu; {n, plural, one {stracony # punkt struktury} few {stracone # punkty struktury} many {straconych # punktów struktury}}",
		Cs: "vozidlo nemá hodnotu Pancíře; {n, plural, one {ztracen # Bod struktury} few {ztraceny # Body struktury} other {ztraceno # Bodů struktury}}",
	})
	stepPancirStructure = define("step.pancir_structure", l10n.Texts{
		En: "{roll}; {n, plural, one {# Structure Point} other {# Structure Points}} lost",
		Pl: "{roll}; {n, plural, one {stracony # punkt struktury} few {stracone # punkty struktury} many {straconych # punktów struktury}}",
		Cs: "{roll}; {n, plural, one {ztracen # Bod struktury} few {ztraceny # Body struktury} other {ztraceno # Bodů struktury}}",
	})
	stepPancirCritical = define("step.pancir_critical", l10n.Texts{
		En: "{roll}; {n, plural, one {# Structure Point} other {# Structure Points}} lost ({term} ({x}))",
		Pl: "{roll}; {n, plural, one {stracony # punkt struktury} few {stracone # punkty struktury} many {straconych # punktów struktury}} ({term} ({x}))",
		Cs: "{roll}; {n, plural, one {ztracen # Bod struktury} few {ztraceny # Body struktury} other {ztraceno # Bodů struktury}} ({term} ({x}))",
	})
	stepTotalStructure = define("step.total_structure", l10n.Texts{
		En: "{hits, plural, one {# hit} other {# hits}}, {wounds, plural, one {# Structure Point} other {# Structure Points}} lost of {of}: {outcome}",
		Pl: "{hits, plural, one {# trafienie} few {# trafienia} many {# trafień}}, stracone punkty struktury: {wounds} z {of}: {outcome}",
		Cs: "{hits, plural, one {# zásah} few {# zásahy} other {# zásahů}}, ztracené Body struktury: {wounds} z {of}: {outcome}",
	})
	stepRetake = define("step.heads_up_retake", l10n.Texts{
		En: "the first test failed: the squad takes it again",
		Pl: "pierwszy test nieudany: oddział zdaje go ponownie",
		Cs: "první test selhal: oddíl ho skládá znovu",
	})
	stepNoRetake = define("step.heads_up_no_retake", l10n.Texts{
		En: "a {term}: no action points are left for a second test",
		Pl: "{term}: nie zostały punkty akcji na drugi test",
		Cs: "{term}: na druhý test nezbývají akční body",
	})
)

// Notes.
var (
	noteAutoHit = define("note.auto_hit", l10n.Texts{
		En: "Automatic hits: every test succeeds without a roll, so there is no {power} and no {fumble}, and skill modifiers do not matter. Close combat tests against a stunned model and every close combat action against a broken squad hit automatically.",
		Pl: "Automatyczne trafienia: każdy test udaje się bez rzutu, więc nie ma {power} ani {fumble}, a modyfikatory umiejętności nie mają znaczenia. Testy walki wręcz przeciw ogłuszonemu modelowi i każda akcja walki wręcz przeciw rozbitemu oddziałowi trafiają automatycznie.",
		Cs: "Automatický zásah: každý test uspěje bez hodu, takže nepadne {power} ani {fumble} a modifikátory dovednosti nehrají roli. Testy Boje na blízko proti omráčenému modelu a všechny akce boje na blízko proti rozprášenému oddílu jsou automatickým zásahem.",
	})
	noteRerolls = define("note.rerolls", l10n.Texts{
		En: "Re-rolls: {n, plural, one {the first failed test is rolled again} other {up to # failed tests are rolled again, the first failures first}}; a roll is rolled again only once and the second roll stands, even if it is worse (a rolled-again {fumble} is replaced by the second roll).",
		Pl: "Powtórzenie rzutu: {n, plural, one {pierwszy nieudany test rzuca się ponownie} few {do # nieudanych testów rzuca się ponownie, zaczynając od pierwszych porażek} many {do # nieudanych testów rzuca się ponownie, zaczynając od pierwszych porażek}}; rzut powtarza się tylko raz i obowiązuje drugi wynik, nawet gorszy (powtórzone {fumble} zastępuje drugi rzut).",
		Cs: "Opakování hodu: {n, plural, one {první neúspěšný test se hází znovu} few {až # neúspěšné testy se hází znovu, nejdřív ty první} other {až # neúspěšných testů se hází znovu, nejdřív ty první}}; hod lze opakovat jen jednou a platí druhý výsledek, i kdyby byl horší (opakovaný hod {fumble} nahradí druhý hod).",
	})
	noteArmourRerolls = define("note.armour_rerolls", l10n.Texts{
		En: "The target rolls {n, plural, one {its first failed Armour test} other {up to # failed Armour tests, the first failures first,}} again; the second roll stands.",
		Pl: "Cel powtarza {n, plural, one {pierwszy nieudany test pancerza} few {do # nieudanych testów pancerza, zaczynając od pierwszych porażek} many {do # nieudanych testów pancerza, zaczynając od pierwszych porażek}} (Powtórzenie rzutu); obowiązuje drugi rzut.",
		Cs: "Cíl opakuje {n, plural, one {první neúspěšný test Zbroje} few {až # neúspěšné testy Zbroje, nejdřív ty první} other {až # neúspěšných testů Zbroje, nejdřív ty první}} (Opakování hodu); platí druhý hod.",
	})
	noteVehicle = define("note.vehicle", l10n.Texts{
		En: "Vehicle: each hit tests the vehicle's AV (Armour Value) lowered by the hit's AVV; the weapon Strength does not modify AV (its table modifies Armour, which vehicles do not have) but still sets {critical}; a failed AV test costs 1 Structure Point, or X with {critical} (X). The rulebook text has no hit location table: give the AV of the location hit.",
		Pl: "Pojazd: każde trafienie testuje Pancerz pojazdu obniżony o AVV trafienia; Siła broni nie zmienia pancerza pojazdu (jej tabela zmienia Zbroję, której pojazdy nie mają), ale nadal wyznacza {critical}; nieudany test kosztuje 1 punkt struktury (Punkty struktury) albo X przy {critical} (X). Tekst podręcznika nie ma tabeli miejsc trafienia: podaj Pancerz trafionego miejsca.",
		Cs: "Vozidlo: každý zásah testuje Pancíř snížený o AVV zásahu; Síla zbraně Pancíř neupravuje (její tabulka upravuje Zbroj, kterou vozidla nemají), ale dál určuje {critical}; neúspěšný test Pancíře stojí 1 Bod struktury, nebo X, je-li to {critical} (X). Text pravidel nemá tabulku míst zásahu: zadejte Pancíř zasaženého místa.",
	})
	noteAVVModel = define("note.avv_model", l10n.Texts{
		En: "AVV lowers only a vehicle's AV: against a model it changes nothing.",
		Pl: "AVV obniża tylko pancerz pojazdu: przeciw modelowi niczego nie zmienia.",
		Cs: "AVV (Protipancéřová hodnota) snižuje jen Pancíř vozidla: proti modelu nic nemění.",
	})
	noteSuppression = define("note.suppression", l10n.Texts{
		En: "Suppression Fire: no Shooting test; a target model that moves more than 2\" this round tests Constitution {con}, and a failure is an automatic hit at Strength {strength}, the lowest weapon Strength of the {models, plural, one {# model} other {# models}}. The squad needs the Suppression Fire special ability.",
		Pl: "Ogień zaporowy: bez testu Strzelania; model celu, który w tej rundzie przesunie się o więcej niż 2\", testuje Odporność {con}, a porażka oznacza automatyczne trafienie z Siłą {strength}, najniższą Siłą broni spośród {models, plural, one {# modelu} few {# modeli} many {# modeli}}. Oddział musi mieć zdolność specjalną Ogień zaporowy.",
		Cs: "Krycí palba: bez testu Střelby; model cíle, který se v tomto kole pohne o více než 2\", skládá test Odolnosti {con} a neúspěch znamená Automatický zásah se Silou {strength}, nejnižší Silou zbraně z {models, plural, one {# modelu} few {# modelů} other {# modelů}}. Oddíl musí mít zvláštní schopnost Krycí palba.",
	})
	noteSuppressionNoBonus = define("note.suppression_no_bonus", l10n.Texts{
		En: "Suppression Fire gets no bonus for its models ({critical} +1, AVV +1 per 3 models): the rulebook gives it to Focus Fire and Swarm only.",
		Pl: "Ogień zaporowy nie dostaje premii za modele ({critical} +1, AVV +1 za każde 3 modele): podręcznik daje ją tylko akcjom Skupiony ogień i Przewaga liczebna.",
		Cs: "Krycí palba nezíská bonus za modely ({critical} +1, AVV +1 za každé 3 modely): pravidla ho dávají jen Soustředěné palbě a Přečíslení.",
	})
	noteTeamWeaponTypes = define("note.team_weapon_types", l10n.Texts{
		En: "The extracted rulebook interleaves the Suppression Fire and Swarm columns line by line. The line \"the weapon type is always\" falls inside Suppression Fire's sentence on the automatic hit, so it is Swarm's, and its next line is \"Piercing\": Swarm is Piercing, like Focus Fire, whose rule it follows sentence by sentence. The sentence \"… always Blast\" cuts Swarm's last sentence on the next page, so it ends Suppression Fire: Suppression Fire is Blast. If your rulebook reads otherwise, give the target's modifier against that type.",
		Pl: "Wyodrębniony tekst podręcznika przeplata kolumny Ogień zaporowy i Przewaga liczebna wiersz po wierszu. Wiersz „typ broni to zawsze” wpada w zdanie Ognia zaporowego o automatycznym trafieniu, więc należy do Przewagi liczebnej, a jego następny wiersz to „Przebijający”: Przewaga liczebna ma typ Przebijający, jak Skupiony ogień, której zasadę powtarza zdanie po zdaniu. Zdanie „… zawsze Wybuchowy” przecina ostatnie zdanie Przewagi liczebnej na następnej stronie, więc kończy Ogień zaporowy: Ogień zaporowy ma typ Wybuchowy. Jeśli wasz podręcznik mówi inaczej, podaj modyfikator celu przeciw tamtemu typowi.",
		Cs: "Vytažený text pravidel prokládá sloupce Krycí palby a Přečíslení řádek po řádku. Řádek „Typ zbraně je při této týmové akci vždy” padá doprostřed věty Krycí palby o Automatickém zásahu, patří tedy Přečíslení, a jeho další řádek je „Průrazný”: Přečíslení je Průrazné jako Soustředěná palba, jejíž pravidlo opakuje větu po větě. Věta „… vždy Výbušný” přetíná poslední větu Přečíslení na další straně, končí tedy Krycí palbu: Krycí palba je Výbušná. Pokud vaše pravidla říkají jinak, zadejte modifikátor cíle proti tomu typu.",
	})
	noteHeadsUp = define("note.heads_up", l10n.Texts{
		En: "Heads up!: every model of the squad spends an action point; a failed test is taken again, and only a second failure leaves the squad pinned and deactivated.",
		Pl: "Głowy do góry!: każdy model oddziału zużywa punkt akcji; nieudany test zdaje się ponownie i dopiero druga porażka zostawia oddział przygwożdżony (Przygwożdżenie) i dezaktywowany.",
		Cs: "Hlavy vzhůru!: každý model oddílu použije akční bod; neúspěšný test se skládá znovu a teprve druhý neúspěch nechá oddíl zalehnutý a Deaktivovaný.",
	})
	noteHeadsUpFumbleRetakes = define("note.heads_up_fumble_retakes", l10n.Texts{
		En: "As the request asks, a {fumble} on the first test is a failure like any other: the squad takes the test again (read as the rulebook words it, the {fumble} leaves the models no action point for the retake).",
		Pl: "Zgodnie z żądaniem {fumble} w pierwszym teście to porażka jak każda inna: oddział zdaje test ponownie (według słów podręcznika {fumble} nie zostawia modelom punktu akcji na powtórkę).",
		Cs: "Podle požadavku je {fumble} v prvním testu neúspěch jako každý jiný: oddíl test skládá znovu (podle slov pravidel {fumble} modelům nenechá akční bod na opakování).",
	})
	noteHeadsUpFumbleStops = define("note.heads_up_fumble_stops", l10n.Texts{
		En: "A {fumble} on the first test: \"Model, kterému při testu dovednosti padne neupravená 20, nemůže už v daném herním kole použít žádný další akční bod\" (Morale is a skill like every characteristic), and the retake costs an action point of every model, so the squad cannot take the test again and stays pinned (an option of the request takes it again).",
		Pl: "{fumble} w pierwszym teście: „model, któremu w teście umiejętności wypadnie niezmodyfikowane 20, nie może już w tej rundzie gry użyć żadnego kolejnego punktu akcji” (Morale to umiejętność jak każda cecha), a powtórka kosztuje punkt akcji każdego modelu, więc oddział nie może zdawać testu ponownie i zostaje zalegający (opcja żądania go powtarza).",
		Cs: "{fumble} v prvním testu: „Model, kterému při testu dovednosti padne neupravená 20, nemůže už v daném herním kole použít žádný další akční bod” (Morálka je dovednost jako každá vlastnost), a opakování stojí akční bod každého modelu, takže oddíl nemůže test skládat znovu a zůstává zalehnutý (volba požadavku ho opakuje).",
	})
	noteMoraleRerolls = define("note.morale_rerolls", l10n.Texts{
		En: "Re-roll: {n, plural, one {the first failed morale roll is rolled again} other {up to # failed morale rolls are rolled again, the first failure first}}, once each, and the second roll stands even if it is worse (a rolled-again {fumble} is replaced by the second roll). The second Heads up! test is a new test, not a re-roll: a re-roll left over may roll it again.",
		Pl: "Powtórzenie rzutu: {n, plural, one {pierwszy nieudany rzut na morale powtarza się} few {do # nieudanych rzutów na morale powtarza się, zaczynając od pierwszej porażki} many {do # nieudanych rzutów na morale powtarza się, zaczynając od pierwszej porażki}}, każdy raz, i obowiązuje drugi wynik, nawet gorszy (powtórzone {fumble} zastępuje drugi rzut). Drugi test Głowy do góry! to nowy test, nie powtórzony rzut: pozostałe Powtórzenie rzutu może go powtórzyć.",
		Cs: "Opakování hodu: {n, plural, one {první neúspěšný hod na Morálku se hází znovu} few {až # neúspěšné hody na Morálku se hází znovu, nejdřív ten první} other {až # neúspěšných hodů na Morálku se hází znovu, nejdřív ten první}}, každý jednou, a platí druhý výsledek, i kdyby byl horší (opakovaný hod {fumble} nahradí druhý hod). Druhý test Hlavy vzhůru! je nový test, ne opakovaný hod: zbylé Opakování hodu ho může opakovat.",
	})
	noteTestReroll = define("note.test_reroll", l10n.Texts{
		En: "Re-roll: a failed roll is rolled again once, and the second roll stands even if it is worse; a rolled-again {fumble} is replaced by the second roll.",
		Pl: "Powtórzenie rzutu: nieudany rzut powtarza się raz i obowiązuje drugi wynik, nawet gorszy; powtórzone {fumble} zastępuje drugi rzut.",
		Cs: "Opakování hodu: neúspěšný hod se jednou opakuje a platí druhý výsledek, i kdyby byl horší; opakovaný hod {fumble} nahradí druhý hod.",
	})
)

// Errors.
var (
	errConstitutionOnly = define("error.constitution_only", l10n.Texts{
		En: "the target's Constitution is for Suppression Fire only",
		Pl: "Odporność celu dotyczy tylko Ognia zaporowego",
		Cs: "Odolnost cíle platí jen pro Krycí palbu",
	})
	errSuppressionAuto = define("error.suppression_auto", l10n.Texts{
		En: "Suppression Fire hits automatically whenever the target fails its Constitution test",
		Pl: "Ogień zaporowy trafia automatycznie, gdy cel nie zda testu Odporności",
		Cs: "Krycí palba zasáhne automaticky vždy, když cíl nesloží test Odolnosti",
	})
)

// Léčení (healing).
var (
	whatHealing    = define("what.healing", l10n.Texts{En: "Léčení test (Healing)", Pl: "Test Leczenia", Cs: "Test Léčení"})
	againstHealing = define("against.healing", l10n.Texts{En: "Léčení ({x})", Pl: "Leczenie ({x})", Cs: "Léčení ({x})"})
	stepHealed     = define("step.healed", l10n.Texts{
		En: "{roll}; the wound is healed: {n, plural, one {# Wound} other {# Wounds}} not lost",
		Pl: "{roll}; rana wyleczona: {n} Żyw. nie traci",
		Cs: "{roll}; zranění vyléčeno: neztrácí {n, plural, one {# Život} few {# Životy} other {# Životů}}",
	})
	noteHealing = define("note.healing", l10n.Texts{
		En: "Léčení ({x}): each wound (a failed Armour test, or a hit with no Armour test) gets one test, a d20 at or under {x}; passed, the wound costs no Wounds, all of them under Critical Force. A {power} allows no Léčení test.",
		Pl: "Leczenie ({x}): każda rana (nieudany test pancerza albo trafienie bez testu pancerza) ma jeden test, k20 równy lub niższy od {x}; zdany, rana nie kosztuje Żywotów, także wszystkich przy Krytycznej ranie. {power} nie pozwala na test Leczenia.",
		Cs: "Léčení ({x}): každé zranění (neúspěšný test Zbroje nebo zásah bez testu Zbroje) má jeden test, D20 stejně nebo méně než {x}; úspěšný, zranění nestojí žádné Životy, ani všechny při Kritickém zranění. {power} test Léčení nedovoluje.",
	})
	errHealingVehicle = define("error.healing_vehicle", l10n.Texts{
		En: "Léčení heals a model's wounds, not a vehicle's Structure Points",
		Pl: "Leczenie leczy rany modelu, nie Punkty struktury pojazdu",
		Cs: "Léčení léčí zranění modelu, ne Body struktury vozidla",
	})
)
