package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// RunGateway answers interactions that arrive over a gateway session (a
// running bot, "kostka bot") until ctx ends, then closes the session.
// discordgo reconnects by itself when the connection drops.
func (b *Bot) RunGateway(ctx context.Context, s *discordgo.Session) error {
	remove := s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		b.respond(ctx, s, ic.Interaction)
	})
	defer remove()
	s.ShouldReconnectOnError = true
	if err := s.Open(); err != nil {
		return fmt.Errorf("bot: opening the Discord gateway: %w", err)
	}
	b.cfg.Logger.Info("discord gateway open")
	<-ctx.Done()
	b.cfg.Logger.Info("closing the discord gateway")
	return s.Close()
}

// respond answers one gateway interaction through Discord's REST API.
func (b *Bot) respond(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction) {
	res := b.Handle(ctx, i)
	if err := s.InteractionRespond(i, res, discordgo.WithContext(ctx)); err != nil {
		b.cfg.Logger.ErrorContext(ctx, "responding to an interaction", "error", err, "interaction", i.ID)
	}
}

// Change is how registration changed one command.
type Change struct {
	Name   string
	Action string // added, changed, removed or unchanged
}

// Register overwrites the application's commands with the bot's, for one
// guild (instant) or globally (guildID ""), and says what changed.
func (b *Bot) Register(ctx context.Context, s *discordgo.Session, appID, guildID string) ([]Change, error) {
	before, err := s.ApplicationCommands(appID, guildID, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("bot: reading the registered commands: %w", err)
	}
	after, err := s.ApplicationCommandBulkOverwrite(appID, guildID, b.commands, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("bot: registering the commands: %w", err)
	}
	old := map[string]*discordgo.ApplicationCommand{}
	for _, c := range before {
		old[c.Name] = c
	}
	var changes []Change
	for _, c := range b.commands {
		prev, ok := old[c.Name]
		switch {
		case !ok:
			changes = append(changes, Change{c.Name, "added"})
		case definition(prev) != definition(c):
			changes = append(changes, Change{c.Name, "changed"})
		default:
			changes = append(changes, Change{c.Name, "unchanged"})
		}
		delete(old, c.Name)
	}
	for name := range old {
		changes = append(changes, Change{name, "removed"})
	}
	slices.SortFunc(changes, func(a, b Change) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	if len(after) != len(b.commands) {
		return changes, fmt.Errorf("bot: Discord kept %d commands of %d", len(after), len(b.commands))
	}
	return changes, nil
}

// definition is a command's definition as Discord compares it, without
// the ids and versions Discord adds.
func definition(c *discordgo.ApplicationCommand) string {
	d := *c
	d.ID, d.ApplicationID, d.GuildID, d.Version = "", "", "", ""
	b, _ := json.Marshal(d)
	return string(b)
}

// WriteCommands writes the command definitions as JSON (for golden files
// and for registering by hand).
func (b *Bot) WriteCommands(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b.commands)
}
