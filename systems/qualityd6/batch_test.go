package qualityd6

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestBatchEqualsSingleAttacks checks, over random attackers (weapons with
// the abilities that shape the hit table: Dezintegracja, Finezja,
// Przebijająca, Podwójny, Rozprysk), some of them the same unit with
// another loadout, against random targets, that every attack's odds in a
// batch equal AttackOddsOf's to the last bit, taken in any order, and that
// the batch shares work.
func TestBatchEqualsSingleAttacks(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(38, 77))
	weaponAbilities := []string{"Dezintegracja", "Finezja", "Przebijająca", "Podwójny", "Niezawodny", "Precyzyjny", "Impet", "Namierzanie", "Brutalny", "Porażenie"}
	unitAbilities := []string{"Furia", "Przygotowanie", "Rój", "Ostrożny", "Nieustraszony"}
	shared, multi := 0, 0 // comparisons of several targets, and those that shared
	weapons := 0          // weapons resolved once for several attacks against a target
	for n := range 40 {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var attackers []AttackRequest
			for range 2 + r.IntN(3) {
				a := AttackRequest{Quality: 2 + r.IntN(5), Charging: r.IntN(2) == 0, Cover: r.IntN(3) == 0,
					HitModifier: r.IntN(3) - 1, Melee: r.IntN(2) == 0, AttackerFortified: r.IntN(2) == 0}
				if r.IntN(2) == 0 {
					a.Abilities = []string{unitAbilities[r.IntN(len(unitAbilities))]}
				}
				for w := range 1 + r.IntN(3) {
					wp := Weapon{Name: fmt.Sprint("W", w), Attacks: 1 + r.IntN(15), AP: r.IntN(4), Blast: 1 + r.IntN(4)}
					for _, ab := range weaponAbilities {
						if r.IntN(4) == 0 {
							wp.Abilities = append(wp.Abilities, ab)
						}
					}
					if !slicesContains(wp.Abilities, "Przebijająca") {
						wp.Deadly = 1 + r.IntN(3)
					}
					a.Weapons = append(a.Weapons, wp)
				}
				if k := len(attackers); k > 0 && r.IntN(2) == 0 {
					// The same unit with another loadout: its first
					// weapon the previous attacker's.
					prev := attackers[k-1]
					b := prev
					b.Weapons = append([]Weapon{prev.Weapons[0]}, a.Weapons...)
					if r.IntN(3) == 0 { // or in cover, a weapon like it but not the same
						b.Cover = !b.Cover
					}
					a = b
				}
				attackers = append(attackers, a)
			}
			var targets []AttackRequest
			for range 1 + r.IntN(3) {
				x := AttackRequest{Defense: 2 + r.IntN(5), Models: 1 + r.IntN(10), Toughness: 1 + r.IntN(4)}
				if q := r.IntN(6); q > 0 {
					x.TargetQuality = 1 + q
				}
				targets = append(targets, x)
			}
			type pair struct {
				req  *AttackRequest
				want AttackOdds
			}
			var pairs []pair
			batch := NewBatch()
			alone := 0
			added := 0
			for _, a := range attackers {
				for _, x := range targets {
					req := pairOf(a, x)
					want, err := AttackOddsOf(ctx, pairOf(a, x))
					if err != nil { // too much work: refused alone and in a batch
						if _, _, berr := batch.Add(&req); !reflect.DeepEqual(berr, err) {
							t.Errorf("%+v: refused alone with %v, in a batch with %v", req, err, berr)
						}
						continue
					}
					p := &req
					steps, _, err := batch.Add(p)
					if err != nil {
						t.Fatal(err)
					}
					own, _ := p.OddsCost()
					alone, added = alone+own, added+steps
					pairs = append(pairs, pair{p, want})
				}
			}
			if len(targets) > 1 {
				multi++
				if added < alone {
					shared++
				}
			}
			for _, sw := range batch.wounds {
				if sw.uses > 1 {
					weapons++
				}
			}
			r.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
			for _, p := range pairs {
				got, err := batch.Odds(ctx, p.req)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, p.want) {
					t.Errorf("%+v: in a batch %+v, alone %+v", *p.req, got, p.want)
				}
			}
			if len(batch.hits) != 0 || len(batch.wounds) != 0 {
				t.Errorf("%d hit tables and %d wounds kept after every attack took its odds", len(batch.hits), len(batch.wounds))
			}
		})
	}
	if weapons == 0 {
		t.Error("no weapon was resolved once for several attackers")
	}
	if shared < multi {
		t.Errorf("the batch shared hit tables in %d comparisons of %d with several targets", shared, multi)
	}
}

// pairOf is attacker a's attack against target x: x's Defense, models,
// toughness and Quality.
func pairOf(a, x AttackRequest) AttackRequest {
	req := a
	req.Weapons = append([]Weapon(nil), a.Weapons...)
	req.Abilities = append([]string(nil), a.Abilities...)
	req.Defense, req.Models, req.Toughness, req.TargetQuality = x.Defense, x.Models, x.Toughness, x.TargetQuality
	return req
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
