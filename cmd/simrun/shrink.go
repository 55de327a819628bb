package main

import (
	"fmt"
	"io"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/sim"
	"github.com/locksim/locksim/story"
	"github.com/locksim/locksim/verdict"
)

// maxShrinkRuns bounds how many candidate runs a shrink tries.
const maxShrinkRuns = 80

// shrink reduces a failing run to a smaller one that still shows a
// violation of the same property and class: fewer processes, fewer
// threads, halved safety and liveness phases, then faults dropped one at a
// time, keeping each change that still fails (greedy, like a
// delta-debugging pass, bounded by maxShrinkRuns). Every candidate keeps
// the seed, so the result is reproducible with one command.
func shrink(judge verdict.Judge, cfg run.Config, target checks.Violation) (run.Config, int) {
	tries := 0
	fails := func(c run.Config) bool {
		if tries >= maxShrinkRuns {
			return false
		}
		tries++
		r, err := run.New(c, sim.Untraced)
		if err != nil {
			return false
		}
		r.Execute()
		for _, v := range judge.Check(r).Violations {
			if v.Property == target.Property && v.Class == target.Class {
				return true
			}
		}
		return false
	}
	// The drawn plan, to know how many faults there are.
	r, err := run.New(cfg, sim.Untraced)
	if err != nil {
		return cfg, 0
	}
	best := cfg
	best.Procs, best.Threads = r.Workload.Procs, r.Workload.Threads
	if best.Safety == 0 {
		best.Safety, best.Liveness = r.Config.Safety, r.Config.Liveness
	}
	// reduce takes step while more holds and the smaller run still fails.
	reduce := func(more func() bool, step func(c *run.Config)) {
		for more() {
			c := best
			step(&c)
			if !fails(c) {
				return
			}
			best = c
		}
	}
	halve := func(d sim.Duration) sim.Duration { return (d / 2 / sim.Second) * sim.Second }
	// Fewer processes or a shorter safety phase draw the plan again.
	reduce(func() bool { return best.Procs > 1 }, func(c *run.Config) { c.Procs--; c.SkipFaults = nil })
	reduce(func() bool { return best.Threads > 1 }, func(c *run.Config) { c.Threads-- })
	reduce(func() bool { return best.Safety > 10*sim.Second }, func(c *run.Config) { c.Safety = halve(c.Safety); c.SkipFaults = nil })
	reduce(func() bool { return best.Liveness > 10*sim.Second }, func(c *run.Config) { c.Liveness = halve(c.Liveness) })
	// Faults last: the steps above draw the plan again.
	plan, err := run.New(best, nil)
	if err != nil {
		return best, tries
	}
	for i := range plan.Plan.Faults {
		c := best
		c.SkipFaults = append(append([]int(nil), best.SkipFaults...), i)
		if fails(c) {
			best = c
		}
	}
	return best, tries
}

// tell writes v, the known flaw that explains it if one does, and its
// story (told from the run's history and trace), indented under it.
func tell(w io.Writer, judge verdict.Judge, v checks.Violation, h *model.History, trace *story.Trace) {
	fmt.Fprintf(w, "%s\n", v)
	if f := judge.Job.Named(v.Mech.Name); verdict.Known(v) && f != nil {
		fmt.Fprintf(w, "  known flaw %s: %s (%s)\n", f.Name, f.What, f.Reference())
	}
	for _, l := range trace.Tell(v, h) {
		fmt.Fprintln(w, "  "+l)
	}
}

// shrinkAndTell shrinks r (the run of cfg) to a minimal run that still
// shows its first bug-class violation (shrink) and writes that run's
// story and the command that reproduces it. It writes nothing when the
// shrunk configuration cannot run.
func shrinkAndTell(w io.Writer, judge verdict.Judge, r *run.Run, cfg run.Config, jobFile string) {
	target, _ := checks.FirstBug(judge.Check(r).Violations)
	small, tries := shrink(judge, cfg, target)
	var lines [][]byte
	sr, err := run.New(small, nil)
	if err != nil {
		return
	}
	sr.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
	sr.Execute()
	fmt.Fprintf(w, "\nshrunk (%d runs tried) to %d processes × %d threads, %s + %s, %d of %d faults:\n",
		tries, small.Procs, small.Threads, small.Safety, small.Liveness, len(sr.Plan.Faults)-len(small.SkipFaults), len(sr.Plan.Faults))
	for _, v := range judge.Check(sr).Violations {
		if v.Property == target.Property && v.Class == target.Class {
			tell(w, judge, v, sr.History, story.NewTrace(lines))
			fmt.Fprintln(w, "  reproduce: "+run.WithJob(small.Command(), jobFile))
			return
		}
	}
}
