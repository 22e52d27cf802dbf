package api

import (
	"net/http"

	"kostka"
)

// discordOrNotFound is h, or, when the process serves no Discord
// interactions, a handler that says so with a 404.
func discordOrNotFound(h http.Handler) http.Handler {
	if h != nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, kostka.StatusProblem(http.StatusNotFound).Localized(msgNoDiscord.New()))
	})
}
