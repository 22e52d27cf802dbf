package main

import (
	"errors"
	"flag"

	"kostka"
	"kostka/client"
	"kostka/dice"
	"kostka/l10n"
	"kostka/lookup"
)

// apiFlag adds -api URL to a subcommand: the deployed API to ask instead
// of the service in this process.
func apiFlag(fs *flag.FlagSet) *string {
	return fs.String("api", "", "base `URL` of a deployed Kostka API to ask instead of this process")
}

// service returns the client of the API at url, or, when url is empty,
// the service in this process with finder's rules (nil: none).
func service(url string, finder lookup.Finder) (kostka.Service, error) {
	if url == "" {
		return kostka.New(kostka.Config{Rules: finder}), nil
	}
	c, err := client.New(url, nil)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return c, nil
}

// refused turns the service's refusal of the input (a 4xx problem) into
// what kostka prints and exits 2 with: the field and the detail in lang.
// A dice expression's hint about web addresses is left out: on a command
// line a space is a space. Other errors are returned as they are.
func refused(err error, lang l10n.Lang) error {
	var p *kostka.Problem
	if !errors.As(err, &p) || p.Status >= 500 {
		return err
	}
	p = p.In(lang)
	detail := p.Detail
	if detail == "" {
		detail = p.Title
	}
	var syntax *dice.SyntaxError
	if errors.As(err, &syntax) && syntax.Hint != "" {
		plain := *syntax
		plain.Hint = ""
		detail = plain.Message().In(lang)
	}
	if p.Field != "" && p.Field != "expr" {
		detail = p.Field + ": " + detail
	}
	return usageError{detail}
}
