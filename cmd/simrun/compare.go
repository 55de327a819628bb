package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/internal/atomicfile"
	"github.com/locksim/locksim/internal/flagx"
	"github.com/locksim/locksim/internal/interrupt"
	"github.com/locksim/locksim/internal/ordered"
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
	seeds, workers := sf.seeds, sf.workers
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
	type job struct {
		side int
		cfg  clients.RunConfig
	}
	perSide := uint64(len(ps)) * seeds.Count()
	jobOf := func(i uint64) job {
		side := int(i / perSide)
		k := i % perSide
		return job{side, clients.RunConfig{Algo: names[side], Seed: seeds.Lo + k%seeds.Count(), Preset: ps[k/seeds.Count()], Scripts: dirs[side]}}
	}
	total := 2 * perSide
	type measured struct {
		m   fairness.Metrics
		err error
	}
	// Aggregate per side and preset.
	type agg struct {
		runs                int
		bugRuns, designRuns map[string]int
		firstBug            map[string]uint64
		m                   fairness.Metrics
	}
	aggs := map[string]*agg{}
	key := func(side int, p string) string { return fmt.Sprintf("%d/%s", side, p) }
	var runErr error
	bar := newProgress(stderr, int(min(total, math.MaxInt32)), "comparing")
	done := ordered.Run(ctx, total, workers, func(i uint64) measured {
		m, err := fairness.Measure(jobOf(i).cfg)
		return measured{m, err}
	}, func(i uint64, res measured) {
		bar.add(1)
		j := jobOf(i)
		if res.err != nil {
			if runErr == nil {
				runErr = res.err
			}
			return
		}
		k := key(j.side, j.cfg.Preset)
		a := aggs[k]
		if a == nil {
			a = &agg{bugRuns: map[string]int{}, designRuns: map[string]int{}, firstBug: map[string]uint64{}}
			aggs[k] = a
		}
		r := res.m
		a.runs++
		seenBug, seenDesign := map[string]bool{}, map[string]bool{}
		for _, v := range r.Violations {
			if v.Class == checks.Bug {
				seenBug[v.Property] = true
			} else {
				seenDesign[v.Property] = true
			}
		}
		for p := range seenBug {
			a.bugRuns[p]++
			if a.firstBug[p] == 0 {
				a.firstBug[p] = j.cfg.Seed
			}
		}
		for p := range seenDesign {
			if !seenBug[p] {
				a.designRuns[p]++
			}
		}
		a.m.Add(r)
	})
	bar.finish()
	if runErr != nil {
		fmt.Fprintf(stderr, "simrun compare: %v\n", runErr)
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
		cmd += " --scripts-a " + shellQuote(*scriptsA)
	}
	if *scriptsB != "" {
		cmd += " --scripts-b " + shellQuote(*scriptsB)
	}
	if *out != "results" {
		cmd += " --out " + shellQuote(*out)
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
				a := aggs[key(side, p)]
				cell := fmt.Sprintf(" B %s D %s", pct(a.bugRuns[prop], a.runs), pct(a.designRuns[prop], a.runs))
				if s := a.firstBug[prop]; s != 0 {
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
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p, quantiles(aggs[key(0, p)].m.Waits), quantiles(aggs[key(1, p)].m.Waits))
	}
	fmt.Fprintf(&b, "\n## Fairness and progress\n\n")
	fmt.Fprintf(&b, "- *overtakes*: queued callers that a later-queued caller overtook while they kept waiting in the queue (the fifo check), per 1000 acquisitions;\n")
	fmt.Fprintf(&b, "- *idle free lock*: how long the lock sat free while a queued caller waited (a dead or abandoned head waiter, a missed wake-up): p50 / p99 / max;\n")
	fmt.Fprintf(&b, "- *evicted*: live waiters removed from the queue as stale by another caller's script;\n")
	fmt.Fprintf(&b, "- *negative ttl*: acquire replies below zero (#5503), on which 3.16.8's lock() waits with no timeout.\n\n")
	fmt.Fprintf(&b, "| preset | side | acquisitions | overtakes /1000 | idle free lock | evicted | negative ttl |\n|---|---|---|---|---|---|---|\n")
	for _, p := range ps {
		for side, n := range names {
			m := aggs[key(side, p)].m
			per := 0.0
			if m.Acquired > 0 {
				per = 1000 * float64(m.Overtakes) / float64(m.Acquired)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %s | %d | %d |\n", p, n, m.Acquired, per, quantiles3(m.Idle), m.Evicted, m.NegTTLs)
		}
	}
	svgName := base + ".svg"
	fmt.Fprintf(&b, "\n## Waiting time by queue position\n\nMedian wait of acquired calls by their first place in the queue, all presets (the plot shows positions with at least %d calls).\n\n![waiting time by queue position](%s)\n\n", minPlotSamples, svgName)
	series := make([]map[int][]sim.Duration, len(names))
	for side := range names {
		series[side] = map[int][]sim.Duration{}
		for _, p := range ps {
			for pos, ds := range aggs[key(side, p)].m.ByPos {
				series[side][pos] = append(series[side][pos], ds...)
			}
		}
	}
	fmt.Fprintf(&b, "| position | %s median (n) | %s median (n) |\n|---|---|---|\n", names[0], names[1])
	for pos := 1; pos <= maxPos(series); pos++ {
		fmt.Fprintf(&b, "| %d | %s (%d) | %s (%d) |\n", pos, median(series[0][pos]), len(series[0][pos]), median(series[1][pos]), len(series[1][pos]))
	}
	var set atomicfile.Set
	set.AddBytes(mdPath, b.Bytes())
	set.AddBytes(svgPath, plotSVG(names, series))
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

func sorted(ds []sim.Duration) []sim.Duration {
	s := append([]sim.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

func quantile(s []sim.Duration, q float64) sim.Duration {
	return s[int(q*float64(len(s)-1))]
}

func quantiles(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := sorted(ds)
	return fmt.Sprintf("%s / %s / %s / %s", ms(quantile(s, 0.5)), ms(quantile(s, 0.9)), ms(quantile(s, 0.99)), ms(s[len(s)-1]))
}

func quantiles3(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	s := sorted(ds)
	return fmt.Sprintf("%s / %s / %s", ms(quantile(s, 0.5)), ms(quantile(s, 0.99)), ms(s[len(s)-1]))
}

func median(ds []sim.Duration) string {
	if len(ds) == 0 {
		return "–"
	}
	return ms(quantile(sorted(ds), 0.5))
}

// ms renders a duration to the millisecond.
func ms(d sim.Duration) string {
	if d >= sim.Second {
		return fmt.Sprintf("%.1fs", float64(d)/float64(sim.Second))
	}
	return fmt.Sprintf("%dms", d/sim.Millisecond)
}

func maxPos(series []map[int][]sim.Duration) int {
	n := 0
	for _, s := range series {
		for pos := range s {
			n = max(n, pos)
		}
	}
	return n
}

// minPlotSamples is how many waits a queue position needs to be plotted:
// the rare deep positions (dead waiters of crashed incarnations still
// queued) would otherwise set the scale with a handful of points.
const minPlotSamples = 20

// plotSVG draws the median wait by queue position for each side: a small,
// dependency-free line chart.
func plotSVG(names []string, all []map[int][]sim.Duration) []byte {
	const w, h, left, bottom, top, right = 640, 360, 70, 40, 30, 20
	series := make([]map[int][]sim.Duration, len(all))
	for i, s := range all {
		series[i] = map[int][]sim.Duration{}
		for pos, ds := range s {
			if len(ds) >= minPlotSamples {
				series[i][pos] = ds
			}
		}
	}
	n := maxPos(series)
	var top_ sim.Duration = sim.Second
	for _, s := range series {
		for _, ds := range s {
			top_ = max(top_, quantile(sorted(ds), 0.5))
		}
	}
	x := func(pos int) float64 {
		if n <= 1 {
			return left
		}
		return left + float64(pos-1)*float64(w-left-right)/float64(n-1)
	}
	y := func(d sim.Duration) float64 {
		return float64(h-bottom) - float64(d)/float64(top_)*float64(h-bottom-top)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, h-bottom)
	for i := 0; i <= 4; i++ {
		d := top_ * sim.Duration(i) / 4
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y(d)+4, ms(d))
	}
	for pos := 1; pos <= n; pos++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(pos), h-bottom+16, pos)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">first place in the queue</text>`+"\n", (w+left)/2, h-6)
	fmt.Fprintf(&b, `<text x="12" y="%d" transform="rotate(-90 12 %d)" text-anchor="middle">median wait</text>`+"\n", (h)/2, h/2)
	colors := []string{"#1f77b4", "#d62728"}
	for side, s := range series {
		var pts []string
		for pos := 1; pos <= n; pos++ {
			if ds := s[pos]; len(ds) > 0 {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pos), y(quantile(sorted(ds), 0.5))))
			}
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", colors[side], strings.Join(pts, " "))
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", left+10, top+16*side, colors[side], names[side])
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}
