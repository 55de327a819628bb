package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// runMainJob is `simrun` with no subcommand: every algorithm × every preset
// × a seed range on the embedded store; a table of which properties hold;
// one reproducing command per unexpected violation. Interrupted, it
// prints the table of the runs it finished.
func runMainJob(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simrun", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 20)
	noConfirm := fs.Bool("no-confirm", false, "do not confirm each cell's first by-design excuse by counterfactual runs")
	out := fs.String("out", "", "also write the report to `FILE` (not when interrupted)")
	algosFlag := fs.String("algos", "", "`LIST` of algorithms (comma-separated, or all; default: all but "+strings.Join(spinningNames(), ", ")+", whose waiters busy-loop under faults)")
	coverageOut := fs.String("coverage", "", "write the statement coverage of the Redisson scripts by the fault-free runs to `FILE` (markdown)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usage(stderr, fmt.Sprintf("unknown subcommand %q", fs.Arg(0)))
	}
	for _, o := range []struct{ flag, path string }{{"out", *out}, {"coverage", *coverageOut}} {
		if o.path != "" {
			if err := checkOutput(o.flag, o.path); err != nil {
				return usage(stderr, err.Error())
			}
		}
	}
	algos, err := parseAlgos(*algosFlag)
	if err != nil {
		return usage(stderr, "--algos: "+err.Error())
	}
	var report bytes.Buffer
	w := stdout
	if *out != "" {
		w = io.MultiWriter(stdout, &report)
	}
	code, coverage := mainJob(ctx, sf, algos, !*noConfirm, w, stderr)
	if ctx.Err() != nil {
		return interrupt.ExitCode(ctx)
	}
	if code != exitOK && code != exitViolated {
		return code
	}
	if *out != "" {
		if err := atomicfile.WriteBytes(*out, report.Bytes()); err != nil {
			return writeFailed(stderr, "main job", err)
		}
	}
	if *coverageOut != "" {
		text := verdict.CoverageReport(clients.Algorithms, coverage, fmt.Sprintf("Written by `go run ./cmd/simrun --seeds %s --coverage FILE`: the runs with preset none and the coverage seeds (verdict.CoverageSeeds).", sf.seeds.String()))
		if err := atomicfile.WriteBytes(*coverageOut, []byte(text)); err != nil {
			return writeFailed(stderr, "main job", err)
		}
	}
	return code
}

// mainJob runs the main job and prints its report; it returns the exit
// code and the statement coverage of the fault-free runs.
func mainJob(ctx context.Context, sf sweepFlags, algos []string, confirm bool, stdout, stderr io.Writer) (int, map[string][]verdict.ScriptStatement) {
	seeds := sf.seeds
	res, err := gate.Run(ctx, gate.Config{Algos: algos, Lo: seeds.Lo, Hi: seeds.Hi, Confirm: confirm, Batch: sf.batch(stderr)})
	if err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness, nil
	}
	done, total := res.Done, res.Runs
	fmt.Fprintf(stdout, "simrun: %d algorithms × %d presets × seeds %s (%d runs); properties checked: %s\n",
		len(algos), len(sim.Presets), seeds.String(), total, strings.Join(verdict.Properties, ", "))
	for _, a := range clients.Algorithms {
		switch {
		case slices.Contains(algos, a):
		case clients.Spinning[a] != "":
			fmt.Fprintf(stdout, "left out: %s (%s; --algos all includes it)\n", a, clients.Spinning[a])
		default:
			fmt.Fprintf(stdout, "left out: %s (not in --algos)\n", a)
		}
	}
	if done < total {
		fmt.Fprintf(stdout, "INTERRUPTED after %d of %d runs: cells marked - were not run, the others count only the runs that finished\n", done, total)
	}
	fmt.Fprintln(stdout, "cell: ok, or B<n> = runs with a bug-class violation, D<n> = runs with only by-design ones; * = expected for this algorithm")
	for _, prop := range verdict.Properties {
		fmt.Fprintf(stdout, "\n%-16s", prop)
		for _, p := range sim.Presets {
			fmt.Fprintf(stdout, " %-10s", p)
		}
		fmt.Fprintln(stdout)
		for _, a := range algos {
			fmt.Fprintf(stdout, "%-16s", a)
			for _, p := range sim.Presets {
				fmt.Fprintf(stdout, " %-10s", cellText(res.Cell(a, p, prop)))
			}
			fmt.Fprintln(stdout)
		}
	}
	var statements map[string][]verdict.ScriptStatement
	if done == total && ctx.Err() == nil {
		var text string
		if text, statements, err = res.Coverage.Summary(); err != nil {
			fmt.Fprintf(stderr, "simrun: %v\n", err)
			return exitHarness, nil
		}
		io.WriteString(stdout, text)
	}
	if res.Excused > 0 {
		fmt.Fprintf(stdout, "\nexcuses checked by counterfactual runs (the first by-design violation of each cell, run again without each fault its excuse names): %d confirmed, %d re-judged\n", res.Confirmed, len(res.Rejudgements))
		printFindings(stdout, res.Rejudgements, true)
	}
	expected, unexpected := res.Findings(algos)
	if len(expected) > 0 {
		fmt.Fprintln(stdout, "\nexpected findings (known flaws: seed 003's simple locks; 3.8.1's unlock cancelling another thread's watchdog; 3.16.8's watchdog stopping after a failed WAIT, #3994, its re-sent acquires, #4822, and its untimed fair waits, #5503; 4.7.0's tryLock returning false after its acquire ran, and its fair grants undone after a WAIT that counted no replica), first seed each:")
		printFindings(stdout, expected, true)
	}
	if len(unexpected) > 0 {
		fmt.Fprintln(stdout, "\nUNEXPECTED bug-class violations, first seed each:")
		printFindings(stdout, unexpected, false)
		if os.Getenv("GITHUB_ACTIONS") == "true" {
			for _, f := range unexpected {
				fmt.Fprintf(stdout, "::error title=%s bug (%s, %s)::%s%%0Areproduce: %s\n", f.Property, f.Algo, f.Preset, f.Text, findingCommand(f))
			}
		}
		return exitViolated, statements
	}
	if done < total {
		fmt.Fprintln(stdout, "\nno unexpected violation in the runs that finished (interrupted)")
		return interrupt.ExitCode(ctx), nil
	}
	fmt.Fprintln(stdout, "\nno unexpected violation")
	return exitOK, statements
}

// cellText is a cell of the table: ok, B<n> (with * when every bug run is
// a known bug) and D<n>, or - when none of its runs finished.
func cellText(c *gate.Cell) string {
	if c == nil {
		return "-"
	}
	var parts []string
	if c.BugRuns > 0 {
		mark := ""
		if c.UnexpectedRuns == 0 {
			mark = "*"
		}
		parts = append(parts, fmt.Sprintf("B%d%s", c.BugRuns, mark))
	}
	if c.DesignRuns > 0 {
		parts = append(parts, fmt.Sprintf("D%d", c.DesignRuns))
	}
	if len(parts) == 0 {
		return "ok"
	}
	return strings.Join(parts, " ")
}

// findingCommand is the command that reproduces a finding's first seed.
func findingCommand(f gate.Finding) string {
	return fmt.Sprintf("go run ./cmd/simrun run --algo %s --seed %d --preset %s", f.Algo, f.Seed, f.Preset)
}

// printFindings prints each finding with its command, sorted by their
// text or in the order given.
func printFindings(w io.Writer, fs []gate.Finding, sorted bool) {
	var lines []string
	for _, f := range fs {
		lines = append(lines, fmt.Sprintf("%s %s: %s\n    %s", f.Algo, f.Preset, f.Text, findingCommand(f)))
	}
	if sorted {
		sort.Strings(lines)
	}
	for _, l := range lines {
		fmt.Fprintln(w, "  "+l)
	}
}

// spinningNames lists clients.Spinning's algorithms, in Algorithms order.
func spinningNames() []string {
	var out []string
	for _, a := range clients.Algorithms {
		if clients.Spinning[a] != "" {
			out = append(out, a)
		}
	}
	return out
}

// parseAlgos reads --algos: "" is clients.Quick(), "all" every algorithm,
// else a comma-separated list of known ones, each once.
func parseAlgos(s string) ([]string, error) {
	switch s {
	case "":
		return clients.Quick(), nil
	case "all":
		return slices.Clone(clients.Algorithms), nil
	}
	var out []string
	for _, a := range strings.Split(s, ",") {
		if err := clients.CheckAlgo(a); err != nil {
			return nil, err
		}
		if slices.Contains(out, a) {
			return nil, fmt.Errorf("%s twice", a)
		}
		out = append(out, a)
	}
	return out, nil
}
