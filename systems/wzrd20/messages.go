package wzrd20

import "kostka/l10n"

// define adds a wzr-d20 message. Named rules keep the Czech rulebook's
// words in Czech (Do černého, Do prázdna, Hlavy vzhůru!…); Polish uses a
// faithful Polish translation of them (W dziesiątkę, W próżnię, Głowy do
// góry!…); English uses the English names the rulebook gives in brackets.
func define(id string, t l10n.Texts) *l10n.Def { return l10n.Define("wzr-d20."+id, t) }

// Terms.
var (
	termPowerShot = define("term.power_shot", l10n.Texts{En: "Power Shot", Pl: "W dziesiątkę", Cs: "Do černého"})
	termFumble    = define("term.fumble", l10n.Texts{En: "Fumble", Pl: "W próżnię", Cs: "Do prázdna"})
	termCritical  = define("term.critical", l10n.Texts{En: "Critical Force", Pl: "Krytyczna rana", Cs: "Kritické zranění"})
	termTests     = map[string]*l10n.Def{
		"pinning":  define("term.test.pinning", l10n.Texts{En: "Pinning", Pl: "Przygwożdżenie", Cs: "Zalehnutí"}),
		"broken":   define("term.test.broken", l10n.Texts{En: "Broken", Pl: "Rozproszenie", Cs: "Rozprášení"}),
		"heads_up": define("term.test.heads_up", l10n.Texts{En: "Heads up!", Pl: "Głowy do góry!", Cs: "Hlavy vzhůru!"}),
		"regroup":  define("term.test.regroup", l10n.Texts{En: "Regroup", Pl: "Przegrupowanie", Cs: "Seskupení"}),
	}
	termPiercing = define("term.piercing", l10n.Texts{En: "Piercing", Pl: "Przebijający", Cs: "Průrazný"})
	termBlast    = define("term.blast", l10n.Texts{En: "Blast", Pl: "Wybuchowy", Cs: "Výbušný"})
	termCharge   = map[string]*l10n.Def{
		"small":  define("term.base.small", l10n.Texts{En: "small base", Pl: "mała podstawka", Cs: "malý podstavec"}),
		"medium": define("term.base.medium", l10n.Texts{En: "medium base", Pl: "średnia podstawka", Cs: "střední podstavec"}),
		"large":  define("term.base.large", l10n.Texts{En: "large base", Pl: "duża podstawka", Cs: "velký podstavec"}),
	}
)

// Steps.
var (
	stepRoll = define("step.roll", l10n.Texts{
		En: "{what}: d20 {face} against {target} ({against}): {outcome}",
		Pl: "{what}: k20 {face} przeciw {target} ({against}): {outcome}",
		Cs: "{what}: D20 {face} proti {target} ({against}): {outcome}",
	})
	outcomePowerShot = define("outcome.power_shot", l10n.Texts{
		En: "an unmodified 1, a {term} (automatic success)",
		Pl: "niezmodyfikowana 1, {term} (automatyczny sukces)",
		Cs: "neupravená 1, {term} (automatický úspěch)",
	})
	outcomeFumble = define("outcome.fumble", l10n.Texts{
		En: "an unmodified 20, a {term} (automatic failure; the model loses its remaining action points)",
		Pl: "niezmodyfikowana 20, {term} (automatyczna porażka; model traci pozostałe punkty akcji)",
		Cs: "neupravená 20, {term} (automatický neúspěch; model ztrácí zbývající akční body)",
	})
	whatTest      = define("what.test", l10n.Texts{En: "Test", Pl: "Test", Cs: "Test"})
	whatShot      = define("what.shot", l10n.Texts{En: "Test {n}", Pl: "Test {n}", Cs: "Test {n}"})
	whatArmour    = define("what.armour", l10n.Texts{En: "Armour test", Pl: "Test pancerza", Cs: "Test Zbroje"})
	whatMorale    = define("what.morale", l10n.Texts{En: "Morale test ({test})", Pl: "Test morale ({test})", Cs: "Test Morálky ({test})"})
	againstSkill  = define("against.skill", l10n.Texts{En: "skill {skill} {modifier}", Pl: "umiejętność {skill} {modifier}", Cs: "dovednost {skill} {modifier}"})
	againstShot   = define("against.shot", l10n.Texts{En: "skill", Pl: "umiejętność", Cs: "dovednost"})
	againstArmour = define("against.armour", l10n.Texts{
		En: "A {armour} {strength_mod} for Strength {strength}{other}",
		Pl: "Pancerz {armour} {strength_mod} za Siłę {strength}{other}",
		Cs: "Zbroj {armour} {strength_mod} za Sílu {strength}{other}",
	})
	againstArmourFloor = define("against.armour_floor", l10n.Texts{
		En: "A {armour} {strength_mod} for Strength {strength}{other}, not below {floor}",
		Pl: "Pancerz {armour} {strength_mod} za Siłę {strength}{other}, nie mniej niż {floor}",
		Cs: "Zbroj {armour} {strength_mod} za Sílu {strength}{other}, ne méně než {floor}",
	})
	againstMorale = define("against.morale", l10n.Texts{En: "LD {ld} {test_mod} {modifier}", Pl: "LD {ld} {test_mod} {modifier}", Cs: "LD {ld} {test_mod} {modifier}"})
	stepPowerShot = define("step.power_shot_wounds", l10n.Texts{
		En: "{term}: no Armour test; {n, plural, one {# Wound} other {# Wounds}} lost",
		Pl: "{term}: bez testu pancerza; {n, plural, one {stracona # Rana} few {stracone # Rany} many {straconych # Ran}}",
		Cs: "{term}: bez testu Zbroje; {n, plural, one {ztracen # Život} few {ztraceny # Životy} other {ztraceno # Životů}}",
	})
	stepNoArmour = define("step.no_armour", l10n.Texts{
		En: "the target has no Armour value; {n, plural, one {# Wound} other {# Wounds}} lost",
		Pl: "cel nie ma wartości pancerza; {n, plural, one {stracona # Rana} few {stracone # Rany} many {straconych # Ran}}",
		Cs: "cíl nemá hodnotu Zbroje; {n, plural, one {ztracen # Život} few {ztraceny # Životy} other {ztraceno # Životů}}",
	})
	stepArmourWounds = define("step.armour_wounds", l10n.Texts{
		En: "{roll}; {n, plural, one {# Wound} other {# Wounds}} lost",
		Pl: "{roll}; {n, plural, one {stracona # Rana} few {stracone # Rany} many {straconych # Ran}}",
		Cs: "{roll}; {n, plural, one {ztracen # Život} few {ztraceny # Životy} other {ztraceno # Životů}}",
	})
	stepArmourCritical = define("step.armour_critical", l10n.Texts{
		En: "{roll}; {n, plural, one {# Wound} other {# Wounds}} lost ({term} ({x}))",
		Pl: "{roll}; {n, plural, one {stracona # Rana} few {stracone # Rany} many {straconych # Ran}} ({term} ({x}))",
		Cs: "{roll}; {n, plural, one {ztracen # Život} few {ztraceny # Životy} other {ztraceno # Životů}} ({term} ({x}))",
	})
	stepTotal = define("step.total", l10n.Texts{
		En: "{hits, plural, one {# hit} other {# hits}}, {wounds, plural, one {# Wound} other {# Wounds}} lost of {of}: {outcome}",
		Pl: "{hits, plural, one {# trafienie} few {# trafienia} many {# trafień}}, stracone Rany: {wounds} z {of}: {outcome}",
		Cs: "{hits, plural, one {# zásah} few {# zásahy} other {# zásahů}}, ztracené Životy: {wounds} z {of}: {outcome}",
	})
	termRemoved = define("term.removed", l10n.Texts{En: "the target is removed as a casualty", Pl: "cel zostaje usunięty jako zabity", Cs: "cíl je odstraněn ze stolu jako mrtvý"})
	termStands  = define("term.stands", l10n.Texts{En: "the target stands", Pl: "cel pozostaje w grze", Cs: "cíl zůstává ve hře"})
	stepNoTest  = define("step.no_morale_test", l10n.Texts{
		En: "{lost} of {squad, plural, one {# model} other {# models}} lost this round: under {pct}%",
		Pl: "Straty w tej rundzie: {lost} z {squad, plural, one {# modelu} few {# modeli} many {# modeli}}, poniżej {pct}%",
		Cs: "Ztráty v tomto kole: {lost} z {squad, plural, one {# modelu} few {# modelů} other {# modelů}}, pod {pct} %",
	})
	stepWhichTest = define("step.which_test", l10n.Texts{
		En: "{lost} of {squad, plural, one {# model} other {# models}} lost this round: a {test} test",
		Pl: "Straty w tej rundzie: {lost} z {squad, plural, one {# modelu} few {# modeli} many {# modeli}}: test {test}",
		Cs: "Ztráty v tomto kole: {lost} z {squad, plural, one {# modelu} few {# modelů} other {# modelů}}: test {test}",
	})
)

// Effects of a morale test, failed and passed.
var (
	effectNone = define("effect.none", l10n.Texts{
		En: "no morale test: the squad lost less than half its models this round",
		Pl: "bez testu morale: oddział stracił w tej rundzie mniej niż połowę modeli",
		Cs: "bez testu Morálky: oddíl v tomto kole ztratil méně než polovinu modelů",
	})
	fightsOn = define("effect.fights_on", l10n.Texts{En: "the squad fights on", Pl: "oddział walczy dalej", Cs: "oddíl bojuje dál"})
	effects  = map[string][2]*l10n.Def{
		"pinning": {define("effect.pinned", l10n.Texts{
			En: "the squad is pinned: +2 Armour against shooting, but only Heads up! until it passes",
			Pl: "oddział jest przygwożdżony (Przygwożdżenie): +2 do pancerza przeciw strzelaniu, ale do zdanego testu tylko Głowy do góry!",
			Cs: "oddíl zalehl: +2 ke Zbroji proti střelbě, ale dokud test nesloží, jen Hlavy vzhůru!",
		}), fightsOn},
		"broken": {define("effect.broken", l10n.Texts{
			En: "the squad is broken: it moves twice its Move towards its deployment edge at once",
			Pl: "oddział jest rozbity (Rozproszenie): od razu rusza o dwukrotność Ruchu ku swojej krawędzi rozstawienia",
			Cs: "oddíl je rozprášený: ihned se pohne o dvojnásobek Pohybu k hraně své zóny nasazení",
		}), fightsOn},
		"heads_up": {define("effect.stays_pinned", l10n.Texts{
			En: "the squad stays pinned and is deactivated; every model spent its action points",
			Pl: "oddział nadal zalega i jest dezaktywowany; każdy model zużył punkty akcji",
			Cs: "oddíl zůstává zalehnutý a je Deaktivovaný; každý model použil akční body",
		}), define("effect.unpinned", l10n.Texts{
			En: "the squad is no longer pinned",
			Pl: "oddział już nie zalega",
			Cs: "oddíl už není zalehnutý",
		})},
		"regroup": {define("effect.stays_broken", l10n.Texts{
			En: "the squad stays broken",
			Pl: "oddział pozostaje rozbity",
			Cs: "oddíl zůstává rozprášený",
		}), define("effect.regroups", l10n.Texts{
			En: "the squad regroups",
			Pl: "oddział się przegrupowuje",
			Cs: "oddíl se seskupí",
		})},
	}
)

// Notes.
var (
	noteHeavyCover = define("note.heavy_cover", l10n.Texts{
		En: "Heavy cover taken as {value} RS: the rulebook text gives no value; give your group's own if it differs.",
		Pl: "Ciężka osłona liczona jako {value} RS: tekst podręcznika nie podaje wartości; podaj własną, jeśli grupa gra inaczej.",
		Cs: "Těžký kryt počítán jako {value} RS: text pravidel hodnotu neuvádí; zadejte vlastní, pokud vaše skupina hraje jinak.",
	})
	noteClamped = define("note.clamped", l10n.Texts{
		En: "The modified skill {value} is taken as {clamped}: no value goes below 1 or above 20.",
		Pl: "Zmodyfikowana umiejętność {value} jest liczona jako {clamped}: żadna wartość nie spada poniżej 1 ani nie przekracza 20.",
		Cs: "Upravená dovednost {value} se počítá jako {clamped}: žádná hodnota neklesne pod 1 ani nepřekročí 20.",
	})
	noteAim = define("note.aim", l10n.Texts{
		En: "Aim: +2 RS and Strength on the first shot.",
		Pl: "Celowanie: +2 RS i Siły przy pierwszym strzale.",
		Cs: "Míření: +2 RS a Síla u prvního výstřelu.",
	})
	noteRapidFire = define("note.rapid_fire", l10n.Texts{
		En: "Rapid Fire: one more test, -2 RS, half range.",
		Pl: "Szybki ogień: jeden test więcej, -2 RS, połowa zasięgu.",
		Cs: "Rychlopalba: o jeden test víc, -2 RS, poloviční dostřel.",
	})
	noteCharge = define("note.charge", l10n.Texts{
		En: "Charge ({base}): +{strength} Strength and +{avv} AVV on the first attack.",
		Pl: "Szarża ({base}): +{strength} Siły i +{avv} AVV przy pierwszym ataku.",
		Cs: "Napadení ({base}): +{strength} Síla a +{avv} AVV u prvního útoku.",
	})
	noteFumble = define("note.fumble", l10n.Texts{
		En: "A {term}: the model may use no more action points this round.",
		Pl: "{term}: model nie może już w tej rundzie użyć punktów akcji.",
		Cs: "{term}: model už v tomto kole nesmí použít žádný akční bod.",
	})
	noteTeam = define("note.team", l10n.Texts{
		En: "One test at skill {skill} + 6 {modifier} {view} = {total}; Strength {strength} + {rate} = {total_strength}; +{groups} {critical} and +{groups} AVV for {models} models.",
		Pl: "Jeden test z umiejętnością {skill} + 6 {modifier} {view} = {total}; Siła {strength} + {rate} = {total_strength}; +{groups} {critical} i +{groups} AVV za {models, plural, one {# model} few {# modele} many {# modeli}}.",
		Cs: "Jeden test s dovedností {skill} + 6 {modifier} {view} = {total}; Síla {strength} + {rate} = {total_strength}; +{groups} {critical} a +{groups} AVV za {models, plural, one {# model} few {# modely} other {# modelů}}.",
	})
	noteStrengthCapped = define("note.strength_capped", l10n.Texts{
		En: "Strength {value} is taken as 20: no value goes above 20.",
		Pl: "Siła {value} jest liczona jako 20: żadna wartość nie przekracza 20.",
		Cs: "Síla {value} se počítá jako 20: žádná hodnota nepřekročí 20.",
	})
	noteSwarmNoCharge = define("note.swarm_no_charge", l10n.Texts{
		En: "Models that swarm do not get the charge bonus.",
		Pl: "Modele w Przewadze liczebnej nie dostają premii za szarżę.",
		Cs: "Modely, které přečíslují, nezískají bonus za napadení.",
	})
	noteWeaponType = define("note.weapon_type", l10n.Texts{
		En: "The weapon type is always {type}: give the target's armour modifier against that weapon type.",
		Pl: "Typ broni to zawsze {type}: podaj modyfikator pancerza celu przeciw temu typowi broni.",
		Cs: "Typ zbraně je vždy {type}: zadejte modifikátor zbroje cíle proti tomuto typu zbraně.",
	})
	noteBrokenAt75 = define("note.broken_at_75", l10n.Texts{
		En: "Losses of 75% or more call for a Broken test instead of a Pinning test, not both (Tests at 75% losses: Pinning, then Broken takes both).",
		Pl: "Straty 75% lub więcej oznaczają test Rozproszenia zamiast testu Przygwożdżenia, nie oba (Testy przy stratach 75%: Przygwożdżenie, potem Rozproszenie bierze oba).",
		Cs: "Ztráty 75 % a více znamenají test Rozprášení místo testu Zalehnutí, ne oba (Testy při ztrátách 75 %: Zalehnutí, pak Rozprášení vezme oba).",
	})
)

// Labels of the odds.
var (
	labelSuccess   = define("odds.success", l10n.Texts{En: "Success", Pl: "Sukces", Cs: "Úspěch"})
	labelPowerShot = define("odds.power_shot", l10n.Texts{En: "Power Shot", Pl: "W dziesiątkę", Cs: "Do černého"})
	labelFumble    = define("odds.fumble", l10n.Texts{En: "Fumble", Pl: "W próżnię", Cs: "Do prázdna"})
	labelHits      = define("odds.hits", l10n.Texts{En: "Hits", Pl: "Trafienia", Cs: "Zásahy"})
	labelWounds    = define("odds.wounds", l10n.Texts{En: "Wounds lost", Pl: "Stracone Rany", Cs: "Ztracené Životy"})
	labelRemoved   = define("odds.removed", l10n.Texts{En: "Removed as a casualty", Pl: "Usunięty jako zabity", Cs: "Odstraněn jako mrtvý"})
	labelPassed    = define("odds.passed", l10n.Texts{En: "Test passed", Pl: "Test zdany", Cs: "Test složen"})
)

// Errors.
var (
	errShootingOnly = define("error.shooting_only", l10n.Texts{
		En: "{what} is for shooting, not close combat",
		Pl: "{what} dotyczy strzelania, nie walki wręcz",
		Cs: "{what} platí pro střelbu, ne pro boj na blízko",
	})
	errCoverInCC = define("error.cover_close_combat", l10n.Texts{
		En: "cover penalizes shooting; in close combat give modifiers in modifier",
		Pl: "osłona utrudnia strzelanie; w walce wręcz podaj modyfikatory w polu „Modyfikator umiejętności”",
		Cs: "kryt ztěžuje střelbu; v boji na blízko zadejte modifikátory v poli „Modifikátor dovednosti“",
	})
	errChargeShooting = define("error.charge_shooting", l10n.Texts{
		En: "the charge bonus is for close combat; set mode to close_combat",
		Pl: "premia za szarżę dotyczy walki wręcz; ustaw „Atak” na „Walka wręcz”",
		Cs: "bonus za napadení platí pro boj na blízko; nastavte „Útok“ na „Boj na blízko“",
	})
	errSwarmView = define("error.swarm_view", l10n.Texts{
		En: "a clear view matters for Focus Fire, not Swarm",
		Pl: "czysty widok liczy się przy Skupionym ogniu, nie przy Przewadze liczebnej",
		Cs: "čistý výhled je důležitý pro Soustředěnou palbu, ne pro Přečíslení",
	})
	termAim       = define("term.aim", l10n.Texts{En: "Aim", Pl: "Celowanie", Cs: "Míření"})
	termRapidFire = define("term.rapid_fire", l10n.Texts{En: "Rapid Fire", Pl: "Szybki ogień", Cs: "Rychlopalba"})
)
