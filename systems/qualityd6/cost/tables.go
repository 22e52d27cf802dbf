package cost

import vocab "kostka/systems/qualityd6/ability"

// The rulebook's cost tables (seed 001, "Koszt punktowy"), as data.

// defenseColumns are the Defense values of the defense modifier table's
// columns: no armour (6+) to heavy vehicle armour (2+).
var defenseColumns = []int{6, 5, 4, 3, 2}

// defenseRow is one row of the defense modifier table: a value per
// Defense column, added (sign +1) or subtracted (sign -1) when the model
// has the ability ("" is the base row).
type defenseRow struct {
	ability vocab.Name
	sign    float64
	values  [5]float64
}

var defenseTable = []defenseRow{
	{"", +1, [5]float64{0.9, 1, 1.25, 1.65, 2.3}},                  // Bazowy +
	{vocab.Delikatny, -1, [5]float64{0.1, 0.05, 0.05, 0.05, 0.05}}, // Delikatny (-)
	{vocab.Niewrazliwy, +1, [5]float64{0.25, 0.3, 0.2, 0.1, 0.05}}, // Niewrażliwy
	{vocab.Waagh, -1, [5]float64{0.01, 0.02, 0.03, 0.03, 0.03}},    // Waagh (-)
	{vocab.Odrodzenie, +1, [5]float64{0.35, 0.4, 0.5, 0.65, 0.9}},  // Odrodzenie
}

// toughnessPoint is one row of the toughness modifier table.
type toughnessPoint struct {
	toughness int
	modifier  float64
}

// toughnessTable lists the printed rows; beyond the last, every +3
// Toughness adds +5 ("+3 | +5").
var toughnessTable = []toughnessPoint{{1, 1}, {2, 2.15}, {3, 3.5}, {4, 5}, {6, 8}, {9, 13}}

const (
	toughnessStep      = 3
	toughnessStepValue = 5
)

// rangeColumns are the range table's columns in inches; 0 is melee.
var rangeColumns = []int{0, 12, 18, 24, 30, 36}

// rangeRow is one row of the range table: a value per column, or absent
// (NaN marks "-") where the ability cannot apply.
type rangeRow struct {
	name   vocab.Name
	values [6]float64
}

var (
	rangeBase       = rangeRow{"Modyfikator", [6]float64{0.6, 0.65, 1, 1.25, 1.45, 1.55}}
	rangeArtillery  = rangeRow{"Artyleria (+)", [6]float64{0, 0.85, 0.55, 0.35, 0.2, 0.15}}
	rangeUnwieldy   = rangeRow{"Nieporęczny (-)", [6]float64{0, 0.6, 0.4, 0.4, 0.3, 0.15}}
	rangeCautiousHi = rangeRow{"Ostrożny (traf)", [6]float64{0, 0, 0.6, 0.7, 0.8, 0.9}} // added to the hit chance
)

// apColumns are the AP values of the ability modifier table's columns.
var apColumns = []int{-1, 0, 1, 2, 3, 4, 5}

// apRow is one row of the ability modifier table by AP.
type apRow struct {
	ability vocab.Name
	op      byte // '+' added, '-' subtracted, '*' multiplies the sum
	values  [7]float64
}

var apTable = []apRow{
	{"", '+', [7]float64{0.75, 1, 1.4, 1.8, 2.1, 2.3, 2.4}},                // Bazowo +
	{vocab.Impet, '+', [7]float64{0.15, 0.35, 0.3, 0.25, 0.15, 0.1, 0.05}}, // Impet
	{vocab.Waagh, '-', [7]float64{0.01, 0.02, 0.05, 0.04, 0.04, 0.03, 0.02}},
	{vocab.Brutalny, '+', [7]float64{0, 0.01, 0.02, 0.1, 0.2, 0.3, 0.4}},
	{vocab.Przebijajaca, '*', [7]float64{1.5, 2, 2.5, 2.7, 2.8, 2.9, 3}},
}

// xColumns are the X values of the Rozprysk(X) and Zabójczy(X) table; X 1
// has no effect (a multiplier of 1), which the table leaves out.
var xColumns = []int{1, 2, 3, 6}

var xTable = map[vocab.Name][4]float64{
	vocab.Rozprysk: {1, 1.9, 2.7, 4.3},
	vocab.Zabojczy: {1, 1.8, 2.5, 3.8},
}

// weaponMultiplier is one line of the weapon multipliers list: it applies
// to weapons of a kind ("" any) when the weapon or its
// model has the ability.
type weaponMultiplier struct {
	ability vocab.Name
	factor  float64
	kind    Kind
}

var weaponMultipliers = []weaponMultiplier{
	{vocab.Niebezposredni, 1.2, ""},
	{vocab.Namierzanie, 1.1, ""},
	{vocab.Zuzywalny, 0.4, ""},
	{vocab.Podkrecenie, 1.05, ""},
	{vocab.Zemsta, 1.2, ""},
	{vocab.Precyzyjny, 1.5, ""}, // printed "Przeciwny": see NOTES.md
	{vocab.Przelamanie, 1.5, ""},
	{vocab.Przewidywalny, 1.2, ""},
	{vocab.Rezerwa, 0.6, ""},
	{vocab.Zasadzka, 0.6, KindRanged},
	{vocab.Porazenie, 1.1, KindMelee},
	{vocab.Zguba, 1.05, ""},
	{vocab.Odwody, 0.75, ""}, // only without Rezerwa, Zwiadowca or Zasadzka
	{vocab.Straznik, 1.7, KindRanged},
	{vocab.Niestrudzony, 1.5, ""},
	{vocab.Sterowany, 1.5, ""},
	{vocab.Bastion, 1.2, KindMelee},
	{vocab.Dywersant, 1.2, ""},
}

// passive is one row of the passive abilities table: the price per point
// of Toughness (ok false where the table says "see weapon", "see defense"
// or "see morale": the ability is costed there), and its price as an aura
// and as an order (0 where the table has "-": it cannot be one).
type passive struct {
	name   vocab.Name
	price  float64
	priced bool
	aura   float64
	order  float64
}

var passiveTable = []passive{
	{vocab.Zasadzka, 4, true, 0, 0}, // "4 i patrz broń": also ×0.6 on ranged weapons
	{vocab.Zwiadowca, 2, true, 0, 0},
	{vocab.Szybki, 1, true, 8, 10},
	{vocab.Wolny, -1, true, 8, 10},
	{vocab.Harcownik, 1.5, true, 12, 15},
	{vocab.Nieruchomy, -2.5, true, 0, 25},
	{vocab.Zwinny, 0.5, true, 4, 5},
	{vocab.Niezgrabny, -0.5, true, 4, 5},
	{vocab.Latajacy, 1, true, 8, 10},
	{vocab.Furia, 0, false, 24, 30},
	{vocab.Przygotowanie, 0, false, 28, 35},
	{vocab.DobrzeStrzela, 0, false, 0, 0},
	{vocab.ZleStrzela, 0, false, 0, 0},
	{vocab.Kontra, 1, true, 8, 10},
	{vocab.Delikatny, 0, false, 4, 5},
	{vocab.Niewrazliwy, 0, false, 12, 15},
	{vocab.Regeneracja, 4, true, 32, 40},
	{vocab.Maskowanie, 2, true, 16, 20},
	{vocab.Parowanie, 1.5, true, 12, 15},
	{vocab.Okopany, 1, true, 8, 10},
	{vocab.Tarcza, 1.25, true, 10, 12.5},
	{vocab.Nieustraszony, 0, false, 12, 15},
	{vocab.Stracenczy, 0, false, 12, 15},
	{vocab.Straznik, 0, false, 72, 90},
	{vocab.Instynkt, -1, true, 8, 10},
	{vocab.Zdobycia, 3, true, 24, 0},
	{vocab.Cierpliwy, 1, true, 8, 10},
	{vocab.Dywersant, 0, false, 26, 32.5},
	{vocab.Roj, 0.25, true, 0, 0},
	{vocab.Ostrozny, 0, false, 34, 42.5},
	{vocab.Zwrot, -1, true, 0, 0},
	{vocab.Niestrudzony, 0, false, 64, 80},
	{vocab.Bastion, 0, false, 24, 30},
}

// Fixed costs of the aura and active ability list.
var fixedCosts = map[vocab.Name]float64{
	vocab.Spaczenie:  30,
	vocab.Ociezalosc: 20,
	vocab.Radio:      3,
	vocab.Meczennik:  5,
	vocab.Latanie:    20,
}

// Other prices of the cost rules.
const (
	baseCost          = 5
	moraleBase        = 1.3 // morale modifier = 1.3 - (Quality - 1) / 10 × multipliers
	moraleStep        = 10
	fearlessFactor    = 0.5 // Nieustraszony, Straceńcy
	attackCost        = 2   // per attack
	magPerX           = 8   // Mag(X): X × 8
	aircraftPerT      = 3   // Samolot: 3 × Toughness
	auraBaseToughness = 8   // the aura column's implied Toughness (4/3 × 6)
	auraMin, auraMax  = 8, 24
	auraRange12       = 8 // Aura 12": +8
	orderToughness    = 2 // Rozkaz, Oznaczenie and Klątwa: as an aura with +2 Toughness
	hitChanceMin      = 0.9
	balanceLow        = 5 // weapon cost per Toughness: 5 to 25 × the defense modifier
	balanceHigh       = 25
)
