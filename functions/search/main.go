// Command search is the Lambda function for rules search, suggestions and
// rule lookup. It opens the prebuilt index of the embedded rulebooks and
// loads the Polish stemmer during the function's initialization, before
// the first request. KOSTKA_RULES_DIR adds a directory of house rules
// (then the index is built at initialization instead); a directory that
// cannot be read fails the initialization.
package main

import (
	"os"

	"kostka/api"
	"kostka/internal/rulesenv"
	"kostka/lambdahttp"
	"kostka/search"
)

func main() {
	logger := lambdahttp.Logger()
	books, err := rulesenv.Rulebooks(os.Getenv)
	if err != nil {
		logger.Error("reading the rulebooks", "error", err)
		os.Exit(1)
	}
	rules := search.New(books)
	if err := rules.Warm(); err != nil {
		logger.Error("opening the rules index", "error", err)
	}
	lambdahttp.Start(api.NewHandler(api.Config{Logger: logger, Rules: rules}))
}
