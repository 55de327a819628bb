package fairness

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/verdict"
)

// SideMech is one side's count of a mechanism over every preset: the
// runs that showed it of the side's runs, the preset and seed of its
// first run, its class, its upstream reference and the catalogued flaw's
// name ("" for another mechanism).
type SideMech struct {
	Runs, Of      int
	Preset        string
	First         uint64
	Class         checks.Class
	Ref, FlawName string
}

// Mechanisms adds up, per property and mechanism, each side's runs over
// every preset, in property order then label order (bugs first).
func (c *Comparison) Mechanisms() ([]MechKey, map[MechKey]*[2]SideMech) {
	all := map[MechKey]*[2]SideMech{}
	var keys []MechKey
	for side := range c.Names {
		for _, p := range c.Presets {
			t := c.Tally(side, p)
			for k, m := range t.Mechs {
				x := all[k]
				if x == nil {
					x = &[2]SideMech{}
					all[k] = x
					keys = append(keys, k)
				}
				s := &x[side]
				if s.Runs == 0 {
					s.Preset, s.First, s.Class, s.Ref, s.FlawName = p, m.First, m.Class, m.Ref, m.Name
				}
				s.Runs += m.Runs
			}
		}
	}
	for side := range c.Names {
		n := 0
		for _, p := range c.Presets {
			n += c.Tally(side, p).Runs
		}
		for _, x := range all {
			x[side].Of = n
		}
	}
	rank := func(k MechKey) (int, int) {
		x := all[k]
		cl := x[0].Class
		if x[0].Runs == 0 {
			cl = x[1].Class
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

// Wilson is the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
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

// Title names a side: its algorithm, and the script directory it ran on
// when one was given (two sides of one algorithm differ by it).
func (c *Comparison) Title(side int) string {
	if c.Scripts[side] != "" {
		return fmt.Sprintf("%s (scripts %s)", c.Names[side], c.Scripts[side])
	}
	return c.Names[side]
}

// Command is the run of side that reproduces seed under preset.
func (c *Comparison) Command(side int, seed uint64, preset string) string {
	cmd := fmt.Sprintf("simrun run --algo %s --seed %d --preset %s", c.Names[side], seed, preset)
	if c.Scripts[side] != "" {
		cmd += " --scripts " + run.ShellQuote(c.Scripts[side])
	}
	return cmd
}

// Bugs are the bug mechanisms either side showed, each as "side property
// label (first run)", after Run.
func (c *Comparison) Bugs() []string {
	keys, all := c.Mechanisms()
	var out []string
	for _, k := range keys {
		for side := range c.Names {
			if s := all[k][side]; s.Runs > 0 && s.Class == checks.Bug {
				out = append(out, fmt.Sprintf("%s %s %s (%s)", c.Title(side), k.Property, k.Label, c.Command(side, s.First, s.Preset)))
			}
		}
	}
	return out
}
