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
		En: "The defender is one model; in an area attack every model in the area defends against the same attack roll on its own (the area action resolves them together).",
		Pl: "Obrońca to jeden model; w ataku obszarowym każdy model w obszarze broni się osobno przed tym samym rzutem ataku (akcja ataku obszarowego rozpatruje je razem).",
		Cs: "Obránce je jeden model; při plošném útoku se každý model v oblasti brání sám proti témuž hodu útoku (akce plošného útoku je vyhodnotí společně).",
	})
	noteIndirectAim = define("note.indirect_aim", l10n.Texts{
		En: "Indirect fire: the aiming test counts the attacker's movement, range, damage, stun and the weapon's accuracy (and -2 for an invisible target), not cover.",
		Pl: "Ogień pośredni: test celowania uwzględnia ruch atakującego, zasięg, obrażenia, ogłuszenie i celność broni (oraz -2 za niewidoczny cel), ale nie osłonę.",
		Cs: "Nepřímá palba: test míření počítá pohyb útočníka, dostřel, zranění, omráčení a přesnost zbraně (a -2 za neviditelný cíl), ne krytí.",
	})
	noteIndirectLevel = define("note.indirect_level", l10n.Texts{
		En: "Indirect fire: the success level is the unmodified attack roll minus the defender's Def test with its own modifiers.",
		Pl: "Ogień pośredni: poziom sukcesu to niezmodyfikowany rzut ataku minus test Def obrońcy z jego modyfikatorami.",
		Cs: "Nepřímá palba: úroveň úspěchu je neupravený hod útoku minus test Def obránce s jeho modifikátory.",
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
		Pl: "„ROF na DAM” + „ROF na promień obszaru” = {used}, więcej niż ROF broni {rof}",
		Cs: "„ROF na DAM“ + „ROF na poloměr oblasti“ = {used}, víc než ROF zbraně {rof}",
	})
	errInvisible = define("error.invisible_direct", l10n.Texts{
		En: "an invisible model can only be attacked with indirect fire (mode indirect)",
		Pl: "niewidoczny model można zaatakować tylko ogniem pośrednim (Atak: ogień pośredni)",
		Cs: "neviditelný model lze napadnout jen nepřímou palbou (Útok: nepřímá palba)",
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

// Indirect fire's scatter, Dowodzenie and the area action.
var (
	stepCommandReroll = define("step.command_reroll", l10n.Texts{
		En: "Command point: the attacker rerolls",
		Pl: "Dowodzenie: atakujący przerzuca",
		Cs: "Velení: útočník přehazuje",
	})
	stepDefenderReroll = define("step.defender_reroll", l10n.Texts{
		En: "Command point: the defender rerolls Def",
		Pl: "Dowodzenie: obrońca przerzuca Def",
		Cs: "Velení: obránce přehazuje Def",
	})
	stepReroll = define("step.reroll", l10n.Texts{
		En: "Command point, reroll: {dice} → {unmodified} {modifier} = {result}",
		Pl: "Dowodzenie, przerzut: {dice} → {unmodified} {modifier} = {result}",
		Cs: "Velení, přehoz: {dice} → {unmodified} {modifier} = {result}",
	})
	stepOpponentReroll = define("step.opponent_reroll", l10n.Texts{
		En: "Opponent's command point, reroll: {dice} → {unmodified} {modifier} = {result}",
		Pl: "Dowodzenie przeciwnika, przerzut: {dice} → {unmodified} {modifier} = {result}",
		Cs: "Velení protivníka, přehoz: {dice} → {unmodified} {modifier} = {result}",
	})
	stepScatterLanded = define("step.scatter_landed", l10n.Texts{
		En: "Scatter: {inches}\" at {degrees}° from {from}: the area's centre lands {distance}\" from the centre of the defender's base: {outcome}",
		Pl: "Rozrzut: {inches}\" pod kątem {degrees}° od {from}: środek obszaru ląduje {distance}\" od środka podstawki obrońcy: {outcome}",
		Cs: "Rozptyl: {inches}\" pod úhlem {degrees}° od {from}: střed oblasti dopadne {distance}\" od středu podstavce obránce: {outcome}",
	})
	termFromLineOfFire = define("term.from_line_of_fire", l10n.Texts{En: "the line of fire", Pl: "linii strzału", Cs: "linie střelby"})
	termFromDefender   = define("term.from_defender", l10n.Texts{En: "the direction of the defender", Pl: "kierunku obrońcy", Cs: "směru obránce"})
	termInArea         = define("term.in_area", l10n.Texts{En: "the defender is in the area", Pl: "obrońca jest w obszarze", Cs: "obránce je v oblasti"})
	termNotInArea      = define("term.not_in_area", l10n.Texts{En: "the defender is not in the area", Pl: "obrońca jest poza obszarem", Cs: "obránce je mimo oblast"})
	stepOutOfReach     = define("step.out_of_reach", l10n.Texts{
		En: "The defender's base centre is {distance}\" from the aiming point, beyond the area's reach of {reach}\"",
		Pl: "Środek podstawki obrońcy jest {distance}\" od punktu celowania, poza zasięgiem obszaru {reach}\"",
		Cs: "Střed podstavce obránce je {distance}\" od bodu zaměření, mimo dosah oblasti {reach}\"",
	})
	stepAttackNoDef = define("step.attack_no_def", l10n.Texts{
		En: "Att {dice} → {unmodified} {modifier} = {result}: no Def roll",
		Pl: "Att {dice} → {unmodified} {modifier} = {result}: bez rzutu Def",
		Cs: "Att {dice} → {unmodified} {modifier} = {result}: bez hodu Def",
	})
	stepNotReached = define("step.not_reached", l10n.Texts{
		En: "No hit: the area does not reach the defender",
		Pl: "Brak trafienia: obszar nie obejmuje obrońcy",
		Cs: "Bez zásahu: oblast obránce nezasahuje",
	})

	stepAreaAttack = define("step.area_attack", l10n.Texts{
		En: "Att {dice} → {unmodified} {modifier} = {result}; each model's cover is added for it",
		Pl: "Att {dice} → {unmodified} {modifier} = {result}; osłonę każdego modelu dolicza się osobno",
		Cs: "Att {dice} → {unmodified} {modifier} = {result}; krytí každého modelu se přičítá zvlášť",
	})
	stepModelStealth = define("step.model_stealth", l10n.Texts{
		En: "Model {n}: Stealth {rating}: rolled {die}, needs {needs}+: {outcome}",
		Pl: "Model {n}: Stealth {rating}: wyrzucono {die}, potrzeba {needs}+: {outcome}",
		Cs: "Model {n}: Stealth {rating}: padlo {die}, je třeba {needs}+: {outcome}",
	})
	stepModelLevel = define("step.model_level", l10n.Texts{
		En: "Model {n}: attack {attack} against Def {dice} → {unmodified} {modifier} = {result}: success level {level}",
		Pl: "Model {n}: atak {attack} przeciw Def {dice} → {unmodified} {modifier} = {result}: poziom sukcesu {level}",
		Cs: "Model {n}: útok {attack} proti Def {dice} → {unmodified} {modifier} = {result}: úroveň úspěchu {level}",
	})
	stepModelReroll = define("step.model_reroll", l10n.Texts{
		En: "Model {n}: command point, Def is rerolled",
		Pl: "Model {n}: Dowodzenie, Def jest przerzucany",
		Cs: "Model {n}: velení, Def se přehazuje",
	})
	stepModelHit = define("step.model_hit", l10n.Texts{
		En: "Model {n}: damage {damage} against armour {armour}: {wounds, plural, one {# wound} other {# wounds}}; stunned",
		Pl: "Model {n}: obrażenia {damage} przeciw pancerzowi {armour}: {wounds, plural, one {# rana} few {# rany} many {# ran}}; ogłuszony",
		Cs: "Model {n}: poškození {damage} proti pancíři {armour}: {wounds, plural, one {# zranění} few {# zranění} other {# zranění}}; omráčen",
	})
	stepModelHitBurning = define("step.model_hit_burning", l10n.Texts{
		En: "Model {n}: damage {damage} against armour {armour}: {wounds, plural, one {# wound} other {# wounds}}; stunned; burning",
		Pl: "Model {n}: obrażenia {damage} przeciw pancerzowi {armour}: {wounds, plural, one {# rana} few {# rany} many {# ran}}; ogłuszony; płonie",
		Cs: "Model {n}: poškození {damage} proti pancíři {armour}: {wounds, plural, one {# zranění} few {# zranění} other {# zranění}}; omráčen; hoří",
	})
	stepModelNoHit   = define("step.model_no_hit", l10n.Texts{En: "Model {n}: no hit", Pl: "Model {n}: brak trafienia", Cs: "Model {n}: bez zásahu"})
	stepModelAvoided = define("step.model_avoided", l10n.Texts{En: "Model {n}: avoided the attack", Pl: "Model {n}: uniknął ataku", Cs: "Model {n}: útoku se vyhnul"})
	stepModelOutside = define("step.model_outside", l10n.Texts{
		En: "Model {n}: {distance}\" from the area's centre, beyond its reach of {reach}\": not hit",
		Pl: "Model {n}: {distance}\" od środka obszaru, poza jego zasięgiem {reach}\": nietrafiony",
		Cs: "Model {n}: {distance}\" od středu oblasti, mimo její dosah {reach}\": nezasažen",
	})

	noteScatterNoArea = define("note.scatter_no_area", l10n.Texts{
		En: "Indirect fire without an area (AE or ROF on the area): a failed aiming test scatters the shot 1d6\" in a random direction and it hits nobody; on target it hits only the model aimed at.",
		Pl: "Ogień pośredni bez obszaru (AE ani ROF na obszar): nieudany test celowania przesuwa strzał o 1k6\" w losowym kierunku i nikogo nie trafia; celny trafia tylko model, w który celowano.",
		Cs: "Nepřímá palba bez oblasti (AE ani ROF na oblast): neúspěšný test míření posune střelu o 1k6\" náhodným směrem a nikoho nezasáhne; přesná zasáhne jen model, na který se mířilo.",
	})
	noteScatterArea = define("note.scatter_area", l10n.Texts{
		En: "Indirect fire: the area (radius {area}\" = AE + ROF on the area) is centred on the model aimed at; a failed aiming test moves it 1d6\" in a direction uniform over the circle. A round base of radius {base}\" is hit when its centre is within {reach}\" of the area's centre (the base at least partly in the area). The odds integrate the direction exactly, as the arc of directions that reach the base.",
		Pl: "Ogień pośredni: obszar (promień {area}\" = AE + ROF na obszar) ma środek w środku modelu, w który celowano; nieudany test celowania przesuwa go o 1k6\" w kierunku równomiernie losowym na całym okręgu. Okrągła podstawka o promieniu {base}\" jest trafiona, gdy jej środek leży najwyżej {reach}\" od środka obszaru (podstawka choć częściowo w obszarze). Szanse liczą kierunek dokładnie, jako łuk kierunków sięgających podstawki.",
		Cs: "Nepřímá palba: oblast (poloměr {area}\" = AE + ROF na oblast) má střed ve středu modelu, na který se mířilo; neúspěšný test míření ji posune o 1k6\" směrem rovnoměrně náhodným po celém kruhu. Kulatý podstavec o poloměru {base}\" je zasažen, když jeho střed leží nejvýše {reach}\" od středu oblasti (podstavec aspoň zčásti v oblasti). Šance počítají směr přesně, jako oblouk směrů, které na podstavec dosáhnou.",
	})
	noteCommandReroll = define("note.command_reroll", l10n.Texts{
		En: "Command point: one point rerolls a test once and the new roll stands. The attacker rerolls a failed aiming test (indirect fire) or, after the Def rolls, an attack that hit nobody; then a defender who is hit rerolls its Def test. The magazine empties on the final attack roll.",
		Pl: "Dowodzenie: jeden punkt pozwala raz przerzucić test i obowiązuje nowy rzut. Atakujący przerzuca nieudany test celowania (ogień pośredni) albo, po rzutach Def, atak, który nikogo nie trafił; potem trafiony obrońca przerzuca swój test Def. O magazynku decyduje ostatni rzut ataku.",
		Cs: "Velení: jeden bod umožní jednou přehodit test a platí nový hod. Útočník přehazuje neúspěšný test míření (nepřímá palba), nebo po hodech Def útok, který nikoho nezasáhl; potom zasažený obránce přehazuje svůj test Def. O zásobníku rozhoduje poslední hod útoku.",
	})
	noteRerollTest = define("note.reroll_test", l10n.Texts{
		En: "Command point: a failed test is rerolled once and the new roll stands; the tester decides first, then the opponent rerolls a test it lost.",
		Pl: "Dowodzenie: nieudany test przerzuca się raz i obowiązuje nowy rzut; najpierw decyduje testujący, potem przeciwnik przerzuca przegrany test.",
		Cs: "Velení: neúspěšný test se přehodí jednou a platí nový hod; nejdřív rozhoduje testující, potom protivník přehazuje prohraný test.",
	})
	noteAreaOneRoll = define("note.area_one_roll", l10n.Texts{
		En: "One attack roll for every model in the area; each model rolls its own Def with its own modifiers, and in direct fire its own cover modifies the attack result against it.",
		Pl: "Jeden rzut ataku dla wszystkich modeli w obszarze; każdy model rzuca własny Def z własnymi modyfikatorami, a przy ogniu bezpośrednim jego osłona zmienia wynik ataku przeciw niemu.",
		Cs: "Jeden hod útoku pro všechny modely v oblasti; každý model hází vlastní Def s vlastními modifikátory a při přímé palbě mění jeho krytí výsledek útoku proti němu.",
	})
	noteAreaStealth = define("note.area_stealth", l10n.Texts{
		En: "The first model is the one attacked, the area's centre: only it may avoid a direct attack with Stealth, and that saves only it.",
		Pl: "Pierwszy model to model atakowany, środek obszaru: tylko ten model może uniknąć ataku bezpośredniego dzięki Stealth i chroni to tylko jego.",
		Cs: "První model je ten napadený, střed oblasti: jen tento model se může díky Stealth vyhnout přímému útoku a chrání to jen jeho.",
	})
	noteAreaAim = define("note.area_aim", l10n.Texts{
		En: "Indirect fire: one aiming test for the area, with the attacker's movement, range, damage, stun and the weapon's accuracy (and -2 when the model aimed at is invisible); each model's success level is the unmodified attack roll minus its own Def test.",
		Pl: "Ogień pośredni: jeden test celowania dla obszaru, z ruchem atakującego, zasięgiem, obrażeniami, ogłuszeniem i celnością broni (oraz -2, gdy model, w który celowano, jest niewidoczny); poziom sukcesu każdego modelu to niezmodyfikowany rzut ataku minus jego własny test Def.",
		Cs: "Nepřímá palba: jeden test míření pro oblast, s pohybem útočníka, dostřelem, zraněním, omráčením a přesností zbraně (a -2, když je model, na který se mířilo, neviditelný); úroveň úspěchu každého modelu je neupravený hod útoku minus jeho vlastní test Def.",
	})

	labelCovers             = define("odds.covers", l10n.Texts{En: "Area reaches the defender", Pl: "Obszar obejmuje obrońcę", Cs: "Oblast zasahuje obránce"})
	labelAttackerReroll     = define("odds.attacker_reroll", l10n.Texts{En: "Attacker's command point spent", Pl: "Dowodzenie atakującego użyte", Cs: "Velení útočníka použito"})
	labelDefenderReroll     = define("odds.defender_reroll", l10n.Texts{En: "Defender's command point spent", Pl: "Dowodzenie obrońcy użyte", Cs: "Velení obránce použito"})
	labelRerollUsed         = define("odds.reroll_used", l10n.Texts{En: "Command point spent", Pl: "Dowodzenie użyte", Cs: "Velení použito"})
	labelOpponentRerollUsed = define("odds.opponent_reroll_used", l10n.Texts{
		En: "Opponent's command point spent", Pl: "Dowodzenie przeciwnika użyte", Cs: "Velení protivníka použito"})
	labelModelsHit   = define("odds.models_hit", l10n.Texts{En: "Models hit", Pl: "Trafione modele", Cs: "Zasažené modely"})
	labelAnyHit      = define("odds.any_hit", l10n.Texts{En: "At least one model hit", Pl: "Trafiony co najmniej jeden model", Cs: "Zasažen aspoň jeden model"})
	labelMeanWounds  = define("odds.mean_wounds", l10n.Texts{En: "Mean wounds, every model", Pl: "Średnio ran, wszystkie modele", Cs: "Průměr zranění, všechny modely"})
	labelModelHit    = define("odds.model_hit", l10n.Texts{En: "Model {n}: hit", Pl: "Model {n}: trafienie", Cs: "Model {n}: zásah"})
	labelModelCovers = define("odds.model_covers", l10n.Texts{En: "Model {n}: in the area", Pl: "Model {n}: w obszarze", Cs: "Model {n}: v oblasti"})
	labelModelWounds = define("odds.model_wounds", l10n.Texts{En: "Model {n}: wounds", Pl: "Model {n}: rany", Cs: "Model {n}: zranění"})
	labelModelDamage = define("odds.model_mean_damage", l10n.Texts{En: "Model {n}: mean damage", Pl: "Model {n}: średnie obrażenia", Cs: "Model {n}: průměrné poškození"})
	labelModelReroll = define("odds.model_reroll", l10n.Texts{En: "Model {n}: command point spent", Pl: "Model {n}: Dowodzenie użyte", Cs: "Model {n}: velení použito"})

	errInches = define("error.inches", l10n.Texts{
		En: "must be from {min} to {max} inches, not {value}",
		Pl: "musi mieć od {min} do {max} cali, a nie {value}",
		Cs: "musí mít od {min} do {max} palců, ne {value}",
	})
	errDistanceDirect = define("error.distance_direct", l10n.Texts{
		En: "only indirect fire scatters; a direct attack reaches the defender it is resolved against, so leave it 0",
		Pl: "rozrzut ma tylko ogień pośredni; atak bezpośredni sięga obrońcy, przeciw któremu jest rozpatrywany, więc zostaw 0",
		Cs: "rozptyl má jen nepřímá palba; přímý útok zasahuje obránce, proti němuž se vyhodnocuje, takže nechte 0",
	})
	errDistanceNoArea = define("error.distance_no_area", l10n.Texts{
		En: "without an area (ae or rof_area) an indirect shot can hit only the model aimed at, so leave it 0",
		Pl: "bez obszaru („Promień AE broni” ani „ROF na promień obszaru”) strzał pośredni może trafić tylko model, w który celowano, więc zostaw 0",
		Cs: "bez oblasti („Poloměr AE zbraně“ ani „ROF na poloměr oblasti“) může nepřímá střela zasáhnout jen model, na který se mířilo, takže nechte 0",
	})
	errRerollNoTest = define("error.reroll_no_test", l10n.Texts{
		En: "a roll without an opponent or a threshold cannot fail; give one to reroll a failure",
		Pl: "rzut bez przeciwnika i bez progu nie może się nie udać; podaj jedno z nich, by przerzucić porażkę",
		Cs: "hod bez protivníka a bez prahu nemůže selhat; zadejte jedno z nich, abyste přehodili neúspěch",
	})
	errDefenders = define("error.defenders", l10n.Texts{
		En: "must list from 1 to {max} models, not {count}",
		Pl: "musi wymieniać od 1 do {max} modeli, a nie {count}",
		Cs: "musí uvádět 1 až {max} modelů, ne {count}",
	})
	errBearing = define("error.bearing", l10n.Texts{
		En: "must be from -360 to 360 degrees, not {value}",
		Pl: "musi mieć od -360 do 360 stopni, a nie {value}",
		Cs: "musí mít od -360 do 360 stupňů, ne {value}",
	})
	errStealthBystander = define("error.stealth_bystander", l10n.Texts{
		En: "Stealth avoids a direct attack aimed at the model: only the model attacked (the first defender) may have it",
		Pl: "Stealth chroni przed atakiem bezpośrednim wymierzonym w model: może go mieć tylko model atakowany (pierwszy obrońca)",
		Cs: "Stealth chrání před přímým útokem mířeným na model: může ho mít jen napadený model (první obránce)",
	})
	errAimedDistance = define("error.aimed_distance", l10n.Texts{
		En: "the first defender is the model aimed at, the area's centre: its distance is 0",
		Pl: "pierwszy obrońca to model, w który celowano, środek obszaru: jego odległość to 0",
		Cs: "první obránce je model, na který se mířilo, střed oblasti: jeho vzdálenost je 0",
	})
	errBearingDirect = define("error.bearing_direct", l10n.Texts{
		En: "only indirect fire scatters; leave it 0 for a direct attack",
		Pl: "rozrzut ma tylko ogień pośredni; przy ataku bezpośrednim zostaw 0",
		Cs: "rozptyl má jen nepřímá palba; u přímého útoku nechte 0",
	})
)

// The initiative roll (Aktywacja).
var (
	stepInitiative = define("step.initiative", l10n.Texts{
		En: "K6 {die} + Command {command} = {total} against the opponent's {opponent_die} + {opponent_command} = {opponent_total}: {outcome}",
		Pl: "K6 {die} + Dowodzenie {command} = {total} przeciw {opponent_die} + {opponent_command} = {opponent_total} przeciwnika: {outcome}",
		Cs: "K6 {die} + Velení {command} = {total} proti {opponent_die} + {opponent_command} = {opponent_total} protivníka: {outcome}",
	})
	termInitiativePlayer = define("term.initiative_player", l10n.Texts{
		En: "you choose who activates the first model", Pl: "wybierasz, kto aktywuje pierwszy model", Cs: "vybíráš, kdo aktivuje první model"})
	termInitiativeOpponent = define("term.initiative_opponent", l10n.Texts{
		En: "the opponent chooses who activates the first model", Pl: "przeciwnik wybiera, kto aktywuje pierwszy model", Cs: "protivník vybírá, kdo aktivuje první model"})
	termInitiativeTie = define("term.initiative_tie", l10n.Texts{En: "a tie, rolled again", Pl: "remis, rzut powtórzony", Cs: "remíza, hází se znovu"})
	noteInitiativeTie = define("note.initiative_tie", l10n.Texts{
		En: "The rulebook says only that the higher result chooses; a tie is read as rolled again until one result is higher.",
		Pl: "Podręcznik mówi tylko, że wybiera wyższy wynik; remis odczytano jako rzut powtarzany, aż jeden wynik będzie wyższy.",
		Cs: "Pravidla říkají jen, že vybírá vyšší výsledek; remíza se čte jako hod opakovaný, dokud jeden výsledek nebude vyšší.",
	})
	labelChooses = define("odds.chooses", l10n.Texts{En: "You choose who activates first", Pl: "Wybierasz, kto aktywuje pierwszy", Cs: "Vybíráš, kdo aktivuje první"})
	labelTie     = define("odds.tie", l10n.Texts{En: "A roll is a tie (rolled again)", Pl: "Remis w rzucie (powtórka)", Cs: "Remíza v hodu (opakuje se)"})
	labelMargin  = define("odds.margin", l10n.Texts{En: "Your total minus the opponent's", Pl: "Twój wynik minus wynik przeciwnika", Cs: "Tvůj výsledek minus výsledek protivníka"})
)
