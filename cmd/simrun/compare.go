package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
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
	ps, err := parsePresets(*presets)
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
		if _, err := clients.NewRun(clients.RunConfig{Algo: algo, Seed: seeds.Lo, Preset: ps[0], Scripts: dirs[side]}, nil); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
	}
	base := reportName(names[0], names[1])
	mdPath, svgPath := filepath.Join(*out, base+".md"), filepath.Join(*out, base+".svg")
	for _, p := range []string{mdPath, svgPath} {
		if err := checkOutput("out", p); err != nil {
			return usage(stderr, "compare: "+err.Error())
		}
	}
	cmp := &fairness.Comparison{Names: [2]string{names[0], names[1]}, Scripts: [2]string{dirs[0], dirs[1]}, Presets: ps, Lo: seeds.Lo, Hi: seeds.Hi}
	total := cmp.Runs()
	done, err := cmp.Run(ctx, sf.workers, meter(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "simrun compare: %v\n", err)
		return exitHarness
	}
	if done < total {
		return interrupt.ExitCode(ctx) // interrupted: no report rather than half of one
	}
	var b bytes.Buffer
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
		cmd += " --scripts-a " + clients.ShellQuote(*scriptsA)
	}
	if *scriptsB != "" {
		cmd += " --scripts-b " + clients.ShellQuote(*scriptsB)
	}
	if *out != "results" {
		cmd += " --out " + clients.ShellQuote(*out)
	}
	fmt.Fprintf(&b, "# %s vs %s\n\n", names[0], names[1])
	fmt.Fprintf(&b, "Made by `%s`: the same %d seeds (%s) under each preset for both, %d runs in all. Every figure is\n", cmd, seeds.Count(), seeds.String(), total)
	fmt.Fprintf(&b, "virtual time from the simulation, so the file regenerates byte for byte.\n\n")
	fmt.Fprintf(&b, "## Violations\n\nRuns with a bug-class violation (B) and runs with only by-design ones (D), per property; the seed reproduces the first bug.\n\n")
	fmt.Fprintf(&b, "| property | preset | %s | %s |\n|---|---|---|---|\n", names[0], names[1])
	for _, prop := range verdict.Properties {
		for _, p := range ps {
			fmt.Fprintf(&b, "| %s | %s |", prop, p)
			for side := range names {
				a := cmp.Tally(side, p)
				cell := fmt.Sprintf(" B %s D %s", pct(a.BugRuns[prop], a.Runs), pct(a.DesignRuns[prop], a.Runs))
				if s := a.FirstBug[prop]; s != 0 {
					cell += fmt.Sprintf(" (`run --algo %s --seed %d --preset %s`)", names[side], s, p)
				}
				fmt.Fprintf(&b, "%s |", cell)
			}
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "\n## Waiting time\n\nFrom the call to the acquisition, for lock() and tryLock(wait, …) calls that acquired.\n\n")
	fmt.Fprintf(&b, "| preset | %s p50 / p90 / p99 / max | %s p50 / p90 / p99 / max |\n|---|---|---|\n", names[0], names[1])
	for _, p := range ps {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p, fairness.Quantiles(cmp.Tally(0, p).Metrics.Waits), fairness.Quantiles(cmp.Tally(1, p).Metrics.Waits))
	}
	fmt.Fprintf(&b, "\n## Fairness and progress\n\n")
	fmt.Fprintf(&b, "- *overtakes*: queued callers that a later-queued caller overtook while they kept waiting in the queue (the fifo check), per 1000 acquisitions;\n")
	fmt.Fprintf(&b, "- *idle free lock*: how long the lock sat free while a queued caller waited (a dead or abandoned head waiter, a missed wake-up): p50 / p99 / max;\n")
	fmt.Fprintf(&b, "- *evicted*: live waiters removed from the queue as stale by another caller's script;\n")
	fmt.Fprintf(&b, "- *negative ttl*: acquire replies below zero (#5503), on which 3.16.8's lock() waits with no timeout.\n\n")
	fmt.Fprintf(&b, "| preset | side | acquisitions | overtakes /1000 | idle free lock | evicted | negative ttl |\n|---|---|---|---|---|---|---|\n")
	for _, p := range ps {
		for side, n := range names {
			m := cmp.Tally(side, p).Metrics
			per := 0.0
			if m.Acquired > 0 {
				per = 1000 * float64(m.Overtakes) / float64(m.Acquired)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %s | %d | %d |\n", p, n, m.Acquired, per, fairness.Quantiles3(m.Idle), m.Evicted, m.NegTTLs)
		}
	}
	svgName := base + ".svg"
	fmt.Fprintf(&b, "\n## Waiting time by queue position\n\nMedian wait of acquired calls by their first place in the queue, all presets (the plot shows positions with at least %d calls).\n\n![waiting time by queue position](%s)\n\n", fairness.MinPlotSamples, svgName)
	series := []map[int][]sim.Duration{cmp.ByPos(0), cmp.ByPos(1)}
	fmt.Fprintf(&b, "| position | %s median (n) | %s median (n) |\n|---|---|---|\n", names[0], names[1])
	for pos := 1; pos <= fairness.MaxPos(series); pos++ {
		fmt.Fprintf(&b, "| %d | %s (%d) | %s (%d) |\n", pos, fairness.Median(series[0][pos]), len(series[0][pos]), fairness.Median(series[1][pos]), len(series[1][pos]))
	}
	var set atomicfile.Set
	set.AddBytes(mdPath, b.Bytes())
	set.AddBytes(svgPath, fairness.PlotSVG(names, series))
	if err := set.Commit(); err != nil {
		return writeFailed(stderr, "compare", err)
	}
	fmt.Fprintf(stdout, "compare: %d runs; wrote %s and %s\n", total, mdPath, svgPath)
	return exitOK
}

// parsePresets reads a comma-separated list of distinct, known presets.
func parsePresets(s string) ([]string, error) {
	var ps []string
	for _, p := range strings.Split(s, ",") {
		if err := sim.CheckPreset(p); err != nil {
			return nil, err
		}
		if slices.Contains(ps, p) {
			return nil, fmt.Errorf("preset %q twice", p)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// reportName is "<A>-vs-<B>", B without the algorithm prefix it shares with
// A: fairlock-3.8.1-vs-3.16.8.
func reportName(a, b string) string {
	if i := strings.LastIndex(a, "-"); i > 0 && strings.HasPrefix(b, a[:i+1]) {
		b = strings.TrimPrefix(b, a[:i+1])
	}
	return a + "-vs-" + b
}

func pct(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}
