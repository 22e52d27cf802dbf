package cost

import (
	"fmt"
	"math"
	"slices"
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
var unpriced = []string{"Bohater", "Wrak", "Wysoki", "Ochroniarz"}

// pricedElsewhere are costed in the morale, defense or weapon parts.
var pricedElsewhere = map[string]string{
	"Nieustraszony": "morale", "Straceńczy": "morale",
	"Delikatny": "defense", "Niewrażliwy": "defense", "Waagh!": "defense and weapons", "Odrodzenie": "defense",
	"Furia": "weapons", "Przygotowanie": "weapons", "Dobrze strzela": "weapons", "Źle strzela": "weapons",
	"Strażnik": "weapons", "Dywersant": "weapons", "Ostrożny": "weapons", "Niestrudzony": "weapons",
	"Bastion": "weapons", "Zemsta": "weapons", "Rezerwa": "weapons", "Odwody": "weapons", "Szpica": "weapons",
	"Mistrzostwo": "weapons",
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
		c.line("%s: %s = %.3f", a, how, cost)
		total += cost
	}
	return total
}

// ability costs one model ability; ok is false for those costed in
// another part (said in a note).
func (c *costing) ability(a ability, t float64) (cost float64, how string, ok bool) {
	name := a.info.name
	if part, elsewhere := pricedElsewhere[name]; elsewhere {
		if p, found := passiveByName(name); found && p.priced {
			return p.price * t, fmt.Sprintf("%g per Toughness × %g", p.price, t), true
		}
		c.note("%s is costed in the %s part.", name, part)
		return 0, "", false
	}
	switch name {
	case "Samolot":
		return aircraftPerT * t, fmt.Sprintf("3 × Toughness %g", t), true
	case "Zasadzka":
		p, _ := passiveByName(name)
		c.note("Zasadzka also costs its ranged weapons ×0.6.")
		return p.price * t, fmt.Sprintf("%g per Toughness × %g", p.price, t), true
	case "Mag":
		return float64(a.x * magPerX), fmt.Sprintf("X × 8 = %d × 8", a.x), true
	case "Transport":
		f, parts := 1.0, "1"
		if c.model.has("Samolot") {
			f, parts = f+3, parts+" + 3 (Samolot)"
		}
		if c.model.has("Latający") {
			f, parts = f+0.5, parts+" + 0.5 (Latający)"
		}
		if c.model.has("Szybki") || c.model.has("Zwinny") {
			f, parts = f+0.25, parts+" + 0.25 (Szybki/Zwinny)"
		}
		return float64(a.x) * f, fmt.Sprintf("X × (%s) = %d × %g", parts, a.x, f), true
	case "Aura", "Rozkaz", "Oznaczenie", "Klątwa":
		return c.auraCost(a, t)
	}
	if v, fixed := fixedCosts[name]; fixed {
		return v, "its price in the aura and active abilities list", true
	}
	if slices.Contains(unpriced, name) {
		c.note("%s has no price in the rulebook's cost tables; it adds nothing.", name)
		return 0, "", false
	}
	p, found := passiveByName(name)
	if !found || !p.priced {
		c.note("%s has no price in the rulebook's cost tables; it adds nothing.", name)
		return 0, "", false
	}
	return p.price * t, fmt.Sprintf("%g per Toughness × %g", p.price, t), true
}

// auraCost is the cost of X as an aura (Aura column) or as an order,
// mark or curse (Rozkaz column). The columns are priced for a model of
// Toughness 8 or less after "4/3 of the model's Toughness, min 8, max 24";
// for a tougher model they scale with it. An order is an aura with +2
// Toughness: the Rozkaz column is the Aura column × 10/8.
func (c *costing) auraCost(a ability, t float64) (float64, string, bool) {
	p, found := passiveByName(a.param.name)
	eff := math.Min(math.Max(t*4/3, auraMin), auraMax)
	if a.info.name == "Aura" {
		if !found || p.aura == 0 {
			c.note("%s cannot be an aura (the table has no aura price for it); it adds nothing.", a.param.name)
			return 0, "", false
		}
		cost := p.aura * eff / auraBaseToughness
		how := fmt.Sprintf("aura price %g × %g / 8", p.aura, round2(eff))
		if a.range12 {
			cost += auraRange12
			how += " + 8 for a 12\" range"
		}
		return cost, how, true
	}
	if !found || p.order == 0 {
		c.note("%s cannot be an order (the table has no order price for it); it adds nothing.", a.param.name)
		return 0, "", false
	}
	ord := eff + orderToughness
	return p.order * ord / (auraBaseToughness + orderToughness), fmt.Sprintf("order price %g × %g / 10", p.order, round2(ord)), true
}
