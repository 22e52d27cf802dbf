// Command kostka runs the Kostka API locally and resolves dice from the
// command line.
//
//	kostka serve [-addr 127.0.0.1:8080]   run the API on this machine
//	kostka roll EXPR                      roll a dice expression
//	kostka search QUERY                   search the rulebooks
//	kostka systems [SYSTEM]               list the game systems and their fields
//	kostka compare SYSTEM FILE.json       rank attackers against targets
//	kostka version                        print the version
//
// Run "kostka -h" for every subcommand, and "kostka CMD -h" for its flags.
// Flags may come before or after the arguments ("--" ends the flags);
// -json prints an answer as the API sends it. The exit status is 0 on
// success, 1 for a failure at run time, 2 for a mistake in the command or
// its input.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"kostka"
	"kostka/systems/catalog"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "kostka:", err)
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

// command is one subcommand. Its entry here is its only usage text:
// "kostka -h" and "kostka NAME -h" both print it.
type command struct {
	name    string
	args    string // the arguments after the name
	summary string // one line, for "kostka -h"
	details string // more, for "kostka NAME -h"
	run     func(ctx context.Context, e env, args []string) error
}

// actionCommands are the game-system actions that have a subcommand of
// their own (actionCommand); the others are only in the API.
var actionCommands = []string{"test", "attack"}

// commands lists every subcommand, in the order help shows them.
func commands() []command {
	systemIDs := strings.Join(catalog.Registry().IDs(), ", ")
	action := func(name string) command {
		return command{name, "[-odds] [-json] [-lang LANG] [-api URL] SYSTEM key=value…", "resolve a game system's " + name + ", with its exact odds",
			"Resolves a " + name + " of a game system and prints every step and the exact odds.\n" +
				"Systems: " + systemIDs + ".\n" +
				"The keys are the request's fields, listed by \"kostka systems SYSTEM\"; dotted keys\n" +
				"(opponent.dice=2) make nested objects, and a list field takes values separated by commas.",
			actionCommand(name)}
	}
	return []command{
		{"serve", "[-addr HOST:PORT] [-rules DIR [-rules-only]] [-data DIR]", "run the API (and the page) on this machine",
			"Runs the whole Kostka API on this machine, on the embedded rulebooks, with the rulebooks and house rules in -rules DIR added (or only those, with -rules-only).\n" +
				"With DISCORD_PUBLIC_KEY set it also answers Discord interactions, keeping saved units in -data DIR.\n" +
				"Stops cleanly on SIGINT or SIGTERM.", runServe},
		{"search", "[-system ID] [-limit N] [-json] [-rules DIR [-rules-only] | -api URL] QUERY", "search the rulebooks and print the best sections",
			"Searches the rulebooks and prints the best sections, with their ids (for GET /v1/rules/{id}).", runSearch},
		{"roll", "[-json] [-seed N] [-api URL] EXPR", "roll a dice expression, such as 2d6+1 or 3k6",
			"Rolls a dice expression, such as 2d6+1 or 3k6, and prints every die.", runRoll},
		{"odds", "[-json] [-api URL] EXPR", "print the exact odds of every total, as a histogram",
			"Prints the exact odds of every total of a dice expression, as a histogram.", runOdds},
		action(actionCommands[0]),
		action(actionCommands[1]),
		{"systems", "[-json] [SYSTEM]", "list the game systems, or one system's actions and their fields",
			"Without SYSTEM, lists the game systems. With it, lists each of its actions and their fields:\n" +
				"the values each takes, its default, and what it means. Systems: " + systemIDs + ".", runSystems},
		{"cost", "[-json] [-lang LANG] [-api URL] FILE.json", "cost a quality-d6 unit by the rulebook's formula",
			"Costs a quality-d6 unit by the rulebook's formula and prints a line per factor.\n" +
				"FILE is a JSON unit as POST /v1/systems/quality-d6/cost takes it (examples/unit.json);\n" +
				"- reads standard input.", runCost},
		{"compare", "[-json] [-lang LANG] [-action NAME] [-api URL] SYSTEM FILE.json", "rank 2 to 4 attackers against 1 to 3 targets, with exact odds",
			"Resolves every attacker against every target by the system's attack and prints, per target,\n" +
				"the attackers ranked by the chance of wiping it out, then by models killed per 100 points.\n" +
				"FILE is a JSON comparison as POST /v1/systems/{id}/compare takes it (examples/compare.json);\n" +
				"- reads standard input. A quality-d6 attacker with weapons is a unit card, as the cost reads it:\n" +
				"each weapon's attacks are each model's, fired times its models and priced by the cost formula;\n" +
				"flat attacks without weapons are the attack's total. Systems: " + systemIDs + ".", runCompare},
		{"bot", "[-data DIR] [-api URL]", "run the Discord bot on a gateway session (DISCORD_BOT_TOKEN)",
			"Runs the Discord bot on a gateway session (DISCORD_BOT_TOKEN), answering through the API at\n" +
				"-api URL (default KOSTKA_API_URL), or in this process when neither is set. Saved units are kept in -data DIR.\n" +
				"Stops cleanly on SIGINT or SIGTERM.", runBot},
		{"register", "[-guild ID] [-app ID]", "register the Discord slash commands",
			"Registers Kostka's slash commands (DISCORD_BOT_TOKEN): in one guild, where they appear at once,\n" +
				"or globally. Prints what changed.", runRegister},
		{"version", "", "print the version of this program",
			"Prints the module version, the commit and the Go version this program was built from.", runVersion},
		{"help", "[COMMAND]", "print this help, or a command's",
			"Prints the list of commands, or one command's usage and flags.", runHelp},
	}
}

// findCommand returns the subcommand called name.
func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// commandNames returns every subcommand's name.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// usageError is a mistake in how kostka was called or in its input (a
// field out of range, an expression that does not parse); it exits with
// status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// exitCode is the exit status for an error run returned: 2 for a usage
// error or input the service refused (a 4xx problem), 1 for any other
// failure.
func exitCode(err error) int {
	var (
		u usageError
		p *kostka.Problem
	)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &u):
		return 2
	case errors.As(err, &p) && p.Status >= 400 && p.Status < 500:
		return 2
	}
	return 1
}

// run is the whole program, with its inputs and outputs passed in. Help
// asked for ("-h") is not an error: run prints it to stdout and returns nil.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := env{getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) < 2 {
		printUsage(stderr)
		return usageError{"no subcommand given"}
	}
	name := args[1]
	if name == "-h" || name == "-help" || name == "--help" {
		name = "help"
	}
	c, ok := findCommand(name)
	if !ok {
		printUsage(stderr)
		return usageError{fmt.Sprintf("unknown subcommand %q", name) + didYouMean(name, commandNames())}
	}
	if err := c.run(ctx, e, args[2:]); !errors.Is(err, flag.ErrHelp) {
		return err
	}
	return nil
}

// runHelp prints the list of commands, or one command's usage.
func runHelp(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "help")
	if err := fs.parse(args); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		printUsage(e.stdout)
		return nil
	case 1:
		c, ok := findCommand(fs.Arg(0))
		if !ok {
			return fs.usageError(fmt.Sprintf("unknown subcommand %q", fs.Arg(0)) + didYouMean(fs.Arg(0), commandNames()))
		}
		return c.run(ctx, e, []string{"-h"}) // prints its usage and flags
	}
	return fs.usageError("help takes at most one command")
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "Kostka: dice, game-system resolution and rules search for tabletop wargames.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %s\n        %s\n", strings.TrimSpace("kostka "+c.name+" "+c.args), c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "kostka COMMAND -h" for a command's flags.`)
}

// flagSet is a subcommand's flags, with the usage text of its entry in
// commands().
type flagSet struct {
	*flag.FlagSet
	e   env
	cmd command
}

// newFlagSet returns the flag set of the subcommand called name. It
// prints nothing itself: parse and usageError do.
func newFlagSet(e env, name string) *flagSet {
	c, ok := findCommand(name)
	if !ok {
		panic("kostka: no subcommand " + name)
	}
	fs := flag.NewFlagSet("kostka "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, e: e, cmd: c}
}

// parse parses the flags in args. "-h" prints the usage to stdout and
// returns flag.ErrHelp (run returns nil for it: exit status 0); a bad flag
// prints the usage to stderr and returns a usageError (exit status 2).
func (fs *flagSet) parse(args []string) error {
	err := fs.Parse(flagsFirst(fs.FlagSet, args))
	if err == nil {
		return nil
	}
	if errors.Is(err, flag.ErrHelp) {
		fs.printUsage(fs.e.stdout)
		return err
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if best, ok := closest(strings.TrimLeft(name, "-"), names); ok {
			msg += fmt.Sprintf("; did you mean -%s?", best)
		}
	}
	return fs.usageError(msg)
}

// flagsFirst moves the flags in args before the arguments, so that a flag
// is a flag wherever it is written ("kostka roll 2d6 -json"), as the flag
// package parses them: a flag's value follows it unless the flag is a
// boolean or written -name=value. "--" ends the flags; an argument that
// starts with "-" and a digit ("-1+2d6") is an argument.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // Parse reports it
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return append(append(flags, "--"), rest...)
}

// usageError prints the usage to stderr and returns a usageError.
func (fs *flagSet) usageError(msg string) error {
	fs.printUsage(fs.e.stderr)
	return usageError{msg}
}

// printUsage writes the command's usage line, details and flags.
func (fs *flagSet) printUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: %s\n\n%s\n", strings.TrimSpace("kostka "+fs.cmd.name+" "+fs.cmd.args), fs.cmd.details)
	flags := false
	fs.VisitAll(func(*flag.Flag) { flags = true })
	if flags {
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}
