// Package bot is Kostka's Discord bot: slash commands to roll dice (/roll,
// /odds), resolve a game system's test or attack (/test, /attack), cost a
// quality-d6 unit (/cost) and look a rule up (/rule, with autocomplete),
// answered in the player's language (Polish, Czech or English).
//
// The bot answers interactions; how they arrive is an adapter: HTTP
// interactions signed with Ed25519 (Handler, for AWS Lambda and the local
// server) or a gateway session (RunGateway, for "kostka bot"). Either way
// every command is answered by a kostka.Service: in this process, or a
// deployed API through its client.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/internal/work"
	"kostka/l10n"
	"kostka/systems"
	"kostka/units"
)

// Config holds what the bot depends on.
type Config struct {
	// Service answers the commands (kostka.Local in this process, or
	// client.Client of a deployed API). Required.
	Service kostka.Service
	// Systems are the game systems /test and /attack offer; they must be
	// those the API serves. Required.
	Systems *systems.Registry
	// PageURL is the web page's base URL, for links to a rule's whole
	// text. When it is empty, the HTTP Handler links to the host each
	// interaction was sent to, and a gateway session leaves the links out.
	PageURL string
	// Logger receives server-side errors. Nil discards them.
	Logger *slog.Logger
	// Units keeps saved units and server settings; when nil, /unit and
	// /settings (always registered, so that registering from a laptop
	// offers them) answer that this deployment keeps none.
	Units units.Service
	// DeferAfter is how long the HTTP Handler waits for an answer before
	// it defers it (see answer); 0 means 1 second.
	DeferAfter time.Duration
	// Workers bounds the expensive commands (odds, tests, attacks, costs)
	// computed at once; 0 means one fewer than GOMAXPROCS (at least one).
	Workers int
	// DiscordAPI is the base URL of Discord's REST API, for deferred
	// answers; "" means the real one.
	DiscordAPI string
	// HTTPClient calls Discord; nil means one with a 10-second timeout.
	HTTPClient *http.Client
	// AttachmentBases are the URL bases attached files (/unit import) are
	// read from; nil means DiscordCDN. Any other URL is refused.
	AttachmentBases []string
}

// Bot answers Discord interactions.
type Bot struct {
	cfg  Config
	defs *commandDefs // the slash commands, built on first use
	work *work.Pool   // bounds the commands computed at once
	ids  *commandIDs  // the registered commands' ids, for /help's mentions
	// attachments reads attached files from Config.AttachmentBases only.
	attachments *http.Client
	seed        *uint64 // when set (golden tests), every roll is reproducible
}

// commandDefs are the bot's slash commands, built from the systems'
// schemas once, when first needed: a cold Discord function that answers a
// PING or a /roll never pays for reading every schema.
type commandDefs struct {
	once     sync.Once
	systems  *systems.Registry
	commands []*Command
	actions  map[string]*actionCommand // "attack quality-d6" → its options
	err      error
}

// get returns the commands and the action subcommands, building them the
// first time.
func (d *commandDefs) get() ([]*Command, map[string]*actionCommand, error) {
	d.once.Do(func() {
		d.commands, d.actions, d.err = buildCommands(d.systems)
		if d.err != nil {
			return
		}
		var systemChoices []*Choice
		for _, id := range d.systems.IDs() {
			systemChoices = append(systemChoices, &Choice{Name: id, Value: id})
		}
		d.commands = append(d.commands, unitCommands(systemChoices)...)
		d.commands = append(d.commands, aliasCommand())
		d.commands = append(d.commands, compareCommand(d.systems))
	})
	return d.commands, d.actions, d.err
}

// definitions returns the bot's commands and action subcommands. A schema
// that does not fit Discord's rules is a programming error, which
// TestCommandsBuild finds; here it panics.
func (b *Bot) definitions() ([]*Command, map[string]*actionCommand) {
	cmds, actions, err := b.defs.get()
	if err != nil {
		panic(fmt.Sprintf("bot: the commands: %v", err))
	}
	return cmds, actions
}

// New returns a bot. Its command definitions are built from the systems'
// schemas on first use.
func New(cfg Config) (*Bot, error) {
	if cfg.Service == nil || cfg.Systems == nil {
		return nil, errors.New("bot: Config needs Service and Systems")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	cfg.PageURL = strings.TrimSuffix(cfg.PageURL, "/")
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = defaultDeferAfter
	}
	if cfg.DiscordAPI == "" {
		cfg.DiscordAPI = DiscordAPI
	}
	cfg.DiscordAPI = strings.TrimSuffix(cfg.DiscordAPI, "/")
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.AttachmentBases == nil {
		cfg.AttachmentBases = DiscordCDN
	}
	defs := &commandDefs{systems: cfg.Systems}
	return &Bot{cfg: cfg, defs: defs, ids: &commandIDs{ids: map[string]string{}}, work: newPool(cfg.Workers), attachments: attachmentClient(cfg.AttachmentBases)}, nil
}

// Handle answers one interaction. It always returns a response: a
// problem with the player's input is a polite ephemeral message, and so is
// a failure of the API (logged).
func (b *Bot) Handle(ctx context.Context, i *discordgo.Interaction) *Response {
	l, set := b.replySettings(ctx, i)
	return b.handleSettled(ctx, i, l, set)
}

// handleSettled is Handle once the reply language l and the server's
// settings set are read.
func (b *Bot) handleSettled(ctx context.Context, i *discordgo.Interaction, l l10n.Lang, set units.GuildSettings) *Response {
	res := b.handle(ctx, i, l)
	privateByDefault(i, set, res)
	b.mentionCommands(l, res)
	return res
}

// handle answers one interaction in the reply language l.
func (b *Bot) handle(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) *Response {
	var (
		res *Response
		err error
	)
	switch i.Type {
	case discordgo.InteractionPing:
		return &Response{InteractionResponse: &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}}
	case discordgo.InteractionApplicationCommand:
		if d := i.ApplicationCommandData(); d.ID != "" {
			b.ids.set(d.Name, d.ID)
		}
		res, err = b.command(ctx, i, l)
	case discordgo.InteractionApplicationCommandAutocomplete:
		if i.ApplicationCommandData().Name == "alias" {
			res, err = b.aliasAutocomplete(ctx, i)
		} else if i.ApplicationCommandData().Name == compareCommandName {
			res, err = b.compareAutocomplete(ctx, i)
		} else if unitOptionFocused(i) {
			res, err = b.unitAutocomplete(ctx, i)
		} else {
			res, err = b.autocomplete(ctx, i)
		}
	case discordgo.InteractionMessageComponent:
		res, err = b.component(ctx, i, l)
	default:
		return ephemeral(msg(l, "unknown"))
	}
	if err == nil {
		return res
	}
	if p, ok := isProblem(err, l); ok {
		return ephemeral(msg(l, "error", problemText(p)))
	}
	var use *usageError
	if errors.As(err, &use) {
		return ephemeral(msg(l, "error", use.msg))
	}
	b.cfg.Logger.ErrorContext(ctx, "discord interaction failed", "type", i.Type.String(), "error", err)
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return choices(nil)
	}
	return ephemeral(msg(l, "error.server"))
}

// usageError is a command the player gave wrongly, in words fit to show.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// command answers a slash command.
func (b *Bot) command(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) (*Response, error) {
	d := i.ApplicationCommandData()
	switch d.Name {
	case "roll":
		return b.roll(ctx, i, l, stringOpt(d.Options, "expr"), boolOpt(d.Options, "private"))
	case "odds":
		return b.odds(ctx, l, stringOpt(d.Options, "expr"))
	case "rule":
		return b.rule(ctx, l, stringOpt(d.Options, "query"), stringOpt(d.Options, "system"))
	case "test", "attack":
		if len(d.Options) != 1 || d.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return nil, &usageError{msg(l, "system.choose")}
		}
		sub := d.Options[0]
		if sub.Name == gameSubcommand {
			return b.game(ctx, i, l, d.Name, sub.Options)
		}
		_, actions := b.definitions()
		ac, ok := actions[d.Name+" "+sub.Name]
		if !ok {
			return ephemeral(msg(l, "unknown")), nil
		}
		opts, err := ac.withTyped(l, b.systemName(l, ac.system), sub.Options)
		if err != nil {
			return nil, err
		}
		return b.action(ctx, l, ac, opts, nil, actionMode(sub.Options), boolOpt(sub.Options, "private"))
	case "cost":
		return b.cost(ctx, i, l, d.Options)
	case "unit", "settings", "alias":
		if b.cfg.Units == nil {
			return ephemeral(say(l, msgUnitUnavailable)), nil
		}
		if d.Name == "alias" {
			return b.alias(ctx, i, l)
		}
		if d.Name == "unit" {
			return b.unit(ctx, i, l)
		}
		return b.settings(ctx, i, l)
	case compareCommandName:
		return b.compare(ctx, i, l)
	case "help":
		return message(&discordgo.MessageEmbed{Title: "Kostka", Description: b.help(l), Color: colour}), nil
	}
	return ephemeral(msg(l, "unknown")), nil
}

// option finds a top-level option by name.
func option(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range opts {
		if o.Name == name {
			return o
		}
	}
	return nil
}

func stringOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	if o := option(opts, name); o != nil {
		if s, ok := o.Value.(string); ok {
			return s
		}
	}
	return ""
}

func boolOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) bool {
	if o := option(opts, name); o != nil {
		if v, ok := o.Value.(bool); ok {
			return v
		}
	}
	return false
}

func intOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) int {
	if o := option(opts, name); o != nil {
		if v, ok := o.Value.(float64); ok {
			return int(v)
		}
	}
	return 0
}

// commandIDs are the ids Discord gave the commands, learnt from
// registering them and from the interactions that arrive.
type commandIDs struct {
	mu  sync.Mutex
	ids map[string]string
}

func (c *commandIDs) set(name, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ids[name] = id
}

func (c *commandIDs) get(name string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ids[name]
}

// helpExamples are what /help shows after a command, in the player's
// language (a comment and a rule's name are words).
var helpExamples = map[string]l10n.Texts{
	"roll": {En: "`3k6+2`, `4d6kh3 # attack`", Pl: "`3k6+2`, `4d6kh3 # atak`", Cs: "`3k6+2`, `4d6kh3 # útok`"},
	"odds": {En: "`3k6`", Pl: "`3k6`", Cs: "`3k6`"},
	"rule": {En: "`cover`", Pl: "`osłona`", Cs: "`kryt`"},
}

// help lists every command, as a mention players can click when its id is
// known (</roll:123>, which their client shows by its localized name), else
// by its name in the player's language, with what it does.
func (b *Bot) help(l l10n.Lang) string {
	var lines []string
	for _, c := range b.Commands() {
		if c.Name == "help" {
			continue
		}
		line := b.mention(c, l) + " " + orDefault(c.DescriptionLocalizations[discordLocale(l)], c.Description)
		if ex := helpExamples[c.Name].In(l); ex != "" {
			line += ": " + ex
		}
		lines = append(lines, line)
	}
	private := ""
	for _, c := range b.Commands() {
		if c.Name == "roll" {
			private = msg(l, "help.private", b.mention(c, l))
		}
	}
	return strings.Join(lines, "\n") + "\n\n" + private
}

// mention is a command's mention, or its localized name with a slash. A
// command with subcommands is mentioned by its first.
func (b *Bot) mention(c *Command, l l10n.Lang) string {
	name := c.Name
	if len(c.Options) > 0 && c.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		name += " " + c.Options[0].Name
	}
	if id := b.ids.get(c.Name); id != "" {
		return "</" + name + ":" + id + ">"
	}
	return "**/" + orDefault(c.NameLocalizations[discordLocale(l)], c.Name) + "**"
}

// discordLocale is Discord's locale for a reply language ("" for English,
// the default).
func discordLocale(l l10n.Lang) string {
	switch l {
	case pl:
		return string(discordgo.Polish)
	case cs:
		return string(discordgo.Czech)
	}
	return ""
}

// replySettings is the reply language and the server's settings (zero
// outside a server, or without a store).
func (b *Bot) replySettings(ctx context.Context, i *discordgo.Interaction) (l10n.Lang, units.GuildSettings) {
	if b.cfg.Units == nil || i.GuildID == "" {
		return lang(i), units.GuildSettings{}
	}
	// Every interaction in a server reads its settings: a stalled store
	// costs it SettingsTimeout at most, then the defaults.
	readCtx, cancel := context.WithTimeout(ctx, SettingsTimeout)
	defer cancel()
	set, err := b.cfg.Units.Settings(readCtx, i.GuildID)
	if err != nil {
		b.cfg.Logger.WarnContext(ctx, "reading a server's settings; answering with the defaults", "error", err, "guild", i.GuildID, "interaction", i.ID)
		return lang(i), units.GuildSettings{}
	}
	if set.Lang != "" {
		return set.Lang, set
	}
	return lang(i), set
}
