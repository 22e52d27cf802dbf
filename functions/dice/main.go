// Command dice is the Lambda function for dice rolls, odds and game-system
// resolution. It never builds the search index.
package main

import (
	"log/slog"
	"os"

	"kostka/api"
	"kostka/lambdahttp"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	lambdahttp.Start(api.NewHandler(api.Config{Logger: logger}))
}
