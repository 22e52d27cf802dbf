package dice

import "kostka/l10n"

// The readings of expressions that other rollers read in another way:
// how Kostka read them (Result.Reading, Odds.Reading).
var (
	readAdvantage = l10n.Define("dice.reading.advantage", l10n.Texts{
		En: "{expr} is read as Dice Maiden's advantage: {as}, keep the highest.",
		Pl: "{expr} czytamy jak przewagę z Dice Maiden: {as}, zostaje wyższy wynik.",
		Cs: "{expr} čteme jako výhodu z Dice Maiden: {as}, platí vyšší hod.",
	})
	readDisadvantage = l10n.Define("dice.reading.disadvantage", l10n.Texts{
		En: "{expr} is read as Dice Maiden's disadvantage: {as}, keep the lowest.",
		Pl: "{expr} czytamy jak utrudnienie z Dice Maiden: {as}, zostaje niższy wynik.",
		Cs: "{expr} čteme jako nevýhodu z Dice Maiden: {as}, platí nižší hod.",
	})
	readPercentAdvantage = l10n.Define("dice.reading.percent-advantage", l10n.Texts{
		En: "{expr} is read as Dice Maiden's percentile roll with a bonus die: two tens dice, the lower one counts, and a units die (1 to 100).",
		Pl: "{expr} czytamy jak rzut procentowy z Dice Maiden z kością premii: dwie kości dziesiątek, liczy się niższa, i kość jedności (1 do 100).",
		Cs: "{expr} čteme jako procentní hod z Dice Maiden s bonusovou kostkou: dvě kostky desítek, platí nižší, a kostka jednotek (1 až 100).",
	})
	readPercentDisadvantage = l10n.Define("dice.reading.percent-disadvantage", l10n.Texts{
		En: "{expr} is read as Dice Maiden's percentile roll with a penalty die: two tens dice, the higher one counts, and a units die (1 to 100).",
		Pl: "{expr} czytamy jak rzut procentowy z Dice Maiden z kością kary: dwie kości dziesiątek, liczy się wyższa, i kość jedności (1 do 100).",
		Cs: "{expr} čteme jako procentní hod z Dice Maiden s trestnou kostkou: dvě kostky desítek, platí vyšší, a kostka jednotek (1 až 100).",
	})
	readPercent = l10n.Define("dice.reading.percent", l10n.Texts{
		En: "d% is a hundred-sided die, 1 to 100 (as rpg-dice-roller and Dice Maiden read it; Avrae reads a tens die, 0 to 90).",
		Pl: "d% to kość stuścienna, 1 do 100 (tak czytają ją rpg-dice-roller i Dice Maiden; Avrae czyta kość dziesiątek, 0 do 90).",
		Cs: "d% je stostěnná kostka, 1 až 100 (tak ji čtou rpg-dice-roller a Dice Maiden; Avrae čte kostku desítek, 0 až 90).",
	})
	readSpaced = l10n.Define("dice.reading.spaced", l10n.Texts{
		En: "{expr}: the modifiers after spaces are read as Dice Maiden's (e: explode once on that face or more, ie: explode again and again, r: reroll once a face up to that number, ir: reroll until above it, t: count dice of that face or more, f: take one off for each die up to that face).",
		Pl: "{expr}: modyfikatory po spacjach czytamy jak w Dice Maiden (e: jedna eksplozja od tej ściany w górę, ie: eksplozje bez końca, r: jeden przerzut ścian do tej liczby, ir: przerzut aż wypadnie więcej, t: liczy kości od tej ściany w górę, f: odejmuje jeden za każdą kość do tej ściany).",
		Cs: "{expr}: modifikátory po mezerách čteme jako v Dice Maiden (e: jedna exploze od té stěny výš, ie: exploze stále znovu, r: jeden přehoz stěn do toho čísla, ir: přehazuje, dokud nepadne víc, t: počítá kostky od té stěny výš, f: odečte jedna za každou kostku do té stěny).",
	})
	readCompare = l10n.Define("dice.reading.compare", l10n.Texts{
		En: "{op} after a space compares the totals, 1 when it holds and 0 when not (as Avrae reads it); written right after the dice ({expr}{op}…) it counts the dice that match.",
		Pl: "{op} po spacji porównuje sumy: 1, gdy warunek zachodzi, 0, gdy nie (tak czyta Avrae); zapisane tuż po kościach ({expr}{op}…) liczy pasujące kości.",
		Cs: "{op} po mezeře porovnává součty: 1, když platí, 0, když ne (tak čte Avrae); zapsáno hned za kostkami ({expr}{op}…) počítá odpovídající kostky.",
	})
	readComment = l10n.Define("dice.reading.comment", l10n.Texts{
		En: "The words after the expression are read as a comment: “{comment}”.",
		Pl: "Słowa po wyrażeniu czytamy jako komentarz: „{comment}”.",
		Cs: "Slova za výrazem čteme jako komentář: „{comment}“.",
	})
	readChained = l10n.Define("dice.reading.chained", l10n.Texts{
		En: "{expr}: each keep or drop picks from all the dice, and a die any of them leaves out is left out (as rpg-dice-roller reads it; Avrae keeps what any of them keeps).",
		Pl: "{expr}: każde zatrzymanie lub odrzucenie wybiera spośród wszystkich kości, a kość pominięta przez którekolwiek jest pominięta (tak czyta rpg-dice-roller; Avrae zatrzymuje to, co zatrzyma którekolwiek).",
		Cs: "{expr}: každé ponechání či zahození vybírá ze všech kostek a kostka vynechaná kterýmkoli je vynechána (tak čte rpg-dice-roller; Avrae ponechá, co ponechá kterékoli).",
	})
)

// The notes of rolls and odds: what a player should know of an answer, in
// pl, cs and en.
var (
	noteRoundedDown = l10n.Define("dice.note.rounded-down", l10n.Texts{
		En: "Division rounds down.",
		Pl: "Dzielenie zaokrągla w dół.",
		Cs: "Dělení se zaokrouhluje dolů.",
	})
	noteStoppedExplosions = l10n.Define("dice.note.stopped-explosions", l10n.Texts{
		En: "Explosions stop after {depth} extra rolls of one die, or once {rolled} dice were rolled.",
		Pl: "Eksplozje kończą się po {depth} dodatkowych rzutach jednej kości albo po rzuceniu łącznie {rolled} kości.",
		Cs: "Exploze končí po {depth} dalších hodech jedné kostky nebo poté, co padlo celkem {rolled} kostek.",
	})
	noteStoppedRerolls = l10n.Define("dice.note.stopped-rerolls", l10n.Texts{
		En: "Rerolls stop after {depth} rerolls of one die, or once {rolled} dice were rolled.",
		Pl: "Przerzuty kończą się po {depth} przerzutach jednej kości albo po rzuceniu łącznie {rolled} kości.",
		Cs: "Přehozy končí po {depth} přehozech jedné kostky nebo poté, co padlo celkem {rolled} kostek.",
	})
	noteOneOfRepeats = l10n.Define("dice.note.one-of-repeats", l10n.Texts{
		En: "The odds of one of the {n} rolls.",
		Pl: "Szanse jednego z {n} rzutów.",
		Cs: "Pravděpodobnosti jednoho z {n} hodů.",
	})
	noteExplosionsFollowed = l10n.Define("dice.note.explosions-followed", l10n.Texts{
		En: "Explosions are followed until less than 1e-12 of the probability is left; that rest is among the totals left out.",
		Pl: "Eksplozje są śledzone, dopóki nie zostanie mniej niż 1e-12 prawdopodobieństwa; ta reszta należy do pominiętych wyników.",
		Cs: "Exploze se sledují, dokud nezbývá méně než 1e-12 pravděpodobnosti; tento zbytek patří k vynechaným součtům.",
	})
)
