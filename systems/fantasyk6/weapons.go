package fantasyk6

import (
	"strconv"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// A model's attacks on one target are resolved one at a time, whatever
// weapon makes them, and stop when the target is removed (Trafianie w
// walce wręcz: "Po wykonaniu całej procedury dla jednego ataku, atakujący
// model może wyprowadzić następny, jeśli nadal jakiś posiada i wciąż ma
// cele"). Its weapons add attacks (Broń i dokładna ilość ataków:
// "Wszystkie ataki z profilu modelu, traktowane są jak wyprowadzane jego
// główną bronią. Dodatkowa broń oznacza jeden dodatkowy atak właśnie tą
// bronią"), and a mount makes its own with its own Walka and modifiers
// (Kawaleria: "Każdy wierzchowiec ma swoje charakterystyki (Szybkość, Walkę
// i Atak) […] wyprowadza swoje ataki, mogą mieć one swoje własne
// modyfikatory"). An attack with weapons pools them so: each weapon's
// attacks in the order listed, each with its own hit chance and save
// modifier, until the target is removed.

// maxWeapons bounds an attack's weapon list: a main weapon, a further one
// or a shield, a mount, and some to spare.
const maxWeapons = 8

// Weapon is one weapon's (or a mount's) attacks in an attack.
type Weapon struct {
	Name    string `json:"name"`
	Attacks int    `json:"attacks"`
	// Accuracy (shooting) and AttackerFighting (melee), when given, are
	// this weapon's in place of the request's: a mount's own Walka.
	Accuracy         int `json:"accuracy"`
	AttackerFighting int `json:"attacker_fighting"`
	// The weapon's own modifiers, added to the request's, and its reroll
	// of a missed hit, besides the request's.
	HitModifier  int  `json:"hit_modifier"`
	SaveModifier int  `json:"save_modifier"`
	RerollHit    bool `json:"reroll_hit"`
}

// profiles are the request as one request per weapon, in order; a request
// without weapons is its own single profile.
func (r *AttackRequest) profiles() ([]AttackRequest, error) {
	if len(r.Weapons) == 0 {
		return []AttackRequest{*r}, nil
	}
	out := make([]AttackRequest, len(r.Weapons))
	for i, w := range r.Weapons {
		p := *r
		p.Weapons = nil
		p.Attacks = w.Attacks
		if w.Accuracy != 0 {
			p.Accuracy = w.Accuracy
		}
		if w.AttackerFighting != 0 {
			p.AttackerFighting = w.AttackerFighting
		}
		p.HitModifier += w.HitModifier
		p.SaveModifier += w.SaveModifier
		p.RerollHit = p.RerollHit || w.RerollHit
		at := "weapons[" + strconv.Itoa(i) + "]."
		if err := systems.First(
			systems.Check(at+"hit_modifier", p.HitModifier, -5, 5),
			systems.Check(at+"save_modifier", p.SaveModifier, -5, 6),
		); err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// weaponName is a weapon's name, or its place in the list.
func weaponName(w Weapon, i int) string {
	if w.Name != "" {
		return w.Name
	}
	return "#" + strconv.Itoa(i+1)
}

// WeaponChances are one weapon's chances in a rolled attack.
type WeaponChances struct {
	Name       string `json:"name"`
	Attacks    int    `json:"attacks"`
	HitChance  int    `json:"hit_chance"` // 0 with an automatic hit
	SaveChance int    `json:"save_chance"`
}

// weaponOdds are each weapon's per-attack odds, after the pooled ones.
func (r *AttackRequest) weaponOdds(profiles []AttackRequest) systems.Odds {
	var out systems.Odds
	for i, p := range profiles {
		a := p.perAttack()
		name := l10n.Str("name", weaponName(r.Weapons[i], i))
		key := "weapons[" + strconv.Itoa(i) + "].per_attack."
		out = append(out,
			systems.Probability(key+"miss", labelWeaponMiss.New(name), a.Miss),
			systems.Probability(key+"saved", labelWeaponSaved.New(name), a.Saved),
			systems.Probability(key+"wounded", labelWeaponWounded.New(name), a.Wounded),
			systems.Probability(key+"removed", labelWeaponRemoved.New(name), a.Removed))
	}
	return out
}

// weaponsOdds are the pooled odds of an attack with weapons, with each
// weapon's per-attack odds.
func (r *AttackRequest) weaponsOdds() (AttackOdds, error) {
	profiles, err := r.profiles()
	if err != nil {
		return AttackOdds{}, err
	}
	o := oddsOf(profiles)
	o.weapons = r.weaponOdds(profiles)
	return o, nil
}

// attackWeapons rolls an attack with weapons: each weapon's attacks in
// turn, a step naming it first, until the target is removed.
func (r *AttackRequest) attackWeapons(src dice.Source) (AttackResult, error) {
	profiles, err := r.profiles()
	if err != nil {
		return AttackResult{}, err
	}
	odds, _ := r.weaponsOdds()
	res := AttackResult{SaveChance: profiles[0].saveChance(), PainChance: r.Pain + r.PainModifier, Automatic: r.automaticHit(),
		Report: systems.Report{Odds: odds.Entries(), Rules: r.rules()}}
	var notes []l10n.Message
	first := 0
	for i, p := range profiles {
		hit, n := p.hitChance()
		notes = append(notes, n...)
		if i == 0 {
			res.HitChance = hit
		}
		res.Weapons = append(res.Weapons, WeaponChances{Name: weaponName(r.Weapons[i], i), Attacks: p.Attacks, HitChance: hit, SaveChance: p.saveChance()})
		res.Steps = append(res.Steps, stepWeapon.New(l10n.Str("name", weaponName(r.Weapons[i], i)), l10n.Int("attacks", p.Attacks)))
		if p.rollAttacks(&res, hit, first, src) {
			break
		}
		first += p.Attacks
	}
	res.Notes = append(dedupe(notes), noteWeapons.New())
	res.Notes = append(res.Notes, r.notes(res.HitChance)...)
	return res, nil
}

// dedupe drops repeated notes (each weapon's Panika note is the same).
func dedupe(notes []l10n.Message) []l10n.Message {
	var out []l10n.Message
	seen := map[string]bool{}
	for _, n := range notes {
		if k := n.In(l10n.English); !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	return out
}

var (
	stepWeapon = define("step.weapon", l10n.Texts{
		En: "{name}: {attacks} attacks",
		Pl: "{name}: ataki: {attacks}",
		Cs: "{name}: útoky: {attacks}",
	})
	noteWeapons = define("note.weapons", l10n.Texts{
		En: "The weapons' attacks are made one at a time, weapon by weapon in the order listed, each with its own hit chance and save modifier, until the target is removed; the odds pool them all.",
		Pl: "Ataki broni wykonuje się po jednym, broń po broni w podanej kolejności, każdy z własną szansą trafienia i modyfikatorem Odporności, aż cel zostanie usunięty; szanse obejmują je wszystkie.",
		Cs: "Útoky zbraní se provádějí po jednom, zbraň po zbrani v uvedeném pořadí, každý s vlastní šancí na zásah a modifikátorem pro Odolnost, dokud cíl není odstraněn; šance zahrnují všechny.",
	})
	labelWeaponMiss    = define("odds.weapon.miss", l10n.Texts{En: "{name}, one attack: miss", Pl: "{name}, jeden atak: pudło", Cs: "{name}, jeden útok: minutí"})
	labelWeaponSaved   = define("odds.weapon.saved", l10n.Texts{En: "{name}, one attack: saved", Pl: "{name}, jeden atak: obroniony", Cs: "{name}, jeden útok: odolal"})
	labelWeaponWounded = define("odds.weapon.wounded", l10n.Texts{En: "{name}, one attack: wounded, fights on", Pl: "{name}, jeden atak: ranny, walczy dalej", Cs: "{name}, jeden útok: zraněn, bojuje dál"})
	labelWeaponRemoved = define("odds.weapon.removed", l10n.Texts{En: "{name}, one attack: removed", Pl: "{name}, jeden atak: usunięty", Cs: "{name}, jeden útok: odstraněn"})
)
