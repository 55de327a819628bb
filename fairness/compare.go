package fairness

import (
	"context"
	"fmt"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/internal/ordered"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Tally adds up the runs of one algorithm under one preset: per property,
// the runs with a bug-class violation, the runs with only by-design ones
// and the first seed with a bug; per property and mechanism, the runs
// that showed it; and the sum of the runs' measures.
type Tally struct {
	Runs                int
	BugRuns, DesignRuns map[string]int
	FirstBug            map[string]uint64
	Mechs               map[MechKey]*MechCount
	Metrics             Metrics
}

// MechKey is one mechanism (its label, checks.Mechanism.Label) of one
// property.
type MechKey struct{ Property, Label string }

// MechCount is how many runs showed a mechanism, the first seed that did,
// its class and its upstream reference.
type MechCount struct {
	Runs  int
	First uint64
	Class checks.Class
	Ref   string
	Name  string // the catalogued flaw's name, "" for another mechanism
}

// Add counts the run of seed that measured m.
func (t *Tally) Add(seed uint64, m Metrics) {
	if t.BugRuns == nil {
		t.BugRuns, t.DesignRuns, t.FirstBug = map[string]int{}, map[string]int{}, map[string]uint64{}
	}
	if t.Mechs == nil {
		t.Mechs = map[MechKey]*MechCount{}
	}
	t.Runs++
	seenMech := map[MechKey]bool{}
	for _, v := range m.Violations {
		k := MechKey{v.Property, v.Mech.Label()}
		if seenMech[k] {
			continue
		}
		seenMech[k] = true
		c := t.Mechs[k]
		if c == nil {
			c = &MechCount{First: seed, Class: v.Class, Ref: v.Mech.Ref}
			if v.Mech.Kind == checks.MechFlaw {
				c.Name = v.Mech.Name
			}
			t.Mechs[k] = c
		}
		c.Runs++
	}
	seenBug, seenDesign := map[string]bool{}, map[string]bool{}
	for _, v := range m.Violations {
		if v.Class == checks.Bug {
			seenBug[v.Property] = true
		} else {
			seenDesign[v.Property] = true
		}
	}
	// Counts per property: the order the properties are visited in
	// changes nothing.
	for p := range seenBug {
		t.BugRuns[p]++
		if t.FirstBug[p] == 0 {
			t.FirstBug[p] = seed
		}
	}
	for p := range seenDesign {
		if !seenBug[p] {
			t.DesignRuns[p]++
		}
	}
	t.Metrics.Add(m)
}

// Comparison is two algorithms (or two script sets) on the same seeds and
// presets.
type Comparison struct {
	Names   [2]string
	Scripts [2]string // a side's own script directory, "" for the embedded scripts
	Presets []string
	Lo, Hi  uint64 // the seed range, inclusive
	tallies map[string]*Tally
}

// SetTally sets side's (0 or 1) tally under preset, for a comparison
// whose runs were counted elsewhere (a test's hand-made one).
func (c *Comparison) SetTally(side int, preset string, t *Tally) {
	if c.tallies == nil {
		c.tallies = map[string]*Tally{}
	}
	c.tallies[fmt.Sprintf("%d/%s", side, preset)] = t
}

// Runs is how many runs the comparison makes: both sides, every preset,
// every seed.
func (c *Comparison) Runs() uint64 { return 2 * uint64(len(c.Presets)) * (c.Hi - c.Lo + 1) }

// Tally is side's (0 or 1) tally under preset; empty before Run.
func (c *Comparison) Tally(side int, preset string) *Tally {
	if t := c.tallies[fmt.Sprintf("%d/%s", side, preset)]; t != nil {
		return t
	}
	return &Tally{}
}

// Run measures every run, workers at a time with results added in job
// order, and returns how many finished (fewer when ctx was cancelled) and
// the first error that kept one from running.
func (c *Comparison) Run(ctx context.Context, workers int, meter verdict.Meter) (uint64, error) {
	count := c.Hi - c.Lo + 1
	perSide := uint64(len(c.Presets)) * count
	jobOf := func(i uint64) (int, run.Config) {
		side := int(i / perSide)
		k := i % perSide
		return side, run.Config{Algo: c.Names[side], Seed: c.Lo + k%count, Preset: c.Presets[k/count], Scripts: c.Scripts[side]}
	}
	type measured struct {
		m   Metrics
		err error
	}
	c.tallies = map[string]*Tally{}
	tick, finish := func(bool) {}, func() {}
	if meter != nil {
		tick, finish = meter("comparing", c.Runs())
	}
	defer finish()
	var runErr error
	done := ordered.Run(ctx, c.Runs(), workers, func(i uint64) measured {
		_, cfg := jobOf(i)
		m, err := Measure(cfg)
		return measured{m, err}
	}, func(i uint64, res measured) {
		tick(false)
		if res.err != nil {
			if runErr == nil {
				runErr = res.err
			}
			return
		}
		side, cfg := jobOf(i)
		k := fmt.Sprintf("%d/%s", side, cfg.Preset)
		if c.tallies[k] == nil {
			c.tallies[k] = &Tally{}
		}
		c.tallies[k].Add(cfg.Seed, res.m)
	})
	return done, runErr
}

// ByPos is side's waits by first queue position over every preset, in
// preset order.
func (c *Comparison) ByPos(side int) map[int][]sim.Duration {
	all := map[int][]sim.Duration{}
	for _, p := range c.Presets {
		for pos, ds := range c.Tally(side, p).Metrics.ByPos {
			all[pos] = append(all[pos], ds...)
		}
	}
	return all
}
