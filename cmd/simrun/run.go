package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
)

// Exit codes (DESIGN.md, simrun): 0 all expected, 1 a property the gate
// treats as a failure was violated (or a conformance or scenario
// mismatch), 2 bad usage or input, 3 the harness itself failed (e.g.
// non-determinism) or an output could not be written; 130 and 143 when
// SIGINT or SIGTERM stopped it.
const (
	exitOK       = 0
	exitViolated = 1
	exitUsage    = 2
	exitHarness  = 3
	exitWrite    = 3
)

// subcommand is one simrun verb.
type subcommand struct {
	name     string
	synopsis string // the arguments, for the usage line
	summary  string
	run      func(ctx context.Context, args []string, stdout, stderr io.Writer) int
	// streams marks a command that stops on its own when ctx is
	// cancelled, after printing what is complete; any other is cut off at
	// the signal.
	streams bool
}

func subcommands() []subcommand {
	return []subcommand{
		{"run", "--algo NAME [--seed N] [--preset P] [flags]", "run one seed of one algorithm under a fault preset and tell each violation as a story; --trace FILE, --check-determinism", runRun, false},
		{"replay", "TRACE | --algo NAME [flags]", "replay a saved trace, checking every line comes out the same, or a seed (as run), and tell its story", runReplay, false},
		{"sweep", "--algo NAME [--preset P] [--seeds LO-HI] [flags]", "run a seed range of one algorithm and preset, printing each run's violations in seed order as it finishes; exit 1 on a bug-class violation; --json, --shard i/n", runSweep, true},
		{"compare", "A B [--seeds LO-HI] [--presets p,q] [flags]", "two algorithms (or script sets) on the same seeds and presets, side by side: <out>/<A>-vs-<B>.md and .svg", runCompare, false},
		{"bugzoo", "[--seeds LO-HI] [--out FILE]", "measure how often each known failure shows up: results/bug-zoo.md", runBugZoo, false},
		{"expect", "[--job FILE] [--workers N]", "search for each finding the job expects ([[expect]]) within its seeds; exit 1 when one is not seen", runExpect, false},
		{"conform", "[--scripts DIR] FILE... | --emit FILE [--out PATH]", "check conformance files against the simulated store, or --emit its replies", runConform, false},
		{"scenario", "[--rewrite] FILE...", "run datadriven scenario files and check each command's output against the file's; --rewrite updates the file", runScenario, false},
		{"explore", "--algo NAME [--threads N] [--acquires K] [--faults KIND:N,...] | --report", "exhaustively search a small configuration; --report writes results/explore.md", runExplore, false},
		{"versions", "[--out FILE]", "ask every known Redisson finding of 3.8.1, 3.16.8 and 4.7.0 (random runs and exhaustive search): results/redisson-versions.md", runVersions, false},
		{"settings", "--algo NAME [--envelope SPEC] [--knobs LIST] [--seeds LO-HI] [flags] | --merge FILE... | --report", "map which Redisson settings keep the lock safe and live under a fault envelope, at what cost: <out>/settings-<algo>-<envelope>.md, .svg, .json; --world SETTING=VALUE:SEED tells one world", runSettings, false},
		{"mutants", "[--seeds LO-HI] [--only a,b] [--out FILE]", "judge every mutant of the catalogue as a change, as simrun --mutant does: results/mutants.md", runMutants, false},
		{"merge", "[--json FILE] [--junit FILE] [--out FILE] FILE...", "join the shards of a main job (their --json files) or of a sweep (its --json outputs) into what the unsharded run gives", runMerge, false},
	}
}

func lookup(name string) (subcommand, bool) {
	for _, sc := range subcommands() {
		if sc.name == name {
			return sc, true
		}
	}
	return subcommand{}, false
}

// simrun is the command's whole behaviour for a process that is not interrupted,
// testable without a process.
func simrun(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext runs simrun until it ends or ctx is cancelled by a signal.
// Whatever goes to stderr shows the arguments quoted where they could
// mislead or run long (guardEcho).
// Interrupted, it returns 128 + the signal's number once the command has
// printed what is complete (a streaming command) or at once (any other).
// A failed write to stdout is exit 3, like any failed write, told on one
// line.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	stderr = guardEcho(stderr, args)
	out := &checkedWriter{w: stdout}
	code := dispatch(ctx, args, out, stderr)
	if s := interrupt.Signal(ctx); s != nil {
		fmt.Fprintf(stderr, "simrun: interrupted by %v\n", s)
		return interrupt.ExitCode(ctx)
	}
	// A command that failed (exit 2 or 3) has told why on its line; a
	// failed write to stdout is told only when nothing else was.
	if err := out.Err(); err != nil && (code == exitOK || code == exitViolated) {
		fmt.Fprintf(stderr, "simrun: write to standard output: %v\n", err)
		return exitWrite
	}
	return code
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	// A panic is a bug of simrun's, never the user's input: one line and
	// exit 3 rather than a stack dump.
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "simrun: internal error (a bug in simrun; please report it with the command line): %s\n", oneLine(fmt.Sprint(p)))
			code = exitHarness
		}
	}()
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelp(args[0]) {
		return runMainJob(ctx, args, stdout, stderr)
	}
	if isHelp(args[0]) || args[0] == "help" {
		if len(args) < 2 {
			printUsage(stdout)
			return exitOK
		}
		if len(args) > 2 {
			return usage(stderr, "help takes one subcommand")
		}
		if args[1] == "simrun" {
			return runMainJob(ctx, []string{"--help"}, stdout, stderr)
		}
		sc, ok := lookup(args[1])
		if !ok {
			return usage(stderr, fmt.Sprintf("help: unknown subcommand %s", flagx.Quote(args[1])))
		}
		return sc.run(ctx, []string{"--help"}, stdout, stderr)
	}
	sc, ok := lookup(args[0])
	if !ok {
		return usage(stderr, fmt.Sprintf("unknown subcommand %s", flagx.Quote(args[0])))
	}
	if sc.streams {
		return sc.run(ctx, args[1:], stdout, stderr)
	}
	code, ok = interrupt.Run(ctx, func() int { return sc.run(ctx, args[1:], stdout, stderr) })
	if !ok {
		return interrupt.ExitCode(ctx)
	}
	return code
}

func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// usage reports bad usage or input on one line: exit 2. msg starts with
// the subcommand's name when there is one.
func usage(stderr io.Writer, msg string) int {
	hint := "'simrun help' lists the subcommands"
	if name, _, ok := strings.Cut(msg, ":"); ok {
		if _, known := lookup(strings.Fields(name + " x")[0]); known {
			hint = "'simrun help " + strings.Fields(name)[0] + "' lists its flags"
		}
	}
	fmt.Fprintf(stderr, "simrun: %s (%s)\n", msg, hint)
	return exitUsage
}

func printUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: simrun [--seeds LO-HI] [--workers N]   the main job: every algorithm × preset × seed range\n")
	b.WriteString("       simrun <subcommand> [flags]\n")
	b.WriteString("       simrun help <subcommand>             the subcommand's flags and their defaults\n")
	b.WriteString("       simrun help simrun                   the main job's (--algos, --out, --coverage, --no-confirm, ...)\n\n")
	for _, sc := range subcommands() {
		fmt.Fprintf(&b, "  %-10s %s\n", sc.name, sc.summary)
	}
	b.WriteString("\nexit codes: 0 as expected, 1 a violation or mismatch, 2 bad usage or input,\n" +
		"3 the harness failed or an output could not be written, 130/143 interrupted (SIGINT/SIGTERM)\n")
	io.WriteString(w, b.String())
}

// parseFlags parses args into fs (flagx.Parse: a flag given twice is an
// error). -h, -help or --help prints the command's help on stdout (ok
// false, exit 0); a bad flag is one line on stderr (exit 2).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	if err := flagx.Parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printHelp(fs, stdout)
			return exitOK, false
		}
		msg := err.Error()
		if fs.Name() != "simrun" {
			msg = fs.Name() + ": " + msg
		}
		return usage(stderr, msg), false
	}
	return exitOK, true
}

// printHelp prints a command's usage line, summary and flags with their
// defaults.
func printHelp(fs *flag.FlagSet, w io.Writer) {
	var b strings.Builder
	if sc, ok := lookup(fs.Name()); ok {
		fmt.Fprintf(&b, "usage: simrun %s %s\n\n%s\n\nflags:\n", sc.name, sc.synopsis, sc.summary)
	} else {
		b.WriteString("usage: simrun [flags]\n\nthe main job: every algorithm × every fault preset × a seed range; 'simrun help' lists the subcommands\n\nflags:\n")
	}
	flagx.PrintDefaults(&b, fs)
	io.WriteString(w, b.String())
}

// checkOutput checks, before the work starts, that an output path can be
// written; the error names the flag.
func checkOutput(flagName, path string) error {
	if err := atomicfile.Check(path); err != nil {
		return fmt.Errorf("--%s: %v", flagName, err)
	}
	return nil
}

// checkOutputs checks that no two of the outputs (flag name, path; "":
// not written) are written to the same place: the second would replace
// the first.
func checkOutputs(outs ...[2]string) error {
	for i, a := range outs {
		for _, b := range outs[i+1:] {
			if a[1] != "" && b[1] != "" && atomicfile.Same(a[1], b[1]) {
				names := a[1]
				if b[1] != a[1] {
					names += " and " + b[1]
				}
				return fmt.Errorf("--%s and --%s name the same file (%s): the second would replace the first", a[0], b[0], names)
			}
		}
	}
	return nil
}

// writeFailed reports an output that could not be written: exit 3.
// runFailed reports a run that could not go on: bad input (exit 2) when a
// user's script ran into one of the simulation's limits (a script that
// never ends, or builds what no Redis could hold), else the harness's
// failure (exit 3).
func runFailed(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "simrun %s: %v\n", cmd, err)
	if isScriptLimit(err) {
		return exitUsage
	}
	return exitHarness
}

func isScriptLimit(err error) bool {
	var sl *sim.ScriptLimitError
	var rl *sim.RunLimitError // a run too large for memory: the user's configuration
	return errors.As(err, &sl) || errors.As(err, &rl)
}

func writeFailed(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "simrun %s: %v\n", cmd, err)
	return exitWrite
}

// checkedWriter remembers the first error writing to w; later writes are
// dropped.
type checkedWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// Err is the first write error, if any.
func (c *checkedWriter) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}
