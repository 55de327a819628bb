package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/locksim/locksim/clients"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/verdict"
)

// jobCoverage gathers the statement coverage of the Redisson scripts over
// the main job's fault-free runs: a run with preset none counts into its
// algorithm's total. Counting costs a hook per instruction, so only those
// runs carry one.
type jobCoverage struct {
	perRun []*sim.Coverage // by job index; nil for runs not counted
	byAlgo map[string]*sim.Coverage
}

func newJobCoverage(total uint64, counts func(i uint64) bool) *jobCoverage {
	jc := &jobCoverage{perRun: make([]*sim.Coverage, total), byAlgo: map[string]*sim.Coverage{}}
	for i := range total {
		if counts(i) {
			jc.perRun[i] = sim.NewCoverage()
		}
	}
	return jc
}

// add merges run i's counts into algo's total once it has finished.
func (jc *jobCoverage) add(algo string, c *sim.Coverage) {
	if c == nil {
		return
	}
	if jc.byAlgo[algo] == nil {
		jc.byAlgo[algo] = sim.NewCoverage()
	}
	jc.byAlgo[algo].Merge(c)
}

// runCoverageSeeds runs the fault-free seeds that reach what the default
// range misses (verdict.CoverageSeeds) and counts them in.
func (jc *jobCoverage) runCoverageSeeds(ctx context.Context, algos []string, workers int, stderr io.Writer) (uint64, error) {
	var cfgs []clients.RunConfig
	for _, a := range algos {
		for _, s := range verdict.CoverageSeeds[a] {
			cfgs = append(cfgs, clients.RunConfig{Algo: a, Seed: s, Preset: "none", Coverage: sim.NewCoverage()})
		}
	}
	var err error
	done := verdict.Batch{Workers: workers, Meter: meter(stderr)}.Run(ctx, "coverage seeds", uint64(len(cfgs)), nil,
		func(i uint64) clients.RunConfig { return cfgs[i] },
		func(i uint64, _ clients.RunConfig, res verdict.Outcome) {
			if res.Err != nil && err == nil {
				err = res.Err
			}
			jc.add(cfgs[i].Algo, cfgs[i].Coverage)
		})
	return done, err
}

// report prints one line per Redisson algorithm (statements run of all,
// the ones never run each explained or not) and returns the statements by
// algorithm for the markdown report.
func (jc *jobCoverage) report(w io.Writer) (map[string][]verdict.ScriptStatement, error) {
	all := map[string][]verdict.ScriptStatement{}
	var lines, unexplained []string
	for _, a := range clients.Algorithms {
		c := jc.byAlgo[a]
		if c == nil {
			continue
		}
		sts, err := verdict.Statements(a, c)
		if err != nil {
			return nil, err
		}
		all[a] = sts
		ran := 0
		for _, s := range sts {
			if s.Runs > 0 {
				ran++
			}
		}
		missed := verdict.Missed(sts)
		lines = append(lines, fmt.Sprintf("%s %d/%d", a, ran, len(sts)))
		for _, s := range missed {
			unexplained = append(unexplained, fmt.Sprintf("%s: %s #%d %q", a, s.Script, s.Index, s.Text))
		}
	}
	if len(lines) == 0 {
		return all, nil
	}
	fmt.Fprintf(w, "\nscript statements run without faults (the preset none runs and the coverage seeds): %s", strings.Join(lines, ", "))
	if len(unexplained) == 0 {
		fmt.Fprintln(w, "; each never run is one verdict.Unreachable explains")
		return all, nil
	}
	fmt.Fprintf(w, "; never run and not explained (seeds 1-20 reach them): %d\n", len(unexplained))
	for _, l := range unexplained {
		fmt.Fprintln(w, "  "+l)
	}
	return all, nil
}
