// Package compare answers "which of my units should attack that": every
// attacker (2 to 4) against every target (1 to 3) of one game system, each
// pair resolved by that system's own attack action, with the exact
// distributions of wounds and models killed, the chance of wiping the
// target out and, where points are known, the value per 100 points.
//
// Nothing here computes odds of its own: each pair is the attack request
// a player would send, built from the attacker's fields and the target's
// (the system's TargetFields), and its figures are read from that action's
// odds. Pairs whose requests are identical are computed once, and a
// system's Batch shares the work their attacks have in common (quality-d6:
// each weapon's hits, whatever the target).
//
// A quality-d6 attacker with a weapons list is a unit card, read as the
// cost formula and saved units read it: each weapon's attacks are each
// model's ("Koszt oddziału jest sumą kosztów modeli w nim"), and the unit
// fires each weapon of the attack's kind (ranged to shoot; melee, and
// Assault ranged ones, when the attacker's "melee" is true) with its
// attacks times its models, the attack's total ("Wykonaj jeden test
// jakości na atak"), by the one rule qualityd6.FiredWeapons. So an
// attacker of models 5 and weapons [{"attacks": 2, "range": 24}] shoots
// with 10 and is priced as 5 models of 2 attacks each, the odds and the points reading
// the same unit. An attacker of flat attacks without weapons gives the
// attack's total, as the attack action reads it (and has no points unless
// given).
package compare

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"kostka/l10n"
	"kostka/systems"
	"kostka/systems/qualityd6"
)

// The limits of a comparison.
const (
	MinAttackers = 2
	MaxAttackers = 4
	MinTargets   = 1
	MaxTargets   = 3
)

// Spec is how a system's comparison reads an attack.
type Spec struct {
	// Actions are the actions a comparison may use, the default first.
	// Each answers the odds of a "wounds" distribution.
	Actions []string
	// CostFields are the fields of an attacker's profile that its
	// system's Pricer takes (nil: the system has no Pricer).
	CostFields []string
	// WoundsField, for a system whose attack names no number of wounds
	// that remove a model, is the target field of a comparison that gives
	// it (1 unless given).
	WoundsField string
	// Batch, for a system whose attacks may be costly, starts the odds of
	// one comparison's attacks, estimated before any work and sharing the
	// work they have in common (nil: each attack is its action's odds, and
	// every attack of the system is cheap).
	Batch func(action *systems.Action) Batch
	// Fire, for a system whose attackers are unit cards, returns the
	// fields an attacker's card attacks with (nil: an attacker's fields
	// are the attack's as they are). A *systems.FieldError it returns
	// names a field of the card.
	Fire func(card map[string]json.RawMessage) (map[string]json.RawMessage, error)
}

// Batch computes the odds of one comparison's distinct attack requests,
// sharing the work they have in common: each request's odds are its
// action's, to the last bit.
type Batch interface {
	// Add checks an attack request, before any work, and returns the
	// steps and bytes its odds add to those of the requests added before.
	Add(req []byte) (steps, bytes int, err error)
	// Odds computes the odds of a request added.
	Odds(ctx context.Context, req []byte) (systems.Odds, error)
}

// Specs are the comparisons of the catalogue's systems, by system id:
//   - quality-d6: "attack" (a unit's Quality tests and the target's
//     Defense tests, its models killed read from the attack's own
//     allocation); an attacker with weapons is a unit card, fired by
//     its models (fireCard) and priced by the cost formula.
//   - pool-k6: "attack" (one model's direct fire or melee against one
//     model; the rulebook gives no number of wounds a model takes, so a
//     target may give "wounds", 1 unless given).
//   - wzr-d20: "attack" (one model's shooting or close combat), or
//     "team" (a team's focus or suppression fire), against one model of the
//     target's wounds; points given by the caller, as profiles print them.
//   - fantasy-k6: "attack" (shooting or melee against one model, which is
//     removed as the attack says).
var Specs = map[string]Spec{
	"quality-d6": {Actions: []string{"attack"}, CostFields: []string{"models", "quality", "defense", "toughness", "abilities", "weapons"}, Batch: newQualityBatch, Fire: fireCard},
	"pool-k6":    {Actions: []string{"attack"}, WoundsField: "wounds"},
	"wzr-d20":    {Actions: []string{"attack", "team"}},
	"fantasy-k6": {Actions: []string{"attack"}},
}

// Side is an attacker or a target: a name, and that system's fields (an
// attacker's profile or a target's TargetFields), or a saved unit (Unit by
// name, or its Profile as saved) or a preset target (Preset) by id, whose
// fields the given ones override; a unit's profile describes the unit, so
// as a target it gives only its target fields. A quality-d6 attacker with
// weapons is a unit card, fired by its models (see the package doc).
// Points, given, are an attacker's points; otherwise a system with a
// Pricer prices its profile.
type Side struct {
	Name    string
	Unit    string
	Preset  string
	Profile json.RawMessage
	Points  *float64
	Fields  map[string]json.RawMessage
}

// UnmarshalJSON reads a side as the API takes it: one object of its name,
// unit, preset and points and the system's fields.
func (s *Side) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if m == nil {
		return fmt.Errorf("compare: a side must be a JSON object")
	}
	*s = Side{}
	// any: each key's destination is a pointer to a field of its own type.
	for key, dst := range map[string]any{"name": &s.Name, "unit": &s.Unit, "preset": &s.Preset, "profile": &s.Profile, "points": &s.Points} {
		if v, ok := m[key]; ok {
			if err := json.Unmarshal(v, dst); err != nil {
				return fmt.Errorf("compare: %s: %w", key, err)
			}
			delete(m, key)
		}
	}
	s.Fields = m
	return nil
}

// MarshalJSON writes a side as UnmarshalJSON reads it.
func (s Side) MarshalJSON() ([]byte, error) {
	m := maps.Clone(s.Fields)
	if m == nil {
		m = map[string]json.RawMessage{}
	}
	for key, v := range map[string]string{"name": s.Name, "unit": s.Unit, "preset": s.Preset} {
		if v != "" {
			b, _ := json.Marshal(v)
			m[key] = b
		}
	}
	if s.Points != nil {
		b, _ := json.Marshal(*s.Points)
		m["points"] = b
	}
	if s.Profile != nil {
		m["profile"] = s.Profile
	}
	return json.Marshal(m)
}

// Request is a comparison of one system.
type Request struct {
	// Action is the attack action to use; "" is the system's default
	// (Spec.Actions).
	Action    string `json:"action,omitempty"`
	Attackers []Side `json:"attackers"`
	Targets   []Side `json:"targets"`
	// Lang is the language of a preset target's name ("" is English).
	Lang l10n.Lang `json:"-"`
}

// Units finds a caller's saved units by name: the profile of one of
// system's units, or an error matching ErrUnknownUnit.
type Units interface {
	Profile(ctx context.Context, system, name string) (json.RawMessage, error)
}

// Inline returns req with every saved unit named (Unit) replaced by its
// profile (Profile), for a caller that has the units and sends the
// comparison to a service that has not (a client of the API).
func Inline(ctx context.Context, system string, req Request, units Units) (Request, error) {
	out := req
	out.Attackers, out.Targets = slices.Clone(req.Attackers), slices.Clone(req.Targets)
	for _, list := range [][]Side{out.Attackers, out.Targets} {
		for i, s := range list {
			if s.Unit == "" || s.Profile != nil {
				continue
			}
			profile, err := units.Profile(ctx, system, s.Unit)
			if isUnknown(err) {
				continue // the service refuses it, naming the field
			}
			if err != nil {
				return req, err
			}
			if s.Name == "" {
				list[i].Name = s.Unit
			}
			list[i].Unit, list[i].Profile = "", profile
		}
	}
	return out, nil
}

// Pair is the figures of one attacker against one target.
type Pair struct {
	Attacker     string               `json:"attacker"`
	Target       string               `json:"target"`
	Wounds       systems.Distribution `json:"wounds"`
	ModelsKilled systems.Distribution `json:"models_killed"`
	// WipeOut is the probability that the attack removes every model of
	// the target.
	WipeOut float64 `json:"wipe_out"`
	// Points are the attacker's points, given or priced; the per-point
	// figures are expected models killed and wounds per 100 of them.
	Points             *float64 `json:"points,omitempty"`
	ModelsKilledPer100 *float64 `json:"models_killed_per_100_points,omitempty"`
	WoundsPer100       *float64 `json:"wounds_per_100_points,omitempty"`
	// AttackerIndex and TargetIndex are the pair's places in the
	// request's lists.
	AttackerIndex int `json:"attacker_index"`
	TargetIndex   int `json:"target_index"`
}

// Result is a comparison's answer.
type Result struct {
	System  string            `json:"system"`
	Action  string            `json:"action"`
	Results []Pair            `json:"results"`
	Notes   []l10n.Message    `json:"notes"`
	Rules   []systems.RuleRef `json:"rules,omitempty"`
}

// Ranked returns the results against target (by its index in the
// request) from the best attacker down: the higher chance of wiping the
// target out first, then the more models killed per 100 points (pairs
// without points after those with), then the more models killed.
func (r *Result) Ranked(target int) []Pair {
	var out []Pair
	for _, p := range r.Results {
		if p.TargetIndex == target {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b Pair) int {
		if a.WipeOut != b.WipeOut {
			return cmpDesc(a.WipeOut, b.WipeOut)
		}
		if (a.ModelsKilledPer100 == nil) != (b.ModelsKilledPer100 == nil) {
			if a.ModelsKilledPer100 == nil {
				return 1
			}
			return -1
		}
		if a.ModelsKilledPer100 != nil && *a.ModelsKilledPer100 != *b.ModelsKilledPer100 {
			return cmpDesc(*a.ModelsKilledPer100, *b.ModelsKilledPer100)
		}
		return cmpDesc(a.ModelsKilled.Mean, b.ModelsKilled.Mean)
	})
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// Pairs returns every pair's attack request in the order of Result's
// results (attackers outer, targets inner), for a caller that wants to
// resolve one of them as a single attack.
func Pairs(ctx context.Context, sys *systems.System, req Request, units Units) ([]json.RawMessage, error) {
	p, err := prepare(ctx, sys, req, units)
	if err != nil {
		return nil, err
	}
	var out []json.RawMessage
	for _, row := range p.requests {
		for _, b := range row {
			out = append(out, b)
		}
	}
	return out, nil
}

// Compare resolves every pair of req in sys. A request it refuses is a
// *systems.FieldError naming the field at fault ("attackers[1].attacks").
func Compare(ctx context.Context, sys *systems.System, req Request, units Units) (*Result, error) {
	p, err := prepare(ctx, sys, req, units)
	if err != nil {
		return nil, err
	}
	batch, err := p.admit()
	if err != nil {
		return nil, err
	}
	res := &Result{System: sys.ID, Action: p.actionName, Results: []Pair{}, Notes: []l10n.Message{}}
	// Identical attack requests (targets with the same defence against
	// the same attacker) are computed once.
	done := map[string]systems.Odds{}
	for i, a := range p.attackers {
		points, err := p.points(ctx, i)
		if err != nil {
			return nil, err
		}
		if points == nil && sys.Pricer != nil {
			res.Notes = append(res.Notes, msgNoPoints.New(l10n.Str("attacker", a.Name)))
		}
		for j, t := range p.targets {
			b := p.requests[i][j]
			odds, ok := done[string(b)]
			if !ok {
				if batch != nil {
					odds, err = batch.Odds(ctx, b)
				} else {
					odds, err = p.action.Odds(ctx, b)
				}
				if err != nil {
					return nil, p.blame(err, i, j)
				}
				done[string(b)] = odds
			}
			pair, err := p.figures(odds, b, j)
			if err != nil {
				return nil, err
			}
			pair.Attacker, pair.Target, pair.AttackerIndex, pair.TargetIndex = a.Name, t.Name, i, j
			if points != nil {
				pair.Points = points
				k := systems.Round(pair.ModelsKilled.Mean * 100 / *points)
				w := systems.Round(pair.Wounds.Mean * 100 / *points)
				pair.ModelsKilledPer100, pair.WoundsPer100 = &k, &w
			}
			res.Results = append(res.Results, pair)
		}
	}
	for _, t := range p.targets {
		if t.preset != nil {
			res.Rules = append(res.Rules, systems.Cite(t.preset.Rule)...)
		}
	}
	res.Notes = append(res.Notes, msgReading.New(l10n.Label("action", p.action.Title)))
	return res, nil
}

// MaxSteps is the most steps (multiply-adds) of all of a comparison's
// distinct attacks together, the work they share counted once: one
// attack's own limit, about 30 ms of CPU, so that a whole comparison stays
// within 50 ms and 16 MB (each attack's working memory is freed before the
// next, but for the stages a later pair shares; each is within 8 MB). The
// budget sweep (api's TestBudgetCompare) measures the heaviest accepted.
const MaxSteps = qualityd6.MaxOddsSteps

// admit adds the comparison's distinct attacks to its system's Batch (nil
// for a system without one) and refuses, before any odds are computed, a
// comparison whose attacks together would take more than MaxSteps, naming
// the attacker that takes the most.
func (p *prepared) admit() (Batch, error) {
	if p.spec.Batch == nil {
		return nil, nil
	}
	batch := p.spec.Batch(p.action)
	seen := map[string]bool{}
	total, worst, worstSteps := 0, 0, -1
	for i := range p.attackers {
		mine := 0
		for j := range p.targets {
			b := p.requests[i][j]
			if seen[string(b)] {
				continue
			}
			seen[string(b)] = true
			steps, _, err := batch.Add(b)
			if err != nil {
				return nil, p.blame(err, i, j)
			}
			mine += steps
		}
		total += mine
		if mine > worstSteps {
			worst, worstSteps = i, mine
		}
	}
	if total > MaxSteps {
		const million = 1_000_000
		return nil, systems.Invalid(fmt.Sprintf("attackers[%d]", worst), msgBudget.New(
			l10n.Int("cost", (total+million-1)/million), l10n.Int("max", MaxSteps/million),
			l10n.Str("attacker", p.attackers[worst].Name)))
	}
	return batch, nil
}

// qualityBatch is quality-d6's Batch: qualityd6.Batch, each request
// decoded and normalized once, for its estimate and its odds.
type qualityBatch struct {
	action *systems.Action
	batch  *qualityd6.Batch
	added  map[string]*qualityd6.AttackRequest
}

func newQualityBatch(action *systems.Action) Batch {
	return &qualityBatch{action: action, batch: qualityd6.NewBatch(), added: map[string]*qualityd6.AttackRequest{}}
}

// Add decodes an attack request as its action does and adds it to the
// batch, with its estimate: the one its attack checks, less the hit tables
// it shares.
func (q *qualityBatch) Add(b []byte) (int, int, error) {
	applied, err := q.action.Compiled().Apply(b)
	if err != nil {
		return 0, 0, err
	}
	r := new(qualityd6.AttackRequest)
	if err := json.Unmarshal(applied, r); err != nil {
		return 0, 0, fmt.Errorf("compare: a quality-d6 attack the schema accepts does not decode: %w", err)
	}
	steps, bytes, err := q.batch.Add(r)
	if err != nil {
		return 0, 0, err
	}
	q.added[string(b)] = r
	return steps, bytes, nil
}

// Odds computes the odds of a request added, and forgets it.
func (q *qualityBatch) Odds(ctx context.Context, b []byte) (systems.Odds, error) {
	r, ok := q.added[string(b)]
	if !ok {
		return q.action.Odds(ctx, b)
	}
	delete(q.added, string(b))
	o, err := q.batch.Odds(ctx, r)
	if err != nil {
		return nil, err
	}
	return o.Entries(), nil
}

// fireCard is quality-d6's Spec.Fire: an attacker with a weapons list is a
// unit card, as the cost formula and saved units read it, each weapon's
// attacks each model's; it attacks with its weapons of the attack's kind
// (ranged to shoot; melee, and Assault ranged ones, when the card's
// "melee" is true), each weapon's attacks times its models (1 unless
// given), by qualityd6.FiredWeapons, the one rule that fires saved units
// too (units.FiredWeapons). Every other field of the card, and of each
// weapon fired, is kept as given. An attacker without weapons is returned
// as it is: its flat attacks are the attack's total, as the attack action
// reads them. A card whose models, melee or weapons are not of their
// types is returned as it is too, for the attack (or the cost formula)
// to refuse, naming the field.
func fireCard(card map[string]json.RawMessage) (map[string]json.RawMessage, error) {
	raw, ok := card["weapons"]
	if !ok {
		return card, nil
	}
	var weapons []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &weapons); err != nil {
		return card, nil
	}
	each := make([]qualityd6.Weapon, len(weapons))
	for k, w := range weapons {
		b, err := json.Marshal(w)
		if w == nil || err != nil || json.Unmarshal(b, &each[k]) != nil {
			return card, nil
		}
	}
	models := 1
	if v, ok := card["models"]; ok {
		if err := json.Unmarshal(v, &models); err != nil {
			return card, nil
		}
	}
	melee := false
	if v, ok := card["melee"]; ok {
		if err := json.Unmarshal(v, &melee); err != nil {
			return card, nil
		}
	}
	fired, err := qualityd6.FiredWeapons(models, each, melee)
	if err != nil {
		return nil, err
	}
	var out []map[string]json.RawMessage
	for k, w := range weapons {
		if !qualityd6.Fires(each[k], melee) {
			continue
		}
		w = maps.Clone(w)
		w["attacks"], _ = json.Marshal(fired[len(out)].Attacks)
		out = append(out, w)
	}
	fc := maps.Clone(card)
	if fc["weapons"], err = json.Marshal(out); err != nil {
		return nil, err
	}
	return fc, nil
}

// prepared is a request checked and with its units and presets filled in.
type prepared struct {
	sys        *systems.System
	spec       Spec
	actionName string
	action     *systems.Action
	props      map[string]property // the action schema's properties
	lang       l10n.Lang
	attackers  []side
	targets    []side
	// requests are the pairs' attack requests, [attacker][target].
	requests [][][]byte
}

type side struct {
	Name   string
	Points *float64
	Fields map[string]json.RawMessage
	// attack are an attacker's fields as its attack takes them: Fields,
	// or its card fired (Spec.Fire).
	attack map[string]json.RawMessage
	preset *Preset
}

func prepare(ctx context.Context, sys *systems.System, req Request, units Units) (*prepared, error) {
	spec, ok := Specs[sys.ID]
	if !ok || len(spec.Actions) == 0 {
		return nil, systems.Invalid("", msgNoAttack.New(l10n.Str("system", sys.ID)))
	}
	name := req.Action
	if name == "" {
		name = spec.Actions[0]
	}
	if !slices.Contains(spec.Actions, name) {
		return nil, systems.OneOf("action", name, spec.Actions...)
	}
	action, ok := sys.Actions[name]
	if !ok {
		return nil, systems.Invalid("", msgNoAttack.New(l10n.Str("system", sys.ID)))
	}
	if n := len(req.Attackers); n < MinAttackers || n > MaxAttackers {
		return nil, systems.Invalid("attackers", msgCount.New(l10n.Int("min", MinAttackers), l10n.Int("max", MaxAttackers), l10n.Int("value", n)))
	}
	if n := len(req.Targets); n < MinTargets || n > MaxTargets {
		return nil, systems.Invalid("targets", msgCount.New(l10n.Int("min", MinTargets), l10n.Int("max", MaxTargets), l10n.Int("value", n)))
	}
	p := &prepared{sys: sys, spec: spec, actionName: name, action: action, props: properties(action.Schema), lang: req.Lang}
	for i, s := range req.Attackers {
		field := fmt.Sprintf("attackers[%d]", i)
		a, err := p.side(ctx, field, s, units, false)
		if err != nil {
			return nil, err
		}
		a.attack = a.Fields
		if p.spec.Fire != nil {
			if a.attack, err = p.spec.Fire(a.Fields); err != nil {
				if fe, ok := err.(*systems.FieldError); ok {
					return nil, systems.Invalid(field+"."+fe.Field, fe.Detail)
				}
				return nil, err
			}
		}
		p.attackers = append(p.attackers, a)
	}
	for j, s := range req.Targets {
		field := fmt.Sprintf("targets[%d]", j)
		t, err := p.side(ctx, field, s, units, true)
		if err != nil {
			return nil, err
		}
		p.targets = append(p.targets, t)
	}
	p.requests = make([][][]byte, len(p.attackers))
	for i := range p.attackers {
		for j := range p.targets {
			b, err := p.attackRequest(i, j)
			if err != nil {
				return nil, err
			}
			p.requests[i] = append(p.requests[i], b)
		}
	}
	return p, nil
}

// side fills in a side's saved unit or preset, and checks its name and
// (for an inline target) that every field is one a target gives.
func (p *prepared) side(ctx context.Context, field string, s Side, units Units, target bool) (side, error) {
	out := side{Name: s.Name, Points: s.Points, Fields: map[string]json.RawMessage{}}
	switch {
	case s.Preset != "" && !target:
		return out, systems.Unknown(field + ".preset")
	case s.Preset != "":
		pr, ok := FindPreset(p.sys.ID, s.Preset)
		if !ok {
			return out, systems.Invalid(field+".preset", msgUnknownPreset.New(l10n.Str("name", s.Preset),
				l10n.Str("list", strings.Join(PresetIDs(p.sys.ID), ", "))))
		}
		out.preset = &pr
		maps.Copy(out.Fields, pr.Fields)
		if out.Name == "" {
			out.Name = pr.Name.In(p.lang)
		}
	case s.Unit != "" && s.Profile != nil:
		return out, systems.Invalid(field+".profile", msgUnitAndProfile.New())
	case s.Unit != "" || s.Profile != nil:
		profile := s.Profile
		if s.Unit != "" {
			err := ErrUnknownUnit
			if units != nil {
				profile, err = units.Profile(ctx, p.sys.ID, s.Unit)
			}
			if err != nil {
				if isUnknown(err) {
					return out, systems.Invalid(field+".unit", msgUnknownUnit.New(l10n.Str("name", s.Unit)))
				}
				return out, err
			}
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(profile, &m); err != nil || m == nil {
			return out, systems.NotObject(field + ".profile")
		}
		// A profile describes its own unit: as a target, it gives its
		// target fields only.
		if target {
			for k, v := range m {
				if p.isTargetField(k) {
					out.Fields[k] = v
				}
			}
		} else {
			out.Fields = m
		}
		if out.Name == "" {
			out.Name = s.Unit
		}
	}
	if target {
		for k := range s.Fields {
			if !p.isTargetField(k) {
				return out, systems.Unknown(field + "." + k)
			}
		}
	}
	maps.Copy(out.Fields, s.Fields)
	if v, ok := out.Fields[p.spec.WoundsField]; ok && target && p.spec.WoundsField != "" {
		var n int
		if err := json.Unmarshal(v, &n); err != nil || n < 1 || n > maxWounds {
			return out, systems.Check(field+"."+p.spec.WoundsField, n, 1, maxWounds)
		}
	}
	if out.Name == "" {
		return out, systems.Required(field + ".name")
	}
	if n := len([]rune(out.Name)); n > maxName {
		return out, systems.Check(field+".name", n, 1, maxName)
	}
	if s.Points != nil && (*s.Points <= 0 || *s.Points > maxPoints) {
		return out, systems.Invalid(field+".points", msgPoints.New(l10n.Int("max", maxPoints)))
	}
	return out, nil
}

// The limits of a side's name and points.
const (
	maxName   = 80
	maxPoints = 100000
	maxWounds = 20
)

// isTargetField reports whether a target gives field: a key of the
// system's TargetFields, or its Spec's WoundsField.
func (p *prepared) isTargetField(field string) bool {
	_, ok := p.sys.TargetFields[field]
	return ok || (field != "" && field == p.spec.WoundsField)
}

// attackRequest is the attack request of attacker i against target j: the
// attacker's fields as its attack takes them (its card fired, see
// Spec.Fire) except those that describe a target (the values of
// TargetFields), and the target's fields under the attack fields they
// stand for.
func (p *prepared) attackRequest(i, j int) ([]byte, error) {
	req := map[string]json.RawMessage{}
	targetOnly := map[string]bool{}
	for _, to := range p.sys.TargetFields {
		targetOnly[to] = true
	}
	for k, v := range p.attackers[i].attack {
		if targetOnly[k] || slices.Contains(p.spec.CostFields, k) && !hasField(p.props, k) {
			continue
		}
		req[k] = v
	}
	for from, v := range p.targets[j].Fields {
		if to, ok := p.sys.TargetFields[from]; ok {
			req[to] = v
		}
	}
	for from := range p.targets[j].Fields {
		if to, ok := p.sys.TargetFields[from]; ok && !p.applies(to, req) {
			delete(req, to)
		}
	}
	return json.Marshal(req)
}

// hasField reports whether the action's schema has field.
func hasField(fields map[string]property, field string) bool {
	_, ok := fields[field]
	return ok
}

// blame names the side a field error of pair (i, j) comes from.
func (p *prepared) blame(err error, i, j int) error {
	fe, ok := err.(*systems.FieldError)
	if !ok {
		return err
	}
	field := fe.Field
	head, _, _ := strings.Cut(field, ".")
	head, _, _ = strings.Cut(head, "[")
	prefix := fmt.Sprintf("attackers[%d]", i)
	for from, to := range p.sys.TargetFields {
		if to == head {
			prefix, field = fmt.Sprintf("targets[%d]", j), from+strings.TrimPrefix(field, head)
		}
	}
	if field == "" {
		return systems.Invalid(prefix, fe.Detail)
	}
	return systems.Invalid(prefix+"."+field, fe.Detail)
}

// points returns attacker i's points: given, or priced by the system's
// Pricer from its profile's cost fields when it has weapons; nil when
// neither.
func (p *prepared) points(ctx context.Context, i int) (*float64, error) {
	a := p.attackers[i]
	if a.Points != nil {
		return a.Points, nil
	}
	if p.sys.Pricer == nil {
		return nil, nil
	}
	if _, ok := a.Fields["weapons"]; !ok {
		return nil, nil
	}
	unit := map[string]json.RawMessage{}
	for _, f := range p.spec.CostFields {
		if v, ok := a.Fields[f]; ok {
			unit[f] = v
		}
	}
	b, err := json.Marshal(unit)
	if err != nil {
		return nil, err
	}
	priced, err := p.sys.Pricer.Price(ctx, b)
	var de *systems.DecodeError
	if fe, ok := err.(*systems.FieldError); ok {
		return nil, systems.Invalid(fmt.Sprintf("attackers[%d].%s", i, fe.Field), fe.Detail)
	} else if errors.As(err, &de) {
		return nil, systems.Invalid(fmt.Sprintf("attackers[%d]", i), msgNotPriced.New(l10n.Str("error", de.Err.Error())))
	}
	if err != nil {
		return nil, err
	}
	v := float64(priced.Points().Total)
	return &v, nil
}

// figures reads a pair's figures from its attack's odds, the attack
// request b.
func (p *prepared) figures(odds systems.Odds, b []byte, j int) (Pair, error) {
	var pair Pair
	w, ok := odds.Get("wounds")
	if !ok || w.Distribution == nil {
		return pair, systems.Invalid("", msgNoAttack.New(l10n.Str("system", p.sys.ID)))
	}
	pair.Wounds = *w.Distribution
	if k, ok := odds.Get("models_killed"); ok && k.Distribution != nil {
		pair.ModelsKilled = *k.Distribution
		pair.WipeOut = AtLeast(pair.ModelsKilled, p.intField(b, "models"))
		return pair, nil
	}
	var removed float64
	if r, ok := odds.Get("removed"); ok && r.Value != nil {
		removed = *r.Value
	} else {
		removed = AtLeast(pair.Wounds, p.targetWounds(j))
	}
	pair.ModelsKilled = systems.NewDistribution(0, []float64{1 - removed, removed})
	pair.WipeOut = removed
	return pair, nil
}

// targetWounds is the wounds that remove a target model in a system whose
// attack does not say (Spec.WoundsField), 1 unless given.
func (p *prepared) targetWounds(j int) int {
	n := 1
	if v, ok := p.targets[j].Fields[p.spec.WoundsField]; ok && p.spec.WoundsField != "" {
		_ = json.Unmarshal(v, &n)
	}
	return n
}

// intField is an integer field of an attack request, or its schema
// default, or 1.
func (p *prepared) intField(b []byte, field string) int {
	var req map[string]json.RawMessage
	_ = json.Unmarshal(b, &req)
	v, ok := req[field]
	if !ok {
		v = p.props[field].Default
	}
	n := 1
	if v != nil {
		_ = json.Unmarshal(v, &n)
	}
	return n
}

// AtLeast is P(value >= n) of a distribution.
func AtLeast(d systems.Distribution, n int) float64 {
	for _, pt := range d.Values {
		if pt.Value >= n {
			return pt.PAtLeast
		}
	}
	return 0
}

// property is what a comparison reads of an action schema's property:
// its default, and its x-when (the values of other fields it applies
// with).
type property struct {
	Default json.RawMessage              `json:"default"`
	When    map[string][]json.RawMessage `json:"x-when"`
}

// parsed holds the properties of each action schema a comparison has
// read, by its text: parsing quality-d6's attack schema (19 kB) for every
// comparison took a seventh of BenchmarkLoadouts's CPU. The schemas are
// the catalogue's, a few.
var parsed struct {
	sync.Mutex
	props map[string]map[string]property
}

// properties returns the properties of an action schema, parsed once; the
// map is shared, and read only.
func properties(schema json.RawMessage) map[string]property {
	parsed.Lock()
	defer parsed.Unlock()
	if props, ok := parsed.props[string(schema)]; ok {
		return props
	}
	var s struct {
		Properties map[string]property `json:"properties"`
	}
	_ = json.Unmarshal(schema, &s)
	if parsed.props == nil {
		parsed.props = map[string]map[string]property{}
	}
	parsed.props[string(schema)] = s.Properties
	return s.Properties
}

// applies reports whether field applies to req by its x-when: a target
// gives every field it has (a melee skill, a shooting save), and each
// attack takes those of its mode.
func (p *prepared) applies(field string, req map[string]json.RawMessage) bool {
	for other, values := range p.props[field].When {
		v, ok := req[other]
		if !ok {
			v = p.props[other].Default
		}
		if !slices.ContainsFunc(values, func(x json.RawMessage) bool { return sameJSON(x, v) }) {
			return false
		}
	}
	return true
}

// sameJSON reports whether two JSON values are equal.
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
