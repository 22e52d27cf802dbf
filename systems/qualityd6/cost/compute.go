package cost

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// Limits of a unit.
const (
	maxModels    = 100
	maxToughness = 30
	maxAttacks   = 50
	maxWeapons   = 20
	maxAbilities = 30
	maxRange     = 36 // the range table's last column
	maxX         = 20 // Rozprysk(X) and Zabójczy(X)
)

// Of costs a unit.
func Of(u Unit) (Cost, error) {
	c := &costing{unit: u}
	if err := c.check(); err != nil {
		return Cost{}, err
	}
	return c.run(), nil
}

// costing is the state of one costing.
type costing struct {
	unit    Unit
	model   set
	weapons []set
	out     Cost
}

// note adds a note once.
func (c *costing) note(m l10n.Message) {
	if !slices.ContainsFunc(c.out.Notes, func(n l10n.Message) bool { return n.In(l10n.English) == m.In(l10n.English) }) {
		c.out.Notes = append(c.out.Notes, m)
	}
}

// line adds a line to the breakdown.
func (c *costing) line(m l10n.Message) { c.out.Breakdown = append(c.out.Breakdown, m) }

// num is a number of the breakdown, with up to three decimals.
// Its value is rounded to 15 significant digits (systems.Round), as every
// figure of the answer.
func num(name string, v float64) l10n.Arg { return l10n.Decimal(name, systems.Round(v), 3) }

func (c *costing) check() error {
	u := c.unit
	if err := systems.First(
		systems.Check("models", u.Models, 1, maxModels),
		systems.Check("quality", u.Quality, 2, 6),
		systems.Check("defense", u.Defense, 2, 6),
		systems.Check("toughness", u.Toughness, 1, maxToughness),
	); err != nil {
		return err
	}
	if len(u.Abilities) > maxAbilities {
		return systems.Invalid("abilities", errMaxItems.New(l10n.Int("max", maxAbilities)))
	}
	if len(u.Weapons) > maxWeapons {
		return systems.Invalid("weapons", errMaxItems.New(l10n.Int("max", maxWeapons)))
	}
	c.model = set{}
	for i, s := range u.Abilities {
		field := fmt.Sprintf("abilities[%d]", i)
		a, err := parseAbility(field, s)
		if err != nil {
			return err
		}
		if a.info.Kind == weaponAbility || a.info.Name == vocab.Rozprysk || a.info.Name == vocab.Zabojczy {
			return systems.Invalid(field, errWeaponAbility.New(nameArg("name", a.info.Name)))
		}
		k := abilityKey{name: a.info.Name}
		if a.param != nil {
			k.param = a.param.Name
		}
		if _, twice := c.model[k]; twice {
			return systems.Invalid(field, errTwice.New(l10n.Str("name", a.String())))
		}
		c.model[k] = a
	}
	for i, w := range u.Weapons {
		field := fmt.Sprintf("weapons[%d]", i)
		if err := systems.First(
			systems.Check(field+".attacks", w.Attacks, 1, maxAttacks),
			systems.Check(field+".ap", w.AP, apColumns[0], apColumns[len(apColumns)-1]),
		); err != nil {
			return err
		}
		if w.Range < 0 || w.Range > maxRange {
			return systems.Invalid(field+".range", errRange.New(l10n.Int("max", maxRange), l10n.Int("range", int(w.Range))))
		}
		ws := set{}
		for j, s := range w.Abilities {
			af := fmt.Sprintf("%s.abilities[%d]", field, j)
			a, err := parseAbility(af, s)
			if err != nil {
				return err
			}
			if a.info.Kind != weaponAbility && a.info.Name != vocab.Rozprysk && a.info.Name != vocab.Zabojczy {
				return systems.Invalid(af, errNotWeapon.New(nameArg("name", a.info.Name)))
			}
			if ws.has(a.info.Name) {
				return systems.Invalid(af, errTwice.New(nameArg("name", a.info.Name)))
			}
			if a.info.Name == vocab.Artyleria && w.Range == Melee {
				return systems.Invalid(af, errRangedOnly.New(nameArg("name", vocab.Artyleria)))
			}
			if a.info.Name == vocab.Nieporeczny && w.Range == Melee {
				return systems.Invalid(af, errRangedOnly.New(nameArg("name", vocab.Nieporeczny)))
			}
			ws[abilityKey{name: a.info.Name}] = a
		}
		for _, x := range []struct {
			field string
			v     int
			name  vocab.Name
		}{{"blast", w.Blast, vocab.Rozprysk}, {"deadly", w.Deadly, vocab.Zabojczy}} {
			if err := systems.Check(field+"."+x.field, x.v, 0, maxX); err != nil {
				return err
			}
			if x.v <= 1 {
				continue
			}
			if ws.has(x.name) {
				return systems.Invalid(field+"."+x.field, errTwice.New(nameArg("name", x.name)))
			}
			ws[abilityKey{name: x.name}] = ability{info: vocab.Of(x.name), x: x.v}
		}
		if ws.has(vocab.Przebijajaca) && ws.has(vocab.Zabojczy) {
			return systems.Invalid(field+".abilities", errPiercingDeadly.New())
		}
		c.weapons = append(c.weapons, ws)
	}
	return nil
}

// run costs the checked unit.
func (c *costing) run() Cost {
	u := c.unit
	c.out.Models = u.Models
	c.out.Weapons = []WeaponCost{}
	c.out.Abilities = []AbilityCost{}
	c.out.Warnings = []l10n.Message{}
	c.out.Notes = []l10n.Message{}
	m := &c.out.PerModel

	m.MoraleModifier = c.morale()
	m.DefenseModifier = c.defense()
	m.ToughnessModifier = c.toughness()
	m.Base = baseCost * m.MoraleModifier * m.DefenseModifier * m.ToughnessModifier
	c.line(lineBase.New(num("morale", round2(m.MoraleModifier)), num("defense", round2(m.DefenseModifier)),
		num("toughness", round2(m.ToughnessModifier)), num("base", m.Base)))

	c.weaponCosts()
	m.Abilities = c.abilityCosts()
	for _, w := range c.out.Weapons {
		m.Weapons += w.Paid
	}
	m.Total = m.Base + m.Weapons + m.Abilities
	// The points are rounded to 15 significant digits (systems.Round)
	// first: 126.20000000000002 is 126.2, and x.49999999999999999 is x.5.
	c.out.Exact = systems.Round(m.Total * float64(u.Models))
	c.out.Total = int(math.Round(c.out.Exact))
	c.line(linePerModel.New(num("base", m.Base), num("weapons", m.Weapons), num("abilities", m.Abilities), num("total", m.Total)))
	c.line(lineUnit.New(l10n.Int("models", u.Models), num("per_model", m.Total), num("exact", c.out.Exact), l10n.Int("points", c.out.Total)))

	c.balance()
	c.out.round()
	c.out.Rules = c.rules()
	return c.out
}

// sectionOrder orders the cost rules' sections as the rulebook does.
func sectionOrder(id string) int {
	return slices.Index([]string{"quality-d6.koszt-broni", "quality-d6.modyfikator-zasiegu", "quality-d6.szansa-trafienia",
		"quality-d6.modyfikatory-zdolnosci", "quality-d6.koszt-zdolnosci-pasywnych",
		"quality-d6.koszt-zdolnosci-specjalnych-transport-samolot-mistrzostwo", "quality-d6.koszt-aur", "quality-d6.koszt-zdolnosci-aktywnych"}, id)
}

// rules cites the cost rules' sections the price applied, then the
// section of every ability of the model and its weapons.
func (c *costing) rules() []systems.RuleRef {
	ids := []string{"quality-d6.koszt-oddzialu-i-modelu", "quality-d6.modyfikator-obrony", "quality-d6.modyfikator-wytrzymalosci"}
	if len(c.unit.Weapons) > 0 {
		ids = append(ids, "quality-d6.koszt-broni", "quality-d6.modyfikator-zasiegu", "quality-d6.szansa-trafienia", "quality-d6.modyfikatory-zdolnosci")
	}
	for k := range c.model {
		_, passive := passiveByName(k.name)
		_, fixed := fixedCosts[k.name]
		switch {
		case k.name == vocab.Transport || k.name == vocab.Samolot || k.name == vocab.Mistrzostwo:
			ids = append(ids, "quality-d6.koszt-zdolnosci-specjalnych-transport-samolot-mistrzostwo")
		case k.param != "": // Aura, Rozkaz, Oznaczenie, Klątwa
			ids = append(ids, "quality-d6.koszt-aur")
		case fixed || k.name == vocab.Mag:
			ids = append(ids, "quality-d6.koszt-zdolnosci-aktywnych")
		case passive:
			ids = append(ids, "quality-d6.koszt-zdolnosci-pasywnych")
		}
	}
	// The order of those sections is the rulebook's, not the map's.
	slices.SortStableFunc(ids[3:], func(a, b string) int { return sectionOrder(a) - sectionOrder(b) })
	add := func(s set) {
		keys := slices.SortedFunc(maps.Keys(s), func(a, b abilityKey) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			ids = append(ids, vocab.SectionID(k.name))
			if k.param != "" {
				ids = append(ids, vocab.SectionID(k.param))
			}
		}
	}
	add(c.model)
	for _, ws := range c.weapons {
		add(ws)
	}
	return systems.Cite(ids...)
}

// round rounds every figure of the answer to 15 significant digits
// (systems.Round), as every system's answer writes them.
func (c *Cost) round() {
	m := &c.PerModel
	for _, f := range []*float64{&m.Base, &m.MoraleModifier, &m.DefenseModifier, &m.ToughnessModifier, &m.Weapons, &m.Abilities, &m.Total} {
		*f = systems.Round(*f)
	}
	for i := range c.Weapons {
		w := &c.Weapons[i]
		for _, f := range []*float64{&w.RangeModifier, &w.HitChance, &w.AbilityModifier, &w.Cost, &w.Paid} {
			*f = systems.Round(*f)
		}
	}
	for i := range c.Abilities {
		c.Abilities[i].Cost = systems.Round(c.Abilities[i].Cost)
	}
}

// morale is 1.3 - (Quality - 1) / 10 × multipliers: 0.5 for each of
// Nieustraszony and Straceńczy.
func (c *costing) morale() float64 {
	m := 1.0
	var why []string
	for _, name := range []vocab.Name{vocab.Nieustraszony, vocab.Stracenczy} {
		if c.model.has(name) {
			m *= fearlessFactor
			why = append(why, string(name))
		}
	}
	v := moraleBase - float64(c.unit.Quality-1)/moraleStep*m
	if len(why) > 0 {
		c.line(lineMoraleFactor.New(l10n.Int("quality", c.unit.Quality), num("factor", m), l10n.Str("abilities", strings.Join(why, ", ")), num("value", round2(v))))
	} else {
		c.line(lineMorale.New(l10n.Int("quality", c.unit.Quality), num("value", round2(v))))
	}
	return v
}

// defense sums the defense table's rows for the model's Defense column.
func (c *costing) defense() float64 {
	col := slices.Index(defenseColumns, c.unit.Defense)
	v := 0.0
	for _, row := range defenseTable {
		if row.ability != "" && !c.model.has(row.ability) {
			continue
		}
		v += row.sign * row.values[col]
		if row.ability != "" {
			c.line(lineDefense.New(l10n.Int("defense", c.unit.Defense), nameArg("ability", row.ability), l10n.SignedDecimal("value", systems.Round(row.sign*row.values[col]), 3)))
		}
	}
	return v
}

// toughness reads the toughness table, interpolating between its rows
// (Toughness 5, 7, 8) and adding +5 per +3 beyond its last.
func (c *costing) toughness() float64 {
	t := c.unit.Toughness
	last := toughnessTable[len(toughnessTable)-1]
	if t > last.toughness {
		steps := float64(t-last.toughness) / toughnessStep
		v := last.modifier + steps*toughnessStepValue
		if (t-last.toughness)%toughnessStep != 0 {
			c.note(noteToughnessSteps.New(l10n.Int("toughness", t), num("value", round2(v))))
		}
		return v
	}
	for i, p := range toughnessTable {
		if p.toughness == t {
			return p.modifier
		}
		if p.toughness > t {
			lo := toughnessTable[i-1]
			v := lo.modifier + (p.modifier-lo.modifier)*float64(t-lo.toughness)/float64(p.toughness-lo.toughness)
			c.note(noteToughnessRow.New(l10n.Int("toughness", t), num("value", round2(v)), l10n.Int("lo", lo.toughness), num("lo_value", lo.modifier),
				l10n.Int("hi", p.toughness), num("hi_value", p.modifier)))
			return v
		}
	}
	panic("unreachable: toughness checked to be at least 1")
}

// interpolate reads a table row at x over columns, in a straight line
// between the columns around it.
func interpolate(columns []int, values []float64, x int) float64 {
	for i, col := range columns {
		if col == x {
			return values[i]
		}
		if col > x {
			f := float64(x-columns[i-1]) / float64(col-columns[i-1])
			return values[i-1] + (values[i]-values[i-1])*f
		}
	}
	return values[len(values)-1]
}

// balance warns when the weapons cost outside 5 to 25 times the defense
// modifier per point of Toughness.
func (c *costing) balance() {
	m := c.out.PerModel
	per := m.DefenseModifier * float64(c.unit.Toughness)
	ratio := m.Weapons / per
	if ratio < balanceLow || ratio > balanceHigh {
		c.out.Warnings = append(c.out.Warnings, warnBalance.New(l10n.Decimal("weapons", systems.Round(m.Weapons), 2), l10n.Decimal("ratio", systems.Round(ratio), 1),
			l10n.Decimal("defense", systems.Round(m.DefenseModifier), 2), l10n.Int("toughness", c.unit.Toughness)))
	}
}
