package main

import (
	"fmt"
	"io"
	"strings"
)

// Exit codes (DESIGN.md, simrun): 0 all expected, 1 a property the gate
// treats as a failure was violated (or a conformance mismatch), 2 bad usage
// or input, 3 the harness itself failed (e.g. non-determinism).
const (
	exitOK       = 0
	exitViolated = 1
	exitUsage    = 2
	exitHarness  = 3
)

// subcommand is one simrun verb.
type subcommand struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func subcommands() []subcommand {
	return []subcommand{
		{"run", "run one seed of one algorithm under a fault preset; --trace FILE, --check-determinism", runRun},
		{"replay", "replay a saved trace (checking every line comes out the same) or a seed, and tell its story", runReplay},
		{"sweep", "run a seed range of one algorithm and preset; exit 1 on a bug-class violation; --json, --shard i/n", runSweep},
		{"compare", "two algorithms (or script sets) on the same seeds and presets, side by side: results/<A>-vs-<B>.md", runCompare},
		{"bugzoo", "measure how often each known failure shows up: results/bug-zoo.md", runBugZoo},
		{"conform", "check conformance files against the simulated store, or --emit its replies", runConform},
		{"scenario", "run a datadriven scenario file and print each command's output", runScenario},
		{"explore", "exhaustively search a small configuration (--algo, --threads, --acquires, --faults); --report writes results/explore.md", runExplore},
		{"mutants", "run the catalog of mutant scripts and clients until a check catches each: results/mutants.md", runMutants},
	}
}

// run is simrun's whole behaviour, testable without a process.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" {
		return runMainJob(args, stdout, stderr)
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printUsage(stdout)
		return exitOK
	}
	for _, sc := range subcommands() {
		if sc.name == args[0] {
			return sc.run(args[1:], stdout, stderr)
		}
	}
	return usage(stderr, fmt.Sprintf("unknown subcommand %q", args[0]))
}

func usage(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "simrun: %s (run 'simrun help' for the subcommands)\n", msg)
	return exitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: simrun [--seeds LO-HI] [--workers N]   the main job: every algorithm × preset × seed range")
	fmt.Fprintln(w, "       simrun <subcommand> [flags]")
	fmt.Fprintln(w)
	var b strings.Builder
	for _, sc := range subcommands() {
		fmt.Fprintf(&b, "  %-10s %s\n", sc.name, sc.summary)
	}
	fmt.Fprint(w, b.String())
}
