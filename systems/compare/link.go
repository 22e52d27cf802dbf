package compare

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
)

// MaxLinkRequest is the largest request, in bytes of JSON, that a page
// link carries: its address stays within what browsers and chat clients
// keep whole (about 8 KB once encoded).
const MaxLinkRequest = 6 << 10

// ErrLinkTooLong is returned by PagePath for a request larger than
// MaxLinkRequest.
var ErrLinkTooLong = errors.New("compare: the comparison is too large for a link")

// PagePath returns the page's address of a comparison, relative to the
// page's base URL: "/compare?system=ID&q=REQ", where REQ is the request's
// JSON (as POST /v1/systems/{id}/compare takes it) in unpadded base64url
// (RFC 4648, section 5). The page reads the same form back, so a link
// reproduces the comparison. A side naming a saved unit (Unit) must be
// inlined first (Inline): the page has no store to find it in.
func PagePath(system string, req Request) (string, error) {
	for _, list := range [][]Side{req.Attackers, req.Targets} {
		for _, s := range list {
			if s.Unit != "" && s.Profile == nil {
				return "", fmt.Errorf("compare: unit %q must be inlined before it is linked", s.Unit)
			}
		}
	}
	body, err := json.Marshal(req)
	if err != nil {
		return "", fmt.Errorf("compare: %w", err)
	}
	if len(body) > MaxLinkRequest {
		return "", ErrLinkTooLong
	}
	q := url.Values{"system": {system}, "q": {base64.RawURLEncoding.EncodeToString(body)}}
	return "/compare?" + q.Encode(), nil
}

// ParsePagePath reads a comparison's system and request back from the
// query of a page address made by PagePath.
func ParsePagePath(query string) (system string, req Request, err error) {
	q, err := url.ParseQuery(query)
	if err != nil {
		return "", req, fmt.Errorf("compare: %w", err)
	}
	system = q.Get("system")
	if system == "" {
		return "", req, errors.New("compare: the link names no system")
	}
	body, err := base64.RawURLEncoding.DecodeString(q.Get("q"))
	if err != nil {
		return "", req, fmt.Errorf("compare: the link's request: %w", err)
	}
	if len(body) > MaxLinkRequest {
		return "", req, ErrLinkTooLong
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return "", req, fmt.Errorf("compare: the link's request: %w", err)
	}
	return system, req, nil
}
