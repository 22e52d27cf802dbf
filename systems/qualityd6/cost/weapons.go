package cost

import (
	"fmt"
	"slices"

	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// weaponCosts costs every weapon per model, then halves the unit's
// cheaper category.
func (c *costing) weaponCosts() {
	var melee, ranged float64
	mastery := c.masteryAbility()
	for i, w := range c.unit.Weapons {
		ws := c.weapons[i]
		if mastery != nil && !ws.has(mastery.Name) {
			ws = clone(ws)
			ws[abilityKey{name: mastery.Name}] = ability{info: mastery}
			c.note(noteMastery.New(nameArg("name", mastery.Name)))
		}
		name := w.Name
		if name == "" {
			name = fmt.Sprintf("#%d", i+1) // a name in no language
		}
		kinds := []Range{w.Range}
		if ws.has(vocab.Szturmowa) && w.Range != Melee {
			kinds = append(kinds, Melee) // "Wyceń również jak broń wręcz"
		}
		for _, r := range kinds {
			wc := c.weapon(name, w, ws, r)
			if r == Melee {
				melee += wc.Cost
			} else {
				ranged += wc.Cost
			}
			c.out.Weapons = append(c.out.Weapons, wc)
		}
	}
	// The dearer category, summed over the unit, sets what the unit is;
	// the cheaper one costs half. A tie halves the ranged weapons.
	c.out.Category = KindRanged
	halve := KindMelee
	if melee >= ranged {
		c.out.Category, halve = KindMelee, KindRanged
	}
	for i := range c.out.Weapons {
		w := &c.out.Weapons[i]
		w.Paid = w.Cost
		if w.Kind == halve {
			w.Halved, w.Paid = true, w.Cost/2
		}
	}
	if melee > 0 && ranged > 0 {
		line := lineWeaponsRanged
		if c.out.Category == KindMelee {
			line = lineWeaponsMelee
		}
		c.line(line.New(num("melee", melee), num("ranged", ranged)))
	}
}

func clone(s set) set {
	out := make(set, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// masteryAbility is the weapon ability Mistrzostwo(X) gives, if any.
func (c *costing) masteryAbility() *vocab.Info {
	for _, a := range c.model {
		if a.info.Name == vocab.Mistrzostwo {
			return a.param
		}
	}
	return nil
}

// weapon costs one weapon per model as a weapon of range r: attacks × 2 ×
// range modifier × hit chance × ability modifiers.
func (c *costing) weapon(name string, w Weapon, ws set, r Range) WeaponCost {
	kind := KindRanged
	if r == Melee {
		kind = KindMelee
	}
	wc := WeaponCost{Name: name, Kind: kind}
	wc.RangeModifier = c.rangeModifier(name, ws, r)
	wc.HitChance = c.hitChance(name, w, ws, r)
	wc.AbilityModifier = c.abilityModifier(name, w, ws, r)
	wc.Cost = float64(w.Attacks) * attackCost * wc.RangeModifier * wc.HitChance * wc.AbilityModifier
	c.line(lineWeapon.New(l10n.Str("name", name), l10n.Term("kind", kindTerm(kind)), l10n.Int("attacks", w.Attacks),
		num("range", round2(wc.RangeModifier)), num("hit", round2(wc.HitChance)), num("abilities", round2(wc.AbilityModifier)), num("cost", wc.Cost)))
	return wc
}

// rangeModifier reads the range table, interpolating between columns.
func (c *costing) rangeModifier(name string, ws set, r Range) float64 {
	x := int(r)
	if r != Melee && x < rangeColumns[1] {
		c.note(noteShortRange.New(l10n.Str("name", name)))
		x = rangeColumns[1]
	}
	if r != Melee && !slices.Contains(rangeColumns, x) {
		c.note(noteRangeBetween.New(l10n.Str("name", name), l10n.Int("range", x)))
	}
	v := interpolate(rangeColumns, rangeBase.values[:], x)
	if ws.has(vocab.Artyleria) {
		v += interpolate(rangeColumns, rangeArtillery.values[:], x)
	}
	if ws.has(vocab.Nieporeczny) {
		v -= interpolate(rangeColumns, rangeUnwieldy.values[:], x)
	}
	return v
}

// hitChance is 7 - Quality plus the bonuses of the hit chance rule, at
// least 0.9.
func (c *costing) hitChance(name string, w Weapon, ws set, r Range) float64 {
	melee := r == Melee
	q := c.unit.Quality
	switch {
	case ws.has(vocab.Niezawodny):
		q = 2
	case !melee && c.model.has(vocab.DobrzeStrzela):
		q = 4
	case !melee && c.model.has(vocab.ZleStrzela):
		q = 5
	}
	var parts []l10n.Message
	h := float64(7 - q)
	add := func(v float64, why l10n.Message) {
		h += v
		parts = append(parts, partBonus.New(l10n.SignedDecimal("value", systems.Round(v), 3), l10n.Term("why", why)))
	}
	named := func(name vocab.Name) l10n.Message { return whyName.New(nameArg("name", name)) }
	if ws.has(vocab.Podwojny) {
		add(1, named(vocab.Podwojny))
	}
	if ws.has(vocab.Impet) || (melee && c.model.has(vocab.Furia)) {
		add(0.65, whyFury.New())
	}
	if c.model.has(vocab.Szpica) {
		add(0.5, named(vocab.Szpica))
	}
	if c.model.has(vocab.Ostrozny) {
		x := max(int(r), 0)
		if r != Melee && x < rangeColumns[1] {
			x = rangeColumns[1]
		}
		if v := interpolate(rangeColumns, rangeCautiousHi.values[:], x); v != 0 {
			add(v, named(vocab.Ostrozny))
		}
	}
	if ws.has(vocab.Finezja) {
		add(float64((7-q)*(6-q)*(6-q))/50, named(vocab.Finezja))
	}
	if ws.has(vocab.Dezintegracja) {
		add(2.9/apBase(w.AP)-1, named(vocab.Dezintegracja))
	}
	aircraft := c.model.has(vocab.Samolot)
	switch {
	case aircraft && c.model.has(vocab.Przygotowanie):
		c.note(noteAircraft.New())
	case c.model.has(vocab.Przygotowanie) && c.model.has(vocab.Niestrudzony):
		add(0.2, whyPrep.New())
	case c.model.has(vocab.Przygotowanie):
		add(0.65, named(vocab.Przygotowanie))
	}
	if !ws.has(vocab.Namierzanie) {
		if melee {
			add(-0.3, whyNoTarget.New(l10n.Term("kind", termMelee.New())))
		} else {
			add(-0.6, whyNoTarget.New(l10n.Term("kind", termRanged.New())))
		}
		c.note(noteTargeting.New())
	}
	if h < hitChanceMin {
		parts = append(parts, partMin.New(num("min", hitChanceMin)))
		h = hitChanceMin
	}
	c.line(lineHit.New(l10n.Str("name", name), l10n.Int("quality", q), l10n.List("parts", parts), num("value", round2(h))))
	return h
}

// apBase is the ability table's base row for an AP.
func apBase(ap int) float64 { return apTable[0].values[slices.Index(apColumns, ap)] }

// abilityModifier is the AP row sum (times Przebijająca), times
// Rozprysk(X) and Zabójczy(X), times every multiplier that applies.
func (c *costing) abilityModifier(name string, w Weapon, ws set, r Range) float64 {
	col := slices.Index(apColumns, w.AP)
	v := 0.0
	pierce := 1.0
	for _, row := range apTable {
		owner := ws
		if row.ability == vocab.Waagh {
			owner = c.model
		}
		if row.ability != "" && !owner.has(row.ability) {
			continue
		}
		switch row.op {
		case '+':
			v += row.values[col]
		case '-':
			v -= row.values[col]
		case '*':
			pierce = row.values[col]
		}
	}
	v *= pierce
	for _, xname := range []vocab.Name{vocab.Rozprysk, vocab.Zabojczy} {
		if a, ok := ws[abilityKey{name: xname}]; ok {
			if a.x > xColumns[len(xColumns)-1] {
				c.note(noteXMax.New(l10n.Str("name", name), nameArg("ability", xname), l10n.Int("x", a.x)))
			} else if !slices.Contains(xColumns, a.x) {
				c.note(noteXBetween.New(l10n.Str("name", name), nameArg("ability", xname), l10n.Int("x", a.x)))
			}
			row := xTable[xname]
			v *= interpolate(xColumns, row[:], min(a.x, xColumns[len(xColumns)-1]))
		}
	}
	melee := r == Melee
	for _, m := range weaponMultipliers {
		if !ws.has(m.ability) && !c.model.has(m.ability) {
			continue
		}
		if (m.kind == KindMelee && !melee) || (m.kind == KindRanged && melee) {
			continue
		}
		if m.ability == vocab.Odwody && (c.model.has(vocab.Rezerwa) || c.model.has(vocab.Zwiadowca) || c.model.has(vocab.Zasadzka)) {
			continue
		}
		if m.ability == vocab.Niestrudzony && c.model.has(vocab.Samolot) {
			continue
		}
		v *= m.factor
	}
	return v
}
