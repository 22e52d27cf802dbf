// Package kostka is what Kostka offers, as one typed Go service: rolling
// dice and their exact odds, the game systems and their actions (a test,
// an attack, … rolled or only their odds), a unit's points, and the
// rulebooks' search, suggestions and sections.
//
// Service is the one contract. Local answers in this process; the HTTP API
// (package api) is a thin adapter over it; package client calls a
// deployed API through the same interface; the Discord bot and the command
// line call a Service. Every answer's messages are rendered in the
// language the request asks for (their Text is set), and every refusal of
// a request its caller can fix is a *Problem.
package kostka

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"kostka/dice"
	"kostka/l10n"
	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/systems"
	"kostka/systems/catalog"
	"kostka/systems/compare"
)

// Service is every operation Kostka offers.
type Service interface {
	// Roll rolls a dice expression.
	Roll(ctx context.Context, req RollRequest) (*Roll, error)
	// Odds computes the exact distribution of a dice expression's total.
	Odds(ctx context.Context, req OddsRequest) (*dice.Odds, error)
	// Systems lists the game systems.
	Systems(ctx context.Context) ([]SystemSummary, error)
	// Act resolves one action of a game system, rolled or only its odds.
	Act(ctx context.Context, req ActionRequest) (*Outcome, error)
	// Price prices a unit by its system's rulebook.
	Price(ctx context.Context, req PriceRequest) (systems.Priced, error)
	// Compare resolves every attacker against every target of a system
	// (package systems/compare).
	Compare(ctx context.Context, req CompareRequest) (*compare.Result, error)
	// Search finds the rulebook sections that best answer a query.
	Search(ctx context.Context, q lookup.Query) (*lookup.Result, error)
	// Suggest lists the sections whose title or alias starts with what was
	// typed.
	Suggest(ctx context.Context, req SuggestRequest) ([]lookup.Suggestion, error)
	// Rule returns one section, whole.
	Rule(ctx context.Context, id string) (*Rule, error)
	// Rules lists a system's sections (every system's with ""), in
	// rulebook order.
	Rules(ctx context.Context, system string) ([]RuleSummary, error)
}

// RollRequest is a dice expression to roll.
type RollRequest struct {
	Expr string `json:"expr"`
	// Seed, when set, makes the roll reproducible.
	Seed *uint64   `json:"seed"`
	Lang l10n.Lang `json:"-"`
}

// Roll is one roll with its tree and total, or for a repeated expression
// ("6x 4d6kh3") the separate results, with no total of their sum.
type Roll struct {
	Expr     string         `json:"expr"`
	Total    *int           `json:"total,omitempty"`
	Tree     *dice.Node     `json:"tree,omitempty"`
	Text     string         `json:"text"`
	Markdown string         `json:"markdown"`
	Comment  string         `json:"comment,omitempty"`
	Notes    []l10n.Message `json:"notes,omitempty"`
	Results  []Roll         `json:"results,omitempty"`
	Seed     *uint64        `json:"seed,omitempty"`
}

// newRoll is the answer for a roll's result.
func newRoll(r dice.Result) Roll {
	out := Roll{Expr: r.Expr, Tree: r.Tree(), Text: r.Text(), Markdown: r.Markdown(), Comment: r.Comment, Notes: r.Notes}
	if len(r.Results) == 0 {
		out.Total = &r.Total
	}
	for _, x := range r.Results {
		out.Results = append(out.Results, newRoll(x))
	}
	return out
}

// OddsRequest is a dice expression whose odds to compute.
type OddsRequest struct {
	Expr string    `json:"expr"`
	Lang l10n.Lang `json:"-"`
}

// SystemSummary is a game system as the catalogue lists it.
type SystemSummary struct {
	ID          string     `json:"id"`
	Name        l10n.Texts `json:"name"`
	Language    string     `json:"language"`
	Dice        string     `json:"dice"`
	Description l10n.Texts `json:"description"`
	Actions     []string   `json:"actions"`
}

// Mode is how an action is resolved.
type Mode string

// The modes of an action.
const (
	ModeRoll Mode = "roll" // rolled, with every die, every step and the odds (the default, also "")
	ModeOdds Mode = "odds" // only the exact odds
)

// ActionRequest is one action of a game system to resolve: its fields
// are the JSON object the action's schema describes.
type ActionRequest struct {
	System string
	Action string
	Mode   Mode
	// Seed, when set, makes a roll reproducible.
	Seed   *uint64
	Lang   l10n.Lang
	Fields json.RawMessage
}

// Outcome is an action's answer: the system's typed outcome when rolled
// (Result), only the odds in ModeOdds.
type Outcome struct {
	Result systems.Result
	Odds   systems.Odds
}

// Report is what every outcome tells, whatever its system: steps, notes,
// odds and the rule sections applied (only the odds in ModeOdds).
func (o *Outcome) Report() *systems.Report {
	if o.Result != nil {
		return o.Result.Shared()
	}
	return &systems.Report{Odds: o.Odds}
}

// Value is what the answer's JSON holds: the typed outcome, or
// {"odds": …}.
func (o *Outcome) Value() any {
	if o.Result != nil {
		return o.Result
	}
	return struct {
		Odds systems.Odds `json:"odds"`
	}{o.Odds}
}

// MarshalJSON writes the outcome as the API answers it.
func (o *Outcome) MarshalJSON() ([]byte, error) { return l10n.AppendJSON(nil, o.Value(), "") }

// PriceRequest is a unit to price, the JSON object its system's pricer
// takes.
type PriceRequest struct {
	System string
	Lang   l10n.Lang
	Unit   json.RawMessage
}

// SuggestRequest is what a player has typed of a rule's name.
type SuggestRequest struct {
	Text   string
	System string
	// Limit is the most suggestions (1 to lookup.MaxSuggestions); 0 means
	// lookup.MaxSuggestions.
	Limit int
}

// RuleSummary is a section as the list of rules shows it.
type RuleSummary struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Title  string `json:"title"`
	// HouseRule marks a group's house rule (see rulesdata.Overlay).
	HouseRule bool `json:"house_rule"`
}

// Rule is a section, whole, with its system's localized name.
type Rule struct {
	*rulesdata.Section
	SystemName l10n.Texts `json:"system_name,omitzero"`
}

// Config holds what Local depends on.
type Config struct {
	// Systems are the game systems. Nil means every system
	// (systems/catalog).
	Systems *systems.Registry
	// Rules finds rulebook sections (package search implements it). Nil
	// means this process serves no rules: every lookup is a 404 problem.
	Rules lookup.Finder
}

// Local is the Service in this process.
type Local struct {
	systems *systems.Registry
	rules   lookup.Finder
}

var _ Service = (*Local)(nil)

// New returns the Service in this process.
func New(cfg Config) *Local {
	if cfg.Systems == nil {
		cfg.Systems = catalog.Registry()
	}
	if cfg.Rules == nil {
		cfg.Rules = noRules{}
	}
	return &Local{systems: cfg.Systems, rules: cfg.Rules}
}

// Registry returns the game systems the service resolves.
func (s *Local) Registry() *systems.Registry { return s.systems }

// Finder returns the rules lookup the service searches.
func (s *Local) Finder() lookup.Finder { return s.rules }

// localized returns v with every message in it rendered in lang.
func localized[T any](v T, lang l10n.Lang) T {
	if lang == "" {
		lang = l10n.English
	}
	return l10n.Localize(v, lang).(T)
}

// parseExpr parses the expr field of a dice request, which is required.
func parseExpr(s string) (*dice.Expr, error) {
	if s == "" {
		return nil, BadRequest("expr").Localized(msgExprRequired.New())
	}
	e, err := dice.Parse(s)
	if err != nil {
		return nil, DiceProblem("expr", err)
	}
	return e, nil
}

// Roll rolls a dice expression, with crypto/rand unless req.Seed is set.
func (s *Local) Roll(ctx context.Context, req RollRequest) (*Roll, error) {
	expr, err := parseExpr(req.Expr)
	if err != nil {
		return nil, err
	}
	src := dice.CryptoSource()
	if req.Seed != nil {
		src = dice.NewSeededSource(*req.Seed)
	}
	res := newRoll(expr.Roll(src))
	res.Seed = req.Seed
	res = localized(res, req.Lang)
	return &res, nil
}

// Odds computes the exact distribution of a dice expression's total.
func (s *Local) Odds(ctx context.Context, req OddsRequest) (*dice.Odds, error) {
	expr, err := parseExpr(req.Expr)
	if err != nil {
		return nil, err
	}
	odds, err := expr.Odds()
	if err != nil {
		return nil, DiceProblem("expr", err)
	}
	odds = localized(odds, req.Lang)
	return &odds, nil
}

// Systems lists the game systems.
func (s *Local) Systems(context.Context) ([]SystemSummary, error) {
	out := []SystemSummary{}
	for _, id := range s.systems.IDs() {
		sys, _ := s.systems.Get(id)
		out = append(out, SystemSummary{ID: sys.ID, Name: sys.Name, Language: sys.Language,
			Dice: sys.Dice, Description: sys.Description, Actions: sys.ActionNames()})
	}
	return out, nil
}

// System returns one game system with every action's schema.
func (s *Local) System(id string) (*systems.System, error) {
	sys, ok := s.systems.Get(id)
	if !ok {
		return nil, StatusProblem(http.StatusNotFound).Localized(msgNoSystem.New(l10n.Str("id", id), l10n.Str("list", strings.Join(s.systems.IDs(), ", "))))
	}
	return sys, nil
}

// Action returns one action of a game system.
func (s *Local) Action(system, action string) (*systems.Action, error) {
	sys, err := s.System(system)
	if err != nil {
		return nil, err
	}
	a, ok := sys.Actions[action]
	if !ok {
		return nil, StatusProblem(http.StatusNotFound).Localized(msgNoAction.New(l10n.Str("system", sys.ID),
			l10n.Str("action", action), l10n.Str("list", strings.Join(sys.ActionNames(), ", "))))
	}
	return a, nil
}

// CheckMode refuses a mode that is neither roll nor odds.
func CheckMode(m Mode) error {
	switch m {
	case "", ModeRoll, ModeOdds:
		return nil
	}
	return BadRequest("mode").Localized(msgMode.New(l10n.Str("mode", string(m))))
}

// Act resolves one action of a game system: rolled, with every die, every
// step and the odds; or only the odds in ModeOdds.
func (s *Local) Act(ctx context.Context, req ActionRequest) (*Outcome, error) {
	action, err := s.Action(req.System, req.Action)
	if err != nil {
		return nil, err
	}
	if err := CheckMode(req.Mode); err != nil {
		return nil, err
	}
	var out Outcome
	if req.Mode == ModeOdds {
		out.Odds, err = action.Odds(ctx, req.Fields)
	} else {
		src := dice.CryptoSource()
		if req.Seed != nil {
			src = dice.NewSeededSource(*req.Seed)
		}
		out.Result, err = action.Roll(ctx, req.Fields, src)
	}
	if fe := (*systems.FieldError)(nil); errors.As(err, &fe) {
		return nil, fieldProblem(fe, action, langOr(req.Lang))
	}
	if err != nil {
		return nil, err
	}
	out = localized(out, req.Lang)
	return &out, nil
}

// Price prices a unit by its system's rulebook (its systems.Pricer).
func (s *Local) Price(ctx context.Context, req PriceRequest) (systems.Priced, error) {
	sys, ok := s.systems.Get(req.System)
	if !ok || sys.Pricer == nil {
		return nil, StatusProblem(http.StatusNotFound)
	}
	priced, err := sys.Pricer.Price(ctx, req.Unit)
	var (
		fe *systems.FieldError
		de *systems.DecodeError
	)
	switch {
	case errors.As(err, &fe):
		return nil, fieldProblem(fe, nil, langOr(req.Lang))
	case errors.As(err, &de):
		return nil, jsonProblem(de.Err, systemLabel(sys))
	case err != nil:
		return nil, err
	}
	return localized(priced, req.Lang), nil
}

// langOr is lang, or English when it is "".
func langOr(lang l10n.Lang) l10n.Lang {
	if lang == "" {
		return l10n.English
	}
	return lang
}

// systemName returns the localized name of a system, or none for a
// rulebook of a system Kostka does not resolve (a group's own).
func (s *Local) systemName(id string) l10n.Texts {
	if sys, ok := s.systems.Get(id); ok {
		return sys.Name
	}
	return l10n.Texts{}
}

// Search finds the rulebook sections that best answer q; a Limit below 0
// is out of range (0 is lookup.DefaultLimit).
func (s *Local) Search(ctx context.Context, q lookup.Query) (*lookup.Result, error) {
	res, err := s.rules.Search(ctx, q)
	if err != nil {
		return nil, searchProblem(q.Lang, err)
	}
	for i := range res.Hits {
		res.Hits[i].SystemName = s.systemName(res.Hits[i].System)
	}
	return res, nil
}

// Suggest lists the sections whose title or alias starts with what was
// typed, for as-you-type completion.
func (s *Local) Suggest(ctx context.Context, req SuggestRequest) ([]lookup.Suggestion, error) {
	if req.Limit < 0 || req.Limit > lookup.MaxSuggestions {
		return nil, LimitProblem(lookup.MaxSuggestions)
	}
	if err := checkText(req.Text); err != nil {
		return nil, searchProblem("", err)
	}
	got, err := s.rules.Suggest(req.Text, req.System, req.Limit)
	if err != nil {
		return nil, searchProblem("", err)
	}
	return got, nil
}

// checkText rejects an empty, oversized or malformed query the way Search
// does.
func checkText(q string) error {
	if !utf8.ValidString(q) {
		return lookup.ErrNotUTF8
	}
	if len([]rune(q)) > lookup.MaxQueryLen {
		return lookup.ErrLongQuery
	}
	for _, r := range q {
		if r != ' ' && r != '\t' {
			return nil
		}
	}
	return lookup.ErrEmptyQuery
}

// Rules lists a system's sections (every system's with ""), in rulebook
// order.
func (s *Local) Rules(ctx context.Context, system string) ([]RuleSummary, error) {
	sections, err := s.rules.Sections(system)
	if err != nil {
		return nil, searchProblem("", err)
	}
	out := make([]RuleSummary, 0, len(sections))
	for _, sec := range sections {
		out = append(out, RuleSummary{ID: sec.ID, System: sec.System, Title: sec.Title, HouseRule: sec.HouseRule})
	}
	return out, nil
}

// Rule returns one section, whole.
func (s *Local) Rule(ctx context.Context, id string) (*Rule, error) {
	sec, ok := s.rules.Section(id)
	if !ok {
		return nil, StatusProblem(http.StatusNotFound).Localized(msgNoRule.New(l10n.Str("id", id)))
	}
	return &Rule{sec, s.systemName(sec.System)}, nil
}

// searchProblem turns a bad query into a 400 naming the parameter at
// fault; other errors pass through. lang is the query's lang parameter.
func searchProblem(lang string, err error) error {
	var use *lookup.UnknownSystemError
	switch {
	case errors.As(err, &use):
		return BadRequest("system").Localized(msgNoRulebook.New(l10n.Str("system", use.System)))
	case errors.Is(err, lookup.ErrEmptyQuery):
		return BadRequest("q").Localized(msgQueryEmpty.New())
	case errors.Is(err, lookup.ErrNotUTF8):
		return BadRequest("q").Localized(msgQueryNotUTF8.New())
	case errors.Is(err, lookup.ErrLongQuery):
		return BadRequest("q").Localized(msgQueryLong.New(l10n.Int("max", lookup.MaxQueryLen)))
	case errors.Is(err, lookup.ErrBadLimit):
		return LimitProblem(lookup.MaxLimit)
	case errors.Is(err, lookup.ErrUnknownLang):
		return LangProblem(lang)
	}
	return err
}

// LimitProblem is the 400 of a limit that is not a whole number from 1 to
// most.
func LimitProblem(most int) *Problem {
	return BadRequest("limit").Localized(msgLimit.New(l10n.Int("max", most)))
}

// noRules is the Finder of a process that serves no rules, such as the
// dice Lambda function.
type noRules struct{}

// errNoRules is the 404 of every lookup in a process that serves no rules.
func errNoRules() error { return StatusProblem(http.StatusNotFound).Localized(msgNoRules.New()) }

func (noRules) Search(context.Context, lookup.Query) (*lookup.Result, error) {
	return nil, errNoRules()
}
func (noRules) Suggest(string, string, int) ([]lookup.Suggestion, error) { return nil, errNoRules() }
func (noRules) Section(string) (*rulesdata.Section, bool)                { return nil, false }
func (noRules) Sections(string) ([]*rulesdata.Section, error)            { return nil, errNoRules() }

// Object is a JSON object as encoding/json decodes it into Go: the one
// loose shape of the code, because a game system's request is described
// by a JSON Schema read at run time (systems.Schema), and saved units,
// Discord options and key=value arguments fill its fields one by one
// before the system decodes it into its typed request.
type Object = map[string]any
