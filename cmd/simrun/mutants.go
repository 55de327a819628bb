package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// runMutants is `simrun mutants`: every mutant of the catalog through the
// standard sweeps (every preset, seed after seed) until a check catches it.
func runMutants(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutants", flag.ContinueOnError)
	var sf sweepFlags
	sf.register(fs, 1, 200)
	presets := fs.String("presets", strings.Join(sim.Presets, ","), "comma-separated `presets` run for every seed")
	only := fs.String("only", "", "comma-separated mutant `names` (default: the whole catalog)")
	out := fs.String("out", filepath.Join("results", "mutants.md"), "write the report to `FILE` (\"\": none)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	seeds := sf.seeds
	if fs.NArg() > 0 {
		return usage(stderr, fmt.Sprintf("mutants: unexpected argument %s", flagx.Quote(fs.Arg(0))))
	}
	ps, err := sim.ParsePresets(*presets)
	if err != nil {
		return usage(stderr, "mutants: --presets: "+err.Error())
	}
	catalog := clients.Mutants
	if flagx.Visited(fs)["only"] {
		catalog = nil
		for _, name := range strings.Split(*only, ",") {
			m, err := clients.LookupMutant(name)
			if err != nil {
				return usage(stderr, "mutants: --only: "+err.Error())
			}
			for _, have := range catalog {
				if have.Name == m.Name {
					return usage(stderr, fmt.Sprintf("mutants: --only: %s given twice", flagx.Echo(name)))
				}
			}
			catalog = append(catalog, m)
		}
	}
	if *out != "" {
		if err := checkOutput("out", *out); err != nil {
			return usage(stderr, "mutants: "+err.Error())
		}
	}
	baseline := verdict.Baselines{}
	var results []verdict.MutantResult
	var elapsed []time.Duration // wall-clock, for the report's time column
	for i, m := range catalog {
		start := time.Now()
		res, err := verdict.SweepMutant(ctx, m, seeds.Lo, seeds.Hi, ps, verdict.Batch{Workers: sf.n()}, baseline)
		took := time.Since(start)
		if ctx.Err() != nil {
			return interrupt.ExitCode(ctx)
		}
		if err != nil {
			fmt.Fprintf(stderr, "simrun: mutants: %s: %v\n", m.Name, err)
			return exitHarness
		}
		results, elapsed = append(results, res), append(elapsed, took)
		fmt.Fprintf(stderr, "mutant %d/%d %s\n", i+1, len(catalog), mutantLine(res, took))
	}
	report := verdict.MutantReport(results, elapsed, seeds.Lo, seeds.Hi, ps)
	fmt.Fprint(stdout, report)
	if *out != "" {
		if err := atomicfile.WriteBytes(*out, []byte(report)); err != nil {
			return writeFailed(stderr, "mutants", err)
		}
	}
	for _, r := range results {
		if !r.Killed {
			return exitViolated
		}
	}
	return exitOK
}

// mutantLine is a mutant's progress line.
func mutantLine(r verdict.MutantResult, took time.Duration) string {
	if !r.Killed {
		return fmt.Sprintf("%s (%s): SURVIVED %d seeds", r.Mutant.Name, r.Mutant.Algo, r.Seeds)
	}
	return fmt.Sprintf("%s (%s): caught by %s at seed %d, preset %s (%d seeds, %.1fs)", r.Mutant.Name, r.Mutant.Algo, strings.Join(r.Checks, "+"), r.Seed, r.Preset, r.Seeds, took.Seconds())
}
