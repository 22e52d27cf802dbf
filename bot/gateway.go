package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

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
	res := b.answer(ctx, i)
	if res == nil { // deferred, and answered by editing the original response
		return
	}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	if _, err := s.RequestWithBucketID(http.MethodPost, endpoint, res, endpoint, discordgo.WithContext(ctx)); err != nil {
		b.cfg.Logger.ErrorContext(ctx, "responding to an interaction", "error", err, "interaction", i.ID)
	}
}

// Change is how registration changed one command.
type Change struct {
	Name   string
	Action string // added, changed, removed or unchanged
}

// Register overwrites the application's commands with the bot's, for one
// guild (instant) or globally (guildID ""), and says what changed. A
// command is unchanged when the fields the bot sends are equal, whatever
// Discord adds (ids, versions, defaults) and however it orders or spells
// empty values; so registering twice reports every command unchanged.
func (b *Bot) Register(ctx context.Context, s *discordgo.Session, appID, guildID string) ([]Change, error) {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guildID != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guildID)
	}
	data, err := s.RequestWithBucketID(http.MethodGet, endpoint+"?with_localizations=true", nil, endpoint, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("bot: reading the registered commands: %w", err)
	}
	var before []*Command
	if err := json.Unmarshal(data, &before); err != nil {
		return nil, fmt.Errorf("bot: reading the registered commands: %w", err)
	}
	data, err = s.RequestWithBucketID(http.MethodPut, endpoint, b.Commands(), endpoint, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("bot: registering the commands: %w", err)
	}
	var after []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	if err := json.Unmarshal(data, &after); err != nil {
		return nil, fmt.Errorf("bot: reading the registered commands: %w", err)
	}
	for _, c := range after {
		b.ids.set(c.Name, c.ID)
	}
	old := map[string]*Command{}
	for _, c := range before {
		old[c.Name] = c
	}
	var changes []Change
	for _, c := range b.Commands() {
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
	slices.SortFunc(changes, func(a, b Change) int { return strings.Compare(a.Name, b.Name) })
	if len(after) != len(b.Commands()) {
		return changes, fmt.Errorf("bot: Discord kept %d commands of %d", len(after), len(b.Commands()))
	}
	return changes, nil
}

// definition is a command's definition normalized for comparing: only the
// fields the bot sends, through one JSON round trip (so a choice's value,
// a limit's number and an empty map read the same either way).
func definition(c *Command) string {
	b, _ := json.Marshal(c)
	var n Command
	_ = json.Unmarshal(b, &n)
	b, _ = json.Marshal(&n)
	return string(b)
}

// WriteCommands writes the command definitions as JSON (for golden files
// and for registering by hand).
func (b *Bot) WriteCommands(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b.Commands())
}
