package gate

import (
	"context"
	"strings"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// Config is one main job.
type Config struct {
	Algos   []string // in the order of the tables
	Lo, Hi  uint64   // the seed range, inclusive
	Confirm bool     // confirm each cell's first by-design excuse
	// ConfirmAll confirms every by-design excuse of every run instead (a
	// counterfactual run per excusing fault): a cell's later runs are
	// judged by their confirmed classes, not on the first run's word.
	ConfirmAll bool
	Batch      verdict.Batch
}

// Cell is what one algorithm × preset × property gave over the seed range.
type Cell struct {
	Runs, BugRuns, DesignRuns int
	FirstBug, FirstDesign     uint64
	FirstBugText              string
	// runs with a bug-class violation that is not a known bug
	UnexpectedRuns      int
	FirstUnexpected     uint64
	FirstUnexpectedText string
}

// Finding is a cell's first violation of one kind: the seed that shows it
// and the violation as told.
type Finding struct {
	Property, Algo, Preset string
	Seed                   uint64
	Text                   string
}

// Result is what a main job found.
type Result struct {
	Runs, Done uint64 // planned, and finished (fewer when interrupted)
	cells      map[string]*Cell
	// Excused counts the by-design violations confirmed or re-judged by
	// counterfactual runs (each cell's first, or with ConfirmAll every
	// one); Confirmed those whose excuse held, Rejudged the others, of which
	// Rejudgements lists each cell's first.
	Excused, Confirmed, Rejudged int
	Rejudgements                 []Finding
	// All says every excuse was confirmed (Config.ConfirmAll).
	All bool
	// Coverage holds the statement coverage of the fault-free Redisson runs
	// and, when every run finished, of the coverage seeds.
	Coverage *verdict.JobCoverage
	// firstDesign keeps the violations of each run that is some cell's
	// first by-design one, which confirm then does not run again.
	firstDesign map[runKey][]checks.Violation
}

// runKey is one run of the job: an algorithm, a preset and a seed.
type runKey struct {
	algo, preset string
	seed         uint64
}

// Cell is the cell of algo × preset × property, nil when none of its runs
// finished.
func (r *Result) Cell(algo, preset, prop string) *Cell { return r.cells[algo+"/"+preset+"/"+prop] }

// Run runs the main job. The error is one that kept a run from running;
// when ctx is cancelled Run stops and the result counts the runs that
// finished.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	algos, count := cfg.Algos, cfg.Hi-cfg.Lo+1
	perAlgo := uint64(len(sim.Presets)) * count
	total := uint64(len(algos)) * perAlgo
	jobOf := func(i uint64) runKey {
		return runKey{algos[i/perAlgo], sim.Presets[i%perAlgo/count], cfg.Lo + i%count}
	}
	res := &Result{Runs: total, cells: map[string]*Cell{}, firstDesign: map[runKey][]checks.Violation{}, All: cfg.ConfirmAll}
	var check func(clients.RunConfig) verdict.Outcome // CheckConfig
	if cfg.ConfirmAll {
		check = verdict.ConfirmConfig
	}
	rejudgedCells := map[string]bool{}
	var runErr error
	res.Coverage = verdict.NewJobCoverage(total, func(i uint64) bool {
		j := jobOf(i)
		_, _, redisson := clients.RedissonAlgo(j.algo)
		return redisson && j.preset == "none"
	})
	res.Done = cfg.Batch.Run(ctx, "simulating", total, check, func(i uint64) clients.RunConfig {
		j := jobOf(i)
		cfg := clients.SweepConfig(j.algo, j.seed, j.preset)
		cfg.Coverage = res.Coverage.Of(i)
		return cfg
	}, func(i uint64, _ clients.RunConfig, o verdict.Outcome) {
		if o.Err != nil {
			if runErr == nil {
				runErr = o.Err
			}
			return
		}
		j := jobOf(i)
		res.Coverage.Add(j.algo, res.Coverage.Of(i))
		if cfg.ConfirmAll {
			res.countExcuses(j, o.Violations, rejudgedCells)
		}
		for _, prop := range verdict.Properties {
			key := j.algo + "/" + j.preset + "/" + prop
			c := res.cells[key]
			if c == nil {
				c = &Cell{}
				res.cells[key] = c
			}
			if c.add(j.seed, prop, o.Violations) && !cfg.ConfirmAll {
				res.firstDesign[j] = o.Violations // confirm's input
			}
		}
	})
	if runErr != nil {
		return nil, runErr
	}
	if res.Done == total {
		if _, err := res.Coverage.RunCoverageSeeds(ctx, algos, cfg.Batch); err != nil {
			return nil, err
		}
	}
	if res.Done == total && ctx.Err() == nil && cfg.Confirm && !cfg.ConfirmAll {
		if err := res.confirm(ctx, algos, cfg.Batch); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// tally counts v's confirmed or re-judged excuse, reporting whether it
// was re-judged.
func (r *Result) tally(v checks.Violation) (rejudged bool) {
	r.Excused++
	if strings.HasPrefix(v.Confirmed, "re-judged") {
		r.Rejudged++
		return true
	}
	r.Confirmed++
	return false
}

// countExcuses counts the confirmed and re-judged excuses of run j's
// violations (every one confirmed), keeping each cell's first re-judged.
func (r *Result) countExcuses(j runKey, vs []checks.Violation, rejudgedCells map[string]bool) {
	for _, v := range vs {
		if v.Confirmed == "" {
			continue
		}
		if !r.tally(v) {
			continue
		}
		if cell := j.algo + "/" + j.preset + "/" + v.Property; !rejudgedCells[cell] {
			rejudgedCells[cell] = true
			r.Rejudgements = append(r.Rejudgements, Finding{Property: v.Property, Algo: j.algo, Preset: j.preset, Seed: j.seed, Text: v.String()})
		}
	}
}

// add counts one run's violations of prop into the cell: a run with a
// bug-class one is a bug run, else one with a by-design one a design run.
// It reports whether the run is the cell's first design run.
func (c *Cell) add(seed uint64, prop string, vs []checks.Violation) (firstDesign bool) {
	c.Runs++
	bug, design, unexpected := false, false, false
	for _, v := range vs {
		if v.Property != prop {
			continue
		}
		if v.Class != checks.ByDesign {
			if !bug && c.FirstBug == 0 {
				c.FirstBug, c.FirstBugText = seed, v.String()
			}
			bug = true
			if v.Class == checks.Bug {
				if !unexpected && c.FirstUnexpected == 0 {
					c.FirstUnexpected, c.FirstUnexpectedText = seed, v.String()
				}
				unexpected = true
			}
		} else {
			design = true
		}
	}
	if unexpected {
		c.UnexpectedRuns++
	}
	if bug {
		c.BugRuns++
	} else if design {
		c.DesignRuns++
		if c.FirstDesign == 0 {
			c.FirstDesign = seed
			return true
		}
	}
	return false
}

// confirm runs the first by-design violation of every cell again with
// its excuses confirmed by counterfactual runs: an excuse that does not
// hold is re-judged, and a re-judged violation that is an unknown bug
// makes its cell's first unexpected finding.
func (r *Result) confirm(ctx context.Context, algos []string, b verdict.Batch) error {
	type target struct {
		cell string
		cfg  clients.RunConfig
		prop string
		run  int // index of its run in runs
	}
	var targets []target
	// One confirmed run serves every target with its seed: ConfirmFirst
	// judges, for each of their properties, the violation the target reads.
	var runs []clients.RunConfig
	runOf := map[runKey]int{}
	propsOf := map[runKey][]string{} // the properties its targets read
	for _, a := range algos {
		for _, p := range sim.Presets {
			for _, prop := range verdict.Properties {
				if c := r.Cell(a, p, prop); c != nil && c.FirstDesign != 0 {
					cfg := clients.SweepConfig(a, c.FirstDesign, p)
					key := runKey{a, p, cfg.Seed}
					k, ok := runOf[key]
					if !ok {
						k = len(runs)
						runOf[key] = k
						runs = append(runs, cfg)
					}
					targets = append(targets, target{a + "/" + p + "/" + prop, cfg, prop, k})
					propsOf[key] = append(propsOf[key], prop)
				}
			}
		}
	}
	outcomes := make([]verdict.Outcome, len(runs))
	// Each run is a cell's first by-design one, which the job made already
	// and kept the violations of (runs are deterministic): only the
	// counterfactual runs are made, and only for the violations a target
	// reads (its property's first one with a fault to leave out).
	confirm := func(cfg clients.RunConfig) verdict.Outcome {
		key := runKey{cfg.Algo, cfg.Preset, cfg.Seed}
		vs, err := verdict.ConfirmFirst(cfg, r.firstDesign[key], propsOf[key])
		return verdict.Outcome{Violations: vs, Err: err}
	}
	done := b.Run(ctx, "confirming excuses", uint64(len(runs)), confirm,
		func(i uint64) clients.RunConfig { return runs[i] },
		func(i uint64, _ clients.RunConfig, o verdict.Outcome) { outcomes[i] = o })
	for _, t := range targets {
		if uint64(t.run) >= done {
			continue // interrupted before its run finished
		}
		o, cfg := outcomes[t.run], t.cfg
		if o.Err != nil {
			return o.Err
		}
		for _, v := range o.Violations {
			if v.Property != t.prop || v.Confirmed == "" {
				continue
			}
			if !r.tally(v) {
				break
			}
			r.Rejudgements = append(r.Rejudgements, Finding{Property: t.prop, Algo: cfg.Algo, Preset: cfg.Preset, Seed: cfg.Seed, Text: v.String()})
			if v.Class == checks.Bug {
				c := r.cells[t.cell]
				c.UnexpectedRuns++
				c.BugRuns++
				c.FirstUnexpected, c.FirstUnexpectedText = cfg.Seed, v.String()
			}
			break
		}
	}
	return nil
}

// Findings are the first bug-class finding of each cell, property by
// property, algorithm by algorithm, preset by preset: expected holds the
// cells with a known bug (verdict.Known) and unexpected those with a bug
// the catalog does not know; a cell with both is in each.
func (r *Result) Findings(algos []string) (expected, unexpected []Finding) {
	for _, prop := range verdict.Properties {
		for _, a := range algos {
			for _, p := range sim.Presets {
				c := r.Cell(a, p, prop)
				if c == nil || c.BugRuns == 0 {
					continue
				}
				if c.UnexpectedRuns < c.BugRuns {
					expected = append(expected, Finding{prop, a, p, c.FirstBug, c.FirstBugText})
				}
				if c.UnexpectedRuns > 0 {
					unexpected = append(unexpected, Finding{prop, a, p, c.FirstUnexpected, c.FirstUnexpectedText})
				}
			}
		}
	}
	return expected, unexpected
}
