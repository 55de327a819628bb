package verdict

import (
	"context"
	"slices"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/internal/ordered"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// Outcome is what a checked run gives: its violations, or the error that
// kept it from running.
type Outcome struct {
	Violations []checks.Violation
	Err        error
}

// CheckConfig runs one configuration and checks it; each run is a world
// of its own, single-threaded and seeded. No trace is built: the checks
// read the run's history.
func (j Judge) CheckConfig(cfg run.Config) Outcome {
	r, err := run.New(cfg, sim.Untraced)
	if err != nil {
		return Outcome{Err: err}
	}
	r.Execute()
	if err := r.Err(); err != nil {
		return Outcome{Err: err}
	}
	out := Outcome{Violations: j.Check(r).Violations}
	r.Recycle() // the violations hold no part of the history
	return out
}

// CheckConfig is Default.CheckConfig.
func CheckConfig(cfg run.Config) Outcome { return Default.CheckConfig(cfg) }

// ConfirmConfig is CheckConfig with every by-design excuse confirmed, or
// re-judged, by counterfactual runs (Confirm).
func (j Judge) ConfirmConfig(cfg run.Config) Outcome {
	res := j.CheckConfig(cfg)
	if res.Err == nil {
		res.Violations, res.Err = j.Confirm(cfg, res.Violations)
	}
	return res
}

// ConfirmConfig is Default.ConfirmConfig.
func ConfirmConfig(cfg run.Config) Outcome { return Default.ConfirmConfig(cfg) }

// Meter shows the progress of a batch: called with the name of a phase and
// how many runs it holds, it returns what counts one finished run (bug:
// the run showed a violation no mechanism explains) and what ends the
// phase. Only a display reads it; results never depend on it.
type Meter func(what string, n uint64) (tick func(bug bool), finish func())

// Batch runs many configurations in parallel with results in job order,
// so that what a batch adds up to does not depend on Workers.
type Batch struct {
	Workers int   // parallel runs; below 1, one
	Meter   Meter // nil: no progress shown
}

// Run runs n configurations, config(i) built only when a worker takes job
// i, each through check (CheckConfig when nil), and calls emit in job
// order as results complete. It stops early when ctx is cancelled, and
// returns how many were emitted: those of jobs 0 to emitted-1.
func (b Batch) Run(ctx context.Context, what string, n uint64, check func(run.Config) Outcome, config func(i uint64) run.Config, emit func(i uint64, cfg run.Config, o Outcome)) uint64 {
	if check == nil {
		check = CheckConfig
	}
	tick, finish := func(bool) {}, func() {}
	if b.Meter != nil {
		tick, finish = b.Meter(what, n)
	}
	defer finish()
	return ordered.Run(ctx, n, b.Workers, func(i uint64) Outcome {
		return check(config(i))
	}, func(i uint64, o Outcome) {
		tick(slices.ContainsFunc(o.Violations, func(v checks.Violation) bool { return v.Class == checks.Bug }))
		emit(i, config(i), o)
	})
}

// All runs every configuration and checks it, the violations in input
// order; the first error that kept a run from running fails it all.
func (b Batch) All(cfgs []run.Config) ([][]checks.Violation, error) {
	results := make([][]checks.Violation, len(cfgs))
	var firstErr error
	b.Run(context.Background(), "simulating", uint64(len(cfgs)), nil,
		func(i uint64) run.Config { return cfgs[i] },
		func(i uint64, _ run.Config, o Outcome) {
			if o.Err != nil && firstErr == nil {
				firstErr = o.Err
			}
			results[i] = o.Violations
		})
	if firstErr != nil {
		return nil, firstErr
	}
	return results, nil
}
