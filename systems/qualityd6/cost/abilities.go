package cost

import (
	"math"
	"slices"
	"strings"

	"kostka/l10n"
	vocab "kostka/systems/qualityd6/ability"
)

// passiveByName finds a row of the passive abilities table.
func passiveByName(name vocab.Name) (passive, bool) {
	i := slices.IndexFunc(passiveTable, func(p passive) bool { return p.name == name })
	if i < 0 {
		return passive{}, false
	}
	return passiveTable[i], true
}

// unpriced abilities are in the rules but not in the cost tables.
var unpriced = []vocab.Name{vocab.Bohater, vocab.Wrak, vocab.Wysoki, vocab.Ochroniarz}

// pricedElsewhere are costed in the morale, defense or weapon parts.
var pricedElsewhere = map[vocab.Name]string{
	vocab.Nieustraszony: "morale", vocab.Stracenczy: "morale",
	vocab.Delikatny: "defense", vocab.Niewrazliwy: "defense", vocab.Waagh: "defense and weapons", vocab.Odrodzenie: "defense",
	vocab.Furia: "weapons", vocab.Przygotowanie: "weapons", vocab.DobrzeStrzela: "weapons", vocab.ZleStrzela: "weapons",
	vocab.Straznik: "weapons", vocab.Dywersant: "weapons", vocab.Ostrozny: "weapons", vocab.Niestrudzony: "weapons",
	vocab.Bastion: "weapons", vocab.Zemsta: "weapons", vocab.Rezerwa: "weapons", vocab.Odwody: "weapons", vocab.Szpica: "weapons",
	vocab.Mistrzostwo: "weapons",
}

// abilityCosts costs the model's abilities and returns their sum.
func (c *costing) abilityCosts() float64 {
	t := float64(c.unit.Toughness)
	total := 0.0
	names := make([]abilityKey, 0, len(c.model))
	for k := range c.model {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b abilityKey) int { return strings.Compare(a.String(), b.String()) })
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
	name := a.info.Name
	perToughness := func(price float64) l10n.Message {
		return howPerToughness.New(num("price", price), num("toughness", t))
	}
	if part, elsewhere := pricedElsewhere[name]; elsewhere {
		if p, found := passiveByName(name); found && p.priced {
			return p.price * t, perToughness(p.price), true
		}
		c.note(notePart.New(nameArg("name", name), l10n.Term("part", termParts[part].New())))
		return 0, l10n.Message{}, false
	}
	switch name {
	case vocab.Samolot:
		return aircraftPerT * t, howAircraft.New(num("toughness", t)), true
	case vocab.Zasadzka:
		p, _ := passiveByName(name)
		c.note(noteAmbush.New())
		return p.price * t, perToughness(p.price), true
	case vocab.Mag:
		return float64(a.x * magPerX), howMag.New(l10n.Int("x", a.x)), true
	case vocab.Transport:
		f := 1.0
		var parts []l10n.Message
		plus := func(v float64, name vocab.Name) {
			f += v
			parts = append(parts, partPlus.New(num("value", v), nameArg("name", name)))
		}
		if c.model.has(vocab.Samolot) {
			plus(3, vocab.Samolot)
		}
		if c.model.has(vocab.Latajacy) {
			plus(0.5, vocab.Latajacy)
		}
		if c.model.has(vocab.Szybki) || c.model.has(vocab.Zwinny) {
			plus(0.25, "Szybki/Zwinny")
		}
		return float64(a.x) * f, howTransport.New(l10n.List("parts", parts), l10n.Int("x", a.x), num("factor", f)), true
	case vocab.Aura, vocab.Rozkaz, vocab.Oznaczenie, vocab.Klatwa:
		return c.auraCost(a, t)
	}
	if v, fixed := fixedCosts[name]; fixed {
		return v, howFixed.New(), true
	}
	p, found := passiveByName(name)
	if slices.Contains(unpriced, name) || !found || !p.priced {
		c.note(noteNoPrice.New(nameArg("name", name)))
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
	p, found := passiveByName(a.param.Name)
	eff := math.Min(math.Max(t*4/3, auraMin), auraMax)
	if a.info.Name == vocab.Aura {
		if !found || p.aura == 0 {
			c.note(noteNoAura.New(nameArg("name", a.param.Name)))
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
		c.note(noteNoOrder.New(nameArg("name", a.param.Name)))
		return 0, l10n.Message{}, false
	}
	ord := eff + orderToughness
	return p.order * ord / (auraBaseToughness + orderToughness), howOrder.New(num("price", p.order), num("toughness", round2(ord))), true
}
