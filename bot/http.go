package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"kostka"

	"github.com/bwmarrin/discordgo"
)

// maxInteractionBytes bounds an interaction's body; Discord's are a few KiB.
const maxInteractionBytes = 64 << 10

// maxClockSkew is how far an interaction's timestamp may be from now.
const maxClockSkew = 5 * time.Minute

// ParsePublicKey reads the application's public key as the Discord
// developer portal shows it (64 hex digits).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("bot: the Discord public key must be %d hex digits (the application's \"Public Key\"), got %d characters", 2*ed25519.PublicKeySize, len(strings.TrimSpace(s)))
	}
	return ed25519.PublicKey(b), nil
}

// pong is the answer to Discord's PING (Bot.Handle's, as the Handler
// writes it), written as it is: Discord checks an endpoint with a PING, and
// decoding a whole discordgo.Interaction and encoding a
// discordgo.InteractionResponse cost a cold process a few milliseconds of
// reflection over their many types.
const pong = `{"type":1}` + "\n"

// Handler answers Discord's HTTP interactions (POST, signed with Ed25519):
// a bad or missing signature, or a timestamp more than five minutes from
// now(), gets 401, as Discord requires, and so does an interaction the
// Handler has already received (see replays); every other signed
// interaction gets the bot's JSON response.
func (b *Bot) Handler(key ed25519.PublicKey, now func() time.Time) http.Handler {
	seen := &replays{seen: make(map[string]time.Time)}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxInteractionBytes))
		if err != nil {
			problem(w, http.StatusRequestEntityTooLarge, "the interaction body is too large")
			return
		}
		t := now()
		signed, why := verify(key, r.Header, body, t)
		if why != "" {
			problem(w, http.StatusUnauthorized, why)
			return
		}
		var head struct {
			ID   string                    `json:"id"`
			Type discordgo.InteractionType `json:"type"`
		}
		if err := json.Unmarshal(body, &head); err != nil {
			problem(w, http.StatusBadRequest, "the body is not an interaction: "+err.Error())
			return
		}
		if !seen.first(head.ID, t, signed.Add(maxClockSkew)) {
			problem(w, http.StatusUnauthorized, "the interaction was already received")
			return
		}
		if head.Type == discordgo.InteractionPing {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, pong)
			return
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			problem(w, http.StatusBadRequest, "the body is not an interaction: "+err.Error())
			return
		}
		answerer := b
		if b.cfg.PageURL == "" {
			if page := pageURLOf(r); page != "" {
				withPage := *b
				withPage.cfg.PageURL = page
				answerer = &withPage
			}
		}
		res := answerer.answer(r.Context(), &i)
		if res == nil { // answered through Discord's API (deferred)
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(w).Encode(res); err != nil {
			b.cfg.Logger.ErrorContext(r.Context(), "writing the interaction response", "error", err)
		}
	})
}

// hostPattern is a host name or address with an optional port, as a Host
// header holds it.
var hostPattern = regexp.MustCompile(`^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$`)

// pageURLOf returns the base URL of the page on the host an interaction
// was sent to, for the bot's links when Config.PageURL is empty: Discord
// sends interactions over HTTPS to the server that also serves the page (a
// Lambda function behind the same API, or "kostka serve"). A loopback host
// is served over plain HTTP. A malformed Host gives "".
func pageURLOf(r *http.Request) string {
	if !hostPattern.MatchString(r.Host) {
		return ""
	}
	scheme := "https"
	if host, _, err := net.SplitHostPort(r.Host); (err == nil && isLoopback(host)) || isLoopback(r.Host) {
		scheme = "http"
	}
	return scheme + "://" + r.Host
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// verify checks an interaction's signature over timestamp + body and the
// timestamp's age; it returns the time signed, or why it fails.
func verify(key ed25519.PublicKey, h http.Header, body []byte, now time.Time) (signed time.Time, why string) {
	sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return time.Time{}, "missing or malformed X-Signature-Ed25519"
	}
	ts := h.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return time.Time{}, "missing or malformed X-Signature-Timestamp"
	}
	signed = time.Unix(secs, 0)
	if d := now.Sub(signed); d > maxClockSkew || d < -maxClockSkew {
		return time.Time{}, "the signature's timestamp is too far from now"
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(key, msg, sig) {
		return time.Time{}, "the signature does not match"
	}
	return signed, ""
}

// maxRemembered bounds how many interactions a Handler remembers.
const maxRemembered = 1 << 16

// replays are the ids of the interactions a Handler has received, each
// remembered until its signature's timestamp is too old to pass verify:
// Discord sends an interaction once, so one received again is a captured
// request sent anew. They are remembered by the process (one Lambda
// instance, one "kostka serve"), and at most maxRemembered at once.
type replays struct {
	mu   sync.Mutex
	seen map[string]time.Time // id: when verify refuses it anyway
}

// first reports whether the interaction id is received for the first
// time at now, and remembers it until until. An empty id is not
// remembered.
func (r *replays) first(id string, now, until time.Time) bool {
	if id == "" {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if end, ok := r.seen[id]; ok && now.Before(end) {
		return false
	}
	if len(r.seen) >= maxRemembered {
		for k, end := range r.seen {
			if !now.Before(end) {
				delete(r.seen, k)
			}
		}
	}
	if len(r.seen) >= maxRemembered { // all still valid: forget the oldest
		var oldest string
		for k, end := range r.seen {
			if oldest == "" || end.Before(r.seen[oldest]) {
				oldest = k
			}
		}
		delete(r.seen, oldest)
	}
	r.seen[id] = until
	return true
}

// problem writes an RFC 9457 problem body.
func problem(w http.ResponseWriter, status int, detail string) {
	(&kostka.Problem{Type: kostka.TypeBlank, Title: http.StatusText(status), Status: status, Detail: detail}).Write(w)
}
