package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/bot"
	"kostka/client"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/systems/catalog"
	"kostka/units"
	"kostka/wire"
)

// Environment variables of the bot commands.
const (
	envBotToken = "DISCORD_BOT_TOKEN"
	envAPIURL   = "KOSTKA_API_URL"
	envAppID    = "DISCORD_APPLICATION_ID"
)

// newBot returns the bot, answering through the API at apiURL, else at
// KOSTKA_API_URL, or, when both are empty, through the service in this
// process.
func newBot(e env, logger *slog.Logger, store units.Store, apiURL string) (*bot.Bot, func(), error) {
	cleanup := func() {}
	var svc kostka.Service
	if apiURL == "" {
		apiURL = e.getenv(envAPIURL)
	}
	if u := apiURL; u != "" {
		c, err := client.New(u, nil)
		if err != nil {
			return nil, nil, usageError{err.Error()}
		}
		svc = c
	} else {
		rules := search.New(rulesdata.Embedded())
		cleanup = func() { rules.Close() }
		svc = kostka.New(kostka.Config{Rules: rules})
	}
	b, err := bot.New(bot.Config{Service: svc, Systems: catalog.Registry(), PageURL: e.getenv(wire.EnvPageURL), Logger: logger, Units: wire.Book(store)})
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return b, cleanup, nil
}

// session opens a discordgo session with DISCORD_BOT_TOKEN.
func session(e env) (*discordgo.Session, error) {
	token := e.getenv(envBotToken)
	if token == "" {
		return nil, usageError{envBotToken + " must hold the bot's token (Discord developer portal, Bot)"}
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	return s, nil
}

// runBot runs the bot on a gateway session until ctx ends.
func runBot(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "bot")
	data := dataFlag(fs.FlagSet)
	apiURL := fs.String("api", "", "base `URL` of a deployed Kostka API to answer through; default $"+envAPIURL+", else this process")
	if err := fs.parse(args); err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(e.stderr, nil))
	s, err := session(e)
	if err != nil {
		return err
	}
	store, err := openUnits(*data)
	if err != nil {
		return err
	}
	defer store.Close()
	b, cleanup, err := newBot(e, logger, store, *apiURL)
	if err != nil {
		return err
	}
	defer cleanup()
	return b.RunGateway(ctx, s)
}

// runRegister registers the slash commands with Discord.
func runRegister(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "register")
	guild := fs.String("guild", "", "guild (server) `id`; empty registers globally")
	app := fs.String("app", "", "application `id`; default DISCORD_APPLICATION_ID, else asked of Discord")
	if err := fs.parse(args); err != nil {
		return err
	}
	s, err := session(e)
	if err != nil {
		return err
	}
	appID := *app
	if appID == "" {
		appID = e.getenv(envAppID)
	}
	if appID == "" {
		a, err := s.Application("@me")
		if err != nil {
			return fmt.Errorf("asking Discord for the application id: %w", err)
		}
		appID = a.ID
	}
	b, cleanup, err := newBot(env{getenv: func(string) string { return "" }, stderr: e.stderr}, slog.New(slog.DiscardHandler), nil, "")
	if err != nil {
		return err
	}
	defer cleanup()
	changes, err := b.Register(ctx, s, appID, *guild)
	for _, c := range changes {
		fmt.Fprintf(e.stdout, "%-9s /%s\n", c.Action, c.Name)
	}
	return err
}
