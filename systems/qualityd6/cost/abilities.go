package cost

import (
	"math"
	"slices"

	"kostka/l10n"
	vocab "kostka/systems/qualityd6/ability"
)

// passiveByName finds a row of the passive abilities table.
func passiveByName(name string) (passive, bool) {
	i := slices.IndexFunc(passiveTable, func(p passive) bool { return p.name == name })
	if i < 0 {
		return passive{}, false
	}
	return passiveTable[i], true
}

// unpriced abilities are in the rules but not in the cost tables.
var unpriced = []string{string(vocab.Bohater), string(vocab.Wrak), string(vocab.Wysoki), string(vocab.Ochroniarz)}

// pricedElsewhere are costed in the morale, defense or weapon parts.
var pricedElsewhere = map[string]string{
	string(vocab.Nieustraszony): "morale", string(vocab.Stracenczy): "morale",
	string(vocab.Delikatny): "defense", string(vocab.Niewrazliwy): "defense", string(vocab.Waagh): "defense and weapons", string(vocab.Odrodzenie): "defense",
	string(vocab.Furia): "weapons", string(vocab.Przygotowanie): "weapons", string(vocab.DobrzeStrzela): "weapons", string(vocab.ZleStrzela): "weapons",
	string(vocab.Straznik): "weapons", string(vocab.Dywersant): "weapons", string(vocab.Ostrozny): "weapons", string(vocab.Niestrudzony): "weapons",
	string(vocab.Bastion): "weapons", string(vocab.Zemsta): "weapons", string(vocab.Rezerwa): "weapons", string(vocab.Odwody): "weapons", string(vocab.Szpica): "weapons",
	string(vocab.Mistrzostwo): "weapons",
}

// abilityCosts costs the model's abilities and returns their sum.
func (c *costing) abilityCosts() float64 {
	t := float64(c.unit.Toughness)
	total := 0.0
	names := make([]string, 0, len(c.model))
	for k := range c.model {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		a := c.model[k]
		cost, how, ok := c.ability(a, t)
		if !ok {
			continue
		}
		c.out.Abilities = append(c.out.Abilities, AbilityCost{Name: a.String(), Cost: cost, How: how})
		c.line(lineAbility.New(l10n.Str("ability", a.String()), l10n.Term("how", how), num("cost", cost)))
		total += cost
	}
	return total
}

// ability costs one model ability; ok is false for those costed in
// another part (said in a note).
func (c *costing) ability(a ability, t float64) (cost float64, how l10n.Message, ok bool) {
	name := a.info.name
	perToughness := func(price float64) l10n.Message {
		return howPerToughness.New(num("price", price), num("toughness", t))
	}
	if part, elsewhere := pricedElsewhere[name]; elsewhere {
		if p, found := passiveByName(name); found && p.priced {
			return p.price * t, perToughness(p.price), true
		}
		c.note(notePart.New(l10n.Str("name", name), l10n.Term("part", termParts[part].New())))
		return 0, l10n.Message{}, false
	}
	switch name {
	case string(vocab.Samolot):
		return aircraftPerT * t, howAircraft.New(num("toughness", t)), true
	case string(vocab.Zasadzka):
		p, _ := passiveByName(name)
		c.note(noteAmbush.New())
		return p.price * t, perToughness(p.price), true
	case string(vocab.Mag):
		return float64(a.x * magPerX), howMag.New(l10n.Int("x", a.x)), true
	case string(vocab.Transport):
		f := 1.0
		var parts []l10n.Message
		plus := func(v float64, name string) {
			f += v
			parts = append(parts, partPlus.New(num("value", v), l10n.Str("name", name)))
		}
		if c.model.has(string(vocab.Samolot)) {
			plus(3, string(vocab.Samolot))
		}
		if c.model.has(string(vocab.Latajacy)) {
			plus(0.5, string(vocab.Latajacy))
		}
		if c.model.has(string(vocab.Szybki)) || c.model.has(string(vocab.Zwinny)) {
			plus(0.25, "Szybki/Zwinny")
		}
		return float64(a.x) * f, howTransport.New(l10n.List("parts", parts), l10n.Int("x", a.x), num("factor", f)), true
	case string(vocab.Aura), string(vocab.Rozkaz), string(vocab.Oznaczenie), string(vocab.Klatwa):
		return c.auraCost(a, t)
	}
	if v, fixed := fixedCosts[name]; fixed {
		return v, howFixed.New(), true
	}
	p, found := passiveByName(name)
	if slices.Contains(unpriced, name) || !found || !p.priced {
		c.note(noteNoPrice.New(l10n.Str("name", name)))
		return 0, l10n.Message{}, false
	}
	return p.price * t, perToughness(p.price), true
}

// auraCost is the cost of X as an aura (Aura column) or as an order,
// mark or curse (Rozkaz column). The columns are priced for a model of
// Toughness 8 or less after "4/3 of the model's Toughness, min 8, max 24";
// for a tougher model they scale with it. An order is an aura with +2
// Toughness: the Rozkaz column is the Aura column × 10/8.
func (c *costing) auraCost(a ability, t float64) (float64, l10n.Message, bool) {
	p, found := passiveByName(a.param.name)
	eff := math.Min(math.Max(t*4/3, auraMin), auraMax)
	if a.info.name == string(vocab.Aura) {
		if !found || p.aura == 0 {
			c.note(noteNoAura.New(l10n.Str("name", a.param.name)))
			return 0, l10n.Message{}, false
		}
		cost := p.aura * eff / auraBaseToughness
		how := howAura
		if a.range12 {
			cost += auraRange12
			how = howAura12
		}
		return cost, how.New(num("price", p.aura), num("toughness", round2(eff))), true
	}
	if !found || p.order == 0 {
		c.note(noteNoOrder.New(l10n.Str("name", a.param.name)))
		return 0, l10n.Message{}, false
	}
	ord := eff + orderToughness
	return p.order * ord / (auraBaseToughness + orderToughness), howOrder.New(num("price", p.order), num("toughness", round2(ord))), true
}
