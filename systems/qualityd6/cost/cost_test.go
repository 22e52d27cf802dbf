package cost

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"kostka/systems"

	"kostka/l10n"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// unit is a base unit for table tests: one model, Quality 4, Defense 4,
// Toughness 1, no weapons.
func unit(edit func(*Unit)) Unit {
	u := Unit{Models: 1, Quality: 4, Defense: 4, Toughness: 1}
	if edit != nil {
		edit(&u)
	}
	return u
}

func mustCost(t *testing.T, u Unit) Cost {
	t.Helper()
	c, err := Of(u)
	if err != nil {
		t.Fatalf("%+v: %v", u, err)
	}
	return c
}

// TestDefenseTable covers every row of the defense modifier table.
func TestDefenseTable(t *testing.T) {
	tests := []struct {
		defense   int
		abilities []string
		want      float64
	}{
		{6, nil, 0.9}, {5, nil, 1}, {4, nil, 1.25}, {3, nil, 1.65}, {2, nil, 2.3}, // Bazowy +
		{6, []string{"Delikatny"}, 0.8},               // Delikatny (-) 0.1
		{3, []string{"Fragile"}, 1.6},                 // Delikatny (-) 0.05, by its English name
		{5, []string{"Niewrażliwy"}, 1.3},             // Niewrażliwy 0.3
		{2, []string{"niewrazliwy"}, 2.35},            // no diacritics
		{3, []string{"Waagh!"}, 1.62},                 // Waagh (-) 0.03
		{6, []string{"Waagh"}, 0.89},                  // Waagh (-) 0.01
		{2, []string{"Odrodzenie"}, 3.2},              // Odrodzenie 0.9
		{4, []string{"Odrodzenie", "Delikatny"}, 1.7}, // 1.25 + 0.5 - 0.05
	}
	for _, tt := range tests {
		c := mustCost(t, unit(func(u *Unit) { u.Defense, u.Abilities = tt.defense, tt.abilities }))
		if !near(c.PerModel.DefenseModifier, tt.want) {
			t.Errorf("Defense %d+ %v: %v, want %v", tt.defense, tt.abilities, c.PerModel.DefenseModifier, tt.want)
		}
	}
}

// TestToughnessTable covers every row, the +3 step and interpolation.
func TestToughnessTable(t *testing.T) {
	for _, tt := range []struct {
		toughness    int
		want         float64
		interpolated bool
	}{
		{1, 1, false}, {2, 2.15, false}, {3, 3.5, false}, {4, 5, false}, {6, 8, false}, {9, 13, false},
		{12, 18, false}, {15, 23, false}, // +3 → +5
		{5, 6.5, true}, {7, 8 + 5./3, true}, {8, 8 + 10./3, true}, {10, 13 + 5./3, true},
	} {
		c := mustCost(t, unit(func(u *Unit) { u.Toughness = tt.toughness }))
		if !near(c.PerModel.ToughnessModifier, tt.want) {
			t.Errorf("Toughness %d: %v, want %v", tt.toughness, c.PerModel.ToughnessModifier, tt.want)
		}
		if got := strings.Contains(english(c.Notes), "interpolated"); got != tt.interpolated {
			t.Errorf("Toughness %d: interpolation note %v, want %v", tt.toughness, got, tt.interpolated)
		}
	}
}

func TestMorale(t *testing.T) {
	for _, tt := range []struct {
		quality   int
		abilities []string
		want      float64
	}{
		{2, nil, 1.2}, {3, nil, 1.1}, {4, nil, 1}, {5, nil, 0.9}, {6, nil, 0.8},
		{4, []string{"Nieustraszony"}, 1.15}, {6, []string{"Fearless"}, 1.05},
		{5, []string{"Straceńcy"}, 1.1},
		{4, []string{"Nieustraszony", "Straceńczy"}, 1.225},
	} {
		c := mustCost(t, unit(func(u *Unit) { u.Quality, u.Abilities = tt.quality, tt.abilities }))
		if !near(c.PerModel.MoraleModifier, tt.want) {
			t.Errorf("Quality %d %v: %v, want %v", tt.quality, tt.abilities, c.PerModel.MoraleModifier, tt.want)
		}
	}
}

// weaponOf costs one weapon of a Quality 4 model and returns it.
func weaponOf(t *testing.T, w Weapon, abilities ...string) WeaponCost {
	t.Helper()
	c := mustCost(t, unit(func(u *Unit) { u.Weapons, u.Abilities = []Weapon{w}, abilities }))
	return c.Weapons[0]
}

// TestRangeTable covers every row and column of the range table.
func TestRangeTable(t *testing.T) {
	for _, tt := range []struct {
		r         Range
		abilities []string
		want      float64
	}{
		{Melee, nil, 0.6}, {12, nil, 0.65}, {18, nil, 1}, {24, nil, 1.25}, {30, nil, 1.45}, {36, nil, 1.55},
		{12, []string{"Artyleria"}, 1.5}, {18, []string{"Artillery"}, 1.55}, {36, []string{"Artyleria"}, 1.7}, // Artyleria (+)
		{12, []string{"Nieporęczny"}, 0.05}, {24, []string{"Unwieldy"}, 0.85}, {36, []string{"Nieporęczny"}, 1.4}, // Nieporęczny (-)
		{20, nil, 1 + 0.25*2/6}, // between 18" and 24"
		{6, nil, 0.65},          // under 12": as 12"
	} {
		w := weaponOf(t, Weapon{Attacks: 1, Range: tt.r, Abilities: tt.abilities})
		if !near(w.RangeModifier, tt.want) {
			t.Errorf("range %d %v: %v, want %v", tt.r, tt.abilities, w.RangeModifier, tt.want)
		}
	}
	// Ostrożny (traf) is added to the hit chance, by range.
	for _, tt := range []struct {
		r    Range
		want float64
	}{{Melee, 0}, {12, 0}, {18, 0.6}, {24, 0.7}, {30, 0.8}, {36, 0.9}} {
		plain := weaponOf(t, Weapon{Attacks: 1, Range: tt.r})
		cautious := weaponOf(t, Weapon{Attacks: 1, Range: tt.r}, "Ostrożny")
		if !near(cautious.HitChance-plain.HitChance, tt.want) {
			t.Errorf("Ostrożny at %d: +%v, want +%v", tt.r, cautious.HitChance-plain.HitChance, tt.want)
		}
	}
}

// TestAPTable covers every row and column of the ability modifier table.
func TestAPTable(t *testing.T) {
	base := []float64{0.75, 1, 1.4, 1.8, 2.1, 2.3, 2.4}
	for i, ap := range []int{-1, 0, 1, 2, 3, 4, 5} {
		w := weaponOf(t, Weapon{Attacks: 1, Range: Melee, AP: ap})
		if !near(w.AbilityModifier, base[i]) {
			t.Errorf("AP %d: %v, want %v", ap, w.AbilityModifier, base[i])
		}
	}
	for _, tt := range []struct {
		ap     int
		weapon []string
		model  []string
		want   float64
	}{
		{1, []string{"Impet"}, nil, 1.4 + 0.3},
		{-1, []string{"Impact"}, nil, 0.75 + 0.15},
		{2, nil, []string{"Waagh!"}, 1.8 - 0.04},
		{5, nil, []string{"Waagh!"}, 2.4 - 0.02},
		{4, []string{"Brutalny"}, nil, 2.3 + 0.3},
		{0, []string{"Brutal"}, nil, 1 + 0.01},
		{0, []string{"Przebijająca"}, nil, 1 * 2},
		{3, []string{"Piercing", "Brutalny"}, nil, (2.1 + 0.2) * 2.8},
	} {
		w := weaponOf(t, Weapon{Attacks: 1, Range: Melee, AP: tt.ap, Abilities: tt.weapon}, tt.model...)
		if !near(w.AbilityModifier, tt.want) {
			t.Errorf("AP %d %v %v: %v, want %v", tt.ap, tt.weapon, tt.model, w.AbilityModifier, tt.want)
		}
	}
}

// TestXTable covers Rozprysk(X) and Zabójczy(X) at every printed X.
func TestXTable(t *testing.T) {
	for _, tt := range []struct {
		ability string
		want    float64
	}{
		{"Rozprysk(2)", 1.9}, {"Rozprysk(3)", 2.7}, {"Rozprysk(6)", 4.3}, {"Blast(4)", 2.7 + 1.6/3}, {"Rozprysk(1)", 1},
		{"Zabójczy(2)", 1.8}, {"Zabójczy(3)", 2.5}, {"Deadly 6", 3.8}, {"Zabojczy(9)", 3.8},
	} {
		w := weaponOf(t, Weapon{Attacks: 1, Range: Melee, Abilities: []string{tt.ability}})
		if !near(w.AbilityModifier, tt.want) {
			t.Errorf("%s: %v, want %v", tt.ability, w.AbilityModifier, tt.want)
		}
	}
}

// TestWeaponMultipliers covers every line of the multipliers list.
func TestWeaponMultipliers(t *testing.T) {
	for _, tt := range []struct {
		weapon []string
		model  []string
		r      Range
		want   float64
	}{
		{[]string{"Niebezpośredni"}, nil, 24, 1.2},
		{[]string{"Namierzanie"}, nil, 24, 1.1},
		{[]string{"Zużywalny"}, nil, 24, 0.4},
		{[]string{"Podkręcenie"}, nil, 24, 1.05},
		{nil, []string{"Zemsta"}, 24, 1.2},
		{[]string{"Precyzyjny"}, nil, 24, 1.5},
		{[]string{"Przełamanie"}, nil, 24, 1.5},
		{[]string{"Przewidywalny"}, nil, 24, 1.2},
		{nil, []string{"Rezerwa"}, 24, 0.6},
		{nil, []string{"Zasadzka"}, 24, 0.6},
		{nil, []string{"Zasadzka"}, Melee, 1}, // ranged weapons only
		{[]string{"Porażenie"}, nil, Melee, 1.1},
		{[]string{"Porażenie"}, nil, 24, 1}, // melee weapons only
		{[]string{"Zguba"}, nil, 24, 1.05},
		{nil, []string{"Odwody"}, 24, 0.75},
		{nil, []string{"Odwody", "Zwiadowca"}, 24, 1}, // only without Rezerwa, Zwiadowca or Zasadzka
		{nil, []string{"Strażnik"}, 24, 1.7},
		{nil, []string{"Strażnik"}, Melee, 1},
		{nil, []string{"Niestrudzony"}, 24, 1.5},
		{nil, []string{"Niestrudzony", "Samolot"}, 24, 1}, // Samolot ignores Niestrudzony
		{[]string{"Sterowany"}, nil, 24, 1.5},
		{nil, []string{"Bastion"}, Melee, 1.2},
		{nil, []string{"Dywersant"}, 24, 1.2},
	} {
		w := weaponOf(t, Weapon{Attacks: 1, Range: tt.r, Abilities: tt.weapon}, tt.model...)
		if !near(w.AbilityModifier, tt.want) {
			t.Errorf("%v %v at %d: %v, want %v", tt.weapon, tt.model, tt.r, w.AbilityModifier, tt.want)
		}
	}
}

// TestHitChance covers every term of the hit chance rule (Quality 4).
func TestHitChance(t *testing.T) {
	for _, tt := range []struct {
		weapon []string
		model  []string
		r      Range
		ap     int
		want   float64
	}{
		{nil, nil, 24, 0, 3 - 0.6},
		{nil, nil, Melee, 0, 3 - 0.3},
		{[]string{"Namierzanie"}, nil, 24, 0, 3},
		{[]string{"Podwójny"}, nil, Melee, 0, 4 - 0.3},
		{[]string{"Impet"}, nil, Melee, 0, 3.65 - 0.3},
		{nil, []string{"Furia"}, Melee, 0, 3.65 - 0.3},
		{nil, []string{"Furia"}, 24, 0, 3 - 0.6}, // Furia is for charges: melee weapons
		{nil, []string{"Szpica"}, 24, 0, 3.5 - 0.6},
		{[]string{"Finezja"}, nil, Melee, 0, 3 + 3.*4/50 - 0.3},
		{[]string{"Dezintegracja"}, nil, Melee, 2, 3 + 2.9/1.8 - 1 - 0.3},
		{nil, []string{"Przygotowanie"}, 24, 0, 3.65 - 0.6},
		{nil, []string{"Przygotowanie", "Niestrudzony"}, 24, 0, 3.2 - 0.6},
		{nil, []string{"Przygotowanie", "Samolot"}, 24, 0, 3 - 0.6},
		{[]string{"Niezawodny"}, nil, 24, 0, 5 - 0.6},
		{nil, []string{"Dobrze strzela"}, 24, 0, 3 - 0.6},
		{nil, []string{"Źle strzela"}, 24, 0, 2 - 0.6},
		{nil, []string{"Źle strzela"}, Melee, 0, 3 - 0.3}, // shooting only
	} {
		w := weaponOf(t, Weapon{Attacks: 1, Range: tt.r, AP: tt.ap, Abilities: tt.weapon}, tt.model...)
		if !near(w.HitChance, tt.want) {
			t.Errorf("%v %v at %d: %v, want %v", tt.weapon, tt.model, tt.r, w.HitChance, tt.want)
		}
	}
	// Quality 6 with a penalty: never under 0.9.
	c := mustCost(t, Unit{Models: 1, Quality: 6, Defense: 6, Toughness: 1, Weapons: []Weapon{{Attacks: 1, Range: 24}}})
	if c.Weapons[0].HitChance != 0.9 {
		t.Errorf("Quality 6 ranged: %v, want the minimum 0.9", c.Weapons[0].HitChance)
	}
}

// TestPassiveTable covers every row of the passive abilities table: the
// price per point of Toughness, and the aura and order prices.
func TestPassiveTable(t *testing.T) {
	for _, p := range passiveTable {
		t.Run(string(p.name), func(t *testing.T) {
			c := mustCost(t, unit(func(u *Unit) { u.Toughness, u.Abilities = 3, []string{string(p.name)} }))
			got := c.PerModel.Abilities
			want := 0.0
			if p.priced {
				want = p.price * 3
			}
			if !near(got, want) {
				t.Errorf("%s at Toughness 3: %v, want %v", p.name, got, want)
			}
			if p.aura != 0 {
				c := mustCost(t, unit(func(u *Unit) { u.Abilities = []string{"Aura(" + string(p.name) + ")"} }))
				if !near(c.PerModel.Abilities, p.aura) {
					t.Errorf("Aura(%s): %v, want %v", p.name, c.PerModel.Abilities, p.aura)
				}
			}
			if p.order != 0 {
				c := mustCost(t, unit(func(u *Unit) { u.Abilities = []string{"Rozkaz(" + string(p.name) + ")"} }))
				if !near(c.PerModel.Abilities, p.order) {
					t.Errorf("Rozkaz(%s): %v, want %v", p.name, c.PerModel.Abilities, p.order)
				}
			}
		})
	}
}

func TestSpecialAbilities(t *testing.T) {
	for _, tt := range []struct {
		toughness int
		abilities []string
		want      float64
	}{
		{4, []string{"Samolot"}, 12},
		{2, []string{"Transport(6)"}, 6},
		{2, []string{"Transport(6)", "Latający", "Szybki"}, 6*1.75 + 2*1 + 2*1},
		{4, []string{"Transport(10)", "Samolot"}, 40 + 12},
		{1, []string{"Mag(2)"}, 16},
		{1, []string{"Caster 3"}, 24},
		{1, []string{"Spaczenie"}, 30}, {1, []string{"Ociężałość"}, 20}, {1, []string{"Radio"}, 3},
		{1, []string{"Męczennik"}, 5}, {1, []string{"Łatanie"}, 20},
		{1, []string{`Aura 12"(Tarcza)`}, 10 + 8},
		{9, []string{"Aura(Tarcza)"}, 10 * 12 / 8.},     // 4/3 × 9 = 12
		{9, []string{"Order(Shield)"}, 12.5 * 14 / 10.}, // as an aura with +2 Toughness
		{1, []string{"Oznaczenie(Maskowanie)", "Klątwa(Wolny)"}, 20 + 10},
		{1, []string{"Bohater"}, 0},
	} {
		c := mustCost(t, unit(func(u *Unit) { u.Toughness, u.Abilities = tt.toughness, tt.abilities }))
		if !near(c.PerModel.Abilities, tt.want) {
			t.Errorf("T%d %v: %v, want %v (%v)", tt.toughness, tt.abilities, c.PerModel.Abilities, tt.want, c.Abilities)
		}
	}
	// Mistrzostwo(X): every weapon as if it had X.
	plain := mustCost(t, unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 2, Range: Melee, AP: 1}} }))
	master := mustCost(t, unit(func(u *Unit) {
		u.Weapons = []Weapon{{Attacks: 2, Range: Melee, AP: 1}}
		u.Abilities = []string{"Mistrzostwo(Brutalny)"}
	}))
	if !near(master.Weapons[0].AbilityModifier, plain.Weapons[0].AbilityModifier+0.02) {
		t.Errorf("Mistrzostwo(Brutalny): %v", master.Weapons[0].AbilityModifier)
	}
}

// TestUnitsByHand costs whole units by the formula, by hand.
func TestUnitsByHand(t *testing.T) {
	// Ten Quality 4+, Defense 5+, Toughness 1 soldiers with a 24" rifle and
	// a close combat weapon. Base 5 × 1 × 1 × 1 = 5. Rifle 1 × 2 × 1.25 ×
	// (3 - 0.6) × 1 = 6; melee 1 × 2 × 0.6 × (3 - 0.3) × 1 = 3.24, halved
	// (a ranged unit) to 1.62. 12.62 a model, 126.2 the unit: 126.
	c := mustCost(t, Unit{Models: 10, Quality: 4, Defense: 5, Toughness: 1, Weapons: []Weapon{
		{Name: "rifle", Attacks: 1, Range: 24}, {Name: "ccw", Attacks: 1, Range: Melee},
	}})
	if c.Total != 126 || !near(c.Exact, 126.2) || c.Category != "ranged" || !c.Weapons[1].Halved {
		t.Errorf("soldiers: %+v", c)
	}
	// A Quality 3+, Defense 2+, Toughness 6 walker, Fearless, Regeneracja,
	// with a melee weapon of 4 attacks AP 2 Impet and a 12" Rozprysk(3)
	// flamer of 1 attack AP 0. Morale 1.3 - 0.2 × 0.5 = 1.2; base 5 × 1.2 ×
	// 2.3 × 8 = 110.4. Melee: 4 × 2 × 0.6 × (4 + 0.65 - 0.3) × (1.8 + 0.25)
	// = 42.804; flamer: 1 × 2 × 0.65 × (4 - 0.6) × 2.7 = 11.934, halved to
	// 5.967. Regeneracja 4 × 6 = 24. Total 110.4 + 42.804 + 5.967 + 24 =
	// 183.171: 183.
	c = mustCost(t, Unit{Models: 1, Quality: 3, Defense: 2, Toughness: 6, Abilities: []string{"Nieustraszony", "Regeneracja"}, Weapons: []Weapon{
		{Name: "claws", Attacks: 4, Range: Melee, AP: 2, Abilities: []string{"Impet"}},
		{Name: "flamer", Attacks: 1, Range: 12, Abilities: []string{"Rozprysk(3)"}},
	}})
	if c.Total != 183 || !near(c.Exact, 183.171) || c.Category != "melee" {
		t.Errorf("walker: total %d exact %v category %s\n%s", c.Total, c.Exact, c.Category, english(c.Breakdown))
	}
	// Its weapons cost 48.771 per model, 3.5 times 2.3 × 6: under the
	// rulebook's advised 5 to 25 times.
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0].In(l10n.English), "3.5 times") {
		t.Errorf("walker warnings: %v", c.Warnings)
	}
}

func TestBalanceWarning(t *testing.T) {
	c := mustCost(t, Unit{Models: 1, Quality: 4, Defense: 2, Toughness: 9, Weapons: []Weapon{{Attacks: 1, Range: Melee}}})
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0].In(l10n.English), "5 to 25 times") {
		t.Errorf("warnings %v", c.Warnings)
	}
}

func TestBadUnits(t *testing.T) {
	for _, tt := range []struct {
		u     Unit
		field string
	}{
		{unit(func(u *Unit) { u.Models = 0 }), "models"},
		{unit(func(u *Unit) { u.Quality = 7 }), "quality"},
		{unit(func(u *Unit) { u.Defense = 1 }), "defense"},
		{unit(func(u *Unit) { u.Toughness = 0 }), "toughness"},
		{unit(func(u *Unit) { u.Abilities = []string{"Tarcza", "Flying Spaghetti"} }), "abilities[1]"},
		{unit(func(u *Unit) { u.Abilities = []string{"Brutalny"} }), "abilities[0]"},
		{unit(func(u *Unit) { u.Abilities = []string{"Mag"} }), "abilities[0]"},
		{unit(func(u *Unit) { u.Abilities = []string{"Aura(Bohater)"} }), ""},
		{unit(func(u *Unit) { u.Abilities = []string{"Aura(Brutalny)"} }), "abilities[0]"},
		{unit(func(u *Unit) { u.Abilities = []string{"Tarcza", "Shield"} }), "abilities[1]"},
		{unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 0, Range: 12}} }), "weapons[0].attacks"},
		{unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 1, Range: 48}} }), "weapons[0].range"},
		{unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 1, Range: 12, AP: 6}} }), "weapons[0].ap"},
		{unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 1, Range: 12, Abilities: []string{"Tarcza"}}} }), "weapons[0].abilities[0]"},
		{unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 1, Range: Melee, Abilities: []string{"Artyleria"}}} }), "weapons[0].abilities[0]"},
		{unit(func(u *Unit) {
			u.Weapons = []Weapon{{Attacks: 1, Range: 12, Abilities: []string{"Przebijająca", "Zabójczy(2)"}}}
		}), "weapons[0].abilities"},
	} {
		_, err := Of(tt.u)
		var fe *systems.FieldError
		if tt.field == "" {
			if err != nil {
				t.Errorf("%+v: %v", tt.u, err)
			}
			continue
		}
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: err %v, want a field error on %s", tt.u, err, tt.field)
		}
	}
}

func TestRangeJSON(t *testing.T) {
	for in, want := range map[string]Range{`"melee"`: Melee, `"wręcz"`: Melee, `24`: 24, `"18\""`: 18} {
		var r Range
		if err := json.Unmarshal([]byte(in), &r); err != nil || r != want {
			t.Errorf("%s: %v, %v", in, r, err)
		}
	}
	for _, in := range []string{`"far"`, `true`, `1.5`} {
		var r Range
		if err := json.Unmarshal([]byte(in), &r); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
	b, _ := json.Marshal([]Range{Melee, 12})
	if string(b) != `["melee",12]` {
		t.Errorf("marshal: %s", b)
	}
}

func FuzzCost(f *testing.F) {
	f.Add(`{"models":10,"quality":4,"defense":5,"toughness":1,"weapons":[{"attacks":1,"range":24}]}`)
	f.Add(`{"models":1,"quality":3,"defense":2,"toughness":30,"abilities":["Aura 12\"(Tarcza)","Mag(20)","Transport(20)"],"weapons":[{"attacks":50,"range":"melee","ap":5,"abilities":["Rozprysk(20)","Przebijająca"]}]}`)
	f.Add(`{"abilities":["(","Aura(",")","Mistrzostwo(Mistrzostwo(X))"]}`)
	f.Fuzz(func(t *testing.T, body string) {
		var u Unit
		if json.Unmarshal([]byte(body), &u) != nil {
			return
		}
		c, err := Of(u)
		if err != nil {
			if !errors.Is(err, systems.ErrInvalid) {
				t.Fatalf("%s: %v is not a field error", body, err)
			}
			return
		}
		if math.IsNaN(c.Exact) || math.IsInf(c.Exact, 0) || c.Total != int(math.Round(c.Exact)) {
			t.Fatalf("%s: total %d exact %v", body, c.Total, c.Exact)
		}
		_ = fmt.Sprint(c)
	})
}

// english renders messages in English, one a line.
func english(msgs []l10n.Message) string {
	lines := make([]string, len(msgs))
	for i, m := range msgs {
		lines[i] = m.In(l10n.English)
	}
	return strings.Join(lines, "\n")
}

// TestWeaponBlastDeadlyFields: a weapon's blast and deadly, as the attack
// takes them, cost as Rozprysk(X) and Zabójczy(X) among its abilities; both
// at once are refused.
func TestWeaponBlastDeadlyFields(t *testing.T) {
	fields := mustCost(t, unit(func(u *Unit) { u.Weapons = []Weapon{{Attacks: 2, Range: 24, Blast: 3, Deadly: 2}} }))
	named := mustCost(t, unit(func(u *Unit) {
		u.Weapons = []Weapon{{Attacks: 2, Range: 24, Abilities: []string{"Rozprysk(3)", "Zabójczy(2)"}}}
	}))
	if fields.Exact != named.Exact || fields.Exact == 0 {
		t.Errorf("blast and deadly fields: %v, in the abilities: %v", fields.Exact, named.Exact)
	}
	_, err := Of(unit(func(u *Unit) {
		u.Weapons = []Weapon{{Attacks: 2, Range: 24, Blast: 3, Abilities: []string{"Rozprysk(2)"}}}
	}))
	var fe *systems.FieldError
	if !errors.As(err, &fe) || fe.Field != "weapons[0].blast" {
		t.Errorf("Rozprysk twice: %v, want an error on weapons[0].blast", err)
	}
}
