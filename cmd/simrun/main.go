// Command simrun runs the lock-checking harness: the main job, single runs,
// sweeps, replays, comparisons, scenarios and conformance checks. See run
// for the subcommands; main only wires the process to it.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
