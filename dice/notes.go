package dice

import "kostka/l10n"

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
