package qualityd6

import (
	"context"
	"encoding/json"
)

// Batch computes the odds of several attacks (a comparison's pairs)
// sharing the work they have in common, in two stages of each weapon's
// odds:
//   - its hit table, the distribution of its Quality tests' hits: no field
//     of the target changes it (its Defense, models and toughness come in
//     after the hits), so a unit's weapon builds one hit table for all the
//     targets it attacks;
//   - its hits and wounds against one target: a weapon that two attackers
//     share (the same unit with another loadout) is resolved once against
//     each target.
//
// Each stage is shared by the exact inputs it is made of (hitKey, and the
// weapon's whole request), so every attack's odds are AttackOddsOf's to the
// last bit. Add every attack first, then take their odds; a stage is
// dropped once the last attack that takes it has. A Batch is not for
// concurrent use.
type Batch struct {
	hits   map[hitKey]*sharedHits
	wounds map[string]*sharedWounds
}

// sharedHits is a hit table in a batch: the stages added that have yet to
// take it, and the table once built.
type sharedHits struct {
	uses       int
	table      []float64
	rows, cols int
}

// sharedWounds is a weapon's hits and wounds against a target in a batch
// (woundOdds): the attacks added that have yet to take them, and the
// distributions once computed.
type sharedWounds struct {
	uses              int
	done              bool
	effective, wounds []float64
}

// NewBatch returns an empty batch.
func NewBatch() *Batch {
	return &Batch{hits: map[hitKey]*sharedHits{}, wounds: map[string]*sharedWounds{}}
}

// Add normalizes req, as AttackOddsOf does, and adds its odds to the
// batch. It returns the steps and bytes they add to those of the attacks
// added before: OddsCost's estimate, less the stages already added (a
// stage kept for a later attack counts once, for the attack that adds it).
func (b *Batch) Add(req *AttackRequest) (steps, bytes int, err error) {
	if err := req.Normalize(); err != nil {
		return 0, 0, err
	}
	steps, bytes = req.OddsCost()
	for _, p := range req.weaponParts() {
		if !p.grouped() { // a unit in groups takes weights besides its wounds
			key, err := json.Marshal(p)
			if err != nil {
				return 0, 0, err
			}
			p.woundKey = string(key)
			if sw, ok := b.wounds[p.woundKey]; ok {
				sw.uses++
				steps -= p.oddsSteps
				bytes -= p.oddsBytes
				continue
			}
			b.wounds[p.woundKey] = &sharedWounds{uses: 1}
		}
		st := p.hitStage
		if st == nil {
			continue
		}
		if sh, ok := b.hits[st.key]; ok {
			sh.uses++
			steps -= st.steps
			bytes -= st.bytes
			continue
		}
		b.hits[st.key] = &sharedHits{uses: 1}
	}
	return steps, bytes, nil
}

// Odds computes the odds of a request added to the batch: those of
// AttackOddsOf, to the last bit.
func (b *Batch) Odds(ctx context.Context, req *AttackRequest) (AttackOdds, error) {
	return req.oddsIn(ctx, b)
}

// weaponParts are the single-weapon requests whose odds a normalized
// request's are made of: its weapons', or its own.
func (r *AttackRequest) weaponParts() []*AttackRequest {
	if len(r.parts) > 0 {
		return r.parts
	}
	return []*AttackRequest{r}
}

// woundOdds returns a single-weapon request's woundOdds: the batch's,
// computed by the first attack that takes them, or its own for a nil
// batch or a request not added.
func (b *Batch) woundOdds(ctx context.Context, req *AttackRequest) (effective, wounds []float64, weights []weight, err error) {
	var sw *sharedWounds
	if b != nil && req.woundKey != "" {
		sw = b.wounds[req.woundKey]
	}
	if sw == nil {
		return req.woundOdds(ctx, b)
	}
	if !sw.done {
		if sw.effective, sw.wounds, _, err = req.woundOdds(ctx, b); err != nil {
			return nil, nil, nil, err
		}
		sw.done = true
	}
	if sw.uses--; sw.uses <= 0 {
		delete(b.wounds, req.woundKey)
	}
	return sw.effective, sw.wounds, nil, nil
}

// hitTable returns the hit table of key (hitKey.table): the batch's, built
// by the first stage that takes it, or its own for a nil batch or an
// attack not added.
func (b *Batch) hitTable(ctx context.Context, key hitKey) (hits []float64, rows, cols int, err error) {
	if b == nil {
		return key.table(ctx)
	}
	sh, ok := b.hits[key]
	if !ok {
		return key.table(ctx)
	}
	if sh.table == nil {
		if sh.table, sh.rows, sh.cols, err = key.table(ctx); err != nil {
			return nil, 0, 0, err
		}
	}
	if sh.uses--; sh.uses <= 0 {
		delete(b.hits, key)
	}
	return sh.table, sh.rows, sh.cols, nil
}

// hitStage is a single-weapon request's hit table as a stage of its odds:
// its key, and the steps and bytes of OddsCost's estimate it takes.
type hitStage struct {
	key          hitKey
	steps, bytes int
}
