// Package wire assembles Kostka's HTTP handler from its parts (the API,
// rules search, the Discord bot) as the environment asks, for the local
// server and the Lambda functions that serve more than the API.
package wire

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"kostka"
	"kostka/api"
	"kostka/bot"
	"kostka/lookup"
	"kostka/systems/catalog"
	"kostka/units"
)

// Book returns the units book on store with every system's validation and
// the default limits, or nil when store is nil (a nil interface, so that
// the bot sees no units kept).
func Book(store units.Store) units.Service {
	if store == nil {
		return nil
	}
	return units.NewBook(store, units.SchemaValidator(catalog.Registry()), units.DefaultLimits)
}

// Environment variables the handler reads.
const (
	EnvDiscordPublicKey = "DISCORD_PUBLIC_KEY" // serve Discord interactions, verified with this key (hex)
	EnvPageURL          = "KOSTKA_PAGE_URL"    // the web page's base URL, for links in bot replies
	EnvDiscordAPI       = "KOSTKA_DISCORD_API" // Discord's REST API base URL for deferred answers (tests); default the real one
	EnvDeferAfter       = "KOSTKA_DEFER_AFTER" // how long to wait before deferring an answer, such as 1s (tests); default 1s
)

// Handler returns the API with rules from finder (nil: none) and, when
// DISCORD_PUBLIC_KEY is set, Discord interactions at POST
// /discord/interactions, keeping saved units in store (nil: none). A
// malformed key is an error here, at start-up.
func Handler(logger *slog.Logger, finder lookup.Finder, getenv func(string) string, store units.Store) (http.Handler, error) {
	cfg := api.Config{Logger: logger, Rules: finder}
	key := getenv(EnvDiscordPublicKey)
	if key == "" {
		return api.NewHandler(cfg), nil
	}
	pub, err := bot.ParsePublicKey(key)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", EnvDiscordPublicKey, err)
	}
	var deferAfter time.Duration
	if s := getenv(EnvDeferAfter); s != "" {
		if deferAfter, err = time.ParseDuration(s); err != nil || deferAfter <= 0 {
			return nil, fmt.Errorf("%s: %q is not a positive duration such as 1s", EnvDeferAfter, s)
		}
	}
	b, err := bot.New(bot.Config{
		Service:    kostka.New(kostka.Config{Rules: finder}),
		Systems:    catalog.Registry(),
		PageURL:    getenv(EnvPageURL),
		Logger:     logger,
		DiscordAPI: getenv(EnvDiscordAPI),
		DeferAfter: deferAfter,
		Units:      Book(store),
	})
	if err != nil {
		return nil, err
	}
	cfg.Discord = b.Handler(pub, time.Now)
	return api.NewHandler(cfg), nil
}
