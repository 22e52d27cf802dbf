package fantasyk6

import "kostka/l10n"

// define adds a fantasy-k6 message.
func define(id string, t l10n.Texts) *l10n.Def { return l10n.Define("fantasy-k6."+id, t) }

// term defines a rulebook term: the Polish rulebook's word in Polish, its
// Czech translation in Czech, the English name in English.
func term(id, pl, cs, en string) *l10n.Def {
	return define("term."+id, l10n.Texts{En: en, Pl: pl, Cs: cs})
}

// Rulebook terms.
var (
	termPanic  = term("panic", "Panika", "Panika", "Panic") // the same word in Czech
	termWalka  = term("walka", "Walka", "Boj", "Fighting")
	termPain   = term("pain", "Próg bólu", "Práh bolesti", "Pain threshold")
	termTerror = term("terror", "Groza", "Hrůza", "Terror")
	termSave   = term("save", "Odporność", "Odolnost", "Save")
	termModes  = map[string]*l10n.Def{
		"shooting": define("term.mode.shooting", l10n.Texts{En: "shooting", Pl: "strzelanie", Cs: "střelba"}),
		"melee":    define("term.mode.melee", l10n.Texts{En: "melee", Pl: "walka wręcz", Cs: "boj zblízka"}),
	}
)

// Steps.
var (
	stepK3 = define("step.k3", l10n.Texts{
		En: "k3: d6 {face} halved, rounded up, {modifier} = {result}",
		Pl: "k3: k6 {face} podzielone przez 2, w górę, {modifier} = {result}",
		Cs: "k3: k6 {face} děleno 2, nahoru, {modifier} = {result}",
	})
	stepTest = define("step.test", l10n.Texts{
		En: "d6 {face} against {chance} ({value} {modifier}): {verdict}",
		Pl: "k6 {face} przeciw {chance} ({value} {modifier}): {verdict}",
		Cs: "k6 {face} proti {chance} ({value} {modifier}): {verdict}",
	})
	stepReroll = define("step.reroll", l10n.Texts{
		En: "reroll {face}: {verdict} (accepted)",
		Pl: "przerzut {face}: {verdict} (wiążący)",
		Cs: "přehoz {face}: {verdict} (platí)",
	})
	stepMiss = define("step.miss", l10n.Texts{
		En: "Attack {n}: hit {face} against {chance}: miss",
		Pl: "Atak {n}: trafienie {face} przeciw {chance}: pudło",
		Cs: "Útok {n}: zásah {face} proti {chance}: minutí",
	})
	stepSaved = define("step.saved", l10n.Texts{
		En: "Attack {n}: {hit}; {save} {save_face} against {save_chance}: saved",
		Pl: "Atak {n}: {hit}; {save} {save_face} przeciw {save_chance}: obroniony",
		Cs: "Útok {n}: {hit}; {save} {save_face} proti {save_chance}: odolal",
	})
	stepPainAfterSave = define("step.pain_after_save", l10n.Texts{
		En: "Attack {n}: {hit}; {save} {save_face} against {save_chance}: failed; {pain} {pain_face} against {pain_chance}: {outcome}",
		Pl: "Atak {n}: {hit}; {save} {save_face} przeciw {save_chance}: nieudana; {pain} {pain_face} przeciw {pain_chance}: {outcome}",
		Cs: "Útok {n}: {hit}; {save} {save_face} proti {save_chance}: neúspěch; {pain} {pain_face} proti {pain_chance}: {outcome}",
	})
	stepPainNoSave = define("step.pain_no_save", l10n.Texts{
		En: "Attack {n}: {hit}; no save; {pain} {pain_face} against {pain_chance}: {outcome}",
		Pl: "Atak {n}: {hit}; bez obrony; {pain} {pain_face} przeciw {pain_chance}: {outcome}",
		Cs: "Útok {n}: {hit}; bez obrany; {pain} {pain_face} proti {pain_chance}: {outcome}",
	})
	// The hit part of a step: rolled, or none against Walka 0.
	termHitRolled = define("term.hit_rolled", l10n.Texts{
		En: "hit {face} against {chance}: hit",
		Pl: "trafienie {face} przeciw {chance}: trafiony",
		Cs: "zásah {face} proti {chance}: zásah",
	})
	termHitAutomatic = define("term.hit_automatic", l10n.Texts{
		En: "hit with no roll ({walka} 0)",
		Pl: "trafienie bez rzutu ({walka} 0)",
		Cs: "zásah bez hodu ({walka} 0)",
	})
	// A die of a step: as rolled, or with its reroll (Przerzuty).
	termDie      = define("term.die", l10n.Texts{En: "{face}", Pl: "{face}", Cs: "{face}"})
	termRerolled = define("term.die_rerolled", l10n.Texts{
		En: "{face}, reroll {reroll}",
		Pl: "{face}, przerzut {reroll}",
		Cs: "{face}, přehoz {reroll}",
	})
	termFightsOn = define("term.fights_on", l10n.Texts{En: "fights on", Pl: "walczy dalej", Cs: "bojuje dál"})
	termRemoved  = define("term.removed", l10n.Texts{En: "removed", Pl: "usunięty", Cs: "odstraněn"})
	termStays    = define("term.stays", l10n.Texts{En: "stays in the game", Pl: "zostaje w grze", Cs: "zůstává ve hře"})
	stepTerror   = define("step.terror", l10n.Texts{
		En: "{terror}: d6 {face} against {chance}: {verdict}",
		Pl: "{terror}: k6 {face} przeciw {chance}: {verdict}",
		Cs: "{terror}: k6 {face} proti {chance}: {verdict}",
	})
	stepImmune = define("step.terror_immune", l10n.Texts{
		En: "A model that causes {terror} is immune to it: no roll.",
		Pl: "Model wywołujący {terror} jest na nią odporny: bez rzutu.",
		Cs: "Model, který vyvolává {terror}, je vůči ní odolný: bez hodu.",
	})
	stepJump = define("step.jump", l10n.Texts{
		En: "Jump from {height}\": d6 {face}, fails on {height} or less: {verdict}",
		Pl: "Skok z {height}\": k6 {face}, nieudany przy {height} lub mniej: {verdict}",
		Cs: "Seskok z {height}\": k6 {face}, nezdaří se při {height} nebo méně: {verdict}",
	})
	stepJumpPain = define("step.jump_pain", l10n.Texts{
		En: "{pain} {value}{modifier}: d6 {face}: {outcome}",
		Pl: "{pain} {value}{modifier}: k6 {face}: {outcome}",
		Cs: "{pain} {value}{modifier}: k6 {face}: {outcome}",
	})
)

// Notes.
var (
	notePanicAttacker = define("note.panic_attacker", l10n.Texts{
		En: "{panic}: the attacker's side is outnumbered 2:1, -1 {walka} (never below 1).",
		Pl: "{panic}: strona atakującego ma przewagę przeciwnika 2:1, -1 {walka} (nigdy poniżej 1).",
		Cs: "{panic}: strana útočníka je v přesile 2:1 proti sobě, -1 {walka} (nikdy pod 1).",
	})
	notePanicDefender = define("note.panic_defender", l10n.Texts{
		En: "{panic}: the defender's side is outnumbered 2:1, -1 {walka} (never below 1).",
		Pl: "{panic}: strona obrońcy ma przewagę przeciwnika 2:1, -1 {walka} (nigdy poniżej 1).",
		Cs: "{panic}: strana obránce je v přesile 2:1 proti sobě, -1 {walka} (nikdy pod 1).",
	})
	noteAlwaysHit = define("note.always_hit", l10n.Texts{
		En: "The defender has {walka} 0: every attack hits, with no hit roll.",
		Pl: "Obrońca ma {walka} 0: każdy atak trafia, bez rzutu na trafienie.",
		Cs: "Obránce má {walka} 0: každý útok zasáhne, bez hodu na zásah.",
	})
	noteSixMisses = define("note.six_misses", l10n.Texts{
		En: "A 6 always fails the hit roll, whatever the modifiers: even against {chance} a 6 misses.",
		Pl: "Wynik 6 zawsze oznacza pudło, niezależnie od modyfikatorów: nawet przeciw {chance} szóstka nie trafia.",
		Cs: "Šestka při hodu na zásah vždy selže bez ohledu na modifikátory: i proti {chance} šestka mine.",
	})
	noteRerolls = define("note.rerolls", l10n.Texts{
		En: "Rerolls: each failed roll of the kinds chosen is rolled once more and the second result stands; a reroll is never rerolled.",
		Pl: "Przerzuty: każdy nieudany rzut wybranego rodzaju wykonuje się jeszcze raz i obowiązuje drugi wynik; przerzutu nigdy nie przerzuca się ponownie.",
		Cs: "Přehozy: každý neúspěšný hod zvoleného druhu se hází ještě jednou a platí druhý výsledek; přehoz se nikdy znovu nepřehazuje.",
	})
	noteJumpCertain = define("note.jump_certain", l10n.Texts{
		En: "A jump from {height}\" fails on every face: the height is the chance of failure (a jump from 6\" “fails practically certainly”), and the die is no test, so a 1 does not save it.",
		Pl: "Skok z {height}\" nie udaje się przy żadnym wyniku: wysokość to szansa porażki („skok z 6 cali nie uda się praktycznie na pewno”), a rzut nie jest testem, więc 1 go nie ratuje.",
		Cs: "Seskok z {height}\" se nezdaří při žádném výsledku: výška je šance na neúspěch (seskok z 6 palců se „prakticky jistě nezdaří“) a hod není test, takže ho 1 nezachrání.",
	})
	noteIgnored = define("note.ignored", l10n.Texts{
		En: "Ignored in {mode}: {fields}.",
		Pl: "Pominięte w trybie {mode}: {fields}.",
		Cs: "Ignorováno v režimu {mode}: {fields}.",
	})
	noteWounds = define("note.wounds", l10n.Texts{
		En: "Wounds are the failed saves whose {pain} test was passed; the attacks stop when the target is removed.",
		Pl: "Rany to nieudane obrony, po których test {pain} był zdany; ataki kończą się, gdy cel zostaje usunięty.",
		Cs: "Rány jsou neúspěšné obrany, po nichž byl test {pain} složen; útoky končí, když je cíl odstraněn.",
	})
)

// Labels of the odds.
var (
	labelSuccess = define("odds.success", l10n.Texts{En: "Success", Pl: "Sukces", Cs: "Úspěch"})
	labelResult  = define("odds.result", l10n.Texts{En: "Result", Pl: "Wynik", Cs: "Výsledek"})
	labelRemoved = define("odds.removed", l10n.Texts{En: "Target removed", Pl: "Cel usunięty", Cs: "Cíl odstraněn"})
	labelWounds  = define("odds.wounds", l10n.Texts{En: "Wounds shrugged off", Pl: "Zniesione rany", Cs: "Přestálé rány"})
	labelMiss    = define("odds.per_attack.miss", l10n.Texts{En: "One attack: miss", Pl: "Jeden atak: pudło", Cs: "Jeden útok: minutí"})
	labelSaved   = define("odds.per_attack.saved", l10n.Texts{En: "One attack: saved", Pl: "Jeden atak: obroniony", Cs: "Jeden útok: odolal"})
	labelWounded = define("odds.per_attack.wounded", l10n.Texts{En: "One attack: wounded, fights on", Pl: "Jeden atak: ranny, walczy dalej", Cs: "Jeden útok: zraněn, bojuje dál"})
	labelOneRem  = define("odds.per_attack.removed", l10n.Texts{En: "One attack: removed", Pl: "Jeden atak: usunięty", Cs: "Jeden útok: odstraněn"})
	labelJumpRem = define("odds.jump_removed", l10n.Texts{En: "Removed", Pl: "Usunięty", Cs: "Odstraněn"})
)

// Errors.
var (
	errK3 = define("error.k3", l10n.Texts{
		En: "a k3 roll tests no value and has no reroll; give only the modifier",
		Pl: "rzut k3 nie testuje wartości i nie ma przerzutu; podaj tylko modyfikator",
		Cs: "hod k3 netestuje hodnotu a nemá přehoz; zadejte jen modifikátor",
	})
	errMovedRan = define("error.moved_ran", l10n.Texts{
		En: "a model that ran has not also just moved: give moved or ran",
		Pl: "model, który biegł, nie mógł też zwyczajnie się poruszyć: zaznacz „Strzał po ruchu” albo „Strzał po biegu”",
		Cs: "model, který běžel, se zároveň jen nepohnul: zaškrtněte „Střelba po pohybu“, nebo „Střelba po běhu“",
	})
)
