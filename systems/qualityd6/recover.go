package qualityd6

import (
	"context"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
	vocab "kostka/systems/qualityd6/ability"
)

// RecoverRequest is a unit recovering wounds by one of its abilities: its
// starting models and toughness, the models it has lost and the wounds on
// it.
type RecoverRequest struct {
	Ability    vocab.Name `json:"ability"` // Regeneracja, Odrodzenie or Łatanie
	Models     int        `json:"models"`
	Toughness  int        `json:"toughness"`
	ModelsLost int        `json:"models_lost"`
	Wounds     int        `json:"wounds"` // markers on the unit, short of another model
	// LostThisActivation caps Regeneracja: "nie więcej niż liczba
	// straconych w tej aktywacji".
	LostThisActivation int `json:"lost_this_activation"`
}

// RecoverResult is a rolled recovery.
type RecoverResult struct {
	Dice           []int `json:"dice"`
	Recovered      int   `json:"recovered"`       // wounds recovered
	ModelsRestored int   `json:"models_restored"` // defeated models set up again
	ModelsLost     int   `json:"models_lost"`     // still defeated
	Wounds         int   `json:"wounds"`          // markers left on the unit
	systems.Report
}

// RecoverOdds are the distributions of a recovery.
type RecoverOdds struct {
	Recovered      systems.Distribution `json:"recovered"`
	ModelsRestored systems.Distribution `json:"models_restored"`
}

// Entries lists the odds for an answer.
func (o RecoverOdds) Entries() systems.Odds {
	return systems.Odds{
		systems.DistributionOf("recovered", labelRecovered.New(), o.Recovered),
		systems.DistributionOf("models_restored", labelRestored.New(), o.ModelsRestored),
	}
}

// check checks a request beyond the schema: the state it gives must be a
// unit's.
func (r RecoverRequest) check() error {
	return systems.First(
		systems.OneOf("ability", r.Ability, vocab.Regeneracja, vocab.Odrodzenie, vocab.Latanie),
		systems.Check("models", r.Models, 1, 100),
		systems.Check("toughness", r.Toughness, 1, 30),
		systems.Check("models_lost", r.ModelsLost, 0, r.Models-1),
		systems.Check("wounds", r.Wounds, 0, r.Toughness-1),
		systems.Check("lost_this_activation", r.LostThisActivation, 0, 3000),
	)
}

// recoverable is how many wounds the unit can recover: every wound it
// has lost.
func (r RecoverRequest) recoverable() int { return r.ModelsLost*r.Toughness + r.Wounds }

// cap is the most wounds the ability recovers.
func (r RecoverRequest) cap() int {
	if r.Ability == vocab.Regeneracja {
		return min(r.recoverable(), r.LostThisActivation)
	}
	return r.recoverable()
}

// restore puts back n recovered wounds (seed 001, "Odzyskiwanie ran"):
// "Za każdą odrzuć znacznik ran lub, jeżeli oddział ich nie ma, ustaw w
// dozwolonym miejscu pokonany wcześniej jego model i dodaj rany równego
// jego wytrzymałości minus 1."
func (r RecoverRequest) restore(n int) (restored, lost, wounds int) {
	if n <= r.Wounds {
		return 0, r.ModelsLost, r.Wounds - n
	}
	n -= r.Wounds
	// Each model set up again takes the first wound and then its
	// toughness minus 1 in markers: one more model per toughness.
	restored = min(r.ModelsLost, (n+r.Toughness-1)/r.Toughness)
	return restored, r.ModelsLost - restored, max(restored*r.Toughness-n, 0)
}

// dist is the distribution of the wounds recovered, before the cap:
// Regeneracja's and Łatanie's K3 (a d6 halved, rounded up), Odrodzenie's
// 4+ on a die per recoverable wound.
func (r RecoverRequest) dist() []float64 {
	if r.Ability == vocab.Odrodzenie {
		// Up to 2999 dice: the binomial in place, in one slice.
		n := r.recoverable()
		d := make([]float64, n+1)
		d[0] = 1
		for i := 1; i <= n; i++ {
			for k := i; k > 0; k-- {
				d[k] = (d[k] + d[k-1]) / 2
			}
			d[0] /= 2
		}
		return d
	}
	return []float64{0, 1. / 3, 1. / 3, 1. / 3}
}

// RecoverOddsOf computes the exact odds of a recovery.
func RecoverOddsOf(ctx context.Context, r RecoverRequest) (RecoverOdds, error) {
	if err := r.check(); err != nil {
		return RecoverOdds{}, err
	}
	if err := ctx.Err(); err != nil {
		return RecoverOdds{}, err
	}
	recovered := make([]float64, r.cap()+1)
	restored := make([]float64, r.ModelsLost+1)
	for n, p := range r.dist() {
		n = min(n, r.cap())
		recovered[n] += p
		k, _, _ := r.restore(n)
		restored[k] += p
	}
	return RecoverOdds{Recovered: distribution(recovered), ModelsRestored: distribution(restored)}, nil
}

// Recover rolls a recovery with src and computes its odds. Seed 001:
// Regeneracja "Na koniec każdej aktywacji odzyskujesz K3 rany, ale nie
// więcej niż liczba straconych w tej aktywacji"; Odrodzenie "Na koniec
// aktywacji rzuć tyloma kośćmi, ile ran może odzyskać ten oddział. Na 4+
// odzyskuje jedną ranę"; Łatanie "W twojej aktywacji oddział w zasięgu 3"
// leczy k3 rany".
func Recover(ctx context.Context, r RecoverRequest, src dice.Source) (RecoverResult, error) {
	odds, err := RecoverOddsOf(ctx, r)
	if err != nil {
		return RecoverResult{}, err
	}
	res := RecoverResult{Report: systems.Report{Odds: odds.Entries(), Notes: []l10n.Message{}, Steps: []l10n.Message{},
		Rules: systems.Cite(vocab.SectionID(r.Ability), "quality-d6.odzyskiwanie-ran")}}
	ability := abilityTerm("ability", r.Ability)
	got := 0
	if r.Ability == vocab.Odrodzenie {
		res.Dice = make([]int, r.recoverable())
		for i := range res.Dice {
			res.Dice[i] = src.IntN(6) + 1
			if res.Dice[i] >= 4 {
				got++
			}
		}
		res.Notes = append(res.Notes, noteRebirth.New(ability, l10n.Int("n", r.recoverable())))
	} else {
		face := src.IntN(6) + 1
		res.Dice, got = []int{face}, (face+1)/2
		if r.Ability == vocab.Regeneracja {
			res.Notes = append(res.Notes, noteRegeneration.New(ability, l10n.Int("lost", r.LostThisActivation)))
		}
	}
	res.Recovered = min(got, r.cap())
	res.Steps = append(res.Steps, stepRecover.New(ability, l10n.Ints("dice", res.Dice), l10n.Int("got", got), l10n.Int("recovered", res.Recovered)))
	res.ModelsRestored, res.ModelsLost, res.Wounds = r.restore(res.Recovered)
	res.Steps = append(res.Steps, stepRestored.New(l10n.Int("restored", res.ModelsRestored), l10n.Int("lost", res.ModelsLost), l10n.Int("wounds", res.Wounds)))
	res.Notes = append(res.Notes, noteRecovery.New(l10n.Int("toughness", r.Toughness)))
	return res, nil
}
