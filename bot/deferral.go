package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"runtime"
	"time"

	"kostka/internal/work"
	"kostka/units"

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
// answered). The work ends EditReserve before the request's deadline (on
// Lambda, the function's timeout, InteractionTimeout), so that the answer,
// or a polite error, is always sent in time.
const (
	defaultDeferAfter = time.Second
	// DiscordAPI is Discord's REST API, where deferred answers go.
	DiscordAPI = "https://discord.com/api/v10"
)

// The bounds of an interaction's work, from the deadline of the request
// that delivered it: on AWS Lambda, the invocation's deadline (the
// function's Timeout in template.yaml, which deploy's tests hold to
// InteractionTimeout); elsewhere, InteractionTimeout from its arrival.
const (
	// InteractionTimeout is the Discord function's timeout in
	// template.yaml, and the bound of an interaction whose request has no
	// deadline (a server, a gateway session).
	InteractionTimeout = 10 * time.Second
	// EditReserve is the time before the deadline kept for sending the
	// answer (deferring and editing, with Discord's retries): the work
	// stops that long before it.
	EditReserve = 2 * time.Second
	// ReturnMargin is the time before the deadline kept for returning
	// the HTTP response, so that the function ends on its own rather
	// than being stopped.
	ReturnMargin = 250 * time.Millisecond
	// SettingsTimeout bounds the read of a server's settings that every
	// interaction in a server makes (for its language); past it the
	// interaction is answered with the defaults. The DynamoDB store's own
	// bound (two attempts of a second each) fits inside it.
	SettingsTimeout = 2500 * time.Millisecond
)

// deadlines returns the contexts of an interaction's work and of its
// answer's delivery: neither is cancelled with ctx (a client that hangs
// up does not stop an answer sent through Discord's API), and they end
// EditReserve and ReturnMargin before ctx's deadline, or
// InteractionTimeout from now when ctx has none.
func deadlines(ctx context.Context) (work, deliver context.Context, cancel context.CancelFunc) {
	end, ok := ctx.Deadline()
	if !ok {
		end = time.Now().Add(InteractionTimeout)
	}
	deliver, cancelDeliver := context.WithDeadline(context.WithoutCancel(ctx), end.Add(-ReturnMargin))
	work, cancelWork := context.WithDeadline(deliver, end.Add(-EditReserve))
	return work, deliver, func() { cancelWork(); cancelDeliver() }
}

// newPool bounds the commands computed at once to n (0: one fewer than
// GOMAXPROCS, at least one, leaving a core for answering and deferring),
// so that a burst of heavy commands queues instead of slowing every
// command past the deadline. A command waits for a slot as long as its
// work may take.
func newPool(n int) *work.Pool {
	if n <= 0 {
		n = max(1, runtime.GOMAXPROCS(0)-1)
	}
	return work.New(n, maxRemembered, InteractionTimeout)
}

// answer answers one interaction inside Discord's deadline: it returns
// the response to write, or nil when the interaction was acknowledged
// through Discord's callback endpoint and its answer sent by editing the
// original response.
func (b *Bot) answer(ctx context.Context, i *discordgo.Interaction) *Response {
	if i.Type == discordgo.InteractionPing {
		return b.Handle(ctx, i)
	}
	workCtx, deliverCtx, cancel := deadlines(ctx)
	defer cancel()
	done := make(chan *Response, 1)
	// privately carries private's decision once the server's settings
	// are read (within SettingsTimeout), for the deferral.
	privately := make(chan bool, 1)
	go func() {
		l, set := b.replySettings(workCtx, i)
		privately <- private(i, set)
		if !expensive(i) {
			done <- b.handleSettled(workCtx, i, l, set)
			return
		}
		err := b.work.Do(workCtx, func() { done <- b.handleSettled(workCtx, i, l, set) })
		if err != nil {
			done <- ephemeral(msg(lang(i), "error.server"))
		}
	}()
	timer := time.NewTimer(b.cfg.DeferAfter)
	defer timer.Stop()
	select {
	case res := <-done:
		if hasFiles(res) {
			return b.respondWithFiles(deliverCtx, i, res)
		}
		return res
	case <-timer.C:
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return choices(nil) // suggestions cannot be deferred; late ones are useless
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if <-privately {
		deferred.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := b.discord(deliverCtx, http.MethodPost, "/interactions/"+i.ID+"/"+i.Token+"/callback", deferred); err != nil {
		b.cfg.Logger.ErrorContext(ctx, "deferring an interaction", "error", err, "interaction", i.ID)
		// Not acknowledged: the late answer may still be taken.
		res := b.finish(ctx, workCtx, i, done)
		if hasFiles(res) {
			return b.respondWithFiles(deliverCtx, i, res)
		}
		return res
	}
	res := b.finish(ctx, workCtx, i, done)
	edit := webhookEdit(res)
	path := "/webhooks/" + i.AppID + "/" + i.Token + "/messages/@original"
	var err error
	if hasFiles(res) {
		err = b.discordFiles(deliverCtx, http.MethodPatch, path, edit, res.Data.Files)
	} else {
		err = b.discord(deliverCtx, http.MethodPatch, path, edit)
	}
	if err != nil {
		b.cfg.Logger.ErrorContext(ctx, "editing a deferred answer", "error", err, "interaction", i.ID)
	}
	return nil
}

// finish returns the answer the work sends on done or, when the work is
// still going at its deadline, a polite error (and logs why), so that a
// deferred interaction is always edited in time.
func (b *Bot) finish(ctx, workCtx context.Context, i *discordgo.Interaction, done <-chan *Response) *Response {
	select {
	case res := <-done:
		return res
	case <-workCtx.Done():
		b.cfg.Logger.ErrorContext(ctx, "an interaction's work outlasted its deadline", "error", context.Cause(workCtx), "interaction", i.ID)
		return ephemeral(msg(lang(i), "error.server"))
	}
}

// expensive reports whether an interaction may take much computing (exact
// odds, a system's action), so that it waits for a slot of the bounded
// pool; rolls, rules, suggestions and help do not wait behind them.
func expensive(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	switch i.ApplicationCommandData().Name {
	case "odds", "test", "attack", "cost", compareCommandName:
		return true
	}
	return false
}

// private reports whether the answer to i is one only its player sees:
// a command that says private:True (on itself or on its subcommand), or
// whose server keeps answers private by default (set.Private) and that
// did not say private:False; a private Reroll or Odds button, or any
// button on a message only its player sees (an answer made private by
// the server's default carries public buttons, and Discord sends the
// message with its flags when one is pressed). The
// deferral of an answer and the answer itself both follow it, since a
// public deferral cannot be made ephemeral by its edit.
func private(i *discordgo.Interaction, set units.GuildSettings) bool {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		opts := i.ApplicationCommandData().Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			opts = opts[0].Options
		}
		o := option(opts, "private")
		if o == nil {
			o = option(i.ApplicationCommandData().Options, "private")
		}
		return (o == nil && set.Private) || (o != nil && o.Value == true)
	case discordgo.InteractionMessageComponent:
		return privateButton(i.MessageComponentData().CustomID) || (i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0)
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
// API through discordgo's REST client, with retries bounded by ctx (see
// restClient), and returns an error for any answer but a success.
func (b *Bot) send(ctx context.Context, method, path, contentType string, body []byte) error {
	return b.rest().do(ctx, method, path, contentType, body)
}

// privateByDefault makes a command's answer ephemeral when private says
// it is, so that the answer and its deferral are decided alike.
func privateByDefault(i *discordgo.Interaction, set units.GuildSettings, res *Response) {
	if res == nil || res.Data == nil || res.Type != discordgo.InteractionResponseChannelMessageWithSource {
		return
	}
	if private(i, set) {
		res.Data.Flags |= discordgo.MessageFlagsEphemeral
	}
}
