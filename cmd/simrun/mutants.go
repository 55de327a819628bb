package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// mutantResult is a mutant's sweep and the wall-clock time it took.
type mutantResult struct {
	verdict.MutantResult
	elapsed time.Duration
}

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
		return usage(stderr, fmt.Sprintf("mutants: unexpected argument %q", fs.Arg(0)))
	}
	ps, err := parsePresets(*presets)
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
			catalog = append(catalog, m)
		}
	}
	if *out != "" {
		if err := checkOutput("out", *out); err != nil {
			return usage(stderr, "mutants: "+err.Error())
		}
	}
	baseline := verdict.Baselines{}
	var results []mutantResult
	for i, m := range catalog {
		start := time.Now()
		swept, err := verdict.SweepMutant(ctx, m, seeds.Lo, seeds.Hi, ps, verdict.Batch{Workers: sf.workers}, baseline)
		res := mutantResult{swept, time.Since(start)}
		if ctx.Err() != nil {
			return interrupt.ExitCode(ctx)
		}
		if err != nil {
			fmt.Fprintf(stderr, "simrun: mutants: %s: %v\n", m.Name, err)
			return exitHarness
		}
		results = append(results, res)
		fmt.Fprintf(stderr, "mutant %d/%d %s\n", i+1, len(catalog), res.line())
	}
	report := mutantReport(results, seeds, ps)
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

func (r mutantResult) line() string {
	if !r.Killed {
		return fmt.Sprintf("%s (%s): SURVIVED %d seeds", r.Mutant.Name, r.Mutant.Algo, r.Seeds)
	}
	return fmt.Sprintf("%s (%s): caught by %s at seed %d, preset %s (%d seeds, %.1fs)", r.Mutant.Name, r.Mutant.Algo, strings.Join(r.Checks, "+"), r.Seed, r.Preset, r.Seeds, r.elapsed.Seconds())
}

func (r mutantResult) reproduce() string {
	return reproduce(clients.RunConfig{Algo: r.Mutant.Algo, Seed: r.Seed, Preset: r.Preset, Mutant: r.Mutant.Name}, runFlags{})
}

// mutantReport is results/mutants.md: the kill rate, the median
// seeds-to-kill, and a row per mutant.
func mutantReport(results []mutantResult, seeds flagx.SeedRange, presets []string) string {
	var b strings.Builder
	killed := 0
	var toKill []int
	byCheck := map[string]int{}
	for _, r := range results {
		if r.Killed {
			killed++
			toKill = append(toKill, r.Seeds)
			for _, c := range r.Checks {
				byCheck[c]++
			}
		}
	}
	sort.Ints(toKill)
	median := "-"
	if n := len(toKill); n > 0 {
		if n%2 == 1 {
			median = fmt.Sprint(toKill[n/2])
		} else {
			median = fmt.Sprint(float64(toKill[n/2-1]+toKill[n/2]) / 2)
		}
	}
	fmt.Fprintf(&b, "# Mutants: do the checks catch a broken lock?\n\n")
	fmt.Fprintf(&b, "Each mutant is a plausible one-line mistake in a Redisson script (`scripts/mutants/`) or in the client\n")
	fmt.Fprintf(&b, "(`clients.Mutations`), catalogued in `clients/mutants.go`. `simrun mutants` runs each through the standard\n")
	fmt.Fprintf(&b, "sweeps — for seed %d, %d, … up to %d, every preset (%s) — with every check of the main job, until one catches it.\n",
		seeds.Lo, seeds.Lo+1, seeds.Hi, strings.Join(presets, ", "))
	fmt.Fprintf(&b, "A check catches a mutant when it reports a bug-class violation that the real algorithm never shows, or a known\n")
	fmt.Fprintf(&b, "kind of one that the real algorithm's run on the same seed and preset does not have.\n\n")
	fmt.Fprintf(&b, "Regenerate: `go run ./cmd/simrun mutants` (wall-clock times from one run on a 2-core machine).\n\n")
	fmt.Fprintf(&b, "**Kill rate: %d of %d (%.0f%%). Median seeds to kill: %s.**\n\n", killed, len(results), 100*float64(killed)/float64(max(len(results), 1)), median)
	var cs []string
	for c, n := range byCheck {
		cs = append(cs, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(cs)
	fmt.Fprintf(&b, "Mutants caught, per check (a kill can count for several): %s.\n\n", strings.Join(cs, ", "))
	fmt.Fprintf(&b, "| mutant | algorithm | mistake | caught by | seeds to kill | preset | time | reproduce |\n|---|---|---|---|---:|---|---:|---|\n")
	for _, r := range results {
		if !r.Killed {
			fmt.Fprintf(&b, "| %s | %s | %s | **survived** | > %d | - | %.1f s | - |\n", r.Mutant.Name, r.Mutant.Algo, r.Mutant.What, r.Seeds, r.elapsed.Seconds())
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s | %.1f s | `%s` |\n", r.Mutant.Name, r.Mutant.Algo, r.Mutant.What, strings.Join(r.Checks, ", "), r.Seeds, r.Preset, r.elapsed.Seconds(), r.reproduce())
	}
	fmt.Fprintf(&b, "\nWhat each kill looked like (the first catching violation):\n\n")
	for _, r := range results {
		if r.Killed {
			fmt.Fprintf(&b, "- **%s**: %s\n", r.Mutant.Name, strings.ReplaceAll(r.Detail, "|", "\\|"))
		}
	}
	return b.String()
}
