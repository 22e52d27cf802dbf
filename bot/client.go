package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"
)

// API calls the Kostka HTTP API, deployed or in the same process. Every
// command the bot answers goes through it, so the bot answers exactly what
// the API would.
type API struct {
	base   string
	client *http.Client
}

// apiTimeout bounds one call of the API; an answer not ready within
// Discord's 3 seconds is deferred (see Bot.answer).
const apiTimeout = 20 * time.Second

// RemoteAPI calls the Kostka API at base (such as the deployed API's URL).
func RemoteAPI(base string) (*API, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("bot: the API URL %q is not an http(s) URL", base)
	}
	return &API{base: strings.TrimSuffix(base, "/"), client: &http.Client{Timeout: apiTimeout, CheckRedirect: noRedirects}}, nil
}

// InProcessAPI calls the API handler h directly, without a network.
func InProcessAPI(h http.Handler) *API {
	return &API{base: "http://kostka.internal", client: &http.Client{Transport: handlerTransport{h}, Timeout: apiTimeout, CheckRedirect: noRedirects}}
}

// noRedirects stops at a redirect: the bot asks for exact paths, so a
// redirect (such as the 307 a path with ".." gets) is an answer the bot
// does not expect, never a body to decode as a rule.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// handlerTransport serves requests with a handler in the same process.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// Problem is an error answer of the API (RFC 9457).
type Problem struct {
	Status int    `json:"status"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	Field  string `json:"field"`
	// Label is the field's label in the asked language, when the API
	// knows it.
	Label string `json:"label"`
}

func (p *Problem) Error() string {
	msg := p.Title
	if p.Detail != "" {
		msg = p.Detail
	}
	switch {
	case p.Label != "":
		msg = p.Label + ": " + msg
	case p.Field != "" && !strings.Contains(msg, p.Field):
		msg = p.Field + ": " + msg
	}
	return msg
}

// get calls GET path with query and decodes the answer into out.
func (a *API) get(ctx context.Context, path string, query url.Values, out any) error {
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	return a.do(ctx, http.MethodGet, path, nil, out)
}

// post calls POST path with a JSON body and decodes the answer into out.
func (a *API) post(ctx context.Context, path string, body, out any) error {
	return a.do(ctx, http.MethodPost, path, body, out)
}

func (a *API) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := a.client.Do(req)
	if err != nil {
		return fmt.Errorf("bot: calling the Kostka API: %w", err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("bot: reading the Kostka API's answer: %w", err)
	}
	if res.StatusCode >= 300 {
		p := &Problem{Status: res.StatusCode}
		if json.Unmarshal(data, p) != nil || p.Title == "" {
			p.Title = http.StatusText(res.StatusCode)
		}
		return p
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("bot: decoding the Kostka API's answer to %s: %w", path, err)
	}
	return nil
}

// isProblem reports whether err is an answer of the API about the request
// (4xx), which the player can fix.
func isProblem(err error) (*Problem, bool) {
	var p *Problem
	if errors.As(err, &p) && p.Status < 500 {
		return p, true
	}
	return nil, false
}
