package fairness

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/verdict"
)

// sideMech is one side's count of a mechanism over every preset, with the
// preset and seed of its first run.
type sideMech struct {
	runs, of      int
	preset        string
	first         uint64
	class         checks.Class
	ref, flawName string
}

// mechanisms adds up, per property and mechanism, each side's runs over
// every preset, in property order then label order (bugs first).
func (c *Comparison) mechanisms() ([]MechKey, map[MechKey]*[2]sideMech) {
	all := map[MechKey]*[2]sideMech{}
	var keys []MechKey
	for side := range c.Names {
		for _, p := range c.Presets {
			t := c.Tally(side, p)
			for k, m := range t.Mechs {
				x := all[k]
				if x == nil {
					x = &[2]sideMech{}
					all[k] = x
					keys = append(keys, k)
				}
				s := &x[side]
				if s.runs == 0 {
					s.preset, s.first, s.class, s.ref, s.flawName = p, m.First, m.Class, m.Ref, m.Name
				}
				s.runs += m.Runs
			}
		}
	}
	for side := range c.Names {
		n := 0
		for _, p := range c.Presets {
			n += c.Tally(side, p).Runs
		}
		for _, x := range all {
			x[side].of = n
		}
	}
	rank := func(k MechKey) (int, int) {
		x := all[k]
		cl := x[0].class
		if x[0].runs == 0 {
			cl = x[1].class
		}
		r := 2
		switch cl {
		case checks.Bug:
			r = 0
		case checks.Known:
			r = 1
		}
		return slices.Index(verdict.Properties, k.Property), r
	}
	slices.SortFunc(keys, func(a, b MechKey) int {
		pa, ra := rank(a)
		pb, rb := rank(b)
		if pa != pb {
			return pa - pb
		}
		if ra != rb {
			return ra - rb
		}
		return strings.Compare(a.Label, b.Label)
	})
	return keys, all
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / d
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return max(0, centre-half), min(1, centre+half)
}

// rate is "k/n (lo–hi%)", the 95% interval.
func rate(k, n int) string {
	lo, hi := wilson(k, n)
	return fmt.Sprintf("%d/%d (%.1f–%.1f%%)", k, n, 100*lo, 100*hi)
}

// writeMechanisms is the table of every mechanism of every property, each
// side's runs with their 95% interval and its first run.
func (c *Comparison) writeMechanisms(b *bytes.Buffer) {
	keys, all := c.mechanisms()
	fmt.Fprintf(b, "## Violations by mechanism\n\nEach mechanism that made a property's violations (faults confirmed by counterfactual runs), the runs that showed it on each side, all presets together, with the 95%% Wilson interval, and the run that first showed it. *bug*: nothing explains it; *known*: a catalogued flaw (verdict/catalog.go); *by-design*: a fault, a lease, a contract action or a documented condition.\n\n")
	fmt.Fprintf(b, "| property | mechanism | class | %s | %s | reference |\n|---|---|---|---|---|---|\n", c.Title(0), c.Title(1))
	for _, k := range keys {
		x := all[k]
		class, ref := x[0].class, x[0].ref
		if x[0].runs == 0 {
			class, ref = x[1].class, x[1].ref
		}
		var cells [2]string
		for side := range c.Names {
			s := x[side]
			cells[side] = rate(s.runs, s.of)
			if s.runs > 0 {
				cells[side] += fmt.Sprintf(", first `%s`", c.command(side, s.first, s.preset))
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
func (c *Comparison) writeDifferences(b *bytes.Buffer) {
	keys, all := c.mechanisms()
	a, bn := c.Title(0), c.Title(1)
	fmt.Fprintf(b, "## How they differ\n\n")
	n := 0
	design := map[string][]string{} // by property: the by-design mechanisms that differ, in a word each
	var designProps []string
	for _, k := range keys {
		x := all[k]
		loA, hiA := wilson(x[0].runs, x[0].of)
		loB, hiB := wilson(x[1].runs, x[1].of)
		var who string
		switch {
		case x[0].runs > 0 && x[1].runs == 0:
			who = fmt.Sprintf("only %s shows it, in %s runs", a, rate(x[0].runs, x[0].of))
		case x[1].runs > 0 && x[0].runs == 0:
			who = fmt.Sprintf("only %s shows it, in %s runs", bn, rate(x[1].runs, x[1].of))
		case hiA < loB:
			who = fmt.Sprintf("%s shows it more often: %s against %s", bn, rate(x[1].runs, x[1].of), rate(x[0].runs, x[0].of))
		case hiB < loA:
			who = fmt.Sprintf("%s shows it more often: %s against %s", a, rate(x[0].runs, x[0].of), rate(x[1].runs, x[1].of))
		default:
			continue // within each other's interval: no difference shown
		}
		n++
		s := x[0]
		if s.runs == 0 {
			s = x[1]
		}
		if s.class == checks.ByDesign {
			if design[k.Property] == nil {
				designProps = append(designProps, k.Property)
			}
			design[k.Property] = append(design[k.Property], fmt.Sprintf("`%s` %d vs %d", k.Label, x[0].runs, x[1].runs))
			continue
		}
		why := ""
		switch {
		case s.flawName != "":
			if f := verdict.FlawNamed(s.flawName); f != nil {
				why = " — " + f.What
				if f.Ref != "" {
					why += " (" + f.Ref + ")"
				}
			}
		case s.class == checks.Bug:
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
	var m [2]Metrics
	for side := range c.Names {
		for _, p := range c.Presets {
			m[side].Add(c.Tally(side, p).Metrics)
		}
	}
	fmt.Fprintf(b, "- Acquisitions (lock() and tryLock(wait) calls that got the lock): %s %d, %s %d. Of the acquiring calls each made (%d, %d), %d and %d returned without the lock (a tryLock whose wait ran out, or none) and %d and %d threw; the acquired calls waited %s and %s (median). A side that waits longer or gives up more makes fewer round trips in the same simulated time.\n\n",
		a, m[0].Acquired, bn, m[1].Acquired, m[0].Calls, m[1].Calls, m[0].GaveUp, m[1].GaveUp, m[0].Failed, m[1].Failed, Median(m[0].Waits), Median(m[1].Waits))
}

// Title names a side: its algorithm, and the script directory it ran on
// when one was given (two sides of one algorithm differ by it).
func (c *Comparison) Title(side int) string {
	if c.Scripts[side] != "" {
		return fmt.Sprintf("%s (scripts %s)", c.Names[side], c.Scripts[side])
	}
	return c.Names[side]
}

// command is the run of side that reproduces seed under preset.
func (c *Comparison) command(side int, seed uint64, preset string) string {
	cmd := fmt.Sprintf("simrun run --algo %s --seed %d --preset %s", c.Names[side], seed, preset)
	if c.Scripts[side] != "" {
		cmd += " --scripts " + run.ShellQuote(c.Scripts[side])
	}
	return cmd
}

// Bugs are the bug mechanisms either side showed, each as "side property
// label (first run)", after Run.
func (c *Comparison) Bugs() []string {
	keys, all := c.mechanisms()
	var out []string
	for _, k := range keys {
		for side := range c.Names {
			if s := all[k][side]; s.runs > 0 && s.class == checks.Bug {
				out = append(out, fmt.Sprintf("%s %s %s (%s)", c.Title(side), k.Property, k.Label, c.command(side, s.first, s.preset)))
			}
		}
	}
	return out
}
