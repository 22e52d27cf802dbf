package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The retries of a call to Discord's REST API.
const (
	// discordAttempts is how many times a call is tried while Discord
	// answers 429 (rate limited), 5xx, or the network fails.
	discordAttempts = 4
	// discordBackoff is the first wait after a 5xx or a network error,
	// doubled at each attempt, with full jitter.
	discordBackoff = 100 * time.Millisecond
)

// userAgent is the User-Agent of the bot's REST calls, in the form
// Discord asks of bots, "DiscordBot (URL, version)": discordgo's own.
var userAgent = "DiscordBot (https://github.com/bwmarrin/discordgo, v" + discordgo.VERSION + ")"

// restClient calls Discord's REST API for one bot.
//
// Each call goes through discordgo's REST client (Session.RequestRaw),
// which keeps the rate-limit bucket of the call's URL from Discord's
// X-RateLimit headers (and the global limit) and sets the User-Agent. Its
// own retries are turned off: on a 429 it sleeps for Retry-After whatever
// the request's context says, and it retries only 502, at once. Here each
// retry (429 after Retry-After, 5xx and network errors after a jittered
// backoff) waits only when the wait ends before ctx's deadline, and is
// logged.
//
// Every call has a fresh rate limiter: all of the bot's calls are on one
// interaction's URLs (its callback, its original response), which no
// other call shares, so a limiter kept across calls would only grow.
type restClient struct {
	base   string
	http   *http.Client
	logger *slog.Logger
}

func (b *Bot) rest() *restClient {
	return &restClient{base: b.cfg.DiscordAPI, http: b.cfg.HTTPClient, logger: b.cfg.Logger}
}

// do sends one call and returns an error for any answer but a success.
func (c *restClient) do(ctx context.Context, method, path, contentType string, body []byte) error {
	route, token := redact(path)
	last := &lastResponse{next: c.http.Transport}
	if last.next == nil {
		last.next = http.DefaultTransport
	}
	hc := *c.http
	hc.Transport = last
	s := &discordgo.Session{Client: &hc, UserAgent: userAgent, Ratelimiter: discordgo.NewRatelimiter(), LogLevel: -1}
	url := c.base + path
	bucket := s.Ratelimiter.GetBucket(url)
	for attempt := 1; ; attempt++ {
		if wait := s.Ratelimiter.GetWaitTime(bucket, 1); wait > 0 {
			if err := sleep(ctx, wait); err != nil {
				return fmt.Errorf("bot: %s %s: rate limited for %v: %w", method, route, wait, err)
			}
		}
		_, err := s.RequestRaw(method, url, contentType, body, url, 0,
			discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0))
		if err == nil {
			return nil
		}
		if token != "" { // discordgo's and net/http's errors show the URL
			err = redactedError{err, token}
		}
		status, retryAfter := last.get()
		var wait time.Duration
		switch {
		case ctx.Err() != nil:
			return fmt.Errorf("bot: %s %s: %w", method, route, context.Cause(ctx))
		case status == http.StatusTooManyRequests:
			wait = retryAfter
			if rl, ok := errors.AsType[*discordgo.RateLimitError](err); ok {
				wait = max(wait, rl.RetryAfter)
			}
			err = fmt.Errorf("rate limited (429): %w", err)
		case status >= 500 || status == 0: // a server error, or no answer
			wait = 1 + rand.N(discordBackoff<<(attempt-1))
		default:
			return fmt.Errorf("bot: %s %s: %w", method, route, err)
		}
		if attempt == discordAttempts {
			return fmt.Errorf("bot: %s %s: %d attempts: %w", method, route, attempt, err)
		}
		if end, ok := ctx.Deadline(); ok && time.Until(end) < wait {
			return fmt.Errorf("bot: %s %s: %w; a retry in %v would pass the deadline", method, route, err, wait.Round(time.Millisecond))
		}
		c.logger.WarnContext(ctx, "retrying a call to Discord", "method", method, "route", route,
			"status", status, "attempt", attempt, "retry_in", wait, "error", err)
		if err := sleep(ctx, wait); err != nil {
			return fmt.Errorf("bot: %s %s: %w", method, route, err)
		}
	}
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// redact returns a REST path with the interaction's token, which lets
// anyone answer it for 15 minutes, left out (for logs and errors), and
// the token.
func redact(path string) (route, token string) {
	parts := strings.Split(path, "/")
	if len(parts) > 3 && (parts[1] == "interactions" || parts[1] == "webhooks") {
		token, parts[3] = parts[3], "…"
	}
	return strings.Join(parts, "/"), token
}

// redactedError is an error whose text shows "…" for a token.
type redactedError struct {
	err   error
	token string
}

func (e redactedError) Error() string { return strings.ReplaceAll(e.err.Error(), e.token, "…") }
func (e redactedError) Unwrap() error { return e.err }

// lastResponse is a transport that keeps the status and Retry-After of
// the last answer it carried (discordgo's errors keep neither for every
// status).
type lastResponse struct {
	next       http.RoundTripper
	mu         sync.Mutex
	status     int
	retryAfter time.Duration
}

func (l *lastResponse) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := l.next.RoundTrip(r)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.status, l.retryAfter = 0, 0
	if err == nil {
		l.status = res.StatusCode
		// Discord's Retry-After is in seconds, possibly with a fraction.
		// An interaction's token lasts 15 minutes: no wait is longer.
		if s, perr := strconv.ParseFloat(res.Header.Get("Retry-After"), 64); perr == nil && s > 0 {
			l.retryAfter = time.Duration(min(s, 15*60) * float64(time.Second))
		}
	}
	return res, err
}

func (l *lastResponse) get() (int, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.status, l.retryAfter
}
