// Command dice is the Lambda function for dice rolls, odds and game-system
// resolution. It never builds the search index.
package main

import (
	"kostka/api"
	"kostka/lambdahttp"
)

func main() {
	lambdahttp.Start(api.NewHandler(api.Config{Logger: lambdahttp.Logger()}))
}
