// Package client calls a deployed Kostka HTTP API (package api) through
// the same typed interface the service offers in this process
// (kostka.Service), so that the Discord bot and the command line can point
// at a deployed API (-api URL) and answer exactly what they answer in
// process.
//
// The answers' messages come rendered in the language asked for (their
// Text is set; read back, they write the same JSON again), and an action's
// or a price's typed outcome is the shared part every system tells
// (systems.Report, systems.Points) with the whole answer's JSON kept.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"kostka"
	"kostka/dice"
	"kostka/l10n"
	"kostka/lookup"
	"kostka/systems"
)

// Client is a kostka.Service that calls the API at its base URL.
type Client struct {
	base string
	http *http.Client
}

var _ kostka.Service = (*Client)(nil)

// Timeout bounds one call when New is given no http.Client.
const Timeout = 20 * time.Second

// maxAnswerBytes bounds an answer read (the largest odds are a few
// megabytes).
const maxAnswerBytes = 8 << 20

// New returns a client of the API at base, such as the deployed API's URL,
// calling it with hc (nil: one with Timeout).
func New(base string, hc *http.Client) (*Client, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("client: the API URL %q is not an http(s) URL", base)
	}
	if hc == nil {
		hc = &http.Client{Timeout: Timeout}
	}
	// The client asks for exact paths: a redirect (such as the 307 a path
	// with ".." gets) is an answer it does not expect, never a body to
	// decode.
	c := *hc
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &Client{base: strings.TrimSuffix(base, "/"), http: &c}, nil
}

// query is the lang parameter of lang, when it is set.
func query(lang l10n.Lang) url.Values {
	q := url.Values{}
	if lang != "" {
		q.Set("lang", string(lang))
	}
	return q
}

// do calls the API and decodes its answer into out; an answer that is not
// a success is a *kostka.Problem.
func (c *Client) do(ctx context.Context, method, path string, q url.Values, body []byte, out any) error {
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("client: calling the Kostka API: %w", err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxAnswerBytes))
	if err != nil {
		return fmt.Errorf("client: reading the Kostka API's answer: %w", err)
	}
	if res.StatusCode >= 300 {
		p := &kostka.Problem{}
		if json.Unmarshal(data, p) != nil || p.Title == "" {
			p = &kostka.Problem{Type: kostka.TypeBlank, Title: http.StatusText(res.StatusCode)}
		}
		p.Status = res.StatusCode
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil {
			p.RetryAfter = s
		}
		return p
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("client: decoding the Kostka API's answer to %s: %w", path, err)
	}
	return nil
}

// Roll rolls a dice expression (POST /v1/roll).
func (c *Client) Roll(ctx context.Context, req kostka.RollRequest) (*kostka.Roll, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	var out kostka.Roll
	if err := c.do(ctx, http.MethodPost, "/v1/roll", query(req.Lang), body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Odds computes a dice expression's exact odds (GET /v1/odds).
func (c *Client) Odds(ctx context.Context, req kostka.OddsRequest) (*dice.Odds, error) {
	q := query(req.Lang)
	q.Set("expr", req.Expr)
	var out dice.Odds
	if err := c.do(ctx, http.MethodGet, "/v1/odds", q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Systems lists the game systems (GET /v1/systems).
func (c *Client) Systems(ctx context.Context) ([]kostka.SystemSummary, error) {
	var out struct {
		Systems []kostka.SystemSummary `json:"systems"`
	}
	if err := c.do(ctx, http.MethodGet, "/v1/systems", nil, nil, &out); err != nil {
		return nil, err
	}
	return out.Systems, nil
}

// Outcome is a rolled action's outcome as the API answered it: the
// Report every system's outcome embeds, and the whole answer, which is its
// JSON.
type Outcome struct {
	systems.Report
	raw json.RawMessage
}

// MarshalJSON writes the answer as the API sent it.
func (o *Outcome) MarshalJSON() ([]byte, error) { return o.raw, nil }

// Act resolves an action (POST /v1/systems/{id}/{action}).
func (c *Client) Act(ctx context.Context, req kostka.ActionRequest) (*kostka.Outcome, error) {
	q := query(req.Lang)
	if req.Mode != "" {
		q.Set("mode", string(req.Mode))
	}
	if req.Seed != nil {
		q.Set("seed", strconv.FormatUint(*req.Seed, 10))
	}
	fields := req.Fields
	if fields == nil {
		fields = json.RawMessage("{}")
	}
	var raw json.RawMessage
	path := "/v1/systems/" + url.PathEscape(req.System) + "/" + url.PathEscape(req.Action)
	if err := c.do(ctx, http.MethodPost, path, q, fields, &raw); err != nil {
		return nil, err
	}
	if req.Mode == kostka.ModeOdds {
		var out kostka.Outcome
		var odds struct {
			Odds systems.Odds `json:"odds"`
		}
		if err := json.Unmarshal(raw, &odds); err != nil {
			return nil, fmt.Errorf("client: decoding the odds: %w", err)
		}
		out.Odds = odds.Odds
		return &out, nil
	}
	res := &Outcome{raw: raw}
	if err := json.Unmarshal(raw, &res.Report); err != nil {
		return nil, fmt.Errorf("client: decoding the outcome: %w", err)
	}
	return &kostka.Outcome{Result: res}, nil
}

// Priced is a price as the API answered it: the Points every priced unit
// tells, and the whole answer, which is its JSON.
type Priced struct {
	points systems.Points
	raw    json.RawMessage
}

// Points returns what every priced unit tells.
func (p *Priced) Points() systems.Points { return p.points }

// MarshalJSON writes the answer as the API sent it.
func (p *Priced) MarshalJSON() ([]byte, error) { return p.raw, nil }

// Price prices a unit (POST /v1/systems/{id}/cost).
func (c *Client) Price(ctx context.Context, req kostka.PriceRequest) (systems.Priced, error) {
	var raw json.RawMessage
	if err := c.do(ctx, http.MethodPost, "/v1/systems/"+url.PathEscape(req.System)+"/cost", query(req.Lang), req.Unit, &raw); err != nil {
		return nil, err
	}
	var in struct {
		Total     int               `json:"total"`
		Exact     float64           `json:"exact"`
		Breakdown []l10n.Message    `json:"breakdown"`
		Warnings  []l10n.Message    `json:"warnings"`
		Notes     []l10n.Message    `json:"notes"`
		Rules     []systems.RuleRef `json:"rules"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, fmt.Errorf("client: decoding the price: %w", err)
	}
	return &Priced{points: systems.Points{Total: in.Total, Exact: in.Exact, Breakdown: in.Breakdown,
		Warnings: in.Warnings, Notes: in.Notes, Rules: in.Rules}, raw: raw}, nil
}

// Search finds rulebook sections (GET /v1/search). A Limit below 0 is
// sent as 0, out of range.
func (c *Client) Search(ctx context.Context, q lookup.Query) (*lookup.Result, error) {
	v := url.Values{"q": {q.Text}}
	if q.System != "" {
		v.Set("system", q.System)
	}
	if q.Lang != "" {
		v.Set("lang", q.Lang)
	}
	switch {
	case q.Limit < 0:
		v.Set("limit", "0")
	case q.Limit > 0:
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	var out lookup.Result
	if err := c.do(ctx, http.MethodGet, "/v1/search", v, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Suggest lists sections by what was typed (GET /v1/suggest).
func (c *Client) Suggest(ctx context.Context, req kostka.SuggestRequest) ([]lookup.Suggestion, error) {
	v := url.Values{"q": {req.Text}}
	if req.System != "" {
		v.Set("system", req.System)
	}
	if req.Limit != 0 {
		v.Set("limit", strconv.Itoa(req.Limit))
	}
	var out struct {
		Suggestions []lookup.Suggestion `json:"suggestions"`
	}
	if err := c.do(ctx, http.MethodGet, "/v1/suggest", v, nil, &out); err != nil {
		return nil, err
	}
	return out.Suggestions, nil
}

// Rule returns one section (GET /v1/rules/{id}).
func (c *Client) Rule(ctx context.Context, id string) (*kostka.Rule, error) {
	var out kostka.Rule
	if err := c.do(ctx, http.MethodGet, "/v1/rules/"+url.PathEscape(id), nil, nil, &out); err != nil {
		return nil, err
	}
	if out.Section == nil || out.ID == "" {
		return nil, fmt.Errorf("client: the answer to rule %q holds no rule", id)
	}
	return &out, nil
}

// Rules lists sections (GET /v1/rules).
func (c *Client) Rules(ctx context.Context, system string) ([]kostka.RuleSummary, error) {
	var v url.Values
	if system != "" {
		v = url.Values{"system": {system}}
	}
	var out struct {
		Rules []kostka.RuleSummary `json:"rules"`
	}
	if err := c.do(ctx, http.MethodGet, "/v1/rules", v, nil, &out); err != nil {
		return nil, err
	}
	return out.Rules, nil
}
