package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// mutantResult is what the sweeps made of one mutant.
type mutantResult struct {
	m       clients.Mutant
	killed  bool
	seed    uint64 // the seed that killed it
	preset  string // the first preset (in sweep order) whose run caught it
	checks  []string
	detail  string // the first catching violation
	seeds   int    // seeds run until the kill (or in all, when it survived)
	elapsed time.Duration
}

// caught returns the properties of vs that count as catching a mutant of
// algo: a bug-class violation the real algorithm never shows (its property
// is not a known Redisson bug), or one of a known kind that the real
// algorithm's run on the same seed and preset does not have. A mutant only
// changes what it changes, so until its mistake acts the two runs are the
// same run; a difference in bug-class properties is the mistake's doing.
func caught(algo string, vs, baseline []checks.Violation) ([]string, string) {
	inBase := map[string]bool{}
	for _, v := range baseline {
		if v.Class == checks.Bug {
			inBase[v.Property] = true
		}
	}
	var props []string
	detail := ""
	for _, v := range vs {
		if v.Class != checks.Bug || slices.Contains(props, v.Property) {
			continue
		}
		if !verdict.Known(algo, v) || !inBase[v.Property] {
			props = append(props, v.Property)
			if detail == "" {
				detail = v.String()
			}
		}
	}
	sort.Strings(props)
	return props, detail
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
	seeds, workers := sf.seeds, sf.workers
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
	baseline := map[string][]checks.Violation{} // algo/preset/seed → the real algorithm's violations
	var results []mutantResult
	for i, m := range catalog {
		res, err := sweepMutant(ctx, m, seeds, ps, workers, baseline)
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
		if !r.killed {
			return exitViolated
		}
	}
	return exitOK
}

// sweepMutant runs m seed after seed, every preset of a seed in one
// parallel batch, with the real algorithm's runs beside it (cached across
// mutants of one algorithm), and stops at the first seed that catches it.
func sweepMutant(ctx context.Context, m clients.Mutant, seeds flagx.SeedRange, presets []string, workers int, baseline map[string][]checks.Violation) (mutantResult, error) {
	res := mutantResult{m: m}
	start := time.Now()
	for k := uint64(0); k < seeds.Count() && !res.killed && ctx.Err() == nil; k++ {
		s := seeds.Lo + k
		var cfgs, base []clients.RunConfig // the mutant's runs, then the missing baselines
		var keys []string
		for _, p := range presets {
			cfgs = append(cfgs, clients.RunConfig{Algo: m.Algo, Seed: s, Preset: p, Mutant: m.Name})
			if key := fmt.Sprintf("%s/%s/%d", m.Algo, p, s); baseline[key] == nil {
				keys = append(keys, key)
				base = append(base, clients.RunConfig{Algo: m.Algo, Seed: s, Preset: p})
			}
		}
		cfgs = append(cfgs, base...)
		vs, err := verdict.Batch{Workers: workers}.All(cfgs)
		if err != nil {
			return res, err
		}
		for i, k := range keys {
			baseline[k] = append([]checks.Violation{}, vs[len(presets)+i]...) // non-nil: cached
		}
		res.seeds++
		for i, p := range presets {
			props, detail := caught(m.Algo, vs[i], baseline[fmt.Sprintf("%s/%s/%d", m.Algo, p, s)])
			if len(props) > 0 {
				res.killed, res.seed, res.preset, res.checks, res.detail = true, s, p, props, detail
				break
			}
		}
	}
	res.elapsed = time.Since(start)
	return res, nil
}

func (r mutantResult) line() string {
	if !r.killed {
		return fmt.Sprintf("%s (%s): SURVIVED %d seeds", r.m.Name, r.m.Algo, r.seeds)
	}
	return fmt.Sprintf("%s (%s): caught by %s at seed %d, preset %s (%d seeds, %.1fs)", r.m.Name, r.m.Algo, strings.Join(r.checks, "+"), r.seed, r.preset, r.seeds, r.elapsed.Seconds())
}

func (r mutantResult) reproduce() string {
	return reproduce(clients.RunConfig{Algo: r.m.Algo, Seed: r.seed, Preset: r.preset, Mutant: r.m.Name}, runFlags{})
}

// mutantReport is results/mutants.md: the kill rate, the median
// seeds-to-kill, and a row per mutant.
func mutantReport(results []mutantResult, seeds flagx.SeedRange, presets []string) string {
	var b strings.Builder
	killed := 0
	var toKill []int
	byCheck := map[string]int{}
	for _, r := range results {
		if r.killed {
			killed++
			toKill = append(toKill, r.seeds)
			for _, c := range r.checks {
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
		if !r.killed {
			fmt.Fprintf(&b, "| %s | %s | %s | **survived** | > %d | - | %.1f s | - |\n", r.m.Name, r.m.Algo, r.m.What, r.seeds, r.elapsed.Seconds())
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s | %.1f s | `%s` |\n", r.m.Name, r.m.Algo, r.m.What, strings.Join(r.checks, ", "), r.seeds, r.preset, r.elapsed.Seconds(), r.reproduce())
	}
	fmt.Fprintf(&b, "\nWhat each kill looked like (the first catching violation):\n\n")
	for _, r := range results {
		if r.killed {
			fmt.Fprintf(&b, "- **%s**: %s\n", r.m.Name, strings.ReplaceAll(r.detail, "|", "\\|"))
		}
	}
	return b.String()
}
