package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"

	"golang.org/x/sys/unix"
)

// choosePinning puts the server on the last processor this process may run
// on and the load on the others, when there are at least two and taskset
// (which starts the server on its processor) is installed.
func choosePinning() pinning {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return pinning{why: fmt.Sprintf("the processors this process may use are unknown (%v)", err)}
	}
	var cpus []int
	for c := range 1024 { // CPUSet's size
		if set.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	if len(cpus) < 2 {
		return pinning{why: fmt.Sprintf("this process may use %d processor", len(cpus))}
	}
	if _, err := exec.LookPath("taskset"); err != nil {
		return pinning{why: "taskset is not installed (util-linux)"}
	}
	return pinning{on: true, server: cpus[len(cpus)-1], load: cpus[:len(cpus)-1]}
}

// pinSelf keeps every thread of this process, and those it starts later
// (which inherit the affinity of the thread that starts them), on cpus.
func pinSelf(cpus []int) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := unix.SchedSetaffinity(tid, &set); err != nil {
			return fmt.Errorf("pinning thread %d: %w", tid, err)
		}
	}
	runtime.GOMAXPROCS(len(cpus))
	return nil
}
