// Command search is the Lambda function for rules search, suggestions and
// rule lookup. It opens the prebuilt index of the embedded rulebooks and
// loads the Polish stemmer during the function's initialization, before
// the first request.
package main

import (
	"kostka/api"
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
	lambdahttp.Start(api.NewHandler(api.Config{Logger: logger, Rules: rules}))
}
