package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"time"

	"kostka/internal/work"

	"github.com/bwmarrin/discordgo"
)

// Discord's deadline for an interaction's first response is 3 seconds.
// The bot answers directly when the answer is ready within DeferAfter,
// and otherwise acknowledges the interaction with a deferred response
// (type 5, "Kostka is thinking…") sent through Discord's callback
// endpoint, finishes the work, and edits the original response through
// the interaction's webhook (PATCH /webhooks/{app}/{token}/messages/@original).
//
// Everything happens inside the one HTTP request that delivered the
// interaction, so it works the same on a server and on AWS Lambda, where
// nothing may run after the function returns: the function acknowledges
// through the callback endpoint (not through its HTTP response, which
// Discord would only see when the function returns), keeps computing in
// the same invocation, edits the original response, and only then returns
// (its HTTP response is then empty, since the interaction is already
// answered). The function's timeout must exceed the slowest command.
const (
	defaultDeferAfter = time.Second
	// workTimeout bounds a deferred command; the interaction's token is
	// valid for 15 minutes.
	workTimeout = 30 * time.Second
	// DiscordAPI is Discord's REST API, where deferred answers go.
	DiscordAPI = "https://discord.com/api/v10"
)

// newPool bounds the commands computed at once to n (0: one fewer than
// GOMAXPROCS, at least one, leaving a core for answering and deferring),
// so that a burst of heavy commands queues instead of slowing every
// command past the deadline. A command waits for a slot as long as its
// work may take.
func newPool(n int) *work.Pool {
	if n <= 0 {
		n = max(1, runtime.GOMAXPROCS(0)-1)
	}
	return work.New(n, maxRemembered, workTimeout)
}

// answer answers one interaction inside Discord's deadline: it returns
// the response to write, or nil when the interaction was acknowledged
// through Discord's callback endpoint and its answer sent by editing the
// original response.
func (b *Bot) answer(ctx context.Context, i *discordgo.Interaction) *Response {
	if i.Type == discordgo.InteractionPing {
		return b.Handle(ctx, i)
	}
	workCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), workTimeout)
	defer cancel()
	done := make(chan *Response, 1)
	go func() {
		if !expensive(i) {
			done <- b.Handle(workCtx, i)
			return
		}
		err := b.work.Do(workCtx, func() { done <- b.Handle(workCtx, i) })
		if err != nil {
			done <- ephemeral(msg(lang(i), "error.server"))
		}
	}()
	timer := time.NewTimer(b.cfg.DeferAfter)
	defer timer.Stop()
	select {
	case res := <-done:
		if hasFiles(res) {
			return b.respondWithFiles(workCtx, i, res)
		}
		return res
	case <-timer.C:
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return choices(nil) // suggestions cannot be deferred; late ones are useless
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if private(i) {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := b.discord(workCtx, http.MethodPost, "/interactions/"+i.ID+"/"+i.Token+"/callback", deferred); err != nil {
		b.cfg.Logger.ErrorContext(ctx, "deferring an interaction", "error", err, "interaction", i.ID)
		// Not acknowledged: the late answer may still be taken.
		res := <-done
		if hasFiles(res) {
			return b.respondWithFiles(workCtx, i, res)
		}
		return res
	}
	res := <-done
	edit := webhookEdit(res)
	path := "/webhooks/" + i.AppID + "/" + i.Token + "/messages/@original"
	var err error
	if hasFiles(res) {
		err = b.discordFiles(workCtx, http.MethodPatch, path, edit, res.Data.Files)
	} else {
		err = b.discord(workCtx, http.MethodPatch, path, edit)
	}
	if err != nil {
		b.cfg.Logger.ErrorContext(ctx, "editing a deferred answer", "error", err, "interaction", i.ID)
	}
	return nil
}

// expensive reports whether an interaction may take much computing (exact
// odds, a system's action), so that it waits for a slot of the bounded
// pool; rolls, rules, suggestions and help do not wait behind them.
func expensive(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	switch i.ApplicationCommandData().Name {
	case "odds", "test", "attack", "cost":
		return true
	}
	return false
}

// private reports whether an interaction asks for an answer only its
// player sees (so its deferral is ephemeral too).
func private(i *discordgo.Interaction) bool {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return boolOpt(i.ApplicationCommandData().Options, "private")
	case discordgo.InteractionMessageComponent:
		return strings.HasPrefix(i.MessageComponentData().CustomID, privateRerollPrefix)
	}
	return false
}

// discord sends body to Discord's REST API (the interaction endpoints
// need no bot token: the interaction's token is in the path).
func (b *Bot) discord(ctx context.Context, method, path string, body any) error {
	js, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return b.send(ctx, method, path, "application/json", js)
}

// send sends a request body of the given content type to Discord's REST
// API and returns an error for any answer but a success.
func (b *Bot) send(ctx context.Context, method, path, contentType string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, b.cfg.DiscordAPI+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	res, err := b.cfg.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("bot: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
	if res.StatusCode >= 300 {
		return fmt.Errorf("bot: %s %s: %s: %s", method, path, res.Status, msg)
	}
	return nil
}
