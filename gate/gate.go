package gate

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Config is one main job.
type Config struct {
	Algos  []string // in the order of the tables
	Lo, Hi uint64   // the seed range, inclusive
	// Shard, when N > 1, runs only the seeds of shard I of N: the range
	// cut into N contiguous parts (Shard.Seeds). Merge joins the shards.
	Shard Shard
	// NoConfirm skips the counterfactual runs that confirm every
	// violation a fault explains.
	NoConfirm bool
	// Scripts and Mutant run the algorithms on a user's script directory
	// or a mutant of the catalogue instead of the real code (RunConfig's).
	Scripts, Mutant string
	Batch           verdict.Batch
	// What names the job on its progress line ("simulating" when empty).
	What string
	// NoCoverage skips the statement coverage of the fault-free runs.
	NoCoverage bool
	// Base, for a change (RunChange), is the job already run on the
	// unmodified code for the algorithms the change alters: the mutants
	// of one algorithm share it.
	Base *Result
}

// Shard is part I (1-based) of N of a job's seeds.
type Shard struct{ I, N int }

// Seeds is the part of [lo, hi] shard s runs: N contiguous ranges of
// sizes that differ by one at most; ok is false when it is empty.
func (s Shard) Seeds(lo, hi uint64) (from, to uint64, ok bool) {
	if s.N <= 1 {
		return lo, hi, true
	}
	n := hi - lo + 1
	size := func(k uint64) uint64 { return n/uint64(s.N)*k + min(k, n%uint64(s.N)) }
	from, to = lo+size(uint64(s.I-1)), lo+size(uint64(s.I))-1
	return from, to, to+1 > from
}

// Result is what a main job found.
type Result struct {
	Algos   []string `json:"algos"`
	Lo, Hi  uint64   `json:"-"`
	Scripts string   `json:"scripts,omitempty"`
	Mutant  string   `json:"mutant,omitempty"`
	// Runs were planned, Done finished (fewer when interrupted).
	Runs, Done uint64
	// Shards is the set of shards of N the result holds (bit I-1 for
	// shard I), 1 for an unsharded job; ShardsOf is N.
	Shards   uint64
	ShardsOf int
	cells    map[string]*Cell
	// Confirmed and Rejudged count the violations a fault explained that
	// a counterfactual run confirmed, or re-judged (another mechanism made
	// them); Rejudgements keeps each cell's first re-judged one.
	Confirmed, Rejudged int
	Rejudgements        []Finding
	// Unconfirmed: the job ran with NoConfirm.
	Unconfirmed bool
	// Coverage holds the statement coverage of the fault-free Redisson runs
	// and, when every run finished, of the coverage seeds.
	Coverage *verdict.JobCoverage
}

// Finding is one mechanism of one cell: its first seed and how it was
// told, with how many runs showed it.
type Finding struct {
	Property, Algo, Preset string
	Seed                   uint64
	Text                   string
	Label                  string
	Runs                   int
}

// key names a cell.
func key(algo, preset, prop string) string { return algo + "/" + preset + "/" + prop }

// Cell is the cell of algo × preset × property, nil when none of its runs
// finished.
func (r *Result) Cell(algo, preset, prop string) *Cell { return r.cells[key(algo, preset, prop)] }

// Config is the run the job makes of algo, seed and preset: the sweep's
// (clients.SweepConfig), on the job's scripts or mutant where they apply.
func (c Config) runConfig(algo string, seed uint64, preset string) clients.RunConfig {
	cfg := clients.SweepConfig(algo, seed, preset)
	if _, _, redisson := clients.RedissonAlgo(algo); redisson {
		cfg.Scripts = c.Scripts
	}
	if m, err := clients.LookupMutant(c.Mutant); err == nil && m.Algo == algo {
		cfg.Mutant = c.Mutant
	}
	return cfg
}

// Run runs the main job. The error is one that kept a run from running;
// when ctx is cancelled Run stops and the result counts the runs that
// finished.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	lo, hi, ok := cfg.Shard.Seeds(cfg.Lo, cfg.Hi)
	count := hi - lo + 1
	if !ok {
		count = 0
	}
	algos := cfg.Algos
	perAlgo := uint64(len(sim.Presets)) * count
	total := uint64(len(algos)) * perAlgo
	type job struct {
		algo, preset string
		seed         uint64
	}
	jobOf := func(i uint64) job {
		return job{algos[i/perAlgo], sim.Presets[i%perAlgo/count], lo + i%count}
	}
	res := &Result{Algos: slices.Clone(algos), Lo: cfg.Lo, Hi: cfg.Hi, Scripts: cfg.Scripts, Mutant: cfg.Mutant,
		Runs: total, cells: map[string]*Cell{}, Unconfirmed: cfg.NoConfirm, Shards: 1, ShardsOf: max(cfg.Shard.N, 1)}
	if cfg.Shard.N > 1 {
		res.Shards = 1 << (cfg.Shard.I - 1)
	}
	check := verdict.ConfirmConfig
	if cfg.NoConfirm {
		check = verdict.CheckConfig
	}
	var runErr error
	res.Coverage = verdict.NewJobCoverage(total, func(i uint64) bool {
		j := jobOf(i)
		_, _, redisson := clients.RedissonAlgo(j.algo)
		return redisson && j.preset == "none" && cfg.Scripts == "" && cfg.Mutant == "" && !cfg.NoCoverage
	})
	what := cmp.Or(cfg.What, "simulating")
	rejudged := map[string]bool{}
	res.Done = cfg.Batch.Run(ctx, what, total, check, func(i uint64) clients.RunConfig {
		j := jobOf(i)
		c := cfg.runConfig(j.algo, j.seed, j.preset)
		c.Coverage = res.Coverage.Of(i)
		return c
	}, func(i uint64, _ clients.RunConfig, o verdict.Outcome) {
		if o.Err != nil {
			if runErr == nil {
				runErr = o.Err
			}
			return
		}
		j := jobOf(i)
		res.Coverage.Add(j.algo, res.Coverage.Of(i))
		res.countConfirmations(j.algo, j.preset, j.seed, o.Violations, rejudged)
		for _, prop := range verdict.Properties {
			k := key(j.algo, j.preset, prop)
			c := res.cells[k]
			if c == nil {
				c = &Cell{Algo: j.algo, Preset: j.preset, Property: prop}
				res.cells[k] = c
			}
			c.add(j.seed, o.Violations)
		}
	})
	if runErr != nil {
		return nil, runErr
	}
	if res.Done == total && cfg.Shard.N <= 1 && cfg.Scripts == "" && cfg.Mutant == "" && !cfg.NoCoverage {
		if _, err := res.Coverage.RunCoverageSeeds(ctx, algos, cfg.Batch); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// countConfirmations counts the confirmed and re-judged mechanisms of one
// run's violations, keeping each cell's first re-judged one.
func (r *Result) countConfirmations(algo, preset string, seed uint64, vs []checks.Violation, seen map[string]bool) {
	for _, v := range vs {
		switch {
		case v.Confirmed == "":
		case v.Confirmed[0] == 'c': // "confirmed: ..."
			r.Confirmed++
		default:
			r.Rejudged++
			if k := key(algo, preset, v.Property); !seen[k] {
				seen[k] = true
				r.Rejudgements = append(r.Rejudgements, Finding{Property: v.Property, Algo: algo, Preset: preset, Seed: seed, Text: v.String(), Label: v.Mech.Label(), Runs: 1})
			}
		}
	}
}

// Findings are the cells' mechanisms of one class, property by property,
// algorithm by algorithm, preset by preset, each with its first seed.
func (r *Result) Findings(class checks.Class) []Finding {
	var out []Finding
	for _, prop := range verdict.Properties {
		for _, a := range r.Algos {
			for _, p := range sim.Presets {
				c := r.Cell(a, p, prop)
				if c == nil {
					continue
				}
				for _, m := range c.Mechs {
					if m.Class == class {
						out = append(out, Finding{Property: prop, Algo: a, Preset: p, Seed: m.First(), Text: m.Text, Label: m.Label, Runs: m.Runs()})
					}
				}
			}
		}
	}
	return out
}

// Unexpected are the job's bugs: violations no mechanism explains.
func (r *Result) Unexpected() []Finding { return r.Findings(checks.Bug) }

// Merge adds o, another shard of the same job, into r: the cells, the run
// counts and the confirmations. It refuses a job of other algorithms,
// seeds, scripts or mutant, or one already counted.
func (r *Result) Merge(o *Result) error {
	switch {
	case !slices.Equal(r.Algos, o.Algos):
		return fmt.Errorf("the algorithms differ: %s and %s", strings.Join(r.Algos, ","), strings.Join(o.Algos, ","))
	case r.Lo != o.Lo || r.Hi != o.Hi:
		return fmt.Errorf("the seed ranges differ: %d-%d and %d-%d", r.Lo, r.Hi, o.Lo, o.Hi)
	case r.Scripts != o.Scripts || r.Mutant != o.Mutant:
		return fmt.Errorf("the code differs: scripts %q mutant %q and scripts %q mutant %q", r.Scripts, r.Mutant, o.Scripts, o.Mutant)
	case r.Unconfirmed != o.Unconfirmed:
		return fmt.Errorf("one shard ran with --no-confirm, the other not")
	case r.ShardsOf != o.ShardsOf:
		return fmt.Errorf("one job is cut in %d shards, the other in %d", r.ShardsOf, o.ShardsOf)
	case r.Shards&o.Shards != 0:
		return fmt.Errorf("a shard is counted twice")
	}
	r.Shards |= o.Shards
	r.Runs += o.Runs
	r.Done += o.Done
	r.Confirmed += o.Confirmed
	r.Rejudged += o.Rejudged
	r.Rejudgements = append(r.Rejudgements, o.Rejudgements...)
	slices.SortStableFunc(r.Rejudgements, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Property, b.Property), cmp.Compare(a.Algo, b.Algo), cmp.Compare(a.Preset, b.Preset), cmp.Compare(a.Seed, b.Seed))
	})
	r.Rejudgements = slices.CompactFunc(r.Rejudgements, func(a, b Finding) bool {
		return a.Property == b.Property && a.Algo == b.Algo && a.Preset == b.Preset
	})
	for k, oc := range o.cells {
		if c := r.cells[k]; c != nil {
			c.merge(oc)
		} else {
			cp := *oc
			cp.Mechs = nil
			cp.Runs, cp.Bug, cp.Known, cp.Design = 0, 0, 0, 0
			cp.merge(oc)
			r.cells[k] = &cp
		}
	}
	r.Coverage = nil // the coverage of a sharded job is not summed
	return nil
}
