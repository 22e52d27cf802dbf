// Command discord is the Lambda function for Discord's HTTP interactions
// (POST /discord/interactions): slash commands answered in-process, with
// the rulebooks' prebuilt index opened during initialization.
package main

import (
	"os"

	"kostka/internal/wire"
	"kostka/lambdahttp"
	"kostka/rulesdata"
	"kostka/search"
)

func main() {
	logger := lambdahttp.Logger()
	rules := search.New(rulesdata.Embedded())
	if err := rules.Warm(); err != nil {
		logger.Error("opening the rules index", "error", err)
	}
	h, err := wire.Handler(logger, rules, os.Getenv)
	if err != nil {
		logger.Error("starting", "error", err)
		os.Exit(1)
	}
	lambdahttp.Start(h)
}
