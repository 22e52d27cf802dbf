// Command kostka runs the Kostka API locally and resolves dice from the
// command line.
//
//	kostka serve [-addr 127.0.0.1:8080]   run the API on this machine
//	kostka roll EXPR                      roll a dice expression
//	kostka search QUERY                   search the rulebooks
//
// Run "kostka -h" for every subcommand, and "kostka CMD -h" for its flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "kostka:", err)
		}
		os.Exit(exitCode(err))
	}
}

// env is what a subcommand may use of the world outside it.
type env struct {
	getenv func(string) string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one subcommand.
type command struct {
	name    string
	usage   string // arguments, after the name
	summary string
	run     func(ctx context.Context, e env, args []string) error
}

// commands lists every subcommand, in the order help shows them.
func commands() []command {
	return []command{
		{"serve", "[-addr H:P] [-rules DIR]", "run the API (and the page) on this machine", runServe},
		{"search", "[-system ID] QUERY", "search the rulebooks and print the best sections", runSearch},
		{"roll", "EXPR", "roll a dice expression, such as 2d6+1 or 3k6", runRoll},
		{"odds", "EXPR", "print the exact odds of every total, as a histogram", runOdds},
		{"test", "[-odds] SYSTEM k=v…", "roll a game system's test, with its exact odds", actionCommand("test")},
		{"attack", "[-odds] SYSTEM k=v…", "resolve a game system's attack, with its exact odds", actionCommand("attack")},
		{"cost", "[-json] FILE.json", "cost a quality-d6 unit by the rulebook's formula", runCost},
		{"bot", "", "run the Discord bot on a gateway session (DISCORD_BOT_TOKEN)", runBot},
		{"register", "[-guild ID]", "register the Discord slash commands", runRegister},
	}
}

// usageError is a mistake in how kostka was called; it exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func exitCode(err error) int {
	var u usageError
	if errors.As(err, &u) || errors.Is(err, flag.ErrHelp) {
		return 2
	}
	return 1
}

// run is the whole program, with its inputs and outputs passed in.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := env{getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) < 2 {
		printUsage(stderr)
		return usageError{"no subcommand given"}
	}
	name := args[1]
	if name == "-h" || name == "-help" || name == "--help" || name == "help" {
		printUsage(stdout)
		return nil
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, e, args[2:])
		}
	}
	printUsage(stderr)
	return usageError{fmt.Sprintf("unknown subcommand %q", name)}
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "Kostka: dice, game-system resolution and rules search for tabletop wargames.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  kostka %-8s %-24s %s\n", c.name, c.usage, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "kostka COMMAND -h" for a command's flags.`)
}

// newFlagSet returns a flag set for a subcommand that prints its usage to
// e.stderr and returns errors instead of exiting.
func newFlagSet(e env, name, usage, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet("kostka "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: kostka %s %s\n\n%s\n", name, usage, summary)
		fs.PrintDefaults()
	}
	return fs
}
