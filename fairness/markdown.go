package fairness

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/locksim/locksim/sim"
)

// ReportName is "<A>-vs-<B>", B without the algorithm prefix it shares
// with A: fairlock-3.8.1-vs-3.16.8.
func ReportName(a, b string) string {
	if i := strings.LastIndex(a, "-"); i > 0 && strings.HasPrefix(b, a[:i+1]) {
		b = strings.TrimPrefix(b, a[:i+1])
	}
	return a + "-vs-" + b
}

// Markdown is the comparison's report after Run: violations per property
// and preset, waiting times, fairness and progress, and the waits by
// queue position that svgName (SVG's plot) shows. regenerate is the
// command that writes it.
func (c *Comparison) Markdown(regenerate, svgName string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s vs %s\n\n", c.Title(0), c.Title(1))
	fmt.Fprintf(&b, "Made by `%s`: the same %d seeds (%d-%d) under each preset for both, %d runs in all. Every figure is\n", regenerate, c.Hi-c.Lo+1, c.Lo, c.Hi, c.Runs())
	fmt.Fprintf(&b, "virtual time from the simulation, so the file regenerates byte for byte.\n\n")
	c.writeDifferences(&b)
	c.writeMechanisms(&b)
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
	series := c.series()
	fmt.Fprintf(&b, "| position | %s median (n) | %s median (n) |\n|---|---|---|\n", c.Title(0), c.Title(1))
	for pos := 1; pos <= MaxPos(series); pos++ {
		fmt.Fprintf(&b, "| %d | %s (%d) | %s (%d) |\n", pos, Median(series[0][pos]), len(series[0][pos]), Median(series[1][pos]), len(series[1][pos]))
	}
	return b.Bytes()
}

// SVG is the plot of waiting time by queue position, both sides.
func (c *Comparison) SVG() []byte { return PlotSVG([]string{c.Title(0), c.Title(1)}, c.series()) }

func (c *Comparison) series() []map[int][]sim.Duration {
	return []map[int][]sim.Duration{c.ByPos(0), c.ByPos(1)}
}
