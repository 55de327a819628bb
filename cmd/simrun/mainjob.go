package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/gate"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
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
	confirmAll := fs.Bool("confirm-all", false, "confirm every by-design excuse of every run by counterfactual runs, not only each cell's first (about 3 times the job's time)")
	out := fs.String("out", "", "also write the report to `FILE` (not when interrupted)")
	algosFlag := fs.String("algos", "", "`LIST` of algorithms (comma-separated, or all, the default; "+strings.Join(clients.SpinningNames(), ", ")+" runs with a shorter fair wait, its waiters busy-loop under faults)")
	coverageOut := fs.String("coverage", "", "write the statement coverage of the Redisson scripts by the fault-free runs to `FILE` (markdown)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		if _, ok := lookup(fs.Arg(0)); ok {
			return usage(stderr, fmt.Sprintf("%s is a subcommand: it comes first, before its flags (simrun %s [flags])", flagx.Quote(fs.Arg(0)), fs.Arg(0)))
		}
		return usage(stderr, fmt.Sprintf("unknown subcommand %s", flagx.Quote(fs.Arg(0))))
	}
	if *noConfirm && *confirmAll {
		return usage(stderr, "--no-confirm and --confirm-all contradict each other")
	}
	for _, o := range []struct{ flag, path string }{{"out", *out}, {"coverage", *coverageOut}} {
		if o.path != "" {
			if err := checkOutput(o.flag, o.path); err != nil {
				return usage(stderr, err.Error())
			}
		}
	}
	if err := checkOutputs([2]string{"out", *out}, [2]string{"coverage", *coverageOut}); err != nil {
		return usage(stderr, err.Error())
	}
	if flagx.Visited(fs)["algos"] && *algosFlag == "" {
		// ParseAlgos takes "" for all (the default); given, it is a list
		// that names none, refused as --presets "" is.
		return usage(stderr, "--algos: "+clients.CheckAlgo("").Error())
	}
	algos, err := clients.ParseAlgos(*algosFlag)
	if err != nil {
		return usage(stderr, "--algos: "+err.Error())
	}
	var report bytes.Buffer
	w := stdout
	if *out != "" {
		w = io.MultiWriter(stdout, &report)
	}
	code, coverage := mainJob(ctx, sf, algos, gate.Config{Confirm: !*noConfirm, ConfirmAll: *confirmAll}, w, stderr)
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
// confirm says how excuses are confirmed (its Confirm and ConfirmAll).
func mainJob(ctx context.Context, sf sweepFlags, algos []string, confirm gate.Config, stdout, stderr io.Writer) (int, map[string][]verdict.ScriptStatement) {
	seeds := sf.seeds
	res, err := gate.Run(ctx, gate.Config{Algos: algos, Lo: seeds.Lo, Hi: seeds.Hi, Confirm: confirm.Confirm, ConfirmAll: confirm.ConfirmAll, Batch: sf.batch(stderr)})
	if err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness, nil
	}
	statements, err := res.Render(stdout, gate.View{Algos: algos, Seeds: seeds.String(),
		Complete: res.Done == res.Runs && ctx.Err() == nil, GitHub: os.Getenv("GITHUB_ACTIONS") == "true"})
	if err != nil {
		fmt.Fprintf(stderr, "simrun: %v\n", err)
		return exitHarness, nil
	}
	if _, unexpected := res.Findings(algos); len(unexpected) > 0 {
		return exitViolated, statements
	}
	if res.Done < res.Runs {
		return interrupt.ExitCode(ctx), nil
	}
	return exitOK, statements
}
