package poolk6

import "kostka/l10n"

// define adds a pool-k6 message. The rulebook's own abbreviations (Att,
// Def, DAM, ROF, Acc, LA, SB) and Stealth stay as it writes them in every
// language.
func define(id string, t l10n.Texts) *l10n.Def { return l10n.Define("pool-k6."+id, t) }

// Steps of a test.
var (
	stepPool = define("step.pool", l10n.Texts{
		En: "{dice} → {unmodified} {modifier} = {result}",
		Pl: "{dice} → {unmodified} {modifier} = {result}",
		Cs: "{dice} → {unmodified} {modifier} = {result}",
	})
	stepOpponent = define("step.opponent", l10n.Texts{
		En: "Opponent: {dice} → {unmodified} {modifier} = {result}",
		Pl: "Przeciwnik: {dice} → {unmodified} {modifier} = {result}",
		Cs: "Protivník: {dice} → {unmodified} {modifier} = {result}",
	})
	stepLevel = define("step.success_level", l10n.Texts{
		En: "{result} − {against} = success level {level}: {verdict}",
		Pl: "{result} − {against} = poziom sukcesu {level}: {verdict}",
		Cs: "{result} − {against} = úroveň úspěchu {level}: {verdict}",
	})
)

// Steps of an attack.
var (
	stepStealth = define("step.stealth", l10n.Texts{
		En: "Stealth {rating}: rolled {die}, needs {needs}+: {outcome}",
		Pl: "Stealth {rating}: wyrzucono {die}, potrzeba {needs}+: {outcome}",
		Cs: "Stealth {rating}: padlo {die}, je třeba {needs}+: {outcome}",
	})
	termAvoided    = define("term.avoided", l10n.Texts{En: "attack avoided", Pl: "atak uniknięty", Cs: "útoku se vyhnul"})
	termNotAvoided = define("term.not_avoided", l10n.Texts{En: "not avoided", Pl: "bez uniku", Cs: "bez úhybu"})
	stepAim        = define("step.aim", l10n.Texts{
		En: "Aim: {dice} → {unmodified} {modifier} = {result} against {threshold}: {outcome}",
		Pl: "Celowanie: {dice} → {unmodified} {modifier} = {result} przeciw {threshold}: {outcome}",
		Cs: "Míření: {dice} → {unmodified} {modifier} = {result} proti {threshold}: {outcome}",
	})
	termOnTarget = define("term.on_target", l10n.Texts{En: "on target", Pl: "w cel", Cs: "v cíli"})
	termMissed   = define("term.missed", l10n.Texts{En: "missed", Pl: "chybienie", Cs: "minutí"})
	stepScatter  = define("step.scatter", l10n.Texts{
		En: "Scatter: {inches}\" at {degrees}° from the line of fire",
		Pl: "Rozrzut: {inches}\" pod kątem {degrees}° od linii strzału",
		Cs: "Rozptyl: {inches}\" pod úhlem {degrees}° od linie střelby",
	})
	stepIndirectLevel = define("step.indirect_level", l10n.Texts{
		En: "Attack (unmodified) {attack} − Def {dice} → {unmodified} {modifier} = {result}: success level {level}",
		Pl: "Atak (bez modyfikatorów) {attack} − Def {dice} → {unmodified} {modifier} = {result}: poziom sukcesu {level}",
		Cs: "Útok (bez modifikátorů) {attack} − Def {dice} → {unmodified} {modifier} = {result}: úroveň úspěchu {level}",
	})
	stepDirectLevel = define("step.direct_level", l10n.Texts{
		En: "Att {adice} → {aunmodified} {amodifier} = {aresult} against Def {ddice} → {dunmodified} {dmodifier} = {dresult}: success level {level}",
		Pl: "Att {adice} → {aunmodified} {amodifier} = {aresult} przeciw Def {ddice} → {dunmodified} {dmodifier} = {dresult}: poziom sukcesu {level}",
		Cs: "Att {adice} → {aunmodified} {amodifier} = {aresult} proti Def {ddice} → {dunmodified} {dmodifier} = {dresult}: úroveň úspěchu {level}",
	})
	stepAvoided = define("step.avoided", l10n.Texts{
		En: "The attack is avoided: no damage, no stun",
		Pl: "Atak uniknięty: bez obrażeń i bez ogłuszenia",
		Cs: "Útoku se vyhnul: žádné poškození ani omráčení",
	})
	stepHit = define("step.hit", l10n.Texts{
		En: "Damage {level} × (DAM {dam} + ROF {rof}) = {damage} against armour {armour}: {wounds, plural, one {# wound} other {# wounds}}; stunned",
		Pl: "Obrażenia {level} × (DAM {dam} + ROF {rof}) = {damage} przeciw pancerzowi {armour}: {wounds, plural, one {# rana} few {# rany} many {# ran}}; ogłuszony",
		Cs: "Poškození {level} × (DAM {dam} + ROF {rof}) = {damage} proti pancíři {armour}: {wounds, plural, one {# zranění} few {# zranění} other {# zranění}}; omráčen",
	})
	stepHitBurning = define("step.hit_burning", l10n.Texts{
		En: "Damage {level} × (DAM {dam} + ROF {rof}) = {damage} against armour {armour}: {wounds, plural, one {# wound} other {# wounds}}; stunned; burning",
		Pl: "Obrażenia {level} × (DAM {dam} + ROF {rof}) = {damage} przeciw pancerzowi {armour}: {wounds, plural, one {# rana} few {# rany} many {# ran}}; ogłuszony; płonie",
		Cs: "Poškození {level} × (DAM {dam} + ROF {rof}) = {damage} proti pancíři {armour}: {wounds, plural, one {# zranění} few {# zranění} other {# zranění}}; omráčen; hoří",
	})
	stepNoHit    = define("step.no_hit", l10n.Texts{En: "No hit", Pl: "Brak trafienia", Cs: "Bez zásahu"})
	stepAmmoLA   = define("step.ammo_la", l10n.Texts{En: "Ammunition: one round spent (LA)", Pl: "Amunicja: zużyty jeden pocisk (LA)", Cs: "Munice: spotřebován jeden náboj (LA)"})
	stepAmmoUsed = define("step.ammo", l10n.Texts{
		En: "Ammunition: ROF {used} of {rof} used, empty on 1–{dry}: {outcome}",
		Pl: "Amunicja: użyto ROF {used} z {rof}, magazynek pustoszeje przy 1–{dry}: {outcome}",
		Cs: "Munice: použito ROF {used} z {rof}, zásobník se vyprázdní při 1–{dry}: {outcome}",
	})
	termEmpty = define("term.magazine_empty", l10n.Texts{En: "magazine empty", Pl: "magazynek pusty", Cs: "zásobník prázdný"})
	termHolds = define("term.magazine_holds", l10n.Texts{En: "magazine holds", Pl: "magazynek wytrzymał", Cs: "zásobník vydržel"})
)

// Notes of an attack.
var (
	noteModifiers = define("note.modifiers", l10n.Texts{
		En: "All modifiers apply to the result of a test, never to the number of dice.",
		Pl: "Wszystkie modyfikatory zmieniają wynik testu, nigdy liczbę kości.",
		Cs: "Všechny modifikátory mění výsledek testu, nikdy počet kostek.",
	})
	noteOneDefender = define("note.one_defender", l10n.Texts{
		En: "The defender is one model; in an area attack every model in the area defends against the same attack roll on its own.",
		Pl: "Obrońca to jeden model; w ataku obszarowym każdy model w obszarze broni się osobno przed tym samym rzutem ataku.",
		Cs: "Obránce je jeden model; při plošném útoku se každý model v oblasti brání sám proti témuž hodu útoku.",
	})
	noteIndirectAim = define("note.indirect_aim", l10n.Texts{
		En: "Indirect fire: the aiming test counts the attacker's movement, range, damage, stun and the weapon's accuracy (and -2 for an invisible target), not cover.",
		Pl: "Ogień pośredni: test celowania uwzględnia ruch atakującego, zasięg, obrażenia, ogłuszenie i celność broni (oraz -2 za niewidoczny cel), ale nie osłonę.",
		Cs: "Nepřímá palba: test míření počítá pohyb útočníka, dostřel, zranění, omráčení a přesnost zbraně (a -2 za neviditelný cíl), ne krytí.",
	})
	noteIndirectLevel = define("note.indirect_level", l10n.Texts{
		En: "Indirect fire: the success level is the unmodified attack roll minus the defender's Def test with its own modifiers; on a miss the damage applies only if the scattered area still covers the target.",
		Pl: "Ogień pośredni: poziom sukcesu to niezmodyfikowany rzut ataku minus test Def obrońcy z jego modyfikatorami; przy chybieniu obrażenia liczą się tylko wtedy, gdy przesunięty obszar wciąż obejmuje cel.",
		Cs: "Nepřímá palba: úroveň úspěchu je neupravený hod útoku minus test Def obránce s jeho modifikátory; při minutí platí poškození, jen když posunutá oblast stále zasahuje cíl.",
	})
)

// Special rolls.
var (
	stepSpecial = define("step.special", l10n.Texts{
		En: "{kind}: rolled {die}, needs {needs}+: {outcome}",
		Pl: "{kind}: wyrzucono {die}, potrzeba {needs}+: {outcome}",
		Cs: "{kind}: padlo {die}, je třeba {needs}+: {outcome}",
	})
	termKinds = map[string]*l10n.Def{
		Medic:   define("term.medic", l10n.Texts{En: "Medic", Pl: "Medyk", Cs: "Medik"}),
		Stealth: define("term.stealth", l10n.Texts{En: "Stealth", Pl: "Stealth", Cs: "Stealth"}),
		Burning: define("term.burning", l10n.Texts{En: "Burning (SB)", Pl: "Płonięcie (SB)", Cs: "Hoření (SB)"}),
	}
	outcomes = map[string][2]*l10n.Def{
		Medic: {
			define("term.not_healed", l10n.Texts{En: "no wound healed", Pl: "żadna rana nie została wyleczona", Cs: "žádné zranění nevyléčeno"}),
			define("term.healed", l10n.Texts{En: "one wound healed", Pl: "wyleczona jedna rana", Cs: "vyléčeno jedno zranění"}),
		},
		Stealth: {termNotAvoided, termAvoided},
		Burning: {
			define("term.fire_out", l10n.Texts{En: "the fire goes out", Pl: "ogień gaśnie", Cs: "oheň uhasne"}),
			define("term.keeps_burning", l10n.Texts{En: "loses 1 wound and keeps burning", Pl: "traci 1 ranę i płonie dalej", Cs: "ztratí 1 zranění a hoří dál"}),
		},
	}
)

// Labels of the odds.
var (
	labelResult       = define("odds.result", l10n.Texts{En: "Result", Pl: "Wynik", Cs: "Výsledek"})
	labelSuccessLevel = define("odds.success_level", l10n.Texts{En: "Success level", Pl: "Poziom sukcesu", Cs: "Úroveň úspěchu"})
	labelSuccess      = define("odds.success", l10n.Texts{En: "Success", Pl: "Sukces", Cs: "Úspěch"})
	labelHit          = define("odds.hit", l10n.Texts{En: "Hit", Pl: "Trafienie", Cs: "Zásah"})
	labelStun         = define("odds.stun", l10n.Texts{En: "Stunned", Pl: "Ogłuszenie", Cs: "Omráčení"})
	labelEmpty        = define("odds.magazine_empty", l10n.Texts{En: "Magazine empty", Pl: "Pusty magazynek", Cs: "Prázdný zásobník"})
	labelOnTarget     = define("odds.on_target", l10n.Texts{En: "Aim on target", Pl: "Celowanie w cel", Cs: "Míření v cíli"})
	labelWounds       = define("odds.wounds", l10n.Texts{En: "Wounds", Pl: "Rany", Cs: "Zranění"})
	labelMeanDamage   = define("odds.mean_damage", l10n.Texts{En: "Mean damage", Pl: "Średnie obrażenia", Cs: "Průměrné poškození"})
)

// Errors.
var (
	errROF = define("error.rof", l10n.Texts{
		En: "rof_damage + rof_area = {used}, more than the weapon's ROF {rof}",
		Pl: "rof_damage + rof_area = {used}, więcej niż ROF broni {rof}",
		Cs: "rof_damage + rof_area = {used}, víc než ROF zbraně {rof}",
	})
	errInvisible = define("error.invisible_direct", l10n.Texts{
		En: "an invisible model can only be attacked with indirect fire (mode indirect)",
		Pl: "niewidoczny model można zaatakować tylko ogniem pośrednim (mode indirect)",
		Cs: "neviditelný model lze napadnout jen nepřímou palbou (mode indirect)",
	})
	errStealthIndirect = define("error.stealth_indirect", l10n.Texts{
		En: "Stealth avoids only direct attacks; leave it 0 for indirect fire",
		Pl: "Stealth chroni tylko przed atakami bezpośrednimi; przy ogniu pośrednim zostaw 0",
		Cs: "Stealth chrání jen před přímými útoky; u nepřímé palby nechte 0",
	})
	errNoRating = define("error.no_rating", l10n.Texts{
		En: "a burning roll has no rating",
		Pl: "rzut na płonięcie nie ma wartości",
		Cs: "hod na hoření nemá hodnotu",
	})
	errBoth = define("error.opponent_and_threshold", l10n.Texts{
		En: "a test has an opponent or a threshold, not both",
		Pl: "test ma przeciwnika albo próg, nie oba naraz",
		Cs: "test má protivníka, nebo práh, ne obojí",
	})
)
