package api

import (
	"log/slog"
	"net/http"

	"kostka"
	"kostka/l10n"
)

// requestLang is the language a problem is answered in: the request's lang
// parameter or Accept-Language, else English. When lang itself is what is
// wrong, Accept-Language still chooses.
func requestLang(r *http.Request) l10n.Lang {
	if r == nil {
		return l10n.English
	}
	lang, err := l10n.Negotiate(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
	if err != nil {
		lang, _ = l10n.Negotiate("", r.Header.Get("Accept-Language"))
	}
	return lang
}

// answerLang is the language of a localized answer: the request's lang
// parameter, else Accept-Language, else English. It marks the answer as
// varying with Accept-Language and sets Content-Language; a lang that is
// not pl, cs or en is answered with its problem here, and ok is false.
func answerLang(w http.ResponseWriter, r *http.Request, logger *slog.Logger) (lang l10n.Lang, ok bool) {
	w.Header().Add("Vary", "Accept-Language")
	lang, err := l10n.Negotiate(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
	if err != nil {
		writeError(w, r, logger, kostka.LangProblem(r.URL.Query().Get("lang")))
		return "", false
	}
	w.Header().Set("Content-Language", string(lang))
	return lang, true
}

// Details of the problems of a request's body and parameters, and of a
// 503: why the work could not run or was cut short.
var (
	msgBodySingle = l10n.Define("api.error.body-single", l10n.Texts{
		En: "the request body must hold a single JSON object",
		Pl: "treść zapytania musi zawierać jeden obiekt JSON",
		Cs: "tělo požadavku musí obsahovat jediný objekt JSON",
	})
	msgBodyUnread = l10n.Define("api.error.body-unread", l10n.Texts{
		En: "the request body could not be read to its end",
		Pl: "nie udało się odczytać treści zapytania do końca",
		Cs: "tělo požadavku se nepodařilo přečíst až do konce",
	})
	msgBodySlow = l10n.Define("api.error.body-slow", l10n.Texts{
		En: "the request body arrived too slowly; send it whole in one go",
		Pl: "treść zapytania nadchodziła zbyt wolno; wyślij ją całą naraz",
		Cs: "tělo požadavku přicházelo příliš pomalu; pošlete ho celé najednou",
	})
	msgBodyTooLarge = l10n.Define("api.error.body-too-large", l10n.Texts{
		En: "the request body must not exceed {size} KiB",
		Pl: "treść zapytania nie może przekraczać {size} KiB",
		Cs: "tělo požadavku nesmí přesáhnout {size} KiB",
	})
	msgMediaType = l10n.Define("api.error.media-type", l10n.Texts{
		En: "send the request body as application/json",
		Pl: "wyślij treść zapytania jako application/json",
		Cs: "pošlete tělo požadavku jako application/json",
	})
	msgSeed = l10n.Define("api.error.seed", l10n.Texts{
		En: "seed must be a whole number from 0 to 18446744073709551615",
		Pl: "seed musi być liczbą całkowitą od 0 do 18446744073709551615",
		Cs: "seed musí být celé číslo od 0 do 18446744073709551615",
	})
	msgNoRoute = l10n.Define("api.error.no-route", l10n.Texts{
		En: "no such route: {path}",
		Pl: "nie ma takiej ścieżki: {path}",
		Cs: "taková cesta neexistuje: {path}",
	})
	msgMethod = l10n.Define("api.error.method", l10n.Texts{
		En: "{method} is not allowed here; use {allow}",
		Pl: "metoda {method} nie jest tu dozwolona; użyj {allow}",
		Cs: "metoda {method} zde není povolena; použijte {allow}",
	})
	msgNoDiscord = l10n.Define("api.error.no-discord", l10n.Texts{
		En: "Discord interactions are not served here; set DISCORD_PUBLIC_KEY to serve them",
		Pl: "interakcje Discorda nie są tu obsługiwane; ustaw DISCORD_PUBLIC_KEY, by je obsługiwać",
		Cs: "interakce Discordu zde nejsou obsluhovány; pro jejich obsluhu nastavte DISCORD_PUBLIC_KEY",
	})
	msgBusy = l10n.Define("api.error.busy", l10n.Texts{
		En: "the server is busy with other expensive requests; retry in {seconds} s",
		Pl: "serwer jest zajęty innymi kosztownymi zapytaniami; ponów za {seconds} s",
		Cs: "server je zaneprázdněn jinými náročnými požadavky; zkuste to znovu za {seconds} s",
	})
	msgShuttingDown = l10n.Define("api.error.shutting-down", l10n.Texts{
		En: "the server is shutting down; retry in {seconds} s (on another instance)",
		Pl: "serwer się wyłącza; ponów za {seconds} s (na innej instancji)",
		Cs: "server se vypíná; zkuste to znovu za {seconds} s (na jiné instanci)",
	})
	msgOutOfTime = l10n.Define("api.error.out-of-time", l10n.Texts{
		En: "the request ran out of time",
		Pl: "zapytaniu skończył się czas",
		Cs: "požadavku vypršel čas",
	})
	msgCancelled = l10n.Define("api.error.cancelled", l10n.Texts{
		En: "the request was cancelled",
		Pl: "zapytanie zostało anulowane",
		Cs: "požadavek byl zrušen",
	})
)
