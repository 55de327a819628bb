package verdict

import (
	"context"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
)

// JobCoverage gathers the statement coverage of the Redisson scripts over
// a batch's fault-free runs: a counted run adds into its algorithm's total.
// Counting costs a hook per instruction, so only the runs counts chose
// carry one.
type JobCoverage struct {
	perRun []*sim.Coverage // by job index; nil for runs not counted
	byAlgo map[string]*sim.Coverage
}

// NewJobCoverage makes a counter for each of total jobs that counts
// chooses.
func NewJobCoverage(total uint64, counts func(i uint64) bool) *JobCoverage {
	jc := &JobCoverage{perRun: make([]*sim.Coverage, total), byAlgo: map[string]*sim.Coverage{}}
	for i := range total {
		if counts(i) {
			jc.perRun[i] = sim.NewCoverage()
		}
	}
	return jc
}

// Of is job i's counter, for its run.Config.Coverage: nil when the job is
// not counted.
func (jc *JobCoverage) Of(i uint64) *sim.Coverage { return jc.perRun[i] }

// Add merges a finished run's counts (nil: none) into algo's total.
func (jc *JobCoverage) Add(algo string, c *sim.Coverage) {
	if c == nil {
		return
	}
	if jc.byAlgo[algo] == nil {
		jc.byAlgo[algo] = sim.NewCoverage()
	}
	jc.byAlgo[algo].Merge(c)
}

// RunCoverageSeeds runs the fault-free seeds that reach what the default
// range misses (CoverageSeeds) and counts them in; it returns how many
// ran and the first error that kept one from running.
func (jc *JobCoverage) RunCoverageSeeds(ctx context.Context, algos []string, b Batch) (uint64, error) {
	var cfgs []run.Config
	for _, a := range algos {
		for _, s := range CoverageSeeds[a] {
			cfg := run.SweepConfig(a, s, "none")
			cfg.Coverage = sim.NewCoverage()
			cfgs = append(cfgs, cfg)
		}
	}
	var err error
	done := b.Run(ctx, "coverage seeds", uint64(len(cfgs)), nil,
		func(i uint64) run.Config { return cfgs[i] },
		func(i uint64, _ run.Config, o Outcome) {
			if o.Err != nil && err == nil {
				err = o.Err
			}
			jc.Add(cfgs[i].Algo, cfgs[i].Coverage)
		})
	return done, err
}

// Statements are the statements of each algorithm counted, with their
// runs.
func (jc *JobCoverage) Statements() (map[string][]ScriptStatement, error) {
	all := map[string][]ScriptStatement{}
	for _, a := range clients.Algorithms {
		c := jc.byAlgo[a]
		if c == nil {
			continue
		}
		sts, err := Statements(a, c)
		if err != nil {
			return nil, err
		}
		all[a] = sts
	}
	return all, nil
}
