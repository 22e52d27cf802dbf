package main

import (
	"fmt"
	"strconv"
	"strings"
)

// pinning is where the server and the load run: on processors of their
// own when they can (on), so that the load's work does not take the
// server's processor and the server's rate is its processor's alone.
type pinning struct {
	on     bool
	server int    // the server's processor
	load   []int  // the load's processors
	why    string // why not, when not on
}

func (p pinning) String() string {
	if !p.on {
		return "server and load share every processor: " + p.why
	}
	load := make([]string, len(p.load))
	for i, c := range p.load {
		load[i] = strconv.Itoa(c)
	}
	return fmt.Sprintf("server on processor %d (taskset), load on %s", p.server, strings.Join(load, ","))
}

// command returns the command line that starts the server: under taskset
// on its processor when pinned.
func (p pinning) command(bin string, args ...string) []string {
	if !p.on {
		return append([]string{bin}, args...)
	}
	return append([]string{"taskset", "-c", strconv.Itoa(p.server), bin}, args...)
}
