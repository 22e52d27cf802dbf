package cost

import "kostka/l10n"

// Errors of a unit, in every language; ability names stay as the Polish
// rulebook writes them.
var (
	errMaxItems = l10n.Define("quality-d6.cost.error.max_items", l10n.Texts{
		En: "at most {max} items",
		Pl: "najwyżej {max} pozycji",
		Cs: "nejvýše {max} položek",
	})
	errWeaponAbility = l10n.Define("quality-d6.cost.error.weapon_ability", l10n.Texts{
		En: "{name} is a weapon ability: list it under the weapon's abilities (or give the model Mistrzostwo({name}))",
		Pl: "{name} to zdolność broni: podaj ją w zdolnościach broni (albo daj modelowi Mistrzostwo({name}))",
		Cs: "{name} je schopnost zbraně: uveďte ji u schopností zbraně (nebo dejte modelu Mistrzostwo({name}))",
	})
	errTwice = l10n.Define("quality-d6.cost.error.twice", l10n.Texts{
		En: "{name} is listed twice",
		Pl: "{name} występuje dwa razy",
		Cs: "{name} je uvedena dvakrát",
	})
	errRange = l10n.Define("quality-d6.cost.error.range", l10n.Texts{
		En: "the range table covers melee and ranges up to {max}\"; {range}\" is outside it",
		Pl: "tabela zasięgu obejmuje walkę wręcz i zasięgi do {max}\"; {range}\" jest poza nią",
		Cs: "tabulka dostřelu pokrývá boj zblízka a dostřel do {max}\"; {range}\" je mimo ni",
	})
	errNotWeapon = l10n.Define("quality-d6.cost.error.not_weapon", l10n.Texts{
		En: "{name} is not a weapon ability: list it under the unit's abilities",
		Pl: "{name} nie jest zdolnością broni: podaj ją w zdolnościach oddziału",
		Cs: "{name} není schopnost zbraně: uveďte ji u schopností jednotky",
	})
	errRangedOnly = l10n.Define("quality-d6.cost.error.ranged_only", l10n.Texts{
		En: "{name} is for ranged weapons (the range table has no melee value for it)",
		Pl: "{name} dotyczy broni dystansowej (tabela zasięgu nie ma dla niej wartości wręcz)",
		Cs: "{name} platí pro střelné zbraně (tabulka dostřelu pro ni nemá hodnotu na blízko)",
	})
	errPiercingDeadly = l10n.Define("quality-d6.cost.error.piercing_deadly", l10n.Texts{
		En: "Przebijająca and Zabójczy(X) each set the wounds of a hit; a weapon cannot use both",
		Pl: "Przebijająca i Zabójczy(X) ustalają rany trafienia; broń nie może mieć obu",
		Cs: "Przebijająca i Zabójczy(X) určují rány zásahu; zbraň nemůže mít obojí",
	})
	errParen = l10n.Define("quality-d6.cost.error.paren", l10n.Texts{
		En: "“{text}”: a ( without a closing )",
		Pl: "„{text}”: nawias ( bez zamykającego )",
		Cs: "„{text}“: závorka ( bez uzavírací )",
	})
	errUnknown = l10n.Define("quality-d6.cost.error.unknown", l10n.Texts{
		En: "“{text}” is not an ability of the quality-d6 cost rules",
		Pl: "„{text}” nie jest zdolnością z zasad punktacji quality-d6",
		Cs: "„{text}“ není schopnost z bodových pravidel quality-d6",
	})
	errNumberX = l10n.Define("quality-d6.cost.error.number_x", l10n.Texts{
		En: "{name} takes a number from 1 to 20 as X: {name}(2)",
		Pl: "{name} przyjmuje jako X liczbę od 1 do 20: {name}(2)",
		Cs: "{name} bere jako X číslo od 1 do 20: {name}(2)",
	})
	errAbilityX = l10n.Define("quality-d6.cost.error.ability_x", l10n.Texts{
		En: "{name} takes an ability as X, such as {name}(Tarcza)",
		Pl: "{name} przyjmuje jako X zdolność, np. {name}(Tarcza)",
		Cs: "{name} bere jako X schopnost, např. {name}(Tarcza)",
	})
	errMastery = l10n.Define("quality-d6.cost.error.mastery", l10n.Texts{
		En: "Mistrzostwo takes a weapon ability as X, not {param}",
		Pl: "Mistrzostwo przyjmuje jako X zdolność broni, nie {param}",
		Cs: "Mistrzostwo bere jako X schopnost zbraně, ne {param}",
	})
	errPassiveX = l10n.Define("quality-d6.cost.error.passive_x", l10n.Texts{
		En: "{name}(X) takes a passive ability from the cost table as X, not {param}",
		Pl: "{name}(X) przyjmuje jako X pasywną zdolność z tabeli kosztów, nie {param}",
		Cs: "{name}(X) bere jako X pasivní schopnost z tabulky nákladů, ne {param}",
	})
	errNoX = l10n.Define("quality-d6.cost.error.no_x", l10n.Texts{
		En: "{name} takes no X",
		Pl: "{name} nie przyjmuje X",
		Cs: "{name} nebere X",
	})
)
