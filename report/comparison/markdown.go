package comparison

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// ReportName is "<A>-vs-<B>", B without the algorithm prefix it shares
// with A: fairlock-3.8.1-vs-3.16.8.
func ReportName(a, b string) string {
	if i := strings.LastIndex(a, "-"); i > 0 && strings.HasPrefix(b, a[:i+1]) {
		b = strings.TrimPrefix(b, a[:i+1])
	}
	return a + "-vs-" + b
}

// Markdown is c's report after its Run: violations per property and
// preset, waiting times, fairness and progress, and the waits by queue
// position that svgName (SVG's plot) shows. regenerate is the command
// that writes it.
func Markdown(c *fairness.Comparison, regenerate, svgName string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s vs %s\n\n", c.Title(0), c.Title(1))
	fmt.Fprintf(&b, "Made by `%s`: the same %d seeds (%d-%d) under each preset for both, %d runs in all. Every figure is\n", regenerate, c.Hi-c.Lo+1, c.Lo, c.Hi, c.Runs())
	fmt.Fprintf(&b, "virtual time from the simulation, so the file regenerates byte for byte.\n\n")
	writeDifferences(&b, c)
	writeMechanisms(&b, c)
	fmt.Fprintf(&b, "\n## Waiting time\n\nFrom the call to the acquisition, for lock() and tryLock(wait, …) calls that acquired.\n\n")
	fmt.Fprintf(&b, "| preset | %s p50 / p90 / p99 / max | %s p50 / p90 / p99 / max |\n|---|---|---|\n", c.Title(0), c.Title(1))
	for _, p := range c.Presets {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p, Quantiles(c.Tally(0, p).Metrics.Waits), Quantiles(c.Tally(1, p).Metrics.Waits))
	}
	fmt.Fprintf(&b, "\n## Fairness and progress\n\n")
	fmt.Fprintf(&b, "- *overtakes*: queued callers that a later-queued caller overtook while they kept waiting in the queue (the fifo check), per 1000 acquisitions;\n")
	fmt.Fprintf(&b, "- *idle free lock*: how long the lock sat free while a queued caller waited (a dead or abandoned head waiter, a missed wake-up): p50 / p99 / max;\n")
	fmt.Fprintf(&b, "- *evicted*: live waiters removed from the queue as stale by another caller's script;\n")
	fmt.Fprintf(&b, "- *negative ttl*: acquire replies below zero (#5503), on which 3.16.8's lock() waits with no timeout.\n\n")
	fmt.Fprintf(&b, "| preset | side | acquisitions | overtakes /1000 | idle free lock | evicted | negative ttl |\n|---|---|---|---|---|---|---|\n")
	for _, p := range c.Presets {
		for side := range c.Names {
			n := c.Title(side)
			m := c.Tally(side, p).Metrics
			per := 0.0
			if m.Acquired > 0 {
				per = 1000 * float64(m.Overtakes) / float64(m.Acquired)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %s | %d | %d |\n", p, n, m.Acquired, per, Quantiles3(m.Idle), m.Evicted, m.NegTTLs)
		}
	}
	fmt.Fprintf(&b, "\n## Waiting time by queue position\n\nMedian wait of acquired calls by their first place in the queue, all presets (the plot shows positions with at least %d calls).\n\n![waiting time by queue position](%s)\n\n", MinPlotSamples, svgName)
	series := series(c)
	fmt.Fprintf(&b, "| position | %s median (n) | %s median (n) |\n|---|---|---|\n", c.Title(0), c.Title(1))
	for pos := 1; pos <= fairness.MaxPos(series); pos++ {
		fmt.Fprintf(&b, "| %d | %s (%d) | %s (%d) |\n", pos, Median(series[0][pos]), len(series[0][pos]), Median(series[1][pos]), len(series[1][pos]))
	}
	return b.Bytes()
}

// SVG is c's plot of waiting time by queue position, both sides.
func SVG(c *fairness.Comparison) []byte { return PlotSVG([]string{c.Title(0), c.Title(1)}, series(c)) }

// series are the waits by first queue position of both sides.
func series(c *fairness.Comparison) []map[int][]sim.Duration {
	return []map[int][]sim.Duration{c.ByPos(0), c.ByPos(1)}
}

// rate is "k/n (lo–hi%)", the 95% interval.
func rate(k, n int) string {
	lo, hi := fairness.Wilson(k, n)
	return fmt.Sprintf("%d/%d (%.1f–%.1f%%)", k, n, 100*lo, 100*hi)
}

// writeMechanisms is the table of every mechanism of every property, each
// side's runs with their 95% interval and its first run.
func writeMechanisms(b *bytes.Buffer, c *fairness.Comparison) {
	keys, all := c.Mechanisms()
	fmt.Fprintf(b, "## Violations by mechanism\n\nEach mechanism that made a property's violations (faults confirmed by counterfactual runs), the runs that showed it on each side, all presets together, with the 95%% Wilson interval, and the run that first showed it. *bug*: nothing explains it; *known*: a catalogued flaw (jobspec/main.toml); *by-design*: a fault, a lease, a contract action or a documented condition.\n\n")
	fmt.Fprintf(b, "| property | mechanism | class | %s | %s | reference |\n|---|---|---|---|---|---|\n", c.Title(0), c.Title(1))
	for _, k := range keys {
		x := all[k]
		class, ref := x[0].Class, x[0].Ref
		if x[0].Runs == 0 {
			class, ref = x[1].Class, x[1].Ref
		}
		var cells [2]string
		for side := range c.Names {
			s := x[side]
			cells[side] = rate(s.Runs, s.Of)
			if s.Runs > 0 {
				cells[side] += fmt.Sprintf(", first `%s`", c.Command(side, s.First, s.Preset))
			}
		}
		fmt.Fprintf(b, "| %s | `%s` | %s | %s | %s | %s |\n", k.Property, k.Label, class, cells[0], cells[1], strings.ReplaceAll(ref, "|", "\\|"))
	}
	if len(keys) == 0 {
		fmt.Fprintf(b, "| – | no violation | | | | |\n")
	}
	b.WriteString("\n")
}

// writeDifferences says in words how the two sides differ and why: the
// mechanisms one side shows and the other does not, or whose intervals do
// not overlap, with what the catalogue says of each flaw; and why their
// acquisition counts differ.
func writeDifferences(b *bytes.Buffer, c *fairness.Comparison) {
	keys, all := c.Mechanisms()
	a, bn := c.Title(0), c.Title(1)
	fmt.Fprintf(b, "## How they differ\n\n")
	n := 0
	design := map[string][]string{} // by property: the by-design mechanisms that differ, in a word each
	var designProps []string
	for _, k := range keys {
		x := all[k]
		loA, hiA := fairness.Wilson(x[0].Runs, x[0].Of)
		loB, hiB := fairness.Wilson(x[1].Runs, x[1].Of)
		var who string
		switch {
		case x[0].Runs > 0 && x[1].Runs == 0:
			who = fmt.Sprintf("only %s shows it, in %s runs", a, rate(x[0].Runs, x[0].Of))
		case x[1].Runs > 0 && x[0].Runs == 0:
			who = fmt.Sprintf("only %s shows it, in %s runs", bn, rate(x[1].Runs, x[1].Of))
		case hiA < loB:
			who = fmt.Sprintf("%s shows it more often: %s against %s", bn, rate(x[1].Runs, x[1].Of), rate(x[0].Runs, x[0].Of))
		case hiB < loA:
			who = fmt.Sprintf("%s shows it more often: %s against %s", a, rate(x[0].Runs, x[0].Of), rate(x[1].Runs, x[1].Of))
		default:
			continue // within each other's interval: no difference shown
		}
		n++
		s := x[0]
		if s.Runs == 0 {
			s = x[1]
		}
		if s.Class == checks.ByDesign {
			if design[k.Property] == nil {
				designProps = append(designProps, k.Property)
			}
			design[k.Property] = append(design[k.Property], fmt.Sprintf("`%s` %d vs %d", k.Label, x[0].Runs, x[1].Runs))
			continue
		}
		why := ""
		switch {
		case s.FlawName != "":
			if f := verdict.FlawNamed(s.FlawName); f != nil {
				why = " — " + f.What
				if f.Ref != "" {
					why += " (" + f.Ref + ")"
				}
			}
		case s.Class == checks.Bug:
			why = " — a bug: no mechanism explains it"
		}
		fmt.Fprintf(b, "- %s, `%s`: %s%s.\n", k.Property, k.Label, who, why)
	}
	for _, p := range designProps {
		fmt.Fprintf(b, "- %s, by design (runs, %s vs %s): %s — a fault, a lease, a contract action or a documented condition; how often each shows follows from how long holds last and how often the lock changes hands (the acquisitions below).\n", p, a, bn, strings.Join(design[p], ", "))
	}
	if n == 0 {
		fmt.Fprintf(b, "- No mechanism shows on one side only, and every rate lies within the other side's 95%% interval.\n")
	}
	var m [2]fairness.Metrics
	for side := range c.Names {
		for _, p := range c.Presets {
			m[side].Add(c.Tally(side, p).Metrics)
		}
	}
	fmt.Fprintf(b, "- Acquisitions (lock() and tryLock(wait) calls that got the lock): %s %d, %s %d. Of the acquiring calls each made (%d, %d), %d and %d returned without the lock (a tryLock whose wait ran out, or none) and %d and %d threw; the acquired calls waited %s and %s (median). A side that waits longer or gives up more makes fewer round trips in the same simulated time.\n\n",
		a, m[0].Acquired, bn, m[1].Acquired, m[0].Calls, m[1].Calls, m[0].GaveUp, m[1].GaveUp, m[0].Failed, m[1].Failed, Median(m[0].Waits), Median(m[1].Waits))
}
