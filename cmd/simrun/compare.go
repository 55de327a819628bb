package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/report/comparison"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// runCompare implements `simrun compare A B [--seeds LO-HI] [--presets p,q]
// [--scripts-a DIR] [--scripts-b DIR] [--out DIR]`: the same seeds and
// presets for two algorithms (or two script sets), side by side, written to
// DIR/<A>-vs-<B>.md (B without A's algorithm prefix) with an SVG plot of
// waiting time by queue position; both files or neither.
func runCompare(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 100)
	presets := fs.String("presets", strings.Join(sim.Presets, ","), "comma-separated `presets`")
	scriptsA := fs.String("scripts-a", "", "run A (a Redisson algorithm) on this script `DIR`")
	scriptsB := fs.String("scripts-b", "", "run B (a Redisson algorithm) on this script `DIR`")
	out := fs.String("out", "results", "write the report and its plot into this `DIR`")
	jsonOut := fs.String("json", "", "also write the comparison as JSON to `FILE` (docs/json.md)")
	// Flags may come before or after the two names.
	var names []string
	rest := args
	for {
		if code, ok := parseFlags(fs, rest, stdout, stderr); !ok {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		names = append(names, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	seeds := sf.seeds
	if len(names) != 2 {
		return usage(stderr, "compare: name two algorithms, e.g. compare fairlock-3.8.1 fairlock-3.16.8")
	}
	ps, err := sim.ParsePresets(*presets)
	if err != nil {
		return usage(stderr, "compare: --presets: "+err.Error())
	}
	dirs := []string{*scriptsA, *scriptsB}
	for side, algo := range names {
		if err := clients.CheckAlgo(algo); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
		if dirs[side] != "" && !isRedisson(algo) {
			return usage(stderr, fmt.Sprintf("compare: --scripts-%c does not apply to %s (only the Redisson algorithms run scripts)", 'a'+side, algo))
		}
		if dirs[side] != "" {
			if err := checkScriptsDir(algo, dirs[side]); err != nil {
				return usage(stderr, fmt.Sprintf("compare: --scripts-%c: %v", 'a'+side, err))
			}
		}
		if _, err := run.New(run.Config{Algo: algo, Seed: seeds.Lo, Preset: ps[0], Scripts: dirs[side]}, nil); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
	}
	base := comparison.ReportName(names[0], names[1])
	mdPath, svgPath := filepath.Join(*out, base+".md"), filepath.Join(*out, base+".svg")
	for _, p := range []string{mdPath, svgPath} {
		if err := checkOutput("out", p); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
	}
	if *jsonOut != "" {
		if err := checkOutput("json", *jsonOut); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
		if err := checkOutputs([2]string{"out", mdPath}, [2]string{"out", svgPath}, [2]string{"json", *jsonOut}); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
	}
	cmp := &fairness.Comparison{Names: [2]string{names[0], names[1]}, Scripts: [2]string{dirs[0], dirs[1]}, Presets: ps, Lo: seeds.Lo, Hi: seeds.Hi}
	total := cmp.Runs()
	done, err := cmp.Run(ctx, sf.n(), meter(stderr))
	if err != nil {
		return runFailed(stderr, "compare", err)
	}
	if done < total {
		return interrupt.ExitCode(ctx) // interrupted: no report rather than half of one
	}
	// The command that regenerates this file, without --workers (which
	// changes nothing in it).
	cmd := "go run ./cmd/simrun compare " + names[0] + " " + names[1]
	if seeds != (flagx.SeedRange{Lo: 1, Hi: 100}) {
		cmd += " --seeds " + seeds.String()
	}
	if *presets != strings.Join(sim.Presets, ",") {
		cmd += " --presets " + *presets
	}
	if *scriptsA != "" {
		cmd += " --scripts-a " + run.ShellQuote(*scriptsA)
	}
	if *scriptsB != "" {
		cmd += " --scripts-b " + run.ShellQuote(*scriptsB)
	}
	if *out != "results" {
		cmd += " --out " + run.ShellQuote(*out)
	}
	var set atomicfile.Set
	set.AddBytes(mdPath, comparison.Markdown(cmp, cmd, base+".svg"))
	set.AddBytes(svgPath, comparison.SVG(cmp))
	if *jsonOut != "" {
		b, err := comparison.JSON(cmp)
		if err != nil {
			fmt.Fprintf(stderr, "simrun compare: %v\n", err)
			return exitHarness
		}
		set.AddBytes(*jsonOut, b)
	}
	if err := set.Commit(); err != nil {
		return writeFailed(stderr, "compare", err)
	}
	fmt.Fprintf(stdout, "compare: %d runs; wrote %s and %s\n", total, mdPath, svgPath)
	if bugs := cmp.Bugs(); len(bugs) > 0 {
		fmt.Fprintf(stdout, "compare: a bug (no mechanism explains it): %s\n", strings.Join(bugs, "; "))
		return exitViolated
	}
	return exitOK
}
