// Command web is the Lambda function that serves the web page and its
// static files (web.Handler). It links neither the API nor the game
// systems, so its cold start pays for the page alone.
package main

import (
	"kostka/lambdahttp"
	"kostka/web"
)

func main() {
	lambdahttp.Start(web.Handler(lambdahttp.Logger()))
}
