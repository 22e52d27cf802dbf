package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

// runVersion prints the module version, the commit and the Go version the
// program was built from (runtime/debug.ReadBuildInfo).
func runVersion(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "version")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageError("version takes no arguments")
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("this program carries no build information")
	}
	fmt.Fprintln(e.stdout, versionLine(info))
	return nil
}

// versionLine is "kostka VERSION [COMMIT[+dirty] TIME] GO".
func versionLine(info *debug.BuildInfo) string {
	line := "kostka " + info.Main.Version
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		line += " " + rev
		if settings["vcs.modified"] == "true" {
			line += "+dirty"
		}
		if t := settings["vcs.time"]; t != "" {
			line += " " + t
		}
	}
	return line + " " + info.GoVersion
}
