// Command web is the Lambda function that serves the web page and its
// static files.
package main

import (
	"kostka/api"
	"kostka/lambdahttp"
)

func main() {
	lambdahttp.Start(api.NewHandler(api.Config{Logger: lambdahttp.Logger()}))
}
