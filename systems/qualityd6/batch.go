package qualityd6

import "context"

// Batch computes the odds of several attacks (a comparison's pairs)
// sharing the work they have in common: a weapon's hit table, the
// distribution of its Quality tests' hits, is computed once for every
// attack it takes part in. No field of the target changes it (its Defense,
// models and toughness come in after the hits), so a unit's weapon builds
// one hit table for all the targets it attacks. The stages are shared by
// the exact inputs they are made of (hitKey): each attack's odds are
// AttackOddsOf's to the last bit.
//
// Add every attack first, then take their odds; a stage is dropped once
// the last attack that takes it has. A Batch is not for concurrent use.
type Batch struct {
	hits map[hitKey]*sharedHits
}

// sharedHits is a hit table in a batch: the attacks added that have yet
// to take it, and the table once built.
type sharedHits struct {
	uses       int
	table      []float64
	rows, cols int
}

// NewBatch returns an empty batch.
func NewBatch() *Batch { return &Batch{hits: map[hitKey]*sharedHits{}} }

// Add normalizes req, as AttackOddsOf does, and adds its odds to the
// batch. It returns the steps and bytes they add to those of the attacks
// added before: OddsCost's estimate, less the stages already added (a hit
// table kept for a later attack counts its bytes once, to the attack that
// adds it).
func (b *Batch) Add(req *AttackRequest) (steps, bytes int, err error) {
	if err := req.Normalize(); err != nil {
		return 0, 0, err
	}
	steps, bytes = req.OddsCost()
	for _, p := range req.weaponParts() {
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

// hitTable returns the hit table of key (hitKey.table): the batch's, built
// by the first attack that takes it, or its own for a nil batch or an
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
