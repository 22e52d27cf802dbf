package qualityd6

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// heavyAttack is a heavy attack: with Dezintegracja and Rój, its hit table
// and its powers grow fastest with the attacks.
var heavyAttack = AttackRequest{Attacks: 200, Quality: 3, Defense: 5, AP: 6, Blast: 12, Deadly: 11, Models: 100, Toughness: 15,
	Cover: true, Charging: true, TargetOnObjective: true, Abilities: []string{"Przełamanie", "Dezintegracja", "Rój"}}

// heavyGroups is a unit with a hero at the groups' limit of toughness.
var heavyGroups = []Group{{Count: 10, Toughness: 5}, {Count: 1, Toughness: 10, Hero: true, Quality: 2}}

// largestAccepted returns req with the most attacks (at most req's) that
// Normalize accepts.
func largestAccepted(t *testing.T, req AttackRequest) AttackRequest {
	t.Helper()
	lo, hi := 0, req.Attacks
	for lo < hi {
		mid := (lo + hi + 1) / 2
		r := req
		r.Attacks = mid
		if r.Normalize() == nil {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		t.Fatalf("no number of attacks is accepted for %+v", req)
	}
	req.Attacks = lo
	if err := req.Normalize(); err != nil {
		t.Fatal(err)
	}
	return req
}

// TestOddsCostIsHonest: the memory odds() allocates is within what
// oddsCost estimates, over requests
// that stress each table it builds, each at the most attacks accepted.
func TestOddsCostIsHonest(t *testing.T) {
	for name, req := range map[string]AttackRequest{
		"issue 22": {Attacks: 200, Quality: 2, Defense: 2, Models: 100, Toughness: 30, Deadly: 2,
			Abilities: []string{"Przewidywalny", "Podwójny", "Furia", "Brutalny"}, TargetPinned: true, Charging: true},
		"dezintegracja":   {Attacks: 200, Quality: 2, Defense: 6, Models: 100, Toughness: 30, Abilities: []string{"Dezintegracja", "Przebijająca"}},
		"swarm blast":     {Attacks: 60, Quality: 2, Defense: 6, Blast: 12, Models: 100, Abilities: []string{"Rój", "Podwójny"}},
		"per hit blast":   {Attacks: 200, Quality: 2, Defense: 6, Blast: 12, Models: 100, BlastCap: "per_hit", Deadly: 3, Toughness: 3},
		"heavy accepted":  heavyAttack,
		"typical":         {Attacks: 10, Quality: 4, Defense: 5, AP: 1, Deadly: 3, Models: 5, Toughness: 3},
		"piercing double": {Attacks: 200, Quality: 2, Defense: 6, Models: 100, Toughness: 30, Abilities: []string{"Przebijająca", "Przewidywalny"}, TargetPinned: true},
		"groups blast deadly": {Attacks: 200, Quality: 2, Defense: 6, Blast: 12, Deadly: 3, TargetQuality: 4, Melee: true,
			Groups: heavyGroups},
		"groups disintegrate precise": {Attacks: 200, Quality: 2, Defense: 6, Blast: 12, Abilities: []string{"Dezintegracja", "Precyzyjny", "Podwójny"},
			Groups: heavyGroups},
		"groups finesse piercing": {Attacks: 200, Quality: 2, Defense: 6, Abilities: []string{"Finezja", "Przebijająca", "Podwójny"},
			Groups: heavyGroups},
		"finesse piercing cut": {Attacks: 200, Quality: 2, Defense: 6, Blast: 3, Models: 20, Toughness: 2, Abilities: []string{"Finezja", "Przebijająca", "Podwójny"}},
		"finesse piercing cut groups": {Attacks: 200, Quality: 2, Defense: 6, Blast: 3, Abilities: []string{"Finezja", "Przebijająca"},
			Groups: heavyGroups},
		"finezja szpica": {Attacks: 200, Quality: 2, Defense: 6, Models: 100, Toughness: 30, Deadly: 2, Blast: 3, Charging: true, TargetPinned: true, TargetQuality: 4, Melee: true,
			Abilities: []string{"Finezja", "Szpica", "Podwójny", "Furia", "Przewidywalny", "Brutalny"}, Conditions: []Condition{TargetNotActivated}},
	} {
		t.Run(name, func(t *testing.T) {
			req := largestAccepted(t, req)
			steps, bytes := req.oddsCost()
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			if _, err := req.odds(context.Background()); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&m1)
			got := int(m1.TotalAlloc - m0.TotalAlloc)
			const small = 16 << 10 // the request's notes and small tables
			if got > bytes+small {
				t.Errorf("odds allocated %d bytes; oddsCost said %d (and %d steps)", got, bytes, steps)
			}
			t.Logf("%d attacks: estimated %d steps and %d bytes; allocated %d bytes", req.Attacks, steps, bytes, got)
		})
	}
}

// TestOddsStopWhenCancelled: the odds of a heavy attack stop with the
// context's error when it ends midway.
func TestOddsStopWhenCancelled(t *testing.T) {
	req := largestAccepted(t, heavyAttack)
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if _, err := req.odds(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("odds with a 1 ms deadline: %v, want context.DeadlineExceeded", err)
	}
	cancelled, stop := context.WithCancel(context.Background())
	stop()
	if _, err := AttackOddsOf(cancelled, req); !errors.Is(err, context.Canceled) {
		t.Errorf("odds after the client left: %v, want context.Canceled", err)
	}
}

// BenchmarkLargestGroupedAttack: the heaviest accepted attack on a unit
// with a hero, which the API's budget (50 ms) must cover.
func BenchmarkLargestGroupedAttack(b *testing.B) {
	for _, base := range []AttackRequest{
		{Attacks: 200, Quality: 2, Defense: 6, Blast: 12, Deadly: 3, TargetQuality: 4, Melee: true, Groups: heavyGroups},
		{Attacks: 200, Quality: 2, Defense: 6, Blast: 12, Abilities: []string{"Dezintegracja", "Precyzyjny", "Podwójny"}, Groups: heavyGroups},
		heavyAttack, // for comparison: the heaviest attack without groups
	} {
		t := &testing.T{}
		req := largestAccepted(t, base)
		b.Run(fmt.Sprint(req.Attacks), func(b *testing.B) {
			for b.Loop() {
				if _, err := req.odds(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLargestFinessePiercingCut: the odds of the largest Finezja with
// Przebijająca under a capped Rozprysk that the work estimate accepts.
func BenchmarkLargestFinessePiercingCut(b *testing.B) {
	req := AttackRequest{Attacks: 200, Quality: 2, Defense: 6, Blast: 3, Models: 20, Toughness: 2,
		Abilities: []string{"Finezja", "Przebijająca", "Podwójny"}}
	for req.Normalize() != nil {
		req.Attacks--
	}
	b.ReportMetric(float64(req.Attacks), "attacks")
	for b.Loop() {
		if _, err := req.odds(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
