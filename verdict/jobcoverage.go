package verdict

import (
	"context"
	"fmt"
	"strings"

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

// Summary is the main job's paragraph on coverage: one entry per Redisson
// algorithm counted (statements run of all), then each never-run statement
// that Unreachable does not explain; "" when no algorithm was counted. It
// also returns the statements by algorithm, for CoverageReport.
func (jc *JobCoverage) Summary() (string, map[string][]ScriptStatement, error) {
	all, err := jc.Statements()
	if err != nil {
		return "", nil, err
	}
	return CoverageSummary(all), all, nil
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

// CoverageSummary is Summary's paragraph for the statements of each
// algorithm counted (all, as Statements gives them).
func CoverageSummary(all map[string][]ScriptStatement) string {
	var lines, unexplained []string
	for _, a := range clients.Algorithms {
		sts, ok := all[a]
		if !ok {
			continue
		}
		ran := 0
		for _, s := range sts {
			if s.Runs > 0 {
				ran++
			}
		}
		lines = append(lines, fmt.Sprintf("%s %d/%d", a, ran, len(sts)))
		for _, s := range Missed(sts) {
			unexplained = append(unexplained, fmt.Sprintf("%s: %s #%d %q", a, s.Script, s.Index, s.Text))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nscript statements run without faults (the preset none runs and the coverage seeds): %s", strings.Join(lines, ", "))
	if len(unexplained) == 0 {
		b.WriteString("; each never run is one verdict.Unreachable explains\n")
		return b.String()
	}
	fmt.Fprintf(&b, "; never run and not explained (seeds 1-20 reach them): %d\n", len(unexplained))
	for _, l := range unexplained {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}
