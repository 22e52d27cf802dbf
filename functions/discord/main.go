// Command discord is the Lambda function for Discord's HTTP interactions
// (POST /discord/interactions): slash commands answered in-process, with
// the rulebooks' prebuilt index opened during initialization and saved
// units in the DynamoDB table named by KOSTKA_UNITS_TABLE.
package main

import (
	"context"
	"os"

	"kostka/internal/wire"
	"kostka/lambdahttp"
	"kostka/rulesdata"
	"kostka/search"
	"kostka/units"
	"kostka/units/dynamostore"
)

func main() {
	logger := lambdahttp.Logger()
	rules := search.New(rulesdata.Embedded())
	if err := rules.Warm(); err != nil {
		logger.Error("opening the rules index", "error", err)
	}
	var store units.Store
	if table := os.Getenv(dynamostore.EnvTable); table != "" {
		s, err := dynamostore.Open(context.Background(), table)
		if err != nil {
			logger.Error("opening the units table", "error", err)
			os.Exit(1)
		}
		store = s
	}
	h, err := wire.Handler(logger, rules, os.Getenv, store)
	if err != nil {
		logger.Error("starting", "error", err)
		os.Exit(1)
	}
	lambdahttp.Start(h)
}
