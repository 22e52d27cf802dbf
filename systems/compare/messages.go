package compare

import (
	"errors"

	"kostka/l10n"
)

// ErrUnknownUnit is what a Units returns for a name it does not hold.
var ErrUnknownUnit = errors.New("compare: no such unit")

func isUnknown(err error) bool { return errors.Is(err, ErrUnknownUnit) }

var (
	msgNoAttack = l10n.Define("compare.no_attack", l10n.Texts{
		En: "{system} has no attack to compare",
		Pl: "{system} nie ma ataku do porównania",
		Cs: "{system} nemá útok k porovnání",
	})
	msgCount = l10n.Define("compare.count", l10n.Texts{
		En: "must hold from {min} to {max}, not {value}",
		Pl: "musi zawierać od {min} do {max} pozycji, a nie {value}",
		Cs: "musí obsahovat od {min} do {max} položek, ne {value}",
	})
	msgUnknownUnit = l10n.Define("compare.unknown_unit", l10n.Texts{
		En: "there is no saved unit “{name}”",
		Pl: "nie ma zapisanego oddziału „{name}”",
		Cs: "uložená jednotka „{name}“ neexistuje",
	})
	msgUnitAndProfile = l10n.Define("compare.unit_and_profile", l10n.Texts{
		En: "give a saved unit by its name or its profile, not both",
		Pl: "podaj zapisany oddział nazwą albo profilem, nie oboma",
		Cs: "zadejte uloženou jednotku jménem nebo profilem, ne obojím",
	})
	msgUnknownPreset = l10n.Define("compare.unknown_preset", l10n.Texts{
		En: "there is no preset target “{name}”; the presets are {list}",
		Pl: "nie ma gotowego celu „{name}”; gotowe cele to {list}",
		Cs: "přednastavený cíl „{name}“ neexistuje; přednastavené cíle jsou {list}",
	})
	msgPoints = l10n.Define("compare.points", l10n.Texts{
		En: "must be more than 0 and at most {max}",
		Pl: "musi być większe od 0 i nie większe niż {max}",
		Cs: "musí být větší než 0 a nejvýše {max}",
	})
	msgNotPriced = l10n.Define("compare.not_priced", l10n.Texts{
		En: "the cost formula cannot read this unit: {error}",
		Pl: "wzór kosztu nie może odczytać tego oddziału: {error}",
		Cs: "vzorec ceny nemůže přečíst tuto jednotku: {error}",
	})
	msgNoPoints = l10n.Define("compare.no_points", l10n.Texts{
		En: "{attacker} has no points: give its weapons or its points for the values per 100 points",
		Pl: "{attacker} nie ma punktów: podaj jego broń albo punkty, by dostać wartości na 100 punktów",
		Cs: "{attacker} nemá body: zadejte jeho zbraně nebo body, abyste dostali hodnoty na 100 bodů",
	})
	msgReading = l10n.Define("compare.reading", l10n.Texts{
		En: "Each pair is computed by the system's action “{action}”: its exact odds only; identical pairs are computed once",
		Pl: "Każda para liczona jest akcją systemu „{action}”: tylko jej dokładne szanse; identyczne pary liczone są raz",
		Cs: "Každá dvojice se počítá akcí systému „{action}“: jen její přesné šance; stejné dvojice se počítají jednou",
	})
	// The field of the refusal (attackers[i]) says which attacker, the
	// text names it: every word of it is in the reader's language.
	msgBudget = l10n.Define("compare.budget", l10n.Texts{
		En: "this comparison is too large to compute exactly (about {cost} million steps, at most {max} million); cut the attacks of “{attacker}”, or the targets",
		Pl: "tego porównania nie da się policzyć dokładnie (około {cost} mln kroków, najwyżej {max} mln); ogranicz ataki oddziału „{attacker}” albo cele",
		Cs: "toto porovnání nelze spočítat přesně (asi {cost} mil. kroků, nejvýše {max} mil.); omezte útoky jednotky „{attacker}“ nebo cíle",
	})
)
