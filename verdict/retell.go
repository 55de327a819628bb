package verdict

import (
	"fmt"
	"io"

	"github.com/locksim/locksim/checks"
	"github.com/locksim/locksim/model"
	"github.com/locksim/locksim/run"
	"github.com/locksim/locksim/story"
)

// Tell writes v, the known bug that explains it if one does, and its
// story (story.Tell over the run's history and trace lines), indented
// under it.
func Tell(w io.Writer, v checks.Violation, h *model.History, lines [][]byte) {
	fmt.Fprintf(w, "%s\n", v)
	if f := FlawNamed(v.Mech.Name); Known(v) && f != nil {
		fmt.Fprintf(w, "  known flaw %s: %s (%s)\n", f.Name, f.What, f.ref())
	}
	for _, l := range story.Tell(v, h, lines) {
		fmt.Fprintln(w, "  "+l)
	}
}

// ShrinkAndTell shrinks r (the run of cfg) to a minimal run that still
// shows its first bug-class violation (Shrink) and writes that run's
// story and the command that reproduces it. It writes nothing when the
// shrunk configuration cannot run.
func ShrinkAndTell(w io.Writer, r *run.Run, cfg run.Config) {
	target, _ := checks.FirstBug(Check(r).Violations)
	small, tries := Shrink(cfg, target)
	var lines [][]byte
	sr, err := run.New(small, nil)
	if err != nil {
		return
	}
	sr.World.Tracer().Hook = func(l []byte) { lines = append(lines, append([]byte(nil), l...)) }
	sr.Execute()
	fmt.Fprintf(w, "\nshrunk (%d runs tried) to %d processes × %d threads, %s + %s, %d of %d faults:\n",
		tries, small.Procs, small.Threads, small.Safety, small.Liveness, len(sr.Plan.Faults)-len(small.SkipFaults), len(sr.Plan.Faults))
	for _, v := range Check(sr).Violations {
		if v.Property == target.Property && v.Class == target.Class {
			Tell(w, v, sr.History, lines)
			fmt.Fprintln(w, "  reproduce: "+small.Command())
			return
		}
	}
}

// StoryOf runs cfg again with its trace and tells the first violation of
// property whose mechanism is labelled label (confirmed as the job that
// found it confirmed it, when confirm), else the first of property; the
// lines are v's own line then its story. ok is false when the run shows no
// violation of property.
func StoryOf(cfg run.Config, property, label string, confirm bool) (lines []string, ok bool, err error) {
	r, err := run.New(cfg, nil)
	if err != nil {
		return nil, false, err
	}
	var trace [][]byte
	r.World.Tracer().Hook = func(l []byte) { trace = append(trace, append([]byte(nil), l...)) }
	r.Execute()
	if err := r.Err(); err != nil {
		return nil, false, err
	}
	vs := Check(r).Violations
	if confirm {
		if vs, err = Confirm(cfg, vs); err != nil {
			return nil, false, err
		}
	}
	pick := -1
	for i, v := range vs {
		if v.Property != property {
			continue
		}
		if v.Mech.Label() == label {
			pick = i
			break
		}
		if pick < 0 {
			pick = i
		}
	}
	if pick < 0 {
		return nil, false, nil
	}
	lines = append(lines, vs[pick].String())
	return append(lines, story.Tell(vs[pick], r.History, trace)...), true, nil
}
